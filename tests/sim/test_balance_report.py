"""The balance report's data, page, comparison and sample games (``comboarena.sim.balance``)."""

import json
import re
from collections import Counter

import pytest

import comboarena as ca
from comboarena.core import OptionError, Record
from comboarena.core.replay import replay
from comboarena.sim import simulate
from comboarena.sim.balance import FORMAT, card_rules, collect, compare, load_report, render, write_samples
from comboarena.sim.balance.ablation import difference_interval
from comboarena.sim.matchups import play_matchups
from comboarena.sim.report import Tally
from comboarena.sim.stats import wilson

SIXTEEN = ["sixteen.heuristic", "random"]


@pytest.fixture(scope="module")
def sixteen_run():
    return collect("sixteen", {}, SIXTEEN, 12, seed=3, samples=12, ablation_games=10, ablation_top=3)


def test_the_plain_run_is_the_run_sim_plays(sixteen_run):
    data, _ = sixteen_run
    report = simulate("sixteen", {}, SIXTEEN, 12, seed=3)
    assert [t["wins"] for t in data["per_agent"]] == [t.wins for t in report.agent_tallies]
    assert [t["wins"] for t in data["seats"]] == [t.wins for t in report.seat_tallies]
    assert data["format"] == FORMAT and data["total_games"] == 12 and sum(data["lengths"].values()) == 12


def test_per_card_counts_are_the_plays_in_the_games_records(sixteen_run):
    data, records = sixteen_run
    assert len(records) == 12  # every game kept: the tallies can be recounted from them
    played, wins, plays = Counter(), Counter(), Counter()
    for r in records:
        record = Record.from_dict(r["record"])
        state = replay(record)
        rules = card_rules(state.game)
        counted = [set() for _ in range(state.game.players)]
        walk = replay(record, upto=0)
        for seat, text in record.actions:
            card = rules.played(walk, seat, walk.game.parse_action(text))
            if card is not None:
                counted[seat].add(card)
                plays[card] += 1
            walk.apply(seat, text)
        for seat, cards in enumerate(counted):
            for card in cards:
                played[card] += 1
                wins[card] += state.result().returns[seat] > 0
    got = {c["card"]: c for c in data["cards"]}
    assert set(got) == set(played) and "W" in got
    for card, c in got.items():
        assert (c["played"], c["wins"], c["plays"]) == (played[card], wins[card], plays[card])
        assert c["play_rate"] == pytest.approx(played[card] / 24)
        seat_wins = sum(t["wins"] for t in data["seats"])
        assert (c["not_played"], c["not_played_wins"]) == (24 - played[card], seat_wins - wins[card])


def test_the_fighter_matrix_is_the_one_sim_matchups_plays():
    data, records = collect("combo-fighter", {}, ["random"], 2, seed=5, matchups=True, samples=1)
    reference = play_matchups("combo-fighter", {}, ["random"], 2, seed=5)
    m = data["matrix"]
    assert m["what"] == "fighter" and m["roster"] == list(reference.roster)
    for row in m["cells"]:
        for c in row:
            ref = reference.cells[(c["row"], c["col"])]
            assert (c["games"], c["wins"], c["draws"]) == (ref.games, ref.wins, ref.draws)
            assert len(c["samples"]) == 1
    assert len(records) == len(reference.roster) ** 2
    assert all(" " in c["card"] and c["card"].split()[0] in reference.roster for c in data["cards"])
    # A fighter's cards are held in the seat-games of that fighter only: 2 games x (4 as row + 4 as column).
    fighter_wins = _held_wins(m)
    for c in data["cards"]:
        assert c["offered"] == 16 and c["play_rate"] == pytest.approx(c["played"] / 16)
        # Held, not played: the fighter's seat-games (and wins) less those in which the card was played.
        assert c["not_played"] == 16 - c["played"]
        assert c["not_played_wins"] == fighter_wins[c["card"].split()[0]] - c["wins"]


def _held_wins(matrix):
    """Each fighter's wins over its seat-games, mirror matches counted from both seats."""
    cells = [c for row in matrix["cells"] for c in row]
    return {
        f: sum(c["wins"] for c in cells if c["row"] == f) + sum(c["losses"] for c in cells if c["col"] == f)
        for f in matrix["roster"]
    }


def test_ablation_removes_the_wilds_through_the_options_and_measures_the_change(sixteen_run):
    data, _ = sixteen_run
    ab = data["ablation"]
    assert ab["agent"] == "sixteen.heuristic" and ab["against"] == "random"
    # Only the wilds can go (wilds=false): the numbers are not removable through options.
    assert [r["card"] for r in ab["rows"]] == ["W"]
    row = ab["rows"][0]
    assert row["options"] == {"wilds": False} and row["games"] == 10
    assert row["delta"] == pytest.approx(row["win_rate"] - ab["baseline"]["win_rate"])
    lo, hi = row["delta_ci95"]
    assert lo <= row["delta"] <= hi


def test_a_game_whose_cards_cannot_be_removed_says_why():
    data, _ = collect("ccc-combo", {}, ["ccc-combo.heuristic", "random"], 2, ablation_games=2)
    assert "no rank (2-A) can be removed" in data["ablation"]["skipped"]


def test_difference_interval_widens_with_fewer_games_and_centres_on_the_change():
    a, b = Tally("a", games=100, wins=70), Tally("b", games=100, wins=50)
    lo, hi = difference_interval(a, b)
    assert lo > 0 and lo < 0.2 < hi
    small = difference_interval(Tally("a", games=10, wins=7), Tally("b", games=10, wins=5))
    assert small[0] < lo and small[1] > hi and small[0] < 0


