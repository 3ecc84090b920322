"""`GameInfo` (declarative metadata) and `Game` (one configured game: options + rules hooks)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from .errors import MezquitaError
from .guide import GuideSetup, Note, guide_notes
from .options import Option, resolve
from .state import State

if TYPE_CHECKING:
    import random

    from .actions import ActionSpace
    from .decisions import Decisions
    from .reference import Section


@dataclass(frozen=True)
class GameInfo:
    """What a game is, independent of its options.

    Attributes:
        id: registry id, e.g. ``"cordoba"``.
        name: display name.
        min_players, max_players: seat counts the game supports.
        hidden_information: some values are known to one seat only (needs ``resample``).
        chance: randomness after setup (draws from a shuffled deck count as chance).
        simultaneous: some phase lets several seats act at once.
        version: bumped only when behaviour changes, never for refactors.
        reconstruction: what of the game is reconstructed rather than printed, or ``""``.
        options: the declared options with their defaults.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    hidden_information: bool
    chance: bool
    simultaneous: bool = False
    version: int = 1
    reconstruction: str = ""
    summary: str = ""
    options: tuple[Option, ...] = field(default_factory=tuple)

    def to_json(self) -> dict:
        """The metadata as JSON (for the CLI, the lobby and the adapters)."""
        return {
            "id": self.id,
            "name": self.name,
            "players": [self.min_players, self.max_players],
            "hidden_information": self.hidden_information,
            "chance": self.chance,
            "simultaneous": self.simultaneous,
            "version": self.version,
            "reconstruction": self.reconstruction,
            "summary": self.summary,
            "options": [o.to_json() for o in self.options],
        }


S = TypeVar("S", bound=State)


