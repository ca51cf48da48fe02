"""16 Bit Tactics' table in Debian's chromium: the map with heights, the units, the
initiative bar; a click on the acting unit lights the squares it can reach (the
legal moves the server sent); pointing at a foe out of reach says why, pointing
at a target shows the odds per result band; moves are made by clicking; the dice
show as they happen and come back after a reload; a spectator gets no odds and no
commands. A chosen command lists its targets in words with their odds, in view,
the map keeping its size; the camp between a campaign's battles offers its choices
in words; no legal move is ever a raw-notation button under the board. Tokens tell
units apart, a knocked-out one keeps its label. At 1280x800 and 390x844,
screenshots in out/screenshots/."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

import comboarena as ca

from .test_browser import (  # noqa: F401  (browser, live and shots are fixtures)
    CALM,
    DESK,
    PHONE,
    browser,
    fully_in_view,
    live,
    new_page,
    no_sideways_scroll,
    page_does_not_scroll,
    seated,
    shots,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]
GAME = "16-bit-tactics"
AI = f"{GAME}.heuristic"
#: A move as the notation spells it (actions.py): what no button on the board may read.
NOTATION = re.compile(
    r"^(?:(?:move|face|fight|guard|limit) [a-p]\d|(?:ja|magic|item|skill|limit) [a-z-]+ [a-p]\d"
    r"|(?:job|secondary|learn|equip|remove) [a-z0-9-]+ [a-z0-9-]+$|end$|ready$)"
)
#: A target in words: "... at c5 — 70%, ~6.4" (its square, the chance to hit, the expected damage).
ODDS_WORDS = re.compile(r" at ([a-p]\d+) — (?:.*)?\d+%, ~\d+(?:\.\d)?")


def _distance(a: str, b: str) -> int:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:]))


def _wait_my_turn(page: Any, limit: float = 20) -> None:
    page.wait_for_selector(".bt-unit.now.mine", timeout=limit * 1000)
    page.wait_for_selector(".bt-menu", timeout=limit * 1000)


def _box(page: Any, selector: str) -> list[float]:
    return list(
        page.eval_on_selector(selector, "e => ['x', 'y', 'width', 'height'].map((k) => e.getBoundingClientRect()[k])")
    )


def _dice(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(".bt-die", "els => els.map(e => e.textContent)"))


def _labels(page: Any) -> dict[str, str]:
    """Each unit's token label, by unit id."""
    return dict(
        page.eval_on_selector_all(
            ".bt-unit", "els => els.map((e) => [e.dataset.unit, e.querySelector('.bt-abbr').textContent])"
        )
    )


def _no_notation_buttons(page: Any, what: str) -> None:
    """Every legal move is on the board (nothing left for the shell's plain buttons), and no
    button on the board reads as notation."""
    assert page.locator("#moves button").count() == 0, f"{what}: raw-notation move buttons under the board"
    texts = page.eval_on_selector_all(
        "#board button, #board [data-move]",
        "els => els.filter((e) => e.offsetParent !== null).map((e) => e.textContent.trim())",
    )
    raw = [t for t in texts if NOTATION.match(t)]
    assert not raw, f"{what}: buttons in notation: {raw}"


def _walk_at_the_foes(page: Any) -> None:
    """Move the acting unit to the reachable square nearest a standing foe."""
    me = page.get_attribute(".bt-unit.now", "data-at")
    foes = page.eval_on_selector_all(".bt-unit.side-1:not(.ko)", "els => els.map(e => e.dataset.at)")
    page.click(f".bt-cell[data-sq={me}]")
    page.wait_for_selector(".bt-cell.reach")
    reach = page.eval_on_selector_all(".bt-cell.reach", "els => els.map(e => e.dataset.sq)")
    best = min(reach, key=lambda sq: min(_distance(sq, f) for f in foes))
    page.click(f".bt-cell[data-sq={best}]")
    page.wait_for_selector(f".bt-unit.now[data-at={best}]")


