"""The play page's move list (frontend/static/frontend/moves.js) under node, built from a
legal-moves answer as the API gives it (panels/move_list.js): long lists grouped by kind."""

from __future__ import annotations

import random
import shutil
from typing import Any

import pytest

from rules_core.engine import fold, get_game
from tests.frontend.node_script import node_json

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def move_list(moves: list[dict[str, Any]], *folded: str) -> list[list[str]]:
    """The list's elements in order, each as [tag, its own text]."""
    drawn: list[list[str]] = node_json("move_list.js", {"moves": moves}, *folded)
    return drawn


def falcones_first_moves() -> list[dict[str, Any]]:
    """Falcone's opening movement phase, as the legal-moves answer gives it: 29 moves."""
    game = get_game("no-mans-land")
    state = fold(game, game.setup(2, {}, random.Random(1)))
    return [
        {"move": m.to_json(), "label": game.describe_move(state, 0, m)}
        for m in game.legal_moves(state, 0)
    ]


def test_a_long_list_is_grouped_by_kind_of_move_in_the_games_words() -> None:
    """No Man's Land offered Falcone 29 buttons in one flat list: each kind of move is now a
    group headed by the word its buttons begin with, every move kept in the server's order."""
    moves = falcones_first_moves()
    assert len(moves) == 29
    drawn = move_list(moves)
    groups = [(tag, text) for tag, text in drawn if tag in ("summary", "details")]
    assert groups == [
        ("details", ""),
        ("summary", "Recruit: 4 moves"),
        ("details", ""),
        ("summary", "Play: 24 moves"),
    ]
    assert drawn[-1] == ["button", "End the movement phase"]  # a kind of one move: its button
    assert [text for tag, text in drawn if tag == "button"] == [m["label"] for m in moves]


def test_a_folded_kind_stays_folded_and_keeps_its_moves() -> None:
    drawn = move_list(falcones_first_moves(), "crime")
    assert ["summary", "Recruit: 4 moves"] in drawn
    assert ["summary (folded)", "Play: 24 moves"] in drawn
    assert sum(tag == "button" for tag, _ in drawn) == 29


def test_a_short_list_or_one_of_a_single_kind_stays_flat() -> None:
    short = [{"move": {"type": "draw", "deck": d}, "label": f"Draw from deck {d}"} for d in (1, 2)]
    short.append({"move": {"type": "end"}, "label": "End the turn"})
    assert [tag for tag, _ in move_list(short)] == ["button"] * 3
    one_kind = [{"move": {"type": "go", "to": n}, "label": f"Go to {n}"} for n in range(12)]
    assert [tag for tag, _ in move_list(one_kind)] == ["button"] * 12


def test_a_kind_whose_buttons_begin_differently_is_headed_by_each_word() -> None:
    """A character's actions (Chronicles) read "Arm the Bomb", "Search the crate": no one word."""
    actions = [
        {"move": {"type": "action", "n": n}, "label": label}
        for n, label in enumerate(["Arm the Bomb", "Search the crate", "Open the door"] * 3)
    ]
    ends = [{"move": {"type": "end", "n": n}, "label": f"End {n}"} for n in range(2)]
    drawn = move_list(actions + ends)
    assert ["summary", "Arm, Search or Open: 9 moves"] in drawn
    assert ["summary", "End: 2 moves"] in drawn


def offered(moves: list[dict[str, Any]], move: dict[str, Any]) -> bool:
    """Whether the play page finds `move` among `moves` (sent again after a conflict if so)."""
    found: bool = node_json("move_offered.js", {"moves": moves, "move": move})
    return found


def test_a_move_is_sent_again_only_if_exactly_it_is_still_offered() -> None:
    """After a 409 the page sends the clicked move again only when the same JSON is offered at
    the new version: keys in another order are the same move, another value or kind is not."""
    moves = falcones_first_moves()
    played = moves[3]["move"]
    assert offered(moves, dict(reversed(list(played.items()))))
    assert not offered(moves[:3] + moves[4:], played)
    recruit = {"type": "recruit", "card": 1}
    listed = [{"move": {"card": 1, "type": "recruit"}, "label": "Recruit"}]
    assert offered(listed, recruit)
    assert not offered(listed, {**recruit, "card": True})
    assert not offered(listed, {**recruit, "card": "1"})
    assert not offered(listed, {**recruit, "extra": None})
