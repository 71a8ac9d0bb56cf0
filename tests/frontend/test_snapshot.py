"""The play page reads the seat's view, the game's details and the legal moves in three answers
(frontend/static/frontend/snapshot.js, run under node by panels/snapshot_read.js with the answers
stood in): a move landing between two reads made the status say "Waiting for Gordon (medium
bot)" over the next turn's moves. Only answers read at one version are drawn together."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from tests.frontend.node_script import node_json

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")

BOTS_TURN = {"version": 7, "to_act": [1], "seat": 0, "state": {}}
YOUR_TURN = {"version": 9, "to_act": [0], "seat": 0, "state": {}}
NEXT_MOVES = {"version": 9, "seat": 0, "moves": [{"move": {"type": "end"}, "label": "End"}]}


def game(version: int, status: str = "active") -> dict[str, Any]:
    return {"version": version, "status": status, "seats": []}


def read(**answers: list[dict[str, Any]]) -> dict[str, Any]:
    snapshot: dict[str, Any] = node_json("snapshot_read.js", answers)
    return snapshot


def test_a_view_older_than_the_moves_is_read_again() -> None:
    """The bot moved between the reads: the view at 7 ("Waiting for Gordon") is read again and
    drawn at 9 with the moves of 9."""
    snapshot = read(state=[BOTS_TURN, YOUR_TURN], game=[game(7), game(9)], legal=[NEXT_MOVES])
    assert snapshot["settled"] and snapshot["agree"]
    assert snapshot["state"]["to_act"] == [0]
    assert snapshot["legal"] == NEXT_MOVES
    assert snapshot["reads"] == {"state": 2, "game": 2, "legal": 1}


def test_moves_older_than_the_view_are_read_again() -> None:
    old_moves = {**NEXT_MOVES, "version": 7, "moves": []}
    snapshot = read(state=[YOUR_TURN], game=[game(9)], legal=[old_moves, NEXT_MOVES])
    assert snapshot["settled"] and snapshot["legal"] == NEXT_MOVES
    assert snapshot["reads"] == {"state": 1, "game": 1, "legal": 2}


def test_answers_of_one_version_are_read_once() -> None:
    snapshot = read(state=[YOUR_TURN], game=[game(9)], legal=[NEXT_MOVES])
    assert snapshot["settled"] and snapshot["agree"]
    assert snapshot["reads"] == {"state": 1, "game": 1, "legal": 1}


def test_a_game_moving_on_under_every_read_is_read_again_a_few_times_then_withholds_its_moves() -> (
    None
):
    """Bots playing on faster than the page reads: three reads again at most, then the newest
    view is drawn and the moves (of another version) are not."""
    states = [{**BOTS_TURN, "version": v} for v in (1, 3, 5, 7)]
    moves = [{**NEXT_MOVES, "version": v} for v in (2, 4, 6, 8)]
    games = [game(v) for v in (1, 3, 5, 7)]
    snapshot = read(state=states, game=games, legal=moves)
    assert not snapshot["settled"] and not snapshot["agree"]
    reads = snapshot["reads"]
    assert all(1 <= n <= 4 for n in reads.values()) and sum(reads.values()) > 3
    assert snapshot["state"] == states[reads["state"] - 1]  # the newest view read


def test_a_game_that_finished_meanwhile_has_no_moves_to_pair() -> None:
    finished = {**YOUR_TURN, "to_act": []}
    snapshot = read(
        state=[BOTS_TURN, finished], game=[game(7), game(9, "finished")], legal=[NEXT_MOVES]
    )
    assert snapshot["settled"] and snapshot["agree"]
    assert snapshot["legal"] is None


def test_a_refusal_without_a_version_is_not_waited_for() -> None:
    refused = {"error": "foreign_token", "message": "Not this game's seat."}
    snapshot = read(state=[refused], game=[game(9)], legal=[refused])
    assert snapshot["settled"] and snapshot["agree"]
    assert snapshot["reads"] == {"state": 1, "game": 1, "legal": 1}
