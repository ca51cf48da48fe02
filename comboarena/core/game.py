"""The game protocol: what every game declares (:class:`GameInfo`), the game
object that holds its options (:class:`Game`) and the state of one play of it
(:class:`State`).

A game package subclasses both. Agents, the simulator, the terminal and the
server see games only through these methods.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Self

from .action import Action
from .chance import Chance
from .errors import IllegalAction, InvariantError, NotationError, PositionError
from .events import Event
from .loading import load_object
from .narration import Narration
from .options import Option, resolve_options
from .position import Fields, checked, envelope, read_envelope
from .record import Record
from .result import Result

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .encoder import Encoder


@dataclass(frozen=True)
class GameInfo:
    """What a game is, declared in one place (like OpenSpiel's GameType).

    ``agents`` maps a heuristic's short name to ``"module:attribute"``; it is
    offered as ``"<game>.<name>"`` (e.g. ``sixteen.heuristic``).
    """

    name: str
    title: str
    summary: str
    rulebook: str
    options: tuple[Option, ...]
    notation: str
    min_players: int
    max_players: int
    chance: str = "shuffled deck"
    information: str = "imperfect"
    simultaneous: bool = False
    teams: bool = False
    agents: Mapping[str, str] = field(default_factory=dict)
    text_ui: str = ""
    #: ``"module:Class"`` of the game's plain-text narration (``""``: generic words).
    narration: str = ""
    #: What ``Result.scores`` counts, in a few words (``sim`` explains its score column with it).
    score: str = "the game's own score"

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise KeyError(name)


class Timer(NamedTuple):
    """A real-time limit the rules put on the decision now open.

    The engine stays turn-based and deterministic; a real-time client (the
    terminal, the server) waits ``seconds`` and then applies ``on_expiry[seat]``
    for every seat that has not answered (e.g. c-c-c-COMBO's counter window:
    "pass").
    """

    seconds: float
    on_expiry: dict[int, Action]


class Game(ABC):
    """A game with its options fixed; builds states.

    Subclasses set ``info`` and, in :meth:`_setup`, ``players`` and ``teams``.
    """

    info: ClassVar[GameInfo]
    #: The version of this game's position format (``state.position()["version"]``).
    position_version: ClassVar[int] = 1
    #: Older versions of the format that :meth:`from_position` still reads, after
    #: :meth:`_upgrade_position` has brought them to the current one.
    older_positions: ClassVar[tuple[int, ...]] = ()
    players: int
    teams: tuple[tuple[int, ...], ...]

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = resolve_options(self.info.name, self.info.options, options)
        self._setup()

    @abstractmethod
    def _setup(self) -> None:
        """Derive ``players``, ``teams`` and any tables from ``self.options``."""

    @property
    def name(self) -> str:
        return self.info.name

    def team_of(self, seat: int) -> tuple[int, ...]:
        for team in self.teams:
            if seat in team:
                return team
        raise IndexError(f"seat {seat} is not at this table (seats 0..{self.players - 1})")

    @abstractmethod
    def new_state(self, seed: int | None = None, deck: Any = None) -> State:
        """A new game. ``deck`` stacks the draw order (top first) for scenarios."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's notation; raises :class:`NotationError`."""

    @abstractmethod
    def determinize(self, view: dict[str, Any], seat: int | None, rng: random.Random) -> State:
        """A full state consistent with ``view`` (``seat``'s knowledge), hidden
        information sampled with ``rng``, with a fresh generator of its own."""

    def check_invariants(self, state: State) -> None:
        """Raise :class:`InvariantError` if the game's conservation law fails: the state's own check."""
        state.check_invariants()

    def from_position(self, data: Any) -> State:
        """The state ``data`` (a :meth:`State.position`) describes, with no history.

        Raises :class:`PositionError` saying what is wrong and where when the
        position is malformed (an unknown field, a wrong type) or impossible (a
        card twice or missing, a hand over its limit, options of another table).
        """
        if isinstance(data, dict) and data.get("version") in self.older_positions:
            data = self._upgrade_position(json.loads(json.dumps(data)), data["version"])
        fields, chance = read_envelope(self, data, self.position_version)
        state = checked(lambda: self._from_position(fields, chance))
        fields.done()
        try:
            self.check_invariants(state)
        except InvariantError as exc:
            raise PositionError(f"position is impossible: {exc}") from None
        state._start = json.loads(json.dumps(data))
        return state

    def _upgrade_position(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """A position of an older format (one of :attr:`older_positions`, given as a copy)
        rewritten in the current one. Games that list older formats override this."""
        raise PositionError(f"position.version {version} is not supported (this reads {self.position_version})")

    @abstractmethod
    def _from_position(self, fields: Fields, chance: Chance) -> State:
        """Build a state from a position's own fields (the envelope is read already);
        read every field through ``fields`` so that unknown ones are refused."""

    @abstractmethod
    def encoder(self) -> Encoder:
        """The action numbering and observations of this game with its options."""

    def catalog(self) -> dict[str, Any] | None:
        """The game's public printed content that views name by short codes
        (card texts, fighter sheets), JSON-safe; ``None`` where views explain
        themselves. Clients fetch it once per table instead of in every view."""
        return None

    def text_ui(self) -> Any:
        """The game's terminal renderer (imports rich; not used by the rules)."""
        return load_object(self.info.text_ui)(self)

    def narration(self) -> Narration:
        """The game's events and results in plain sentences (:mod:`.narration`)."""
        if not self.info.narration:
            return Narration(self)
        made: Narration = load_object(self.info.narration)(self)
        return made

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"make({self.name!r}{', ' if opts else ''}{opts})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.name, self.options) == (other.name, other.options)

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted((k, repr(v)) for k, v in self.options.items()))))


