"""Learning environments: every game in PettingZoo, Gymnasium and OpenSpiel.

One generic adapter per library, built on the public protocol and the game's
encoder (``game.encoder()``), never on a game's internals:

- :mod:`comboarena.envs.pettingzoo`: ``env``, ``raw_env`` (AEC) and
  ``parallel_env``, the classic card-game conventions;
- :mod:`comboarena.envs.gymnasium`: ``SeatEnv``, one learner against built-in
  opponents, registered as ``comboarena/<Game>-v0``;
- :mod:`comboarena.envs.openspiel`: ``register`` makes a game a python game of
  ``pyspiel``.

Each needs its library (the ``rl`` extra: ``pip install 'comboarena[rl]'``);
nothing in the rules core imports this package. ``docs/envs.md`` says how each
game's reaction windows and simultaneous plays map onto each library.
"""
