"""Double elimination (Combo Fighter's tournament rules)."""

import random

import pytest

import comboarena as ca
from comboarena.games.combo_fighter.tournament import (
    Entrant,
    choose_characters,
    double_elimination,
    parse_entrant,
)
from comboarena.sim.tournament import check_tournament, play_match, rules_of, run_tournament


def field(n):
    return [Entrant(f"e{i}", "random", ("boris", "grace")) for i in range(n)]


def by_strength(strength, upset=None):
    """A game where the stronger entrant wins (or where ``upset`` names who wins)."""

    def play(p1, f1, p2, f2, seed):
        a, b = strength[p1.label], strength[p2.label]
        surprise = upset(p1, p2, seed) if upset is not None else None
        if surprise is not None:
            return surprise, (2, 1) if surprise == 0 else (1, 2)
        return (0, (2, 0)) if a > b else (1, (0, 2))

    return play


@pytest.mark.parametrize("n", range(2, 11))
def test_everyone_but_the_champion_is_out_after_two_losses(n):
    entrants = field(n)
    rng = random.Random(n)
    strength = {e.label: rng.random() for e in entrants}
    coin = random.Random(n + 100)

    def upset(p1, p2, seed):
        return coin.randrange(2) if coin.random() < 0.3 else None

    bracket = double_elimination(entrants, by_strength(strength, upset), seed=n)
    champion = bracket.champion
    assert sorted(e.label for e in bracket.standings) == sorted(e.label for e in entrants)
    assert bracket.losses(champion) <= 1
    assert all(bracket.losses(e) == 2 for e in entrants if e is not champion)
    played = [m for m in bracket.matches if m.loser is not None]
    assert len(played) in (2 * n - 2, 2 * n - 1)  # one more with a bracket reset
    # Nobody plays after a second loss.
    losses = dict.fromkeys((e.label for e in entrants), 0)
    for m in played:
        assert losses[m.winner.label] < 2 and losses[m.loser.label] < 2
        losses[m.loser.label] += 1


def test_the_strongest_entrant_wins_unbeaten():
    entrants = field(8)
    strength = {e.label: i for i, e in enumerate(entrants)}
    bracket = double_elimination(entrants, by_strength(strength), seed=3)
    assert bracket.champion.label == "e7" and bracket.losses(bracket.champion) == 0
    assert bracket.standings[1].label == "e6"  # loses only to e7: the runner-up wherever it was seeded
    assert [m.bracket for m in bracket.matches].count("final") == 1 and "reset" not in [
        m.bracket for m in bracket.matches
    ]


def test_a_losers_bracket_champion_who_wins_the_final_forces_a_reset():
    entrants = field(2)
    calls = []

    def play(p1, f1, p2, f2, seed):
        calls.append(1)
        # Entrant e0 wins the first game, then loses the next two.
        winner = p1 if len(calls) == 1 else None
        if winner is None:
            return (0, (2, 0)) if p1.label == "e1" else (1, (0, 2))
        return (0, (2, 0)) if p1.label == "e0" else (1, (0, 2))

    bracket = double_elimination(entrants, play, seed=1)
    assert [m.bracket for m in bracket.matches] == ["winners", "final", "reset"]
    assert bracket.champion.label == "e1" and bracket.losses(bracket.champion) == 1


def test_player_1_chooses_player_2s_character_then_player_2_chooses():
    p1 = Entrant("a", "random", ("boris", "grace"))
    p2 = Entrant("b", "random", ("junior", "lucia"))
    matrix = {
        ("boris", "junior"): 0.7,
        ("grace", "junior"): 0.3,  # against Junior, a's worse fighter has 30%
        ("boris", "lucia"): 0.55,
        ("grace", "lucia"): 0.45,  # against Lucia, 45%: P1 picks Lucia
    }
    mine, theirs = choose_characters(p1, p2, matrix, random.Random(0))
    assert theirs == "lucia" and mine == "grace"  # P2 then takes P1's weaker fighter against Lucia
    # Without a matrix the choices are random but always from the right rosters.
    for seed in range(10):
        mine, theirs = choose_characters(p1, p2, None, random.Random(seed))
        assert mine in p1.roster and theirs in p2.roster


