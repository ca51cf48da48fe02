"""16 Combos' own table in a real browser (Debian's chromium, Playwright): a
person sees the characters' rows, the Combo Table panel and the ruleset,
plays by clicking against the heuristic, and no card hidden from the seat is
ever in the page. Screenshots at 1280x800 and 390x844 go to out/screenshots.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .test_browser import (  # noqa: F401  (fixtures)
    CALM,
    PHONE,
    SIZES,
    LiveServer,
    browser,
    live,
    new_page,
    no_sideways_scroll,
    page_does_not_scroll,
    play_by_clicking,
    seated,
    shots,
)

GAME = "16-combos"
RULESET = "16 Combos, Poikilos 1.0 RC1"
pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def engine_state(server: LiveServer, tid: str) -> Any:
    """The engine's state of a live table (server-side, for the test's comparison only)."""
    hub = server.server.config.app.state.hub
    return (hub.live.get(tid) or hub.recent[tid]).state


def faces_in_page(page: Any) -> list[str]:
    return list(page.evaluate("[...document.querySelectorAll('#board [data-card]')].map((e) => e.dataset.card)"))


def check_nothing_hidden(page: Any, server: LiveServer, tid: str, seat: int) -> None:
    """Every card face drawn is one the seat's view holds, and no face the view hides is drawn
    (the hidden faces come from the other seat's view of its own cards)."""
    state = engine_state(server, tid)
    mine = state.view(seat)
    other = state.view(1 - seat)
    known: set[str] = set()
    hidden: set[str] = set()

    def walk(pv: dict[str, Any], into_other: bool) -> None:
        pairs = [(pv["type_id"], pv["type_card"]), *zip(pv["value_ids"], pv["value_cards"], strict=True)]
        for _id, face in pairs:
            if face is not None:
                (hidden if into_other else known).add(face)

    def pairs_of(ch: dict[str, Any]) -> list[dict[str, Any]]:
        out = [p for p in ch["rows"] if isinstance(p, dict)]
        out += [p for p in (ch["consultation"], ch["stolen"]) if p] + list(ch["held"])
        return out

    for ch in mine["characters"]:
        for pv in pairs_of(ch):
            walk(pv, False)
        known.update(c for c in ch["to_place"] if c)
        known.add(ch["order_card"])
    known.update(mine["waste"])
    for ch in other["characters"]:
        for pv in pairs_of(ch):
            walk(pv, True)
        hidden.update(c for c in ch["to_place"] if c)
    hidden -= known
    drawn = faces_in_page(page)
    page_text = page.inner_text("#board")
    assert drawn, "the board draws cards"
    assert hidden, "the other seat has cards this seat cannot see (the check means something)"
    leaked = sorted(set(drawn) & hidden)
    assert not leaked, f"cards hidden from seat {seat} are in the page: {leaked}"
    # Every face drawn is in this seat's view (the action's cards and the waste included).
    action = mine["action"] or {}
    allowed = known | set(action.get("cards") or []) | set(action.get("drawn") or [])
    allowed |= {c for c in mine["discard"] if c}
    stray = sorted(set(drawn) - allowed)
    assert not stray, f"faces drawn that the view does not hold: {stray}"
    assert "None" not in page_text and "undefined" not in page_text and "null" not in page_text


def click_moves(page: Any, count: int, limit_ms: int = 15000) -> list[str]:
    """Click ``count`` legal moves shown on the board (cards, columns, buttons), as a player would."""
    made: list[str] = []
    waited = 0
    while len(made) < count and waited < limit_ms:
        if page.locator("#result:not(.hidden)").count():
            break
        buttons = page.locator("#board [data-move]:visible")
        pickers = page.locator("#board [data-pick]:visible")
        try:
            if buttons.count():
                target = buttons.first
                # Prefer an action over passing, so the game moves on.
                for i in range(buttons.count()):
                    if buttons.nth(i).get_attribute("data-move") != "pass":
                        target = buttons.nth(i)
                        break
                move = target.get_attribute("data-move") or ""
                target.click(timeout=1500)
                made.append(move)
                page.wait_for_timeout(120)
                continue
            if pickers.count():
                pickers.first.click(timeout=1500)
                page.wait_for_selector("#board [data-keyscope] [data-move]", timeout=3000)
                continue
        except Exception as exc:  # the table changed under the click: look again
            if "Timeout" not in type(exc).__name__ and "detached" not in str(exc).lower():
                raise
        page.wait_for_timeout(60)
        waited += 60
    return made


def test_16_combos_table_shows_rows_combo_table_ruleset_and_hides_hidden_cards(browser, live, shots):  # noqa: F811
    tid = live.table(GAME, ["open", f"{GAME}.heuristic"], {"round_limit": 8})
    token = live.join(tid, 0, "Ada")
    page = seated(browser, live, tid, 0, token, **CALM)
    page.evaluate(f"localStorage.setItem('comboarena.helped.{GAME}', '1')")
    page.reload()
    page.wait_for_selector("#board .cmb")
    # Both characters, each with its ten columns a..j, the defense pair last.
    assert page.locator("#board .cmb-char").count() == 2
    assert page.locator("#board .cmb-char.you").count() == 1
    for ch in range(2):
        cols = page.locator(f"#board .cmb-char[data-character='{ch}'] .cmb-col")
        assert cols.count() == 10
        assert cols.nth(9).get_attribute("class").count("defense") == 1
        assert cols.nth(0).get_attribute("data-col") == "a"
    assert RULESET in page.inner_text("#board")
    # The Combo Table panel, from the server's catalog: all sixteen combos with their effects.
    page.click(".side .tab[data-tab=combos]")
    panel = page.locator(".side-panel[data-panel=combos]")
    panel.locator(".cmb-table").wait_for()
    text = panel.inner_text()
    catalog = live.get(f"/tables/{tid}/catalog")["catalog"]
    assert len(catalog["combos"]) == 16
    for combo in catalog["combos"]:
        assert combo["name"] in text
        assert combo["text"][:40] in text
    assert RULESET in text and "round limit 8" in text, "the ruleset and the options in force"
    # Preparing Pairs: my dealt cards are known to me only; the opponent's type cards are backs.
    assert page.locator("#board .cmb-char.you .cmb-place [data-move]").count() == 10
    assert page.locator("#board .cmb-char.enemy .cmb-col .cmb-type.back").count() == 10
    assert page.locator("#board .cmb-char.you .cmb-col .cmb-type.known").count() == 10
    assert page.locator("#board .cmb-char.you .card.known").count() >= 10
    check_nothing_hidden(page, live, tid, 0)
    for size_name, size in SIZES.items():
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(150)
        no_sideways_scroll(page, f"16 Combos while preparing pairs at {size_name}")
        page.screenshot(path=str(shots / f"{GAME}-place-{size_name}.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    # Place the ten cards by clicking them, then play on by clicking announces, reactions, effects.
    placed = click_moves(page, 10)
    assert len(placed) == 10 and all(re.fullmatch(r"[2-9TJQKA][SHDC]", m) for m in placed), placed
    page.wait_for_selector("#board .cmb-char.you .cmb-value:not(.muted)")
    page.wait_for_function("() => !document.querySelector('#board .cmb-place')")
    check_nothing_hidden(page, live, tid, 0)
    # My own value cards lie face down and are marked as known to me.
    assert page.locator("#board .cmb-char.you .cmb-stack .card.known").count() == 10
    assert page.locator("#board .cmb-char.enemy .cmb-stack .card.back").count() == 10
    # Show Defense Pair Type: every defense pair's type card is face up, the other type cards not.
    assert page.locator("#board .cmb-char.enemy .cmb-col .cmb-type.back").count() == 9
    assert page.locator("#board .cmb-char.enemy .cmb-col.defense .cmb-type:not(.back):not(.known)").count() == 1
    assert page.locator("#board .cmb-char.you .cmb-col.defense .cmb-type:not(.known)").count() == 1
    page.wait_for_selector("#board .cmb-decide [data-move]", timeout=10000)
    # The banner says what to decide; the decision's buttons say what each move would do.
    now = page.inner_text("#banner-now")
    assert "Your turn" in now or "Reaction" in now, now
    labels = page.locator("#board .cmb-decide [data-move]").evaluate_all("(els) => els.map((e) => e.title)")
    assert all(label and ":" in label for label in labels), labels
    moves = click_moves(page, 6)
    assert len(moves) >= 3, moves
    assert any(re.fullmatch(r"[HDCS]>1[a-z]?( wild)?", m) for m in moves) or "pass" in moves, moves
    check_nothing_hidden(page, live, tid, 0)
    state = engine_state(live, tid)
    played = [a for s, a in state.record.actions if s == 0]
    assert played[: len(placed)] == placed, "the clicks sent the engine's own notation"
    assert set(moves) <= set(played)
    for size_name, size in SIZES.items():
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(200)
        no_sideways_scroll(page, f"16 Combos at {size_name}")
        page_does_not_scroll(page, f"16 Combos at {size_name}")
        board = page.evaluate(
            "(() => { const b = document.getElementById('board');"
            " return [b.scrollHeight, b.clientHeight, b.scrollWidth, b.clientWidth]; })()"
        )
        assert board[0] <= board[1] + 1 and board[2] <= board[3] + 1, f"the board does not fit at {size_name}: {board}"
        page.screenshot(path=str(shots / f"{GAME}-table-{size_name}.png"))
    assert not page.errors, page.errors
    page.context.close()


def test_16_combos_on_a_phone_shows_the_combo_table_drawer(browser, live, shots):  # noqa: F811
    tid = live.table(GAME, ["open", f"{GAME}.heuristic"], {"placement": "dealt"})
    token = live.join(tid, 0, "Maximilian Alexander von Longname-Hohenberg")
    page = seated(browser, live, tid, 0, token, PHONE, **CALM)
    page.wait_for_selector("#board .cmb-char")
    page.click("#phone-tabs [data-tab=combos]")
    page.locator(".side-panel[data-panel=combos] .cmb-table").wait_for()
    assert "Hire Assassin" in page.inner_text(".side-panel[data-panel=combos]")
    page.screenshot(path=str(shots / f"{GAME}-combos-phone.png"))
    no_sideways_scroll(page, "the Combo Table on a phone")
    assert not page.errors, page.errors
    page.context.close()


def test_16_combos_replay_shows_one_table_with_every_characters_cards(browser, live, shots):  # noqa: F811
    tid = live.table(GAME, [f"{GAME}.heuristic", "random"], {"columns": 4, "round_limit": 4, "placement": "dealt"})
    live.wait_over(tid, 60)
    page = new_page(browser)
    page.goto(f"{live.url}/replay/{tid}")
    page.wait_for_selector("#board .cmb")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    at, last = (int(x) for x in page.inner_text("#step").split("/")[:2])
    assert at < last, "a step before the end, when some cards are still hidden from the spectator"
    spectator = set(faces_in_page(page))
    page.select_option("#pov", "all")
    page.wait_for_selector(".revealed-note")
    page.wait_for_timeout(200)
    assert page.locator("#board .cmb").count() == 1, "one table"
    everyone = set(faces_in_page(page))
    assert spectator < everyone, "Everyone shows the face-down cards the spectator cannot see"
    assert page.locator("#board .cmb-col .card.back").count() == 0, "each owner knows all its own cards"
    for size_name, size in SIZES.items():
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(150)
        no_sideways_scroll(page, f"the 16 Combos replay at {size_name}")
        page.screenshot(path=str(shots / f"{GAME}-replay-all-{size_name}.png"))
    assert not page.errors, page.errors
    page.context.close()


def test_16_combos_any_pair_turn_picks_a_column_then_a_type(browser, live, shots):  # noqa: F811
    """On an extra turn against any pair (Hire Assassin, Grapple) the target's columns open the
    four types: the page module drawn in the browser from a real engine view and its legal moves."""
    import random

    import comboarena as ca

    game = ca.make(GAME, placement="dealt")
    state, seat = None, None
    for seed in range(200):
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            who = s.to_act[0]
            legal = [str(a) for a in s.legal_actions(who)]
            if any(re.fullmatch(r"[HDCS]>\d[a-z]", m) for m in legal):
                state, seat = s, who
                break
            s.apply(who, rng.choice(legal))
        if state is not None:
            break
    assert state is not None and seat is not None, "random play reaches an any-pair turn"
    legal = [str(a) for a in state.legal_actions(seat)]
    page = new_page(browser)
    # A bare page on the server's origin (which serves the module), with only a board in it.
    bare = "<!doctype html><html><body><div id='board'></div></body></html>"
    page.route(live.url + "/bare-board", lambda route: route.fulfill(body=bare, content_type="text/html"))
    page.goto(live.url + "/bare-board")
    page.add_style_tag(url=f"{live.url}/static/css/arena.css")
    page.add_style_tag(url=f"{live.url}/static/games/{GAME}.css")
    catalog = live.get("/games")["games"]
    assert any(g["name"] == GAME and g["page"] for g in catalog), "the server offers the page"
    page.evaluate(
        """async ([base, view, legal, seat, catalog, names]) => {
            const mod = (await import(base + "/static/games/16-combos.js")).default;
            window.sent = [];
            const ctx = {
                view, legal, seat, catalog, names: names, realNames: [], options: {},
                act: (m) => window.sent.push(m), actMany: () => {}, canAct: true, pending: false,
                lastEvents: [], fresh: false, timers: { window: null, clocks: [] }, narrow: false,
                showPanel: () => {}, readOnly: false, seatViews: null,
            };
            ctx.rerender = () => document.getElementById("board").replaceChildren(mod.render(ctx));
            ctx.rerender();
        }""",
        [
            live.url,
            state.view(seat),
            legal,
            seat,
            game.catalog(),
            ["You" if s == seat else f"Bot {s}" for s in range(2)],
        ],
    )
    columns = page.locator("#board .cmb-col.choosable")
    assert columns.count() >= 1
    assert page.locator("#board .cmb-decide [data-move]").count() == legal.count("pass")
    columns.first.click()
    buttons = page.locator("#board .cmb-decide [data-keyscope] [data-move]")
    assert 1 <= buttons.count() <= 4
    col = columns.first.get_attribute("data-col")
    move = buttons.first.get_attribute("data-move")
    assert move.endswith(col) and move in legal, (move, col)
    buttons.first.click()
    assert page.evaluate("window.sent") == [move]
    page.screenshot(path=str(shots / f"{GAME}-any-pair-desk.png"))
    assert not page.errors, page.errors
    page.context.close()


def test_16_combos_at_the_end_shows_every_card_and_says_the_result_in_words(browser, live, shots):  # noqa: F811
    """Issue 17, "Names": once the game is over the opponent's cards are drawn face up with their
    values, the result says in words what decided it, and the log names players, not characters."""
    tid = live.table(GAME, ["open", f"{GAME}.heuristic"], {"columns": 3, "round_limit": 1, "placement": "dealt"})
    token = live.join(tid, 0, "Ada")
    page = seated(browser, live, tid, 0, token, **CALM)
    page.wait_for_selector("#board .cmb")
    # While playing, the opponent's value cards are backs.
    assert page.locator("#board .cmb-char.enemy .cmb-stack .card.back").count() == 3
    play_by_clicking(page, limit_s=90)
    text = page.inner_text("#result-text")
    assert re.search(r"won at the round limit|the last side standing|A draw at the round limit", text), text
    assert "per side" not in text and "[" not in text, text
    detail = page.inner_text("#result-detail")
    assert "Ada (you)" in detail and re.search(r"\d+ pairs? · \d+", detail), detail
    for size_name, size in SIZES.items():
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(150)
        page.screenshot(path=str(shots / f"{GAME}-result-{size_name}.png"))
    page.get_by_role("button", name="Look at the table").click()
    # Every card of the opponent face up, as its owner saw them, with the values.
    state = engine_state(live, tid)
    theirs = state.view(1)["characters"][1]["rows"]
    enemy = "#board .cmb-char.enemy"
    assert page.locator(f"{enemy} .cmb-col .card.back").count() == 0
    assert page.locator(f"{enemy} .cmb-value.muted").count() == 0
    for pv in theirs:
        if not isinstance(pv, dict):
            continue
        col = page.locator(f"{enemy} [data-id='pair-{pv['id']}']")
        faces = col.locator("[data-card]").evaluate_all("(els) => els.map((e) => e.dataset.card)")
        assert faces == [pv["type_card"], *pv["value_cards"]]
        assert col.locator(".cmb-value").inner_text() == f"={pv['value']}"
    log = page.text_content("#log") or ""
    assert log and not re.search(r"[Cc]haracter \d", log), log
    assert re.search(r"\bYou (pass|announce|draw|show)", log), log
    for size_name, size in SIZES.items():
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(150)
        no_sideways_scroll(page, f"the finished 16 Combos table at {size_name}")
        page.screenshot(path=str(shots / f"{GAME}-over-{size_name}.png"))
    assert not page.errors, page.errors
    page.context.close()
