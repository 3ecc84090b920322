"""Single-observer information-set MCTS (SO-ISMCTS; Cowling, Powley and Whitehouse, "Information
Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012).

The tree is built over the deciding seat's information set: every iteration draws a new
determinisation with ``turn.sample(rng)`` (hidden cards redealt consistently with the seat's
view, future chance reseeded), then descends the shared tree restricted to the actions that
world allows, choosing among them by UCB1 with availability counts, expands one node, plays
out (with the game's rollout policy if it has one) and backs the returns up, each node
from the side of the seat that moved into it. When the game has a ``belief`` (a model of
how players make their hidden choices, e.g. who drafted which character), the worlds are a
Metropolis-Hastings chain instead: each fresh determinisation is a proposal, accepted with
probability min(1, its likelihood over the current world's), and a rejected one repeats the
current world with fresh future chance. Opponents' moves are nodes of the same tree
(single observer), so the bot models them as seeing what it sees. The bot gets only the
`Turn`: its view, legal ids and the sampler.

``omcts-N`` is the same search with an *opponent model*: inside the tree the other seats
play the game's ``rollout_policy`` on the determinised world (in Citadels the heuristic's own
rules, which read only that seat's part of the world and the public facts), so the tree holds
only the deciding seat's decisions and every iteration meets plausible replies. Against
players who move as the model says this is much stronger; against others the model can
mislead, as a belief can (in Citadels, `omcts-100` beat three heuristic bots but lost to
three plain ``ismcts-200``; docs/levels-history.md).

``vismcts-N`` is the same search as ``ismcts-N`` with a better *leaf value*: a playout cut
before the end ranks the seats by the game's ``cut_scores`` (in Citadels the score plus half
a point per gold and per card in hand, what the next rounds are built from; a quarter above
5 players) instead of the score alone. A Citadels playout of 20 actions is less than a round
at 4 players, so the score alone misses most of what the playout did.
"""

from __future__ import annotations

from mezquita.engine import Game

from .base import Agent, Turn
from .mcts import MCTS, Budget, reseeded
from .registry import UnknownAgent, agent_family


class ISMCTS(MCTS):
    """SO-ISMCTS with one determinisation per iteration, weighted by the game's belief when
    it has one (see the module docstring)."""

    name = "ismcts"

    def _worlds(self, turn: Turn):
        rng = self.rng
        if self.game.belief is None:
            while True:
                yield turn.sample(rng)
        # Metropolis-Hastings over determinisations: the uniform sampler proposes, the
        # game's model of play weighs; a rejected proposal repeats the current world.
        current = turn.sample(rng)
        likelihood = self.game.belief(current, turn.seat)
        weight = likelihood(current)
        while True:
            yield reseeded(current, rng)
            proposal = turn.sample(rng)
            proposed = likelihood(proposal)
            if proposed >= weight or rng.random() * weight < proposed:
                current, weight = proposal, proposed


@agent_family("ismcts")
def _ismcts(game: Game, seed: int, level: int | float | None) -> Agent:
    return ISMCTS(game, seed, Budget.of(level))


@agent_family("omcts")
def _omcts(game: Game, seed: int, level: int | float | None) -> Agent:
    if game.rollout_policy is None:
        raise UnknownAgent(f"omcts models opponents by the game's rollout policy; {game.info.id} has none")
    return ISMCTS(game, seed, Budget.of(level), model_opponents=True)


@agent_family("vismcts")
def _vismcts(game: Game, seed: int, level: int | float | None) -> Agent:
    if game.cut_scores is None:
        raise UnknownAgent(f"vismcts scores cut playouts by the game's cut_scores; {game.info.id} has none")
    return ISMCTS(game, seed, Budget.of(level), cut_scores=True)
