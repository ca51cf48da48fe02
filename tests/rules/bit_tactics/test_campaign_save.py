"""Issue 21, item 4: a campaign's record replays from the record alone (a campaign file
it began from travels inside it); ``play --save FILE`` holds the campaign so far, camp
decisions included, and ``play --resume FILE`` goes on from it, at camp or mid-battle;
a new campaign asks before it overwrites a saved one."""

import fcntl
import io
import os
import pty
import random
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

import comboarena as ca
from comboarena.cli import app
from comboarena.games.bit_tactics.campaign import campaign_text, find_campaign
from comboarena.terminal import Session

runner = CliRunner()
GAME = "16-bit-tactics"


def _play_heuristic(state, steps):
    """``steps`` actions chosen by the heuristic for whoever is to act."""
    agent = ca.make_agent(f"{GAME}.heuristic", state.game)
    rng = random.Random(0)
    for _ in range(steps):
        seat = state.to_act[0]
        state.apply(seat, agent.choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def _record(path):
    return ca.Record.from_json(Path(path).read_text())


def test_a_campaign_begun_from_its_file_replays_after_the_file_changes_or_goes(tmp_path):
    """The bug: a record of a battle begun from ``first-march.battle2.toml`` named that file,
    and failed to replay ("record action 5 ... does not replay") once it was rewritten."""
    shipped = find_campaign("first-march")
    strong = tuple(r._replace(xp=45, ap=(("vanguard", 20),), history=("vanguard",) * 3) for r in shipped.roster)
    path = tmp_path / "first-march.battle2.toml"
    path.write_text(campaign_text(shipped, strong, 2))
    game = ca.make(GAME, mode="campaign", campaign=str(path))
    state = _play_heuristic(game.new_state(seed=2), 30)
    text = state.record.to_json()
    assert str(tmp_path) not in text  # no path: the campaign itself
    # The file is rewritten (another game's camp), then removed: the record replays all the same.
    path.write_text(campaign_text(shipped))
    replayed = ca.replay(ca.Record.from_json(text))
    assert replayed.view(None) == state.view(None)
    path.unlink()
    replayed = ca.replay(ca.Record.from_json(text))
    assert replayed.view(None) == state.view(None)
    assert [r["xp"] for r in replayed.view(None)["roster"]] == [45] * 4
    record = tmp_path / "game.json"
    record.write_text(text)
    out = runner.invoke(app, ["replay", str(record)], env={"COLUMNS": "200"})
    assert out.exit_code == 0 and "The Ruined Keep" in out.output, out.output


def test_quitting_at_camp_keeps_the_decisions_and_resume_goes_on_at_camp_then_mid_battle(tmp_path):
    save = tmp_path / "march.json"
    first = runner.invoke(
        app, ["play", GAME, "-o", "mode=campaign", "--save", str(save)], input="job ada scout\nquit\n"
    )
    assert first.exit_code == 0, first.output
    assert "--resume" in first.output.replace("\n", "")
    assert _record(save).actions == [(0, "job ada scout")]
    # Resume: the camp as it was left (ada a Scout), then into the battle, then quit mid-battle.
    second = runner.invoke(app, ["play", GAME, "--resume", str(save)], input="ready\nquit\n", env={"COLUMNS": "200"})
    assert second.exit_code == 0, second.output
    # (a long temporary path may be wrapped onto the next line)
    assert f"Going on with {save}: 1 move so far." in second.output.replace("\n", "")
    camp = second.output.split("Camp before battle 1")[1]
    ada = next(line for line in camp.splitlines() if line.strip().startswith("ada "))
    assert ada.split()[1] == "Scout", ada
    mid = _record(save)
    assert mid.actions[:2] == [(0, "job ada scout"), (0, "ready")]
    state = ca.replay(mid)
    assert state.view(None)["phase"] == "battle" and list(state.to_act) == [0]
    assert state.game.options["campaign"] == "first-march"
    # Resume mid-battle: the same turn, with the same dice to come; the person ends it.
    third = runner.invoke(app, ["play", GAME, "--resume", str(save)], input="end\nquit\n")
    assert third.exit_code == 0, third.output
    after = _record(save)
    assert after.actions[: len(mid.actions) + 1] == [*mid.actions, (0, "end")]
    assert after.seed == mid.seed and not ca.replay(after).is_over


def test_resume_refuses_what_it_cannot_go_on_with(tmp_path):
    game = ca.make(GAME, mode="campaign")
    path = tmp_path / "camp.json"
    path.write_text(game.new_state(seed=1).record.to_json())
    cases = [
        (["--resume", str(path), "-o", "rounds=3"], "leave out -o"),
        (["--resume", str(path), "--seed", "3"], "leave out --seed"),
        (["--resume", str(tmp_path / "none.json")], "cannot read record file"),
    ]
    over = ca.make(GAME).new_state(seed=1)
    while not over.is_over:
        seat = over.to_act[0]
        over.apply(seat, "end" if "end" in map(str, over.legal_actions(seat)) else over.legal_actions(seat)[0])
    (tmp_path / "over.json").write_text(over.record.to_json())
    cases.append((["--resume", str(tmp_path / "over.json")], "that game is over"))
    for args, words in cases:
        out = runner.invoke(app, ["play", GAME, *args])
        assert out.exit_code == 2 and words in out.output.replace("\n", "") and "Traceback" not in out.output, (
            args,
            out.output,
        )
    other = runner.invoke(app, ["play", "sixteen", "--resume", str(path)])
    assert other.exit_code == 2 and "is a record of 16-bit-tactics, not of sixteen" in other.output.replace("\n", "")


def test_a_new_campaign_over_a_saved_one_is_refused_without_a_person_to_ask(tmp_path):
    save = tmp_path / "march.json"
    save.write_text("keep me")
    out = runner.invoke(app, ["play", GAME, "-o", "mode=campaign", "--save", str(save)], input="quit\n")
    assert out.exit_code == 2 and "already exists" in out.output and f"--resume {save}" in out.output.replace("\n", "")
    assert save.read_text() == "keep me"


def _in_a_terminal(args, cwd, answers):
    """Run ``comboarena ARGS`` on a pseudo-terminal; each ``(text, keys)`` types ``keys``
    once ``text`` has been shown. Returns everything shown (its spaces and line ends as one
    space), and the exit code (killed: negative)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 220, 0, 0))  # 220 columns: no wrapping
    env = {**os.environ, "COLUMNS": "200", "TERM": "dumb"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "comboarena", *args], stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env
    )
    os.close(slave)
    shown, pending = b"", list(answers)
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # the program ended and closed the terminal
                    break
                if not chunk:
                    break
                shown += chunk
            if pending and pending[0][0].encode() in shown:
                os.write(master, pending.pop(0)[1].encode())
                shown += b"\n<typed>\n"
            if proc.poll() is not None and not ready:
                break
    finally:
        if proc.poll() is None:  # still waiting for keys after a minute: it is stuck
            proc.kill()
        code = proc.wait()
        os.close(master)
    return " ".join(shown.decode(errors="replace").split()), code


def test_a_new_campaign_over_a_saved_one_asks_before_it_overwrites(tmp_path):
    save = tmp_path / "march.json"
    save.write_text("keep me")
    args = ["play", GAME, "-o", "mode=campaign", "--save", str(save)]
    shown, code = _in_a_terminal(args, tmp_path, [("Overwrite it? [y/N]", "n\r")])
    assert "already exists (a saved game?)" in shown and code == 2, shown
    assert "not overwritten" in shown and save.read_text() == "keep me"
    shown, code = _in_a_terminal(args, tmp_path, [("Overwrite it? [y/N]", "y\r"), ("your move", "quit\r")])
    assert code == 0 and "Camp before battle 1" in shown, shown
    assert _record(save).actions == [] and _record(save).game == GAME


def test_with_save_the_camp_after_a_victory_saves_the_campaign_there_and_resumes_from_it(tmp_path, monkeypatch):
    """Seed 1: the party wins the first battle; the person leaves at the camp before the second."""
    monkeypatch.chdir(tmp_path)
    game = ca.make(GAME, mode="campaign")
    save = tmp_path / "march.json"
    agent = ca.make_agent(f"{GAME}.heuristic", game)
    rng = random.Random(1)
    ref = []

    def ask(prompt):
        state = ref[0].state
        (seat,) = state.to_act
        view = state.view(seat)
        if view["phase"] == "camp" and view["battle"] == 1:
            return "quit"
        return str(agent.choose(view, state.legal_actions(seat), rng))

    out = io.StringIO()
    session = Session(
        game, [None, ca.make_agent(f"{GAME}.heuristic", game)], console=Console(file=out, width=140), ask=ask,
        seed=1, save_path=save,
    )  # fmt: skip
    ref.append(session)
    assert session.run() is None
    text = out.getvalue()
    assert "Camp before battle 2" in text and f"--resume {save}" in text.replace("\n", "")
    assert "Campaign saved to" not in text and sorted(p.name for p in tmp_path.iterdir()) == ["march.json"]
    at_camp = ca.replay(_record(save)).view(None)
    assert at_camp["phase"] == "camp" and at_camp["battle"] == 1 and all(r["xp"] > 0 for r in at_camp["roster"])
    resumed = runner.invoke(app, ["play", GAME, "--resume", str(save)], input="quit\n", env={"COLUMNS": "200"})
    assert resumed.exit_code == 0 and "Camp before battle 2: The Keep Gate" in resumed.output


def test_quitting_a_campaign_without_save_offers_to_save_it_with_the_camp_decisions(tmp_path):
    path = tmp_path / "later.json"
    typed = f"job bram scout\nquit\n{path}\n"
    out = runner.invoke(app, ["play", GAME, "-o", "mode=campaign"], input=typed)
    assert out.exit_code == 0 and "Save the game record?" in out.output, out.output
    assert _record(path).actions == [(0, "job bram scout")]


def test_the_campaign_file_written_at_camp_never_overwrites_another(tmp_path, monkeypatch):
    """Without --save the camp after a victory writes <campaign>.battleN.toml; a file of that
    name holding another campaign is kept, and this one takes the next free name."""
    monkeypatch.chdir(tmp_path)
    game = ca.make(GAME, mode="campaign")
    ui = game.text_ui()
    ui.saves = True
    view = dict(game.new_state(seed=1).view(0), battle=1)  # as if at the camp after the first battle
    taken = tmp_path / "first-march.battle2.toml"
    taken.write_text("# another game's campaign\n")
    out = io.StringIO()
    Console(file=out, width=300).print(ui.render(view, ["You", "AI"]))
    saved = tmp_path / "first-march.battle2-2.toml"
    assert taken.read_text() == "# another game's campaign\n"
    assert f"Campaign saved to {saved}" in out.getvalue() and find_campaign(str(saved)).next == 2
