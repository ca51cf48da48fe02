"""The table shell's shared flows in Debian's chromium (issue 17, section 4): numbers that
tick to the latest state, the phone's log drawer and refusals, `/` on a wide screen, the
lobby's How to play, what just happened after a reload, and the smaller layout fixes
(Sixteen with four on a phone and watched, the replays' boards in every game, c-c-c-COMBO's
result and its discard pile, the guide on a phone, Combo Fighter on a phone). At 1280x800
and 390x844; screenshots in out/screenshots/."""

# The fixtures come from test_browser.py: each test names them as arguments.
# ruff: noqa: F811

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from .test_browser import (  # noqa: F401  (browser, live and shots are fixtures)
    CALM,
    DESK,
    GAMES,
    PHONE,
    SIZES,
    HeldFeed,
    LiveServer,
    browser,
    live,
    new_page,
    no_sideways_scroll,
    page_does_not_scroll,
    seated,
    shots,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def view(server: LiveServer, tid: str, token: str | None = None) -> dict[str, Any]:
    """What ``token``'s seat sees (no token: a spectator), with its legal moves."""
    import httpx

    headers = {"X-Seat-Token": token} if token else {}
    res = httpx.get(f"{server.url}/api/tables/{tid}/view", headers=headers, timeout=10)
    assert res.status_code == 200, res.text
    return dict(res.json())


def act(server: LiveServer, tid: str, token: str, move: str) -> None:
    server.post(f"/tables/{tid}/actions", {"token": token, "action": move})


Pick = Callable[[dict[str, Any], list[str]], str]


class TableOver(Exception):
    """The game ended before the table got where a test drives it (the server's deal is random)."""


def drive(
    server: LiveServer,
    tid: str,
    tokens: list[str],
    until: Callable[[], bool],
    limit_s: float = 60,
    pick: Pick | None = None,
) -> None:
    """Play for every seat in ``tokens`` (the first legal move, or ``pick(view, legal)``) until ``until()``;
    raise ``TableOver`` if the game ends first."""
    end = time.monotonic() + limit_s
    while not until():
        assert time.monotonic() < end, "the table did not get there"
        for token in tokens:
            v = view(server, tid, token)
            if v["result"] is not None:
                raise TableOver(tid)
            if v["legal"]:
                act(server, tid, token, pick(v, v["legal"]) if pick else v["legal"][0])
                break
        else:
            time.sleep(0.05)


def sixteen_number(move: str) -> int:
    """The number a Sixteen move lays down: "5R" or "W=5G" -> 5."""
    return int(move[-2])


def topmost_within(page: Any, selector: str) -> bool:
    """The middle of the element is not covered by anything outside it."""
    return bool(
        page.evaluate(
            """(sel) => { const e = document.querySelector(sel); const r = e.getBoundingClientRect();
                const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return Boolean(at && e.contains(at)); }""",
            selector,
        )
    )


# -- ticking numbers -----------------------------------------------------------------------------


def test_a_number_shows_the_latest_state_when_updates_come_mid_count(browser, live, shots):
    """Two updates inside one count (a big step, then a small one): the pile's sum ends at the
    latest state's, not at the number of the longer, older count."""
    for _ in range(6):
        tid = live.table("sixteen", ["open", "open"])
        tokens = [live.join(tid, 0, "Ada"), live.join(tid, 1, "Bob")]
        first_seat = view(live, tid, tokens[0])["view"]["turn"]
        first, second = tokens[first_seat], tokens[1 - first_seat]
        big = max(view(live, tid, first)["legal"], key=sixteen_number)
        # Not this seat's turn yet: its hand says what it will be able to play.
        small_cards = [c for c in view(live, tid, second)["view"]["hand"] if c != "W" and sixteen_number(c) > 0]
        small = min(small_cards, key=sixteen_number, default=None)
        if small and sixteen_number(small) < sixteen_number(big):
            break
    else:
        pytest.fail("no deal gave a big card to one player and a smaller one to the other")
    feeds: list[HeldFeed] = []
    page = seated(browser, live, tid, 0, tokens[0], setup=lambda p: feeds.append(HeldFeed(p)))
    feed = feeds[0]
    page.wait_for_selector("#board .sx-sum")
    feed.hold()
    act(live, tid, first, big)
    feed.wait_for(page, "update", 1)
    assert small in view(live, tid, second)["legal"]
    act(live, tid, second, small)
    feed.wait_for(page, "update", 2)
    feed.release()  # both at once: the second arrives while the first still counts
    want = sixteen_number(big) + sixteen_number(small)
    page.wait_for_function("(n) => document.querySelector('#board .sx-sum').dataset.count === String(n)", arg=want)
    page.wait_for_timeout(12 * 90 + 400)  # longer than the longest count
    assert page.inner_text("#board .sx-sum [data-count-text]") == f"Sum {want}"
    stale = page.evaluate(
        """() => [...document.querySelectorAll('[data-count][data-id]')].filter((e) => {
            const t = (e.querySelector('[data-count-text]') || e).textContent;
            return !t.includes(e.dataset.count); }).map((e) => e.outerHTML)"""
    )
    assert not stale, stale
    assert not page.errors, page.errors
    page.context.close()


# -- the log, typed moves, keys --------------------------------------------------------------------


def test_the_phone_log_opens_at_the_newest_line_and_a_refusal_shows_above_the_drawer(browser, live, shots):
    tid = live.table("sixteen", ["open", "first"])
    token = live.join(tid, 0, "Ada")
    page = seated(browser, live, tid, 0, token, PHONE)
    page.click("#phone-tabs [data-tab=chat]")  # the log is not the panel shown while the game goes on
    page.wait_for_selector("#side.open")
    for _ in range(12):  # our moves, each answered by the agent: two or three lines each
        drive(live, tid, [], lambda: bool(view(live, tid, token)["legal"]))
        act(live, tid, token, view(live, tid, token)["legal"][0])
    drive(live, tid, [], lambda: bool(view(live, tid, token)["legal"]))
    page.wait_for_function("() => document.querySelectorAll('#log .line').length >= 30")
    page.click("#phone-tabs [data-tab=log]")
    page.wait_for_selector("#side.open #log")
    box = page.evaluate("['scrollTop', 'scrollHeight', 'clientHeight'].map((k) => document.getElementById('log')[k])")
    assert box[1] > box[2], f"the log should be long enough to scroll: {box}"
    assert box[1] - box[0] - box[2] < 2, f"the log drawer opens at its newest line: {box}"
    page.fill("#typed", "not a move")
    page.keyboard.press("Enter")
    page.wait_for_selector("#error:not(:empty)")
    assert "not a legal move" in page.inner_text("#error")
    assert topmost_within(page, "#error"), "the refusal is drawn under the drawer"
    error = page.locator("#error").bounding_box()
    assert error and error["y"] >= 0 and error["y"] + error["height"] <= PHONE[1]
    page.screenshot(path=str(shots / "flows-log-refusal-phone.png"))
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("panel", ["chat", "guide"])
def test_slash_on_a_wide_screen_brings_the_move_box_back(browser, live, shots, panel):
    tid = live.table("sixteen", ["open", "first"])
    token = live.join(tid, 0, "Ada")
    page = seated(browser, live, tid, 0, token, DESK, **CALM)
    page.wait_for_selector("#board .sx-handcards [data-move]")
    page.click(f".side .tab[data-tab={panel}]")
    assert not page.locator("#typed").is_visible()
    page.keyboard.press("/")
    assert page.locator("#typed").is_visible(), "/ shows the move box"
    assert page.evaluate("document.activeElement && document.activeElement.id") == "typed"
    move = page.get_attribute("#board .sx-handcards [data-move] >> nth=0", "data-move")
    page.keyboard.type(move)
    page.keyboard.press("Enter")
    # The move is played when the agent has answered it. (Not the hand's size: the answer and
    # the next turn's draw may reach the page together, leaving it as it was.)
    page.wait_for_function("() => document.getElementById('banner-what').textContent.includes(' played ')")
    page.wait_for_selector("#banner.mine")
    page.screenshot(path=str(shots / f"flows-slash-from-{panel}-desk.png"))
    assert not page.errors, page.errors
    page.context.close()


# -- the lobby -------------------------------------------------------------------------------------


def test_lobby_how_to_play_opens_at_its_title(browser, live, shots):
    for size_name, size in SIZES.items():
        page = new_page(browser, size)
        page.goto(live.url + "/")
        page.wait_for_selector("[data-testid=quick-sixteen]")
        for game in GAMES:
            page.click(f"[data-testid=guide-{game}]")
            page.wait_for_selector("#modal:not(.hidden) .dialog")
            dialog = page.evaluate(
                """() => {
                    const d = document.querySelector('#modal .dialog');
                    const a = d.getBoundingClientRect();
                    const b = document.getElementById('modal-title').getBoundingClientRect();
                    const shown = b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
                    return { top: d.scrollTop, scrolls: d.scrollHeight > d.clientHeight, shown };
                }"""
            )
            assert dialog["top"] == 0 and dialog["shown"], f"How to play {game} at {size_name}: {dialog}"
            if dialog["scrolls"]:
                page.screenshot(path=str(shots / f"flows-lobby-guide-{game}-{size_name}.png"))
            page.keyboard.press("Escape")
        assert not page.errors, page.errors
        page.context.close()


# -- after a reload --------------------------------------------------------------------------------


def test_a_reload_says_again_what_just_happened(browser, live, shots):
    tid = live.table("sixteen", ["open", "first"])
    token = live.join(tid, 0, "Ada")
    page = seated(browser, live, tid, 0, token, DESK, **CALM)
    page.click("#board .sx-handcards [data-move] >> nth=0")
    # The agent answers at once: then it is our move again, and nothing changes until we play.
    page.wait_for_function("() => document.getElementById('banner-what').textContent.includes(' played ')")
    page.wait_for_selector("#banner.mine")
    before = page.inner_text("#banner-what")
    page.reload()
    page.wait_for_selector("#banner.mine")
    assert page.inner_text("#banner-what") == before, "the banner says what just happened after a reload"
    played = page.evaluate("document.getElementById('banner-what').getAnimations().length")
    assert played == 0, "and does not play it again"
    page.screenshot(path=str(shots / "flows-reload-desk.png"))
    assert not page.errors, page.errors
    page.context.close()


# -- Sixteen ---------------------------------------------------------------------------------------


def test_four_player_sixteen_on_a_phone_names_every_player_and_the_partner(browser, live, shots):
    tid = live.table("sixteen", ["open", "sixteen.heuristic", "sixteen.heuristic", "sixteen.heuristic"], {"players": 4})
    token = live.join(tid, 0, "Ada")
    page = seated(browser, live, tid, 0, token, PHONE, **CALM)
    page.wait_for_selector("#board .sx-seat.partner")
    names = page.evaluate(
        """() => [...document.querySelectorAll('#board .sx-name')].map((e) => ({
            text: e.textContent, cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1 }))"""
    )
    assert len(names) == 3 and not any(n["cut"] for n in names), names
    assert page.locator("#board .sx-seat.partner .chip.partner").is_visible(), "the partner is said"
    no_sideways_scroll(page, "four-player Sixteen on a phone")
    page_does_not_scroll(page, "four-player Sixteen on a phone")
    page.screenshot(path=str(shots / "flows-sixteen-4p-phone.png"))
    assert not page.errors, page.errors
    page.context.close()


def test_sixteen_watched_keeps_the_pile_in_the_middle_and_an_empty_pile_says_no_sum_to_go(browser, live, shots):
    tid = live.table("sixteen", ["open", "open"])
    for seat, name in enumerate(("Ada", "Bob")):
        live.join(tid, seat, name)  # and nobody plays: the table stays as dealt
    for size_name, size in SIZES.items():
        page = new_page(browser, size, **CALM)
        page.goto(f"{live.url}/table/{tid}")
        page.wait_for_selector("#board .sx-middle")
        assert page.inner_text("#board .sx-sum").strip() == "Sum 0", "an empty pile has nothing 'to 16'"
        gaps = page.evaluate(
            """() => {
                const b = document.getElementById('board');
                const bottom = b.getBoundingClientRect().bottom - parseFloat(getComputedStyle(b).paddingBottom) - 1;
                const middle = document.querySelector('#board .sx-middle').getBoundingClientRect();
                const score = document.querySelector('#board .sx-score').getBoundingClientRect();
                return [middle.top - score.bottom, bottom - middle.bottom];
            }"""
        )
        assert abs(gaps[0] - gaps[1]) < 40, f"the piles sit between the hands, not at the bottom: {gaps}"
        page.screenshot(path=str(shots / f"flows-sixteen-watching-{size_name}.png"))
        assert not page.errors, page.errors
        page.context.close()


# -- replays ---------------------------------------------------------------------------------------

REPLAYED = {
    "sixteen": (["first", "first"], {}),
    "ccc-combo": (["first"] * 4, {"turn_limit": 16}),
    "combo-fighter": (["first", "first"], {"best_of": 1}),
    "16-bit-tactics": (["first", "first"], {}),
    "16-combos": (["first", "first"], {"round_limit": 4}),
}


def test_replays_fit_the_board_and_say_what_everyone_shows_in_each_games_words(browser, live, shots):
    tids = {game: live.table(game, seats, options) for game, (seats, options) in REPLAYED.items()}
    for tid in tids.values():
        live.wait_over(tid)
    for size_name, size in SIZES.items():
        page = new_page(browser, size, **CALM)
        for game, tid in tids.items():
            for pov in ("spectator", "0", "all"):
                page.goto(f"{live.url}/replay/{tid}?pov={pov}")
                page.wait_for_selector("#board > *")
                for key, step in (("ArrowRight", "5"), ("End", "end")):
                    for _ in range(4 if key == "ArrowRight" else 1):
                        page.keyboard.press(key)
                    page.wait_for_timeout(150)
                    board = page.evaluate(
                        "['scrollWidth', 'clientWidth', 'scrollHeight', 'clientHeight']"
                        ".map((k) => document.getElementById('board')[k])"
                    )
                    what = f"the {game} replay seen by {pov} at step {step}, {size_name}"
                    assert board[0] <= board[1] + 1 and board[2] <= board[3] + 1, f"{what} overflows its board: {board}"
                    no_sideways_scroll(page, what)
            note = page.inner_text(".revealed-note")
            if game == "16-bit-tactics":
                assert "Nothing is hidden" in note and "card" not in note, note
            else:
                assert "Hidden cards" in note, note
            page.screenshot(path=str(shots / f"flows-replay-{game}-all-{size_name}.png"))
        assert not page.errors, page.errors
        page.context.close()


# -- c-c-c-COMBO -----------------------------------------------------------------------------------


def test_ccc_combo_result_says_what_its_numbers_are(browser, live, shots):
    tid = live.table("ccc-combo", ["first"] * 4, {"turn_limit": 12})
    live.wait_over(tid)
    for size_name, size in SIZES.items():
        page = new_page(browser, size, **CALM)
        page.goto(f"{live.url}/table/{tid}")
        page.wait_for_selector("#result:not(.hidden) .score-row")
        detail = page.inner_text("#result-detail")
        assert "cards left in hand" in detail.lower() and "Team A" in detail and "Team B" in detail, detail
        rows = page.locator("#result-detail .score-row:not(.score-head) .score").all_inner_texts()
        assert len(rows) == 4 and all(r.endswith(("card", "cards")) for r in rows), rows
        page.screenshot(path=str(shots / f"flows-ccc-result-{size_name}.png"))
        assert not page.errors, page.errors
        page.context.close()


def grow_a_pile(server: LiveServer, length: int) -> str | None:
    """A c-c-c-COMBO table (every seat played from here) where one combo pile has grown to
    ``length`` cards: each player COMBOs onto the longest pile it can, a partner's first
    (feeding keeps the game going), and lets every COMBO stand. None if the game ended first."""
    tid = server.table("ccc-combo", ["open"] * 4, {"turn_limit": 80, "counter_window": 5})
    tokens = [server.join(tid, s, name) for s, name in enumerate(("Ada", "Bob", "Cy", "Di"))]

    def pick(v: dict[str, Any], legal: list[str]) -> str:
        piles, seat = v["view"]["piles"], v["seat"]

        def pile(m: str) -> list[str]:
            return list(piles[int(m.split(">")[1])])

        combos = [m for m in legal if ">" in m and pile(m) and pile(m)[-1][1] == m[1]]
        if combos:
            return max(combos, key=lambda m: (int(m.split(">")[1]) % 2 == seat % 2, len(pile(m))))
        return "pass" if "pass" in legal else next((m for m in legal if m.startswith(("discard", "burn"))), legal[0])

    def done() -> bool:
        v = view(server, tid)
        return max(len(p) for p in v["view"]["piles"]) >= length or v["table"]["status"] == "over"

    drive(server, tid, tokens, done, limit_s=90, pick=pick)
    return tid if max(len(p) for p in view(server, tid)["view"]["piles"]) >= length else None


def test_ccc_combo_long_piles_stay_in_their_seat(browser, live, shots):
    """A pile of seven (wider than a phone's third of the table as a plain fan) wraps inside its seat."""
    tid = next((t for t in (grow_a_pile(live, 7) for _ in range(4)) if t), None)
    assert tid, "no pile grew to seven cards in four games"
    for size_name, size in SIZES.items():
        page = new_page(browser, size, **CALM)
        page.goto(f"{live.url}/table/{tid}")
        page.wait_for_selector("#board .ccc-pod")
        page.keyboard.press("Escape")  # a finished game shows its result over the table
        out = page.evaluate(
            """() => [...document.querySelectorAll('#board .ccc-pod')].flatMap((pod) => {
                const box = pod.getBoundingClientRect();
                return [...pod.querySelectorAll('.card')].filter((c) => {
                    if (c.offsetParent === null) return false;
                    const r = c.getBoundingClientRect();
                    return r.left < box.left - 1 || r.right > box.right + 1;
                }).map((c) => `${pod.dataset.seat}: ${c.title}`);
            })"""
        )
        assert not out, f"cards out of their seat at {size_name}: {out}"
        no_sideways_scroll(page, f"a long c-c-c-COMBO pile at {size_name}")
        page.screenshot(path=str(shots / f"flows-ccc-long-pile-{size_name}.png"))
        assert not page.errors, page.errors
        page.context.close()


#: Per frame, the card on top of the discard pile while it moves: how wide it is drawn, and
#: whether the words of the moment beside the pile (the spotlight) are covered.
FRAMES = """
window.__frames = [];
(function frame() {
  const card = document.querySelector('.ccc-decks .slot:nth-child(2) > .card');
  const words = document.querySelector('.ccc-spot .spot-effect');
  if (card && words && card.getAnimations().length) {
    const range = document.createRange();
    range.selectNodeContents(words);
    const line = range.getClientRects()[0];
    const y = line ? line.top + line.height / 2 : 0;
    const points = line ? [[line.left + 3, y], [line.left + line.width / 2, y]] : [];
    const spot = words.closest('.ccc-spot');
    const covered = points.some(([px, py]) => {
      const at = document.elementFromPoint(px, py);
      return !(at && spot.contains(at));
    });
    window.__frames.push({ width: card.getBoundingClientRect().width, own: card.offsetWidth, covered });
  }
  requestAnimationFrame(frame);
})();
"""


def test_ccc_combo_discard_pile_never_covers_the_words_beside_it(browser, live, shots):
    """Cards discarded from the seats across the table fly to the discard pile: drawn at their
    own size (not stretched to the row of backs they come from) and under the words beside it."""
    tid = live.table("ccc-combo", ["open"] * 4, {"counter_window": 1, "turn_limit": 40})
    tokens = [live.join(tid, s, name) for s, name in enumerate(("Ada", "Bob", "Cy", "Di"))]
    page = new_page(browser, DESK)
    page.add_init_script(FRAMES)
    page.goto(f"{live.url}/table/{tid}")  # watching: seat 1 on the left, 2 across, 3 on the right
    page.wait_for_selector("#board .ccc-center")
    discards: list[int] = []

    def pick(v: dict[str, Any], legal: list[str]) -> str:
        thrown = [m for m in legal if m.startswith(("discard ", "burn "))]
        if thrown:
            discards.append(v["seat"])
            return thrown[0]
        return next((m for m in legal if m in ("pass", "draw")), legal[0])

    end = time.monotonic() + 90
    while not {2, 3} <= set(discards):
        assert time.monotonic() < end, f"no discards from across the table: {discards}"
        assert live.get(f"/tables/{tid}")["status"] == "playing"
        thrown = len(discards)
        drive(live, tid, tokens, lambda: len(discards) > thrown, pick=pick)  # noqa: B023  (used at once)
        page.wait_for_timeout(700)  # the flight
    frames = page.evaluate("window.__frames")
    assert frames, "no card was seen flying to the discard pile"
    widest = max(f["width"] / f["own"] for f in frames)
    assert widest <= 1.02, f"a flying card is drawn {widest:.2f} times its width"
    assert not any(f["covered"] for f in frames), f"{sum(f['covered'] for f in frames)} frames cover the words"
    page.screenshot(path=str(shots / "flows-ccc-discard-desk.png"))
    # Above the flying cards, but still under a phone's drawer.
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.click("#phone-tabs [data-tab=log]")
    page.wait_for_selector("#side.open")
    page.wait_for_function("() => !document.getElementById('side').getAnimations().length")  # it slides up
    under = page.evaluate(
        """() => { const r = document.querySelector('.ccc-spot').getBoundingClientRect();
            const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return Boolean(at && at.closest('#side')); }"""
    )
    assert under, "the drawer covers the board, words of the moment included"
    assert not page.errors, page.errors
    page.context.close()


# -- the guide on a phone --------------------------------------------------------------------------


def test_the_guide_never_opens_by_itself_on_a_phone(browser, live, shots):
    tid = live.table("sixteen", ["open", "open"])
    other = live.join(tid, 0, "Ada")  # seat 0 starts, and does not play: it is not our move
    token = live.join(tid, 1, "Bob")
    assert view(live, tid, other)["legal"], "seat 0 is to play"
    page = seated(browser, live, tid, 1, token, PHONE, read=False)
    page.wait_for_function("() => document.getElementById('banner-now').textContent.includes('Waiting for')")
    page.wait_for_timeout(300)
    assert page.locator("#side.open").count() == 0, "the guide does not cover the board unasked"
    assert page.locator("#help-btn.attention").count() == 1, "the help button says it is there"
    page.screenshot(path=str(shots / "flows-guide-unasked-phone.png"))
    page.click("#help-btn")
    page.wait_for_selector("#side.open #help:not([hidden])")
    assert "Sixteen" in page.inner_text("#help")
    page.screenshot(path=str(shots / "flows-guide-asked-phone.png"))
    page.reload()
    page.wait_for_selector("#board > *")
    assert page.locator("#help-btn.attention").count() == 0, "read once, the button is quiet"
    assert not page.errors, page.errors
    page.context.close()


# -- Combo Fighter on a phone ----------------------------------------------------------------------


def test_combo_fighter_on_a_phone_shows_names_and_card_labels_whole(browser, live, shots):
    # A random deal can end the match before seat 0 throws a card away: deal again then.
    for _ in range(6):
        tid = live.table("combo-fighter", ["open", "open"], {"best_of": 1})
        tokens = [live.join(tid, 0, "Ada"), live.join(tid, 1, "Bob")]

        def throwing_away(tid: str = tid, token: str = tokens[0]) -> bool:
            v = view(live, tid, token)
            return v["view"]["phase"] == "discard" and bool(v["legal"]) and bool(v["view"]["hand"])

        try:
            drive(live, tid, tokens, throwing_away, limit_s=90)
            break
        except TableOver:
            continue
    else:
        pytest.fail("six deals ended before seat 0 had to throw a card away")
    page = seated(browser, live, tid, 0, tokens[0], PHONE, **CALM)
    page.wait_for_selector("#board .cf-handcards .hint")
    cut = page.evaluate(
        """() => [...document.querySelectorAll('#board .cf-who, #board .cf-handcards .hint, #board .cf-score')].filter(
            (e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)"""
    )
    assert not cut, f"cut on a phone: {cut}"
    assert "throw away" in page.locator("#board .cf-handcards .hint").first.inner_text()
    who = page.locator("#board .cf-who").all_inner_texts()
    assert any("Ada" in w or "You" in w for w in who) and any("Bob" in w for w in who), who
    no_sideways_scroll(page, "Combo Fighter on a phone")
    page.screenshot(path=str(shots / "flows-combo-fighter-discard-phone.png"))
    assert not page.errors, page.errors
    page.context.close()
