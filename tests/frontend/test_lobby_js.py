"""The lobby's "Your games" (frontend/static/frontend/lobby.js and your_games.js) under node,
with the server's answers stood in for (panels/lobby_games.js)."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from tests.frontend.node_script import node_json

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def your_games(
    entries: list[dict[str, Any]], finished: list[int], unanswered: tuple[int, ...] = ()
) -> dict[str, Any]:
    given = {"entries": entries, "finished": finished, "unanswered": list(unanswered)}
    shown: dict[str, Any] = node_json("lobby_games.js", given)
    return shown


def kept(game: int, status: str) -> dict[str, Any]:
    return {
        "id": game,
        "seat": 0,
        "title": f"Gotham Race #{game}",
        "name": "Ann",
        "token": "t",
        "status": status,
    }


def test_kept_games_are_asked_about_a_few_at_a_time_and_kept_in_the_lobbys_order() -> None:
    """The lobby asked about each kept game in play one after another (up to 50 requests in
    turn): now four at a time, a game kept finished not at all, and the answers (arriving in
    another order) kept in the list's order."""
    entries = [kept(game, "finished" if game % 5 == 0 else "active") for game in range(1, 21)]
    shown = your_games(entries, finished=[3, 4, 12, 17])
    in_play = [game for game in range(1, 21) if game % 5]
    assert sorted(shown["asked"]) == in_play
    assert shown["most_at_once"] == 4
    finished = {3, 4, 12, 17} | {game for game in range(1, 21) if game % 5 == 0}
    assert shown["kept"] == [
        [game, "finished" if game in finished else "active"] for game in range(1, 21)
    ]
    assert [line.split(": ")[0] for line in shown["drawn"]] == [
        f"Gotham Race #{game}" for game in range(1, 21)
    ]
    assert "Gotham Race #3: Ann (finished) " in shown["drawn"][2]


def test_a_game_the_server_never_answers_about_keeps_its_status_and_holds_up_no_other() -> None:
    """Four reads at a time: four that were never answered held the lobby's other games up for
    good. Now each is given up (GothamDom.gameApi), its game kept as it was, and the rest asked."""
    entries = [kept(game, "active") for game in range(1, 9)]
    shown = your_games(entries, finished=[5, 6, 7, 8, 1], unanswered=(1, 2, 3, 4))
    assert sorted(shown["asked"]) == list(range(1, 9))
    assert shown["kept"] == [[g, "finished" if g >= 5 else "active"] for g in range(1, 9)]
