"""PNG plots of an arena report (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

from pathlib import Path


def write_plots(report: dict, folder: Path) -> list[Path]:
    """Win rates with 95% CIs, game lengths and the rating ladder; return the files written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    title = f"{report['game']} {_options(report)}, {report['games']} games"
    paths = []

    names = list(report["agents"])
    rows = [report["agents"][n] for n in names]
    fig, ax = plt.subplots(figsize=(6, 0.6 * len(names) + 1.6))
    rates = [r["rate"] for r in rows]
    err = [[r["rate"] - r["ci95"][0] for r in rows], [r["ci95"][1] - r["rate"] for r in rows]]
    ax.barh(names, rates, xerr=err, color="#b5462f", ecolor="#333", capsize=4)
    ax.axvline(1 / len(report["seats"]), color="#c9a227", linestyle="--", label="fair share")
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (draws shared), 95% Wilson CI")
    ax.set_title(title)
    ax.legend(loc="lower right")
    paths.append(_save(fig, folder / "win_rates.png"))

    hist = report["length"]["histogram"]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.bar([int(k) for k in hist], list(hist.values()), color="#c9a227", width=0.9)
    ax.set_xlabel("game length (decisions)")
    ax.set_ylabel("games")
    ax.set_title(title)
    paths.append(_save(fig, folder / "game_lengths.png"))

    ladder = report["ratings"][::-1]
    fig, ax = plt.subplots(figsize=(6, 0.6 * len(ladder) + 1.6))
    ax.errorbar([r["mu"] for r in ladder], [r["agent"] for r in ladder],
                xerr=[3 * r["sigma"] for r in ladder], fmt="o", color="#b5462f", capsize=4)
    ax.set_xlabel("OpenSkill mu ± 3 sigma")
    ax.set_title(f"rating ladder: {report['game']}, {report['games']} games")
    paths.append(_save(fig, folder / "ratings.png"))
    return paths


def _options(report: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in report["options"].items())


def _save(fig, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    import matplotlib.pyplot as plt

    plt.close(fig)
    return path
