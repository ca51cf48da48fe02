"""The table every adapter drives: one game in play, its encoder, and what a seat
observes as numpy arrays.

Adapters see the game only through the protocol and the encoder. Within one
step a seat's view and observation are built once (:meth:`Table.observation`
caches them until the next action), and the legal numbers once
(:meth:`Table.legal`); a mask is a fresh array on every call, so a caller may
keep it.
"""

from __future__ import annotations

import io
import math
import random
import struct
from typing import Any

import numpy as np
from rich.console import Console

from comboarena.core import Action, Event, Game, IllegalAction, OptionError, State, make
from comboarena.core.rng import new_seed

#: How an env names seat ``i`` (PettingZoo's convention).
AGENT = "player_{}"


def make_game(game: Game | str, options: dict[str, Any]) -> Game:
    """``game`` itself, or the game of that name with ``options``."""
    if isinstance(game, Game):
        if options:
            raise OptionError(
                f"options {', '.join(sorted(options))} were given with a game already made ({game!r}); "
                "pass the game's name with its options instead"
            )
        return game
    return make(game, **options)


def env_name(game: Game) -> str:
    """A name fit for a library's registry: ``16-bit-tactics`` -> ``16_bit_tactics``."""
    return game.name.replace("-", "_")


class Table:
    """One game in play for an adapter (see the module docstring).

    ``reset(seed)`` starts the game ``game.new_state(seed=seed)``; ``reset()``
    without a seed starts the next game of the sequence the last seed began
    (a fresh random sequence if none was given), so a seeded run of many games
    is reproducible.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.encoder = game.encoder()
        self.num_actions = self.encoder.num_actions
        self._numbered = self.encoder.actions
        self.observation_shape = self.encoder.observation_shape
        self.size = math.prod(self.observation_shape)
        # Packing the floats with struct and viewing the bytes is about a third cheaper
        # than np.fromiter, and rounds to float32 the same way (a C cast).
        self._float32s = struct.Struct(f"={self.size}f")
        self.players = game.players
        self.state: State = game.new_state(seed=0)
        self._seeds = random.Random(new_seed())
        self._observations: dict[int | None, np.ndarray] = {}
        self._legal: dict[int, list[int]] = {}
        self._ui: Any = None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """The next game (see the class docstring), or a scenario: ``options={"position": data}``
        plays on from ``game.from_position(data)``, ``options={"state": state}`` from a copy of
        a state of this game."""
        if seed is not None:
            self._seeds = random.Random(seed)
        if not self.scenario(options):
            self.start(seed if seed is not None else self._seeds.getrandbits(63))

    def scenario(self, options: dict[str, Any] | None) -> bool:
        """Load the position or state ``options`` name, if any; whether it named one."""
        options = options or {}
        if options.get("position") is not None:
            state = self.game.from_position(options["position"])
        elif options.get("state") is not None:
            state = options["state"].clone()
        else:
            return False
        if state.is_over:
            raise OptionError("that game is over: there is nothing left to play from it")
        self.load(state)
        return True

    def start(self, game_seed: int) -> None:
        """Start the game of this seed."""
        self.load(self.game.new_state(seed=game_seed))

    def load(self, state: State) -> None:
        """Play on from ``state`` (a scenario: ``game.from_position(...)``), a state of this game."""
        if state.game != self.game:
            raise OptionError(f"a state of {state.game!r} cannot go on a table of {self.game!r}")
        self.state = state
        self._observations.clear()
        self._legal.clear()

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def observation(self, seat: int | None) -> np.ndarray:
        """The encoder's observation of ``seat``'s view (float32), built once per step."""
        obs = self._observations.get(seat)
        if obs is None:
            obs = self.observe_anew(seat)
            self._observations[seat] = obs
        return obs

    def observe_anew(self, seat: int | None) -> np.ndarray:
        """A new array of the observation, whatever was made before (an earlier one may have
        been changed by whoever it was given to)."""
        packed = self._float32s.pack(*self.encoder.observe_state(self.state, seat))
        return np.frombuffer(bytearray(packed), np.float32)

    def legal(self, seat: int) -> list[int]:
        """The numbers of ``seat``'s legal actions, ascending (empty if it owes nothing)."""
        legal = self._legal.get(seat)
        if legal is None:
            legal = self.encoder.legal_indices(self.state, seat)
            self._legal[seat] = legal
        return legal

    def mask(self, seat: int | None) -> np.ndarray:
        """A new int8 array of ``num_actions``: 1 where ``seat`` may act now (all 0 for ``None``)."""
        # Filled as bytes and then viewed as an array: faster than numpy's fancy indexing.
        ones = bytearray(self.num_actions)
        if seat is not None:
            for i in self.legal(seat):
                ones[i] = 1
        return np.frombuffer(ones, dtype=np.int8)

    def number(self, action: Any) -> int | None:
        """``action`` as an action number (a Python or numpy integer in range), else ``None``."""
        if type(action) is int:  # the common case, first
            return action if 0 <= action < self.num_actions else None
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
                action = action.item()
            else:
                return None
        n = int(action)
        return n if 0 <= n < self.num_actions else None

    def legal_number(self, seat: int, action: Any) -> int | None:
        """``action``'s number if it is legal for ``seat`` now, else ``None``."""
        n = self.number(action)
        return n if n is not None and n in self.legal(seat) else None

    def refusal(self, seat: int, action: Any) -> IllegalAction:
        """The error for an action ``seat`` may not take now, saying what it may."""
        n = self.number(action)
        what = f"action {action!r}" if n is None else f"action {n} ({self.encoder.action(n)})"
        legal = self.legal(seat)
        shown = ", ".join(f"{i} ({self.encoder.action(i)})" for i in legal[:20]) + (" ..." if len(legal) > 20 else "")
        allowed = f"legal now: {shown}" if legal else "it has nothing to do now"
        return IllegalAction(f"{what} is not legal for {AGENT.format(seat)} (seat {seat}); {allowed}")

    def apply(self, seat: int, action: int | Action) -> list[Event]:
        """Take ``seat``'s action (a legal number, or an :class:`Action` an agent chose)."""
        if not isinstance(action, Action):
            n = self.num_actions
            action = self._numbered[action] if type(action) is int and 0 <= action < n else self.encoder.action(action)
        events = self.state.apply(seat, action)
        self._observations.clear()
        self._legal.clear()
        return events

    def returns(self) -> tuple[float, ...]:
        """Each seat's return (+1 win, 0 draw, -1 loss) once the game is over."""
        return tuple(float(r) for r in self.state.result().returns)

    def render(self, names: list[str]) -> str:
        """The game's text renderer on the spectator's view (what the whole table sees), as plain text."""
        if self._ui is None:
            self._ui = self.game.text_ui()
        console = Console(file=io.StringIO(), record=True, width=100, color_system=None)
        console.print(self._ui.render(self.state.view(None), names))
        text: str = console.export_text()
        return text


__all__ = ["AGENT", "Table", "env_name", "make_game"]
