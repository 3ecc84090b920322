"""Cortiça as array code: any card set and round limit, N games at once.

One game is one row of an int32 matrix ``S`` (layout below) and one row of a uint64 matrix
``R``: the engine's deal stream (``R[i, 0]``), the random policy's stream (``R[i, 1]``) and,
per seat, the heuristic agent's own `random.Random` (``mt19937``), so that the heuristic
draws the same tie-breaking noise as the engine's `CorticaHeuristic` seeded alike. A card set
becomes two tables (``tables``): per action card its spaces and option kinds, and per effect
(card option ``4c + o``, plan side ``20 + 2p + side``) what it pays and gains. The flow
follows the rules of ``games/cortica/rules.py``; the action ids, the counts of cards, plans,
workers and resources, the rule constants, the heuristic's constants and the observation's
layout are read from the game's modules at import (a change there reaches the compiled
kernels: see `backend`), and `LAYOUT` refuses a game whose numbers no longer fit the shifts
and masks the kernels decode ids and resources with.

The columns, as the game's counts place them:

=========  ====================================================================
columns    meaning
=========  ====================================================================
0..5       resources of seat s at ``3s`` + [oak trees, bark, cork]
6..10      the row of action cards, left to right (6 is the resting card)
11..13     plan p shows its back side
14..17     the worker stack, bottom first (the top is ``14 + height - 1``)
18         stack height
19..22     worker w is an intern
23..32     worker on space s of card c at ``23 + 2c + s``, or -1
33         phase: 0 place, 1 resolve, 2 rest, 3 over
34..37     the resolution queue (``2c + s`` per placed worker, row order)
38, 39     queue position of the worker resolving, queue length
40         uses left of the worker resolving
41         it used Hire
42         round, from 1
43         winner once over, else -1
44         seat to move, -1 when over
45         decisions played
46         free spaces of the active cards (bit ``2c + s``: the place ids)
=========  ====================================================================

Policies (per seat of each game): 0 ``random`` (uniform over the legal ids, from the policy
stream) and 1 ``heuristic`` (`CorticaHeuristic`: the same scores in the same arithmetic order,
plus the same Gaussian noise from the seat's `random.Random`, so it picks the same action).
"""

from __future__ import annotations

import numpy as np

from mezquita.engine import load
from mezquita.games.cortica import observation as obs
from mezquita.games.cortica.cards import (
    MAX_AMOUNT,
    MAX_OPTIONS,
    MAX_SPACES,
    NUM_ACTIONS_CARDS,
    NUM_PLANS,
    RESOURCES,
    WORKERS,
    load_card_set,
)
from mezquita.games.cortica.evaluation import HIRE_ROUNDS, HIRE_VALUE, LATE_HIRE, VALUES
from mezquita.games.cortica.heuristic import DENIAL, FLIP_SHARE, NOISE, SPACE_PENALTY
from mezquita.games.cortica.rules import (
    BARK,
    CORK,
    CORK_TO_END,
    OWNER,
    START_RESOURCES,
    START_STACK,
    TREE,
)

from .backend import check, kernel, njit, njit_inline
from .mt19937 import MT_WIDTH, gauss, seed_nb, seeded
from .policies import HEURISTIC, POLICY_CODES, RANDOM, policy_codes
from .splitmix import below, draw_np, streams

# -- from the game ------------------------------------------------------------------------
#: the default card set's game: the action ids are the same for every card set
_GAME = load("cortica")
#: the first id of each block of the action space (``place`` ids are ``2c + s``, the place's
#: space code; ``use`` ids ``USE + 4c + o``; a plan move's ``first + p``)
PLACE, REST, SKIP, USE, USE_PLAN, FLIP_PLAN, FLIP_USE_PLAN, DOUBLE_PLAN = (
    _GAME.decisions.block(kind).base
    for kind in ("place", "rest", "skip", "use", "use_plan", "flip_plan", "flip_use_plan", "double_plan"))
NUM_ACTIONS = _GAME.num_actions
CARDS, PLANS = NUM_ACTIONS_CARDS, NUM_PLANS
#: the phases as the observation orders them
PLACING, RESOLVING, RESTING, OVER = (obs.PHASES.index(p) for p in ("place", "resolve", "rest", "over"))
VALUE_TREE, VALUE_BARK, VALUE_CORK = VALUES
#: bits of a resource amount; a seat's resources as one number ``held``: trees, bark and cork
#: in ``BITS`` bits each, cork lowest
BITS = MAX_AMOUNT.bit_length()
HELD = 1 << 3 * BITS
#: bits of a space's index in its code ``2c + s``, and of an option's in ``USE + 4c + o``
SPACE_BITS, OPTION_BITS = (MAX_SPACES - 1).bit_length(), (MAX_OPTIONS - 1).bit_length()
#: bits per lookup in `POP`, `LOW`, `NTH`: three chunks hold the legal ids from SKIP on
CHUNK = 11
CHUNK_MASK = (1 << CHUNK) - 1
#: what the kernels' shifts and masks assume of the game, and whether it holds
LAYOUT = {
    "the blocks in this order, place first":
        PLACE == 0 < REST < SKIP < USE < USE_PLAN < FLIP_PLAN < FLIP_USE_PLAN < DOUBLE_PLAN,
    "spaces per card a power of 2": MAX_SPACES == 1 << SPACE_BITS,
    "options per card a power of 2": MAX_OPTIONS == 1 << OPTION_BITS,
    "amounts up to a power of 2 less 1": MAX_AMOUNT == (1 << BITS) - 1,
    "three resources": len(RESOURCES) == 3,
    "worker w owned by seat w & 1": tuple(w & 1 for w in range(WORKERS)) == OWNER,
    "the ids from SKIP in three chunks": NUM_ACTIONS - SKIP <= 3 * CHUNK,
    "the active cards' spaces in a chunk": (CARDS - 1) * MAX_SPACES <= CHUNK,
}
if not all(LAYOUT.values()):
    raise ImportError("the fast Cortiça no longer fits the game: "
                      + ", ".join(what for what, holds in LAYOUT.items() if not holds))

# -- a game's row of S --------------------------------------------------------------------
RES = 0  # 3 per seat
ROW = RES + 2 * 3
PLAN = ROW + CARDS
STK = PLAN + PLANS
SLEN = STK + WORKERS
INTERN = SLEN + 1
SP = INTERN + WORKERS
PHASE = SP + CARDS * MAX_SPACES
QUE = PHASE + 1
QHEAD = QUE + WORKERS
QLEN, USES, HIRING, ROUND, WINNER, CURRENT, LENGTH, FREE = range(QHEAD + 1, QHEAD + 9)
WIDTH = FREE + 1
RESULTS = [*range(RES, RES + 6), ROUND, WINNER, LENGTH]  # what play gives
#: bit sets: every card (rest ids from REST), a card's spaces, every plan flip (bits from SKIP)
ALL_CARDS = (1 << CARDS) - 1
CARD_SPACES = (1 << MAX_SPACES) - 1
ALL_FLIPS = ((1 << PLANS) - 1) << (FLIP_PLAN - SKIP)
CONV, PLAN_KIND, FLIP_KIND, HIRE_KIND = 0, 1, 2, 3  # option kinds in the card table
NO_OPTION = -1
PLAN_EFFECT = MAX_OPTIONS * CARDS  # effect index of plan p's side d: PLAN_EFFECT + 2p + d
NO_EFFECT = PLAN_EFFECT + 2 * PLANS  # the conversion table's "nothing changes" row
TWICE = NO_EFFECT + 1  # its row of plan p's side d applied twice: TWICE + 2p + d
#: per chunk of a bit set: its number of bits and the index of its lowest bit
POP = np.array([bin(m).count("1") for m in range(1 << CHUNK)], np.int64)
LOW = np.array([(m & -m).bit_length() - 1 for m in range(1 << CHUNK)], np.int64)
NTH = np.array([[[b for b in range(CHUNK) if m >> b & 1][n] if n < bin(m).count("1") else -1
                 for n in range(CHUNK)] for m in range(1 << CHUNK)], np.int8)  # the n-th set bit
