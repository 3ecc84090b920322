"""PNG plots of an arena report (matplotlib, Agg backend: no display needed).

Every plot names the game, the variant and the number of games in a title wrapped to fit;
legends sit below the axes, clear of the data; histograms of lengths count rounds (when the
game declares them) with one bar per whole number only when the range is short.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from .restrict import one_seat

RED, GOLD, GREY, BLUE = "#b5462f", "#c9a227", "#333333", "#3b6e8f"
#: items per metric plot (the most frequent)
TOP_ITEMS = 24


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def title_of(report: dict, variant: dict, what: str) -> str:
    """``"Win share per agent — cordoba hand=3 landmarks=5, 100 games"``, wrapped: the options
    that differ from the game's defaults, so the variant is always named."""
    opts = " ".join(f"{k}={_short(v)}" for k, v in variant.get("changed", {}).items()) or "defaults"
    text = f"{what} — {report['game']} {opts}, {variant['games']} games"
    return "\n".join(textwrap.wrap(text, 62))


def _short(value: object) -> str:
    text = str(value)
    return text.rsplit("/", 1)[-1] if "/" in text else text


def slug(text: str) -> str:
    """A file-name-safe form of ``text``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _errors(rows: list[dict], key: str = "rate") -> list[list[float]]:
    return [[r[key] - r["ci95"][0] for r in rows], [r["ci95"][1] - r[key] for r in rows]]


def _fair_line(ax, fair: float, label: str = "fair share") -> None:
    ax.axvline(fair, color=GOLD, linestyle="--", label=label)


def _legend_below(ax) -> None:
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=3, frameon=False, fontsize=8)


def write_plots(report: dict, folder: Path) -> list[Path]:
    """Every plot of every variant (and the sweep comparison); return the files written."""
    paths = []
    several = len(report["variants"]) > 1
    for i, variant in enumerate(report["variants"]):
        if not variant.get("games") or one_seat(variant.get("restrict")):
            continue  # a restricted-play arm: its figure is restricted_play.png
        prefix = f"v{i}-" if several else ""
        paths += _variant_plots(report, variant, folder, prefix)
    if report.get("comparison"):
        paths += _sweep_plots(report, folder)
    return paths


def _variant_plots(report: dict, v: dict, folder: Path, prefix: str) -> list[Path]:
    plt = _plt()
    paths = []
    names = list(v["agents"])
    rows = [v["agents"][n] for n in names]
    if not v.get("self_play"):  # in self-play the one agent wins every game
        fig = _share_bars(plt, names, rows, "win share, 95% CI (game as unit)",
                          "fair share (seats held / seats)", "share of games won (draws shared)",
                          title_of(report, v, "Win share per agent"))
        paths.append(_save(fig, folder / f"{prefix}win_shares.png"))

    if v.get("positions"):
        n = v["players"]
        fig, axes = plt.subplots(1, 2, figsize=(9, 0.45 * n + 2.6), sharey=False)
        for ax, key, label in ((axes[0], "positions", "position from the start player"),
                               (axes[1], "seats", "seat index")):
            data = v[key]
            ticks = ([f"start +{p}" if p else "start" for p in range(n)] if key == "positions"
                     else [f"seat {s}" for s in range(n)])
            ax.barh(ticks, [r["rate"] for r in data], xerr=_errors(data), color=BLUE, ecolor=GREY,
                    capsize=4)
            _fair_line(ax, 1 / n)
            ax.set_xlim(0, 1)
            ax.invert_yaxis()
            ax.set_xlabel(f"win rate by {label}", fontsize=9)
        axes[0].legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), frameon=False, fontsize=8)
        fig.suptitle(title_of(report, v, f"Seats ({v['basis']})"), fontsize=10)
        paths.append(_save(fig, folder / f"{prefix}seats.png"))
        if not v.get("self_play"):
            paths.append(_per_seat(report, v, folder / f"{prefix}per_seat.png"))

    length = v.get("rounds") or v["length"]
    unit = "rounds" if v.get("rounds") else "decisions"
    paths.append(_histogram(report, v, length, f"game length ({unit})",
                            folder / f"{prefix}game_lengths.png", f"Game length in {unit}"))
    paths.append(_histogram(report, v, v["margin"], "winner's score minus the runner-up's",
                            folder / f"{prefix}margins.png", "Score margin"))

    ladder = v["ratings"]
    if not v.get("self_play"):
        fig, ax = plt.subplots(figsize=(7, 0.5 * len(ladder) + 2))
        ax.errorbar([r["mu"] for r in ladder], [r["agent"] for r in ladder],
                    xerr=[3 * r["sigma"] for r in ladder], fmt="o", color=RED, capsize=4)
        ax.invert_yaxis()
        ax.set_xlabel("OpenSkill mu ± 3 sigma (whole-game rankings)")
        ax.set_title(title_of(report, v, "Rating ladder"), fontsize=10)
        paths.append(_save(fig, folder / f"{prefix}ratings.png"))
    if v.get("trajectory"):
        paths.append(_branching(report, v, folder / f"{prefix}trajectory.png"))

    for group, verbs in v.get("metrics", {}).items():
        for verb, items in verbs.items():
            paths.append(_metric(report, v, group, verb, items,
                                 folder / f"{prefix}metric-{slug(group)}-{slug(verb)}.png"))
    return paths


def _branching(report: dict, v: dict, path: Path) -> Path:
    plt = _plt()
    values = v["trajectory"]["branching"]
    fig, ax = plt.subplots(figsize=(7, 3.4))
    ax.plot([10 * k + 5 for k in range(len(values))], values, marker="o", color=BLUE)
    ax.set_xlim(0, 100)
    ax.set_ylim(bottom=0)
    ax.set_xlabel("point of the game (% of its decisions)")
    ax.set_ylabel("legal actions per decision")
    ax.set_title(title_of(report, v, "Choices through the game"), fontsize=10)
    return _save(fig, path)


def restricted_plot(report: dict, path: Path, names: list[str], title: str) -> Path:
    """The restricted-play ranking: each element's win-rate change with its 95% interval."""
    plt = _plt()
    rows = report["restricted_play"]
    changes = [r["change"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(rows) + 2.2))
    ax.errorbar([c["diff"] for c in changes], names, xerr=_errors(changes, "diff"), fmt="o",
                color=RED, ecolor=GREY, capsize=3)
    ax.axvline(0, color=GOLD, linestyle="--", label="no effect")
    ax.invert_yaxis()
    ax.tick_params(axis="y", labelsize=8)
    ax.set_xlabel("win-rate change of the restricted player, 95% CI")
    ax.set_title("\n".join(textwrap.wrap(title, 62)), fontsize=10)
    _legend_below(ax)
    return _save(fig, path)


