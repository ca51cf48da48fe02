"""The conformance check every game passes (like OpenSpiel's ``random_sim_test``).

It plays random games and checks the protocol at every step: actions and
notation, refusals, clones, views and determinizations, events, records and
replay, positions (``from_position(position())`` is the same state and plays
on identically, chance included) and the encoder (every legal action has a
distinct number that maps back to it; observations depend on the view only).

>>> import comboarena as ca
>>> report = ca.testing.check_game(ca.make("sixteen"), games=3, seed=1)
>>> report.games
3
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from typing import Any

from .core import (
    Action,
    Encoder,
    Game,
    IllegalAction,
    NotationError,
    PositionError,
    Record,
    State,
    events_for,
    replay,
)
from .core.rng import derive

#: Notation no game accepts.
_GARBAGE = ("", "   ", "%%%", "no-such-move 99")


@dataclass
class CheckReport:
    """What :func:`check_game` did: games and steps played, their lengths, and how many
    determinizations it checked (one per seat and the spectator at every deep step)."""

    game: str
    games: int = 0
    steps: int = 0
    determinizations: int = 0
    lengths: list[int] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)


def check_game(game: Game, games: int = 200, seed: int = 0, *, deep_every: int = 1) -> CheckReport:
    """Play ``games`` random games of ``game`` and check the protocol at every step.

    Checks: ``to_act`` is non-empty exactly until the game is over; each acting
    seat has legal actions and every legal action's notation parses back to it;
    an illegal action, an action by a seat not to act and malformed notation
    raise and change nothing; ``clone`` is independent; every seat's view (and
    the spectator's) is JSON-safe and equals the view of a determinization of
    itself, which is itself playable; the game's invariant holds; events never
    show a seat another seat's private data; the record survives JSON and
    replays to the same state; the same seed gives the same game; results are
    well formed. ``deep_every`` > 1 runs the per-step checks on every n-th step
    only (for long games). Raises ``AssertionError`` naming the game, seed and
    step of the first failure.
    """
    report = CheckReport(game.name)
    pool: dict[str, Action] = {}
    encoder = game.encoder()
    for g in range(games):
        game_seed = derive(seed, g)
        state = _play_checked(game, game_seed, report, pool, deep_every, encoder)
        again = _replay_same_seed(game, game_seed)
        _require(
            again.record.to_json() == state.record.to_json(),
            game,
            f"seed {game_seed}",
            "same seed and actions gave a different game",
        )
        report.games += 1
    return report


def _play_checked(
    game: Game, game_seed: int, report: CheckReport, pool: dict[str, Action], every: int, encoder: Encoder
) -> State:
    moves = random.Random(game_seed)  # only the moves: a second game with it must match
    rng = random.Random(game_seed + 1)  # everything the checks sample
    state = game.new_state(seed=game_seed)
    step = 0
    mid = rng.randrange(1, 40)
    while True:
        where = f"seed {game_seed}, step {step}"
        to_act = state.to_act
        game.check_invariants(state)
        if state.is_over:
            _require(to_act == (), game, where, "to_act must be empty once the game is over")
            break
        _require(len(to_act) > 0, game, where, "to_act is empty but the game is not over")
        legal_by_seat = {}
        for seat in to_act:
            legal = state.legal_actions(seat)
            _require(len(legal) > 0, game, where, f"seat {seat} is to act but has no legal actions")
            _require(len(set(legal)) == len(legal), game, where, f"seat {seat} has duplicate legal actions")
            legal_by_seat[seat] = legal
        deep = step % every == 0
        if deep:
            for legal in legal_by_seat.values():
                for action in legal:
                    text = str(action)
                    parsed = game.parse_action(text)
                    _require(parsed == action, game, where, f"{text!r} parses to {parsed!r}, not {action!r}")
                    pool.setdefault(text, action)
            for seat in range(game.players):
                if seat not in to_act:
                    _require(state.legal_actions(seat) == [], game, where, f"seat {seat} not to act has actions")
            _check_illegal(game, state, legal_by_seat, pool, rng, where)
            report.determinizations += _check_views(game, state, rng, where, encoder)
            _check_encoder(game, encoder, state, legal_by_seat, where)
        seat = moves.choice(to_act)
        action = moves.choice(legal_by_seat[seat])
        rebuilt = None
        if deep:
            _check_clone(game, state, seat, action, where)
            rebuilt = _check_position(game, state, where, bad=step == mid)
        events = state.apply(seat, action)
        _check_events(game, events, where)
        if rebuilt is not None:
            _check_same_future(game, state, rebuilt, seat, action, events, where)
        step += 1
        if step == mid:
            _check_record(game, state, where)
    _check_record(game, state, f"seed {game_seed}, end")
    _check_result(game, state, f"seed {game_seed}, end")
    report.steps += step
    report.lengths.append(step)
    reason = state.result().reason
    report.reasons[reason] = report.reasons.get(reason, 0) + 1
    return state


def _replay_same_seed(game: Game, game_seed: int) -> State:
    rng = random.Random(game_seed)
    state = game.new_state(seed=game_seed)
    while not state.is_over:
        to_act = state.to_act
        legal_by_seat = {seat: state.legal_actions(seat) for seat in to_act}
        seat = rng.choice(to_act)
        state.apply(seat, rng.choice(legal_by_seat[seat]))
    return state


def _check_illegal(
    game: Game,
    state: State,
    legal_by_seat: dict[int, list[Action]],
    pool: dict[str, Action],
    rng: random.Random,
    where: str,
) -> None:
    before = state.clone()
    for seat, legal in legal_by_seat.items():
        legal_set = set(legal)
        candidates = [a for a in pool.values() if a not in legal_set]
        if candidates:
            bad = rng.choice(candidates)
            _expect_raise(game, state, before, seat, bad, IllegalAction, where)
            _expect_raise(game, state, before, seat, str(bad), IllegalAction, where)
    idle = [s for s in range(game.players) if s not in legal_by_seat]
    if idle:
        some_legal = next(iter(legal_by_seat.values()))[0]
        _expect_raise(game, state, before, rng.choice(idle), some_legal, IllegalAction, where)
    seat = next(iter(legal_by_seat))
    _expect_raise(game, state, before, seat, rng.choice(_GARBAGE), NotationError, where)
    _expect_raise(game, state, before, game.players + 3, str(legal_by_seat[seat][0]), IllegalAction, where)


def _expect_raise(
    game: Game, state: State, before: State, seat: int, action: Any, error: type[Exception], where: str
) -> None:
    try:
        state.apply(seat, action)
    except error as exc:
        _require(str(exc) != "", game, where, f"{error.__name__} for {action!r} has no message")
    else:
        raise AssertionError(f"{game.name} ({where}): seat {seat} playing {action!r} should raise {error.__name__}")
    _require(state == before, game, where, f"a rejected action {action!r} by seat {seat} changed the state")


def _check_views(game: Game, state: State, rng: random.Random, where: str, encoder: Encoder) -> int:
    """Checks every seat's view and a determinization of it; returns how many it made."""
    seats = [*range(game.players), None]
    for seat in seats:
        view = state.view(seat)
        _require(json.loads(json.dumps(view)) == view, game, where, f"view({seat}) is not JSON-safe")
        det = game.determinize(view, seat, random.Random(rng.getrandbits(64)))
        det_view = det.view(seat)
        if det_view != view:
            _require(False, game, where, f"view({seat}) of a determinization differs:\n{det_view}\n{view}")
        _require(
            encoder.observe(det_view) == encoder.observe(view),
            game,
            where,
            f"seat {seat}'s observation of a determinization differs from its observation of the state",
        )
        _require(det.seed != state.seed, game, where, "a determinization reused the real generator's seed")
        if not det.is_over:
            s = rng.choice(det.to_act)
            legal = det.legal_actions(s)
            _require(len(legal) > 0, game, where, f"determinized state: seat {s} to act has no actions")
            det.apply(s, rng.choice(legal))
    return len(seats)