NTH_FLAT = NTH.reshape(-1).astype(np.int64)
#: the uses table (`uses_table`): an entry of ``2 * HELD`` per card, then per plan sides, then
#: the cards' flags
ENTRY = 2 * HELD
PLANS_AT = ENTRY * CARDS
FLAGS_AT = PLANS_AT + ENTRY * (1 << PLANS)
MT = 2  # R column where seat 0's generator starts; seat s at MT + s * MT_WIDTH


def supported(cards: str = "reconstruction-v1", max_rounds: int = 40) -> bool:
    """Every card set and round limit the engine accepts."""
    del cards, max_rounds
    return True


def tables(card_set) -> tuple[np.ndarray, np.ndarray]:
    """``(C, E)`` of a `CardSet`: ``C[c]`` = [spaces, options, kind of option 0..3] and
    ``E[e]`` = [pay x3, gain x3, has "instead", if_have x3, instead gain x3]."""
    C = np.full((CARDS, 2 + MAX_OPTIONS), NO_OPTION, np.int32)
    E = np.zeros((PLAN_EFFECT + 2 * PLANS, 13), np.int32)
    kinds = {None: CONV, "use_plan": PLAN_KIND, "flip_plan": FLIP_KIND, "hire": HIRE_KIND}

    def effect(e: int, eff) -> None:
        E[e, 0:3], E[e, 3:6] = eff.pay, eff.gain
        if eff.if_have is not None:
            E[e, 6], E[e, 7:10] = 1, eff.if_have
            E[e, 10:13] = eff.instead_gain if eff.instead_gain is not None else eff.gain

    for c, card in enumerate(card_set.actions):
        C[c, 0], C[c, 1] = card.spaces, len(card.options)
        for o, eff in enumerate(card.options):
            C[c, 2 + o] = kinds[eff.special]
            effect(MAX_OPTIONS * c + o, eff)
    for p, plan in enumerate(card_set.plans):
        for d, side in enumerate(plan.sides):
            effect(PLAN_EFFECT + 2 * p + d, side)
    return C, E


def uses_table(C: np.ndarray, E: np.ndarray) -> np.ndarray:
    """What a resolving worker may use besides skipping (rules 5-7, 10, 11), as bits
    ``a - SKIP`` of the legal ids ``a``, for every card, intern flag, plan sides and resources
    (``held``, see `BITS`): the card's own options at ``ENTRY c + HELD intern + held``; the
    plan moves at ``PLANS_AT + ENTRY sides + HELD first + held`` (``sides`` = plan p's side at
    bit p, ``first``: an intern's first use); at ``FLAGS_AT + c`` bit 0 "the card uses plans"
    and bit 1 "it flips plans"."""
    U = np.zeros(FLAGS_AT + CARDS, np.int64)
    held = [_amounts(h) for h in range(HELD)]

    def can(e, r):
        return all(r[j] >= E[e, j] for j in range(3))

    def conv(e, r):
        g = 10 if E[e, 6] and all(r[j] >= E[e, 7 + j] for j in range(3)) else 3
        return [min(MAX_AMOUNT, r[j] - E[e, j] + E[e, g + j]) for j in range(3)]

    for c in range(CARDS):
        for o in range(C[c, 1]):
            kind, bit = C[c, 2 + o], 1 << (USE - SKIP + MAX_OPTIONS * c + o)
            U[FLAGS_AT + c] |= {PLAN_KIND: 1, FLIP_KIND: 2}.get(kind, 0)
            for h, r in enumerate(held):
                if kind == CONV and can(MAX_OPTIONS * c + o, r):
                    U[ENTRY * c + h] |= bit
                    U[ENTRY * c + HELD + h] |= bit
                elif kind == HIRE_KIND:  # rule 5: an intern on Hire has no effect
                    U[ENTRY * c + h] |= bit
    for sides in range(1 << PLANS):
        for p in range(PLANS):
            side = sides >> p & 1
            e, other = PLAN_EFFECT + 2 * p + side, PLAN_EFFECT + 2 * p + 1 - side
            for h, r in enumerate(held):
                for first in (0, 1):
                    at = PLANS_AT + ENTRY * sides + HELD * first + h
                    if can(e, r):
                        U[at] |= 1 << (USE_PLAN - SKIP + p)
                        if first and can(e, conv(e, r)):
                            U[at] |= 1 << (DOUBLE_PLAN - SKIP + p)
                    if first and can(other, r):
                        U[at] |= 1 << (FLIP_USE_PLAN - SKIP + p)
    return U


def conversion_table(E: np.ndarray) -> np.ndarray:
    """``T[HELD e + held]``: the resources ``held`` (see `BITS`) after effect ``e`` (rules 1
    and 11, for the numpy backend); row ``NO_EFFECT`` keeps them and row ``TWICE + 2p + d``
    applies plan p's side d twice (rule 10). Rows of effects ``held`` cannot pay keep them too
    (never looked up: such uses are not legal)."""
    T = np.tile(np.arange(HELD, dtype=np.int64), TWICE + 2 * PLANS)
    for e in range(NO_EFFECT):
        for h in range(HELD):
            r = _amounts(h)
            if all(r[j] >= E[e, j] for j in range(3)):
                g = 10 if E[e, 6] and all(r[j] >= E[e, 7 + j] for j in range(3)) else 3
                t, b, k = (min(MAX_AMOUNT, r[j] - E[e, j] + E[e, g + j]) for j in range(3))
                T[HELD * e + h] = (t << 2 * BITS) + (b << BITS) + k
    for d in range(2 * PLANS):
        once = T[HELD * (PLAN_EFFECT + d):HELD * (PLAN_EFFECT + d + 1)]
        T[HELD * (TWICE + d):HELD * (TWICE + d + 1)] = once[once]
    return T


def _amounts(held: int) -> tuple[int, int, int]:
    """Trees, bark and cork of ``held``."""
    return held >> 2 * BITS, held >> BITS & MAX_AMOUNT, held & MAX_AMOUNT


def move_table(C: np.ndarray) -> np.ndarray:
    """Per legal id ``a`` of a resolving worker (``a >= USE``), for the numpy backend: the
    column ``M[:, a]`` = [effect, side sign, plan, flip, uses, hire]: it converts with the
    ``conversion_table`` row ``effect + sign * side`` (``side``: the plan's current side;
    card options and Hire name plan 0 with sign 0), turns the plan over if ``flip``, spends
    ``uses`` uses and sets "it used Hire" if ``hire``."""
    M = np.zeros((6, NUM_ACTIONS), np.int64)
    for a in range(USE, NUM_ACTIONS):
        if a < USE_PLAN:
            c, o = divmod(a - USE, MAX_OPTIONS)
            hire = C[c, 2 + o] == HIRE_KIND
            M[:, a] = (NO_EFFECT if hire else a - USE, 0, 0, 0, 1, hire)
        else:
            block, p = divmod(a - USE_PLAN, PLANS)
            side = PLAN_EFFECT + 2 * p
            M[:, a] = ((side, NO_EFFECT, side + 1, TWICE + 2 * p)[block], (1, 0, -1, 1)[block], p,
                       block != 2, 1 + (block >= 2), 0)
    return M


