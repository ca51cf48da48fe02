"""Every game as a PettingZoo environment, with the classic card-game conventions.

>>> from comboarena.envs.pettingzoo import env
>>> table = env("sixteen", players=4)
>>> table.reset(seed=7)
>>> for agent in table.agent_iter():
...     obs, reward, terminated, truncated, info = table.last()
...     action = None if terminated or truncated else table.action_space(agent).sample(obs["action_mask"])
...     table.step(action)
>>> table.agents
[]

- Agents are ``player_0 ... player_{n-1}`` (seat ``i`` is ``player_i``).
- Observations are ``{"observation": Box(float32), "action_mask": Box(int8)}``:
  the encoder's numbers for the agent's own view (never more than its seat may
  know) and 1 at each legal action number; the mask is also ``info["action_mask"]``.
  Only the agent selected to act (AEC), or the agents that owe a decision
  (Parallel), have a non-zero mask.
- Actions are ``Discrete(num_actions)``, numbered by the game's encoder.
- Rewards are the game's returns (+1 win, 0 draw, -1 loss; a team's seats
  alike), given when it ends; then every agent is terminated and, in AEC,
  stepped once more with ``None``.
- Several seats in ``to_act`` (a reaction window, face-down plays): in AEC they
  act one after another in ``to_act`` order, and since a view never shows a
  pending secret choice the later ones learn nothing they may not; in Parallel
  they all act in one step and the seats that owe nothing send anything (it is
  ignored: a no-op). ``docs/envs.md`` says per game what a later answerer can
  infer.
- ``illegal="terminate"`` (default): an illegal action ends the game with
  ``illegal_reward`` (-1) for the agent that took it and 0 for the others,
  PettingZoo's convention (``env()`` adds its ``TerminateIllegalWrapper``);
  ``illegal="raise"``: :class:`comboarena.IllegalAction`, nothing changes.
- ``reset(seed=s)`` plays the game ``game.new_state(seed=s)``; ``reset()`` the
  next game of that seed's sequence; ``reset(options={"position": data})``
  plays on from ``game.from_position(data)``, ``options={"state": state}``
  from a copy of that state (scenarios).
- ``render_mode="ansi"``: ``render()`` returns the game's text renderer's
  picture of the table (the spectator's view) as plain text.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from comboarena.core import Game, OptionError

from .table import AGENT, Table, env_name, make_game

ILLEGAL = ("terminate", "raise")
RENDER_MODES = ["ansi"]


def env(
    game: Game | str,
    *,
    illegal: str = "terminate",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
    **options: Any,
) -> AECEnv:
    """The AEC environment wrapped as PettingZoo wraps its classic games."""
    raw = raw_env(game, illegal=illegal, illegal_reward=illegal_reward, render_mode=render_mode, **options)
    wrapped: AECEnv = raw
    if illegal == "terminate":
        wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def raw_env(
    game: Game | str,
    *,
    illegal: str = "terminate",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
    **options: Any,
) -> ComboArenaAEC:
    """The AEC environment without PettingZoo's wrappers."""
    return ComboArenaAEC(make_game(game, options), illegal, illegal_reward, render_mode)


def parallel_env(
    game: Game | str,
    *,
    illegal: str = "terminate",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
    **options: Any,
) -> ComboArenaParallel:
    """The Parallel environment: every seat that owes a decision acts in each step."""
    return ComboArenaParallel(make_game(game, options), illegal, illegal_reward, render_mode)


