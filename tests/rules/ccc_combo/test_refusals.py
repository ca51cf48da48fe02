"""Every refusal says why, in the rulebook's terms, and what is legal; it changes nothing."""

import pytest

import comboarena as ca

from .helpers import act
from .positions import GAME, load

HANDS = [["7H", "2C", "KH", "8C"], ["9S", "8S"], ["3D", "4S"], ["5D", "8H", "JS"]]
PILES = [["KD"], ["5H"], ["8D"], ["3H"]]


def play():
    """Seat 0's turn (BPs: seats 0 and 1)."""
    return load(GAME, hands=HANDS, piles=PILES)


def seat2s_turn():
    return load(GAME, hands=HANDS, piles=PILES, turn=2, turns=2)


def window(*answered):
    """Seat 0 played 7H on seat 1's pile (a burn); ``answered`` seats passed."""
    state = play()
    act(state, (0, "7H>1"), *((s, "pass") for s in answered))
    return state


def burning():
    state = window(1, 2, 3)  # nobody countered: seat 1 burns 1 of its 2 cards
    assert state.view(None)["burn"] == {"seat": 1, "owed": 1}
    return state


def healing():
    state = play()
    act(state, (0, "discard 2C"))  # seat 0, a Big Player, owes its draw
    return state


def before_the_deal(*named):
    state = ca.make("ccc-combo").new_state(seed=3)
    act(state, *named)
    return state


def over():
    state = load(GAME, hands=[["7H", "AS"], ["2C"], ["3D", "4S"], ["4C", "5S"]], piles=PILES)
    act(state, (0, "7H>1"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "draw"))
    assert state.is_over
    return state


CASES = [
    # the turn's play
    (play, 1, "discard 9S", "it is seat 0's turn"),
    (play, 3, "5D>1", "it is seat 0's turn; out of turn a COUNTER may only answer a COMBO, in the reaction window"),
    (play, 0, "discard AH", "you do not hold AH"),
    (play, 0, "6H>1", "you do not hold 6H"),
    (play, 0, "KH>0", "you may not play on your own pile on your turn"),
    (play, 0, "8C>1", r"8C on 5H \(seat 1's pile\) is neither a COMBO \(needs hearts\) nor a COUNTER \(needs a five\)"),
    (play, 0, "2C>2", r"neither a COMBO \(needs diamonds\) nor a COUNTER \(needs an eight\)"),
    (play, 0, "pass", "there is no COMBO to answer; on your turn you play a card on another pile"),
    (play, 0, "burn 2C", "you burn only when a COMBO on your pile stands; on your turn you play a card"),
    (play, 0, "heal", "you are not owed a draw now; on your turn you play a card"),
    (play, 0, "bp 2", "the Big Players are named already; on your turn"),
    (seat2s_turn, 2, "heal", r"only a Big Player may HEAL, when they draw \(seat 0 is your team's\); on your turn"),
    (play, 2, "draw", r"only a Big Player may HEAL, when they draw \(seat 0 is your team's\)"),
    # the reaction window
    (window, 0, "pass", "you played the COMBO; the other players may counter it"),
    (lambda: window(2), 2, "pass", "you have already answered this reaction window"),
    (window, 3, "8H>3", "out of turn a COUNTER may only answer the COMBO just played, on seat 1's pile"),
    (
        window,
        3,
        "8H>1",
        "8H is of the pile's suit, but a COMBO is played only on your turn; a COUNTER to 7H needs a seven",
    ),
    (window, 3, "5D>1", "a COUNTER to 7H needs a seven"),
    (window, 3, "7S>1", "you do not hold 7S"),
    (
        window,
        3,
        "discard 5D",
        r"a DISCARD is played only on your turn; in the reaction window you pass or COUNTER the COMBO just played "
        r"\(a seven on pile 1\)",
    ),
    (window, 1, "burn 9S", "nothing burns before the COMBO stands; in the reaction window"),
    (
        window,
        2,
        "draw",
        r"only a Big Player may HEAL, when they draw \(seat 0 is your team's\); in the reaction window",
    ),
    (window, 1, "heal", "you are not owed a draw now; in the reaction window"),
    (window, 3, "bp 3", "the Big Players are named already; in the reaction window"),
    # burning
    (burning, 3, "pass", r"seat 1 is burning cards \(1 more card to burn\)"),
    (burning, 1, "9S>0", r"you burn 1 more card before anything else happens; burn one card you hold per decision"),
    (burning, 1, "burn 2C", "you do not hold 2C"),
    (burning, 1, "heal", "you are not owed a draw now; burn one card you hold"),
    # a Big Player's draw
    (healing, 0, "discard 8C", r"you are owed a draw of 1 card \(turn\): draw, or heal \(your partner, seat 2, draws"),
    (healing, 2, "heal", r"only a Big Player may HEAL, when they draw \(seat 0 is your team's\)"),
    (healing, 1, "heal", r"seat 0 \(Big Player\) decides to draw or heal \(1 card, turn draw\)"),
    # naming the Big Players
    (before_the_deal, 2, "bp 2", "the Big Players are named by seats 0 and 1"),
    (before_the_deal, 0, "bp 1", r"seat 1 is not on your team \(name seat 0 or 2\)"),
    (before_the_deal, 0, "discard 2C", r"no cards are dealt before the Big Players are named; now each team names"),
    (before_the_deal, 0, "heal", r"only a Big Player may HEAL, when they draw \(your team has none yet\)"),
    (lambda: before_the_deal((1, "bp 3")), 1, "bp 1", "your team has named its Big Player"),
    # the end
    (over, 2, "discard 3D", "no move is made after the end; the game is over"),
]


@pytest.mark.parametrize(("setup", "seat", "move", "why"), CASES, ids=[f"{c[0].__name__}-{c[1]}-{c[2]}" for c in CASES])
def test_a_refusal_says_why_and_what_is_legal_and_changes_nothing(setup, seat, move, why):
    state = setup()
    before = state.clone()
    with pytest.raises(ca.IllegalAction, match=why) as refused:
        state.apply(seat, move)
    assert state == before
    message = str(refused.value)
    assert message.startswith(f"{move} is not allowed: ")
    legal = state.legal_actions(seat)
    if legal:
        assert f"legal now for seat {seat}: {', '.join(str(a) for a in legal[:30])}" in message
    elif state.is_over:
        assert message.endswith("the game is over")
    else:
        assert f"seat {seat} has nothing to do now; waiting for seat(s) {', '.join(map(str, state.to_act))}" in message


def test_a_seat_that_is_not_at_the_table_is_told_which_seats_there_are():
    with pytest.raises(ca.IllegalAction, match=r"no seat 4 at this table; seats are 0..3"):
        play().apply(4, "discard 7H")
