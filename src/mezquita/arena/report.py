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
* branching factor, time per decision and the hidden-information measures;
* trajectory figures (``trajectory.py``): lead changes, drama, when the winner was settled,
  comebacks, timeouts, branching over the game.

Statistics that hold up: games repeating another move for move (the same digest) shrink
the sample size every interval assumes to the distinct games (``sample``); means of
quantities that cannot be negative get log-scale intervals; every above/below verdict of a
variant is tested against its fair share with a score test and the p-values are adjusted
together by **Holm's** step-down method, so a verdict other than "level" survives the
number of verdicts the report makes. The win rates of the seats an item concerned (a
character's holder, a district's builder) are *correlations* (``"kind": "correlation"``):
good players build more. What an element *does* is measured by restricted play
(``restricted_play``): the same deals with one seat denied the element, against the same
opponents, in the plan's restricted variants (``restrict.py``).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence

from mezquita.engine import Game

from .figures import catalogue
from .labels import item as label
from .plan import Plan
from .ratings import rate as rate_agents
from .restrict import KEY, one_seat
from .schedule import schedule
from .stats import (
    clustered_rate,
    describe,
    effective_share,
    holm,
    mean_difference,
    p_value,
    positive_mean_ci,
    rate,
    rate_difference,
)
from .tournament import GameResult, summarise
from .trajectory import TENTHS, evaluation_name

#: the family-wise error rate of a report's verdicts
ALPHA = 0.05


def analyse(results: list[GameResult], plan: Plan) -> dict:
    """Everything the arena reports about ``results`` (one plan's games, in any order)."""
    results = sorted(results, key=lambda r: r.index)
    variants: list[dict] = []
    report = {"game": plan.game, "options": plan.options, "seed": plan.seed,
              "agent_list": plan.agents, "planned_games": plan.games,
              "games": len(results), "variants": variants}
    for v in range(len(plan.variants)):
        mine = [r for r in results if r.variant == v]
        variants.append(analyse_variant(mine, plan, v))
    games_compared = [v for v in variants if not one_seat(v["restrict"])]
    if len(games_compared) > 1:
        report["compared"] = [v["variant"] for v in games_compared]
        report["comparison"] = compare(games_compared, plan.load())
    if any(one_seat(v.get(KEY)) for v in plan.variants):
        report["restricted_play"] = restricted_play(results, plan)
    return report


def analyse_variant(results: list[GameResult], plan: Plan, variant: int) -> dict:
    """The report of one variant's games (see the module docstring)."""
    game = plan.load(variant)
    agents = list(dict.fromkeys(plan.agents))
    players = game.num_players
    cycle = len(schedule(agents, players))
    share = effective_share([r.digest for r in results])
    report = summarise(results, agents, share)
    defaults = {o.name: o.default for o in game.info.options}
    report.update({"variant": plan.variant_name(variant), "options": dict(game.options),
                   "changed": {k: v for k, v in game.options.items() if defaults.get(k) != v},
                   "restrict": plan.variants[variant].get(KEY),
                   "players": players, "schedule_cycle": cycle,
                   "self_play": len(agents) == 1})
    if not results:
        return report
    report["sample"] = _sample(results, share)
    complete = len(results) // cycle * cycle
    basis = results[:complete]
    report["basis"] = ("mirror games" if len(agents) == 1 else
                       f"{complete} games in {complete // cycle} complete schedule cycles of {cycle}")
    for name, row in report["agents"].items():
        think = sum(t for r in results for n, t in zip(r.seats, r.think, strict=True) if n == name)
        moves = sum(d for r in results for n, d in zip(r.seats, r.decisions, strict=True)
                    if n == name)
        row["ms_per_decision"] = round(1000 * think / moves, 3) if moves else 0.0
    report["draws"] = sum(r.returns.count(max(r.returns)) > 1 for r in results)
    report["draw_rate"] = rate(report["draws"], len(results), len(results) * share)
    report["fair"] = round(1 / players, 4)
    n_basis = len(basis) * share
    report["positions"] = [rate(sum(r.returns[(r.start + p) % players] for r in basis),
                                len(basis), n_basis) for p in range(players)]
    report["seats"] = [rate(sum(r.returns[s] for r in basis), len(basis), n_basis)
                       for s in range(players)]
    report["per_seat"] = {name: _seat_rates(basis, name, players, share) for name in agents}
    report["head_to_head"] = {a: {b: _share_with(results, a, b, share) for b in agents if b != a}
                              for a in agents} if len(agents) > 2 else {}
    report["length"] = _distribution([r.length for r in results], share)
    rounds = [r.rounds for r in results if r.rounds is not None]
    report["rounds"] = _distribution(rounds, share) if rounds else None
    report["margin"] = _distribution([_margin(r) for r in results], share)
    decisions = sum(r.length for r in results)
    report["branching"] = round(sum(r.branching * r.length for r in results) / decisions, 3)
    report["hidden"] = _hidden(results)
    report["ratings"] = rate_agents(results, agents)
    report["metrics"], report["never"] = _metrics(results, catalogue(game), share)
    report["trajectory"] = _trajectory(results, share, evaluation_name(game))
    report["verdicts"] = _verdicts(report, bool(basis))
    return report


