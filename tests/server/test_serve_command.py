"""``comboarena serve``: its options and errors (the server itself is tested elsewhere)."""

from typer.testing import CliRunner

from comboarena.cli import app

runner = CliRunner()


def test_serve_is_a_command_with_host_port_and_db():
    out = runner.invoke(app, ["serve", "--help"])
    assert out.exit_code == 0
    assert all(word in out.output for word in ("--host", "--port", "--db"))


def test_serve_refuses_a_bad_port_or_delay_in_one_line():
    for args in (["serve", "--port", "70000"], ["serve", "--agent-delay", "-1"]):
        out = runner.invoke(app, args)
        assert out.exit_code == 2 and "error:" in out.output and "Traceback" not in out.output
