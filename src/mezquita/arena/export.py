"""A report folder's readable files: ``games.csv`` (one row per game), ``metrics.csv`` (one row
per game fact) and ``report.html``, self-contained (plots embedded as base64 PNG, no script,
no network), readable offline."""

from __future__ import annotations

import base64
import csv
import html
import json
from pathlib import Path

from mezquita.engine import Game, load

from .labels import item as label
from .labels import options as options_text
from .labels import restriction as label_restriction
from .plan import Plan
from .plots import slug
from .restrict import one_seat
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
    return f"{row['mean']:.3g} ({row['ci95'][0]:.3g} to {row['ci95'][1]:.3g})"


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
    return f"<div class='wide'><table><tr>{cells}</tr>{body}</table></div>"


#: what each plot shows, by the end of its file name
CAPTIONS = {
    "win_shares": "Each agent's share of the games it won (bars, 95% interval) against its fair "
                  "share (gold): a bar clear of its mark is a real difference.",
    "seats": "Win rate by position from the start player (left) and by seat index (right), "
             "against the fair share 1/seats.",
    "per_seat": "Each agent's win rate in each seat it held.",
    "game_lengths": "How many games lasted how long; red: the mean, dotted: the median.",
    "margins": "The winner's score minus the runner-up's, over the games.",
    "ratings": "OpenSkill ratings from whole-game rankings: further right is stronger; the bars "
               "are 3 standard deviations.",
    "ladder": "Each ladder step: the stronger agent's win share against its fair share.",
    "trajectory": "Legal actions per decision through the game (tenths of its length): how the "
                  "choice widens or narrows as a game goes on.",
}


def _caption(path: Path) -> str:
    stem = path.stem.split("-", 1)[1] if path.stem[:1] == "v" and "-" in path.stem else path.stem
    if stem.startswith("metric-"):
        return ("Left: how often each item occurred per game. Right: the win rate of the seats it "
                "concerned (a correlation, not the item's effect), against 1/seats.")
    if path.stem.startswith("sweep-"):
        return "The figure in each variant with its 95% interval."
    if path.stem.startswith("restricted"):
        return ("Restricted play: the win-rate change of a player denied (or forced to take) each "
                "element, with its 95% interval; left of 0 means the element is worth having.")
    return CAPTIONS.get(stem, "")


def _img(path: Path) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    caption = html.escape(_caption(path))
    return (f'<figure><img alt="{html.escape(path.stem)}" src="data:image/png;base64,{data}">'
            f"<figcaption>{caption}</figcaption></figure>")


DEFINITIONS = (
    "<p class='defs'><b>Win share</b>: the share of games an agent won, the game as the unit "
    "(a shared first place counts as its share). <b>Fair share</b>: what it would win if seats "
    "did not matter (the seats it holds over all seats). <b>Verdict</b>: <i>above</i> or "
    "<i>below</i> when a score test against the fair share still rejects it after Holm's "
    "adjustment over every verdict of the variant (family-wise 5%), else <i>level</i>. "
    "<b>Distinct games</b>: games that are not a move-for-move repeat of another; the intervals "
    "use only that many. <b>Seats concerned win</b>: the win rate of the seats an item concerned "
    "(a character's holder, a district's builder): a <i>correlation</i>, not the item's effect "
    "(good players build more); restricted play measures the effect.</p>")


