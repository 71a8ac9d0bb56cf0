"""The registry of games by slug; each game package registers itself on import."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from rules_core.engine.spec import GameSpec

_GAMES: dict[str, GameSpec[Any]] = {}


def register(spec: GameSpec[Any]) -> GameSpec[Any]:
    """Add a game under its slug; registering a second game with the same slug is an error."""
    existing = _GAMES.get(spec.slug)
    if existing is not None and existing is not spec:
        raise ValueError(f"game {spec.slug!r} is already registered")
    _GAMES[spec.slug] = spec
    return spec


def discover(package: str) -> None:
    """Import every sub-package of `package` (each game package registers itself)."""
    module = importlib.import_module(package)
    for found in pkgutil.iter_modules(module.__path__):
        if found.ispkg:
            importlib.import_module(f"{package}.{found.name}")


def _load_games() -> None:
    import rules_core.games  # noqa: F401  (imports every game package, which registers it)


def get_game(slug: str) -> GameSpec[Any]:
    """The game registered under `slug`; KeyError when there is none."""
    _load_games()
    return _GAMES[slug]


def all_games() -> list[GameSpec[Any]]:
    """Every registered game, by slug."""
    _load_games()
    return [_GAMES[slug] for slug in sorted(_GAMES)]
