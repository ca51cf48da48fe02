"""A learned policy that plays with numpy only: ``policy:path=FILE``.

The policy is a small MLP over the game's encoder observation of the agent's
own view (so it can never see more than its seat may know), scoring every
action number; the agent plays the best-scoring *legal* action (``sample=true``:
draws from the softmax over the legal actions' scores, sharpened or flattened
by ``temperature``). No torch at play time: training libraries export their
weights with :func:`save_policy`.

The file (``.npz``, read with ``allow_pickle=False``):

====================  ==========================================================
``format``            ``"comboarena-policy"``
``version``           ``1`` (this layout)
``game``              the game's name (``"sixteen"``)
``encoder_version``   ``game.encoder().version`` it was trained on
``options``           the game options it was trained with, as JSON (a note:
                      any options of that game with the same encoder sizes play)
``activation``        ``"tanh"`` or ``"relu"``, between layers
``W0``, ``b0``, ...   the layers in order: ``W{i}`` is ``(inputs, outputs)``,
                      ``b{i}`` is ``(outputs,)``; the first takes the
                      observation, the last gives ``num_actions`` scores
``obs_mean``,         optional: the observation is first replaced by
``obs_std``           ``(obs - obs_mean) / obs_std`` (a normalizer's statistics)
====================  ==========================================================

A policy shipped inside a package is played with
``policy:package=comboarena.games.sixteen:file=learned.npz``; a game offers its
own as ``<game>.learned`` by naming :func:`shipped`'s class in ``info.agents``.

>>> import random, tempfile, comboarena as ca
>>> game = ca.make("sixteen")
>>> path = tempfile.mkdtemp() + "/tiny.npz"
>>> save_policy(path, game, random_layers(game, [16], seed=1))
>>> agent = ca.make_agent(f"policy:path={path}", game)
>>> state = game.new_state(seed=2)
>>> agent.choose(state.view(0), state.legal_actions(0), random.Random(0)) in state.legal_actions(0)
True
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
from collections.abc import Sequence
from importlib import resources
from typing import Any

from comboarena.core import Action, Game, OptionError

from .base import Agent

FORMAT = "comboarena-policy"
VERSION = 1
ACTIVATIONS = ("tanh", "relu")


class Policy:
    """A loaded policy: its layers, activation and observation normalizer (numpy arrays)."""

    def __init__(self, data: dict[str, Any], where: str) -> None:
        np = _numpy()
        if str(data.get("format", "")) != FORMAT or int(data.get("version", -1)) != VERSION:
            raise OptionError(f"{where} is not a {FORMAT} file of version {VERSION}")
        self.game = str(data["game"])
        self.encoder_version = int(data["encoder_version"])
        self.activation = str(data["activation"])
        if self.activation not in ACTIVATIONS:
            raise OptionError(f"{where}: activation {self.activation!r} is not one of {', '.join(ACTIVATIONS)}")
        self.layers: list[tuple[Any, Any]] = []
        while f"W{len(self.layers)}" in data:
            i = len(self.layers)
            self.layers.append((np.asarray(data[f"W{i}"], np.float32), np.asarray(data[f"b{i}"], np.float32)))
        if not self.layers:
            raise OptionError(f"{where} holds no layers (W0, b0, ...)")
        for i, (w, b) in enumerate(self.layers):
            if w.ndim != 2 or b.shape != (w.shape[1],) or (i and w.shape[0] != self.layers[i - 1][0].shape[1]):
                raise OptionError(f"{where}: layer {i} has shapes {w.shape} and {b.shape}, which do not chain")
        self.inputs = self.layers[0][0].shape[0]
        self.outputs = self.layers[-1][0].shape[1]
        self.mean = np.asarray(data["obs_mean"], np.float32) if "obs_mean" in data else None
        self.std = np.asarray(data["obs_std"], np.float32) if "obs_std" in data else None

    def scores(self, observation: Sequence[float]) -> Any:
        """Every action number's score for this observation (a numpy array)."""
        np = _numpy()
        x = np.asarray(observation, dtype=np.float32)
        if self.mean is not None:
            x = x - self.mean
        if self.std is not None:
            x = x / self.std
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < last:
                x = np.tanh(x) if self.activation == "tanh" else np.maximum(x, 0.0)
        return x


class PolicyAgent(Agent):
    """Plays a saved policy (see the module docstring).

    Options: ``path`` (a ``.npz`` file), or ``package`` and ``file`` (a policy
    shipped inside a Python package); ``sample`` (default false: the
    best-scoring legal action); ``temperature`` (for ``sample``, default 1).
    """

    name = "policy"

    def __init__(
        self,
        game: Game,
        path: str = "",
        package: str = "",
        file: str = "",
        sample: bool = False,
        temperature: float = 1.0,
    ) -> None:
        if not isinstance(sample, bool):
            raise OptionError(f"sample must be true or false, got {sample!r}")
        if isinstance(temperature, bool) or not isinstance(temperature, int | float) or not temperature > 0:
            raise OptionError(f"temperature must be a number above 0, got {temperature!r}")
        self.game = game
        self.encoder = game.encoder()
        self.policy = load_policy(path=path, package=package, file=file)
        self.sample = sample
        self.temperature = float(temperature)
        self._check(path or f"{package}/{file}")

    def _check(self, where: str) -> None:
        policy, encoder = self.policy, self.encoder
        if policy.game != self.game.name:
            raise OptionError(f"{where} is a policy for {policy.game}, not {self.game.name}")
        if policy.encoder_version != encoder.version:
            raise OptionError(
                f"{where} was trained on observation layout {policy.encoder_version} of {self.game.name}; "
                f"the encoder is now at version {encoder.version}: train it again"
            )
        size = math.prod(encoder.observation_shape)
        if (policy.inputs, policy.outputs) != (size, encoder.num_actions):
            raise OptionError(
                f"{where} maps {policy.inputs} observation numbers to {policy.outputs} actions; {self.game!r} "
                f"has {size} and {encoder.num_actions}"
            )

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        scores = self.policy.scores(self.encoder.observe(view))
        legal_scores = [float(scores[self.encoder.index(a)]) for a in legal]
        if not self.sample:
            return legal[max(range(len(legal)), key=legal_scores.__getitem__)]
        top = max(legal_scores)
        weights = [math.exp((s - top) / self.temperature) for s in legal_scores]
        return rng.choices(legal, weights)[0]