def _per_seat(report: dict, v: dict, path: Path) -> Path:
    plt = _plt()
    n, names = v["players"], list(v["per_seat"])
    fig, ax = plt.subplots(figsize=(7, 0.35 * n * len(names) + 2.4))
    height = 0.8 / n
    colours = plt.get_cmap("viridis")
    for s in range(n):
        rows = [v["per_seat"][a][s] for a in names]
        ys = [i + (s - (n - 1) / 2) * height for i in range(len(names))]
        ax.barh(ys, [r["rate"] for r in rows], height=height * 0.9, xerr=_errors(rows),
                color=colours(s / max(n - 1, 1)), ecolor=GREY, capsize=2, label=f"seat {s}")
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    _fair_line(ax, 1 / n, "1 / seats")
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate of the agent in each seat, 95% CI")
    ax.set_title(title_of(report, v, "Win rate per agent and seat"), fontsize=10)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=min(n + 1, 5), frameon=False,
              fontsize=8)
    return _save(fig, path)


def _histogram(report: dict, v: dict, dist: dict, xlabel: str, path: Path, what: str) -> Path:
    import numpy as np
    from matplotlib.ticker import MaxNLocator

    plt = _plt()
    values = [float(k) for k, c in dist["histogram"].items() for _ in range(c)]
    low, high = min(values), max(values)
    if high - low <= 30 and all(x == int(x) for x in values):
        edges = np.arange(low - 0.5, high + 1.5)
    else:
        edges = np.histogram_bin_edges(values, bins="auto")
        if len(edges) > 31:
            edges = np.linspace(low, high, 31)
    fig, ax = plt.subplots(figsize=(7, 3.6))
    ax.hist(values, bins=edges, color=GOLD, edgecolor="white")
    ax.axvline(dist["mean"], color=RED, label=f"mean {dist['mean']:g}")
    ax.axvline(dist["median"], color=GREY, linestyle=":", label=f"median {dist['median']:g}")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=12))
    if high - low < 4:  # a narrow range: room for integer ticks on both sides
        ax.set_xlim(low - 2.5, high + 2.5)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title_of(report, v, what), fontsize=10)
    _legend_below(ax)
    return _save(fig, path)


