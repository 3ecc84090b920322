"""One package per game: rules, data files, observation encoding, heuristic bot, notes.

``mezquita.games()`` lists the registered games (see `mezquita.engine.registry.games`). As
importing a game binds this package to the name ``mezquita.games``, the package itself is
made callable so that both spellings keep working.
"""

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self):
        from mezquita.engine.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
