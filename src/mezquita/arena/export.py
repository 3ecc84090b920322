"""A report folder's readable files: ``games.csv`` (one row per game), ``metrics.csv`` (one row
per game fact) and ``report.html``, self-contained (plots embedded as base64 PNG, no script,
no network), readable offline."""

from __future__ import annotations

import base64
import csv
import html
import json
from pathlib import Path

from .plan import Plan
from .tournament import GameResult

GAMES_CSV, METRICS_CSV, HTML_FILE, REPORT_FILE = "games.csv", "metrics.csv", "report.html", "report.json"


def write_csv(results: list[GameResult], plan: Plan, folder: Path) -> list[Path]:
    """``games.csv`` and ``metrics.csv`` of ``results``."""
    results = sorted(results, key=lambda r: r.index)
    join = "|".join
    with (folder / GAMES_CSV).open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["index", "seed", "variant", "seats", "agents", "start", "scores", "returns",
                      "ranks", "decisions", "rounds", "winner_agents"])
        for r in results:
            best = max(r.returns)
            out.writerow([r.index, r.seed, plan.variant_name(r.variant), len(r.seats), join(r.seats),
                          r.start, join(f"{s:g}" for s in r.scores),
                          join(f"{x:g}" for x in r.returns), join(map(str, r.ranks)), r.length,
                          "" if r.rounds is None else r.rounds,
                          join(dict.fromkeys(n for n, x in zip(r.seats, r.returns, strict=True)
                                             if x == best))])
    with (folder / METRICS_CSV).open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["index", "variant", "group", "item", "verb", "seat", "agent", "return"])
        for r in results:
            for group, item, verb, seat in r.facts:
                out.writerow([r.index, plan.variant_name(r.variant), group, item, verb,
                              "" if seat is None else seat, "" if seat is None else r.seats[seat],
                              "" if seat is None else f"{r.returns[seat]:g}"])
    return [folder / GAMES_CSV, folder / METRICS_CSV]


def write_json(report: dict, folder: Path) -> Path:
    """``report.json``."""
    path = folder / REPORT_FILE
    path.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return path


def pct(row: dict, key: str = "rate") -> str:
    """``"62.0% (55%-69%)"``."""
    return f"{row[key]:.1%} ({row['ci95'][0]:.0%}-{row['ci95'][1]:.0%})"


def num(row: dict) -> str:
    """``"12.3 (11.9 to 12.8)"``."""
    return f"{row['mean']:.4g} ({row['ci95'][0]:.4g} to {row['ci95'][1]:.4g})"


def diff_text(d: dict | None, kind: str) -> str:
    """A difference with its CI: percentage points for rates."""
    if d is None:
        return "-"
    if kind == "rate":
        return f"{100 * d['diff']:+.1f} pts ({100 * d['ci95'][0]:+.1f} to {100 * d['ci95'][1]:+.1f})"
    return f"{d['diff']:+.4g} ({d['ci95'][0]:+.4g} to {d['ci95'][1]:+.4g})"