class Game(Generic[S]):
    """A game with its options fixed. Immutable; makes states and translates actions.

    Subclasses set ``info`` and ``decisions`` (a `Decisions` table, as a class attribute or in
    ``_configure``; ``actions`` is its action space), implement ``max_game_length``,
    ``event_text`` and ``render_text``, and are registered with their state class by
    ``register(XGame, XState)``.
    A ``players`` option, when declared, sets ``num_players``; otherwise the game has
    ``info.min_players`` seats.
    """

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[Any]]  # the game's `State` subclass (``S``), set by ``register``
    #: the game's decision table (`mezquita.engine.decisions`), as a class attribute or set
    #: in ``_configure``; ``actions`` and ``event_fields`` come from it
    decisions: Decisions
    actions: ActionSpace
    #: per event kind, the names of the fields ``State._event`` records for it
    event_fields: dict[str, tuple[str, ...]]
    #: per action id, its effect and arguments (`Decisions.effects`, read by ``State._apply``)
    effects: list[tuple[Callable[..., None], int, Any, Any]]
    #: ``"module:Class"`` of the game's own heuristic agent, if it has one.
    heuristic: ClassVar[str | None] = None
    #: Option sets that ``mezquita bench`` measures (e.g. several player counts).
    bench_settings: ClassVar[tuple[dict, ...]] = ({},)
    #: ``(options, seed)`` of the game's golden playthroughs (`mezquita.engine.playthrough`):
    #: seeded random games committed under ``tests/playthroughs`` that catch any change.
    golden: ClassVar[tuple[tuple[dict, int], ...]] = ()
    #: Difficulty level -> agent name (``{"easy": "random", ..., "expert": "ismcts:..."}``,
    #: `mezquita.agents.levels`; measured in docs/levels.md). Empty: the default levels.
    levels: ClassVar[dict[str, str]] = {}
    #: Optional playout policy for search bots, ``rollout_policy(state, seat, legal, rng) ->
    #: action`` (a plain function, e.g. ``staticmethod(f)``). Search calls it on its own
    #: determinised states only, so it may read any field; it must be cheap and use ``rng``
    #: for its randomness. None: uniformly random playouts.
    rollout_policy: Callable[[S, int, list[int], random.Random], int] | None = None
    #: Optional evaluation for depth-limited search (``alphabeta``), ``evaluation(state, seat)
    #: -> value`` (a plain function): the value of a state for a seat in [-1, 1] (1 a sure win,
    #: -1 a sure loss). Search calls it on its own copies of the state. None: search scores
    #: a cut position from ``scores()``.
    evaluation: Callable[[S, int], float] | None = None
    #: Optional transposition key for depth-limited search (``alphabeta``), ``search_key(state)
    #: -> hashable`` (a plain function): equal for two states whose futures are the same, so
    #: two move orders reaching one position share a table entry. None: no transpositions.
    search_key: Callable[[S], Hashable] | None = None
    #: Optional model of play for search bots' beliefs, ``belief(world, seat) -> likelihood``
    #: (a plain function): from any determinisation ``world`` of ``seat``'s view, a function
    #: giving the relative likelihood of a determinisation under a model of how the other
    #: seats make their hidden choices. ISMCTS then draws its worlds by Metropolis-Hastings
    #: with ``resample`` as the proposal. None: every consistent world is equally likely.
    belief: Callable[[S, int], Callable[[S], float]] | None = None
    #: Optional one-line reason for a hint, ``hint_reason(game, view, action, lang) -> str |
    #: None`` (a plain function): why ``action`` may be good, from the deciding seat's ``view``
    #: only, in ``lang`` from the game's texts ("takes control of Mosque-Cathedral (7)");
    #: None where the game has nothing to say beyond the action itself. None: no reasons.
    hint_reason: Callable[[Self, dict, int, str], str | None] | None = None
    #: Module of the game's balance figures for the arena (docs/arena.md): optional functions
    #: ``start_seat(state)``, ``rounds(state)``, ``facts(state)`` and ``catalogue(game)``.
    #: None: the game package's ``metrics`` module if it has one, else no figures.
    metrics: ClassVar[str | None] = None

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = resolve(self.info.options, options, self.info.id)
        self.num_players: int = self.options.get("players", self.info.min_players)
        self._configure()
        self.actions = self.decisions.space
        self.event_fields = self.decisions.event_fields
        self.effects = self.decisions.effects

    def _configure(self) -> None:
        """Derive per-option constants once (override; called at the end of ``__init__``)."""

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load({self.info.id!r}{', ' if opts else ''}{opts})"

    # -- states ------------------------------------------------------------------------
    def new_state(self, seed: int = 0) -> S:
        """A new game, dealt from ``seed``; the same seed always gives the same deal."""
        return self.state_class.new(self, seed)

    def state_from_json(self, data: dict) -> S:
        """Rebuild a state written by ``State.to_json``."""
        return self.state_class.from_json(self, data)

    def deals(self, limit: int = 100_000) -> list[tuple[Any, float]]:
        """Every initial deal as ``(deal, probability)``, for solvers that need chance listed
        (OpenSpiel's explicit-chance mode). Only settings whose one chance event is the deal
        and that have at most ``limit`` deals can list them; otherwise `MezquitaError` says
        why, at once, instead of a search that never ends."""
        raise MezquitaError(f"{self.info.name} cannot list its deals (its chance is sampled)")

    def dealt_state(self, deal: Any) -> State:
        """The new state of one ``deal`` from ``deals()``."""
        raise MezquitaError(f"{self.info.name} cannot list its deals (its chance is sampled)")

    # -- actions -----------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        """Size of the integer action space; ids are ``0 .. num_actions - 1``."""
        return len(self.actions)

    @property
    def max_game_length(self) -> int:
        """An upper bound on the number of decisions in one game."""
        raise NotImplementedError

    def action_to_json(self, action: int) -> Any:
        """The JSON form of an action id: ``{"do": kind, param: value, ...}``."""
        return self.actions.to_json(action)

    def action_from_json(self, value: Any) -> int:
        """The action id of a JSON action, or ``IllegalAction`` if it names no action."""
        return self.actions.from_json(value)

    def action_label(self, action: int, lang: str = "en", names: list[str | None] | None = None) -> str:
        """A short readable label for an action id (seats named by ``names``, default "Player N")."""
        return self.actions.label(action, lang, names)

    # -- observations for learning agents ---------------------------------------------------
    @property
    def observation_size(self) -> int:
        """Length of the flat vector ``encode_view`` returns (the game package's
        ``observation.observation_size(game)``)."""
        return _companion(type(self).__module__, self.info.id, "observation").observation_size(self)

    def encode_view(self, view: dict) -> list[float]:
        """A seat's view as a flat float vector (built from the view only, so it cannot leak):
        the game package's ``observation.encode_view(game, view)``.

        Each game documents its layout as an index/meaning table in its ``observation`` module.
        Values lie in [0, 1]: the research adapters declare that range as the observation space.
        """
        return _companion(type(self).__module__, self.info.id, "observation").encode_view(self, view)

    def encode_state(self, state: S, seat: int | None) -> list[float]:
        """``encode_view(state.view(seat))``, the same vector bit for bit, for the adapters'
        every step: the game package's ``observation.encode_state(game, state, seat)`` where
        it has one (read from the state without building the view, and only what the view
        shows), else the view encoded."""
        state._check_viewer(seat)
        encode = _state_encoder(type(self).__module__, self.info.id)
        if encode is None:
            return self.encode_view(state.view(seat))
        return encode(self, state, seat)

    def event_text(self, entry: dict, lang: str = "en", names: Sequence[str | None] | None = None) -> str:
        """One entry of ``state.log(viewer)`` as a sentence in ``lang`` ("Anna builds Palace
        (5)"); ``names`` are the players' names (default "Player 1"...). It reads only the
        entry, which is already masked for its viewer, so it cannot reveal anything hidden."""
        raise NotImplementedError

    def page_data(self, lang: str = "en") -> dict:
        """What a page draws of this configured game that no view carries, in ``lang``: its
        rule constants and the words of its fixed pieces (a card's effects), so that no
        renderer repeats a rule or rewords a text (the server serves it per match)."""
        return {}

    def reference(self, lang: str = "en") -> list[Section]:
        """The game's reference for a page, in ``lang``: every piece (card, character, stone,
        landmark) and its basic rules as sections of entries (`mezquita.engine.reference`:
        ``[{"key", "title", "note", "entries": [{"key", "name", "text", "facts",
        "in_play"}]}]``), worded from the game's own data for this configured game: a piece
        the options leave out is listed with ``in_play`` False, a reconstruction is labelled
        in its section's ``note``. The game package's ``reference.reference(game, lang)``."""
        return _companion(type(self).__module__, self.info.id, "reference").reference(self, lang)

    def guide_setup(self) -> GuideSetup | None:
        """The scripted first game of this game's guide (`mezquita.engine.guide`): the
        options, seed and bot level of a guided practice match; None when it has no guide.
        The game package's ``guide.SETUP``."""
        try:
            return _companion(type(self).__module__, self.info.id, "guide").SETUP
        except NotImplementedError:
            return None

    def guide(self, view: dict, legal: list[int], lang: str = "en") -> list[Note]:
        """The guide's rule notes that matter to the seat of ``view`` now, in order, each
        ``{"key", "text"}`` in ``lang`` (`mezquita.engine.guide`): decided from the seat's
        view and its legal action ids alone, so a note never leaks what the seat cannot see.
        The game package's ``guide.notes(game, view, legal)`` gives the keys."""
        module = _companion(type(self).__module__, self.info.id, "guide")
        return guide_notes(module.notes(self, view, legal), module.TEXTS["guide"], lang)

    def render_text(self, view: dict, lang: str = "en") -> str:
        """A view as terminal text in ``lang`` (rich markup allowed)."""
        raise NotImplementedError

    def action_entry(self, action: int, lang: str = "en",
                     names: list[str | None] | None = None) -> dict:
        """An action for a page: ``{"id", "action", "label"}`` and, when its decision points
        at a board element, ``"hint"`` (`Decisions.hint`)."""
        entry = {"id": action, "action": self.action_to_json(action),
                 "label": self.action_label(action, lang, names)}
        hint = self.decisions.hint(action)
        if hint is not None:
            entry["hint"] = hint
        return entry

    def to_action_id(self, action: Any) -> int:
        """Accept an action id or its JSON form; return the id."""
        if type(action) is int:
            self.actions.kind(action)  # raises for an id outside the space
            return action
        return self.action_from_json(action)


@cache
def _companion(rules_module: str, game_id: str, name: str) -> ModuleType:
    """The module ``name`` (``observation``, ``reference``, ``guide``) beside a game's
    ``rules_module`` (`NotImplementedError` if none)."""
    package = rules_module.rpartition(".")[0]
    if not package or find_spec(f"{package}.{name}") is None:
        raise NotImplementedError(f"{game_id} has no {name} module yet")
    return import_module(f"{package}.{name}")


@cache
def _state_encoder(rules_module: str,
                   game_id: str) -> Callable[[Game, State, int | None], list[float]] | None:
    """The ``observation.encode_state`` beside a game's ``rules_module``, or None if none."""
    try:
        return getattr(_companion(rules_module, game_id, "observation"), "encode_state", None)
    except NotImplementedError:  # no observation module: the game's own encode_view, if any
        return None