class Simulator:
    """Batched Cortiça with the engine's options; ``backend`` ``"numba"`` or ``"numpy"``.

    The step API works on a batch ``(S, R)`` from ``init``: ``to_move(S)``,
    ``legal_mask(S)``, ``step(S, R, actions)`` (rows whose game is over ignore their action),
    ``observe(S, seats)``, ``scores(S)`` and ``returns(S)``; ``act(S, R, policy)`` gives a
    policy's actions. ``play(seeds, policies)`` plays whole games. The numpy backend plays
    ``random`` vectorised and the heuristic game by game (compiled only where numba is
    installed).
    """

    game_id = "cortica"
    #: ``play`` and ``init`` take the agents' seeds (the heuristic draws from them)
    agent_seeded = True

    def __init__(self, cards: str = "reconstruction-v1", max_rounds: int = 40,
                 backend: str = "numba") -> None:
        self.options = {"cards": cards, "max_rounds": max_rounds}
        self.backend = check(backend)
        self.C, self.E = tables(load_card_set(cards))
        self.U = uses_table(self.C, self.E)
        self.T = conversion_table(self.E)
        self.M = move_table(self.C)
        #: the card part of ``U`` with the plan flips of the cards that flip plans folded in
        self.V = self.U[:PLANS_AT].copy()
        for c in range(CARDS):
            if self.U[FLAGS_AT + c] & 2:
                self.V[ENTRY * c:ENTRY * (c + 1)] |= ALL_FLIPS
        self.max_rounds = max_rounds
        self.num_actions = NUM_ACTIONS

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"fast.cortica.Simulator({opts}, backend={self.backend!r})"

    # -- the step API ------------------------------------------------------------------
    def init(self, seeds, agent_seeds=None) -> tuple[np.ndarray, np.ndarray]:
        """New games dealt from ``seeds`` exactly as ``game.new_state(seed)`` deals them;
        ``agent_seeds`` (``(N, 2)``, default ``seed + seat`` as `MezquitaEnv` seeds its bots)
        seed each seat's heuristic."""
        seeds = np.asarray(seeds, np.uint64)
        R = np.zeros((len(seeds), MT + 2 * MT_WIDTH), np.uint64)
        for i, pair in enumerate(_agent_seeds(seeds, agent_seeds)):
            for seat in (0, 1):
                seeded(int(pair[seat]), R[i, MT + seat * MT_WIDTH:MT + (seat + 1) * MT_WIDTH])
        if self.backend == "numba":
            S = _new_games(len(seeds))
            R[:, :2] = streams(seeds)
            _deal_nb(S, R, self.C)
        else:  # S is a view of the column-major G, so that the numpy steps work on it in place
            G, R[:, :2] = _dealt_np(seeds, self.C)
            S = G.T
        return S, R

    def to_move(self, S: np.ndarray) -> np.ndarray:
        """The seat to move per game, -1 where it is over."""
        return S[:, CURRENT].copy()

    def legal_mask(self, S: np.ndarray) -> np.ndarray:
        """``(N, NUM_ACTIONS)`` bool: the legal ids of the seat to move (all False when over)."""
        if self.backend == "numba":
            mask = np.zeros((len(S), NUM_ACTIONS), np.bool_)
            _mask_nb(S, self.U, mask, _buffer())
            return mask
        return _mask_np(_columns(S), self)

    def step(self, S: np.ndarray, R: np.ndarray, actions) -> None:
        """Play ``actions[i]`` for the seat to move in game ``i`` (in place; legal ids only:
        check with ``legal_mask``). Games that are over, or given a negative action, are left
        as they are."""
        del R  # no chance after the deal
        actions = np.asarray(actions, np.int64)
        if self.backend == "numba":
            _step_nb(S, actions, self.C, self.E, self.U, self.max_rounds)
        else:
            rows = np.flatnonzero((S[:, CURRENT] >= 0) & (actions >= 0))
            G = _columns(S)
            _apply_np(G, rows, actions[rows], self)
            if not np.may_share_memory(G, S):  # a copy: S is not column-major as from `init`
                S[:] = G.T

    def act(self, S: np.ndarray, R: np.ndarray, policy: str) -> np.ndarray:
        """The action of ``policy`` (``"random"`` or ``"heuristic"``) in every game still
        running (-1 where over); both draw from their streams in ``R``."""
        code = POLICY_CODES[policy]
        out = np.full(len(S), -1, np.int64)
        if self.backend == "numba":
            _act_nb(S, R, R.view(np.float64), code, out, self.C, self.E, self.U, _buffer())
            return out
        rows = np.flatnonzero(S[:, CURRENT] >= 0)
        if code == RANDOM:
            policy = R[:, 1].copy()
            out[rows] = _random_np(_columns(S), policy, rows, self)
            R[:, 1] = policy
        else:
            _heuristic_rows(S.T, R, rows, out, self)
        return out

    def scores(self, S: np.ndarray) -> np.ndarray:
        """``(N, 2)`` scores as ``state.scores()``: each seat's cork."""
        return S[:, [RES + CORK, RES + 3 + CORK]].astype(np.float64)

    def returns(self, S: np.ndarray) -> np.ndarray:
        """``(N, 2)`` returns as ``state.returns()`` (zeros where the game is not over)."""
        winner = S[:, WINNER]
        return np.stack([winner == 0, winner == 1], axis=1).astype(np.float64)

    def observe(self, S: np.ndarray, seats) -> np.ndarray:
        """``(N, obs.OBSERVATION_SIZE)`` float32: ``game.encode_view(state.view(seats[i]))``
        of each game (layout table in ``games/cortica/observation.py``)."""
        return _observe_np(S, np.asarray(seats, np.int64), self)

    # -- whole games -------------------------------------------------------------------
    def play(self, seeds, policies, agent_seeds=None) -> dict[str, np.ndarray]:
        """Play one game per seed to the end; ``policies`` is ``(seat 0, seat 1)`` names or an
        ``(N, 2)`` array of codes (0 random, 1 heuristic) per game; ``agent_seeds`` as in
        ``init``. Returns ``scores``, ``returns`` (``(N, 2)``), ``length`` (decisions) and
        ``rounds``."""
        seeds = np.asarray(seeds, np.uint64)
        codes = policy_codes(policies, len(seeds))
        if self.backend == "numba":  # each game dealt and played in one scratch row
            S = np.zeros((len(seeds), WIDTH), np.int32)  # only the results are filled in
            mt = np.zeros((2, MT_WIDTH), np.uint64)
            _play_nb(_new_games(2), streams(seeds), codes, _agent_seeds(seeds, agent_seeds),
                     self.C, self.E, self.U, self.max_rounds, S, _buffer(), mt, mt.view(np.float64))
        else:
            S = self._play_np(seeds, codes, agent_seeds)
        return {"scores": self.scores(S), "returns": self.returns(S),
                "length": S[:, LENGTH].copy(), "rounds": S[:, ROUND].copy()}

    def _play_np(self, seeds, codes, agent_seeds) -> np.ndarray:
        if (codes == HEURISTIC).any():  # the heuristic needs its generators (10 kB a game)
            S, R = self.init(seeds, agent_seeds)
            G = _columns(S)
        else:
            G, R = _dealt_np(seeds, self.C)
        policy = R[:, 1].copy()
        out, at = G, np.arange(len(seeds))  # the games still running: G[:, j] is out[:, at[j]]
        pending = np.zeros(len(seeds), np.int64)  # what the resolving worker may use (_uses)
        random_only = not codes.any()
        while (rows := np.flatnonzero(G[CURRENT] >= 0)).size:
            if 4 * rows.size < 3 * G.shape[1]:  # keep the running games dense
                done = np.flatnonzero(G[CURRENT] < 0)
                out[np.ix_(RESULTS, at[done])] = G[np.ix_(RESULTS, done)]
                G, policy, codes, at, pending = (G.take(rows, 1), policy[rows], codes[rows], at[rows],
                                                 pending[rows])
                if not random_only:
                    R = R[rows]
                rows = np.arange(G.shape[1])
            if random_only:
                actions = _random_np(G, policy, rows, self, pending)
            else:
                code = codes[rows, G[CURRENT][rows]]
                actions = np.full(G.shape[1], -1, np.int64)
                pick = rows[code == RANDOM]
                actions[pick] = _random_np(G, policy, pick, self, pending)
                _heuristic_rows(G, R, rows[code == HEURISTIC], actions, self)
                actions = actions[rows]
            _apply_np(G, rows, actions, self, pending)
        out[np.ix_(RESULTS, at)] = G[RESULTS]
        return out.T