class _Base:
    """What the AEC and Parallel environments share: the table, the agents, their spaces."""

    # Each env copies it with its game's name added (PettingZoo's str(env) reads it).
    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "is_parallelizable": True, "render_fps": 1}  # noqa: RUF012

    def _setup(self, game: Game, illegal: str, illegal_reward: float, render_mode: str | None) -> None:
        if illegal not in ILLEGAL:
            raise OptionError(f"illegal={illegal!r}: choose one of {', '.join(ILLEGAL)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(f"render_mode={render_mode!r}: choose one of {', '.join(RENDER_MODES)} or None")
        self.table = Table(game)
        self.game = game
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"comboarena_{env_name(game)}_v0"}
        self.possible_agents = [AGENT.format(seat) for seat in range(game.players)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        n, shape = self.table.num_actions, self.table.observation_shape
        # One space object per agent, so that seeding one agent's space leaves the others alone.
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    # The encoders scale their numbers but promise no bounds (docs/envs.md).
                    "observation": spaces.Box(-np.inf, np.inf, shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; make the env with render_mode='ansi'")
            return None
        return self.table.render(self.possible_agents)

    def close(self) -> None:
        pass


class ComboArenaAEC(_Base, AECEnv):
    """A game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(
        self, game: Game, illegal: str = "terminate", illegal_reward: float = -1.0, render_mode: str | None = None
    ) -> None:
        AECEnv.__init__(self)
        self._setup(game, illegal, illegal_reward, render_mode)
        self._zeros = {agent: self.table.mask(None) for agent in self.possible_agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed, options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        # An agent that is not to act has no legal action: its info holds its own array of
        # zeros, made once, which nothing changes.
        self.infos = {agent: {"action_mask": self._zeros[agent]} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._select()

    def _select(self) -> None:
        """Select the first seat of ``to_act``; only its mask holds ones."""
        seat = self.table.state.to_act[0]
        agent = self.possible_agents[seat]
        if agent != self.agent_selection:
            self.infos[self.agent_selection] = {"action_mask": self._zeros[self.agent_selection]}
            self.agent_selection = agent
        self.infos[agent] = {"action_mask": self.table.mask(seat)}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        info = self.infos.get(agent)
        return {
            "observation": self.table.observation(self.seat_of[agent]),
            "action_mask": info["action_mask"] if info is not None else self._zeros[agent],
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat_of[agent]
        number = self.table.legal_number(seat, action)
        if number is None:
            if self.illegal == "raise":
                raise self.table.refusal(seat, action)
            self._end({a: (self.illegal_reward if a == agent else 0.0) for a in self.agents}, agent)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.apply(seat, number)
        if self.table.is_over:
            returns = self.table.returns()
            self._end({a: returns[self.seat_of[a]] for a in self.agents}, agent)
        else:
            self._select()

    def _end(self, rewards: dict[str, float], agent: str) -> None:
        """The game is over (or ended by an illegal action): rewards, and every agent terminated."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = rewards
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {a: {"action_mask": self._zeros[a]} for a in self.agents}
        self._accumulate_rewards()


class ComboArenaParallel(_Base, ParallelEnv):
    """A game as a PettingZoo Parallel environment (see the module docstring).

    In each step every seat in ``to_act`` acts, in ``to_act`` order. An answer
    is applied while its seat still owes the same decision (the same legal
    actions); once a window closes (a COUNTER taken first) the answers left
    are dropped, and any seat that then owes a new decision is asked in the
    next step. The other agents' actions are ignored (``None`` is fine).
    """

    def __init__(
        self, game: Game, illegal: str = "terminate", illegal_reward: float = -1.0, render_mode: str | None = None
    ) -> None:
        self._setup(game, illegal, illegal_reward, render_mode)
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.table.reset(seed, options)
        self.agents = self.possible_agents[:]
        return self._observe(self.table.state.to_act)

    def _observe(self, owing: tuple[int, ...]) -> tuple[dict[str, Any], dict[str, Any]]:
        """Every live agent's observation, with a mask of ones for the seats in ``owing``."""
        observations, infos = {}, {}
        for agent in self.agents:
            seat = self.seat_of[agent]
            mask = self.table.mask(seat if seat in owing else None)
            observations[agent] = {"observation": self.table.observation(seat), "action_mask": mask}
            infos[agent] = {"action_mask": mask}
        return observations, infos

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        if not self.agents:
            return {}, {}, {}, {}, {}
        table = self.table
        owing = table.state.to_act
        chosen: dict[int, int] = {}
        illegal: list[str] = []
        for seat in owing:
            agent = AGENT.format(seat)
            number = table.legal_number(seat, actions.get(agent))
            if number is None:
                if self.illegal == "raise":
                    raise table.refusal(seat, actions.get(agent))
                illegal.append(agent)
            else:
                chosen[seat] = number
        if illegal:
            rewards = {a: (self.illegal_reward if a in illegal else 0.0) for a in self.agents}
        else:
            asked = {seat: table.legal(seat) for seat in owing}
            for seat in owing:
                # An answer stands while its seat owes the decision it was asked; the window
                # may have closed (or moved on) after an earlier seat's answer.
                if seat in table.state.to_act and table.legal(seat) == asked[seat]:
                    table.apply(seat, chosen[seat])
                if table.is_over:
                    break
            returns = table.returns() if table.is_over else None
            rewards = {a: (returns[self.seat_of[a]] if returns else 0.0) for a in self.agents}
        over = bool(illegal) or table.is_over
        observations, infos = self._observe(() if over else table.state.to_act)
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


__all__ = ["ComboArenaAEC", "ComboArenaParallel", "env", "parallel_env", "raw_env"]
