"""Cortiça as terminal text (rich markup): resources, the action row, plans and the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import effect_text

if TYPE_CHECKING:
    from .rules import CorticaGame

COLOURS = ("blue", "red")
NAMES = ("Blue", "Red")


def render_view(game: CorticaGame, view: dict, lang: str = "en") -> str:
    """The board of ``view`` as text lines with rich colour markup."""
    from .rules import texts

    cards = game.cards
    lines = [f"[bold]Cortiça[/bold] round {view['round']} · phase {view['phase']} · "
             f"cards {view['cards']}" + (" (reconstruction)" if cards.reconstruction else "")]
    for seat, r in enumerate(view["resources"]):
        lines.append(f"  [{COLOURS[seat]}]{NAMES[seat]:<4}[/{COLOURS[seat]}] "
                     f"oak {r['tree']}  bark {r['bark']}  cork {r['cork']}")
    lines.append("Actions (resolved left to right):")
    for slot in view["row"]:
        card = cards.actions[slot["card"]]
        name = card.names.get(lang, card.names["en"])
        if not slot["active"]:
            lines.append(f"  [dim]{name}: resting[/dim]")
            continue
        effects = " | ".join(effect_text(e, texts(), lang) for e in card.options)
        spaces = " ".join(_worker(w) if w else "·" for w in slot["spaces"])
        lines.append(f"  {name:<10} {spaces:<24} {effects}")
    lines.append("Plans:")
    for plan in view["plans"]:
        card = cards.plans[plan["plan"]]
        up, down = card.sides[plan["side"]], card.sides[1 - plan["side"]]
        side = "star" if plan["side"] == 0 else "back"
        lines.append(f"  {card.names.get(lang, card.names['en']):<12} ({side}) "
                     f"{effect_text(up, texts(), lang)}   [dim]other side: "
                     f"{effect_text(down, texts(), lang)}[/dim]")
    stack = " ".join(_worker(w) for w in view["stack"]) or "empty"
    lines.append(f"Stack (top first): {stack}")
    info = view["resolving"]
    if info is not None:
        name = cards.actions[info["card"]].names.get(lang, "")
        lines.append(f"Resolving: {_worker(info)} on {name}, {info['uses_left']} use(s) left")
    if view["winner"] is not None:
        lines.append(f"[bold]{NAMES[view['winner']]} wins[/bold]")
    return "\n".join(lines)


def _worker(w: dict) -> str:
    colour = COLOURS[w["owner"]]
    kind = "intern" if w["intern"] else "worker"
    return f"[{colour}]{NAMES[w['owner']]} {kind}[/{colour}]"
