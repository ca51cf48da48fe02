"""Fixtures for the play server: an app on a throwaway database, clients, helpers."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
# Starlette suggests a package this project does not use; the test client works as is.
warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient  # noqa: E402

from comboarena.core.registry import _REGISTRY, register  # noqa: E402
from comboarena.server import Settings, create_app  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives Debian's chromium with Playwright (skips without it)")


@pytest.fixture
def settings(tmp_path: Any) -> Settings:
    """Fast timings: agents move at once, clocks and grace periods are short."""
    return Settings(
        db_url=f"sqlite:///{tmp_path / 'tables.sqlite3'}",
        agent_delay=0.0,
        min_clock=0.05,
        disconnect_grace=30.0,
        creates_per_minute=1000,
        http_rate=1000,
        http_burst=1000,
        http_read_rate=1000,
        http_read_burst=1000,
    )


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as c:
        yield c


@pytest.fixture
def poke_game() -> Iterator[str]:
    """Registers the test game with a reaction window, for this test only."""
    from .fakegame import Poke

    register("poke-test", Poke)
    try:
        yield "poke-test"
    finally:
        _REGISTRY.pop("poke-test", None)


@pytest.fixture
def counter_game() -> Iterator[str]:
    """Registers the three-seat test game whose reaction window two seats answer, for this test only."""
    from .fakegame import Counter

    register("counter-test", Counter)
    try:
        yield "counter-test"
    finally:
        _REGISTRY.pop("counter-test", None)
