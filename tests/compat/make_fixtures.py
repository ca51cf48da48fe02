"""Write ``before_shape.json``: records and positions made by the code as it was
before the games took one shape (issue 18; commit 3f29ccf), so that the tests can
check that they still replay and load to the very same games.

    PYTHONPATH=<a checkout of 3f29ccf> python tests/compat/make_fixtures.py

It plays random games (seeded) of every game and a few option sets, and keeps
each game's record and, at a few steps, the position with what it showed then:
who was to act, their legal moves, every seat's view and its encoding.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import comboarena as ca

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "sixteen": [{}, {"players": 4, "draw": "strict"}],
    "ccc-combo": [{}, {"turn_limit": 20}],
    "combo-fighter": [{"best_of": 1}, {"mode": "solo", "best_of": 1}, {"mode": "tag", "best_of": 1}],
    "16-combos": [{}, {"placement": "dealt", "columns": 4, "recovery": True}, {"players": 3, "columns": 8}],
    "16-bit-tactics": [{}, {"mode": "monsters", "rounds": 3}],
}
SEEDS = (11, 12)


def main() -> None:
    out: list[dict[str, Any]] = []
    for name, sets in OPTION_SETS.items():
        for options in sets:
            game = ca.make(name, **options)
            enc = game.encoder()
            for seed in SEEDS:
                rng = random.Random(seed)
                state = game.new_state(seed=seed)
                stops = {5, 40}
                positions = []
                step = 0
                while not state.is_over:
                    if step in stops:
                        seat = state.to_act[0]
                        positions.append(
                            {
                                "step": step,
                                "position": state.position(),
                                "to_act": list(state.to_act),
                                "legal": [str(a) for a in state.legal_actions(seat)],
                                "views": {str(s): state.view(s) for s in (*sorted(set(state.to_act)), None)},
                                "observations": {
                                    str(s): enc.observe(state.view(s)) for s in (*sorted(set(state.to_act)), None)
                                },
                                "mask": enc.legal_mask(state, seat),
                            }
                        )
                    seat = state.to_act[0] if len(state.to_act) == 1 else rng.choice(state.to_act)
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    step += 1
                result = state.result()
                out.append(
                    {
                        "game": name,
                        "options": options,
                        "seed": seed,
                        "record": state.record.to_json(),
                        "result": {"returns": list(result.returns), "reason": str(result.reason)},
                        "steps": step,
                        "final_view": state.view(None),
                        "positions": positions,
                        "encoder": enc.describe(),
                    }
                )
                print(name, options, seed, step, file=sys.stderr)
    Path(__file__).with_name("before_shape.json").write_text(json.dumps(out, separators=(",", ":")))


if __name__ == "__main__":
    main()
