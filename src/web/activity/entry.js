// The Activity's page (src/web/activity.rs): shakes hands with the Discord client
// through the Embedded App SDK, asks it to authorize the application (`identify`),
// has the server exchange the code (POST /token, under Discord's proxy: the server's
// /activity/token), which signs the person in on the game pages, gives the access
// token back to the client (`authenticate`), and opens what the server says: the
// game asked for with `/kuba play` (/g/TOKEN), else the person's games (/me).
import { DiscordSDK } from "@discord/embedded-app-sdk";

(function () {
  "use strict";
  var status = document.getElementById("activity-status");
  var meta = document.querySelector('meta[name="boardbot-client-id"]');
  function failed() {
    if (status && status.getAttribute("data-failed")) {
      status.textContent = status.getAttribute("data-failed");
    }
  }
  if (!meta || !window.fetch) {
    failed();
    return;
  }
  var clientId = meta.getAttribute("content");
  var sdk;
  try {
    // The SDK's console capture would send every log line to the client.
    sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  } catch (e) {
    failed();
    return;
  }
  sdk
    .ready()
    .then(function () {
      return sdk.commands.authorize({
        client_id: clientId,
        response_type: "code",
        state: "",
        prompt: "none",
        scope: ["identify"],
      });
    })
    .then(function (authorized) {
      return fetch("/token", {
        method: "POST",
        credentials: "same-origin",
        cache: "no-store",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code: authorized.code }),
      });
    })
    .then(function (response) {
      if (!response.ok) {
        throw new Error("the token exchange answered " + response.status);
      }
      return response.json();
    })
    .then(function (body) {
      // Only a path of these pages: never another site's address.
      var open = typeof body.open === "string" && /^\/(me|g\/[A-Za-z0-9]+)$/.test(body.open) ? body.open : "/me";
      return sdk.commands.authenticate({ access_token: body.access_token }).then(function () {
        return open;
      });
    })
    .then(function (open) {
      window.location.replace(open);
    })
    .catch(failed);
})();
