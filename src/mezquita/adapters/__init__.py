"""Research adapters: PettingZoo AEC, OpenSpiel and Gymnasium views of every Mezquita game.

Each adapter is its own module behind an optional extra (``pip install mezquita[rl]`` for
PettingZoo and Gymnasium, ``mezquita[openspiel]`` for OpenSpiel) and the core never imports
them. They are generic over the registry: a new game is covered as soon as it implements
``observation_size`` and ``encode_view``.

- `mezquita.adapters.pettingzoo`: ``env("cordoba", hand=3)``, an AEC environment.
- `mezquita.adapters.openspiel`: import it, then ``pyspiel.load_game("mezquita_cordoba")``.
- `mezquita.adapters.gymnasium`: ``gymnasium.make("mezquita/cordoba-v0")`` against bots.
"""
