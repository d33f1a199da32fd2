// Playing on a game's page without reloading it. The page works without this script:
// picking a square, or a part of a Cabale turn, asks for the page again with the
// pick (a GET form), and a move, a draw, a takeback or a resignation is a POST form
// answered with the page. This script sends the same forms with fetch and swaps in
// the page's new <main>, then puts the focus where the next step is: the first move
// offered after a square is picked, the refusal after a refused move. It knows
// nothing of the games: every choice on the page is the server's.
(function () {
  "use strict";
  if (!window.fetch || !window.DOMParser || !window.FormData || !window.URLSearchParams) {
    return;
  }
  var busy = false;

  function swap(text, focus) {
    var fresh = new DOMParser().parseFromString(text, "text/html");
    var main = fresh.querySelector("main");
    var old = document.querySelector("main");
    if (!main || !old) {
      return false;
    }
    old.replaceWith(document.importNode(main, true));
    document.title = fresh.title;
    var target =
      document.querySelector("main p.refused") ||
      (focus && document.querySelector(focus)) ||
      document.querySelector("main ul.offered button") ||
      document.querySelector("main .board-play .sq[aria-pressed=true]");
    if (target) {
      if (!target.hasAttribute("tabindex") && target.tagName === "P") {
        target.setAttribute("tabindex", "-1");
      }
      target.focus();
    }
    return true;
  }

  function send(form, submitter) {
    if (busy) {
      return;
    }
    busy = true;
    var data = new FormData(form);
    if (submitter && submitter.name) {
      data.append(submitter.name, submitter.value);
    }
    var params = new URLSearchParams(data);
    var get = (form.getAttribute("method") || "get").toLowerCase() === "get";
    var url = form.getAttribute("action") || window.location.pathname;
    var request = get
      ? fetch(url + "?" + params.toString(), { credentials: "same-origin", cache: "no-store" })
      : fetch(url, {
          method: "POST",
          credentials: "same-origin",
          cache: "no-store",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: params.toString(),
        });
    request
      .then(function (response) {
        return response.text().then(function (text) {
          var html = (response.headers.get("content-type") || "").indexOf("text/html") === 0;
          if (!html || !swap(text, get ? null : "main p.said")) {
            window.location.reload();
            return;
          }
          if (get) {
            window.history.replaceState(null, "", url + "?" + params.toString());
          } else if (response.redirected) {
            window.history.replaceState(null, "", response.url);
          }
        });
      })
      .catch(function () {
        window.location.reload();
      })
      .then(function () {
        busy = false;
      });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.closest("main")) {
      return;
    }
    if (!form.classList.contains("pick") && !form.classList.contains("act")) {
      return;
    }
    event.preventDefault();
    send(form, event.submitter);
  });
})();