def _end_turn(page: Any) -> None:
    if page.locator(".bt-end").count():
        page.click(".bt-end")


def _take_a_turn(page: Any, walk: bool = False) -> str:
    """Fight if a foe is in reach (pointing at it first: the odds show), else walk towards
    the nearest foe (``walk``: walk in any case, if the unit may move); then end the turn.
    Returns what was done."""
    fight = page.locator(".bt-cmd[data-pick='fight']")
    may_walk = page.locator(".bt-cmd[data-pick='move']").count() > 0
    if fight.count() and not (walk and may_walk):
        fight.click()
        cell = page.locator(".bt-cell.target").first
        cell.hover()
        page.wait_for_selector(".bt-peek .bt-band")
        peek = page.inner_text(".bt-peek")
        assert "hit" in peek and "dmg" in peek and "%" in peek, peek
        _no_notation_buttons(page, "Fight chosen")
        cell.click()
        page.wait_for_function("[...document.querySelectorAll('.bt-die')].some((d) => /rolled/.test(d.textContent))")
        done = "fight"
    else:
        if may_walk:
            _walk_at_the_foes(page)
        done = "move"
    _end_turn(page)
    return done


def _arm_an_attack(page: Any) -> tuple[str, str] | None:
    """Choose the first command with an attack roll (its odds show at once): its move key and
    the name its button gives it ("Aimed Shot"); None when no attack has a target."""
    picks = page.eval_on_selector_all(".bt-cmd", "els => els.map(e => [e.dataset.pick, e.textContent])")
    for pick, label in picks:
        if pick.split()[0] not in ("fight", "ja", "magic", "limit"):
            continue
        page.click(f".bt-cmd[data-pick='{pick}']")
        page.wait_for_selector(".bt-target")
        if page.locator(".bt-peek .bt-band").count():
            return str(pick), str(label).split(" · ")[0]
        page.click(".bt-back")
    return None


