"""A tournament's full analysis as JSON, per variant, and the comparison between variants.

What a designer reads, per variant:

* per agent, its win share (the game as the unit: an agent holding two seats of a game counts
  that game once, with its seats' summed returns) against its fair share, with 95% CIs;
* starting positions (0 = the seat the game says started, 1 = the next seat...) and seat
  indices, each with its win rate and CI. These come from mirror games (one agent in every
  seat) or else only from complete cycles of the fair schedule, where every agent sat in every
  seat against the same opponents, so a seat's effect cannot be an opponent's;
* per agent and seat, on the same basis; with three agents or more, each agent's win share in
  the games it shared with each other agent; OpenSkill ratings from whole-game rankings;
* length in decisions and in the game's rounds, score margins (winner minus runner-up);
* the game's own facts (``figures.py``): per item, how often and in how many games it
  occurred, by which agents and starting positions, the win rate of the seats it concerned and
  the winner's share;
  items of the game's catalogue that never occurred;
* branching factor, time per decision and the hidden-information measures.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from .figures import catalogue
from .plan import Plan
from .ratings import rate as rate_agents
from .schedule import schedule
from .stats import clustered_rate, describe, mean_ci, mean_difference, rate, rate_difference
from .tournament import GameResult, summarise


def analyse(results: list[GameResult], plan: Plan) -> dict:
    """Everything the arena reports about ``results`` (one plan's games, in any order)."""
    results = sorted(results, key=lambda r: r.index)
    report = {"game": plan.game, "options": plan.options, "seed": plan.seed,
              "agent_list": plan.agents, "planned_games": plan.games,
              "games": len(results), "variants": []}
    for v in range(len(plan.variants)):
        mine = [r for r in results if r.variant == v]
        report["variants"].append(analyse_variant(mine, plan, v))
    if len(plan.variants) > 1:
        report["comparison"] = compare(report["variants"])
    return report


def analyse_variant(results: list[GameResult], plan: Plan, variant: int) -> dict:
    """The report of one variant's games (see the module docstring)."""
    game = plan.load(variant)
    agents = list(dict.fromkeys(plan.agents))
    players = game.num_players
    cycle = len(schedule(agents, players))
    report = summarise(results, agents)
    defaults = {o.name: o.default for o in game.info.options}
    report.update({"variant": plan.variant_name(variant), "options": dict(game.options),
                   "changed": {k: v for k, v in game.options.items() if defaults.get(k) != v},
                   "players": players, "schedule_cycle": cycle})
    if not results:
        return report
    complete = len(results) // cycle * cycle
    basis = results[:complete]
    report["basis"] = ("mirror games" if len(agents) == 1 else
                       f"{complete} games in {complete // cycle} complete schedule cycles of {cycle}")
    for name, row in report["agents"].items():
        think = sum(t for r in results for n, t in zip(r.seats, r.think, strict=True) if n == name)
        moves = sum(d for r in results for n, d in zip(r.seats, r.decisions, strict=True)
                    if n == name)
        row["ms_per_decision"] = round(1000 * think / moves, 3) if moves else 0.0
        row["verdict"] = verdict(row["ci95"], row["fair"])
    report["draws"] = sum(r.returns.count(max(r.returns)) > 1 for r in results)
    report["draw_rate"] = rate(report["draws"], len(results))
    report["fair"] = round(1 / players, 4)
    report["positions"] = [dict(rate(sum(r.returns[(r.start + p) % players] for r in basis),
                                     len(basis)), verdict=None) for p in range(players)]
    report["seats"] = [rate(sum(r.returns[s] for r in basis), len(basis)) for s in range(players)]
    for row in (*report["positions"], *report["seats"]):
        row["verdict"] = verdict(row["ci95"], 1 / players) if basis else "level"
    report["per_seat"] = {name: _seat_rates(basis, name, players) for name in agents}
    report["head_to_head"] = {a: {b: _share_with(results, a, b) for b in agents if b != a}
                              for a in agents} if len(agents) > 2 else {}
    report["length"] = _distribution([r.length for r in results])
    rounds = [r.rounds for r in results if r.rounds is not None]
    report["rounds"] = _distribution(rounds) if rounds else None
    report["margin"] = _distribution([_margin(r) for r in results])
    decisions = sum(r.length for r in results)
    report["branching"] = round(sum(r.branching * r.length for r in results) / decisions, 3)
    report["hidden"] = _hidden(results)
    report["ratings"] = rate_agents(results, agents)
    report["metrics"], report["never"] = _metrics(results, catalogue(game))
    return report


def verdict(ci: list[float], fair: float) -> str:
    """``"above"``, ``"below"`` or ``"level"`` (the CI contains ``fair``)."""
    if ci[0] > fair:
        return "above"
    if ci[1] < fair:
        return "below"
    return "level"


def _distribution(values: list[float]) -> dict:
    counts = Counter(values)
    return {**describe(values), "ci95": mean_ci(values)["ci95"], "sd": mean_ci(values)["sd"],
            "histogram": {str(k): counts[k] for k in sorted(counts)}}


def _margin(r: GameResult) -> float:
    """Winner's score minus the best other seat's (0 when the first place is shared)."""
    order = sorted(range(len(r.seats)), key=lambda s: r.ranks[s])
    return r.scores[order[0]] - max(r.scores[s] for s in order[1:]) if len(order) > 1 else 0.0


def _share_with(results: list[GameResult], name: str, other: str) -> dict:
    """``name``'s win share (with CI) in the games where ``other`` also sat."""
    games = [r for r in results if name in r.seats and other in r.seats]
    points = sum(r.returns[s] for r in games for s, n in enumerate(r.seats) if n == name)
    return dict(rate(points, len(games)), games=len(games))


def _seat_rates(results: list[GameResult], name: str, players: int) -> list[dict]:
    """The agent's win rate (with CI) in each seat it sat in."""
    points, games = [0.0] * players, [0] * players
    for r in results:
        for seat, n in enumerate(r.seats):
            if n == name:
                games[seat] += 1
                points[seat] += r.returns[seat]
    return [dict(rate(p, g), games=g) for p, g in zip(points, games, strict=True)]


def _metrics(results: list[GameResult], items: dict[str, list[str]]) -> tuple[dict, dict]:
    """Per group, verb and item: counts, games with it, by agent, by position from the start
    player, doers' win rate, winner's share; and per group and verb the catalogue's items that
    never occurred."""
    found: dict[tuple[str, str, str], list[tuple[GameResult, int | None]]] = defaultdict(list)
    for r in results:
        for group, item, verb, seat in r.facts:
            found[group, verb, str(item)].append((r, seat))
    plays = Counter(name for r in results for name in set(r.seats))
    table: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for (group, verb, item), hits in sorted(found.items()):
        per_game = Counter(r.index for r, _ in hits)
        by_agent = Counter(r.seats[s] for r, s in hits if s is not None)
        by_position = Counter((s - r.start) % len(r.seats) for r, s in hits if s is not None)
        doers: dict[int, set[int]] = defaultdict(set)  # game -> seats concerned
        share: dict[int, list[float]] = defaultdict(lambda: [0.0, 0])  # game -> [won, all]
        for r, s in hits:
            if s is not None:
                doers[r.index].add(s)
                share[r.index][0] += r.returns[s]
                share[r.index][1] += 1
        returns = {r.index: r.returns for r, _ in hits}
        table[group][verb].append({
            "item": item, "count": len(hits),
            "per_game": mean_ci([per_game[r.index] for r in results]),
            "games_with": rate(len(per_game), len(results)),
            "by_agent": {a: {"count": c, "per_game": round(c / plays[a], 3)}
                         for a, c in sorted(by_agent.items())},
            "by_position": [by_position[p] for p in range(max(len(r.seats) for r, _ in hits))],
            "win": clustered_rate([(sum(returns[i][s] for s in seats), len(seats))
                                   for i, seats in doers.items()]),
            "winner_share": clustered_rate([(w, n) for w, n in share.values()])})
    never: dict[str, dict[str, list[str]]] = {}
    for group, every in items.items():
        verbs = table.get(group)
        if not verbs:
            never[group] = {"(any)": [str(i) for i in every]}
            continue
        for verb, rows in verbs.items():
            seen = {row["item"] for row in rows}
            if missing := [str(i) for i in every if str(i) not in seen]:
                never.setdefault(group, {})[verb] = missing
    return {g: dict(v) for g, v in table.items()}, never


def _hidden(results: list[GameResult]) -> dict | None:
    """Hidden share and mean distinct worlds over all measured decisions (see ``hidden.py``)."""
    tallies = [r.hidden for r in results if r.hidden]
    if not tallies:
        return None
    decisions = sum(t["decisions"] for t in tallies)
    if not decisions:
        return None
    return {"samples": tallies[0]["samples"], "decisions": decisions,
            "share": round(sum(t["hiding"] for t in tallies) / decisions, 4),
            "distinct_worlds": round(sum(t["distinct"] for t in tallies) / decisions, 3)}


def headline(report: dict) -> list[tuple[str, str, dict]]:
    """The figures compared across variants: ``(name, kind, value)`` with kind ``"rate"``
    (``{"rate", "ci95"}``) or ``"mean"`` (`mean_ci` form)."""
    rows = [(f"win share {a}", "rate", row) for a, row in report["agents"].items()
            if len(report["agents"]) > 1]  # self-play: the agent wins every game
    if report.get("positions"):
        rows.append(("start player wins", "rate", report["positions"][0]))
        rows.append(("draws", "rate", report["draw_rate"]))
        for key, label in (("length", "length (decisions)"), ("rounds", "length (rounds)"),
                           ("margin", "score margin")):
            if report.get(key):
                d = report[key]
                rows.append((label, "mean", {"mean": d["mean"], "ci95": d["ci95"],
                                             "sd": d["sd"], "n": report["games"]}))
    return rows


def compare(variants: list[dict]) -> list[dict]:
    """Side by side: each headline figure, and per item of the game's figures its count per
    game and the win rate of the seats it concerned, in every variant, with the difference
    from the first variant and its 95% CI (``None`` where a variant lacks the figure, e.g. a
    landmark that is not in play)."""
    tables = [dict((name, (kind, value)) for name, kind, value in headline(v)) for v in variants]
    for table, v in zip(tables, variants, strict=True):
        for group, verbs in v.get("metrics", {}).items():
            for verb, rows in verbs.items():
                for row in rows:
                    table[f"{group} {row['item']} {verb} per game"] = ("mean", row["per_game"])
                    if row["win"]["n"]:
                        table[f"{group} {row['item']} {verb}: seats concerned win"] = (
                            "rate", row["win"])
    names = list(dict.fromkeys(n for t in tables for n in t))
    head = {n for v in variants for n, _, _ in headline(v)}
    out = []
    for name in names:
        kind = next(t[name][0] for t in tables if name in t)
        values = [t[name][1] if name in t else None for t in tables]
        diff = rate_difference if kind == "rate" else mean_difference
        out.append({"figure": name, "kind": kind, "metric": name not in head, "values": values,
                    "diffs": [None, *(diff(values[0], v) if values[0] and v else None
                                      for v in values[1:])]})
    return out
