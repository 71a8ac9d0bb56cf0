"""Game packages; importing this package imports (and so registers) every one of them.

A game is found, not listed: each sub-package here registers its GameSpec when imported. More
packages of games (a deployment's own, the tests' tiny game) are named in the
GOTHAM_GAME_PACKAGES setting and found the same way.
"""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    if _module.ispkg:
        importlib.import_module(f"{__name__}.{_module.name}")