def summary_lines(v: dict, game: Game) -> list[str]:
    """A variant's main findings as plain sentences."""
    lines = []
    sample = v.get("sample", {})
    if sample.get("deterministic"):
        lines.append(f"All {v['games']} games are the same game move for move: these players "
                     "leave nothing to chance here, so every figure below describes one game.")
    elif sample.get("checked") and sample["distinct"] < v["games"]:
        lines.append(f"{v['games']} games, of which {sample['distinct']} distinct; the intervals "
                     f"rest on those {sample['distinct']}.")
    elif not sample.get("checked"):
        lines.append(f"{v['games']} games, played by the fast simulator, which keeps neither the "
                     "moves nor the positions of its games: repeats are not checked (each game "
                     "counts as distinct) and there are no trajectory figures and no figures of "
                     "the game's own; --engine measures them.")
    else:
        lines.append(f"{v['games']} games, all distinct.")
    if v.get("positions"):
        first = v["positions"][0]
        meaning = {"above": "starting is an advantage", "below": "starting is a disadvantage",
                   "level": "no starting advantage detectable"}[first["verdict"]]
        lines.append(f"The start player wins {pct(first)} against a fair {v['fair']:.0%}: "
                     f"{meaning}.")
    if not v.get("self_play"):
        for name, row in sorted(v["agents"].items(), key=lambda kv: -kv[1]["rate"]):
            lines.append(f"{name} wins {pct(row)} of its games against a fair share of "
                         f"{row['fair']:.0%}: {row['verdict']}.")
    t = v.get("trajectory")
    if t:
        text = (f"Measured with {t['evaluation']}: the lead changes {num(t['lead_changes'])} "
                "times a game")
        if t["comeback"]:
            text += (f"; the winner was behind at half-time in {pct(t['comeback'])} of the games "
                     f"and led alone for good from {t['settled']['rate']:.0%} of the game on")
        lines.append(text + ".")
        if t["timeout"]["rate"]:
            lines.append(f"{pct(t['timeout'])} of the games ran past the length the rules promise.")
    flagged = [(f"{group} {label(game, r['item'], group)} ({verb})", r["win"])
               for group, verbs in v.get("metrics", {}).items() for verb, rows in verbs.items()
               for r in rows if r["win"].get("verdict") in ("above", "below")]
    if flagged:
        flagged.sort(key=lambda x: -x[1]["rate"])
        shown = "; ".join(f"{name} {pct(w)}" for name, w in flagged[:6])
        lines.append(f"Seats concerned win clearly more or less than a fair {v['fair']:.0%} "
                     f"(correlations, not effects): {shown}.")
    verdicts = v.get("verdicts")
    if verdicts:
        lines.append(f"{verdicts['not_level']} of the {verdicts['tests']} verdicts are not level "
                     "after Holm's adjustment.")
    return lines


