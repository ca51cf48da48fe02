"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

Each iteration samples a full state consistent with the agent's view
(``game.determinize``), walks a single tree shared by all samples, choosing
among the actions available in that sample by UCB with availability counts,
adds one node, finishes the game at random and backs up each seat's return.

Where several seats decide at once (face-down plays, reaction windows), each
seat chooses from its own statistics at that node without seeing the others'
choices in the same window (decoupled UCT), so no seat is searched as if it
knew what the others picked.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from comboarena.core import Action, Game

from .base import Agent


class _Node:
    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        #: applied (seat, action) picks -> child node
        self.children: dict[tuple[tuple[int, Action], ...], _Node] = {}
        #: (seat, action) -> [visits, total return, availability]
        self.stats: dict[tuple[int, Action], list[float]] = {}


class ISMCTS(Agent):
    """ISMCTS over ``game.determinize``.

    Options: ``iters`` (iterations per move, default 400), ``c`` (exploration,
    default 0.7), ``time`` (seconds per move; if set, stops at whichever of
    ``iters`` or ``time`` comes first).
    """

    name = "ismcts"

    def __init__(self, game: Game, iters: int = 400, c: float = 0.7, time: float = 0.0) -> None:
        if not isinstance(iters, int) or iters < 1:
            raise ValueError("iters must be a positive integer")
        if c < 0 or time < 0:
            raise ValueError("c and time must be >= 0")
        self.game = game
        self.iters = iters
        self.c = float(c)
        self.time = float(time)

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = view["seat"]
        root = _Node()
        deadline = time.perf_counter() + self.time if self.time else 0.0
        for i in range(self.iters):
            self._iterate(root, self.game.determinize(view, me, rng), rng)
            if deadline and i % 8 == 7 and time.perf_counter() > deadline:
                break
        best, best_visits = legal[0], -1.0
        for action in legal:
            st = root.stats.get((me, action))
            if st is not None and st[0] > best_visits:
                best, best_visits = action, st[0]
        return best

    def _iterate(self, root: _Node, state: Any, rng: random.Random) -> None:
        node = root
        picked: list[tuple[list[float], int]] = []
        c = self.c
        while not state.is_over:
            picks: list[tuple[int, Action]] = []
            expand = False
            stats = node.stats
            for seat in state.to_act:
                actions = state.legal_actions(seat)
                if not actions:
                    continue
                untried = []
                best_a, best_u = None, -math.inf
                for a in actions:
                    st = stats.get((seat, a))
                    if st is None:
                        untried.append(a)
                        continue
                    st[2] += 1
                    if not untried:
                        u = st[1] / st[0] + c * math.sqrt(math.log(st[2]) / st[0]) if st[0] else math.inf
                        if u > best_u:
                            best_a, best_u = a, u
                if untried:
                    best_a = rng.choice(untried)
                    stats[(seat, best_a)] = [0.0, 0.0, 1.0]
                    expand = True
                picks.append((seat, best_a))  # type: ignore[arg-type]
            applied: list[tuple[int, Action]] = []
            for seat, a in picks:
                # An earlier pick in the same window may have closed it for this seat.
                if seat in state.to_act and (not applied or a in state.legal_actions(seat)):
                    state.apply(seat, a)
                    applied.append((seat, a))
                    picked.append((stats[(seat, a)], seat))
            key = tuple(applied)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                expand = True
            node = child
            if expand:
                break
        self._rollout(state, rng)
        returns = state.result().returns
        for st, seat in picked:
            st[0] += 1
            st[1] += returns[seat]

    def _rollout(self, state: Any, rng: random.Random) -> None:
        while not state.is_over:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