def test_entrants_are_read_and_checked():
    assert parse_entrant("alice=combo-fighter.heuristic@boris,grace", 0) == Entrant(
        "alice", "combo-fighter.heuristic", ("boris", "grace")
    )
    assert parse_entrant("ismcts:iters=50@junior,lucia", 2) == Entrant(
        "ismcts#3", "ismcts:iters=50", ("junior", "lucia")
    )
    with pytest.raises(ca.OptionError, match="AGENT@FIGHTER,FIGHTER"):
        parse_entrant("random", 0)
    game = ca.make("combo-fighter")
    for bad, message in (
        ([Entrant("a", "random", ("boris", "boris")), Entrant("b", "random", ("grace", "lucia"))], "2 different"),
        ([Entrant("a", "random", ("boris", "ken")), Entrant("b", "random", ("grace", "lucia"))], "brings 'ken'"),
        ([Entrant("a", "human", ("boris", "grace")), Entrant("b", "random", ("grace", "lucia"))], "between agents"),
        ([Entrant("a", "random", ("boris", "grace"))], "at least 2"),
    ):
        with pytest.raises(ca.OptionError, match=message):
            check_tournament(game, bad)


@pytest.mark.parametrize(
    ("mode", "why"), [("solo", "plays against the rulebook's AI"), ("tag", "is 2 vs 2")]
)
def test_a_tournament_is_refused_outside_versus(mode, why):
    entrants = [Entrant("a", "random", ("boris", "grace")), Entrant("b", "random", ("junior", "lucia"))]
    expected = f"1 v 1 match between two entrants' fighters \\(mode versus\\); mode {mode} {why}"
    with pytest.raises(ca.OptionError, match=expected):
        run_tournament("combo-fighter", {"mode": mode}, entrants)


def test_the_tournament_rules_belong_to_the_game():
    rules = rules_of(ca.make("combo-fighter"))
    assert rules.double_elimination is double_elimination and rules.match_options("boris", "grace") == {
        "fighters": ("boris", "grace")
    }
    with pytest.raises(ca.OptionError, match="sixteen has no tournament rules"):
        rules_of(ca.make("sixteen"))


def test_a_tournament_game_is_a_whole_match_with_the_chosen_characters():
    a = Entrant("a", "random", ("boris", "grace"))
    b = Entrant("b", "combo-fighter.heuristic", ("junior", "lucia"))
    game = play_match("combo-fighter", {}, a, "grace", b, "junior", seed=3)
    assert game.winner in (0, 1) and max(game.score) == 2
    # Player 1's chosen character at seat 0, Player 2's at seat 1, for every fight of the match.
    assert game.record.options["fighters"] == ("grace", "junior") and game.record.result is not None
    assert ca.replay(game.record).result().winners == (game.winner,)


def test_the_bracket_uses_the_rulebooks_character_choice():
    entrants = [
        Entrant(f"e{i}", "random", roster)
        for i, roster in enumerate([("boris", "grace"), ("junior", "lucia"), ("grace", "lucia"), ("boris", "junior")])
    ]
    seen = []

    def play(p1, f1, p2, f2, seed):
        seen.append((p1, f1, p2, f2))
        return 0, (2, 0)

    bracket = double_elimination(entrants, play, seed=5)
    assert len(seen) == len([m for m in bracket.matches if m.loser is not None])
    assert all(f1 in p1.roster and f2 in p2.roster for p1, f1, p2, f2 in seen)
    # Player 1 is drawn at random for every game.
    lower_first = total = 0
    for seed in range(20):
        for m in double_elimination(entrants, play, seed=seed).matches:
            if m.loser is not None:
                pair = sorted((m.winner.label, m.loser.label))
                lower_first += m.player1.label == pair[0]
                total += 1
    assert 0.3 < lower_first / total < 0.7