def variant_html(v: dict, game: Game) -> str:
    """One variant's summary and tables, in the game's words."""
    if not v.get("games"):
        return "<p>No games yet.</p>"
    parts = ["<ul class='summary'>" + "".join(f"<li>{html.escape(line)}</li>"
                                              for line in summary_lines(v, game)) + "</ul>",
             f"<p>{v['players']} seats; seat figures from {html.escape(v['basis'])}.</p>"]
    if v.get("self_play"):
        parts.append(f"<p>Self-play: {html.escape(next(iter(v['agents'])))} holds every seat, so "
                     "the seats and positions below are the game's, not the players'.</p>")
    else:
        parts += ["<h3>Agents</h3>",
                  _table(["agent", "games", "wins", "draws", "losses", "win share (95% CI)",
                          "fair share", "verdict", "ms/decision"],
                         [[a, r["games"], r["wins"], r["draws"], r["losses"], pct(r),
                           f"{r['fair']:.0%}", r["verdict"], r["ms_per_decision"]]
                          for a, r in sorted(v["agents"].items(), key=lambda kv: -kv[1]["rate"])])]
    if v.get("positions"):
        parts += ["<h3>Starting positions and seats</h3>",
                  _table(["", "from the start player", "verdict", "by seat index", "verdict"],
                         [["start" if p == 0 else f"start +{p}", pct(a), a["verdict"], pct(s),
                           s["verdict"]]
                          for p, (a, s) in enumerate(zip(v["positions"], v["seats"], strict=True))])]
        if not v.get("self_play"):
            parts += ["<h3>Per agent and seat</h3>",
                      _table(["agent", *(f"seat {s}" for s in range(v["players"]))],
                             [[a, *(pct(r) if r["games"] else "-" for r in rows)]
                              for a, rows in v["per_seat"].items()]),
                      *(["<h3>Head to head (row agent's win share in games with the column "
                         "agent)</h3>",
                         _table(["agent", *v["head_to_head"]],
                                [[a, *(pct(row[b]) if b in row else "-" for b in v["head_to_head"])]
                                 for a, row in v["head_to_head"].items()])]
                        if v.get("head_to_head") else []),
                      "<h3>Ratings (OpenSkill, whole-game rankings)</h3>",
                      _table(["agent", "mu", "sigma", "ordinal"],
                             [[r["agent"], r["mu"], r["sigma"], r["ordinal"]] for r in v["ratings"]])]
        parts += ["<h3>Length and margins</h3>",
                  _table(["figure", "mean (95% CI)", "median", "min", "max"],
                         [[label_, num(d), d["median"], d["min"], d["max"]]
                          for label_, d in (("decisions", v["length"]), ("rounds", v["rounds"]),
                                            ("score margin (winner minus runner-up)", v["margin"]))
                          if d]),
                  f"<p>Draws (shared first places): {v['draws']}; mean branching factor "
                  f"(legal actions per decision) {v['branching']}.</p>"]
    if v.get("trajectory"):
        parts.append(trajectory_html(v["trajectory"]))
    for group, verbs in v.get("metrics", {}).items():
        for verb, items in verbs.items():
            parts.append(f"<h3>{html.escape(group)}: {html.escape(verb)}</h3>")
            rows = sorted(items, key=lambda r: -r["win"]["rate"] if r["win"]["n"] else 1)
            parts.append(_table(
                ["item", "count", "per game (95% CI)", "games with it", "by agent",
                 "by position (start, +1...)", "seats concerned win (correlation)", "verdict",
                 "winner's share"],
                [[label(game, r["item"], group), r["count"], num(r["per_game"]),
                  pct(r["games_with"]),
                  ", ".join(f"{a} {c['count']}" for a, c in r["by_agent"].items()),
                  " / ".join(map(str, r["by_position"])),
                  pct(r["win"]) if r["win"]["n"] else "-", r["win"].get("verdict", "-"),
                  pct(r["winner_share"]) if r["winner_share"]["n"] else "-"] for r in rows]))
            parts.append("<p class='defs'>Per game: times it happened in a game. Seats concerned "
                         "win: the win rate of the seats it concerned, a correlation. Winner's "
                         "share: the share of its occurrences that went to the eventual winner.</p>")
    for group, verbs in v.get("never", {}).items():
        for verb, items in verbs.items():
            names = ", ".join(label(game, i, group) for i in items)
            parts.append(f"<p><b>Never {html.escape(verb)} ({html.escape(group)}):</b> "
                         f"{html.escape(names)}</p>")
    return "\n".join(parts)


def trajectory_html(t: dict) -> str:
    """The trajectory figures with their definitions."""
    rows = [["lead changes per game", num(t["lead_changes"]),
             "how often the sole leader changed (a tie leads nobody)"]]
    if t["comeback"]:
        rows += [["drama", num(t["drama"]), "the largest amount the eventual winner was behind "
                  "the leader (0: never behind)"],
                 ["settled at", pct(t["settled"]), "the share of the game after which the winner "
                  "led alone to the end"],
                 ["comebacks", pct(t["comeback"]), "games whose winner was behind at half-time"]]
    rows += [["timeouts", pct(t["timeout"]), "games that ran past the length the rules promise"]]
    branching = " / ".join("-" if b is None else f"{b:.3g}" for b in t["branching"])
    return (f"<h3>How the games unfolded (measured with {html.escape(t['evaluation'])}, after "
            f"every decision; {t['decided']} of {t['games']} games with one winner)</h3>"
            + _table(["figure", "value (95% CI)", "meaning"], rows)
            + f"<p>Legal actions per decision, by tenth of the game: {branching}.</p>")


def restricted_html(report: dict, game: Game) -> str:
    """The restricted-play ranking."""
    rows = [[label_restriction(game, r["restriction"]), r["games"], pct(r["denied"]),
             pct(r["control_rate"]), diff_text(r["change"], "rate"), pct(r["bit_in"]),
             r["verdict"]] for r in report["restricted_play"]]
    return ("<p>One player at a time (every seat in turn) is denied an element, or forced to "
            "take it, against unrestricted opponents on the same deals; the change is its win "
            "rate minus the same seat's in the same games without the restriction: a causal "
            "figure. Intervals: Newcombe's (conservative, they ignore the pairing); verdicts "
            "Holm-adjusted over the restrictions. <i>It bit</i>: games in which the restriction "
            "took a choice away.</p>"
            + _table(["restriction", "games", "restricted player wins", "same seat unrestricted",
                      "change", "it bit in", "verdict"], rows))


