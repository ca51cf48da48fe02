"""2 vs 2: teams pick who starts in the ring, catch their breath, tag out, and the
first team to knock out one opponent wins the fight."""

import comboarena as ca

from .helpers import act, done_discarding, fv, new, only, play

# Seats 0 (Boris) and 2 (Junior) are one team, 1 (Grace) and 3 (Lucia) the other.
TAG = ("boris", "grace", "junior", "lucia")


def tag_state(grace=None, boris=None):
    deck = [
        boris or {"hand": ["hf", "iw", "cc", "pa", "hs"], "discard": ["bk", "ts"]},
        grace or {"hand": ["ls", "lj", "wd", "sb", "fs"], "draw": ["sk"] * 4},
        {"hand": ["nd", "nd", "gp", "ab", "ws"], "draw": ["sp"] * 4},
        None,
    ]
    return new(TAG, mode="tag", deck=deck)


def test_teams_are_partners_and_each_team_picks_its_starter_in_secret():
    state = tag_state()
    assert state.game.teams == ((0, 2), (1, 3)) and state.game.players == 4
    assert state.phase == "pick" and state.to_act == (0, 1)
    assert [str(a) for a in state.legal_actions(0)] == ["boris", "junior"]
    assert [str(a) for a in state.legal_actions(1)] == ["grace", "lucia"]
    assert state.legal_actions(2) == []
    events = state.apply(0, "junior")
    pick = only(events, "pick")
    assert ca.events_for([pick], 2)[0].data == {"fighter": "junior"}  # the teammate sees it
    assert ca.events_for([pick], 1)[0].data == {} and ca.events_for([pick], None)[0].data == {}
    assert state.view(1)["picked"] == [True, False] and state.view(1)["pick"] is None
    assert state.view(2)["pick"] == "junior" and "junior" not in str(state.view(1)["pick"])
    events = state.apply(1, "grace")
    assert only(events, "ring").data == {"seats": [2, 1]}
    assert state.phase == "play" and state.to_act == (2, 1) and state.view(None)["ring"] == [2, 1]


def test_the_winners_teammate_catches_their_breath_and_the_winner_may_tag_out():
    state = tag_state()
    act(state, 0, "junior")
    act(state, 1, "grace")
    play(state, "nd", "ls")  # Junior's attack beats Grace's footwork
    act(state, 2, "end")
    act(state, 1, "deck")
    # Boris, Junior's teammate, shuffles a card from his discard pile back into his deck.
    assert state.phase == "breath" and state.to_act == (0,)
    assert [str(a) for a in state.legal_actions(0)] == ["bk", "ts", "pass"]
    deck = fv(state, 0)["deck"]
    events = act(state, 0, "ts")
    assert only(events, "breath").data == {"card": "ts"}
    assert fv(state, 0)["discard"] == ["bk"] and fv(state, 0)["deck"] == deck + 1
    # Only the fighters in the ring discard and refill; then the round's winner may tag out.
    assert state.phase == "discard" and state.to_act == (2, 1)
    done_discarding(state)
    assert state.phase == "tag" and state.to_act == (2,)
    assert [str(a) for a in state.legal_actions(2)] == ["tag", "stay"]
    events = act(state, 2, "tag")
    assert only(events, "tag").data == {"partner": 0}
    assert state.view(None)["ring"] == [0, 1] and state.phase == "play" and state.to_act == (0, 1)


def test_staying_in_keeps_the_ring():
    state = tag_state()
    act(state, 0, "junior")
    act(state, 1, "grace")
    play(state, "nd", "ls")
    act(state, 2, "end")
    act(state, 1, "deck")
    act(state, 0, "pass")
    done_discarding(state)
    act(state, 2, "stay")
    assert state.view(None)["ring"] == [2, 1]


def test_knocking_out_one_opponent_wins_the_fight_for_the_team():
    state = tag_state(grace={"hand": ["ls", "lj", "wd", "sb", "fs"], "draw": [], "rest": "discard"})
    act(state, 0, "junior")
    act(state, 1, "grace")
    play(state, "nd", "ls")
    events = act(state, 2, "end")
    assert only(events, "ko").seat == 1
    assert only(events, "fight_over").data == {"fight": 1, "winner": 0, "wins": [1, 0]}
    # Lucia is still standing, but the fight is over; the next one starts with a pick.
    assert state.phase == "pick" and state.view(None)["fight"] == 2


def test_a_team_wins_or_loses_the_match_together():
    state = new(
        TAG,
        mode="tag",
        best_of=1,
        deck=[None, {"hand": ["ls", "lj", "wd", "sb", "fs"], "draw": [], "rest": "discard"}, None, None],
    )
    act(state, 0, "boris")
    act(state, 1, "grace")
    play(state, "hf", "ls")
    act(state, 0, "end")
    r = state.result()
    assert r.winners == (0, 2) and r.returns == (1, -1, 1, -1) and r.scores == (1, 0, 1, 0)
