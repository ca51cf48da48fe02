"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

Each iteration samples a full state consistent with the agent's view
(``game.determinize``), walks a single tree shared by all samples, choosing
among the actions available in that sample, adds one node, plays the game out
(the *rollout*) and backs up each seat's return.

Where several seats decide at once (face-down plays, reaction windows), each
seat chooses from its own statistics at that node without seeing the others'
choices in the same window (decoupled UCT), so no seat is searched as if it
knew what the others picked.

Two helper agents may lend their judgement, and both only ever see views of
the sampled state (``state.view(seat)``), never the state itself:

- the *rollout* agent plays the rollouts (default: random moves), for the
  first ``horizon`` decisions or to the end;
- the *guide* (default: the rollout agent, else the game's heuristic) is asked
  at each node what the deciding seat would play. Its picks bias the choice
  in the tree (progressive bias, Chaslot et al. 2008), decide which action a
  node tries first as it widens (progressive widening), and at the root its
  favourite is played unless the search found another clearly better
  (``trust``): with a few hundred noisy rollouts a search that overrules a good
  heuristic on a hunch plays worse than the heuristic.

>>> import random, comboarena as ca
>>> game = ca.make("sixteen", draw="strict")
>>> state = game.new_state(seed=1)
>>> agent = ca.make_agent("ismcts:iters=40:rollout=sixteen.heuristic:horizon=8", game)
>>> str(agent.choose(state.view(0), state.legal_actions(0), random.Random(0)))
'draw'
"""

from __future__ import annotations

import math
import random
import time as _time
from typing import Any

from comboarena.core import Action, Event, Game, OptionError, State

from .base import Agent
from .spec import agent_names, make_agent

#: How many times the guide is asked at each node, per seat: its picks there
#: are counted into the prior; past that the statistics of the search speak.
#: A guide that picks the same action twice running is not asked again there.
GUIDE_ASKS = 8
#: Agents that cannot play rollouts or guide the tree: people, searches, and the
#: generic policy agent (it needs a file, which a helper's bare name cannot give).
NOT_HELPERS = ("human", "ismcts", "policy")
HELPS = {"rollout": "play rollouts", "guide": "guide the search"}

#: With a time budget, rollouts read the clock every this many decisions.
ROLLOUT_CHECK = 16

# Positions in a statistics entry (one per seat and action at a node).
_VISITS, _TOTAL, _AVAIL, _VOTES, _SQUARES = range(5)


class _OutOfTime(Exception):
    """The time budget ran out inside an iteration."""


class _Node:
    __slots__ = ("asks", "children", "stats")

    def __init__(self) -> None:
        #: the picks applied here (one notation, or (seat, notation) pairs when
        #: several seats decide at once) -> child node
        self.children: dict[Any, _Node] = {}
        #: seat -> notation -> [visits, total return, availability, guide's picks]
        self.stats: dict[int, dict[str, list[float]]] = {}
        #: seat -> times the guide was asked here
        self.asks: dict[int, int] = {}


def check_number(
    name: str, value: Any, minimum: float = 0.0, maximum: float | None = None, integer: bool = False
) -> float:
    """``value`` as a finite number in ``[minimum, maximum]`` (an int if ``integer``), else :class:`OptionError`.

    >>> check_number("c", 0.5)
    0.5
    >>> check_number("c", float("nan"))
    Traceback (most recent call last):
    ...
    comboarena.core.errors.OptionError: c must be a finite number, got nan
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise OptionError(f"{name} must be a number, got {value!r}")
    if integer and not isinstance(value, int):
        raise OptionError(f"{name} must be a whole number, got {value!r}")
    if not math.isfinite(value):
        raise OptionError(f"{name} must be a finite number, got {value!r}")
    if value < minimum or (maximum is not None and value > maximum):
        upper = f" and at most {maximum:g}" if maximum is not None else ""
        raise OptionError(f"{name} must be at least {minimum:g}{upper}, got {value!r}")
    return value


class ISMCTS(Agent):
    """ISMCTS over ``game.determinize``, with optional rollout and guide agents.

    Options (``ismcts:iters=200:rollout=sixteen.heuristic``; see ``docs/agents.md``):

    - ``iters``: iterations per move (default 400);
    - ``time``: seconds per move; if set, stops at whichever of ``iters`` or
      ``time`` comes first, also inside a long rollout (default 0: no time
      limit; at least one iteration's tree walk always runs);
    - ``c``: UCB1 exploration constant (default 0.7);
    - ``rollout``: the agent that plays the rollouts (default ``random``);
    - ``horizon``: the rollout agent plays the first ``horizon`` decisions of
      a rollout, the rest is random (default 0: it plays to the end);
    - ``rollout_eps``: chance that a rollout decision is random instead of the
      rollout agent's (default 0);
    - ``cutoff``: a rollout stops after this many decisions and backs up the
      game's estimate of the position (``State.estimate``), for games whose
      rollouts are long (default ``auto``: the game's ``ismcts_cutoff``, 0
      where it declares none; 0: rollouts play to the end);
    - ``guide``: the agent asked at the tree's nodes (default ``auto``: the
      rollout agent, or with random rollouts the game's heuristic if it has
      one; ``none``: plain ISMCTS, every action tried once);
    - ``prior``: weight of the guide's picks in the tree (progressive bias,
      default 2; 0 turns the guide off);
    - ``trust``: the guide's favourite at the root is played unless another
      action's mean return beats it by more than ``trust`` standard errors
      (default 3).

    With a cutoff and a guide, decisions in the phases a game names in
    ``ismcts_guided`` (its view's ``phase``) are the guide's, unsearched: there
    the estimate that ends the rollouts cannot tell the choices apart (16
    Combos' Preparing Pairs: no order of placing changes pairs or total value).
    """

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        iters: int = 400,
        c: float = 0.7,
        time: float = 0.0,
        rollout: str = "random",
        horizon: int = 0,
        rollout_eps: float = 0.0,
        cutoff: int | None = None,
        guide: str = "auto",
        prior: float = 2.0,
        trust: float = 3.0,
    ) -> None:
        if isinstance(iters, int) and not isinstance(iters, bool) and iters < 1:
            raise OptionError("iters must be a positive integer")
        self.iters = int(check_number("iters", iters, 1, integer=True))
        self.time = float(check_number("time", time))
        self.horizon = int(check_number("horizon", horizon, integer=True))
        self.rollout_eps = float(check_number("rollout_eps", rollout_eps, 0.0, 1.0))
        if cutoff is None:
            # The game's own choice where its rollouts are long (one place: its Game class).
            cutoff = getattr(game, "ismcts_cutoff", 0)
        self.cutoff = int(check_number("cutoff", cutoff, integer=True))
        if self.cutoff and type(game.new_state(seed=0)).estimate is State.estimate:
            raise OptionError(
                f"cutoff needs a game that estimates positions, and {game.name} has no estimate; "
                "leave cutoff at 0 (rollouts play to the end)"
            )
        self.c = float(check_number("c", c))
        self.prior = float(check_number("prior", prior))
        self.trust = float(check_number("trust", trust))
        self.game = game
        self._deadline = 0.0
        self.rollout = rollout
        self.policy = _helper(game, "rollout", rollout)
        if guide == "auto":
            guide = rollout if rollout != "random" else _heuristic(game)
        self.guide_name = guide
        guide_agent = _helper(game, "guide", guide)
        self.guide = None if self.prior == 0 else guide_agent
        if self.guide is not None and self.guide_name == rollout:
            self.guide = self.policy
        self._helpers = [h for h in (self.policy, self.guide) if h is not None]
        if self.guide is self.policy and self.policy is not None:
            self._helpers = [self.policy]
        self.wants_events = any(h.wants_events for h in self._helpers)
        # Phases the game's estimate cannot judge (one place: its Game class).
        guided: frozenset[str] = getattr(game, "ismcts_guided", frozenset())
        self.guided = guided if self.cutoff else frozenset()

    # -- the agent protocol ------------------------------------------------------

    def reset(self, seat: int) -> None:
        for helper in self._helpers:
            helper.reset(seat)

    def observe(self, events: list[Event]) -> None:
        # The helpers may learn from what this seat sees (an opponent's habits).
        for helper in self._helpers:
            if helper.wants_events:
                helper.observe(events)

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        guide = self.guide
        if guide is not None and self.guided and view.get("phase") in self.guided:
            return guide.choose(view, legal, rng)
        me = view["seat"]
        root = _Node()
        # With a time budget the clock is read after every iteration and every
        # ROLLOUT_CHECK rollout decisions, so one long rollout cannot overrun it.
        self._deadline = _time.perf_counter() + self.time if self.time else 0.0
        determinize = self.game.determinize
        try:
            for _ in range(self.iters):
                self._iterate(root, determinize(view, me, rng), rng)
                if self._deadline and _time.perf_counter() > self._deadline:
                    break
        except _OutOfTime:
            pass  # the unfinished iteration is not backed up
        return self._decide(root.stats.get(me, {}), legal)

    def _decide(self, stats: dict[str, list[float]], legal: list[Action]) -> Action:
        """The most visited action; with a guide, the guide's favourite unless the
        search found one better by more than ``trust`` standard errors."""
        best, best_visits = legal[0], -1.0
        favourite, votes = None, 0.0
        for action in legal:
            st = stats.get(action.text)
            if st is None:
                continue
            if st[_VISITS] > best_visits:
                best, best_visits = action, st[_VISITS]
            if st[_VOTES] > votes:
                favourite, votes = action, st[_VOTES]
        if favourite is None or favourite is best:
            return best
        b, f = stats[best.text], stats[favourite.text]
        if not f[_VISITS]:
            return best
        gap = b[_TOTAL] / b[_VISITS] - f[_TOTAL] / f[_VISITS]
        return best if gap > self.trust * math.sqrt(_variance(b) + _variance(f)) else favourite

    # -- one iteration -------------------------------------------------------------

    def _iterate(self, root: _Node, state: Any, rng: random.Random) -> None:
        node = root
        picked: list[tuple[list[float], int]] = []
        guided = self.guide is not None
        while not state.is_over:
            to_act = state.to_act
            picks: list[tuple[int, Action]] = []
            expand = False
            for seat in to_act:
                actions = state.legal_actions(seat)
                if not actions:
                    continue
                stats = node.stats.get(seat)
                if stats is None:
                    stats = node.stats[seat] = {}
                    expand = True
                if guided:
                    action, new = self._guided(node, seat, stats, state, actions, rng)
                else:
                    action, new = self._ucb(stats, actions, rng)
                expand = expand or new
                picks.append((seat, action))
            applied: list[tuple[int, Action]] = []
            for seat, action in picks:
                # An earlier pick in the same window may have closed it for this seat.
                if applied and (seat not in state.to_act or action not in state.legal_actions(seat)):
                    continue
                state.apply(seat, action)
                applied.append((seat, action))
                picked.append((node.stats[seat][action.text], seat))
            if len(to_act) == 1:
                key: Any = applied[0][1].text
            else:
                key = tuple((s, a.text) for s, a in applied)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                expand = True
            node = child
            if expand:
                break
        returns = self._rollout(state, rng) or state.result().returns
        for st, seat in picked:
            st[_VISITS] += 1
            r = returns[seat]
            st[_TOTAL] += r
            st[_SQUARES] += r * r

    def _ucb(self, stats: dict[str, list[float]], actions: list[Action], rng: random.Random) -> tuple[Action, bool]:
        """UCB1 with availability counts; an action never tried here is tried first."""
        c = self.c
        untried = []
        best, best_u = actions[0], -math.inf
        for a in actions:
            st = stats.get(a.text)
            if st is None:
                untried.append(a)
                continue
            st[_AVAIL] += 1
            if not untried:
                n = st[_VISITS]
                u = st[_TOTAL] / n + c * math.sqrt(math.log(st[_AVAIL]) / n) if n else math.inf
                if u > best_u:
                    best, best_u = a, u
        if untried:
            best = untried[int(rng.random() * len(untried))]
            stats[best.text] = [0.0, 0.0, 1.0, 0.0, 0.0]
            return best, True
        return best, False

    def _guided(
        self,
        node: _Node,
        seat: int,
        stats: dict[str, list[float]],
        state: Any,
        actions: list[Action],
        rng: random.Random,
    ) -> tuple[Action, bool]:
        """UCB1 with progressive bias towards the guide's picks and progressive
        widening: ``Q + c·sqrt(ln m / n) + prior·share / (n + 1)`` over the
        actions tried here (``share``: the share of the guide's picks that went
        to the action), a new one tried whenever ``k`` tried actions have had
        ``k²`` visits, the guide's favourite first."""
        entries = []
        for a in actions:
            st = stats.get(a.text)
            if st is None:
                st = stats[a.text] = [0.0, 0.0, 0.0, 0.0, 0.0]
            st[_AVAIL] += 1
            entries.append(st)
        asks = node.asks.get(seat, 0)
        if asks < GUIDE_ASKS:
            asks += 1
            pick = self.guide.choose(state.view(seat), actions, rng)  # type: ignore[union-attr]
            votes = stats[pick.text][_VOTES] = stats[pick.text][_VOTES] + 1
            if asks == 2 and votes == 2:
                # Two picks alike: take the guide for decided here and stop asking.
                asks = stats[pick.text][_VOTES] = GUIDE_ASKS
            node.asks[seat] = asks
        tried = visits = 0.0
        for st in entries:
            if st[_VISITS]:
                tried += 1
                visits += st[_VISITS]
        if tried < len(actions) and tried * tried <= visits:
            # Progressive widening: one more action once the tried ones have had
            # tried² visits, the guide's favourite first, then at random.
            best, best_u = actions[0], -1.0
            for a, st in zip(actions, entries, strict=True):
                u = st[_VOTES] + rng.random() * 0.5 if not st[_VISITS] else -1.0
                if u > best_u:
                    best, best_u = a, u
            return best, True
        c, bias = self.c, self.prior / asks
        best, best_u = actions[0], -math.inf
        for a, st in zip(actions, entries, strict=True):
            n = st[_VISITS]
            if n:
                u = st[_TOTAL] / n + c * math.sqrt(math.log(st[_AVAIL]) / n) + bias * st[_VOTES] / (n + 1)
                if u > best_u:
                    best, best_u = a, u
        return best, False

    # -- rollouts ----------------------------------------------------------------------

    def _rollout(self, state: Any, rng: random.Random) -> tuple[float, ...] | None:
        """Play the game out: the rollout agent for ``horizon`` decisions (all if 0),
        then at random; with ``cutoff``, stop after that many decisions and return
        the game's estimate (None: play on, the game is over and its result counts).
        ``to_act`` is empty exactly when the game is over."""
        rand = rng.random
        to_act = state.to_act
        policy = self.policy
        # Decisions left before the cutoff (-1: none).
        budget = self.cutoff or -1
        deadline = self._deadline
        steps = 0
        if policy is not None:
            left = self.horizon or -1
            eps = self.rollout_eps
            while to_act and left and budget:
                seat = to_act[0] if len(to_act) == 1 else to_act[int(rand() * len(to_act))]
                legal = state.legal_actions(seat)
                if len(legal) == 1:
                    action = legal[0]
                elif eps and rand() < eps:
                    action = legal[int(rand() * len(legal))]
                else:
                    action = policy.choose(state.view(seat), legal, rng)
                state.apply(seat, action)
                left -= left > 0
                budget -= budget > 0
                to_act = state.to_act
                steps += 1
                if deadline and not steps % ROLLOUT_CHECK and _time.perf_counter() > deadline:
                    raise _OutOfTime
        while True:
            while to_act and budget:
                seat = to_act[0] if len(to_act) == 1 else to_act[int(rand() * len(to_act))]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[int(rand() * len(legal))])
                budget -= budget > 0
                to_act = state.to_act
                steps += 1
                if deadline and not steps % ROLLOUT_CHECK and _time.perf_counter() > deadline:
                    raise _OutOfTime
            if not to_act:
                return None
            estimate = state.estimate()
            if estimate is not None:
                return estimate
            budget = -1  # no estimate here (between battles): play on to the end