def _sample(results: list[GameResult], share: float) -> dict:
    """How many games the intervals rest on: played, distinct (by digest), effective."""
    digests = [r.digest for r in results]
    checked = all(d is not None for d in digests)
    distinct = len(set(digests)) if checked else None
    return {"games": len(results), "distinct": distinct, "checked": checked,
            "effective": round(len(results) * share, 2),
            "deterministic": checked and distinct == 1 and len(results) > 1}


def _verdicts(report: dict, has_basis: bool) -> dict:
    """Give every verdict-bearing rate of a variant its score-test p-value against its fair
    share and its verdict after Holm's adjustment over all of them; return the family."""
    family: list[tuple[dict, float]] = []
    if not report["self_play"]:
        family += [(row, row["fair"]) for row in report["agents"].values()]
    if has_basis:
        family += [(row, 1 / report["players"]) for row in (*report["positions"], *report["seats"])]
    for verbs in report["metrics"].values():
        for rows in verbs.values():
            family += [(row["win"], 1 / report["players"]) for row in rows if row["win"]["n"]]
    adjusted = holm([p_value(row, fair) for row, fair in family])
    for (row, fair), p in zip(family, adjusted, strict=True):
        row["p_holm"] = round(p, 4)
        row["verdict"] = ("level" if p >= ALPHA else "above" if row["rate"] > fair else "below")
    for row in report["agents"].values():
        row.setdefault("verdict", "self-play" if report["self_play"] else "level")
    for row in (*report["positions"], *report["seats"]):
        row.setdefault("verdict", "level")
    return {"method": "Holm", "alpha": ALPHA, "tests": len(family),
            "not_level": sum(row["verdict"] != "level" for row, _ in family)}


def _distribution(values: Sequence[float], share: float) -> dict:
    """Mean (log-scale 95% CI), median, min, max, sd and histogram of non-negative values."""
    counts = Counter(values)
    mean = positive_mean_ci(values, share)
    return {**describe(values), "ci95": mean["ci95"], "sd": mean["sd"],
            "histogram": {str(k): counts[k] for k in sorted(counts)}}


def _margin(r: GameResult) -> float:
    """Winner's score minus the best other seat's (0 when the first place is shared)."""
    order = sorted(range(len(r.seats)), key=lambda s: r.ranks[s])
    return r.scores[order[0]] - max(r.scores[s] for s in order[1:]) if len(order) > 1 else 0.0


def _share_with(results: list[GameResult], name: str, other: str, share: float) -> dict:
    """``name``'s win share (with CI) in the games where ``other`` also sat."""
    games = [r for r in results if name in r.seats and other in r.seats]
    points = sum(r.returns[s] for r in games for s, n in enumerate(r.seats) if n == name)
    return dict(rate(points, len(games), len(games) * share), games=len(games))


def _seat_rates(results: list[GameResult], name: str, players: int, share: float) -> list[dict]:
    """The agent's win rate (with CI) in each seat it sat in."""
    points, games = [0.0] * players, [0] * players
    for r in results:
        for seat, n in enumerate(r.seats):
            if n == name:
                games[seat] += 1
                points[seat] += r.returns[seat]
    return [dict(rate(p, g, g * share), games=g) for p, g in zip(points, games, strict=True)]


def _metrics(results: list[GameResult], items: dict[str, list[str]],
             share: float) -> tuple[dict, dict]:
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
        won: dict[int, list[float]] = defaultdict(lambda: [0.0, 0])  # game -> [won, all]
        for r, s in hits:
            if s is not None:
                doers[r.index].add(s)
                won[r.index][0] += r.returns[s]
                won[r.index][1] += 1
        returns = {r.index: r.returns for r, _ in hits}
        table[group][verb].append({
            "item": item, "count": len(hits),
            "per_game": positive_mean_ci([per_game[r.index] for r in results], share),
            "games_with": rate(len(per_game), len(results), len(results) * share),
            "by_agent": {a: {"count": c, "per_game": round(c / plays[a], 3)}
                         for a, c in sorted(by_agent.items())},
            "by_position": [by_position[p] for p in range(max(len(r.seats) for r, _ in hits))],
            "win": _scaled(clustered_rate([(sum(returns[i][s] for s in seats), len(seats))
                                           for i, seats in doers.items()]), share),
            "winner_share": _scaled(clustered_rate(list(won.values())), share),
            "kind": "correlation"})
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


def _scaled(row: dict, share: float) -> dict:
    """A `clustered_rate` whose effective trials shrink by the share of distinct games."""
    if share >= 1 or not row["n"]:
        return row
    return {**row, **rate(row["rate"] * row["trials"], row["trials"], row["n"] * share)}


