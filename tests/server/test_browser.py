"""Browser tests: people play whole games by clicking, in Debian's chromium driven
by Playwright; each table page is screenshotted.

Skipped (saying why) when /usr/bin/chromium is missing, unless
COMBOARENA_REQUIRE_BROWSER=1 (CI), which makes that a failure. Screenshots go
to $COMBOARENA_SCREENSHOTS, or to pytest's temporary directory
(``.../screenshots``); the path is printed.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import comboarena as ca
from comboarena.server import Settings, create_app

#: Debian's chromium (COMBOARENA_CHROMIUM points elsewhere, e.g. on another system).
CHROMIUM = os.environ.get("COMBOARENA_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


class LiveServer:
    """The play server on a free port, in a thread of this process."""

    def __init__(self, settings: Settings) -> None:
        import uvicorn

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        config = uvicorn.Config(
            create_app(settings), host="127.0.0.1", port=self.port, log_level="warning", ws_per_message_deflate=False
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.url = f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        end = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        why = (
            f"browser tests need Debian's chromium at {CHROMIUM}; `make test` tries to install it with "
            "apt-get (.ci/install-chromium) and could not here"
        )
        if os.environ.get("COMBOARENA_REQUIRE_BROWSER") == "1":
            pytest.fail(why)
        pytest.skip(why)
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("browser") / "tables.sqlite3"
    settings = Settings(db_url=f"sqlite:///{db}", agent_delay=0.05, creates_per_minute=1000)
    with LiveServer(settings) as server:
        yield server


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ.get("COMBOARENA_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots: {folder}")
    return folder


def new_page(browser: Any, width: int = 1280, height: int = 900) -> Any:
    """A page in a fresh context (its own localStorage: its own player), collecting script errors."""
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def create_from_lobby(page: Any, live: LiveServer, game: str, seats: dict[int, str], options: dict[str, str]) -> str:
    """Start a table in the lobby form: ``seats`` picks who sits where ("you", "open" or an agent)."""
    page.goto(live.url + "/")
    # A newcomer sees the guide once per game; these players have read it.
    page.evaluate(f"localStorage.setItem('comboarena.helped.{game}', '1')")
    page.click(f"[data-testid=new-{game}]")
    for name, value in options.items():
        field = f"#opt-{game}-{name}"
        if page.locator(f"select{field}").count():
            page.select_option(field, value)
        else:
            page.fill(field, value)
        page.dispatch_event(field, "change")
    page.wait_for_selector(f"#seat-{game}-{max(seats)}")
    page.wait_for_timeout(200)  # the seat pickers refresh after an option change
    for seat, who in seats.items():
        page.select_option(f"#seat-{game}-{seat}", who)
    page.click(f"[data-testid=create-{game}]")
    page.wait_for_url("**/table/**")
    return str(page.url.rsplit("/", 1)[1].split("?")[0])


def play_by_clicking(page: Any, limit_s: float = 150, keys_every: int = 3) -> int:
    """Click legal moves until the result shows; every few moves use the keyboard instead."""
    moves = 0
    end = time.monotonic() + limit_s
    while not page.locator("#result:not(.hidden)").count():
        assert time.monotonic() < end, f"the game did not end by clicking ({moves} moves made)"
        direct = page.locator("#board [data-move]:visible, #moves [data-move]:visible")
        pickers = page.locator("#board [data-covers]:visible")
        try:
            if direct.count():
                if moves % keys_every == keys_every - 1:
                    page.keyboard.press("1")  # the first numbered move
                else:
                    direct.first.click(timeout=2000)
                moves += 1
                page.wait_for_timeout(30)
            elif pickers.count():
                pickers.first.click(timeout=2000)  # select a card / open the wild's choices
                page.wait_for_timeout(30)
            else:
                page.wait_for_timeout(40)
        except Exception as exc:  # the table re-rendered under the click: look again
            if "Timeout" not in type(exc).__name__ and "detached" not in str(exc).lower():
                raise
    return moves


def replay_all_seats(page: Any, live: LiveServer, tid: str, shot: Path) -> None:
    """Open the replay, step through it from a seat and with everything shown."""
    page.goto(f"{live.url}/replay/{tid}?pov=0")
    page.wait_for_selector("#board > *")
    page.keyboard.press("Home")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert page.inner_text("#step").startswith("5 /")
    page.select_option("#pov", "all")
    page.wait_for_selector(".revealed .who")
    page.keyboard.press("End")
    page.screenshot(path=str(shot))


def test_a_person_plays_sixteen_against_an_agent_and_replays_it(browser, live, shots):
    page = new_page(browser)
    tid = create_from_lobby(page, live, "sixteen", {0: "you", 1: "first"}, {})
    page.wait_for_selector("#board .card")
    page.screenshot(path=str(shots / "sixteen-start.png"), full_page=True)
    assert "Your turn" in page.inner_text("#banner")
    moves = play_by_clicking(page)
    assert moves >= 20
    page.screenshot(path=str(shots / "sixteen-result.png"))
    result = page.inner_text("#result-text")
    assert "won" in result or "Draw" in result
    record = page.request.get(f"{live.url}/api/tables/{tid}/record")
    assert record.ok and ca.replay(ca.Record.from_json(record.text())).is_over
    page.click("text=Look at the table")
    assert page.locator("#log .line").count() > 20
    # The replay page steps through it, from any seat or with everything shown.
    page.goto(f"{live.url}/replay/{tid}")
    page.wait_for_selector("#board .card")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#step").startswith("1 /")
    page.select_option("#pov", "all")
    page.wait_for_selector(".revealed .who")
    page.keyboard.press("End")
    page.screenshot(path=str(shots / "sixteen-replay-all.png"), full_page=True)
    assert not page.errors, page.errors


TWO_PEOPLE = [
    ("sixteen", {0: "you", 1: "open"}, {}),
    ("ccc-combo", {0: "you", 1: "open", 2: "first", 3: "first"}, {"turn_limit": "12"}),
    ("combo-fighter", {0: "you", 1: "open"}, {"best_of": "1"}),
]


@pytest.mark.parametrize(("game", "seats", "options"), TWO_PEOPLE, ids=[g for g, _, _ in TWO_PEOPLE])
def test_two_people_play_in_two_windows(browser, live, shots, game, seats, options):
    if game not in ca.games():
        pytest.skip(f"{game} is not registered")
    ada = new_page(browser)
    tid = create_from_lobby(ada, live, game, seats, options)
    ada.wait_for_selector("#waiting:not(.hidden)")
    bob = new_page(browser, 420, 860)  # another window (its own storage: another player), phone-sized
    bob.goto(live.url + "/")
    bob.fill("#player-name", "Bob")
    bob.dispatch_event("#player-name", "change")
    bob.evaluate(f"localStorage.setItem('comboarena.helped.{game}', '1')")
    bob.click(f"[data-testid=join-{tid}]")
    bob.wait_for_url(f"**/table/{tid}")
    for page in (ada, bob):
        page.wait_for_selector("#waiting.hidden", state="attached")
    assert "Bob" in ada.inner_text("#seats")
    moves = 0
    end = time.monotonic() + 180
    phone_shot = shots / f"{game}-two-people-phone.png"
    while not (ada.locator("#result:not(.hidden)").count() and bob.locator("#result:not(.hidden)").count()):
        if time.monotonic() > end:
            ada.screenshot(path=str(shots / f"fail-{game}-ada.png"), full_page=True)
            bob.screenshot(path=str(shots / f"fail-{game}-bob.png"), full_page=True)
            raise AssertionError(f"the two-person game of {game} did not end")
        for page in (ada, bob):
            move = page.locator("#board [data-move]:visible, #moves [data-move]:visible")
            picker = page.locator("#board [data-covers]:visible")
            try:
                if move.count():
                    move.first.click(timeout=1500)
                    moves += 1
                elif picker.count():
                    picker.first.click(timeout=1500)
            except Exception as exc:
                if "Timeout" not in type(exc).__name__ and "detached" not in str(exc).lower():
                    raise
            page.wait_for_timeout(20)
        if moves >= 10 and not phone_shot.exists():
            bob.screenshot(path=str(phone_shot), full_page=True)
    ada.screenshot(path=str(shots / f"{game}-two-people-result.png"))
    assert ada.inner_text("#result-text") and bob.inner_text("#result-text")
    assert moves >= 6
    assert not ada.errors and not bob.errors, ada.errors + bob.errors


@pytest.mark.skipif("ccc-combo" not in ca.games(), reason="c-c-c-COMBO is not registered")
def test_a_person_plays_ccc_combo_with_agents(browser, live, shots):
    page = new_page(browser)
    tid = create_from_lobby(
        page, live, "ccc-combo", {0: "you", 1: "first", 2: "first", 3: "first"}, {"turn_limit": "24"}
    )
    page.wait_for_selector("#board .ccc-pod")
    play_by_clicking(page, keys_every=4)
    page.screenshot(path=str(shots / "ccc-combo-result.png"))
    assert page.inner_text("#result-text")
    replay_all_seats(page, live, tid, shots / "ccc-combo-replay.png")
    assert not page.errors, page.errors


@pytest.mark.skipif("combo-fighter" not in ca.games(), reason="Combo Fighter is not registered")
def test_a_person_plays_combo_fighter_against_an_agent(browser, live, shots):
    page = new_page(browser)
    tid = create_from_lobby(page, live, "combo-fighter", {0: "you", 1: "first"}, {"best_of": "1"})
    page.wait_for_selector("#board")
    play_by_clicking(page, keys_every=4, limit_s=200)
    page.screenshot(path=str(shots / "combo-fighter-result.png"))
    assert page.inner_text("#result-text")
    replay_all_seats(page, live, tid, shots / "combo-fighter-replay.png")
    assert not page.errors, page.errors


def test_a_game_without_its_own_page_is_playable_with_the_generic_table(browser, live, shots, poke_game):
    import httpx

    made = httpx.post(
        f"{live.url}/api/tables", json={"game": poke_game, "seats": ["first", "open"], "options": {"window": 0}}
    ).json()
    tid = made["table"]["id"]
    page = new_page(browser)
    page.goto(f"{live.url}/table/{tid}?seat=1")
    page.click("[data-testid=take-1]")
    page.wait_for_selector("#moves [data-move]")
    page.screenshot(path=str(shots / "generic-table.png"), full_page=True)
    assert "no dedicated table" in page.inner_text("#board")
    assert "secret" not in page.inner_text("#board").lower(), "seat 0's secret stays hidden from seat 1"
    play_by_clicking(page)
    assert page.inner_text("#result-text")
    assert not page.errors, page.errors