def _variance(st: list[float]) -> float:
    """Variance of the mean return of one entry (at least that of one win and one loss in n + 1)."""
    n = st[_VISITS]
    mean = st[_TOTAL] / n
    return max(st[_SQUARES] / n - mean * mean, 1.0 / (n + 1)) / n


def _heuristic(game: Game) -> str:
    """The game's own heuristic, or ``none`` where it has none."""
    return f"{game.name}.heuristic" if "heuristic" in game.info.agents else "none"


def _helper(game: Game, option: str, name: Any) -> Agent | None:
    """The agent named by option ``rollout`` or ``guide`` (None: random rollouts, no guide)."""
    allowed = [a for a in agent_names(game) if a not in NOT_HELPERS]
    if option == "guide":
        allowed.append("none")
    if not isinstance(name, str) or ":" in name or "=" in name:
        raise OptionError(f"{option} must be an agent name without options, one of: {', '.join(allowed)}")
    if name in ("random", "none") and name in allowed:
        return None
    if name in NOT_HELPERS:
        why = {
            "human": "a person cannot",
            "ismcts": "a search cannot (a search inside every step of a search)",
            "policy": "a policy needs its file (policy:path=FILE), which a helper's name cannot give, so it cannot",
        }[name]
        raise OptionError(f"{option}={name}: {why} {HELPS[option]}; choose one of: {', '.join(allowed)}")
    if name not in allowed:
        raise OptionError(f"{option}={name}: no such agent for {game.name}; choose one of: {', '.join(allowed)}")
    return make_agent(name, game)
