"""The lobby in Debian's chromium shows each AI's strength from the shipped ladders:
every game card lists its AIs strongest first with rating, interval and games, and a
custom table's seat picker names each AI's rating. At 1280x800 and 390x844 (no
sideways scroll), screenshots in out/screenshots/."""

from __future__ import annotations

import math

import pytest

from comboarena.server.strength import ladder, strength

from .test_browser import (  # noqa: F401  (browser, live and shots are fixtures)
    GAMES,
    SIZES,
    browser,
    live,
    new_page,
    no_sideways_scroll,
    shots,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def _whole(x: float) -> int:
    """A number as the page rounds it (JavaScript's Math.round)."""
    return math.floor(x + 0.5)


def _expected(game: str) -> list[tuple[str, str]]:
    """(preset, what its line says) in ladder order, from the shipped file."""
    data = ladder(game)
    assert data is not None
    out = []
    for row in data["ratings"]:
        s = strength(game, row["agent"])
        assert s is not None
        text = f"rating {_whole(s['rating'])} ({_whole(s['low'])}–{_whole(s['high'])}) · {row['games']} games"
        out.append((row["agent"], text + (" · provisional" if row["provisional"] else "")))
    return out


def test_the_lobby_shows_each_ai_s_strength(browser, live, shots):  # noqa: F811 (the fixtures)
    for size_name, size in SIZES.items():
        page = new_page(browser, size)
        page.goto(live.url + "/")
        page.wait_for_selector("[data-testid=quick-sixteen]")
        for game in GAMES:
            box = page.locator(f"[data-testid=strength-{game}]")
            box.locator("summary").click()
            items = box.locator("li")
            expected = _expected(game)
            rated = [
                (items.nth(i).get_attribute("data-agent"), items.nth(i).inner_text()) for i in range(len(expected))
            ]
            assert [agent for agent, _ in rated] == [agent for agent, _ in expected], game
            for (_, shown), (_, text) in zip(rated, expected, strict=True):
                assert shown.endswith(text), (shown, text)
            # Presets not on the ladder come last, said to be unrated.
            for i in range(len(expected), items.count()):
                assert items.nth(i).inner_text().endswith("not rated yet")
        page.click("[data-testid=new-sixteen]")
        page.wait_for_selector("#seat-sixteen-1")
        heuristic = next(text for agent, text in _expected("sixteen") if agent == "sixteen.heuristic")
        option = page.locator("#seat-sixteen-1 option[value='sixteen.heuristic']").inner_text()
        assert option == f"AI: Heuristic AI · {heuristic.split(' (')[0]}"
        no_sideways_scroll(page, f"the lobby with AI strengths at {size_name}")
        page.screenshot(path=str(shots / f"lobby-strength-{size_name}.png"), full_page=True)
        assert not page.errors, page.errors
        page.context.close()
