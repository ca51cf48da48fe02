"""Every game as a Gymnasium environment: one learner's seat against built-in opponents.

>>> import gymnasium, comboarena.envs.gymnasium
>>> env = gymnasium.make("comboarena/Sixteen-v0", opponents="sixteen.heuristic")
>>> obs, info = env.reset(seed=3)
>>> terminated = False
>>> while not terminated:
...     action = env.action_space.sample(info["action_mask"])
...     obs, reward, terminated, truncated, info = env.step(action)
>>> reward in (-1.0, 0.0, 1.0)
True

``SeatEnv(game, seat=0, opponents="random", illegal="penalize", **options)``:

- ``seat``: the learner's seat, or ``"random"`` (a new one each episode);
- ``opponents``: an agent spec (``random``, ``sixteen.heuristic``,
  ``ismcts:iters=100``, ``policy:path=...``) for every other seat, or a list
  of specs, one per other seat in seat order; in team games the learner's
  partners are among them;
- observations are the encoder's numbers for the learner's view
  (``Box(float32)``), actions ``Discrete(num_actions)``; the legal actions are
  ``info["action_mask"]`` and :meth:`SeatEnv.action_masks` (what
  sb3-contrib's MaskablePPO reads);
- the reward is the learner's return (+1 win, 0 draw, -1 loss) when the game
  ends, 0 before;
- an illegal action: ``"penalize"`` gives ``illegal_reward`` (-1) and changes
  nothing (the learner is asked again), ``"terminate"`` gives it and ends the
  episode, ``"raise"`` raises :class:`comboarena.IllegalAction`;
- the opponents act inside ``step`` until the learner owes a decision; where
  several seats owe one at once they act in ``to_act`` order, the learner in
  its place (views hide pending choices, so the order reveals nothing);
- ``reset(seed=s)`` plays the game ``game.new_state(seed=s)``; ``reset()`` a
  game drawn from the env's generator; ``reset(options={"position": data})``
  plays on from ``game.from_position(data)``, ``options={"state": state}``
  from a copy of that state (scenarios).

Registered ids (importing this module registers them; ``gymnasium.make`` also
takes ``"comboarena.envs.gymnasium:comboarena/Sixteen-v0"``):
:data:`IDS`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from comboarena.agents import Agent, make_agent
from comboarena.core import Game, OptionError, events_for

from .table import Table, make_game

#: Each game's Gymnasium id.
IDS = {
    "sixteen": "comboarena/Sixteen-v0",
    "ccc-combo": "comboarena/CccCombo-v0",
    "combo-fighter": "comboarena/ComboFighter-v0",
    "16-combos": "comboarena/SixteenCombos-v0",
    "16-bit-tactics": "comboarena/BitTactics-v0",
}
ILLEGAL = ("penalize", "terminate", "raise")
#: Games in which no seat the learner might take gets a decision (solo Combo Fighter's
#: AI seat) are redrawn this many times before reset gives up.
ATTEMPTS = 64


class SeatEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a game against built-in opponents (see the module docstring)."""

    # Gymnasium reads the render modes from the class (gymnasium.make checks them).
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str = "sixteen",
        seat: int | str = 0,
        opponents: str | Sequence[str] = "random",
        illegal: str = "penalize",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = make_game(game, options)
        self.table = Table(self.game)
        players = self.game.players
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise OptionError(f"seat={seat!r}: a seat 0..{players - 1} or 'random'")
        if illegal not in ILLEGAL:
            raise OptionError(f"illegal={illegal!r}: choose one of {', '.join(ILLEGAL)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError(f"render_mode={render_mode!r}: choose 'ansi' or None")
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise OptionError(f"opponents: one agent spec, or {players - 1} (one per other seat); got {len(specs)}")
        # The opponents for every seat the learner may take, built (and so checked) now.
        self._agents = {
            learner: [make_agent(spec, self.game) for spec in specs]
            for learner in (range(players) if isinstance(seat, str) else [seat])
        }
        self.seat_choice = seat
        self.seat = seat if isinstance(seat, int) else 0
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-np.inf, np.inf, self.table.observation_shape, dtype=np.float32)
        self.action_space = spaces.Discrete(self.table.num_actions)
        self._opponents: dict[int, Agent] = {}
        self._rng = random.Random(0)

    # -- Gymnasium ---------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed
        for _ in range(ATTEMPTS):
            if game_seed is None:
                game_seed = int(self.np_random.integers(2**62))
            if self.seat_choice == "random":
                self.seat = int(self.np_random.integers(self.game.players))
            scenario = self.table.scenario(options)
            if not scenario:
                self.table.start(game_seed)
            self._begin()
            if not self.table.is_over:
                return self.table.observation(self.seat), self._info()
            if scenario:
                raise OptionError(f"seat {self.seat} gets no decision in this scenario before the end")
            game_seed = None
        raise OptionError(
            f"seat {self.seat_choice} of {self.game!r} never got a decision in {ATTEMPTS} games; "
            "choose a seat that plays"
        )

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        table, seat = self.table, self.seat
        number = table.legal_number(seat, action)
        if number is None:
            if self.illegal == "raise":
                raise table.refusal(seat, action)
            info = {**self._info(), "illegal": True}
            # Anew: the observation given before belongs to whoever took it.
            return table.observe_anew(seat), self.illegal_reward, self.illegal == "terminate", False, info
        self._act(seat, number)
        self._play_opponents()
        if table.is_over:
            info = {"action_mask": table.mask(None), "seat": seat}
            return table.observation(seat), table.returns()[seat], True, False, info
        return table.observation(seat), 0.0, False, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, as booleans (sb3-contrib's MaskablePPO calls this)."""
        return self.table.mask(None if self.table.is_over else self.seat).astype(bool)

    def render(self) -> str | None:  # type: ignore[override]
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; make the env with render_mode='ansi'")
            return None
        names = [("you" if s == self.seat else f"seat {s}") for s in range(self.game.players)]
        return self.table.render(names)

    @property
    def opponent_agents(self) -> dict[int, Agent]:
        """The agent at each other seat in the game being played."""
        return dict(self._opponents)

    # -- the table ---------------------------------------------------------------

    def _begin(self) -> None:
        """Seat the opponents at the game on the table and play until the learner is to act."""
        # The opponents' choices come from a generator of their own, drawn from the env's.
        self._rng = random.Random(int(self.np_random.integers(2**62)))
        agents = self._agents[self.seat]
        others = [s for s in range(self.game.players) if s != self.seat]
        self._opponents = dict(zip(others, agents, strict=True))
        for s, agent in self._opponents.items():
            agent.reset(s)
        self._play_opponents()

    def _play_opponents(self) -> None:
        """Opponents act until the learner owes a decision or the game is over."""
        state = self.table.state
        while not state.is_over:
            seat = state.to_act[0]
            if seat == self.seat:
                return
            agent = self._opponents[seat]
            view = state.view(seat) if agent.wants_view else {}
            self._act(seat, agent.choose(view, state.legal_actions(seat), self._rng))

    def _act(self, seat: int, action: Any) -> None:
        events = self.table.apply(seat, action)
        for s, agent in self._opponents.items():
            if agent.wants_events:
                agent.observe(events_for(events, s))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.table.mask(self.seat), "seat": self.seat}


def register_all() -> None:
    """Register every game's id with Gymnasium (done on import)."""
    for name, env_id in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:SeatEnv", kwargs={"game": name})


register_all()

__all__ = ["IDS", "SeatEnv", "register_all"]