def _check_clone(game: Game, state: State, seat: int, action: Action, where: str) -> None:
    copy = state.clone()
    _require(copy == state, game, where, "clone differs from the original")
    probe = state.clone()
    probe.apply(seat, action)
    _require(copy == state, game, where, "applying an action to a clone changed the original")


def _check_encoder(
    game: Game, encoder: Encoder, state: State, legal_by_seat: dict[int, list[Action]], where: str
) -> None:
    for seat, legal in legal_by_seat.items():
        indices = encoder.legal_indices(state, seat)
        _require(
            len(indices) == len(legal), game, where, f"seat {seat}: legal_indices has {len(indices)} of {len(legal)}"
        )
        _require(len(set(indices)) == len(indices), game, where, f"seat {seat}: two legal actions share a number")
        _require(indices == sorted(indices), game, where, "legal_indices must be ascending")
        for action in legal:
            i = encoder.index(action)
            _require(0 <= i < encoder.num_actions, game, where, f"{action} is numbered {i}, out of range")
            back = encoder.action(i)
            _require(back == action, game, where, f"number {i} of {action} maps back to {back}")
            _require(i in indices, game, where, f"{action}'s number {i} is missing from legal_indices")
    size = 1
    for d in encoder.observation_shape:
        size *= d
    for seat in [*range(game.players), None]:
        obs = encoder.observe(state.view(seat))
        _require(len(obs) == size, game, where, f"observation of seat {seat} has {len(obs)} numbers, not {size}")
        _require(
            list(encoder.observe_state(state, seat)) == obs,
            game,
            where,
            f"observe_state(state, {seat}) differs from observe(view({seat})): it must read only what the view holds",
        )
        _require(
            set(map(type, obs)) <= {float} and all(map(math.isfinite, obs)),
            game,
            where,
            f"observation of seat {seat} holds something other than finite floats",
        )


