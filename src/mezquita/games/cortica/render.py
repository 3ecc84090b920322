"""Cortiça as terminal text (rich markup), all in one language: resources, the action row,
plans and the stack."""

from __future__ import annotations

from typing import Any

from mezquita.engine import pick

from .cards import RESOURCES
from .words import TEXTS, effect_text

COLOURS = ("blue", "red")


def render_text(game: Any, view: dict, lang: str = "en") -> str:
    """The board of ``view`` as text lines with rich colour markup, in ``lang``."""
    cards = game.cards
    words = pick(TEXTS["render"], lang)
    colours = pick(TEXTS["colours"], lang)
    labels = pick(TEXTS["resource_labels"], lang)
    title = words["title"].format(round=view["round"], phase=words["phases"][view["phase"]],
                                  cards=view["cards"])
    lines = [f"[bold]Cortiça[/bold] {title}"
             + (f" {words['reconstruction']}" if cards.reconstruction else "")]
    for seat, r in enumerate(view["resources"]):
        amounts = "  ".join(f"{labels[k]} {r[k]}" for k in RESOURCES)
        lines.append(f"  [{COLOURS[seat]}]{colours[seat]:<7}[/{COLOURS[seat]}] {amounts}")
    lines.append(words["actions"])
    for slot in view["row"]:
        card = cards.actions[slot["card"]]
        name = pick(card.names, lang)
        if not slot["active"]:
            lines.append(f"  [dim]{words['resting'].format(card=name)}[/dim]")
            continue
        effects = " | ".join(effect_text(e, lang) for e in card.options)
        spaces = " ".join(_worker(w, lang) if w else "·" for w in slot["spaces"])
        lines.append(f"  {name:<12} \\[{spaces}] {effects}")
    lines.append(words["plans"])
    sides = pick(TEXTS["sides"], lang)
    for plan in view["plans"]:
        card = cards.plans[plan["plan"]]
        up, down = card.sides[plan["side"]], card.sides[1 - plan["side"]]
        lines.append(f"  {pick(card.names, lang):<12} ({sides[plan['side']]}) {effect_text(up, lang)}   "
                     f"[dim]{words['other_side'].format(effect=effect_text(down, lang))}[/dim]")
    stack = ", ".join(_worker(w, lang) for w in view["stack"]) or words["empty"]
    lines.append(words["stack"].format(workers=stack))
    info = view["resolving"]
    if info is not None:
        n = info["uses_left"]
        left = words["uses_left"][0 if n == 1 else 1].format(n=n)
        lines.append(words["resolving"].format(worker=_worker(info, lang),
                                               card=pick(cards.actions[info["card"]].names, lang), left=left))
    if view["winner"] is not None:
        lines.append(f"[bold]{words['wins'].format(who=colours[view['winner']])}[/bold]")
    return "\n".join(lines)


def _worker(w: dict, lang: str) -> str:
    colour = COLOURS[w["owner"]]
    name = pick(TEXTS["workers"], lang)["intern" if w["intern"] else "worker"][w["owner"]]
    return f"[{colour}]{name}[/{colour}]"
