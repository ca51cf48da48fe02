"""The built-in games, registered lazily by name (imported on first use)."""

from comboarena.core.registry import register

register("sixteen", "comboarena.games.sixteen:Sixteen")
register("combo-fighter", "comboarena.games.combo_fighter:ComboFighter")
register("ccc-combo", "comboarena.games.ccc_combo:CccCombo")
register("16-combos", "comboarena.games.sixteen_combos:SixteenCombos")
register("16-bit-tactics", "comboarena.games.bit_tactics:BitTactics")