def _synthetic(cards, cells=None):
    """A report's data with the given card tallies (a designer's forced situation)."""
    data, _ = collect("sixteen", {}, ["random"], 2, samples=0)
    data["cards"] = cards
    if cells is not None:
        data["matrix"] = cells
    return data


def _card(name, played, wins, seat_games=100):
    return {
        "card": name,
        "played": played,
        "wins": wins,
        "plays": played,
        "play_rate": played / seat_games,
        "win_rate": wins / played,
        "ci95": list(wilson(wins, played)),
    }


def test_a_card_that_always_wins_when_played_shows_as_such():
    data = _synthetic([_card("ace", 40, 40), _card("two", 40, 20)])
    page = render(data)
    row = next(r for r in page.split("<tr") if ">ace<" in r)
    assert "always won when played" in row and "100.0%" in row
    other = next(r for r in page.split("<tr") if ">two<" in r)
    assert "always won" not in other


def test_the_page_is_self_contained_and_carries_the_matrix_and_the_cards(tmp_path):
    data, _ = collect("combo-fighter", {}, ["random"], 2, seed=1, matchups=True, samples=1)
    page = render(data, replay_url="http://localhost:8000", games_folder="r-games")
    outside = re.findall(r'(?:src|href)="(https?://[^"]*)"', page)
    assert outside and all(re.fullmatch(r"http://localhost:8000/replay/rep-[0-9a-f]{12}", u) for u in outside)
    assert "<script" not in page and "<link" not in page and "@import" not in page and "url(" not in page
    assert "data:image/png;base64," in page  # the plots are inside the page
    first = data["matrix"]["cells"][0][0]
    lo, hi = first["ci95"]
    assert f"{lo:.1%}–{hi:.1%}" in page  # a cell's interval
    for c in data["cards"]:
        assert f">{c['card']}</td>" in page
    assert "Matchup matrix" in page and "Per-seat advantage" in page and "Game length" in page


def test_json_round_trip_and_compare_flags_only_changes_beyond_chance(tmp_path):
    old = _synthetic([_card("ace", 100, 50), _card("two", 100, 50), _card("gone", 10, 5)])
    new = _synthetic([_card("ace", 100, 80), _card("two", 100, 52), _card("new", 10, 5)])
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    assert load_report(path) == old
    changes = compare(load_report(path), new)
    rows = {r["key"]: r for r in changes["cards"]}
    assert rows["ace"]["delta"] == pytest.approx(0.3) and rows["ace"]["outside"]
    assert rows["two"]["delta"] == pytest.approx(0.02) and not rows["two"]["outside"]
    assert changes["added"] == ["new"] and changes["gone"] == ["gone"]
    page = render(new, changes)
    assert "Changes since the compared report" in page and "+30.0%" in page


def test_compare_refuses_what_is_not_a_report_of_the_same_game(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(OptionError, match="not JSON"):
        load_report(bad)
    bad.write_text('{"game": "sixteen"}')
    with pytest.raises(OptionError, match="not a balance report"):
        load_report(bad)
    with pytest.raises(OptionError, match="cannot read"):
        load_report(tmp_path / "missing.json")
    other = {**_synthetic([]), "game": "ccc-combo"}
    with pytest.raises(OptionError, match="of 'ccc-combo'"):
        compare(other, _synthetic([]))


def test_bad_input_is_refused_with_a_reason():
    with pytest.raises(OptionError, match="-n must be at least 1"):
        collect("sixteen", {}, ["random"], 0)
    with pytest.raises(OptionError, match="name at least two different agents"):
        collect("sixteen", {}, ["random"], 2, matchups=True)
    with pytest.raises(OptionError, match="--samples"):
        collect("sixteen", {}, ["random"], 2, samples=-1)

    class Plain:
        name = "plain"

    with pytest.raises(OptionError, match="declares no card rules"):
        card_rules(Plain())  # type: ignore[arg-type]


def test_an_agent_matrix_pairs_the_agents_where_there_is_no_roster():
    data, _ = collect("sixteen", {}, SIXTEEN, 2, matchups=True, samples=0)
    m = data["matrix"]
    assert m["what"] == "agent" and m["roster"] == SIXTEEN
    assert [[c["label"] for c in row] for row in m["cells"]] == [
        ["sixteen.heuristic vs sixteen.heuristic", "sixteen.heuristic vs random"],
        ["random vs sixteen.heuristic", "random vs random"],
    ]


def test_sample_games_open_in_the_replay_viewers_store(tmp_path):
    pytest.importorskip("sqlalchemy")
    from comboarena.server.replays import build_replay
    from comboarena.server.store import Store

    data, records = collect("sixteen", {}, SIXTEEN, 2, samples=2)
    assert write_samples(records, tmp_path / "games") == ""
    ids = data["samples"]["run"]
    assert ids == [r["id"] for r in records] and len(ids) == 2
    store = Store(f"sqlite:///{tmp_path / 'games' / 'games.sqlite3'}")
    try:
        for r in records:
            row = store.load(r["id"])
            assert row is not None and row.status == "over"
            replayed = build_replay(row, "spectator")
            moves = [(step["seat"], step["action"]) for step in replayed["steps"][1:]]  # step 0: the start
            assert moves == [tuple(a) for a in r["record"]["actions"]]
            assert Record.load(tmp_path / "games" / f"{r['id']}.json").actions == Record.from_dict(r["record"]).actions
    finally:
        store.close()
    assert ca.make("sixteen").name == "sixteen"


def test_worker_processes_give_the_same_report():
    one, _ = collect("16-combos", {}, ["random"], 6, seed=2, jobs=1, samples=1)
    two, _ = collect("16-combos", {}, ["random"], 6, seed=2, jobs=2, samples=1)
    for data in (one, two):
        data.pop("seconds"), data.pop("jobs")
    assert one == two and one["cards"]
