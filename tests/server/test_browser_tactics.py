"""16 Bit Tactics' table in Debian's chromium: the map with heights, the units, the
initiative bar; a click on the acting unit lights the squares it can reach (the
legal moves the server sent); pointing at a foe out of reach says why, pointing
at a target shows the odds per result band; moves are made by clicking; the dice
show as they happen; a spectator gets no odds and no commands. At 1280x800 and
390x844, screenshots in out/screenshots/."""

from __future__ import annotations

import time
from typing import Any

import pytest

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


def _distance(a: str, b: str) -> int:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:]))


def _wait_my_turn(page: Any, limit: float = 20) -> None:
    page.wait_for_selector(".bt-unit.now.mine", timeout=limit * 1000)
    page.wait_for_selector(".bt-menu", timeout=limit * 1000)


def _take_a_turn(page: Any) -> str:
    """Fight if a foe is in reach (pointing at it first: the odds show), else walk towards
    the nearest foe; then end the turn. Returns what was done."""
    fight = page.locator(".bt-cmd[data-pick='fight']")
    if fight.count():
        fight.click()
        cell = page.locator(".bt-cell.target").first
        cell.hover()
        page.wait_for_selector(".bt-peek .bt-band")
        peek = page.inner_text(".bt-peek")
        assert "hit" in peek and "dmg" in peek and "%" in peek, peek
        cell.click()
        page.wait_for_function("[...document.querySelectorAll('.bt-die')].some((d) => /rolled/.test(d.textContent))")
        done = "fight"
    else:
        me = page.get_attribute(".bt-unit.now", "data-at")
        foes = page.eval_on_selector_all(".bt-unit.side-1:not(.ko)", "els => els.map(e => e.dataset.at)")
        page.click(f".bt-cell[data-sq={me}]")
        page.wait_for_selector(".bt-cell.reach")
        reach = page.eval_on_selector_all(".bt-cell.reach", "els => els.map(e => e.dataset.sq)")
        best = min(reach, key=lambda sq: min(_distance(sq, f) for f in foes))
        page.click(f".bt-cell[data-sq={best}]")
        page.wait_for_selector(f".bt-unit.now[data-at={best}]")
        done = "move"
    if page.locator(".bt-end").count():
        page.click(".bt-end")
    return done


def test_a_person_plays_16_bit_tactics_on_the_map(browser, live, shots):  # noqa: F811 (the fixtures)
    tid = live.table(GAME, ["open", f"{GAME}.heuristic"], {"mode": "monsters"})
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
    page.screenshot(path=str(shots / f"{GAME}-reach-desk.png"))
    no_sideways_scroll(page, "the 16 Bit Tactics table at desk")
    page_does_not_scroll(page, "the 16 Bit Tactics table at desk")
    page.click(f".bt-cell[data-sq={me}]")  # a second click hides them again
    assert page.locator(".bt-cell.reach").count() == 0

    # Play turns by clicking (walking at the nearest foe, who comes on too) until a fight
    # has happened: the odds were shown on the way (``_take_a_turn``) and the dice roll.
    done: list[str] = []
    end = time.monotonic() + 60
    while "fight" not in done and time.monotonic() < end:
        _wait_my_turn(page)
        done.append(_take_a_turn(page))
    assert "move" in done and "fight" in done, done
    assert page.locator(".bt-dice .bt-die").count() > 0, "the dice feed shows the rolls"
    dice = page.eval_on_selector_all(".bt-die", "els => els.map(e => e.textContent)")
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
    phone.screenshot(path=str(shots / f"{GAME}-reach-phone.png"))
    assert not phone.errors, phone.errors
    phone.context.close()
    page.context.close()
