"""Second person for "You", plurals that agree: the helpers game texts call."""

import pytest

from comboarena.core.grammar import YOU, plural, possessive, third_person, verb, whom


@pytest.mark.parametrize(
    ("base", "third"),
    [("burn", "burns"), ("heal", "heals"), ("catch", "catches"), ("pass", "passes"), ("carry", "carries"),
     ("play", "plays"), ("have", "has"), ("are", "is"), ("draw up", "draws up"), ("fix", "fixes")],
)
def test_third_person(base, third):
    assert third_person(base) == third
    assert verb("Ada", base) == f"Ada {third}"
    assert verb(YOU, base) == f"You {base}"


def test_counts_agree_with_their_noun():
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(1, "fight") == "1 fight" and plural(3, "die", "dice") == "3 dice"


def test_you_as_owner_and_object():
    assert possessive(YOU) == "your" and possessive("Ada") == "Ada's"
    assert whom(YOU) == "you" and whom("Ada") == "Ada"
    assert verb("seat 1 (BP)", "burn", "burns") == "seat 1 (BP) burns"