def test_a_person_plays_16_bit_tactics_on_the_map(browser, live, shots):  # noqa: F811 (the fixtures)
    tid = live.table(GAME, ["open", AI], {"mode": "monsters"})
    token = live.join(tid, 0, "Ada")
    page = seated(browser, live, tid, 0, token, DESK, **CALM)
    page.wait_for_selector(".bt-map")
    units = page.locator(".bt-unit").count()
    squares = page.locator(".bt-cell").count()
    assert units >= 6 and squares >= 64
    assert page.locator(".bt-cell .bt-ht").count() == squares, "every square shows its height"
    assert page.locator(".bt-init .bt-chip").count() == units, "the initiative bar lists every unit"
    assert page.locator(".bt-unit.side-0").count() and page.locator(".bt-unit.side-1").count()
    assert page.locator(".bt-unit .bt-face").count() == units, "every unit shows its facing"

    _wait_my_turn(page)
    assert page.locator(".bt-init .bt-chip.now").count() == 1
    _no_notation_buttons(page, "the commands")
    # A foe far away: pointing at it says why it cannot be fought (the view's reasons).
    foe = page.get_attribute(".bt-unit.side-1:not(.ko)", "data-at")
    page.hover(f".bt-cell[data-sq={foe}]")
    assert "Can't Fight" in page.inner_text(".bt-peek")
    # Clicking the acting unit lights exactly the squares of its legal moves.
    me = page.get_attribute(".bt-unit.now", "data-at")
    assert page.locator(".bt-cell.reach").count() == 0
    page.click(f".bt-cell[data-sq={me}]")
    page.wait_for_selector(".bt-cell.reach")
    lit = sorted(page.eval_on_selector_all(".bt-cell.reach", "els => els.map(e => e.dataset.move)"))
    legal = sorted(page.get_attribute(".bt-cmd[data-pick='move']", "data-covers").split("|"))
    assert lit == legal and all(m.startswith("move ") for m in lit)
    _no_notation_buttons(page, "the reachable squares lit")
    page.screenshot(path=str(shots / f"{GAME}-reach-desk.png"))
    no_sideways_scroll(page, "the 16 Bit Tactics table at desk")
    page_does_not_scroll(page, "the 16 Bit Tactics table at desk")
    page.click(f".bt-cell[data-sq={me}]")  # a second click hides them again
    assert page.locator(".bt-cell.reach").count() == 0

    # Play turns by clicking (walking at the nearest foe, who comes on too) until a fight
    # has happened: the odds were shown on the way (``_take_a_turn``) and the dice roll. The
    # first turn walks even with a foe in reach (the table's seed is the server's: the foes may
    # have come on before it), so that both are done.
    done: list[str] = []
    end = time.monotonic() + 60
    while "fight" not in done and time.monotonic() < end:
        _wait_my_turn(page)
        done.append(_take_a_turn(page, walk="move" not in done))
    assert "move" in done and "fight" in done, done
    assert page.locator(".bt-dice .bt-die").count() > 0, "the dice feed shows the rolls"
    dice = _dice(page)
    assert any("rolled" in d for d in dice), dice
    page.screenshot(path=str(shots / f"{GAME}-play-desk.png"))

    # Nothing the seat may not know is in the page: no chance state, no seed, no tokens but its own.
    html = page.content()
    assert '"chance"' not in html and "seed" not in html.lower() and "position" not in html
    # A spectator sees the battle but no commands, odds or reasons.
    watcher = new_page(browser, DESK, **CALM)
    watcher.goto(f"{live.url}/table/{tid}")
    watcher.wait_for_selector(".bt-map")
    assert watcher.locator(".bt-menu").count() == 0 and watcher.locator("#board [data-move]").count() == 0
    foe = watcher.get_attribute(".bt-unit.side-1", "data-at")
    watcher.hover(f".bt-cell[data-sq={foe}]")
    assert "Can't Fight" not in watcher.inner_text(".bt-peek")
    assert token not in watcher.content()
    assert not page.errors and not watcher.errors, (page.errors, watcher.errors)
    watcher.context.close()

    # The phone: the whole table in the window, the map in view, no sideways scroll.
    phone = seated(browser, live, tid, 0, token, PHONE, **CALM)
    phone.wait_for_selector(".bt-map")
    fully_in_view(phone, ".bt-map")
    fully_in_view(phone, ".bt-init")
    no_sideways_scroll(phone, "the 16 Bit Tactics table on a phone")
    page_does_not_scroll(phone, "the 16 Bit Tactics table on a phone")
    _wait_my_turn(phone)
    me = phone.get_attribute(".bt-unit.now", "data-at")
    phone.click(f".bt-cell[data-sq={me}]")
    phone.wait_for_selector(".bt-cell.reach")
    fully_in_view(phone, ".bt-menu")
    _no_notation_buttons(phone, "the reachable squares lit on a phone")
    phone.screenshot(path=str(shots / f"{GAME}-reach-phone.png"))
    assert not phone.errors, phone.errors
    phone.context.close()
    page.context.close()


def _check_armed(page: Any, server: Any, tid: str, name: str, map_box: list[float], what: str) -> None:
    """A chosen attack: its targets in words with their odds, and the odds panel, all in the
    window; no notation under the board; the map as big as before."""
    assert _box(page, ".bt-map") == map_box, f"{what}: the map changed size when a command was chosen"
    _no_notation_buttons(page, what)
    fully_in_view(page, ".bt-targets")
    fully_in_view(page, ".bt-peek")
    # A long list scrolls in its own box: each target can be brought into the window, the map staying put.
    for target in page.query_selector_all(".bt-target"):
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], (what, box)
    assert _box(page, ".bt-map") == map_box, f"{what}: the map moved to show a target"
    assert page.locator(".bt-peek .bt-band").count(), f"{what}: the odds of each result show before the attack"
    units = server.get(f"/tables/{tid}/view")["view"]["units"]
    for target in page.query_selector_all(".bt-target"):
        words = target.inner_text().strip()
        square = target.get_attribute("data-sq")
        assert words.startswith(name), (name, words)
        assert not NOTATION.match(words) and target.get_attribute("data-move") not in words, words
        found = ODDS_WORDS.search(words)
        assert found and found.group(1) == square, f"{what}: not a target in words with its odds: {words!r}"
        there = [u["name"] for u in units if u["square"] == square and not u["ko"]]
        assert all(n in words for n in there), (there, words)