def load_policy(path: str = "", package: str = "", file: str = "") -> Policy:
    """The policy saved at ``path``, or shipped as ``file`` inside ``package``."""
    if bool(path) == bool(package or file) or bool(package) != bool(file):
        raise OptionError("name a policy file: path=FILE, or package=PACKAGE:file=NAME for one shipped in a package")
    if path:
        try:
            stat = os.stat(path)
        except OSError as exc:
            raise OptionError(f"cannot read policy {path}: {exc.strerror}") from None
        key = (os.path.abspath(path), stat.st_mtime_ns, stat.st_size)
        if key not in _loaded:
            _loaded[key] = _read(path, path)
        return _loaded[key]
    key = (f"{package}/{file}", 0, 0)
    if key not in _loaded:
        try:
            with resources.as_file(resources.files(package).joinpath(file)) as real:
                _loaded[key] = _read(str(real), key[0])
        except (ModuleNotFoundError, FileNotFoundError) as exc:
            raise OptionError(f"no policy {file} in package {package}: {exc}") from None
    return _loaded[key]


#: Policies read, by (path, modification time, size) or (package/file, 0, 0): a sim seats many agents.
_loaded: dict[tuple[str, int, int], Policy] = {}


def _read(real: str, where: str) -> Policy:
    np = _numpy()
    try:
        with np.load(real, allow_pickle=False) as data:
            return Policy({k: data[k] for k in data.files}, where)
    except (OSError, ValueError, KeyError) as exc:
        raise OptionError(f"cannot read policy {where}: {exc}") from None


def save_policy(
    path: str,
    game: Game,
    layers: Sequence[tuple[Any, Any]],
    activation: str = "tanh",
    obs_mean: Any = None,
    obs_std: Any = None,
) -> None:
    """Write a policy file for ``game`` (with its options) from ``(W, b)`` layers (numpy arrays or lists)."""
    np = _numpy()
    if activation not in ACTIVATIONS:
        raise OptionError(f"activation {activation!r} is not one of {', '.join(ACTIVATIONS)}")
    arrays: dict[str, Any] = {
        "format": np.array(FORMAT),
        "version": np.array(VERSION),
        "game": np.array(game.name),
        "encoder_version": np.array(game.encoder().version),
        "options": np.array(json.dumps(game.options, default=list, sort_keys=True)),
        "activation": np.array(activation),
    }
    for i, (w, b) in enumerate(layers):
        arrays[f"W{i}"] = np.asarray(w, np.float32)
        arrays[f"b{i}"] = np.asarray(b, np.float32)
    if obs_mean is not None:
        arrays["obs_mean"] = np.asarray(obs_mean, np.float32)
    if obs_std is not None:
        arrays["obs_std"] = np.asarray(obs_std, np.float32)
    Policy(arrays, path)  # refuses layers that do not chain before anything is written
    with open(path, "wb") as out:
        np.savez(out, **arrays)


def random_layers(game: Game, hidden: Sequence[int], seed: int = 0) -> list[tuple[Any, Any]]:
    """Random ``(W, b)`` layers from the observation through ``hidden`` sizes to every action
    (an untrained policy: for tests and as a shape to fill)."""
    np = _numpy()
    encoder = game.encoder()
    sizes = [math.prod(encoder.observation_shape), *hidden, encoder.num_actions]
    rng = np.random.default_rng(seed)
    return [
        (rng.normal(0.0, 1.0 / math.sqrt(a), (a, b)).astype(np.float32), np.zeros(b, np.float32))
        for a, b in itertools.pairwise(sizes)
    ]


def shipped(package: str, file: str) -> type[PolicyAgent]:
    """A policy agent class that plays ``file`` shipped inside ``package``; a game names it
    in ``info.agents`` (``"learned": "comboarena.games.sixteen.learned:Learned"`` where that
    module holds ``Learned = shipped(__package__, "learned.npz")``)."""

    class Shipped(PolicyAgent):
        def __init__(self, game: Game, sample: bool = False, temperature: float = 1.0) -> None:
            super().__init__(game, package=package, file=file, sample=sample, temperature=temperature)

    return Shipped


def _numpy() -> Any:
    try:
        import numpy
    except ModuleNotFoundError:
        raise OptionError("the policy agent needs numpy: pip install numpy (or comboarena[rl])") from None
    return numpy


__all__ = ["FORMAT", "VERSION", "Policy", "PolicyAgent", "load_policy", "random_layers", "save_policy", "shipped"]