def _metric(report: dict, v: dict, group: str, verb: str, items: list[dict], path: Path) -> Path:
    plt = _plt()
    items = sorted(items, key=lambda r: -r["count"])[:TOP_ITEMS]
    names = [r["item"] for r in items]
    fig, axes = plt.subplots(1, 2, figsize=(10, 0.28 * len(items) + 2.6), sharey=True)
    means = [r["per_game"] for r in items]
    axes[0].barh(names, [m["mean"] for m in means], xerr=_errors(means, "mean"), color=GOLD,
                 ecolor=GREY, capsize=2)
    axes[0].set_xlabel(f"times {verb} per game, 95% CI", fontsize=9)
    wins = [r["win"] for r in items]
    usable = [i for i, w in enumerate(wins) if w["n"]]
    axes[1].barh([names[i] for i in usable], [wins[i]["rate"] for i in usable],
                 xerr=_errors([wins[i] for i in usable]), color=RED, ecolor=GREY, capsize=2)
    _fair_line(axes[1], 1 / v["players"], "1 / seats")
    axes[1].set_xlim(0, 1)
    axes[1].set_xlabel("win rate of the seats concerned, 95% CI", fontsize=9)
    axes[1].legend(loc="lower right", bbox_to_anchor=(1.0, 1.0), frameon=False, fontsize=8)
    axes[0].invert_yaxis()
    axes[0].tick_params(axis="y", labelsize=8)
    fig.suptitle(title_of(report, v, f"{group}: {verb}"), fontsize=10)
    return _save(fig, path)


def _sweep_plots(report: dict, folder: Path) -> list[Path]:
    plt = _plt()
    names = report["compared"]
    paths = []
    for row in report["comparison"]:
        if row["metric"]:
            continue  # the game's figures: tables in the HTML report
        key = "rate" if row["kind"] == "rate" else "mean"
        values = [v or {key: float("nan"), "ci95": [float("nan")] * 2} for v in row["values"]]
        fig, ax = plt.subplots(figsize=(7, 0.45 * len(names) + 2.2))
        ax.errorbar([x[key] for x in values], names, xerr=_errors(values, key), fmt="o",
                    color=RED, capsize=4)
        if row["figure"] == "start player wins":
            _fair_line(ax, 1 / report["variants"][0]["players"], "1 / seats")
            _legend_below(ax)
        if key == "rate":
            ax.set_xlim(0, 1)
        ax.invert_yaxis()
        ax.set_xlabel(f"{row['figure']}, 95% CI")
        text = (f"{row['figure']} across variants — {report['game']}, "
                f"{report['planned_games']} games per variant")
        ax.set_title("\n".join(textwrap.wrap(text, 62)), fontsize=10)
        paths.append(_save(fig, folder / f"sweep-{slug(row['figure'])}.png"))
    return paths


def _save(fig, path: Path) -> Path:
    fig.savefig(path, dpi=100, bbox_inches="tight")
    _plt().close(fig)
    return path


def ladder_plot(report: dict, v: dict, path: Path) -> Path:
    """The skill ladder of one variant: each step's win share against its fair share."""
    plt = _plt()
    steps = v["ladder"]
    names = [f"{s['stronger']} vs {s['weaker']}" for s in steps]
    fig = _share_bars(plt, names, steps, "stronger agent's win share, 95% CI", "its fair share",
                      "share of games won by the stronger agent", title_of(report, v, "Skill ladder"))
    return _save(fig, path)


def _share_bars(plt, names: list[str], rows: list[dict], bar_label: str, fair_label: str,
                xlabel: str, title: str):
    """Horizontal bars of win shares with their intervals, and each row's fair share."""
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(names) + 2.4))
    ax.barh(names, [r["rate"] for r in rows], xerr=_errors(rows), color=RED, ecolor=GREY,
            capsize=4, label=bar_label)
    ax.scatter([r["fair"] for r in rows], names, marker="|", s=400, color=GOLD, zorder=3,
               label=fair_label)
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    _legend_below(ax)
    return fig
