"""The names Combo Fighter's views, events and positions use, declared once.

The state writes them; the text UI, the heuristic, the encoder and the
position reader read them; ``docs/games/combo-fighter.md`` documents each. A
:class:`FighterView` is a plain JSON dict; the ``TypedDict`` lets mypy check
every key that is read.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, TypedDict


class Phase(StrEnum):
    """What is being decided now (``view["phase"]``)."""

    #: 2 vs 2: each team names the fighter that starts the fight in the ring.
    PICK = "pick"
    #: Both fighters in the ring play a card face down.
    PLAY = "play"
    #: A fighter whose attack lost or tied against an attack may use a retroactive power.
    RETRO = "retro"
    #: The round's winner continues the combo, ends it or calls a Signature Combo.
    COMBO = "combo"
    #: The damaged fighters discard one card per point, from hand or deck.
    DAMAGE = "damage"
    #: 2 vs 2: the round winner's teammate may shuffle a discarded card back into the deck.
    BREATH = "breath"
    #: End of the round: optional discards before refilling.
    DISCARD = "discard"
    #: 2 vs 2: the round's winner may tag out.
    TAG = "tag"
    #: The match is over.
    OVER = "over"


class RetroState(StrEnum):
    """A fighter's retroactive power this round (``fighters[s]["retro"]``)."""

    NONE = "none"
    OFFERED = "offered"
    USED = "used"
    DECLINED = "declined"


class Risk(StrEnum):
    """What a damage choice would cost that another choice would not (``fighters[s]["risks"]``)."""

    #: The choice empties the deck during the hit: the fighter is Staggering after it, and
    #: the next hit knocks them out, while taking cards from the hand instead would not.
    STAGGER = "stagger"


class EventKind(StrEnum):
    """``Event.kind`` of Combo Fighter's events (``docs/games/combo-fighter.md`` lists the data)."""

    #: ``{"fight", "wins"}``: a fight begins (every fighter set up afresh).
    FIGHT = "fight"
    #: 2 vs 2, ``{}``; private to the team: ``{"fighter"}``.
    PICK = "pick"
    #: 2 vs 2, ``{"seats"}``: who is in the ring.
    RING = "ring"
    #: ``{}``, private to the player: ``{"card"}`` (played face down).
    CHOOSE = "choose"
    #: ``{"round", "seats", "cards", "winner", "why"}``: both cards turned over, the Win Circle's verdict.
    REVEAL = "reveal"
    #: ``{"power", "speed", "paid"}``: a retroactive power used.
    POWER = "power"
    #: ``{}``: a retroactive power (or 2 vs 2, catching breath) declined.
    PASS = "pass"
    #: ``{"winner", "why"}``: the round's winner changed after a retroactive power.
    OUTCOME = "outcome"
    #: ``{"card", "number", "aside"?, "from_aside"?}``: a card added to the combo.
    COMBO = "combo"
    #: ``{"name", "version", "damage"}``: a Signature Combo called.
    SIGNATURE = "signature"
    #: Solo, ``{"cards"}``: the AI drew these cards after winning the round.
    AI_DRAW = "ai_draw"
    #: Solo, ``{"cards", "set_aside", "damage", "unplayed"}``: the AI's combo.
    AI_COMBO = "ai_combo"
    #: ``{"to", "amount", "how"}``: damage dealt (``how``: a :class:`DamageHow`).
    DAMAGE = "damage"
    #: ``{"cards", "from", "left"}``: cards discarded for damage (``from``: a :class:`TakeFrom`).
    TAKE = "take"
    #: ``{"deck", "again"}``: the Staggering Card shows; the discard pile is the new deck.
    STAGGER = "stagger"
    #: ``{"why"}``: a fighter knocked out.
    KO = "ko"
    #: 2 vs 2, ``{"card"}``: a card shuffled back from the discard pile.
    BREATH = "breath"
    #: ``{"card"}``: a card thrown away before refilling.
    DISCARD = "discard"
    #: ``{"count"}``, private to the fighter's player: ``{"cards"}``.
    REFILL = "refill"
    #: ``{"side", "power"}``: a Power Token turned over.
    FLIP = "flip"
    #: 2 vs 2, ``{"partner"}``: the round's winner tagged out.
    TAG = "tag"
    #: ``{"fight", "winner", "wins"}``: a fight ended (``winner`` -1: drawn).
    FIGHT_OVER = "fight_over"
    #: The match's result (``Result.to_dict()``).
    END = "end"


class DamageHow(StrEnum):
    """How damage was dealt (``damage`` events' ``how``)."""

    OPENING = "opening"
    COMBO = "combo"
    SIGNATURE = "signature"
    #: Solo: the AI's combo plus 1 for each card it drew but did not play.
    SOLO = "solo"


class TakeFrom(StrEnum):
    """Where damage was taken from (``take`` events' ``from``)."""

    HAND = "hand"
    DECK = "deck"


class KoWhy(StrEnum):
    """Why a fighter was knocked out (``ko`` events' ``why``)."""

    LAST_CARD = "forced to discard the last card"
    STAGGERING = "damage while Staggering"
    NO_CARD = "no card left to play"


