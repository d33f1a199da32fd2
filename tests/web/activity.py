"""Discord's Activity in a real browser (issue #51): run by tests/it/web_activity.rs.

A test parent page plays the Discord client: served as https://discord.com/… (through
Playwright's routing), it frames the Activity at https://APP.discordsays.com/ (routed to
the bot's /activity, as Discord's proxy maps it) and answers the Embedded App SDK as
the client does, read from the SDK's source (output/Discord.mjs, schema/*.mjs): the
HANDSHAKE (opcode 0) with the READY dispatch, then the AUTHORIZE command with a code,
then AUTHENTICATE with the user. Inside the frame: the person is signed in, the game
`/kuba play` asked for opens (`--opens game`), or their games are listed and the one
picked opens (`--opens list`), and a move is played by the square's and the move's
buttons. Prints MOVED and PASSED.
"""

import argparse
import sys

from playwright.sync_api import sync_playwright

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

PARENT = """<!doctype html>
<html><head><title>Discord (test)</title></head><body>
<iframe id="activity" src="https://APP.discordsays.com/?frame_id=frame-1&instance_id=i-1&platform=desktop"
        width="900" height="1400"></iframe>
<script>
"use strict";
const ORIGIN = "https://APP.discordsays.com";
const frame = document.getElementById("activity");
window.__said = [];
function reply(message) { frame.contentWindow.postMessage(message, ORIGIN); }
window.addEventListener("message", (event) => {
  if (event.origin !== ORIGIN || !Array.isArray(event.data)) { return; }
  const [opcode, data] = event.data;
  window.__said.push(opcode === 1 ? data.cmd : "op" + opcode);
  if (opcode === 0) {
    // HANDSHAKE: {v: 1, encoding: "json", client_id, frame_id, sdk_version}
    window.__handshake = data;
    reply([1, {cmd: "DISPATCH", evt: "READY", nonce: null, data: {
      v: 1, config: {cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production"},
      user: {id: "USER", username: "NAME", discriminator: "0"}}}]);
  } else if (opcode === 1 && data.cmd === "AUTHORIZE") {
    window.__authorize = data.args;
    reply([1, {cmd: "AUTHORIZE", evt: null, nonce: data.nonce, data: {code: "CODE"}}]);
  } else if (opcode === 1 && data.cmd === "AUTHENTICATE") {
    window.__token = data.args.access_token;
    reply([1, {cmd: "AUTHENTICATE", evt: null, nonce: data.nonce, data: {
      access_token: data.args.access_token,
      user: {username: "NAME", discriminator: "0", id: "USER", avatar: null, public_flags: 0, global_name: "NAME"},
      scopes: ["identify"], expires: "2030-01-01T00:00:00.000Z",
      application: {description: "", icon: null, id: "APP", name: "boardbot"}}}]);
  } else if (opcode === 1) {
    reply([1, {cmd: data.cmd, evt: null, nonce: data.nonce, data: null}]);
  }
});
</script></body></html>
"""


def check(condition, what):
    if not condition:
        print(f"FAILED: {what}", file=sys.stderr, flush=True)
        sys.exit(1)
    print(f"ok: {what}", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--web", required=True, help="the bot's web pages, http://127.0.0.1:PORT")
    parser.add_argument("--app", required=True, help="the application's id")
    parser.add_argument("--user", required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--code", required=True, help="the code the double exchanges for the user")
    parser.add_argument("--square", required=True)
    parser.add_argument("--move", required=True)
    parser.add_argument("--opens", choices=["game", "list"], default="list",
                        help="what the Activity opens once signed in: the game /kuba play asked for, or the list")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    parent = (
        PARENT.replace("APP", args.app).replace("USER", args.user).replace("NAME", args.name).replace("CODE", args.code)
    )
    proxied = []

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        context = browser.new_context()
        context.route("https://discord.com/**", lambda route: route.fulfill(status=200, content_type="text/html", body=parent))

        def proxy(route):
            request = route.request
            path = request.url.split(".discordsays.com", 1)[1]
            if not path.startswith("/"):
                path = "/" + path
            if path.split("?")[0].endswith("/events"):
                # A live stream never ends: route.fetch would wait for it forever.
                route.abort()
                return
            headers = {k: v for k, v in request.all_headers().items() if k.lower() != "host"}
            proxied.append(f"{request.method} {path}")
            response = route.fetch(url=args.web + "/activity" + path, headers=headers, max_redirects=0)
            route.fulfill(response=response)

        context.route(f"https://{args.app}.discordsays.com/**", proxy)
        errors = []
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto("https://discord.com/activities/test", wait_until="load")
        frame = page.frame_locator("#activity")
        # Signed in through Discord, the frame opened the person's games.
        frame.get_by_text(f"Signed in as {args.name}").wait_for(timeout=30_000)
        handshake = page.evaluate("window.__handshake")
        check(handshake and handshake.get("client_id") == args.app and handshake.get("frame_id") == "frame-1",
              f"the SDK shook hands: {handshake}")
        authorize = page.evaluate("window.__authorize")
        check(authorize and authorize.get("response_type") == "code" and "identify" in authorize.get("scope", []),
              f"it asked for a code with identify: {authorize}")
        check(bool(page.evaluate("window.__token")), "it authenticated with the access token the bot gave")
        check(any(p == "POST /token" for p in proxied), f"the code went to the bot's /activity/token: {proxied}")
        if args.opens == "list":
            game = frame.get_by_role("link").filter(has_text="your turn")
            check(game.count() == 1, "the games in progress are listed")
            game.click()
        else:
            # /kuba play named the game: the Activity opened it, not the list.
            frame.locator("ol.moves, p.muted").first.wait_for(timeout=20_000)
            opened = [f.url.split(".discordsays.com", 1)[1] for f in page.frames if ".discordsays.com" in f.url]
            check(len(opened) == 1 and opened[0].startswith("/g/"), f"the game /kuba play asked for opened: {opened}")
        frame.get_by_role("button", name=args.square, exact=True).click()
        frame.get_by_role("button", name=args.move, exact=True).click()
        frame.locator("ol.moves li").first.wait_for(timeout=20_000)
        listed = frame.locator("ol.moves li a").all_inner_texts()
        check(listed == [args.move], f"the move was played from inside the frame: {listed}")
        print(f"MOVED {args.move}", flush=True)
        check(not errors, f"no page errors: {errors}")
        browser.close()
    print("PASSED", flush=True)


if __name__ == "__main__":
    main()
