"""An attack's modifiers are fixed when it is declared: an area attack that strikes its own
maker (Volley, Blaze: "friend or foe"; a Landslide centred on the Colossus) and knocks it
out (its statuses gone) or back (moved) still strikes the rest of its targets as declared."""

from comboarena.games.bit_tactics.board import SIDE

from .helpers import FLAT, act, kinds, scenario, unit


def st(name):
    return [name, 3, 8, 1, 0, "none"]


def _volley(*statuses):
    # A level-3 Ranger on its last HP shoots a Volley at c4: c4, then its own square c3, then d4.
    return scenario(
        FLAT,
        [
            unit("ranger", "c3", hp=1, statuses=[st(x) for x in statuses]),
            unit("vanguard", "c4", side=1, facing="e"),
            unit("vanguard", "d4", side=1, facing="e"),
        ],
        foes=("vanguard", "vanguard"),
        party=("ranger",),
    )


def _after_ko(events):
    """The rolls made after the maker fell."""
    ko = next(i for i, e in enumerate(events) if e.kind == "ko" and e.data["unit"] == 0)
    return kinds(events[ko:], "roll")


def test_a_volley_that_knocks_out_its_ranger_keeps_its_bravery_for_the_rest():
    s = _volley("bravery")
    s.chance.force(5, 10, 5)  # the 10 on the Ranger itself: a crit, and it falls
    (last,) = _after_ko(act(s, "ja volley c4"))
    assert last["target"] == 2 and (last["def"], last["def2"]) == (6, 3)  # a Vanguard's 7 and 4, less 1


def test_a_volley_that_knocks_out_its_ranger_keeps_its_blindness_for_the_rest():
    s = _volley("blind")
    s.chance.force(5, 5, 10, 10, 6, 9)
    (last,) = _after_ko(act(s, "ja volley c4"))
    assert last["target"] == 2 and last["rolls"] == [6, 9] and last["roll"] == 6


def test_a_blaze_that_knocks_out_its_evoker_keeps_its_faith_for_the_rest():
    s = scenario(
        FLAT,
        [
            unit("evoker", "c3", hp=1, statuses=[st("faith")]),
            unit("mender", "c4", side=1),
            unit("mender", "d4", side=1),
        ],
        foes=("mender", "mender"),
        party=("evoker",),
    )
    s.chance.force(5, 12, 5)
    (last,) = _after_ko(act(s, "magic blaze c4"))
    assert last["target"] == 2 and (last["mdef"], last["mdef2"]) == (5, 2)  # a Mender's 6 and 3, less 1


def test_a_landslide_that_knocks_back_its_colossus_strikes_the_rest_from_where_it_stood():
    # The Colossus's Landslide (its Limit Attack, AE 1 around itself) strikes its own square first
    # and knocks it back to c2; the Vanguard beside it on d3 is still struck from c3 (from the
    # west, its side; from c2 it would be its front) and knocked straight away from c3.
    s = scenario(
        FLAT,
        [unit("clay-colossus", "c3", limit=10), unit("vanguard", "d3", side=1, facing="s", level=8)],
        mode="monsters",
        foes=("clay-colossus",),
        party=("vanguard",),
    )
    s.chance.force(5, 4)
    ev = act(s, "limit c3")
    moved = {k["unit"]: k["to"] for k in kinds(ev, "knockback")}
    assert moved == {0: "c2", 1: "e3"}
    (roll,) = [r for r in kinds(ev, "roll") if r["target"] == 1]
    assert roll["facing"] == SIDE
