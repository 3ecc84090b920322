"""The bench suite behind ``mezquita bench``: each module measures figures in one run.

A bench module exposes ``run(games: list[str] | None, quick: bool) -> list[Figure]``.
Figures that compare against an anchor give the anchor's name and our/anchor ``ratio``; every
speed figure also gets ``vs_anchor``, its ratio to the goofspiel anchor of the same run.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass
class Figure:
    """One measured number.

    Attributes:
        name: what was measured, e.g. ``"random playouts"``.
        game: the game id (with options in ``setting``), or ``""`` for anchors.
        value: the measurement.
        unit: e.g. ``"games/s"``, ``"decisions/s"``, ``"iterations/s"``, ``"ms"``.
        setting: options or parameters that qualify the figure.
        anchor: the name of the anchor figure this one is compared with, if any.
        ratio: ``value / anchor value`` when an anchor was measured in the same run.
        note: what bounds the figure, or why it is missing.
        vs_anchor: ``value`` over the goofspiel anchor of the same run (its games/s for
            games and iterations, its decisions/s for decisions and steps), see ``anchor.py``.
        anchor_value: that anchor rate, as measured alongside this figure.
    """

    name: str
    game: str
    value: float
    unit: str
    setting: str = ""
    anchor: str = ""
    ratio: float | None = None
    note: str = ""
    vs_anchor: float | None = None
    anchor_value: float | None = None

    def to_json(self) -> dict:
        """The figure as JSON."""
        return asdict(self)