def comparison_html(report: dict) -> str:
    """The sweep's side-by-side table."""
    names = report["compared"]
    rows = []
    for row in report["comparison"]:
        show = pct if row["kind"] == "rate" else num
        diffs = [diff_text(d, row["kind"]) for d in row["diffs"][1:]]
        rows.append([row["figure"], *(show(x) if x else "-" for x in row["values"]), *diffs])
    head = ["figure", *names, *(f"{n} − {names[0]}" for n in names[1:])]
    return "<h2>Variants side by side (differences from the first, 95% CI)</h2>" + _table(head, rows)


CSS = ("body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}"
       ".summary li{margin:.3em 0;font-size:15px}.defs{font-size:12px;color:#555}"
       "figcaption{font-size:12px;color:#555}div.wide{overflow-x:auto}"
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
    path.write_text(f"<!doctype html><html><head><meta charset='utf-8'><meta name='viewport' "
                    f"content='width=device-width, initial-scale=1'><title>{html.escape(title)}"
                    f"</title><style>{CSS}</style></head><body>{''.join(body)}</body></html>\n",
                    encoding="utf-8")
    return path


def write_folder(report: dict, results: list[GameResult], plan: Plan, folder: Path) -> list[Path]:
    """report.json, the CSVs, the plots and report.html of an arena or sweep run."""
    from .plots import write_plots

    files = [write_json(report, folder), *write_csv(results, plan, folder)]
    from .plots import restricted_plot

    plots = write_plots(report, folder)
    game = plan.load()
    if report.get("restricted_play"):
        names = [label_restriction(game, r["restriction"]) for r in report["restricted_play"]]
        plots.insert(0, restricted_plot(report, folder / "restricted_play.png", names,
                                        f"Restricted play — {game.info.name}, "
                                        f"{', '.join(plan.agents)}, {plan.games} games each"))
    sections = [(variant_title(v, game), variant_html(v, plan.load(i)))
                for i, v in enumerate(report["variants"]) if not one_seat(v["restrict"])]
    intro = (f"<p>Agents {html.escape(', '.join(plan.agents))}; seed {plan.seed}; "
             f"{report['games']} games ({plan.games} planned per variant); "
             f"{html.escape(options_text(report['variants'][0]['changed']))}. Files: games.csv, "
             "metrics.csv, report.json.</p>" + DEFINITIONS)
    if report.get("restricted_play"):
        intro += ("<h2>Restricted play: what an element is worth</h2>"
                  + restricted_html(report, game) + _img(folder / "restricted_play.png"))
    if report.get("comparison"):
        intro += comparison_html(report)
    files.append(write_html(f"{game.info.name}: arena report", sections, plots, folder, intro))
    return [*files, *plots]


def variant_title(v: dict, game: Game) -> str:
    """``"Variant: hand 3, landmarks 5"`` (and its restriction, in words)."""
    title = f"Variant: {options_text(v['changed'])}"
    return title + (f"; {label_restriction(game, v['restrict'])}" if v.get("restrict") else "")


def balance_json(report: dict) -> dict:
    """The balance report without its games (for ``--json`` and ``balance.json``)."""
    return {**{k: v for k, v in report.items() if k != "matches"},
            "matches": [{"name": m["name"], "agents": m["agents"]} for m in report["matches"]]}


def write_balance(report: dict, folder: Path, describe) -> list[Path]:
    """Each match's folder (as an arena run), then ``balance.json`` and a ``report.html``
    with the verdicts in sentences, the tables per player model and the self-play plots."""
    from .plots import ladder_plot

    files = []
    for match in report["matches"]:
        files += write_folder(match["report"], match["results"], match["plan"], folder / match["name"])
    path = folder / "balance.json"
    path.write_text(json.dumps(balance_json(report), indent=1) + "\n", encoding="utf-8")
    sections = []
    plots = []
    several = len(report["variants"]) > 1
    for i, v in enumerate(report["variants"]):
        lines = "".join(f"<li>{html.escape(line)}</li>" for line in describe(v))
        tables = []
        prefix = f"v{i}-" if several else ""
        for model, m in v["models"].items():
            tables.append(f"<h3>{html.escape(model)} self-play</h3>" + _table(
                ["position from the start player", "win rate (95% CI)", "verdict", "seat index",
                 "win rate (95% CI)", "verdict"],
                [["start" if p == 0 else f"start +{p}", pct(a), a["verdict"], f"seat {p}", pct(s),
                  s["verdict"]] for p, (a, s) in enumerate(zip(m["positions"], m["seats"],
                                                               strict=True))]))
            if m.get("trajectory"):
                tables.append(trajectory_html(m["trajectory"]))
            plots += [p for p in (folder / f"mirror-{slug(model)}" / f"{prefix}seats.png",
                                  folder / f"mirror-{slug(model)}" / f"{prefix}game_lengths.png")
                      if p.exists()]
        ladder = _table(["stronger", "weaker", "games", "win share (95% CI)", "fair share",
                         "verdict"],
                        [[s["stronger"], s["weaker"], s["games"], pct(s), f"{s['fair']:.0%}",
                          s["verdict"]] for s in v["ladder"]])
        sections.append((f"Variant: {options_text(v['changed'])}",
                         f"<ul class='summary'>{lines}</ul>{''.join(tables)}"
                         f"<h3>Skill ladder</h3>{ladder}"))
        plots.append(ladder_plot(report, v, folder / f"{prefix}ladder.png"))
    links = ", ".join(f"<a href='{m['name']}/report.html'>{m['name']}</a>" for m in report["matches"])
    intro = (f"<p>Player models (self-play): {html.escape(', '.join(report['models']))}; "
             f"{report['games_per_match']} games per match and variant. Each match has its own "
             f"folder and report: {links}.</p>" + DEFINITIONS)
    files.append(path)
    game = load(report["game"], **report["options"])
    files.append(write_html(f"{game.info.name}: balance report", sections, plots, folder, intro))
    return files + plots


def model_folder(name: str) -> str:
    """The sub-folder of a player model (or lineup) in a sweep's or balance's folder."""
    return "model-" + slug(name)


def write_sweep(study: dict, folder: Path) -> list[Path]:
    """A sweep's ``report.json`` (every model's report) and ``report.html``: the answers across
    player models, then per model its restricted-play ranking and comparison table; each
    model's own folder (``model-NAME/``) holds its full arena report."""
    path = folder / REPORT_FILE
    path.write_text(json.dumps(study, indent=1) + "\n", encoding="utf-8")
    game = load(study["game"], **study["options"])
    questions = _table(["question", "answer per player model", "verdict"],
                       [[q["question"], "; ".join(f"{m}: {a}" for m, a in q["answers"].items())
                         or q["text"].removeprefix(f"{q['question']}: ").rstrip("."),
                         q["verdict"]] for q in study["robustness"]])
    moved = [q for q in study["robustness"] if set(q["answers"].values()) - {"level"}]
    effects = ("<p>Where some player model sees an effect:</p><ul class='summary'>"
               + "".join(f"<li>{html.escape(q['text'])}</li>" for q in moved) + "</ul>"
               if moved else "<p>No player model sees an effect on any question.</p>")
    sections = [("Across player models", effects + "<p>Every question, with each model's "
                 "answer (up/down: the interval excludes no change; robust: every model agrees; "
                 "depends on the model: two models disagree in direction):</p>" + questions)]
    for name, report in study["reports"].items():
        parts = []
        if report.get("restricted_play"):
            parts.append(restricted_html(report, game))
        if report.get("comparison"):
            parts.append(comparison_html(report))
        link = f"{model_folder(name)}/report.html"
        parts.append(f"<p>Every figure of this model: <a href='{link}'>{link}</a>.</p>")
        sections.append((f"Player model {name} (self-play)" if "," not in name else
                         f"Lineup {name}", "".join(parts)))
    intro = (f"<p>{study['games_per_variant']} games per variant and player model, seed "
             f"{study['seed']}; player models: {html.escape(', '.join(study['models']))}.</p>"
             + DEFINITIONS)
    return [path, write_html(f"{game.info.name}: sweep across player models", sections, [],
                             folder, intro)]