def _table(head: list[str], rows: list[list]) -> str:
    cells = "".join(f"<th>{html.escape(str(h))}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><tr>{cells}</tr>{body}</table>"


def _img(path: Path) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<figure><img alt="{html.escape(path.stem)}" src="data:image/png;base64,{data}"></figure>'


def variant_html(v: dict) -> str:
    """One variant's tables."""
    if not v.get("games"):
        return "<p>No games yet.</p>"
    parts = [f"<p>{v['games']} games, {v['players']} seats; seat figures from {v['basis']}.</p>",
             "<h3>Agents (win share: the game as the unit)</h3>",
             _table(["agent", "games", "wins", "draws", "losses", "win share (95% CI)", "fair",
                     "verdict", "ms/decision"],
                    [[a, r["games"], r["wins"], r["draws"], r["losses"], pct(r), f"{r['fair']:.0%}",
                      r["verdict"], r["ms_per_decision"]] for a, r in v["agents"].items()])]
    if v.get("positions"):
        parts += ["<h3>Starting positions and seats</h3>",
                  _table(["", "from the start player", "verdict", "by seat index", "verdict"],
                         [[p, pct(a), a["verdict"], pct(s), s["verdict"]]
                          for p, (a, s) in enumerate(zip(v["positions"], v["seats"], strict=True))]),
                  "<h3>Per agent and seat</h3>",
                  _table(["agent", *(f"seat {s}" for s in range(v["players"]))],
                         [[a, *(pct(r) if r["games"] else "-" for r in rows)]
                          for a, rows in v["per_seat"].items()]),
                  *(["<h3>Head to head (row agent's win share in games with the column agent)</h3>",
                     _table(["agent", *v["head_to_head"]],
                            [[a, *(pct(row[b]) if b in row else "-" for b in v["head_to_head"])]
                             for a, row in v["head_to_head"].items()])] if v.get("head_to_head") else []),
                  "<h3>Ratings (OpenSkill, whole-game rankings)</h3>",
                  _table(["agent", "mu", "sigma", "ordinal"],
                         [[r["agent"], r["mu"], r["sigma"], r["ordinal"]] for r in v["ratings"]]),
                  "<h3>Length and margins</h3>",
                  _table(["figure", "mean (95% CI)", "median", "min", "max"],
                         [[label, num(d), d["median"], d["min"], d["max"]]
                          for label, d in (("decisions", v["length"]), ("rounds", v["rounds"]),
                                           ("score margin", v["margin"])) if d]),
                  f"<p>Draws: {v['draws']}; mean branching factor {v['branching']}.</p>"]
    for group, verbs in v.get("metrics", {}).items():
        for verb, items in verbs.items():
            parts.append(f"<h3>{html.escape(group)}: {html.escape(verb)}</h3>")
            parts.append(_table(
                ["item", "count", "per game (95% CI)", "games with it", "by agent",
                 "by position (start, +1...)", "win rate of seats concerned", "winner's share"],
                [[r["item"], r["count"], num(r["per_game"]), pct(r["games_with"]),
                  ", ".join(f"{a} {c['count']}" for a, c in r["by_agent"].items()),
                  " / ".join(map(str, r["by_position"])),
                  pct(r["win"]) if r["win"]["n"] else "-",
                  pct(r["winner_share"]) if r["winner_share"]["n"] else "-"] for r in items]))
    for group, verbs in v.get("never", {}).items():
        for verb, items in verbs.items():
            parts.append(f"<p><b>Never {html.escape(verb)} ({html.escape(group)}):</b> "
                         f"{html.escape(', '.join(items))}</p>")
    return "\n".join(parts)


def comparison_html(report: dict) -> str:
    """The sweep's side-by-side table."""
    names = [v["variant"] for v in report["variants"]]
    rows = []
    for row in report["comparison"]:
        show = pct if row["kind"] == "rate" else num
        diffs = [diff_text(d, row["kind"]) for d in row["diffs"][1:]]
        rows.append([row["figure"], *(show(x) if x else "-" for x in row["values"]), *diffs])
    head = ["figure", *names, *(f"{n} − {names[0]}" for n in names[1:])]
    return "<h2>Variants side by side (differences from the first, 95% CI)</h2>" + _table(head, rows)


CSS = ("body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
       "table{border-collapse:collapse;margin:.5em 0 1em}td,th{border:1px solid #ccc;"
       "padding:3px 8px;font-size:13px;text-align:right}td:first-child,th:first-child"
       "{text-align:left}img{max-width:100%}figure{margin:1em 0}")


def write_html(title: str, sections: list[tuple[str, str]], plots: list[Path], folder: Path,
               intro: str = "") -> Path:
    """``report.html``: ``sections`` (heading, HTML) then every plot, embedded."""
    body = [f"<h1>{html.escape(title)}</h1>", intro]
    for heading, content in sections:
        body.append(f"<h2>{html.escape(heading)}</h2>{content}")
    if plots:
        body.append("<h2>Plots</h2>" + "".join(_img(p) for p in plots))
    path = folder / HTML_FILE
    path.write_text(f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
                    f"</title><style>{CSS}</style></head><body>{''.join(body)}</body></html>\n",
                    encoding="utf-8")
    return path


def write_folder(report: dict, results: list[GameResult], plan: Plan, folder: Path) -> list[Path]:
    """report.json, the CSVs, the plots and report.html of an arena or sweep run."""
    from .plots import write_plots

    files = [write_json(report, folder), *write_csv(results, plan, folder)]
    plots = write_plots(report, folder)
    sections = [(f"Variant {v['variant']}", variant_html(v)) for v in report["variants"]]
    intro = (f"<p>Agents {html.escape(', '.join(plan.agents))}; seed {plan.seed}; "
             f"{report['games']} games ({plan.games} planned per variant); options "
             f"{html.escape(json.dumps(plan.options))}. Files: games.csv, metrics.csv, "
             "report.json.</p>")
    if report.get("comparison"):
        intro += comparison_html(report)
    files.append(write_html(f"{plan.game} arena report", sections, plots, folder, intro))
    return [*files, *plots]


def balance_json(report: dict) -> dict:
    """The balance report without its games (for ``--json`` and ``balance.json``)."""
    return {**{k: v for k, v in report.items() if k != "matches"},
            "matches": [{"name": m["name"], "agents": m["agents"]} for m in report["matches"]]}


def write_balance(report: dict, folder: Path, describe) -> list[Path]:
    """Each match's folder (as an arena run), then ``balance.json`` and a ``report.html``
    with the verdicts, the tables and the self-play plots."""
    from .plots import ladder_plot

    files = []
    for match in report["matches"]:
        files += write_folder(match["report"], match["results"], match["plan"], folder / match["name"])
    path = folder / "balance.json"
    path.write_text(json.dumps(balance_json(report), indent=1) + "\n", encoding="utf-8")
    sections = []
    plots = []
    for i, v in enumerate(report["variants"]):
        lines = "".join(f"<li>{html.escape(line)}</li>" for line in describe(v, report["mirror_agent"]))
        table = _table(["position from the start player", "win rate (95% CI)", "verdict",
                        "seat index", "win rate (95% CI)", "verdict"],
                       [[p, pct(a), a["verdict"], s_i, pct(s), s["verdict"]]
                        for p, (a, s_i, s) in enumerate(zip(v["positions"], range(v["players"]),
                                                            v["seats"], strict=True))])
        ladder = _table(["stronger", "weaker", "games", "win share (95% CI)", "fair", "verdict"],
                        [[s["stronger"], s["weaker"], s["games"], pct(s), f"{s['fair']:.0%}",
                          s["verdict"]] for s in v["ladder"]])
        sections.append((f"Variant {v['variant']}", f"<ul>{lines}</ul>{table}{ladder}"))
        prefix = f"v{i}-" if len(report["variants"]) > 1 else ""
        plots += [p for p in (folder / "mirror" / f"{prefix}seats.png",
                              folder / "mirror" / f"{prefix}game_lengths.png") if p.exists()]
        plots.append(ladder_plot(report, v, folder / f"{prefix}ladder.png"))
    intro = (f"<p>Self-play agent {html.escape(report['mirror_agent'])}; {report['games_per_match']} "
             "games per match and variant. Each match has its own folder and report: "
             + ", ".join(f"{m['name']}/report.html" for m in report["matches"]) + ".</p>")
    files.append(path)
    files.append(write_html(f"{report['game']} balance report", sections, plots, folder, intro))
    return files + plots