def _check_position(game: Game, state: State, where: str, bad: bool) -> State:
    """``from_position(position())`` has the same to_act, legal actions and views;
    returns it so that it can be played on beside the state."""
    pos = state.position()
    text = json.dumps(pos)
    _require(json.loads(text) == pos, game, where, "position() is not JSON-safe")
    rebuilt = game.from_position(json.loads(text))
    _require(rebuilt.to_act == state.to_act, game, where, "from_position(position()) has another to_act")
    for seat in range(game.players):
        _require(
            rebuilt.legal_actions(seat) == state.legal_actions(seat),
            game,
            where,
            f"from_position(position()) offers seat {seat} other actions",
        )
    for seat in [*range(game.players), None]:
        _require(
            rebuilt.view(seat) == state.view(seat),
            game,
            where,
            f"from_position(position()) shows seat {seat} another view",
        )
    _require(rebuilt.position() == pos, game, where, "from_position(position()).position() differs")
    _require(rebuilt.is_over == state.is_over, game, where, "from_position(position()) disagrees on the end")
    if bad:
        for broken, what in _broken_positions(game, pos):
            try:
                game.from_position(broken)
            except PositionError as exc:
                _require(str(exc) != "", game, where, f"PositionError for {what} has no message")
            else:
                raise AssertionError(f"{game.name} ({where}): from_position accepted {what}")
    return rebuilt


def _broken_positions(game: Game, pos: dict[str, Any]) -> list[tuple[Any, str]]:
    out: list[tuple[Any, str]] = [
        ({**pos, "no_such_field": 1}, "an unknown field"),
        ({**pos, "game": "no-such-game"}, "another game's name"),
        ({**pos, "version": -1}, "an unknown version"),
        ([pos], "a list instead of an object"),
    ]
    own = [k for k in pos if k not in ("game", "version", "options", "chance")]
    if own:
        missing = dict(pos)
        del missing[own[0]]
        out.append((missing, f"a position without {own[0]!r}"))
    return out


def _check_same_future(
    game: Game, state: State, rebuilt: State, seat: int, action: Action, events: list[Any], where: str
) -> None:
    again = rebuilt.apply(seat, action)
    _require(
        [e.to_dict() for e in again] == [e.to_dict() for e in events]
        and [e.private for e in again] == [e.private for e in events],
        game,
        where,
        f"from_position(position()) gave other events for {action}",
    )
    _require(
        rebuilt.position() == state.position(), game, where, f"from_position(position()) played {action} differently"
    )


def _check_events(game: Game, events: list[Any], where: str) -> None:
    for e in events:
        if e.private is None:
            continue
        seats, extra = e.private
        for seat in [*range(game.players), None]:
            shown = events_for([e], seat)[0]
            leaked = set(extra) & set(shown.data)
            if seat is None or seat not in seats:
                # Public data may use the same key only if it says the same thing as before filtering.
                _require(
                    all(shown.data.get(k) == e.data.get(k) for k in leaked),
                    game,
                    where,
                    f"event {e.kind!r} shows seat {seat} private data {sorted(leaked)}",
                )
        json.dumps(e.to_dict())


def _check_record(game: Game, state: State, where: str) -> None:
    text = state.record.to_json()
    back = Record.from_json(text)
    _require(back.to_json() == text, game, where, "record does not survive JSON")
    again = replay(back)
    _require(again == state, game, where, "replaying the record gave a different state")


def _check_result(game: Game, state: State, where: str) -> None:
    r = state.result()
    n = game.players
    _require(len(r.scores) == n and len(r.returns) == n, game, where, "result is not indexed by seat")
    _require(len(r.winners) > 0, game, where, "a result must name winners (all seats on a draw)")
    for team in game.teams:
        _require(len({r.returns[s] for s in team}) == 1, game, where, f"team {team} seats got different returns")
    _require(all(x in (-1, 0, 1) for x in r.returns), game, where, "returns must be +1, 0 or -1")
    for s in range(n):
        _require((r.returns[s] == 1) == (s in r.winners and not r.is_draw), game, where, "winners and returns disagree")


def _require(ok: bool, game: Game, where: str, message: str) -> None:
    if not ok:
        raise AssertionError(f"{game.name} {game.options} ({where}): {message}")


__all__ = ["CheckReport", "check_game"]
