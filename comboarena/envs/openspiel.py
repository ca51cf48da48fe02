"""Every game as an OpenSpiel python game.

>>> import numpy as np
>>> from comboarena.envs.openspiel import register
>>> from open_spiel.python.algorithms import ismcts, mcts
>>> game = register("sixteen", rng_seed=1)
>>> game.get_type().short_name, game.num_distinct_actions(), game.num_players()
('comboarena_sixteen', 57, 2)
>>> state = game.new_initial_state()
>>> bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 1.0, 20,
...                        random_state=np.random.RandomState(0))
>>> state.apply_action(bot.step(state))

``register(game, rng_seed=-1, **options)`` registers the game with ``pyspiel``
as ``comboarena_<name>`` (``16-bit-tactics`` -> ``comboarena_16_bit_tactics``,
once per process) and returns it loaded with these options; afterwards
``pyspiel.load_game("comboarena_sixteen(players=4)")`` works too. Its type:

- sequential: one seat acts at a time; where several owe a decision at once
  (a reaction window, face-down plays) they act one after another in
  ``to_act`` order, exactly as in PettingZoo's AEC;
- sampled stochastic: every shuffle and die comes from the state's own seeded
  chance, so there are no chance nodes; a game's seeds come from
  ``rng_seed`` (-1: from the operating system);
- imperfect information, terminal rewards: the returns (+1/0/-1); zero-sum
  where two sides of equal size play, general-sum otherwise;
- every game option is a parameter; tuples and unset options are written as on
  the command line (``fighters="boris,grace"``, ``map="none"``).

The observer is built on the encoder: observation and information-state
tensors are the encoder's numbers for the player's view (for the public
observation, the spectator's view); the observation string is the view as
JSON, and the information-state string adds the actions the player took, so
the player's own past is never forgotten. ``resample_from_infostate`` samples
a state through ``game.determinize`` from the player's view, so OpenSpiel's
python ISMCTS bot searches over what the player may know. ``docs/envs.md``
says which OpenSpiel algorithms work and which do not.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from comboarena.core import Game, Option, OptionError, State, game_class, make
from comboarena.core.options import typed
from comboarena.core.rng import new_seed

from .table import env_name, make_game

#: The longest game OpenSpiel is told to expect (GameInfo.max_game_length): a bound far
#: above the lengths played (docs/envs.md), not one the rules promise.
MAX_GAME_LENGTH = 100_000

#: The game class registered for each short name.
_registered: dict[str, type[SpielGame]] = {}


def register(game: Game | str, rng_seed: int = -1, **options: Any) -> Any:
    """Register ``game``'s type with pyspiel (once) and load it with ``options``: a ``pyspiel.Game``."""
    made = make_game(game, options)
    short = short_name(made)
    if short not in _registered:
        # A class, not a closure: pyspiel's registry outlives the interpreter, and dropping
        # the last reference to a function there aborts the process at exit.
        cls = type(f"Spiel_{env_name(made)}", (SpielGame,), {"game_name": made.name})
        pyspiel.register_game(_game_type(made, short, general_sum=True), cls)
        _registered[short] = cls
    params = {o.name: _parameter(o, made.options[o.name]) for o in made.info.options}
    return pyspiel.load_game(short, {**params, "rng_seed": rng_seed})


def short_name(game: Game) -> str:
    """The game's name in pyspiel's registry."""
    return f"comboarena_{env_name(game)}"


def _parameter(option: Option, value: Any) -> bool | int | float | str:
    """An option's value as a pyspiel parameter (tuples and unset values as command-line text)."""
    if isinstance(value, bool | int | float | str) and option.default is not None and option.type is not tuple:
        return value
    return typed(value)


def _option(option: Option, value: Any) -> Any:
    """A pyspiel parameter read back as the option's value."""
    if isinstance(value, str) and (option.default is None or option.type is tuple):
        return option.parse(value)
    return value


def _game_type(game: Game, short: str, general_sum: bool) -> Any:
    info = game.info
    spec = {o.name: _parameter(o, o.default) for o in info.options}
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short,
        long_name=f"Combo Arena {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.GENERAL_SUM if general_sum else utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**spec, "rng_seed": -1},
    )


def _zero_sum(game: Game) -> bool:
    """Two sides of equal size: every win is the other side's loss."""
    return len(game.teams) == 2 and len(game.teams[0]) == len(game.teams[1])


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """A Combo Arena game with its options, as a pyspiel python game (one subclass per
    game, naming it in ``game_name``, is what :func:`register` registers)."""

    game_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.game_name
        params = params or {}
        known = {o.name: o for o in game_class(name).info.options}
        unknown = sorted(set(params) - set(known) - {"rng_seed"})
        if unknown:
            raise OptionError(f"{name} has no option {unknown[0]!r}")
        game = make(name, **{k: _option(known[k], v) for k, v in params.items() if k in known})
        encoder = game.encoder()
        game_info = pyspiel.GameInfo(
            num_distinct_actions=encoder.num_actions,
            max_chance_outcomes=0,
            num_players=game.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if _zero_sum(game) else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        game_type = _game_type(game, short_name(game), general_sum=not _zero_sum(game))
        super().__init__(game_type, game_info, params)
        self.table_game = game
        self.encoder = encoder
        seed = int(params.get("rng_seed", -1))
        self.seeds = random.Random(seed if seed >= 0 else new_seed())

    def new_initial_state(self, position: str | dict[str, Any] | None = None) -> SpielState:
        """A new game, or (``position``: a ``state.position()``, or its JSON text) the game
        played on from that position (a scenario)."""
        state = SpielState(self)
        if position is not None:
            data = json.loads(position) if isinstance(position, str) else position
            state._play = _Play(state._play.shared, self.table_game.from_position(data))
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self, iig_obs_type, params)