def _agent_seeds(seeds: np.ndarray, agent_seeds) -> np.ndarray:
    if agent_seeds is None:
        return seeds[:, None] + np.arange(2, dtype=np.uint64)[None, :]
    out = np.asarray(agent_seeds, np.uint64)
    if out.shape != (len(seeds), 2):
        raise ValueError(f"agent_seeds must have shape ({len(seeds)}, 2), not {out.shape}")
    return out


def _buffer() -> np.ndarray:
    """Room for the legal ids of one decision (the kernels' scratch)."""
    return np.zeros(NUM_ACTIONS, np.int64)


def _new_games(n: int) -> np.ndarray:
    """Rules 1 and 2 before the shuffle: resources, plans star side up, the stack."""
    S = np.zeros((n, WIDTH), np.int32)
    S[:, RES:RES + 6] = START_RESOURCES[0] + START_RESOURCES[1]
    S[:, STK:STK + WORKERS] = START_STACK[::-1]  # bottom first
    S[:, SLEN] = WORKERS
    S[:, SP:SP + MAX_SPACES * CARDS] = -1
    S[:, ROW:ROW + CARDS] = np.arange(CARDS)
    S[:, ROUND] = 1
    S[:, WINNER] = -1
    return S


# -- numba: one game at a time, compiled ----------------------------------------------------
@njit_inline
def _shuffle_row(s, rng, i, C):
    """Rule 2: the engine's Fisher-Yates over the row of cards."""
    for j in range(CARDS - 1, 0, -1):
        k = below(rng, i, 0, j + 1)
        t = s[ROW + j]
        s[ROW + j] = s[ROW + k]
        s[ROW + k] = t
    _free_all(s, C)


@njit_inline
def _free_all(s, C):
    """Every space of the active cards is free (the start of a round)."""
    bits = 0
    for c in range(CARDS):
        if c != s[ROW]:
            bits |= ((1 << C[c, 0]) - 1) << (c << SPACE_BITS)
    s[FREE] = bits


@kernel
def _deal_nb(S, rng, C):
    for i in range(S.shape[0]):
        _shuffle_row(S[i], rng, i, C)


@njit_inline
def _can(E, e, r0, r1, r2):
    return r0 >= E[e, 0] and r1 >= E[e, 1] and r2 >= E[e, 2]


@njit_inline
def _conv(E, e, r0, r1, r2):
    """Rules 1 and 11: pay, gain (``instead`` checked before paying), capped at ``MAX_AMOUNT``."""
    g = 3
    if E[e, 6] and r0 >= E[e, 7] and r1 >= E[e, 8] and r2 >= E[e, 9]:
        g = 10
    return (min(MAX_AMOUNT, r0 - E[e, 0] + E[e, g]), min(MAX_AMOUNT, r1 - E[e, 1] + E[e, g + 1]),
            min(MAX_AMOUNT, r2 - E[e, 2] + E[e, g + 2]))


@njit_inline
def _convert(s, seat, E, e):
    b = RES + 3 * seat
    s[b], s[b + 1], s[b + 2] = _conv(E, e, s[b], s[b + 1], s[b + 2])


@njit_inline
def _uses(s, U):
    """What the resolving worker may use (rules 4-7, 10) besides skipping: bit ``a - SKIP``
    per legal id ``a``, looked up in the card set's ``uses_table``."""
    q = s[QUE + s[QHEAD]]
    c = q >> SPACE_BITS
    w = s[SP + q]
    b = RES + 3 * (w & 1)
    held = (s[b] << 2 * BITS) + (s[b + 1] << BITS) + s[b + 2]
    bits = U[c * ENTRY + s[INTERN + w] * HELD + held]
    flags = U[FLAGS_AT + c]
    if flags & 1:
        sides = 0
        for p in range(PLANS):
            sides += s[PLAN + p] << p
        bits |= U[PLANS_AT + sides * ENTRY + (HELD if s[USES] == 2 else 0) + held]
    if flags & 2:
        bits |= ALL_FLIPS
    return bits


@njit_inline
def _legal_bits(s, U):
    """``(first, bits)``: the legal ids of the seat to move are ``first`` plus the indices
    of the set bits."""
    phase = s[PHASE]
    if phase == PLACING:
        return PLACE, np.int64(s[FREE])
    if phase == RESTING:
        return REST, np.int64(ALL_CARDS & ~(1 << s[ROW]))
    if phase == RESOLVING:
        return SKIP, _uses(s, U) | 1
    return 0, np.int64(0)


@njit_inline
def _count(bits):
    return (POP[bits & CHUNK_MASK] + POP[(bits >> CHUNK) & CHUNK_MASK]
            + POP[(bits >> 2 * CHUNK) & CHUNK_MASK])


@njit_inline
def _lowest(bits):
    """The index of the lowest set bit of a non-empty bit set of up to three chunks."""
    if bits & CHUNK_MASK:
        return LOW[bits & CHUNK_MASK]
    if (bits >> CHUNK) & CHUNK_MASK:
        return CHUNK + LOW[(bits >> CHUNK) & CHUNK_MASK]
    return 2 * CHUNK + LOW[(bits >> 2 * CHUNK) & CHUNK_MASK]


@njit
def _legal(s, U, out):
    """The legal ids of the seat to move into ``out`` (sorted); return their count."""
    first, bits = _legal_bits(s, U)
    n = 0
    while bits:
        out[n] = first + _lowest(bits)
        bits &= bits - 1
        n += 1
    return n


@njit_inline
def _begin(s):
    w = s[SP + s[QUE + s[QHEAD]]]
    s[USES] = 2 if s[INTERN + w] else 1  # rule 5
    s[HIRING] = 0