def _trajectory(results: list[GameResult], share: float, evaluation: str) -> dict | None:
    """The trajectory figures over the games (``trajectory.py``), with 95% intervals."""
    rows = [r.trajectory for r in results if r.trajectory]
    if not rows:
        return None
    decided = [t for t in rows if t["drama"] is not None]
    n, d = len(rows), len(decided)
    tenths = [[t["branching"][k] for t in rows if t["branching"][k] is not None]
              for k in range(TENTHS)]
    return {"evaluation": evaluation, "games": n, "decided": d,
            "lead_changes": positive_mean_ci([t["lead_changes"] for t in rows], share),
            "drama": positive_mean_ci([t["drama"] for t in decided], share) if d else None,
            "settled": rate(sum(t["settled"] for t in decided), d, d * share) if d else None,
            "comeback": rate(sum(t["comeback"] for t in decided), d, d * share) if d else None,
            "timeout": rate(sum(t["timeout"] for t in rows), n, n * share),
            "branching": [round(sum(v) / len(v), 3) if v else None for v in tenths]}


def restricted_play(results: list[GameResult], plan: Plan) -> list[dict]:
    """Per one-seat restriction of the plan: the denied player's win rate against the same
    seat's in the same games of the unrestricted variant (the control: same deals, seats and
    opponents), their difference with Newcombe's interval (conservative: it ignores the
    pairing), a two-proportion p-value adjusted by Holm over the restrictions, a verdict, and
    how often the restriction took a choice away; sorted from the most costly denial."""
    by_variant: dict[int, dict[int, GameResult]] = defaultdict(dict)
    for r in results:
        by_variant[r.variant][r.index // len(plan.variants)] = r
    rows: list[dict] = []
    for v, spec in enumerate(plan.variants):
        restriction = plan.restriction(v)
        if not restriction or restriction.every_seat:
            continue
        base = {k: x for k, x in spec.items() if k != KEY}
        control = next((c for c, other in enumerate(plan.variants) if other == base), None)
        if control is None:
            continue
        pairs = [(r, by_variant[control][j]) for j, r in by_variant[v].items()
                 if j in by_variant[control]]
        if not pairs:
            continue
        n = len(pairs)
        share = effective_share([r.digest for r, _ in pairs])
        denied = rate(sum(r.returns[r.restricted[0]] for r, _ in pairs), n, n * share)
        free = rate(sum(c.returns[r.restricted[0]] for r, c in pairs), n, n * share)
        removed = [sum(r.removed) for r, _ in pairs]
        rows.append({"restriction": restriction.spec, "mode": restriction.mode,
                     "variant": plan.variant_name(v), "control": plan.variant_name(control),
                     "games": n, "denied": denied, "control_rate": free,
                     "change": rate_difference(free, denied),
                     "p": _two_proportion_p(free, denied),
                     "removed_per_game": positive_mean_ci(removed, share),
                     "bit_in": rate(sum(x > 0 for x in removed), n, n * share),
                     "kind": "causal"})
    for row, p in zip(rows, holm([row.pop("p") for row in rows]), strict=True):
        row["p_holm"] = round(p, 4)
        row["verdict"] = ("never came up" if not row["bit_in"]["rate"] else
                          "no detectable effect" if p >= ALPHA else
                          "denying it costs" if row["change"]["diff"] < 0 else "denying it helps")
    return sorted(rows, key=lambda row: row["change"]["diff"])


def _two_proportion_p(a: dict, b: dict) -> float:
    """Two-sided pooled z-test p-value of two `rate` rows (their ``n`` trials)."""
    n1, n2 = a["n"], b["n"]
    if not n1 or not n2:
        return 1.0
    pooled = (a["rate"] * n1 + b["rate"] * n2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0 if a["rate"] == b["rate"] else 0.0
    return math.erfc(abs(a["rate"] - b["rate"]) / se / math.sqrt(2))


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
    (``{"rate", "ci95"}``) or ``"mean"`` (`positive_mean_ci` form)."""
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
                                             "sd": d["sd"], "n": report["sample"]["effective"]}))
    trajectory = report.get("trajectory")
    if trajectory:
        rows.append(("lead changes", "mean", trajectory["lead_changes"]))
        if trajectory["comeback"]:
            rows.append(("comebacks (winner behind at half-time)", "rate", trajectory["comeback"]))
            rows.append(("drama (winner's largest deficit)", "mean", trajectory["drama"]))
    return rows


def compare(variants: list[dict], game: Game) -> list[dict]:
    """Side by side: each headline figure, and per item of the game's figures its count per
    game and the win rate of the seats it concerned, in every variant, with the difference
    from the first variant and its 95% CI (``None`` where a variant lacks the figure, e.g. a
    landmark that is not in play). Items are named in ``game``'s words."""
    tables = [dict((name, (kind, value)) for name, kind, value in headline(v)) for v in variants]
    for table, v in zip(tables, variants, strict=True):
        for group, verbs in v.get("metrics", {}).items():
            for verb, rows in verbs.items():
                for row in rows:
                    name = f"{group} {label(game, row['item'], group)} {verb}"
                    table[f"{name} per game"] = ("mean", row["per_game"])
                    if row["win"]["n"]:
                        table[f"{name}: seats concerned win (correlation)"] = ("rate", row["win"])
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
