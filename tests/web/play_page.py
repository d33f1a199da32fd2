"""Playing on a game's page in a real browser (issue #51): run by tests/it/web_browser.rs.

Two players sign in by the links chat gave them and play on the page:
  1. alice picks a square, then a move (the buttons named a7 and a7-E);
  2. bob's open page shows the move by itself;
  3. bob, without JavaScript, types a move in the box named "Move" and presses "Play";
  4. alice's open page shows it by itself;
  5. alice types a move the rules refuse: the page shows the refusal, nothing is played;
  6. alice plays one with the keyboard only (Tab to the square, Enter, Enter on the move).
After each move it prints "MOVED <move>" for the test to check the chat shows it.

Exit status 0 when every check holds; otherwise the failed check on stderr.
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


def check(condition, what):
    if not condition:
        print(f"FAILED: {what}", file=sys.stderr, flush=True)
        sys.exit(1)
    print(f"ok: {what}", flush=True)


def sign_in(page, link, name):
    response = page.goto(link, wait_until="load")
    check(response is not None and response.status == 200, f"{name}'s link opens a sign-in page")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/me")
    check(page.get_by_text(f"Signed in as {name}").count() == 1, f"{name} is signed in, the page says so")
    check(page.get_by_role("button", name="Sign out").count() == 1, "with a sign-out button")
    check("boardbot_session" not in page.url and "/login/" not in page.url, "no session or link in the URL")


def moves_listed(page):
    return page.locator("ol.moves li").count()


def wait_moves(page, n, what):
    page.wait_for_function(f"() => document.querySelectorAll('ol.moves li').length === {n}", timeout=20_000)
    check(moves_listed(page) == n, what)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--page", required=True)
    parser.add_argument("--alice", required=True, help="alice's login link")
    parser.add_argument("--bob", required=True, help="bob's login link")
    parser.add_argument("--bob-nojs", required=True, help="another login link of bob's")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--first", required=True, help="alice's move by square and button, e.g. a7-E")
    parser.add_argument("--square", required=True, help="its square")
    parser.add_argument("--typed", required=True, help="bob's move, typed")
    parser.add_argument("--refused", required=True, help="a move of alice's the rules refuse")
    parser.add_argument("--keyed", required=True, help="alice's move by keyboard")
    parser.add_argument("--keyed-square", required=True)
    args = parser.parse_args()

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        errors = []

        def watch(page):
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))

        alice = browser.new_context().new_page()
        bob = browser.new_context().new_page()
        watch(alice)
        watch(bob)
        sign_in(alice, args.alice, "alice")
        sign_in(bob, args.bob, "bob")
        check(alice.get_by_role("link").filter(has_text="your turn").count() == 1, "alice's games list hers")
        alice.goto(args.page, wait_until="load")
        bob.goto(args.page, wait_until="load")
        bob.wait_for_timeout(1200)  # bob's live stream is open

        # 1. By the square's button, then the move's.
        alice.get_by_role("button", name=args.square, exact=True).click()
        move = alice.get_by_role("button", name=args.first, exact=True)
        move.wait_for(timeout=10_000)
        check(move.count() == 1, f"the square {args.square} offers {args.first}")
        move.click()
        wait_moves(alice, 1, "alice's page shows her move")
        print(f"MOVED {args.first}", flush=True)
        # 2. bob's page follows by itself.
        wait_moves(bob, 1, "bob's open page showed the move by itself")
        check(bob.get_by_text("Your turn: pick a square, then a move.").count() == 1, "and it is bob's turn there")

        # 3. Without JavaScript: the form.
        context = browser.new_context(java_script_enabled=False)
        plain = context.new_page()
        sign_in(plain, args.bob_nojs, "bob")
        plain.goto(args.page, wait_until="load")
        plain.get_by_role("textbox", name="Move").fill(args.typed)
        plain.get_by_role("button", name="Play", exact=True).click()
        plain.wait_for_load_state("load")
        check(moves_listed(plain) == 2, "the form without JavaScript played the move")
        print(f"MOVED {args.typed}", flush=True)
        # 4. alice's page follows.
        wait_moves(alice, 2, "alice's open page showed bob's move by itself")

        # 5. A move the rules refuse.
        alice.get_by_role("textbox", name="Move").fill(args.refused)
        alice.get_by_role("button", name="Play", exact=True).click()
        alert = alice.get_by_role("alert")
        alert.wait_for(timeout=10_000)
        said = alert.inner_text()
        check(len(said) > 10, f"the refusal is shown: {said!r}")
        check(moves_listed(alice) == 2, "nothing was played")

        # 6. The keyboard only.
        alice.goto(args.page, wait_until="load")
        alice.locator("body").focus()
        found = False
        for _ in range(300):
            alice.keyboard.press("Tab")
            if alice.evaluate("document.activeElement && document.activeElement.value") == args.keyed_square:
                found = True
                break
        check(found, f"Tab reaches the square {args.keyed_square}")
        alice.keyboard.press("Enter")
        alice.wait_for_function(
            "() => document.activeElement && document.activeElement.name === 'move'", timeout=10_000
        )
        for _ in range(40):
            if alice.evaluate("document.activeElement.value") == args.keyed:
                break
            alice.keyboard.press("Tab")
        check(alice.evaluate("document.activeElement.value") == args.keyed, f"Tab reaches the move {args.keyed}")
        alice.keyboard.press("Enter")
        wait_moves(alice, 3, "Enter played the move")
        print(f"MOVED {args.keyed}", flush=True)
        wait_moves(bob, 3, "bob's page followed")

        # The refused move's answer is a 422 (the page with the refusal): the browser
        # logs the status, which is expected; any other error is not.
        errors = [e for e in errors if "status of 422" not in e]
        check(not errors, f"no console errors: {errors}")
        browser.close()
    print("PASSED", flush=True)


if __name__ == "__main__":
    main()