class Termination(StrEnum):
    """How a match ended (``Result.reason``; records keep the text): the fights won, the
    winner's first.

    A match ends once a team has won most of its ``best_of`` fights, or after
    ``best_of`` fights with one team ahead (the others drawn by double knock-outs). A
    match still level then gets an extra fight ("play an extra fight to find a
    winner"), up to three times ``best_of`` fights in all, a safety net after which
    it is drawn. So the winner has won 1 to 3 fights (``best_of`` is 1, 3 or 5).
    """

    #: Best of 1 won; or a longer match in which every other fight was drawn.
    WON_1_0 = "fights won 1-0"
    #: Best of 3 won outright; or best of 5 after drawn fights.
    WON_2_0 = "fights won 2-0"
    #: Best of 3 won in the third fight (or later, after drawn fights); or best of 5 after drawn fights.
    WON_2_1 = "fights won 2-1"
    #: Best of 5 won outright.
    WON_3_0 = "fights won 3-0"
    #: Best of 5 won 3-1.
    WON_3_1 = "fights won 3-1"
    #: Best of 5 won in the deciding fight.
    WON_3_2 = "fights won 3-2"
    #: Drawn: every fight was drawn until the safety net (never in real play).
    DRAWN_0_0 = "fights drawn 0-0"
    #: Drawn level at 1-1 at the safety net (never in real play).
    DRAWN_1_1 = "fights drawn 1-1"
    #: Best of 5 drawn level at 2-2 at the safety net (never in real play).
    DRAWN_2_2 = "fights drawn 2-2"

    @classmethod
    def won(cls, most: int, least: int) -> Termination:
        """The match won ``most`` fights to ``least``."""
        return cls(f"fights won {most}-{least}")

    @classmethod
    def drawn(cls, each: int) -> Termination:
        """The match drawn, ``each`` fights won by each team."""
        return cls(f"fights drawn {each}-{each}")


class Ev:
    """Every :class:`EventKind` member as a plain class attribute, for the rules' hot path:
    Python 3.11 reads an Enum member through its class in about 0.5 µs, a plain class
    attribute in 0.05 µs, and the rules make an event or two per step. ``Ev.X is
    EventKind.X`` (``test_encoder.py`` checks that both list the same names)."""

    FIGHT: Final = EventKind.FIGHT
    PICK: Final = EventKind.PICK
    RING: Final = EventKind.RING
    CHOOSE: Final = EventKind.CHOOSE
    REVEAL: Final = EventKind.REVEAL
    POWER: Final = EventKind.POWER
    PASS: Final = EventKind.PASS
    OUTCOME: Final = EventKind.OUTCOME
    COMBO: Final = EventKind.COMBO
    SIGNATURE: Final = EventKind.SIGNATURE
    AI_DRAW: Final = EventKind.AI_DRAW
    AI_COMBO: Final = EventKind.AI_COMBO
    DAMAGE: Final = EventKind.DAMAGE
    TAKE: Final = EventKind.TAKE
    STAGGER: Final = EventKind.STAGGER
    KO: Final = EventKind.KO
    BREATH: Final = EventKind.BREATH
    DISCARD: Final = EventKind.DISCARD
    REFILL: Final = EventKind.REFILL
    FLIP: Final = EventKind.FLIP
    TAG: Final = EventKind.TAG
    FIGHT_OVER: Final = EventKind.FIGHT_OVER
    END: Final = EventKind.END
    #: (``take`` events' ``from``, made once per point taken)
    HAND: Final = TakeFrom.HAND
    DECK: Final = TakeFrom.DECK


class FighterSeatView(TypedDict):
    """One fighter as everyone sees it (``view["fighters"][seat]``)."""

    fighter: str
    hand_size: int
    #: Cards in the deck (its order is hidden).
    deck: int
    #: The discard pile, face up, bottom first.
    discard: list[str]
    #: Cards set aside beside the Power Token.
    aside: list[str]
    #: This round's cards in the play area, in order.
    play: list[str]
    #: Positions in ``play`` that go beside the token at the end of the round.
    set_aside: list[int]
    #: Solo: the cards the AI drew this round.
    drawn: list[str]
    #: The Power Token's side facing up, ``"A"`` or ``"B"``.
    side: str
    x: int
    staggering: bool
    #: A card lies face down (which one is hidden).
    chosen: bool
    #: Damage still to take.
    damage: int
    ko: bool
    retro: str
    speed_bonus: int
    #: The token turns over at the end of this round.
    flip: bool
    #: For pending damage: each choice (``hand``, ``deck``, ``rest``) that would cost a
    #: :class:`Risk` another choice would avoid. Empty when no choice is a needless risk.
    risks: dict[str, str]


class FighterView(TypedDict, total=False):
    """What one seat (or a spectator, ``seat`` None) may know of a Combo Fighter match."""

    game: str
    seat: int | None
    mode: str
    players: int
    best_of: int
    fight: int
    round: int
    #: Fights won per team.
    wins: list[int]
    #: Each fight so far: the winning team, or -1 for a draw.
    fights: list[int]
    phase: str
    to_act: list[int]
    #: The seat in the ring for each team.
    ring: list[int]
    #: The round's winner (a seat), once revealed; None before the reveal or on a tie.
    winner: int | None
    tie: bool
    #: 2 vs 2: whether each team has named its starter.
    picked: list[bool]
    #: How many draws the state's chance has taken (shuffles and reshuffles).
    shuffles: int
    over: bool
    fighters: list[FighterSeatView]
    #: Your hand (absent for a spectator).
    hand: list[str]
    #: Your face-down card, or None.
    choice: str | None
    #: 2 vs 2: the fighter your team named to start, or None.
    pick: str | None


#: Phases in a stable order (the encoder numbers them so).
PHASES: tuple[Phase, ...] = tuple(Phase)
RETRO_STATES: tuple[RetroState, ...] = tuple(RetroState)
SIDES = ("A", "B")

__all__ = [
    "PHASES",
    "RETRO_STATES",
    "SIDES",
    "DamageHow",
    "Ev",
    "EventKind",
    "FighterSeatView",
    "FighterView",
    "KoWhy",
    "Phase",
    "RetroState",
    "Risk",
    "TakeFrom",
    "Termination",
]