class _Shared:
    """What every state of one game shares: copied by reference when pyspiel clones a state."""

    __slots__ = ("encoder", "game", "spiel")

    def __init__(self, spiel: SpielGame) -> None:
        self.spiel = spiel
        self.game = spiel.table_game
        self.encoder = spiel.encoder

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Play:
    """The game in play and the actions each seat took.

    pyspiel clones a python state by making a new initial state and deep-copying
    its attributes; this copies itself with ``State.clone``. The game is dealt
    when first needed, so the throwaway initial state of a clone deals nothing
    and draws no seed.
    """

    __slots__ = ("acted", "shared", "state")

    def __init__(self, shared: _Shared, state: State | None = None, acted: list[tuple[int, ...]] | None = None) -> None:
        self.shared = shared
        self.state = state
        self.acted: list[tuple[int, ...]] = acted if acted is not None else [() for _ in range(shared.game.players)]

    def current(self) -> State:
        if self.state is None:
            self.state = self.shared.game.new_state(seed=self.shared.spiel.seeds.getrandbits(63))
        return self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        return _Play(self.shared, self.current().clone(), self.acted[:])


class SpielState(pyspiel.State):  # type: ignore[misc]
    """One play of a Combo Arena game as a pyspiel state."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self._play = _Play(_Shared(game))

    @property
    def table_state(self) -> State:
        """The Combo Arena state underneath."""
        return self._play.current()

    def current_player(self) -> int:
        state = self._play.current()
        return int(pyspiel.PlayerId.TERMINAL) if state.is_over else state.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        return self._play.shared.encoder.legal_indices(self._play.current(), player)

    def _apply_action(self, action: int) -> None:
        play = self._play
        state = play.current()
        seat = state.to_act[0]
        state.apply(seat, play.shared.encoder.action(int(action)))
        play.acted[seat] += (int(action),)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._play.shared.encoder.action(int(action)))

    def is_terminal(self) -> bool:
        return self._play.current().is_over

    def returns(self) -> list[float]:
        state = self._play.current()
        if not state.is_over:
            return [0.0] * state.game.players
        return [float(r) for r in state.result().returns]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one: ``game.determinize`` of its view.

        The other seats' past actions are unknown in the sample (only the
        resampling player's own are kept), so nothing hidden leaks into a search.
        """
        play = self._play
        rng = random.Random(int(probability_sampler() * 2**53))
        seat = int(player_id)
        sample = play.shared.game.determinize(play.current().view(seat), seat, rng)
        acted: list[tuple[int, ...]] = [() for _ in play.acted]
        acted[seat] = play.acted[seat]
        new = SpielState(play.shared.spiel)
        new._play = _Play(play.shared, sample, acted)
        return new

    def acted(self, player: int) -> tuple[int, ...]:
        """The action numbers ``player`` took, in order (as far as this state knows: all
        of them in a played state, only the resampling player's in a resampled one)."""
        return self._play.acted[player]

    def __str__(self) -> str:
        # The whole state (hidden parts included), for debugging, as OpenSpiel's ToString is.
        return json.dumps(self._play.current().position(), separators=(",", ":"))


class Observer:
    """Observation and information-state tensors and strings, built on the encoder (PyObserver protocol)."""

    def __init__(self, game: SpielGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        private = iig_obs_type.private_info if iig_obs_type is not None else pyspiel.PrivateInfoType.SINGLE_PLAYER
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observation of every player's private information would show hidden information")
        #: Only what the whole table sees (the spectator's view).
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        self.encoder = game.encoder
        self.tensor = np.zeros(self.encoder.observation_shape, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: SpielState, player: int) -> dict[str, Any]:
        return state.table_state.view(None if self.public_only else player)

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor[:] = self.encoder.observe_state(state.table_state, None if self.public_only else player)

    def string_from(self, state: SpielState, player: int) -> str:
        text = json.dumps(self._view(state, player), sort_keys=True, separators=(",", ":"))
        if self.perfect_recall and not self.public_only:
            taken = " ".join(map(str, state.acted(player)))
            return f"[{taken}] {text}"
        return text

__all__ = ["MAX_GAME_LENGTH", "Observer", "SpielGame", "SpielState", "register", "short_name"]
