"""The game page in a real browser (issue #44): run by tests/it/web_browser.rs.

Opens a game's page in headless Chromium (Debian's, driven by Playwright) and checks
that it loads without a console error, that its board picture loads, that its move
list has every move, and that its preview's tags point at the PNG of the current
move. Then prints READY and waits, page open, for the test to play the next move:
the page must show it by itself. Last, a community page that is off must be 404.

Exit status 0 when every check holds; otherwise the failed check on stderr.
"""

import argparse
import re
import sys
import time

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


def check(condition, what):
    if not condition:
        print(f"FAILED: {what}", file=sys.stderr, flush=True)
        sys.exit(1)
    print(f"ok: {what}", flush=True)


def board_loaded(page):
    page.wait_for_function(
        "() => { const i = document.querySelector('img.board');"
        " return i && i.complete && i.naturalWidth > 0; }",
        timeout=20_000,
    )
    return page.evaluate("document.querySelector('img.board').naturalWidth")


def preview(page):
    return page.evaluate(
        "document.querySelector('meta[property=\"og:image\"]').getAttribute('content')"
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--page", required=True, help="the game page's URL")
    parser.add_argument("--community-off", required=True, help="a community page turned off")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--next", required=True, help="the move the test plays while the page is open")
    parser.add_argument("moves", nargs="+", help="the moves played before the page opens")
    args = parser.parse_args()
    token = args.page.rstrip("/").rsplit("/", 1)[-1]

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        page = browser.new_page()
        errors = []
        page.on(
            "console",
            lambda m: errors.append(f"{m.text} ({m.location.get('url', '?')})") if m.type == "error" else None,
        )
        page.on("pageerror", lambda e: errors.append(str(e)))

        response = page.goto(args.page, wait_until="load")
        check(response is not None and response.status == 200, f"the game page answers 200 ({args.page})")
        check(board_loaded(page) > 0, "the board picture loaded (naturalWidth > 0)")

        listed = page.locator("ol.moves li a").all_inner_texts()
        check(listed == args.moves, f"the move list has every move: {listed} == {args.moves}")
        n = len(args.moves)
        image = preview(page)
        pattern = rf"/g/{token}/{n}-[0-9a-f]{{16}}-en\.png$"
        check(re.search(pattern, image) is not None, f"og:image is the PNG of move {n}: {image}")
        png = page.request.get(image)
        check(png.status == 200 and png.headers.get("content-type") == "image/png", "og:image serves a PNG")
        check(page.title().startswith("Kuba · alice vs bob"), f"the title names the game: {page.title()}")

        # Marks this document: a reload would lose the mark.
        page.evaluate("window.__boardbotMark = 1")
        # The live stream is open before the test plays.
        page.wait_for_timeout(1500)
        print("READY", flush=True)

        page.wait_for_function(
            f"() => document.querySelectorAll('ol.moves li').length === {n + 1}", timeout=30_000
        )
        listed = page.locator("ol.moves li a").all_inner_texts()
        check(listed == args.moves + [args.next], f"the page showed the next move by itself: {listed}")
        reloaded = page.evaluate("window.__boardbotMark") != 1
        print(f"note: the page {'reloaded' if reloaded else 'updated in place'}", flush=True)
        check(board_loaded(page) > 0, "the new board picture loaded")
        image = preview(page)
        pattern = rf"/g/{token}/{n + 1}-[0-9a-f]{{16}}-en\.png$"
        check(re.search(pattern, image) is not None, f"og:image follows to move {n + 1}: {image}")
        check(not errors, f"no console errors: {errors}")

        response = page.goto(args.community_off, wait_until="load")
        check(response is not None and response.status == 404, "a community page that is off is 404")
        browser.close()
    print("PASSED", flush=True)


if __name__ == "__main__":
    main()
