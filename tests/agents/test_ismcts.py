"""ISMCTS's options: rollout agents, the guide, trust; and what it does with them."""

import random

import pytest
from typer.testing import CliRunner

import comboarena as ca
from comboarena.agents import Agent, describe_agents
from comboarena.agents.ismcts import ISMCTS
from comboarena.cli import app
from tests.rules.sixteen.helpers import new, play

SIXTEEN = ca.make("sixteen")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:c=nan", "option c must be a finite number, got nan"),
        ("ismcts:c=inf", "option c must be a finite number, got inf"),
        ("ismcts:time=-inf", "option time must be a finite number"),
        ("ismcts:iters=1e999", "option iters must be a finite number"),
        ("ismcts:prior=NaN", "option prior must be a finite number"),
        ("ismcts:trust=nan", "option trust must be a finite number"),
        ("ismcts:rollout_eps=nan", "option rollout_eps must be a finite number"),
        ("ismcts:horizon=inf", "option horizon must be a finite number"),
        ("ismcts:iters=true", "iters must be a number, got True"),
        ("ismcts:iters=2.5", "iters must be a whole number"),
        ("ismcts:horizon=-1", "horizon must be at least 0"),
        ("ismcts:cutoff=-1", "cutoff must be at least 0"),
        ("ismcts:cutoff=2.5", "cutoff must be a whole number"),
        ("ismcts:cutoff=10", "cutoff needs a game that estimates positions, and sixteen has no estimate"),
        ("ismcts:prior=-1", "prior must be at least 0"),
        ("ismcts:trust=-0.5", "trust must be at least 0"),
        ("ismcts:rollout_eps=2", "rollout_eps must be at least 0 and at most 1"),
        ("ismcts:c=-1", "c must be at least 0"),
        ("ismcts:rollout=human", "rollout=human: a person cannot play rollouts"),
        ("ismcts:rollout=ismcts", "rollout=ismcts: a search cannot"),
        ("ismcts:guide=human", "guide=human: a person cannot guide the search"),
        ("ismcts:guide=ismcts:prior=0", "guide=ismcts: a search cannot"),
        (
            "ismcts:rollout=alphazero",
            "no such agent for sixteen; choose one of: first, random, sixteen.heuristic, sixteen.learned$",
        ),
        ("ismcts:rollout=ccc-combo.heuristic", "rollout=ccc-combo.heuristic: no such agent for sixteen"),
        ("ismcts:rollout=sixteen.heuristic=1", "rollout must be an agent name without options"),
        ("ismcts:rollout=3", "rollout must be an agent name without options"),
        ("sixteen.heuristic:x=nan", "option x must be a finite number"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(spec, message):
    with pytest.raises(ca.OptionError, match=message):
        ca.make_agent(spec, SIXTEEN)


def test_every_agent_refuses_non_finite_numbers():
    game = ca.make("combo-fighter")
    with pytest.raises(ca.OptionError, match="option temperature must be a finite number, got nan"):
        ca.make_agent("combo-fighter.heuristic:temperature=nan", game)
    with pytest.raises(ca.OptionError, match="finite"):
        ISMCTS(SIXTEEN, c=float("nan"))  # built directly, not by name


def test_options_are_read_and_defaults_follow_the_guide():
    agent = ca.make_agent(
        "ismcts:iters=50:rollout=sixteen.heuristic:horizon=4:rollout_eps=0.1:prior=0.3:trust=2:c=1.5", SIXTEEN
    )
    assert (agent.iters, agent.horizon, agent.rollout_eps, agent.prior, agent.trust, agent.c) == (
        50, 4, 0.1, 0.3, 2.0, 1.5,
    )
    assert agent.policy.name == "sixteen.heuristic" and agent.guide is agent.policy
    plain = ca.make_agent("ismcts", SIXTEEN)
    assert plain.policy is None and plain.guide.name == "sixteen.heuristic"
    assert (plain.iters, plain.c, plain.horizon, plain.prior, plain.trust) == (400, 0.7, 0, 2.0, 3.0)
    assert ca.make_agent("ismcts:guide=none", SIXTEEN).guide is None
    assert ca.make_agent("ismcts:prior=0", SIXTEEN).guide is None
    assert ca.make_agent("ismcts:guide=first", SIXTEEN).guide.name == "first"


def test_rules_list_every_agent_with_its_options():
    lines = describe_agents(SIXTEEN)
    ismcts = next(line for line in lines if line.startswith("ismcts:"))
    for option in ("iters=400", "c=0.7", "rollout=random", "horizon=0", "rollout_eps=0.0", "guide=auto", "trust="):
        assert option in ismcts
    out = CliRunner().invoke(app, ["rules", "sixteen"], env={"COLUMNS": "300"})
    assert out.exit_code == 0 and "rollout=random" in out.output and "sixteen.heuristic" in out.output


def _draws_in(spec, state):
    (seat,) = state.to_act
    legal = state.legal_actions(seat)
    assert "draw" in map(str, legal)
    agent = ca.make_agent(spec, state.game)
    return str(agent.choose(state.view(seat), legal, random.Random(7))) == "draw"


def _strict_positions():
    """Turns where drawing is legal under strict rules: a dealt hand, and positions
    from games of the heuristic (who always draws) a few turns in."""
    yield new([["1R", "2R", "3R"], ["4G", "5G", "6G"]], ["0B", "1B", "2B", "3B"], draw="strict")
    game = ca.make("sixteen", draw="strict")
    heuristic = ca.make_agent("sixteen.heuristic", game)
    for seed, turns in ((3, 6), (4, 12), (5, 20)):
        state = game.new_state(seed=seed)
        for _ in range(turns):
            (seat,) = state.to_act
            state.apply(seat, heuristic.choose(state.view(seat), state.legal_actions(seat), random.Random(seed)))
        assert "draw" in map(str, state.legal_actions(state.to_act[0]))
        yield state


@pytest.mark.parametrize("spec", ["ismcts:iters=60:rollout=sixteen.heuristic", "ismcts:iters=200"])
def test_ismcts_draws_under_strict_rules(spec):
    # Not drawing leaves you a card short for the rest of the game (the heuristic that
    # skips one draw in ten wins 17% against itself). Random rollouts rate skipping
    # *higher* (random players who always draw lose to random players), so the
    # default relies on the guide and the trust rule; heuristic rollouts see it.
    for state in _strict_positions():
        assert _draws_in(spec, state), state.view(state.to_act[0])


class Spy(Agent):
    """Records what a helper agent is given and plays at random."""

    def __init__(self):
        self.calls = []

    def choose(self, view, legal, rng):
        self.calls.append((view, legal))
        return legal[int(rng.random() * len(legal))]


def test_rollout_and_guide_agents_see_only_views_of_the_sampled_state():
    state = new([["6R", "3G", "1B"], ["4O", "2B", "3O"]], ["6G", "1R", "2R", "5O"], draw="strict")
    agent = ISMCTS(state.game, iters=40, rollout="first", guide="first", horizon=5)
    agent.policy = agent.guide = spy = Spy()
    action = agent.choose(state.view(0), state.legal_actions(0), random.Random(1))
    assert action in state.legal_actions(0)
    keys = set(state.view(0))
    assert len(spy.calls) > 40
    for view, legal in spy.calls:
        assert type(view) is dict and set(view) == keys
        assert view["seat"] in view["to_act"]
        # The hand in the view is the hand the legal plays come from: the deciding seat's own.
        assert {a.card for a in legal if str(a) != "draw"} <= set(view["hand"])


def test_a_rollout_agent_that_watches_events_hears_them():
    game = ca.make("combo-fighter")
    agent = ca.make_agent("ismcts:iters=10:rollout=combo-fighter.heuristic:horizon=5", game)
    assert agent.wants_events and agent.policy.wants_events
    agent.reset(0)
    state = game.new_state(seed=2)
    events = []
    for seat in state.to_act:
        events += state.apply(seat, state.legal_actions(seat)[0])
    agent.observe(ca.events_for(events, 0))
    assert sum(agent.policy.habits[1]) == 1.0  # the opponent's revealed card, counted by kind


def test_trust_keeps_the_guides_move_unless_search_is_confident():
    # 10 on the pile: 6G wins the set now; the guide 'first' always plays the lowest card.
    def state():
        s = new([["6R", "6G", "1B"], ["4O", "2B", "3O"]], ["5G", "1R", "2R", "5O"])
        play(s, "6R", "4O")
        return s

    def choose(spec):
        s = state()
        return str(ca.make_agent(spec, s.game).choose(s.view(0), s.legal_actions(0), random.Random(2)))

    assert choose("ismcts:iters=150:guide=none") == "6G"
    assert choose("ismcts:iters=150:guide=first:trust=1000") == "1B"
    assert choose("ismcts:iters=150:guide=first:trust=1") == "6G"


@pytest.mark.parametrize(
    ("name", "options"),
    [("sixteen", {"players": 4, "draw": "loose"}), ("ccc-combo", {}), ("combo-fighter", {"best_of": 1})],
)
def test_guided_and_heuristic_rollout_searches_play_whole_games(name, options):
    game = ca.make(name, **options)
    specs = [f"ismcts:iters=4:rollout={name}.heuristic:horizon=6:rollout_eps=0.2", "ismcts:iters=4"]
    agents = [ca.make_agent(specs[s % 2], game) for s in range(game.players)]
    for seat, agent in enumerate(agents):
        agent.reset(seat)
    rng = random.Random(3)
    state = game.new_state(seed=3)
    while not state.is_over:
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        action = agents[seat].choose(state.view(seat), legal, rng)
        assert action in legal
        events = state.apply(seat, action)
        for s, agent in enumerate(agents):
            if agent.wants_events:
                agent.observe(ca.events_for(events, s))
    assert state.result().returns


def test_a_game_without_a_heuristic_gets_plain_ismcts_by_default():
    from types import SimpleNamespace

    toy = SimpleNamespace(name="toy", info=SimpleNamespace(agents={}))
    agent = ISMCTS(toy)
    assert agent.policy is None and agent.guide is None and agent.guide_name == "none"
    with pytest.raises(ca.OptionError, match=r"no such agent for toy; choose one of: first, random$"):
        ISMCTS(toy, rollout="toy.heuristic")


def test_cutoff_stops_each_rollout_and_backs_up_the_games_estimate():
    game = ca.make("16-bit-tactics")
    rng = random.Random(3)
    cut = ca.make_agent("ismcts:iters=4:cutoff=5:guide=none", game)
    state = game.new_state(seed=7)
    returns = cut._rollout(state, rng)
    assert len(state.history) == 5 and not state.is_over
    assert returns == state.estimate() and len(returns) == game.players
    full = ca.make_agent("ismcts:iters=4:guide=none:cutoff=0", game)  # no cutoff: to the end
    state = game.new_state(seed=7)
    assert full._rollout(state, rng) is None and state.is_over
    # The rollout agent's decisions count towards the cutoff too.
    guided = ca.make_agent("ismcts:iters=4:cutoff=3:rollout=16-bit-tactics.heuristic", game)
    state = game.new_state(seed=7)
    assert guided._rollout(state, rng) == state.estimate() and len(state.history) == 3


def test_where_the_estimate_is_blind_a_cut_search_plays_its_guides_pick_unsearched(monkeypatch):
    # 16 Combos' Preparing Pairs: the estimate counts pairs and total value, which no order
    # of placing changes, so a search that cuts its rollouts plays the heuristic's card there.
    game = ca.make("16-combos")
    assert game.ismcts_guided == frozenset({"preparing pairs"})
    state = game.new_state(seed=22)
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    assert view["phase"] == "preparing pairs" and len(legal) > 1
    heuristic = ca.make_agent("16-combos.heuristic", game)
    heuristic.reset(seat)
    wanted = heuristic.choose(view, legal, random.Random(0))
    sampled = []
    real = game.determinize
    monkeypatch.setattr(game, "determinize", lambda *a: sampled.append(1) or real(*a))

    def choose(spec):
        agent = ca.make_agent(spec, game)
        agent.reset(seat)
        return agent.choose(view, legal, random.Random(0))

    assert choose("ismcts:iters=50") == wanted and not sampled  # unsearched
    # Rollouts to the end (cutoff=0), or no guide: the placement is searched as any decision.
    choose("ismcts:iters=5:cutoff=0")
    assert len(sampled) == 5
    choose("ismcts:iters=5:guide=none")
    assert len(sampled) == 10
    # After Preparing Pairs the search searches.
    while state.view(state.to_act[0])["phase"] == "preparing pairs":
        s = state.to_act[0]
        state.apply(s, state.legal_actions(s)[0])
    s = state.to_act[0]
    while len(state.legal_actions(s)) < 2:
        state.apply(s, state.legal_actions(s)[0])
        s = state.to_act[0]
    view, legal = state.view(s), state.legal_actions(s)
    agent = ca.make_agent("ismcts:iters=5", game)
    agent.reset(s)
    assert agent.choose(view, legal, random.Random(0)) in legal and len(sampled) == 15


class _Clock:
    """A clock that moves one second each time it is read (the search reads it itself)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += 1.0
        return self.now


def test_the_time_budget_is_honoured_inside_a_long_rollout(monkeypatch):
    """``time`` bounds a decision even where one rollout is long: a search with heuristic
    rollouts to the end of a 16 Bit Tactics battle (hundreds of decisions, seconds each
    rollout) stops inside its first rollout once the budget is spent, and still answers."""
    import comboarena.agents.ismcts as ismcts

    clock = _Clock()
    monkeypatch.setattr(ismcts._time, "perf_counter", clock)
    game = ca.make("16-bit-tactics")
    state = game.new_state(seed=7)
    seat = state.to_act[0]
    agent = ca.make_agent("ismcts:iters=1000:time=3:rollout=16-bit-tactics.heuristic:guide=none", game)
    applied = 0
    real_apply = type(state).apply

    def counting(self, s, action):  # every decision the search plays, tree and rollouts
        nonlocal applied
        applied += 1
        return real_apply(self, s, action)

    monkeypatch.setattr(type(state), "apply", counting)
    action = agent.choose(state.view(seat), state.legal_actions(seat), random.Random(1))
    assert action in state.legal_actions(seat)
    # The budget (3 "seconds") is gone by the clock's fourth reading: one clock read at the
    # start and one every ROLLOUT_CHECK rollout decisions, so at most a few dozen decisions.
    assert clock.reads <= 5 and applied <= 4 * ismcts.ROLLOUT_CHECK + 1, (clock.reads, applied)


def test_without_a_time_budget_the_clock_is_not_read(monkeypatch):
    import comboarena.agents.ismcts as ismcts

    clock = _Clock()
    monkeypatch.setattr(ismcts._time, "perf_counter", clock)
    game = ca.make("sixteen")
    state = game.new_state(seed=1)
    ca.make_agent("ismcts:iters=20", game).choose(state.view(0), state.legal_actions(0), random.Random(0))
    assert clock.reads == 0