def test_a_chosen_command_lists_its_targets_in_words_with_the_odds_in_view(browser, live, shots):  # noqa: F811
    tid = live.table(GAME, ["open", AI], {"mode": "versus"})
    token = live.join(tid, 0, "Ada")
    desk = seated(browser, live, tid, 0, token, DESK, **CALM)
    end = time.monotonic() + 80
    while True:
        assert time.monotonic() < end, "no foe came within reach of an attack"
        _wait_my_turn(desk)
        map_box = _box(desk, ".bt-map")
        armed = _arm_an_attack(desk)
        if armed is not None:
            break
        if desk.locator(".bt-cmd[data-pick='move']").count():
            _walk_at_the_foes(desk)
        _end_turn(desk)
    pick, name = armed
    _check_armed(desk, live, tid, name, map_box, "an attack chosen at desk")
    desk.screenshot(path=str(shots / f"{GAME}-armed-desk.png"))

    phone = seated(browser, live, tid, 0, token, PHONE, has_touch=True, is_mobile=True, **CALM)
    _wait_my_turn(phone)
    phone_box = _box(phone, ".bt-map")
    phone.click(f".bt-cmd[data-pick='{pick}']")
    phone.wait_for_selector(".bt-peek .bt-band")
    _check_armed(phone, live, tid, name, phone_box, "an attack chosen on a phone")
    no_sideways_scroll(phone, "an attack chosen on a phone")
    page_does_not_scroll(phone, "an attack chosen on a phone")
    phone.screenshot(path=str(shots / f"{GAME}-armed-phone.png"))
    # A touch screen cannot point: the first tap on a target shows its odds and does nothing else.
    last = phone.locator(".bt-target").last
    square = last.get_attribute("data-sq")
    dice = _dice(phone)
    last.tap()
    phone.wait_for_selector(f".bt-target.aim[data-sq={square}]")
    assert square in phone.inner_text(".bt-peek .bt-peek-title") and phone.locator(".bt-peek .bt-again").count()
    assert _dice(phone) == dice and phone.locator(".bt-target").count(), "one tap does not attack"
    # Back: the commands again, every move still on the board.
    phone.click(".bt-back")
    phone.wait_for_selector(".bt-cmd")
    _no_notation_buttons(phone, "back from a target list on a phone")

    # The attack is made from its line in words; the roll shows in the dice.
    desk.click(".bt-target")
    desk.wait_for_function("[...document.querySelectorAll('.bt-die')].some((d) => /rolled/.test(d.textContent))")
    assert not desk.errors and not phone.errors, desk.errors + phone.errors
    phone.context.close()
    desk.context.close()


