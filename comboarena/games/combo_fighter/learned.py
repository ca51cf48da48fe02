"""The shipped learned policy (``<game>.learned``): a masked PPO agent trained with
``examples/train_maskable_ppo.py`` and exported to ``learned.npz`` beside this file.
It plays with numpy alone (the ``rl`` extra, or any numpy); see ``docs/envs.md``."""

from comboarena.agents.policy import shipped

Learned = shipped(__package__, "learned.npz")
