"""The rule-hole detector: play many games of every variant with random, heuristic and mixed
players and report what the rules leave uncovered, each finding with a reproducible record.

What it looks for (through the engine's public contract only):

* **no legal action**: a seat is to move and has no legal action;
* **crash**: the engine or an agent raised an error;
* **loop**: the same game position (the state's declared ``fields``) came back three times
  in one game, so play went round without progress;
* **length cap**: a game ran past the length its rules promise (``max_game_length``); the
  audit stops it there;
* **exhausted**: a deck, stack, pile or bag (a list-valued state field with one of those
  words in its name) ran empty during play: legal, but worth knowing where the rules must
  say what happens next;
* **never fired**: an event kind the game declares (``event_fields``) that no game produced;
* **never legal**: an action kind, or a value of an action parameter, that was never legal.

Variants: the game as given, then each option with a short list of choices set to each
other choice in turn (one at a time; combinations the game refuses are skipped). Players:
all ``random``, all ``heuristic`` (where the game has one), and heuristic and random
alternating. Each game is dealt from ``derive_seed(seed, "audit", variant, lineup, i)``; a
finding's record (``mezquita replay`` reads it) replays the game up to the finding.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from mezquita.agents import Turn, make_agent
from mezquita.engine import Game, MezquitaError, Record, State, derive_seed, load

#: field-name words that mark a deck-like list
DECK_WORDS = ("deck", "stack", "pile", "bag")
#: times a position may come back before it is a loop
LOOP_REPEATS = 3
#: records kept per kind of finding and detail
RECORDS_PER_FINDING = 3


@dataclass
class Finding:
    """One kind of problem, how often it was seen, and records of its first occurrences."""

    kind: str
    detail: str
    count: int = 0
    records: list[dict] = field(default_factory=list)


def variants(game_id: str, base: dict) -> list[dict]:
    """The base options, then each short-choice option changed one at a time."""
    game = load(game_id, **base)
    out: list[dict] = [{}]
    for option in game.info.options:
        if option.name in base or not option.choices or len(option.choices) > 8:
            continue
        for choice in option.choices:
            if choice != option.default:
                try:
                    load(game_id, **dict(base, **{option.name: choice}))
                except MezquitaError:
                    continue
                out.append({option.name: choice})
    return out


def lineups(game: Game) -> list[list[str]]:
    """All random, all heuristic (if any), and heuristic and random alternating."""
    n = game.num_players
    out = [["random"] * n]
    if game.heuristic:
        out += [["heuristic"] * n, [("heuristic", "random")[s % 2] for s in range(n)]]
    return out


class Audit:
    """Findings and coverage over many games (module docstring)."""

    def __init__(self) -> None:
        self.findings: dict[tuple[str, str], Finding] = {}
        self.fired: dict[str, set[str]] = defaultdict(set)
        self.declared: dict[str, set[str]] = defaultdict(set)
        self.legal: dict[str, Counter] = defaultdict(Counter)
        self.catalogue: dict[str, set[str]] = defaultdict(set)
        self.games = 0

    def note(self, kind: str, detail: str, state: State, meta: dict) -> None:
        """Count a finding and keep the record of its first occurrences."""
        finding = self.findings.setdefault((kind, detail), Finding(kind, detail))
        finding.count += 1
        if len(finding.records) < RECORDS_PER_FINDING:
            finding.records.append(Record.of(state, finding=kind, detail=detail, **meta).to_json())

    def play(self, game: Game, agents: list[str], seed: int, variant: str) -> None:
        """One game, checked at every step."""
        self.games += 1
        meta = {"agents": agents, "variant": variant}
        players = [make_agent(a, game, derive_seed(seed, "agent", s)) for s, a in enumerate(agents)]
        state = game.new_state(seed)
        self.declared[variant].update(state.game.event_fields)
        self._catalogue(game, variant)
        seen: Counter = Counter()
        looped = False
        decks = _decks(state)
        try:
            while movers := state.to_move():
                seat = movers[0]
                legal = state.legal_actions(seat)
                if not legal:
                    self.note("no legal action", f"seat {seat} to move", state, meta)
                    return
                for a in legal:
                    self._legal(game, variant, a)
                state.apply(seat, players[seat].act(Turn.of(state, seat)))
                if len(state.history) > game.max_game_length:
                    self.note("length cap", f"past {game.max_game_length} decisions", state, meta)
                    return
                key = _position(state)
                seen[key] += 1
                if seen[key] == LOOP_REPEATS and not looped:
                    looped = True
                    self.note("loop", f"a position came back {LOOP_REPEATS} times", state, meta)
                now = _decks(state)
                for name, size in now.items():
                    if size == 0 and decks.get(name, 0) > 0:
                        self.note("exhausted", f"{name} ran empty", state, meta)
                decks = now
        except MezquitaError as err:
            self.note("crash", f"{type(err).__name__}: {err}", state, meta)
        finally:
            self.fired[variant].update(event["do"] for event in state.events)

    def _catalogue(self, game: Game, variant: str) -> None:
        if variant in self.catalogue:
            return
        for block in game.actions.by_name.values():
            self.catalogue[variant].add(f"do={block.name}")
            for param in block.params:
                if not param.seats:
                    self.catalogue[variant].update(f"{param.name}={v}" for v in param.values)

    def _legal(self, game: Game, variant: str, action: int) -> None:
        data = game.actions.to_json(action)
        block = game.actions.kind(action)
        self.legal[variant].update(f"{k}={v}" for k, v in data.items()
                                   if k == "do" or not _is_seat(block, k))

    def report(self) -> dict:
        """Findings (most frequent first) and, per variant, what never fired or was legal."""
        coverage = {}
        for variant, declared in self.declared.items():
            coverage[variant] = {
                "never_fired": sorted(declared - self.fired[variant]),
                "never_legal": sorted(self.catalogue[variant] - set(self.legal[variant]))}
        findings = sorted(self.findings.values(), key=lambda f: -f.count)
        return {"games": self.games,
                "findings": [{"kind": f.kind, "detail": f.detail, "count": f.count,
                              "records": f.records} for f in findings],
                "coverage": coverage}


def audit(game_id: str, base: dict, games: int, seed: int = 0,
          on_game: Callable[[], None] | None = None) -> dict:
    """Play ``games`` games per variant and lineup and report the findings."""
    auditor = Audit()
    for v, options in enumerate(variants(game_id, base)):
        game = load(game_id, **dict(base, **options))
        name = " ".join(f"{k}={val}" for k, val in options.items()) or "base"
        for k, agents in enumerate(lineups(game)):
            for i in range(games):
                auditor.play(game, agents, derive_seed(seed, "audit", v, k, i), name)
                if on_game:
                    on_game()
    return {"game": game_id, "options": base, "games_per_lineup": games, "seed": seed,
            **auditor.report()}


def _is_seat(block, name: str) -> bool:
    return any(p.name == name and p.seats for p in block.params)


def _position(state: State) -> str:
    """The game position: the state's declared data fields (not its history or log)."""
    return json.dumps({f: getattr(state, f) for f in type(state).fields}, sort_keys=True,
                      default=str)


def _decks(state: State) -> dict[str, int]:
    """Sizes of the deck-like list fields of the state."""
    return {f: len(getattr(state, f)) for f in type(state).fields
            if any(w in f.lower() for w in DECK_WORDS) and isinstance(getattr(state, f), list)}