def test_the_camp_before_a_battle_offers_its_choices_in_words(browser, live, shots):  # noqa: F811
    tid = live.table(GAME, ["open", AI], {"mode": "campaign"})
    token = live.join(tid, 0, "Ada")
    desk = seated(browser, live, tid, 0, token, DESK, **CALM)
    desk.wait_for_selector(".bt-camp .bt-member.mine")
    _no_notation_buttons(desk, "the camp")
    assert desk.locator(".bt-ready").inner_text().startswith("Ready")
    # Pick the second party member, change its job by the job's name.
    second = desk.locator(".bt-member.mine").nth(1)
    who = second.locator("b").inner_text()
    second.click()
    assert who in desk.text_content(".bt-choices .zone-label")
    choice = desk.locator(".bt-choices [data-move^='job ']").first
    job = choice.inner_text().strip()
    assert re.fullmatch(r"[A-Z][a-z]+", job), job
    choice.click()
    desk.wait_for_function(
        "([who, job]) => [...document.querySelectorAll('.bt-member')].some((m) => m.textContent.includes(who + job))",
        arg=[who, job],
    )
    assert who in desk.text_content(".bt-choices .zone-label"), "the member in hand stays chosen"
    assert job in desk.inner_text("#banner-what"), "the banner says the choice in words"
    _no_notation_buttons(desk, "the camp after a choice")
    no_sideways_scroll(desk, "the camp at desk")
    page_does_not_scroll(desk, "the camp at desk")
    desk.screenshot(path=str(shots / f"{GAME}-camp-desk.png"))

    phone = seated(browser, live, tid, 0, token, PHONE, **CALM)
    phone.wait_for_selector(".bt-camp .bt-member.mine")
    for part in (".bt-camp-head", ".bt-member", ".bt-choices", ".bt-ready"):
        fully_in_view(phone, part)
    _no_notation_buttons(phone, "the camp on a phone")
    no_sideways_scroll(phone, "the camp on a phone")
    page_does_not_scroll(phone, "the camp on a phone")
    phone.screenshot(path=str(shots / f"{GAME}-camp-phone.png"))
    phone.click(".bt-ready")
    for page in (phone, desk):
        page.wait_for_selector(".bt-map")
    labels = _labels(desk)
    assert len(set(labels.values())) == len(labels), f"two tokens read alike: {labels}"
    assert not desk.errors and not phone.errors, desk.errors + phone.errors
    phone.context.close()
    desk.context.close()


CAMPAIGN_MID = """
title = "Mid March"
next = 2

[[battle]]
map = "crossing"
foes = ["goblin"]

[[battle]]
map = "keep"
foes = ["goblin", "gnawer"]

[[unit]]
name = "ada"
job = "vanguard"
xp = 12
ap = { vanguard = 40 }
learned = ["shield-bash", "counter"]

[[unit]]
name = "dell"
job = "evoker"
xp = 12
ap = { evoker = 40, mender = 12 }
learned = ["cinder", "mend"]
"""


#: Draws the page module with a view and legal moves (as the shell would); returns the legal moves
#: no element stands for, and each member's choices as [move, words, title].
DRAW_CAMP = """async ([view, legal, catalog]) => {
    const page = (await import('/static/games/16-bit-tactics.js')).default;
    const ctx = { view, legal, catalog, seat: 0, names: ['You', 'AI'], options: {}, lastEvents: [], fresh: false,
                  act: () => true, rerender: () => {}, narrow: false };
    const node = page.render(ctx);
    const covered = new Set();
    for (const el of node.querySelectorAll('[data-move]')) covered.add(el.dataset.move);
    for (const el of node.querySelectorAll('[data-covers]')) {
        for (const m of el.dataset.covers.split('|')) covered.add(m);
    }
    const texts = [];
    for (const member of node.querySelectorAll('[data-pick]')) {
        member.click();
        for (const el of page.render(ctx).querySelectorAll('[data-move]')) {
            texts.push([el.dataset.move, el.textContent.trim(), el.title]);
        }
    }
    return { uncovered: legal.filter((m) => !covered.has(m)), texts };
}"""


def test_every_camp_choice_is_in_words(browser, live, shots, tmp_path: Path):  # noqa: F811
    """A camp after a battle won (AP to spend: learn, second job, equip), which no client can
    make on the server (campaign files are read only from the command line): the page
    draws the engine's own view and legal moves of that camp."""
    path = tmp_path / "mid.toml"
    path.write_text(CAMPAIGN_MID, encoding="utf-8")
    game = ca.make(GAME, mode="campaign", campaign=str(path))
    state = game.new_state(seed=1)
    legal = [str(a) for a in state.legal_actions(0)]
    verbs = {m.split()[0] for m in legal}
    assert verbs == {"job", "secondary", "learn", "equip", "ready"}, verbs
    page = new_page(browser, DESK)
    page.goto(live.url + "/")
    drawn = page.evaluate(DRAW_CAMP, [state.view(0), legal, game.catalog()])
    assert drawn["uncovered"] == [], drawn["uncovered"]
    shown = {move for move, _, _ in drawn["texts"]}
    assert shown == set(legal), set(legal) ^ shown
    for move, text, title in drawn["texts"]:
        assert text and not NOTATION.match(text) and move not in text, (move, text)
        if move.startswith("learn "):
            assert re.fullmatch(r"[A-Z][\w' -]+ · \d+ AP", text), text
            assert " learns " in title, title
    assert not page.errors, page.errors
    page.context.close()


