"""The score table: where each seat's points came from, and how the winner was decided."""

from __future__ import annotations

from mezquita.engine import seat_name

from .cards import DIST_COST
from .model import CitadelsModel
from .queries import BONUS_DISTRICTS, completion_bonus, has_five_colours, purple_bonus, ranking_keys
from .words import district_name, ui


def breakdown(st: CitadelsModel, lang: str, names: list[str | None] | None) -> dict:
    """``{"rows", "totals", "winners", "reason"}`` (see `State.score_breakdown`)."""
    n = st.game.num_players
    seats = range(n)
    rows = [
        {"label": ui("districts", lang),
         "values": [sum(DIST_COST[d] for d in st.cities[s]) + len(st.beauty[s]) for s in seats]},
        {"label": ui("five_colours", lang),
         "values": [3 if has_five_colours(st, s) else 0 for s in seats]},
        {"label": ui("first_complete", lang),
         "values": [4 if completion_bonus(st, s) == 4 else 0 for s in seats]},
        {"label": ui("complete", lang),
         "values": [2 if completion_bonus(st, s) == 2 else 0 for s in seats]},
    ]
    for dist in BONUS_DISTRICTS:
        if any(dist in city for city in st.cities):
            rows.append({"label": district_name(dist, lang),
                         "values": [purple_bonus(st, s, dist) for s in seats]})
    keys = ranking_keys(st)
    best = max(keys)
    winners = [s for s in seats if keys[s] == best]
    return {"rows": rows, "totals": [float(k[0]) for k in keys], "winners": winners,
            "reason": _reason(keys, winners, lang, names)}


def _reason(keys: list[tuple[int, int, int]], winners: list[int], lang: str,
            names: list[str | None] | None) -> str:
    top = max(k[0] for k in keys)
    tied = [s for s, k in enumerate(keys) if k[0] == top]
    tied_names = ", ".join(seat_name(s, lang, names) for s in tied)
    winner = seat_name(winners[0], lang, names)
    if len(tied) == 1:
        return ui("wins", lang).format(winner=winner, points=top)
    if len(winners) > 1:
        return ui("shared", lang).format(tied=tied_names)
    second = max(keys[s][1] for s in tied)
    if sum(1 for s in tied if keys[s][1] == second) == 1:
        return ui("tie_districts", lang).format(tied=tied_names, points=top, winner=winner, value=second)
    return ui("tie_gold", lang).format(tied=tied_names, points=top, winner=winner,
                                       value=keys[winners[0]][2])
