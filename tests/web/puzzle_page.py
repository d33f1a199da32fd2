"""A puzzle's page played signed in, in a real browser (issue #52): run by
tests/it/web_browser.rs.

alice signs in by the link chat gave her, opens the page of the puzzle chat gave her,
picks the square, then the move (the buttons named e1 and e1-E), and the page says
her answer was right, with her puzzle rating's change and the line's board.

Exit status 0 when every check holds; otherwise the failed check on stderr.
"""

import argparse
import sys

from playwright.sync_api import sync_playwright

from play_page import CHROMIUM_ARGS, check, sign_in


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--page", required=True, help="the puzzle's page")
    parser.add_argument("--alice", required=True, help="alice's login link")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--square", required=True)
    parser.add_argument("--best", required=True)
    args = parser.parse_args()

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        errors = []
        page = browser.new_context().new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        sign_in(page, args.alice, "alice")
        response = page.goto(args.page, wait_until="load")
        check(response is not None and response.status == 200, "the puzzle's page opens")
        page.get_by_role("button", name=args.square, exact=True).click()
        move = page.get_by_role("button", name=args.best, exact=True)
        move.wait_for(timeout=10_000)
        check(move.count() == 1, f"the square {args.square} offers {args.best}")
        move.click()
        said = page.locator("main p.said")
        said.first.wait_for(timeout=10_000)
        text = said.first.inner_text()
        check(f"Right: {args.best} is the best move" in text, f"the answer is right: {text!r}")
        check("Your puzzle rating:" in text, "the rating moved")
        check(page.locator("img[src$='/line-en.png']").count() == 1, "the line's board is shown")
        check(page.get_by_role("button", name=args.square, exact=True).count() == 0, "nothing left to play")
        check(not errors, f"no console error: {errors}")
        browser.close()
    print("PASSED", flush=True)


if __name__ == "__main__":
    main()