class State(ABC):
    """One play of a game. Mutated only through :meth:`apply`.

    Subclasses keep their data in slots of plain lists, tuples and ints so that
    :meth:`clone` is cheap, draw every random event from ``_chance`` (one
    :class:`Chance`), and store ``_deck`` (the stacked deck, if any), ``_start``
    (the position it began from, if any) and ``_log`` (the ``(seat, action)``
    history) for :attr:`record`.
    """

    __slots__ = ("_chance", "_deck", "_log", "_start", "game")

    game: Game
    _chance: Chance
    _deck: Any
    _start: dict[str, Any] | None
    _log: list[tuple[int, Action]]

    @classmethod
    def blank(cls, game: Game, chance: Chance, deck: Any = None) -> Self:
        """A state of this class with its game and chance and no history, before its own
        fields are set (the one constructor, ``build``, fills them in)."""
        s = object.__new__(cls)
        s.game = game
        s._chance = chance
        s._deck = deck
        s._start = None
        s._log = []
        return s

    def copy_base(self, chance: Chance | None = None) -> Self:
        """A new state of this class sharing the game, with its own copy of the chance (or
        ``chance``) and the history, before its own fields are copied (the first step of
        ``clone``)."""
        new = object.__new__(type(self))
        new.game = self.game
        new._chance = self._chance.clone() if chance is None else chance
        new._deck = self._deck
        new._start = self._start
        new._log = self._log[:]
        return new

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that owe a decision now; ``()`` when the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now, in a stable order (empty if none)."""

    @abstractmethod
    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Take ``seat``'s action (or its notation). Raises :class:`IllegalAction`
        or :class:`NotationError` and changes nothing if it is not allowed."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-safe dict of what ``seat`` may know; ``None`` is a spectator."""

    @abstractmethod
    def result(self) -> Result:
        """The outcome; raises :class:`GameNotOver` before the end."""

    def clone(self, chance: Chance | None = None) -> State:
        """An independent copy (derived from the state's declared fields: :mod:`.slots`),
        rolling ``chance`` from now on where given (a search samples one state read from a
        view many times, each with dice of its own) instead of a copy of this state's."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS (core/slots.py) and no clone()")

    def timer(self) -> Timer | None:
        """The real-time limit on the open decision, if the rules set one (default: none)."""
        return None

    def estimate(self) -> tuple[float, ...] | None:
        """Each seat's expected return from here by the game's own judgement, on the
        scale of ``result().returns``, for searches that stop their rollouts early
        (``ismcts:cutoff=N``); ``None`` where the game has none (the default)."""
        return None

    def _key(self) -> tuple[Any, ...]:
        """Everything that makes up the state, for equality (derived from the declared fields)."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS (core/slots.py) and no _key()")

    def position(self) -> dict[str, Any]:
        """The whole state as JSON data: hidden parts and the chance state included,
        with the game, its options and the position format's version.
        ``game.from_position(state.position())`` is this state (without its history).
        """
        return {**envelope(self.game, self.game.position_version, self._chance), **self._position()}

    def _position(self) -> dict[str, Any]:
        """The game's own fields of :meth:`position` (JSON-safe; derived from the declared fields)."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS (core/slots.py) and no _position()")

    def check_invariants(self) -> None:  # noqa: B027 (each game's state overrides it)
        """Raise :class:`InvariantError` if the game's conservation law fails (each game's own)."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._key() == other._key()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    @property
    def seed(self) -> int:
        """The seed the game's chance was started from."""
        return self._chance.seed

    @property
    def chance(self) -> Chance:
        """The state's one source of chance; scenarios force dice with ``state.chance.force(...)``."""
        return self._chance

    @property
    def history(self) -> list[tuple[int, Action]]:
        """The ``(seat, action)`` pairs applied so far (a copy)."""
        return list(self._log)

    @property
    def record(self) -> Record:
        result = self.result().to_dict() if self.is_over else None
        start = self._start
        return Record(
            self.game.name,
            dict(self.game.options),
            start["chance"]["seed"] if start is not None else self._chance.seed,
            self._deck,
            [(seat, str(action)) for seat, action in self._log],
            result,
            position=start,
        )

    def _action(self, action: Action | str) -> Action:
        """The action for ``action`` or its notation."""
        return self.game.parse_action(action) if isinstance(action, str) else action

    def _illegal(self, seat: int, action: Action | str, why: str) -> IllegalAction:
        """An :class:`IllegalAction` that says why and lists what is legal."""
        legal = self.legal_actions(seat) if 0 <= seat < self.game.players else []
        if legal:
            shown = ", ".join(str(a) for a in legal[:30]) + (" ..." if len(legal) > 30 else "")
            allowed = f"legal now for seat {seat}: {shown}"
        elif self.is_over:
            allowed = "the game is over"
        else:
            allowed = f"seat {seat} has nothing to do now; waiting for seat(s) {_seats(self.to_act)}"
        return IllegalAction(f"{action} is not allowed: {why}; {allowed}", why=why)


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(str(s) for s in seats)


def check_seat(game: Game, seat: object) -> int:
    """``seat`` as an int seat of ``game``, or :class:`IllegalAction`."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
        raise IllegalAction(f"no seat {seat!r} at this table; seats are 0..{game.players - 1}")
    return seat


__all__ = ["Game", "GameInfo", "NotationError", "State", "check_seat"]
