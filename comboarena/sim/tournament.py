"""Tournaments between agents, under a game's own tournament rules.

A game that has tournament rules says so with ``game.tournament_rules()`` (Combo
Fighter: double elimination, two characters per entrant, the rulebook's picks;
see ``comboarena.games.combo_fighter.tournament``). This module plays each game
of the bracket between the entrants' agents, reproducibly by seed.

>>> import comboarena as ca
>>> rules = rules_of(ca.make("combo-fighter"))
>>> rules.parse_entrant("alice=random@boris,grace", 0).roster
('boris', 'grace')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from comboarena.agents import make_agent
from comboarena.core import Game, OptionError, Record, make
from comboarena.core.rng import derive

from .backends import Backend
from .runner import play_game


def rules_of(game: Game) -> Any:
    """The game's tournament rules; :class:`OptionError` if it has none."""
    rules = getattr(game, "tournament_rules", None)
    if rules is None:
        raise OptionError(f"{game.name} has no tournament rules (tournaments are for fighting games)")
    return rules()


def check_tournament(game: Game, entrants: Sequence[Any]) -> None:
    """The entrants follow the game's tournament rules, and their agents can play it."""
    rules_of(game).check_entrants(game, entrants)
    for e in entrants:
        if e.agent.split(":")[0] == "human":
            raise OptionError("tournaments are played between agents")
        make_agent(e.agent, game)


class GameResult(NamedTuple):
    """One tournament game: the winning seat (-1: drawn), the fights won, and its record."""

    winner: int
    score: tuple[int, int]
    record: Record | None = None


def play_match(game_name: str, options: dict[str, Any], p1: Any, f1: str, p2: Any, f2: str, seed: int) -> GameResult:
    """One game (a whole match): Player 1 at seat 0 with ``f1``, Player 2 with ``f2`` throughout."""
    chosen = rules_of(make(game_name, **options)).match_options(f1, f2)
    game = make(game_name, **{**options, **chosen})
    agents = [make_agent(p1.agent, game), make_agent(p2.agent, game)]
    state = play_game(game, agents, derive(seed, 0), random.Random(derive(seed, 1)))
    result = state.result()
    scores = (int(result.scores[0]), int(result.scores[1]))
    return GameResult(-1 if result.is_draw else result.winners[0], scores, state.record)


def run_tournament(
    game_name: str,
    options: dict[str, Any],
    entrants: Sequence[Any],
    seed: int = 0,
    matrix: Any = None,
    on_match: Callable[[Any], None] | None = None,
    backend: Backend | None = None,
) -> Any:
    """Check the entrants, then run the game's bracket with every game played between agents.

    Each game's pairing depends on the results before it, so games are played one at a
    time; a ``backend`` (Ray) plays each as a task on its workers instead of here."""
    game = make(game_name, **options)
    rules = rules_of(game)
    check_tournament(game, entrants)
    plain = {k: v for k, v in game.options.items() if k != "fighters"}
    where = backend or Backend()
    return rules.double_elimination(
        entrants,
        lambda p1, f1, p2, f2, s: where.call(play_match, game_name, plain, p1, f1, p2, f2, s),
        seed=seed,
        matrix=matrix,
        on_match=on_match,
    )


__all__ = ["GameResult", "check_tournament", "play_match", "rules_of", "run_tournament"]
