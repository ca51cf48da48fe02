"""The lobby's agents carry their strength from the ladders shipped in the package, and a
shipped ladder names only presets the server offers."""

from __future__ import annotations

import json

import pytest

import comboarena as ca
from comboarena.server.presets import presets
from comboarena.server.settings import THINK_LIMIT
from comboarena.server.strength import LADDERS, ladder, strength

pytestmark = pytest.mark.timeout(60)


def _shipped() -> list[str]:
    return sorted(p.stem for p in LADDERS.glob("*.json"))


def test_every_game_ships_a_ladder():
    assert _shipped() == sorted(ca.games())


@pytest.mark.parametrize("game", sorted(ca.games()))
def test_a_shipped_ladder_names_only_presets_the_server_has(game):
    data = ladder(game)
    assert data is not None and data["game"] == game
    names = {p.name for p in presets(ca.make(game, **data["options"]), THINK_LIMIT)}
    rated = [row["agent"] for row in data["ratings"]]
    assert rated and set(rated) <= names, set(rated) - names
    assert len(rated) == len(set(rated))
    # Played with the game's lobby options (a table the lobby deals by default).
    assert ca.make(game, **data["options"]).options == ca.make(game).options


def test_the_lobby_s_agents_carry_their_strength(client):
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    for name in ca.games():
        shipped = {row["agent"]: row for row in json.loads((LADDERS / f"{name}.json").read_text())["ratings"]}
        agents = games[name]["agents"]
        assert all("strength" in a for a in agents)
        rated = [a for a in agents if a["strength"] is not None]
        assert {a["spec"] for a in rated} == set(shipped)
        for a in rated:
            row, s = shipped[a["spec"]], a["strength"]
            assert s["rating"] == round(row["mu"], 1) and s["games"] == row["games"]
            assert s["low"] < s["rating"] < s["high"] and s["provisional"] == row["provisional"]
            assert s["of"] == len(shipped) and 1 <= s["place"] <= len(shipped)
        # The stronger place has the higher openskill ordinal.
        by_place = sorted(rated, key=lambda a: a["strength"]["place"])
        ordinals = [shipped[a["spec"]]["ordinal"] for a in by_place]
        assert ordinals == sorted(ordinals, reverse=True)


def test_an_agent_off_the_ladder_is_unrated():
    assert strength("sixteen", "no-such-preset") is None
    assert strength("no-such-game", "random") is None