@njit_inline
def _end_round(s, max_rounds):
    """Rules 8, 9 and 14: the game ends at 6+ cork or after the last round, else rest."""
    s[USES] = 0
    s[HIRING] = 0
    if max(s[RES + CORK], s[RES + 3 + CORK]) >= CORK_TO_END or s[ROUND] >= max_rounds:
        s[PHASE] = OVER
        winner = s[STK + s[SLEN] - 1] & 1  # the owner of the top worker
        for r in (CORK, BARK, TREE):
            if s[RES + r] != s[RES + 3 + r]:
                winner = 0 if s[RES + r] > s[RES + 3 + r] else 1
                break
        s[WINNER] = winner
    else:
        s[PHASE] = RESTING


@njit
def _return(s, max_rounds):
    """Rules 4-5: the worker goes on top of the stack, intern side up only if it hired."""
    q = s[QUE + s[QHEAD]]
    w = s[SP + q]
    s[SP + q] = -1
    s[FREE] |= 1 << q
    s[STK + s[SLEN]] = w
    s[SLEN] += 1
    s[INTERN + w] = s[HIRING]
    s[QHEAD] += 1
    if s[QHEAD] < s[QLEN]:
        _begin(s)
    else:
        _end_round(s, max_rounds)


@njit
def _used(s, uses, max_rounds):
    left = max(0, s[USES] - uses)
    s[USES] = left
    if left == 0:
        _return(s, max_rounds)


@njit_inline
def _set_current(s):
    phase = s[PHASE]
    if phase == PLACING:
        s[CURRENT] = s[STK + s[SLEN] - 1] & 1
    elif phase == RESOLVING:
        s[CURRENT] = s[SP + s[QUE + s[QHEAD]]] & 1
    elif phase == RESTING:
        s[CURRENT] = s[STK] & 1  # rule 8: the owner of the bottom worker
    else:
        s[CURRENT] = -1


@njit_inline
def _apply(s, a, C, E, U, max_rounds):
    """One legal action of the seat to move, then the automatic skips (rule 12); return
    what the next worker may use (``_uses``) when resolving, else -1."""
    seat = s[CURRENT]
    if a < REST:  # rule 3
        height = s[SLEN] - 1
        s[SP + a] = s[STK + height]
        s[FREE] &= ~(1 << a)
        s[SLEN] = height
        if height == 0:  # rule 4: resolve left to right, top to bottom
            s[PHASE] = RESOLVING
            n = 0
            for k in range(1, CARDS):
                c = s[ROW + k]
                for sp in range(C[c, 0]):
                    if s[SP + (c << SPACE_BITS) + sp] >= 0:
                        s[QUE + n] = (c << SPACE_BITS) + sp
                        n += 1
            s[QHEAD] = 0
            s[QLEN] = n
            _begin(s)
    elif a < SKIP:  # rule 8
        c = a - REST
        k = ROW + CARDS - 1
        while s[k] != c:  # the cards left of c move one place right, over it
            k -= 1
        while k > ROW + 1:
            s[k] = s[k - 1]
            k -= 1
        s[ROW + 1] = s[ROW]  # the resting card wakes up second
        s[ROW] = c
        _free_all(s, C)
        s[ROUND] += 1
        s[PHASE] = PLACING
    elif a == SKIP:
        _return(s, max_rounds)
    elif a < USE_PLAN:  # rules 5 and 10
        c = (a - USE) >> OPTION_BITS
        o = (a - USE) & (MAX_OPTIONS - 1)
        if C[c, 2 + o] == HIRE_KIND:
            s[HIRING] = 1
        else:
            _convert(s, seat, E, MAX_OPTIONS * c + o)
        _used(s, 1, max_rounds)
    elif a < FLIP_PLAN:  # rule 7
        p = a - USE_PLAN
        _convert(s, seat, E, PLAN_EFFECT + 2 * p + s[PLAN + p])
        s[PLAN + p] ^= 1
        _used(s, 1, max_rounds)
    elif a < FLIP_USE_PLAN:
        s[PLAN + a - FLIP_PLAN] ^= 1
        _used(s, 1, max_rounds)
    elif a < DOUBLE_PLAN:  # rule 6
        p = a - FLIP_USE_PLAN
        _convert(s, seat, E, PLAN_EFFECT + 2 * p + 1 - s[PLAN + p])
        _used(s, 2, max_rounds)
    else:
        p = a - DOUBLE_PLAN
        e = PLAN_EFFECT + 2 * p + s[PLAN + p]
        _convert(s, seat, E, e)
        _convert(s, seat, E, e)
        s[PLAN + p] ^= 1
        _used(s, 2, max_rounds)
    pending = -1
    while s[PHASE] == RESOLVING:  # rule 12
        pending = _uses(s, U)
        if pending:
            break
        _return(s, max_rounds)
    s[LENGTH] += 1
    _set_current(s)
    return pending


@kernel
def _step_nb(S, actions, C, E, U, max_rounds):
    for i in range(S.shape[0]):
        if S[i, CURRENT] >= 0 and actions[i] >= 0:
            _apply(S[i], actions[i], C, E, U, max_rounds)


@kernel
def _mask_nb(S, U, mask, buf):
    for i in range(S.shape[0]):
        if S[i, CURRENT] >= 0:
            for j in range(_legal(S[i], U, buf)):
                mask[i, buf[j]] = True


# -- the heuristic (games/cortica/heuristic.py), scalar ---------------------------------------
@njit_inline
def _worth(r0, r1, r2):
    return r0 * VALUE_TREE + r1 * VALUE_BARK + r2 * VALUE_CORK


@njit_inline
def _gain(E, e, r0, r1, r2):
    a0, a1, a2 = _conv(E, e, r0, r1, r2)
    return _worth(a0, a1, a2) - _worth(r0, r1, r2)


@njit_inline
def _plan_gain(E, p, side, r0, r1, r2):
    e = PLAN_EFFECT + 2 * p + side
    return _gain(E, e, r0, r1, r2) if _can(E, e, r0, r1, r2) else 0.0


@njit_inline
def _best_use(s, C, E, c, r0, r1, r2, early):
    """``CorticaHeuristic._best_use``: the best value one use of card ``c`` adds."""
    best = 0.0
    for o in range(C[c, 1]):
        kind = C[c, 2 + o]
        if kind == HIRE_KIND:
            best = max(best, HIRE_VALUE * early)
        elif kind == PLAN_KIND:
            for p in range(PLANS):
                best = max(best, _plan_gain(E, p, s[PLAN + p], r0, r1, r2))
        elif kind == CONV and _can(E, MAX_OPTIONS * c + o, r0, r1, r2):
            best = max(best, _gain(E, MAX_OPTIONS * c + o, r0, r1, r2))
    return best


@njit_inline
def _greedy_use(s, C, E, c, r0, r1, r2, early):
    """``CorticaHeuristic._greedy_use``: the best use's value and the resources after it."""
    best = 0.0
    b0, b1, b2 = r0, r1, r2
    for o in range(C[c, 1]):
        kind = C[c, 2 + o]
        if kind == HIRE_KIND:
            if HIRE_VALUE * early > best:
                best = HIRE_VALUE * early
                b0, b1, b2 = r0, r1, r2
        elif kind != FLIP_KIND:  # a conversion or the plans
            for p in range(PLANS if kind == PLAN_KIND else 1):
                e = PLAN_EFFECT + 2 * p + s[PLAN + p] if kind == PLAN_KIND else MAX_OPTIONS * c + o
                if _can(E, e, r0, r1, r2):
                    a0, a1, a2 = _conv(E, e, r0, r1, r2)
                    gain = _worth(a0, a1, a2) - _worth(r0, r1, r2)
                    if gain > best:
                        best = gain
                        b0, b1, b2 = a0, a1, a2
    return best, b0, b1, b2


