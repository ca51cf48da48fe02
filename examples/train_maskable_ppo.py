"""Train a masked PPO agent for one seat of a game, on the CPU, and export it as a
numpy policy (``policy:path=FILE``, or shipped as ``<game>.learned``).

    pip install -e '.[train]'            # sb3-contrib and torch (CPU is enough)
    python examples/train_maskable_ppo.py sixteen --steps 2000000 --out sixteen.npz
    python examples/train_maskable_ppo.py combo-fighter -o best_of=1 --steps 2000000
    comboarena sim sixteen --agents policy:path=sixteen.npz,sixteen.heuristic -n 1000

The learner takes a random seat each game (``SeatEnv(seat="random")``) against a
mix of opponents: ``--heuristic-share`` of the parallel environments play the
game's heuristic at every other seat, the rest ``random``. Actions are masked to
the legal ones (sb3-contrib's ``MaskablePPO`` reads ``SeatEnv.action_masks``).
The actor's layers (observation -> hidden layers -> one score per action number)
are written with :func:`comboarena.agents.policy.save_policy`, so the agent plays
with numpy alone, without torch.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import comboarena as ca
from comboarena.agents.policy import save_policy
from comboarena.core import game_class, parse_option_texts


def make_envs(game: ca.Game, n: int, heuristic_share: float, seed: int) -> Any:
    """``n`` seat environments, the first ``round(n * heuristic_share)`` against the heuristic."""
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    from comboarena.envs.gymnasium import SeatEnv

    heuristic = f"{game.name}.heuristic" if "heuristic" in game.info.agents else "random"
    strong = round(n * heuristic_share)

    def one(i: int) -> Any:
        def build() -> Any:
            opponents = heuristic if i < strong else "random"
            return Monitor(SeatEnv(game, seat="random", opponents=opponents))

        return build

    venv = DummyVecEnv([one(i) for i in range(n)])
    venv.seed(seed)
    return venv


def actor_layers(model: Any) -> list[tuple[Any, Any]]:
    """The actor's linear layers as ``(W, b)`` numpy arrays, ``W`` shaped ``(inputs, outputs)``."""
    import torch

    linears = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    linears.append(model.policy.action_net)
    return [(m.weight.detach().cpu().numpy().T.copy(), m.bias.detach().cpu().numpy().copy()) for m in linears]


def load_actor(model: Any, path: str) -> None:
    """Start the actor from an exported policy (``--init``), e.g. to train on against stronger
    opponents; the critic starts afresh."""
    import torch

    from comboarena.agents.policy import load_policy

    layers = load_policy(path=path).layers
    linears = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    linears.append(model.policy.action_net)
    if [tuple(m.weight.shape) for m in linears] != [tuple(w.shape[::-1]) for w, _ in layers]:
        raise SystemExit(f"{path}: its layers do not match --hidden")
    with torch.no_grad():
        for m, (w, b) in zip(linears, layers, strict=True):
            m.weight.copy_(torch.as_tensor(w.T))
            m.bias.copy_(torch.as_tensor(b))


def train(
    game: ca.Game,
    steps: int,
    out: Path,
    envs: int = 8,
    heuristic_share: float = 0.5,
    hidden: tuple[int, ...] = (128, 128),
    seed: int = 0,
    verbose: int = 0,
    init: str | None = None,
) -> float:
    """Train, export to ``out`` and return the seconds it took."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    start = time.perf_counter()
    venv = make_envs(game, envs, heuristic_share, seed)
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        n_steps=max(16, min(512, steps // envs)),
        batch_size=256,
        learning_rate=3e-4,
        gamma=0.99,
        ent_coef=0.01,
        policy_kwargs={"net_arch": {"pi": list(hidden), "vf": list(hidden)}, "activation_fn": torch.nn.Tanh},
        seed=seed,
        device="cpu",
        verbose=verbose,
    )
    if init:
        load_actor(model, init)
    model.learn(total_timesteps=steps)
    save_policy(str(out), game, actor_layers(model), activation="tanh")
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="a game name: " + ", ".join(ca.games()))
    parser.add_argument("-o", "--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--steps", type=int, default=1_000_000, help="the learner's decisions to train on")
    parser.add_argument("--envs", type=int, default=8, help="environments stepped side by side")
    parser.add_argument("--heuristic-share", type=float, default=0.5, help="share of them against the heuristic")
    parser.add_argument("--hidden", default="128,128", help="hidden layer sizes, comma separated")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="the policy file to write (default: GAME.npz)")
    parser.add_argument("--init", help="start the actor from this exported policy (same --hidden)")
    parser.add_argument("-v", "--verbose", action="count", default=0)
    args = parser.parse_args(argv)
    try:
        import sb3_contrib  # noqa: F401
    except ModuleNotFoundError:
        sys.exit("training needs sb3-contrib and torch: pip install -e '.[train]'")
    try:
        options = parse_option_texts(args.game, game_class(args.game).info.options, args.option)
        game = ca.make(args.game, **options)
    except ValueError as exc:
        sys.exit(str(exc))
    out = Path(args.out or f"{args.game}.npz")
    hidden = tuple(int(x) for x in args.hidden.split(",") if x)
    took = train(game, args.steps, out, args.envs, args.heuristic_share, hidden, args.seed, args.verbose, args.init)
    print(f"trained {args.game} for {args.steps:,} steps in {took:.0f} s; wrote {out}")
    print(f"play it: comboarena sim {args.game} --agents policy:path={out},{args.game}.heuristic -n 1000")


if __name__ == "__main__":
    main()
