"""Every City Strategy test plays through a move book built for it.

`MOVES` is built once at import; what `move_book()` declares (each move's parameters, step or
decision, offers, check and act) would otherwise never run inside a test, so a slip in a
declaration could pass the whole suite (see test_move_book.py)."""

from __future__ import annotations

import pytest

from rules_core.games.gotham_city_strategy import GAME
from rules_core.games.gotham_city_strategy.moves import move_book


@pytest.fixture(autouse=True)
def _fresh_move_book(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GAME, "moves", move_book())
