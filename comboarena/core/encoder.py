"""Encoders: a fixed numbering of a game's actions and a numeric observation of a view.

Learning libraries (OpenSpiel, PettingZoo, Gymnasium, pgx) need a fixed,
numbered action space and numbers to observe. ``game.encoder()`` returns an
:class:`Encoder` for the game with its options:

- ``num_actions``, ``action(i)``, ``index(action)``: every action the game can
  ever offer with these options, numbered stably (the order of the list the
  game gives; documented per game in ``docs/``);
- ``legal_indices(state, seat)``: the legal actions' numbers, ascending;
- ``observation_shape`` and ``observe(view)``: a flat list of floats computed
  from a view only, so it can never hold what the seat may not know; its
  layout is declared feature by feature in a :class:`Layout` (``describe()``
  prints it), and ``version`` changes whenever the layout does.

The core stays pure Python: observations are lists; adapters convert them.

An observation is filled feature by feature, by name: ``obs["hand"][i] += 1``
writes number ``i`` of the feature ``hand`` (an index outside the feature is an
``IndexError``, never a neighbour's number), ``obs["pile_sum"] = 0.5`` sets a
one-number feature, ``obs.one_hot("turn", k)`` marks one.

>>> from comboarena.core.action import Action
>>> layout = Layout()
>>> _ = layout.add("turn", 2, "1 at the seat whose turn it is")
>>> _ = layout.add("coins", 1, "coins tossed / 10")
>>> class Coin(Encoder):
...     version = 1
...     def observe(self, view):
...         obs = self.observation()
...         obs.one_hot("turn", view["turn"])
...         obs["coins"] = view["tossed"] / 10
...         return obs.values
>>> enc = Coin([Action("heads"), Action("tails")], layout)
>>> enc.num_actions, enc.index("tails"), enc.observe({"turn": 1, "tossed": 5})
(2, 1, [0.0, 1.0, 0.5])
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .action import Action
from .errors import IllegalAction

if TYPE_CHECKING:
    from .game import State


class Feature(NamedTuple):
    """A run of ``size`` numbers starting at ``start`` in an observation, and what they mean."""

    name: str
    start: int
    size: int
    doc: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """The features of an observation, in order; each :meth:`add` returns its :class:`Feature`."""

    def __init__(self) -> None:
        self.features: list[Feature] = []
        #: The features by name.
        self.by_name: dict[str, Feature] = {}
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> Feature:
        if size < 1:
            raise ValueError(f"feature {name!r} needs a size >= 1")
        if any(f.name == name for f in self.features):
            raise ValueError(f"feature {name!r} is declared twice")
        feature = Feature(name, self.size, size, doc)
        self.features.append(feature)
        self.by_name[name] = feature
        self.size += size
        return feature

    def describe(self) -> str:
        """The layout as a Markdown table (offset, size, name, meaning) for the docs."""
        rows = ["| offset | size | feature | meaning |", "|---:|---:|---|---|"]
        rows += [f"| {f.start} | {f.size} | `{f.name}` | {f.doc} |" for f in self.features]
        return "\n".join(rows)


class FeatureSlice:
    """The numbers of one feature inside an observation, indexed from 0."""

    __slots__ = ("feature", "size", "start", "values")

    def __init__(self, values: list[float], feature: Feature) -> None:
        self.values = values
        self.feature = feature
        # Copied out of the feature: an observation is filled on every step of every
        # learning loop, and these are read on every write.
        self.start = feature.start
        self.size = feature.size

    def _outside(self, i: int) -> IndexError:
        return IndexError(f"{i} is outside feature {self.feature.name!r} (size {self.size})")

    def __getitem__(self, i: int) -> float:
        if not 0 <= i < self.size:
            raise self._outside(i)
        return self.values[self.start + i]

    def __setitem__(self, i: int, value: float) -> None:
        if not 0 <= i < self.size:
            raise self._outside(i)
        self.values[self.start + i] = value

    def __len__(self) -> int:
        return self.size


class Observation:
    """An observation being filled, feature by feature, by name (see the module docstring).

    Besides ``obs[name][i] = x``, a whole feature can be written at once, which is
    what the hot loops of the encoders do (one call instead of one per number):
    :meth:`put` a list of the feature's size, or :meth:`count` indices.
    """

    __slots__ = ("features", "values")

    def __init__(self, layout: Layout) -> None:
        self.values = [0.0] * layout.size
        self.features = layout.by_name

    def __getitem__(self, name: str) -> FeatureSlice:
        return FeatureSlice(self.values, self.features[name])

    def __setitem__(self, name: str, value: float) -> None:
        """Set a one-number feature."""
        feature = self.features[name]
        if feature.size != 1:
            raise ValueError(f"feature {name!r} holds {feature.size} numbers; write obs[{name!r}][i]")
        self.values[feature.start] = value

    def one_hot(self, name: str, i: int | None) -> None:
        """Set number ``i`` of feature ``name`` to 1 (nothing for ``None``)."""
        one_hot(self.values, self.features[name], i)

    def put(self, name: str, numbers: Sequence[float]) -> None:
        """Write all of feature ``name`` from ``numbers`` (exactly its size)."""
        feature = self.features[name]
        if len(numbers) != feature.size:
            raise ValueError(f"feature {name!r} holds {feature.size} numbers, not {len(numbers)}")
        self.values[feature.start : feature.start + feature.size] = numbers

    def mark(self, name: str, indices: Iterable[int]) -> None:
        """Set number ``i`` of feature ``name`` to 1 for each ``i`` in ``indices``."""
        feature = self.features[name]
        start, size, values = feature.start, feature.size, self.values
        for i in indices:
            if not 0 <= i < size:
                raise IndexError(f"{i} is outside feature {name!r} (size {size})")
            values[start + i] = 1.0

    def count(self, name: str, indices: Iterable[int], weight: float = 1.0) -> None:
        """Add ``weight`` to number ``i`` of feature ``name`` for each ``i`` in ``indices``.

        >>> layout = Layout()
        >>> _ = layout.add("hand", 3, "cards of each kind")
        >>> obs = Observation(layout)
        >>> obs.count("hand", [0, 2, 2], 0.5)
        >>> obs.values
        [0.5, 0.0, 1.0]
        """
        feature = self.features[name]
        start, size, values = feature.start, feature.size, self.values
        for i in indices:
            if not 0 <= i < size:
                raise IndexError(f"{i} is outside feature {name!r} (size {size})")
            values[start + i] += weight


class Encoder(ABC):
    """Action numbering and observations for one game with its options.

    Subclasses pass every action the game can offer (in a stable order) and
    the :class:`Layout` of their observation, set ``version``, and implement
    :meth:`observe`.
    """

    #: Changes whenever the observation layout or the action numbering changes.
    version: int = 1

    def __init__(self, actions: Sequence[Action], layout: Layout) -> None:
        self._actions: tuple[Action, ...] = tuple(actions)
        self._index: dict[str, int] = {}
        for i, a in enumerate(self._actions):
            if a.text in self._index:
                raise ValueError(f"action {a.text!r} is numbered twice")
            self._index[a.text] = i
        self.layout = layout

    @property
    def num_actions(self) -> int:
        return len(self._actions)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.layout.size,)

    @property
    def features(self) -> list[Feature]:
        return list(self.layout.features)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action, in number order (``actions[i]`` is action number ``i``)."""
        return self._actions

    def action(self, i: int) -> Action:
        """The action numbered ``i``; raises :class:`IllegalAction` out of range."""
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self._actions):
            raise IllegalAction(f"no action number {i!r}; actions are numbered 0..{len(self._actions) - 1}")
        return self._actions[i]

    def index(self, action: Action | str) -> int:
        """The number of ``action`` (or its notation); raises :class:`IllegalAction` if the game never offers it."""
        i = self._index.get(str(action))
        if i is None:
            raise IllegalAction(f"{action} is not an action of this game with these options")
        return i

    def legal_indices(self, state: State, seat: int) -> list[int]:
        """The numbers of ``seat``'s legal actions now, ascending."""
        index = self._index
        numbers = [index[a.text] for a in state.legal_actions(seat)]
        numbers.sort()
        return numbers

    def legal_mask(self, state: State, seat: int) -> list[int]:
        """``num_actions`` zeros and ones: 1 where the action is legal now."""
        mask = [0] * len(self._actions)
        for i in self.legal_indices(state, seat):
            mask[i] = 1
        return mask

    def blank(self) -> list[float]:
        """An observation of zeros, to fill in."""
        return [0.0] * self.layout.size

    def observation(self) -> Observation:
        """An observation of zeros, to fill in feature by feature (``.values`` is the list)."""
        return Observation(self.layout)

    @abstractmethod
    def observe(self, view: dict[str, Any]) -> list[float]:
        """The view as ``observation_shape`` numbers (flat), computed from the view only."""

    def observe_state(self, state: State, seat: int | None) -> list[float]:
        """``observe(state.view(seat))``, which a game may compute faster from the state.

        An override reads only what ``seat``'s view holds, and must give the very
        numbers ``observe`` gives on that view for every state and seat (the
        conformance check compares the two on every step of many games).
        """
        return self.observe(state.view(seat))

    def describe(self) -> str:
        """The action numbering and the observation layout, in Markdown."""
        acts = ", ".join(f"{i} `{a}`" for i, a in enumerate(self._actions[:60]))
        more = f" ... ({len(self._actions)} in all)" if len(self._actions) > 60 else ""
        return f"Actions ({len(self._actions)}): {acts}{more}\n\nObservation (version {self.version}):\n\n" + (
            self.layout.describe()
        )


def one_hot(out: list[float], feature: Feature, i: int | None) -> None:
    """Set position ``i`` of ``feature`` to 1 (nothing for ``None``)."""
    if i is not None:
        if not 0 <= i < feature.size:
            raise IndexError(f"{i} is outside feature {feature.name!r} (size {feature.size})")
        out[feature.start + i] = 1.0


__all__ = ["Encoder", "Feature", "FeatureSlice", "Layout", "Observation", "one_hot"]
