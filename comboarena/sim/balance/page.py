"""The report as one self-contained HTML page: tables, and plots embedded as PNG data
(matplotlib, the ``plot`` extra); no scripts, style sheets or fonts from elsewhere.

The only links out of the page are the sample games: to their record files next to
the page, and to the replay viewer of a play server serving the report's database.
"""

from __future__ import annotations

import base64
import io
import tempfile
from html import escape
from pathlib import Path
from typing import Any

from ..matchups import MatchupReport
from ..report import Tally
from .ablation import difference_interval

STYLE = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2em auto;max-width:1100px;color:#222;
padding:0 1em}
h1{font-size:1.6em;margin-bottom:.2em}h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:.6em 0;font-size:.92em}
th,td{border:1px solid #ddd;padding:.25em .55em;text-align:right;vertical-align:top;white-space:nowrap}
th{background:#f4f4f4}td.l,th.l{text-align:left}
.ci{color:#777;font-size:.85em}.meta{color:#555}.note{color:#555;font-size:.9em;max-width:60em}
.hi{background:#e5f5e0}.lo{background:#fde0dd}.flag{font-weight:bold;color:#a50026}
.up{color:#1a7f37;font-weight:bold}.down{color:#a50026;font-weight:bold}
.bar{position:relative;width:100px;height:12px;background:#f1f1f1;display:inline-block}
.bar span{position:absolute;top:0;height:12px;background:#9ecae1}
.bar i{position:absolute;top:-2px;width:2px;height:16px;background:#08519c}
.bar b{position:absolute;top:-3px;width:1px;height:18px;background:#e6550d}
img{max-width:100%}img.wide{max-width:820px}a{color:#0645ad}
"""


def pct(x: float) -> str:
    return f"{x:.1%}"


def ci(pair: list[float]) -> str:
    return f"<span class=ci>{pct(pair[0])}–{pct(pair[1])}</span>"


def bar(rate: float, interval: list[float], mark: float) -> str:
    """The interval as a shaded band, the rate as a tick, ``mark`` (the seats' mean) in orange."""
    lo, hi = interval
    return (
        f'<span class=bar title="{pct(lo)}–{pct(hi)}"><span style="left:{lo:.1%};width:{hi - lo:.1%}"></span>'
        f'<i style="left:{rate:.1%}"></i><b style="left:{mark:.1%}"></b></span>'
    )


def render(
    data: dict[str, Any],
    changes: dict[str, Any] | None = None,
    replay_url: str = "",
    games_folder: str = "",
    command: str = "",
) -> str:
    """The page. ``replay_url``: the play server's address (links to ``/replay/<id>``);
    ``games_folder``: where the sample record files are, relative to the page."""
    title = f"{data['game']} balance report"
    parts = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        _meta(data, command),
    ]
    if changes is not None:
        parts.append(_changes(changes))
    if data.get("matrix"):
        parts.append(_matrix(data, replay_url, games_folder))
    parts.append(_results(data, replay_url, games_folder))
    parts.append(_lengths(data))
    parts.append(_cards(data))
    parts.append(_ablation(data))
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _meta(data: dict[str, Any], command: str) -> str:
    per_cell = "fighters" if (data.get("matrix") or {}).get("what") == "fighter" else ""
    shown = {k: ",".join(map(str, v)) if isinstance(v, list) else v for k, v in data["options"].items()}
    opts = ", ".join(f"{k}={v}" for k, v in shown.items() if k != per_cell) or "defaults"
    agents = " vs ".join(data["agents"]) if len(data["agents"]) > 1 else f"{data['agents'][0]} (every seat)"
    per = "per matrix cell" if data.get("matrix") else "in all"
    lines = [
        f"<p class=meta><b>Agents:</b> {escape(agents)} · <b>options:</b> {escape(opts)} · "
        f"<b>{data['games']}</b> games {per} ({data['total_games']} played) · seed {data['seed']} · "
        f"mean length {data['mean_length']:.1f} actions · {data['seconds']:.1f} s with {data['jobs']} job(s)</p>",
        "<p class=note>Intervals are 95% Wilson intervals (for a change: Newcombe's interval of the "
        "difference). A win rate counts draws as not won.</p>",
    ]
    if command:
        lines.append(f"<p class=note>Made with <code>{escape(command)}</code></p>")
    return "\n".join(lines)


def _sample_links(ids: list[str], replay_url: str, games_folder: str) -> str:
    links = []
    for n, rid in enumerate(ids, 1):
        parts = []
        if replay_url:
            parts.append(f'<a href="{escape(replay_url.rstrip("/"))}/replay/{escape(rid)}">game {n}</a>')
        if games_folder:
            parts.append(f'<a href="{escape(games_folder)}/{escape(rid)}.json">record</a>')
        links.append(" ".join(parts))
    return "<br>".join(links)


def _matrix(data: dict[str, Any], replay_url: str, games_folder: str) -> str:
    m = data["matrix"]
    what = m["what"]
    roster = m["roster"]
    out = [
        "<h2>Matchup matrix</h2>",
        f"<p class=note>Win rate of the row {what} (seat 0) against the column {what} (seat 1), "
        f"{data['games']} games per cell; green: the interval is above 50%, red: below. "
        "Links open sample games in the replay viewer (see the end of the page).</p>",
    ]
    img = _plot_matrix(data)
    if img:
        out.append(img)
    head = "".join(f"<th>{escape(b)}</th>" for b in roster)
    out.append(f"<table><tr><th class=l>{escape(what)} \\ vs</th>{head}<th>overall</th></tr>")
    for a, row, overall in zip(roster, m["cells"], m["overall"], strict=True):
        cells = []
        for c in row:
            lo, hi = c["ci95"]
            cls = " class=hi" if lo > 0.5 else " class=lo" if hi < 0.5 else ""
            links = _sample_links(c.get("samples", []), replay_url, games_folder)
            cells.append(f"<td{cls}>{pct(c['win_rate'])}<br>{ci(c['ci95'])}<br><small>{links}</small></td>")
        flag = "" if 0.35 <= overall["win_rate"] <= 0.65 else " <span class=flag>outside 35–65%</span>"
        out.append(
            f"<tr><th class=l>{escape(a)}</th>{''.join(cells)}"
            f"<td>{pct(overall['win_rate'])}<br>{ci(overall['ci95'])}{flag}</td></tr>"
        )
    out.append(
        "</table><p class=note>Overall: the row's games against the others, as row and as column "
        "(mirror matches left out).</p>"
    )
    return "\n".join(out)


def _tally_rows(rows: list[dict[str, Any]]) -> str:
    out = [
        "<table><tr><th class=l></th><th>games</th><th>wins</th><th>draws</th><th>losses</th>"
        "<th>win rate</th><th>95% interval</th><th></th></tr>"
    ]
    for t in rows:
        out.append(
            f"<tr><td class=l>{escape(t['label'])}</td><td>{t['games']}</td><td>{t['wins']}</td><td>{t['draws']}</td>"
            f"<td>{t['losses']}</td><td>{pct(t['win_rate'])}</td><td>{ci(t['ci95'])}</td>"
            f"<td>{bar(t['win_rate'], t['ci95'], 0.5)}</td></tr>"
        )
    out.append("</table>")
    return "\n".join(out)


def _results(data: dict[str, Any], replay_url: str, games_folder: str) -> str:
    note = "Each seat's win rate over every game of the report (orange: 50%)."
    if data.get("matrix") and len(set(data["agents"])) > 1:
        note += " In the matrix the first agent always sits at seat 0, so this mixes seat and agent."
    out = ["<h2>Per-seat advantage</h2>", f"<p class=note>{escape(note)}</p>", _tally_rows(data["seats"])]
    if data.get("per_agent"):
        out += ["<h2>Agents</h2>", _tally_rows(data["per_agent"])]
    run = data.get("samples", {}).get("run")
    if run:
        out.append(f"<p>Sample games: {_sample_links(run, replay_url, games_folder).replace('<br>', ' · ')}</p>")
    return "\n".join(out)


def _lengths(data: dict[str, Any]) -> str:
    lengths = {int(k): v for k, v in data["lengths"].items()}
    out = ["<h2>Game length</h2>"]
    if lengths:
        ordered = sorted(k for k, v in lengths.items() for _ in range(v))
        q = [ordered[int(p * (len(ordered) - 1))] for p in (0.0, 0.25, 0.5, 0.75, 1.0)]
        out.append(
            f"<p class=note>Actions per game: shortest {q[0]}, quartiles {q[1]} / {q[2]} / {q[3]}, "
            f"longest {q[4]}; mean {data['mean_length']:.1f}.</p>"
        )
    out.append(_plot_lengths(lengths))
    return "\n".join(out)


def seat_mean(data: dict[str, Any]) -> float:
    """The mean seat's win rate: what a card's win rate when played is read against."""
    games = sum(t["games"] for t in data["seats"])
    return sum(t["wins"] for t in data["seats"]) / games if games else 0.0


def _cards(data: dict[str, Any]) -> str:
    mean = seat_mean(data)
    noun = data.get("card_noun", "card")
    out = [
        f"<h2>Per card ({escape(noun)})</h2>",
        f"<p class=note>Play rate: the share of seat-games (one seat in one game) in which the seat played the "
        f"card at least once, of those in which it held the card (where the game says: a fighter's cards are "
        f"held by that fighter's seats; elsewhere every seat-game counts). Win rate when played: how those "
        f"seats did, against the seats that held it and did not play it (orange tick; the mean seat's "
        f"{pct(mean)} where every seat played it). Green or red: the 95% interval of that difference excludes 0. "
        "Pooled over agents: where one agent is stronger, the cards it plays more often look stronger.</p>",
    ]
    if not data["cards"]:
        out.append(f"<p>No {escape(noun)} was played.</p>")
        return "\n".join(out)
    out.append(_plot_cards(data, mean))
    out.append(
        "<table><tr><th class=l>card</th><th>play rate</th><th>played in</th><th>plays</th>"
        "<th>win rate when played</th><th>95% interval</th><th>held, not played</th><th></th>"
        "<th class=l>when played</th></tr>"
    )
    for c in sorted(data["cards"], key=lambda c: -c["win_rate"]):
        contrast = c.get("not_played", 0) > 0
        against = c["not_played_win_rate"] if contrast else mean
        lo, hi = (
            difference_interval(
                Tally(c["card"], games=c["played"], wins=c["wins"]),
                Tally(c["card"], games=c["not_played"], wins=c["not_played_wins"]),
            )
            if contrast and c["played"]
            else (-1.0, 1.0)
        )
        if not c["played"]:
            note = "never played"
        elif c["wins"] == c["played"]:
            note = "<span class=flag>always won when played</span>"
        elif c["wins"] == 0:
            note = "<span class=flag>never won when played</span>"
        else:
            note = "wins more" if lo > 0 else "wins less" if hi < 0 else ""
        cls = " class=hi" if lo > 0 else " class=lo" if hi < 0 else ""
        rest = f"{pct(c['not_played_win_rate'])} {ci(c['not_played_ci95'])}" if contrast else "—"
        out.append(
            f"<tr{cls}><td class=l>{escape(c['card'])}</td><td>{pct(c['play_rate'])}</td><td>{c['played']}</td>"
            f"<td>{c['plays']}</td><td>{pct(c['win_rate'])}</td><td>{ci(c['ci95'])}</td><td>{rest}</td>"
            f"<td>{bar(c['win_rate'], c['ci95'], against)}</td><td class=l>{note}</td></tr>"
        )
    out.append("</table>")
    return "\n".join(out)


def _ablation(data: dict[str, Any]) -> str:
    out = ["<h2>Card importance by ablation</h2>"]
    ab = data.get("ablation")
    fixed = data.get("card_fixed", "")
    if not ab:
        out.append(
            "<p class=note>Not run (<code>--ablation-games N</code> runs it for the "
            "<code>--ablation-top K</code> most played removable cards).</p>"
        )
    elif "skipped" in ab:
        out.append(f"<p class=note>Not run: {escape(ab['skipped'])}.</p>")
    else:
        base = ab["baseline"]
        out.append(
            f"<p class=note>{escape(ab['agent'])}'s win rate against {escape(ab['against'])} with the card "
            f"removed, {ab['games']} games each, against {pct(base['win_rate'])} {ci(base['ci95'])} "
            f"with the full game. The change's interval is Newcombe's.</p>"
        )
        out.append(
            "<table><tr><th class=l>card removed</th><th class=l>options</th><th>win rate</th>"
            "<th>95% interval</th><th>change</th><th>95% interval of the change</th></tr>"
        )
        for r in ab["rows"]:
            lo, hi = r["delta_ci95"]
            cls = "up" if lo > 0 else "down" if hi < 0 else ""
            opts = ", ".join(f"{k}={v}" for k, v in r["options"].items())
            out.append(
                f"<tr><td class=l>{escape(r['card'])}</td><td class=l>{escape(opts)}</td><td>{pct(r['win_rate'])}</td>"
                f"<td>{ci(r['ci95'])}</td><td class={cls or 'x'}>{r['delta']:+.1%}</td>"
                f"<td class=ci>{lo:+.1%} to {hi:+.1%}</td></tr>"
            )
        out.append("</table>")
    if fixed:
        out.append(f"<p class=note>Cards not removed: {escape(fixed)}.</p>")
    return "\n".join(out)


def _changes(ch: dict[str, Any]) -> str:
    out = [
        "<h2>Changes since the compared report</h2>",
        "<p class=note>New minus old; <b>bold</b>: the change's 95% interval excludes 0 "
        "(more than chance explains).</p>",
    ]
    sections = (
        ("cells", "Matrix cell (row's win rate)"),
        ("seats", "Seat"),
        ("cards", "Card: win rate when played"),
        ("play_rates", "Card: play rate"),
    )
    for key, head in sections:
        every = sorted(ch.get(key) or [], key=lambda r: (not r["outside"], -abs(r["delta"])))
        if not every:
            continue
        # Every change beyond chance, then the largest few of the others.
        rows = [r for r in every if r["outside"]]
        rows += [r for r in every if not r["outside"]][: max(0, SHOWN - len(rows))]
        out.append(
            f"<table><tr><th class=l>{escape(head)}</th><th>old</th><th>new</th><th>change</th>"
            "<th>95% interval</th></tr>"
        )
        for r in rows:
            lo, hi = r["delta_ci95"]
            cls = (" class=up" if r["delta"] > 0 else " class=down") if r["outside"] else ""
            out.append(
                f"<tr><td class=l>{escape(r['key'])}</td><td>{pct(r['old'])}</td><td>{pct(r['new'])}</td>"
                f"<td{cls}>{r['delta']:+.1%}</td><td class=ci>{lo:+.1%} to {hi:+.1%}</td></tr>"
            )
        if len(every) > len(rows):
            out.append(
                f"<tr><td class=l colspan=5>… {len(every) - len(rows)} smaller changes within chance "
                "(all in the report's JSON, under <code>changes</code>)</td></tr>"
            )
        out.append("</table>")
    for key, words in (("added", "only in this report"), ("gone", "only in the old report")):
        if ch.get(key):
            out.append(f"<p class=note>Cards {words}: {escape(', '.join(ch[key]))}.</p>")
    return "\n".join(out)


# -- plots ---------------------------------------------------------------------------


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def _png(fig: Any, plt: Any, alt: str) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    plt.close(fig)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<p><img alt="{escape(alt)}" src="data:image/png;base64,{data}"></p>'


#: Rows of a changes table shown besides those beyond chance.
SHOWN = 8

NO_PLOTS = "<p class=note>(No plot: matplotlib is not installed; pip install -e '.[plot]'.)</p>"


def _plot_matrix(data: dict[str, Any]) -> str:
    plt = _pyplot()
    if plt is None:
        return NO_PLOTS
    from ..plots import matchup_heatmap

    m = data["matrix"]
    report = MatchupReport(
        data["game"], data["options"], data["agents"], tuple(m["roster"]), data["games"], data["seed"], data["jobs"]
    )
    for row in m["cells"]:
        for c in row:
            report.cells[(c["row"], c["col"])] = Tally(c["label"], c["games"], c["wins"], c["draws"], c["losses"])
    with tempfile.TemporaryDirectory() as tmp:
        path = matchup_heatmap(report, Path(tmp) / "matrix.png")
        encoded = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<p><img class=wide alt="matchup matrix" src="data:image/png;base64,{encoded}"></p>'


def _plot_lengths(lengths: dict[int, int]) -> str:
    plt = _pyplot()
    if plt is None or not lengths:
        return NO_PLOTS if plt is None else ""
    fig, ax = plt.subplots(figsize=(7.5, 2.8))
    from matplotlib.ticker import MaxNLocator

    low, high = min(lengths), max(lengths)
    width = max(1, -(-(high - low + 1) // 40))  # whole actions per bar, at most 40 bars
    bins = [low + i * width - 0.5 for i in range((high - low) // width + 2)]
    values = [k for k, v in lengths.items() for _ in range(v)]
    ax.hist(values, bins=bins, color="#6baed6", edgecolor="white")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    fig.tight_layout()
    return _png(fig, plt, "game length distribution")


def _plot_cards(data: dict[str, Any], mean: float) -> str:
    plt = _pyplot()
    if plt is None:
        return NO_PLOTS
    cards = sorted((c for c in data["cards"] if c["played"]), key=lambda c: c["win_rate"])[-80:]
    if not cards:
        return ""
    fig, ax = plt.subplots(figsize=(7.5, 0.6 + 0.24 * len(cards)))
    ys = range(len(cards))
    rates = [c["win_rate"] for c in cards]
    # Rounding can put a Wilson bound a hair inside 0% or 100% of a rate at that bound.
    lows = [max(0.0, c["win_rate"] - c["ci95"][0]) for c in cards]
    highs = [max(0.0, c["ci95"][1] - c["win_rate"]) for c in cards]
    ax.errorbar(rates, ys, xerr=[lows, highs], fmt="o", color="#08519c", ecolor="#9ecae1", capsize=2, ms=4)
    ax.axvline(mean, color="#e6550d", lw=1, ls="--")
    ax.set_yticks(list(ys), [c["card"] for c in cards], fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate when played (95% interval); dashed: the mean seat")
    fig.tight_layout()
    return _png(fig, plt, "win rate when played per card")


__all__ = ["render", "seat_mean"]