@njit_inline
def _round_value(s, C, E, seat, extra_c, extra_sp, early):
    """``CorticaHeuristic._round_value``: what ``seat``'s placed workers (and one more on
    ``extra``) add, resolved left to right."""
    b = RES + 3 * seat
    r0, r1, r2 = s[b], s[b + 1], s[b + 2]
    total = 0.0
    top_intern = s[INTERN + s[STK + s[SLEN] - 1]] if s[SLEN] > 0 else 0
    for k in range(1, CARDS):
        c = s[ROW + k]
        for sp in range(C[c, 0]):
            w = s[SP + (c << SPACE_BITS) + sp]
            mine = w >= 0 and (w & 1) == seat
            extra = c == extra_c and sp == extra_sp
            if not (mine or extra):
                continue
            uses = 2 if mine and s[INTERN + w] else 1
            if extra and top_intern:
                uses = 2
            for _ in range(uses):
                gain, r0, r1, r2 = _greedy_use(s, C, E, c, r0, r1, r2, early)
                total += gain
    return total


@njit_inline
def _resolve_score(s, C, E, a, early):
    """``CorticaHeuristic._resolve_scores`` for one legal ``a``."""
    if a == SKIP:
        return 0.0
    b = RES + 3 * s[CURRENT]
    r0, r1, r2 = s[b], s[b + 1], s[b + 2]
    card = s[QUE + s[QHEAD]] >> SPACE_BITS
    a0, a1, a2 = r0, r1, r2
    if a < USE_PLAN:
        o = (a - USE) & (MAX_OPTIONS - 1)
        if C[card, 2 + o] == HIRE_KIND:
            gain = HIRE_VALUE * early
        else:
            a0, a1, a2 = _conv(E, MAX_OPTIONS * card + o, r0, r1, r2)
            gain = _worth(a0, a1, a2) - _worth(r0, r1, r2)
    elif a < FLIP_PLAN:
        a0, a1, a2 = _conv(E, PLAN_EFFECT + 2 * (a - USE_PLAN) + s[PLAN + a - USE_PLAN], r0, r1, r2)
        gain = _worth(a0, a1, a2) - _worth(r0, r1, r2)
    elif a < FLIP_USE_PLAN:
        p = a - FLIP_PLAN
        side = s[PLAN + p]
        gain = FLIP_SHARE * (_plan_gain(E, p, 1 - side, r0, r1, r2) - _plan_gain(E, p, side, r0, r1, r2))
    elif a < DOUBLE_PLAN:
        p = a - FLIP_USE_PLAN
        a0, a1, a2 = _conv(E, PLAN_EFFECT + 2 * p + 1 - s[PLAN + p], r0, r1, r2)
        gain = _worth(a0, a1, a2) - _worth(r0, r1, r2)
    else:
        e = PLAN_EFFECT + 2 * (a - DOUBLE_PLAN) + s[PLAN + a - DOUBLE_PLAN]
        a0, a1, a2 = _conv(E, e, r0, r1, r2)
        a0, a1, a2 = _conv(E, e, a0, a1, a2)
        gain = _worth(a0, a1, a2) - _worth(r0, r1, r2)
    if s[USES] == 2 and a < FLIP_USE_PLAN:  # an intern's first use: its best follow-up
        gain += max(0.0, _best_use(s, C, E, card, a0, a1, a2, early))
    return gain


@njit
def _heuristic(s, C, E, U, mt, mtf, buf):
    """`CorticaHeuristic.act` for the seat to move: the legal id with the largest score plus
    noise (one Gaussian per legal id, in id order, from ``mt``; the first maximum wins)."""
    n = _legal(s, U, buf)
    me = s[CURRENT]
    early = 1.0 if s[ROUND] < HIRE_ROUNDS else LATE_HIRE
    phase = s[PHASE]
    base_me = base_opp = 0.0
    if phase == PLACING:
        base_me = _round_value(s, C, E, me, -1, -1, early)
        base_opp = _round_value(s, C, E, 1 - me, -1, -1, early)
    best = -1
    best_key = -np.inf
    for j in range(n):
        a = buf[j]
        if phase == PLACING:
            c = a >> SPACE_BITS
            sp = a & (MAX_SPACES - 1)
            mine = _round_value(s, C, E, me, c, sp, early) - base_me
            theirs = _round_value(s, C, E, 1 - me, c, sp, early) - base_opp
            score = mine + DENIAL * theirs - SPACE_PENALTY * sp
        elif phase == RESTING:
            b, t = RES + 3 * me, RES + 3 * (1 - me)
            score = (_best_use(s, C, E, a - REST, s[t], s[t + 1], s[t + 2], early)
                     - _best_use(s, C, E, a - REST, s[b], s[b + 1], s[b + 2], early))
        else:
            score = _resolve_score(s, C, E, a, early)
        key = score + gauss(mt, mtf, NOISE)
        if key > best_key:
            best_key = key
            best = a
    return best


@njit_inline
def _random(s, rng, i, U, pending):
    """The r-th legal id, r uniform from the policy stream (``pending``: ``_uses`` if
    known, else -1)."""
    if pending >= 0 and s[PHASE] == RESOLVING:
        first, bits = SKIP, pending | 1
    else:
        first, bits = _legal_bits(s, U)
    r = below(rng, i, 1, _count(bits))
    for k in range(3):  # the r-th set bit, a chunk at a time
        chunk = (bits >> (CHUNK * k)) & CHUNK_MASK
        if r < POP[chunk]:
            return first + CHUNK * k + NTH[chunk, r]
        r -= POP[chunk]
    return -1


@kernel
def _act_nb(S, R, Rf, code, out, C, E, U, buf):
    for i in range(S.shape[0]):
        s = S[i]
        if s[CURRENT] >= 0:
            if code == RANDOM:
                out[i] = _random(s, R, i, U, -1)
            else:
                k = MT + s[CURRENT] * MT_WIDTH
                out[i] = _heuristic(s, C, E, U, R[i, k:k + MT_WIDTH], Rf[i, k:k + MT_WIDTH], buf)


@kernel
def _play_nb(rows, R, codes, agent_seeds, C, E, U, max_rounds, out, buf, mt, mtf):
    """Deal game ``i`` from ``R[i]`` and play it to its end in the scratch row ``rows[1]``
    (starting from the new game ``rows[0]``), for every ``i`` (each heuristic seat seeded
    from ``agent_seeds`` into ``mt``); write its resources, winner, length and round into
    ``out[i]``."""
    s = rows[1]
    for i in range(R.shape[0]):
        for k in range(WIDTH):
            s[k] = rows[0, k]
        _shuffle_row(s, R, i, C)
        for seat in range(2):
            if codes[i, seat] == HEURISTIC:
                seed_nb(mt[seat], agent_seeds[i, seat])
        pending = -1
        while s[CURRENT] >= 0:
            seat = s[CURRENT]
            if codes[i, seat] == RANDOM:
                action = _random(s, R, i, U, pending)
            else:
                action = _heuristic(s, C, E, U, mt[seat], mtf[seat], buf)
            pending = _apply(s, action, C, E, U, max_rounds)
        for k in range(RES, RES + 6):
            out[i, k] = s[k]
        out[i, WINNER] = s[WINNER]
        out[i, LENGTH] = s[LENGTH]
        out[i, ROUND] = s[ROUND]


