"""Answers across player models: a balance figure measured with one bot is a fact about that
bot's play; `balance` and `sweep` measure each question under several *player models*
(self-play of one agent: the game's heuristic and a search bot at a stated budget by
default) and say whether the answer holds under all of them.

Each answer is a direction: ``"up"`` / ``"down"`` (the interval excludes the reference:
the fair share, or no difference) or ``"level"``. Across models an answer is *robust*
when every model gives the same direction, *depends on the model* when two models give
opposite directions, and *not robust* when some models see an effect and others none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mezquita.engine import Game

from .restrict import one_seat

#: the search model that `balance` and `sweep` add to the heuristic by default
DEFAULT_SEARCH = "ismcts-50"
WORDS = {"above": "up", "below": "down", "level": "level"}


def default_models(game: Game) -> list[str]:
    """The game's heuristic (random where it has none) and `DEFAULT_SEARCH`."""
    return ["heuristic" if game.heuristic else "random", DEFAULT_SEARCH]


def direction_of_difference(diff: dict | None) -> str | None:
    """``"up"`` / ``"down"`` when a difference's CI excludes 0, else ``"level"``."""
    if diff is None:
        return None
    lo, hi = diff["ci95"]
    return "up" if lo > 0 else "down" if hi < 0 else "level"


def judge(question: str, answers: Mapping[str, str | None], words: Mapping[str | None, str]
          ) -> dict:
    """One question's answers per model (directions) and the conclusion, in words: ``words``
    maps ``up`` / ``down`` / ``level`` to what they mean for this question, and ``None`` to
    what it means that no model gave an answer."""
    seen = {m: a for m, a in answers.items() if a is not None}
    kinds = set(seen.values())
    said = ", ".join(f"{words[a]} with {m}" for m, a in seen.items())
    if not seen:
        verdict = "no answer"
        text = f"{words.get(None, 'not measured')} with {', '.join(answers) or 'any model'}"
    elif len(seen) < 2:
        verdict, text = "one model", f"{said} (one player model only: robustness not checked)"
    elif {"up", "down"} <= kinds:
        verdict, text = "depends on the model", f"{said}: no robust answer"
    elif len(kinds) == 1:
        verdict = "robust"
        text = f"{words[kinds.pop()]}, the same under every player model ({', '.join(seen)})"
    else:
        verdict, text = "not robust", f"{said}: not robust"
    return {"question": question, "answers": seen, "verdict": verdict,
            "text": f"{question}: {text}."}


#: a question's words per direction (``None``: no model answered), for `judge`
START_WORDS: dict[str | None, str] = {
    "up": "starting pays", "down": "starting costs", "level": "no start advantage detectable"}
CHANGE_WORDS: dict[str | None, str] = {
    "up": "higher", "down": "lower", "level": "no detectable change"}
DENIAL: dict[str, str | None] = {
    "denying it costs": "down", "denying it helps": "up", "no detectable effect": "level",
    "never came up": None}
DENIAL_WORDS: dict[str | None, str] = {
    "down": "denying it costs", "up": "denying it helps", "level": "no detectable effect",
    None: "it never came up"}


def sweep_robustness(reports: dict[str, dict], name: Callable[[str], str] = str) -> list[dict]:
    """Every question a sweep answers, judged across the models' reports (``{model: arena
    report}``): the start player's advantage per variant, each headline figure's change from
    the first variant, and each restricted-play figure (``name`` words a restriction)."""
    first = next(iter(reports.values()))
    questions = []
    for i, v in enumerate(first["variants"]):
        if v.get("positions") and not one_seat(v.get("restrict")):
            answers: dict[str, str | None] = {
                m: WORDS[r["variants"][i]["positions"][0]["verdict"]]
                       for m, r in reports.items() if r["variants"][i].get("positions")}
            questions.append(judge(f"start player, {v['variant']}", answers, START_WORDS))
    for k, row in enumerate(first.get("comparison", [])):
        if row["metric"] or row["figure"].startswith("win share"):
            continue
        for j in range(1, len(row["values"])):
            answers = {m: direction_of_difference(r["comparison"][k]["diffs"][j])
                       for m, r in reports.items()}
            names = first["compared"]
            questions.append(judge(f"{row['figure']}, {names[j]} against {names[0]}", answers,
                                   CHANGE_WORDS))
    for row in first.get("restricted_play", []):
        answers = {}
        for m, r in reports.items():
            match = next(x for x in r["restricted_play"] if x["restriction"] == row["restriction"])
            answers[m] = DENIAL[match["verdict"]]
        questions.append(judge(f"{name(row['restriction'])} ({row['control']})", answers,
                               DENIAL_WORDS))
    return questions