def _fallen_keep_their_labels(page: Any, first: dict[str, str], knocked: set[str], where: str) -> None:
    assert _labels(page) == first, f"{where}: a unit's label changed during the battle"
    marks = dict(
        page.eval_on_selector_all(
            ".bt-unit", "els => els.map((e) => [e.dataset.unit, e.querySelector('.bt-ko')?.textContent])"
        )
    )
    assert {u for u, mark in marks.items() if mark == "KO"} == knocked, (where, marks)


def test_tokens_tell_units_apart_and_a_knocked_out_unit_keeps_its_label(browser, live, shots):  # noqa: F811
    # Two AIs fight it out (in seconds); the strike party fields a Herald and a Hexer, once both "HE".
    tid = live.table(GAME, [AI, AI], {"mode": "versus"})
    live.wait_over(tid, 90)
    units = live.get(f"/tables/{tid}/view")["view"]["units"]
    knocked = {str(u["id"]) for u in units if u["ko"]}
    assert knocked, "the battle ended with someone knocked out"
    page = new_page(browser, DESK, **CALM)
    # The replay's first step: every unit standing, each token with its own label.
    page.goto(f"{live.url}/replay/{tid}")
    page.wait_for_selector(".bt-unit", state="attached")
    assert page.locator(".bt-unit.ko").count() == 0
    first = _labels(page)
    assert len(first) == len(units) and len(set(first.values())) == len(first), f"two tokens read alike: {first}"
    assert all(re.fullmatch(r"[A-Z][a-z]\d", x) for x in first.values()), first
    titles = {str(u["id"]): u["title"] for u in units}
    herald, hexer = (first[i] for i in sorted(titles) if titles[i] in ("Herald", "Hexer"))
    assert herald != hexer and herald[0] == hexer[0] == "H", (herald, hexer)
    chips = page.eval_on_selector_all(".bt-init .bt-chip b", "els => els.map(e => e.textContent)")
    assert sorted(chips) == sorted(first.values()), "the initiative bar names units as the tokens do"
    # The replay's last step, and the table itself: the fallen keep their labels, with a KO mark.
    page.keyboard.press("End")
    page.wait_for_selector(".bt-unit.ko", state="attached")
    _fallen_keep_their_labels(page, first, knocked, "the replay's last step")
    page.goto(f"{live.url}/table/{tid}")
    page.wait_for_selector("#result:not(.hidden)")
    page.click("#result-actions button:has-text('Look at the table')")
    _fallen_keep_their_labels(page, first, knocked, "the table")
    page.screenshot(path=str(shots / f"{GAME}-knocked-out-desk.png"))
    assert not page.errors, page.errors
    page.context.close()


def test_the_dice_come_back_after_a_reload(browser, live, shots):  # noqa: F811
    """Needs the shell to hand a welcome's events to the page (``ctx.restored``, ``ctx.feedEvents``)."""
    tid = live.table(GAME, ["open", AI], {"mode": "versus"})
    token = live.join(tid, 0, "Ada")
    page = seated(browser, live, tid, 0, token, DESK, **CALM)
    end = time.monotonic() + 80
    while True:
        _wait_my_turn(page)
        if any("rolled" in d for d in _dice(page)):
            break
        assert time.monotonic() < end, "nobody rolled an attack"
        _take_a_turn(page)
    before = _dice(page)
    page.reload()
    page.wait_for_selector(".bt-map")
    _wait_my_turn(page)
    assert _dice(page) == before, json.dumps([before, _dice(page)], ensure_ascii=False)
    assert not page.errors, page.errors
    page.context.close()