def _heuristic_rows(G, R, rows, out, sim: Simulator) -> None:
    """The heuristic game by game (the numpy backend; ``G`` column-major)."""
    Rf = R.view(np.float64)
    buf = _buffer()
    for i in rows:
        k = MT + int(G[CURRENT, i]) * MT_WIDTH
        out[i] = _heuristic(np.ascontiguousarray(G[:, i]), sim.C, sim.E, sim.U, R[i, k:k + MT_WIDTH],
                            Rf[i, k:k + MT_WIDTH], buf)


# -- numpy: the same rules vectorised over the games ------------------------------------------
# The numpy code works on a column-major copy ``G = S.T`` of the batch: ``G[k]`` is field k
# of every game, one contiguous array, and ``G[k][g]`` of the games ``g``; a field picked per
# game (a worker's space, the top of the stack) is read from ``F = G.reshape(-1)`` at
# ``k * n + g`` (n games). On ``S`` itself every field read was a strided gather over all
# rows, several times slower. Subsets of games are index arrays (``np.flatnonzero``), not
# boolean masks: indexing with a mask costs several times more per game.
def _columns(S: np.ndarray) -> np.ndarray:
    """``G = S.T`` as a C-contiguous array: a view when ``S`` is column-major (as `init` makes
    it for the numpy backend), else a copy."""
    return np.ascontiguousarray(S.T)


def _dealt_np(seeds, C) -> tuple[np.ndarray, np.ndarray]:
    """``(G, streams(seeds))``: the new games dealt from ``seeds`` (rule 2, the engine's
    Fisher-Yates), ``G`` column-major."""
    R = streams(seeds)
    G = np.repeat(_new_games(1).T, len(seeds), axis=1)
    F, n, g = G.reshape(-1), len(seeds), np.arange(len(seeds))
    deal = R[:, 0].copy()
    for j in range(CARDS - 1, 0, -1):
        at = (ROW + draw_np(deal, j + 1)) * n + g
        top = G[ROW + j].copy()
        G[ROW + j] = F[at]
        F[at] = top
    G[FREE] = _free_np(G[ROW], C)
    R[:, 0] = deal
    return G, R


def _free_np(resting, C) -> np.ndarray:
    """``_free_all`` for many games, given their resting cards."""
    spaces = ((1 << C[:, 0]) - 1) << (2 * np.arange(CARDS))  # per card, its space bits
    return spaces.sum() - spaces[resting]


def _uses_np(G, g, sim: Simulator) -> np.ndarray:
    """``_uses`` for the games ``g`` (bits ``a - 15``)."""
    F, n, U = G.reshape(-1), G.shape[1], sim.U
    q = F[(QUE + G[QHEAD][g]) * n + g]
    w = F[(SP + q) * n + g]
    at = (RES + 3 * (w & 1)) * n + g
    held = (F[at] << 2 * BITS) + (F[at + n] << BITS) + F[at + 2 * n]
    c = q >> SPACE_BITS
    bits = sim.V[c * ENTRY + F[(INTERN + w) * n + g] * HELD + held]
    plans = np.flatnonzero(U[FLAGS_AT + c] & 1)  # the games on a card that uses plans
    g, held = g[plans], held[plans]
    sides = sum(G[PLAN + p][g] << p for p in range(PLANS))
    bits[plans] |= U[PLANS_AT + sides * ENTRY + HELD * (G[USES][g] == 2) + held]
    return bits


def _mask_np(G, sim: Simulator) -> np.ndarray:
    """``legal_mask`` of every game in ``G``."""
    mask = np.zeros((G.shape[1], NUM_ACTIONS), np.bool_)
    phase = G[PHASE]
    free = (G[FREE][:, None] >> np.arange(REST - PLACE)) & 1 == 1
    mask[:, PLACE:REST] = (phase == PLACING)[:, None] & free
    mask[:, REST:SKIP] = (phase == RESTING)[:, None] & (G[ROW][:, None] != np.arange(CARDS))
    resolving = np.flatnonzero(phase == RESOLVING)
    if resolving.size:
        bits = _uses_np(G, resolving, sim) | 1
        mask[resolving, SKIP:] = (bits[:, None] >> np.arange(NUM_ACTIONS - SKIP)) & 1 == 1
    return mask


def _legal_bits_np(G, g, sim: Simulator, pending=None) -> tuple[np.ndarray, np.ndarray]:
    """``_legal_bits`` for the games ``g`` (``pending``: ``_uses`` per game, kept by
    ``_apply_np``, if known)."""
    phase = G[PHASE][g]
    first = np.zeros(len(g), np.int64)
    bits = G[FREE][g].astype(np.int64)
    rest = np.flatnonzero(phase == RESTING)
    first[rest] = REST
    bits[rest] = ALL_CARDS & ~(1 << G[ROW][g[rest]])
    resolving = np.flatnonzero(phase == RESOLVING)
    first[resolving] = SKIP
    g = g[resolving]
    bits[resolving] = (_uses_np(G, g, sim) if pending is None else pending[g]) | 1
    return first, bits


def _random_np(G, policy, g, sim: Simulator, pending=None) -> np.ndarray:
    """``_random`` for the games ``g``: the r-th legal id, r from the policy streams
    ``policy`` (the chunk holding the r-th set bit, then its bit from ``NTH``)."""
    first, bits = _legal_bits_np(G, g, sim, pending)
    c0, c1 = POP[bits & CHUNK_MASK], POP[(bits >> CHUNK) & CHUNK_MASK]
    state = policy[g]
    r = draw_np(state, c0 + c1 + POP[bits >> 2 * CHUNK])
    policy[g] = state
    k = (r >= c0).astype(np.int64)
    k += r >= c0 + c1
    r -= c0 * (k > 0) + c1 * (k > 1)
    return first + CHUNK * k + NTH_FLAT[((bits >> (CHUNK * k)) & CHUNK_MASK) * CHUNK + r]


def _begin_np(G, g) -> None:
    F, n = G.reshape(-1), G.shape[1]
    w = F[(SP + F[(QUE + G[QHEAD][g]) * n + g]) * n + g]
    G[USES][g] = 1 + F[(INTERN + w) * n + g]
    G[HIRING][g] = 0


def _return_np(G, g) -> np.ndarray:
    """``_return`` for the games ``g`` up to the end of the round: the games whose round
    ends are left to ``_end_round_np`` (resting for now), and returned."""
    if not g.size:  # the automatic skips call this with fewer games each time, often none
        return g
    F, n = G.reshape(-1), G.shape[1]
    head = G[QHEAD][g]
    q = F[(QUE + head) * n + g]
    at = (SP + q) * n + g
    w = F[at]
    F[at] = -1
    G[FREE][g] |= 1 << q
    height = G[SLEN][g]
    F[(STK + height) * n + g] = w
    G[SLEN][g] = height + 1
    F[(INTERN + w) * n + g] = G[HIRING][g]
    G[QHEAD][g] = head + 1
    more = head + 1 < G[QLEN][g]
    _begin_np(G, g[np.flatnonzero(more)])
    ended = g[np.flatnonzero(~more)]
    G[PHASE][ended] = RESTING
    return ended


