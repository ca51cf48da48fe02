"""The roster is the fighter files: adding a fighter is adding a file; the ``fighters``
option reads a list or the command line's text."""

import pytest

import comboarena as ca
from comboarena.games.combo_fighter import actions, content

from .helpers import new


def test_fighters_may_be_given_as_text_as_on_the_command_line():
    game = ca.make("combo-fighter", fighters="junior,lucia")
    assert game.options["fighters"] == ("junior", "lucia")
    assert ca.make("combo-fighter", fighters=" Boris , Grace ").options["fighters"] == ("boris", "grace")
    assert ca.make("combo-fighter", fighters="junior,lucia") == ca.make("combo-fighter", fighters=["junior", "lucia"])
    assert ca.make("combo-fighter", mode="tag", fighters="lucia,junior,grace,boris").players == 4
    with pytest.raises(ca.OptionError, match="'ken' is not a fighter; the fighters are boris, grace, junior, lucia"):
        ca.make("combo-fighter", fighters="boris,ken")
    with pytest.raises(ca.OptionError, match="mode versus takes 2 fighters"):
        ca.make("combo-fighter", fighters="boris")
    # A record keeps the list, and replays.
    state = new(("junior", "lucia"), seed=3)
    state.apply(0, state.legal_actions(0)[0])
    record = ca.Record.from_json(state.record.to_json())
    assert record.options["fighters"] == ["junior", "lucia"] and ca.replay(record) == state


def _clear() -> None:
    content.fighters.cache_clear()
    actions.action_table.cache_clear()


@pytest.fixture
def fifth_fighter(tmp_path, monkeypatch):
    """The four shipped files and a fifth, Ivan (Lucia's deck under another name)."""
    for path in content.FIGHTERS_DIR.glob("*.toml"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    text = (content.FIGHTERS_DIR / "lucia.toml").read_text(encoding="utf-8")
    text = text.replace('id = "lucia"', 'id = "ivan"').replace('name = "Lucia IJzer"', 'name = "Ivan Petrov"')
    (tmp_path / "ivan.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(content, "FIGHTERS_DIR", tmp_path)
    _clear()
    yield
    monkeypatch.undo()
    _clear()


def test_adding_a_fighter_is_adding_a_file(fifth_fighter):
    assert content.fighter_ids() == ("boris", "grace", "ivan", "junior", "lucia")
    game = ca.make("combo-fighter", fighters="ivan,boris")
    assert game.roster == content.fighter_ids() and game.catalog()["fighters"][0]["name"] == "Ivan Petrov"
    assert str(game.parse_action("ivan")) == "ivan"
    ca.testing.check_game(game, games=3, seed=1)
    tag = ca.make("combo-fighter", mode="tag", fighters="ivan,grace,junior,lucia", best_of=1)
    assert [str(a) for a in tag.new_state(seed=1).legal_actions(0)] == ["ivan", "junior"]


def test_the_default_fighters_are_the_first_of_the_roster():
    assert ca.make("combo-fighter").options["fighters"] == content.fighter_ids()[:2]
    assert ca.make("combo-fighter", mode="tag").options["fighters"] == content.fighter_ids()[:4]