def _end_round_np(G, g, sim: Simulator) -> None:
    """The end of the round in the games ``g`` (rules 8 and 9): rest, or the game is over."""
    G[USES][g] = 0
    G[HIRING][g] = 0
    cork = np.maximum(G[RES + CORK][g], G[RES + 3 + CORK][g])
    over = (cork >= CORK_TO_END) | (G[ROUND][g] >= sim.max_rounds)
    done = g[np.flatnonzero(over)]
    G[PHASE][done] = OVER
    # cork, then bark, then oak trees decide (compared as one number), then the top worker's owner
    blue, red = ((G[b + CORK][done] << 2 * BITS) + (G[b + BARK][done] << BITS) + G[b + TREE][done]
                 for b in (RES, RES + 3))
    G[WINNER][done] = np.where(blue == red, G[STK + WORKERS - 1][done] & 1, red > blue)


def _apply_np(G, g, actions, sim: Simulator, pending=None) -> None:
    """``_apply`` for the games ``g``, one block of actions at a time; ``pending`` (per game,
    if given) gets ``_uses`` of the games left resolving."""
    F, n = G.reshape(-1), G.shape[1]
    place = np.flatnonzero(actions < REST)
    full = g[:0]
    if place.size:
        r, a = g[place], actions[place]
        height = G[SLEN][r] - 1
        F[(SP + a) * n + r] = F[(STK + height) * n + r]
        G[FREE][r] &= ~(1 << a)
        G[SLEN][r] = height
        full = r[np.flatnonzero(height == 0)]
        G[PHASE][full] = RESOLVING
        G[QHEAD][full] = 0
        G[QLEN][full] = WORKERS
        # rule 4: the queue holds the taken spaces left to right, top to bottom; after the last
        # placement they are the spaces of the active cards no longer free
        order = G[ROW + 1:ROW + CARDS, full]  # (4, m) the active cards left to right
        taken = (_free_np(G[ROW][full], sim.C) & ~G[FREE][full]) >> (order << SPACE_BITS) & CARD_SPACES
        code = (taken << (np.arange(CARDS - 1)[:, None] << SPACE_BITS)).sum(0)  # bit 2k + sp
        j = np.arange(WORKERS)[:, None]
        at = NTH_FLAT[code * CHUNK + j]  # (4, m) queue position j is the j-th set bit of code
        cards = order.reshape(-1)[(at >> SPACE_BITS) * len(full) + np.arange(len(full))]
        F[(QUE + j) * n + full] = (cards << SPACE_BITS) + (at & (MAX_SPACES - 1))
        _begin_np(G, full)
    rest = np.flatnonzero((actions >= REST) & (actions < SKIP))
    if rest.size:
        r, c = g[rest], actions[rest] - REST
        old = G[ROW:ROW + CARDS, r]  # (5, m): c is at position k >= 1 of the old row
        k = (old == c).argmax(0)
        i = np.arange(1, CARDS - 1)[:, None]  # the other active cards close up behind
        G[ROW + 2:ROW + CARDS, r] = np.take_along_axis(old, i + (i >= k), 0)
        G[ROW + 1][r] = old[0]
        G[ROW][r] = c
        G[FREE][r] = _free_np(c, sim.C)
        G[ROUND][r] += 1
        G[PHASE][r] = PLACING
    used = np.flatnonzero(actions >= USE)
    back = g[np.flatnonzero(actions == SKIP)]
    if used.size:  # rules 5-7 and 10
        r, a = g[used], actions[used]
        effect, sign, plan, flip, spent, hire = sim.M[:, a]
        p = (PLAN + plan) * n + r
        side = F[p]
        at = (RES + 3 * G[CURRENT][r]) * n + r
        held = (F[at] << 2 * BITS) + (F[at + n] << BITS) + F[at + 2 * n]
        after = sim.T[(effect + sign * side) * HELD + held]
        F[at], F[at + n], F[at + 2 * n] = _amounts(after)
        F[p] = side ^ flip
        G[HIRING][r] |= hire
        left = np.maximum(0, G[USES][r] - spent)
        G[USES][r] = left
        back = np.concatenate([back, r[np.flatnonzero(left == 0)]])
    ended = [_return_np(G, back)]
    moved = np.concatenate([full, g[np.flatnonzero(actions >= SKIP)]])  # may be resolving
    while (idle := moved[np.flatnonzero(G[PHASE][moved] == RESOLVING)]).size:  # rule 12
        uses = _uses_np(G, idle, sim)
        if pending is not None:
            pending[idle] = uses
        idle = idle[np.flatnonzero(uses == 0)]
        ended.append(_return_np(G, idle))
        moved = idle
    if (ended := np.concatenate(ended)).size:
        _end_round_np(G, ended, sim)
    G[LENGTH][g] += 1
    _set_current_np(G, g)


def _set_current_np(G, g) -> None:
    F, n = G.reshape(-1), G.shape[1]
    phase = G[PHASE][g]
    place = phase == PLACING  # the top worker's owner; resting: the bottom one's (rule 8)
    current = F[(STK + (G[SLEN][g] - 1) * place) * n + g] & 1
    resolving = np.flatnonzero(phase == RESOLVING)
    r = g[resolving]
    current[resolving] = F[(SP + F[(QUE + G[QHEAD][r]) * n + r]) * n + r] & 1
    current[np.flatnonzero(phase == OVER)] = -1
    G[CURRENT][g] = current


def _res_np(S, rows, seat) -> np.ndarray:
    return S[rows[:, None], RES + 3 * seat[:, None] + np.arange(3)]


def _observe_np(S, seats, sim: Simulator) -> np.ndarray:
    n = len(S)
    at = np.arange(n)
    me, other = seats, 1 - seats
    out = np.zeros((n, obs.OBSERVATION_SIZE), np.float32)
    for offset, seat in ((0, me), (3, other)):
        out[:, offset:offset + 3] = _res_np(S, at, seat) / MAX_AMOUNT
    out[:, 6] = me == 0
    for i in range(CARDS):
        out[at, obs.ROW + CARDS * i + S[:, ROW + i]] = 1.0
    for c in range(CARDS):
        for sp in range(MAX_SPACES):
            w = S[:, SP + (c << SPACE_BITS) + sp]
            base = obs.SPACES + 3 * MAX_SPACES * c + 3 * sp
            out[:, base] = (w >= 0) & ((w & 1) == me)
            out[:, base + 1] = (w >= 0) & ((w & 1) == other)
            out[:, base + 2] = (w >= 0) & (S[at, INTERN + np.maximum(w, 0)] == 1)
    out[:, obs.PLANS:obs.PLANS + PLANS] = S[:, PLAN:PLAN + PLANS]
    height = S[:, SLEN]
    for i in range(WORKERS):  # stack position i from the top
        w = S[at, STK + np.maximum(height - 1 - i, 0)]
        present = i < height
        base = obs.STACK + 4 * i
        out[:, base] = present
        out[:, base + 1] = present & ((w & 1) == me)
        out[:, base + 2] = present & ((w & 1) == other)
        out[:, base + 3] = present & (S[at, INTERN + w] == 1)
    out[at, obs.PHASE + S[:, PHASE]] = 1.0
    resolving = np.flatnonzero(S[:, PHASE] == RESOLVING)
    q = S[resolving, QUE + S[resolving, QHEAD]]
    out[resolving, obs.RESOLVING + (q >> SPACE_BITS)] = 1.0
    out[resolving, obs.RESOLVING + CARDS + (q & (MAX_SPACES - 1))] = 1.0
    out[resolving, obs.RESOLVING + 7] = S[resolving, USES] / 2
    out[resolving, obs.RESOLVING + 8] = (S[resolving, SP + q] & 1) == me[resolving]
    out[:, obs.ROUND] = np.minimum(1.0, S[:, ROUND] / sim.max_rounds)
    return out
