"""What each seat is shown and what the game declares hidden (view.py), checked by value: the
declarations drive the privacy checks and the bots' determinization, so a card declared with the
wrong back, kind or holders, or not declared at all, is a leak or a wrong belief waiting."""

from __future__ import annotations

import random
from typing import Any

from rules_core.engine import fold
from rules_core.engine.updating import updated
from rules_core.engine.visibility import Path
from rules_core.games.gotham_city_strategy import GAME
from rules_core.games.gotham_city_strategy.language import ICON_BRINGS
from rules_core.games.gotham_city_strategy.state import GcsState
from rules_core.games.gotham_city_strategy.turn_events import LevelAdvanced
from rules_core.games.gotham_city_strategy.view import card_json, secrets
from tests.rules_core.games.gotham_city_strategy.table import PACK, at_step, ready, with_player
from tests.rules_core.json_shapes import objs


def test_every_card_and_screen_total_out_of_sight_is_declared_with_its_back_and_holder() -> None:
    state = ready(["joker", "penguin"])
    hidden_card = state.deck[-1]
    state = with_player(state, 1, face_down=hidden_card, money=4, information=2)
    nobody: frozenset[int] = frozenset()
    expected: set[tuple[Path, str | int, str, frozenset[int], str]] = {
        (("deck", i), c, "deck", nobody, "plot") for i, c in enumerate(state.deck)
    }
    expected |= {
        (("batman_deck", i), c, "deck", nobody, "batman") for i, c in enumerate(state.batman_deck)
    }
    for seat, player in enumerate(state.players):
        holder = frozenset({seat})
        where = ("players", seat)
        expected |= {
            ((*where, "hand", i), c, "hand", holder, "plot") for i, c in enumerate(player.hand)
        }
        expected.add(((*where, "money"), player.money, "screen", holder, ""))
        expected.add(((*where, "information"), player.information, "screen", holder, ""))
    expected.add((("players", 1, "face_down"), hidden_card, "face_down", frozenset({1}), "plot"))
    declared = {(s.path, s.value, s.kind, s.seen_by, s.back) for s in secrets(state)}
    assert state.deck and state.batman_deck and state.players[0].hand
    assert declared == expected


def test_the_holder_sees_a_face_down_card_and_the_others_only_that_one_lies_there() -> None:
    """Whether a card lies face down reads the same in every view (a seat's own, another's, a
    spectator's); which card it is, only in its holder's view and once the game is over."""
    state = ready(["joker", "penguin"])
    card = state.deck[-1]
    state = with_player(state, 1, face_down=card)
    views = {seat: objs(GAME.view(state, seat)["players"]) for seat in (0, 1, None)}
    revealed = objs(GAME.view(state, 0, reveal=True)["players"])
    for players in (*views.values(), revealed):
        assert [p["face_down"] for p in players] == [False, True]
    assert [p["face_down_card"] for p in views[1]] == [None, card_json(PACK, card)]
    assert [p["face_down_card"] for p in views[0]] == [None, None]
    assert [p["face_down_card"] for p in views[None]] == [None, None]
    assert revealed[1]["face_down_card"] == card_json(PACK, card)


def test_without_the_variant_no_view_shows_a_face_down_card() -> None:
    """Without the variant no card is ever put face down: false and null in every view."""
    state = ready(["joker", "penguin"])
    assert not state.variant
    for seat in (0, 1, None):
        players = objs(GAME.view(state, seat)["players"])
        assert [(p["face_down"], p["face_down_card"]) for p in players] == [(False, None)] * 2


def test_a_game_not_yet_set_up_shows_only_its_phase() -> None:
    state = GAME.initial_state()
    assert GAME.view(state, None) == {"phase": state.phase}


def _next_level(state: GcsState, seat: int | None) -> Any:
    """The Joker's (seat 0's) `next_level_needs` as `seat` is shown it."""
    players: Any = GAME.view(state, seat)["players"]
    return players[0]["next_level_needs"]


def test_the_next_level_a_dial_asks_for_is_told_in_words_beside_the_kept_key() -> None:
    """`next_level_needs` is the dial's entry at the villain's current level (its `level` is
    that one, its `needs` and `amount` what the next asks): the key stays as clients read it,
    and its `text` says what it holds, to every seat alike (the dials are printed)."""
    state = ready(["joker", "penguin"])
    assert _next_level(with_player(state, 0, level=4), 1) == {
        "level": 4,
        "needs": "information",
        "amount": 6,
        "ability": False,  # the Joker's level 5 shows no icon (his level 4 does)
        "text": "Level 5 asks for 6 information",
    }
    assert _next_level(with_player(state, 0, level=3), None)["text"] == (
        "Level 4 asks for 3 ruled blocks; reaching it shows an ability icon: you then pick one "
        "of your ability cards to keep"
    )
    assert _next_level(with_player(state, 0, level=9), 0)["text"].endswith(
        "; reaching it wins the game"
    )
    assert _next_level(with_player(state, 0, level=10), 0) is None


def test_the_next_levels_ability_flag_names_the_icon_its_text_tells_and_reaching_it_gives() -> None:
    """turn.level.ability: a dial's icon at a level lets the villain who reaches it pick an
    ability card (the Penguin's at level 2, the book's example). `next_level_needs.ability`
    said whether the villain's *current* level had one, so at the Joker's level 4 it read True
    beside "Level 5 asks for 6 information" and no icon; it now tells of the next level, as
    its text does and as advancing there makes an ability due."""
    for villain in PACK.villains:
        state = ready([villain.id, "joker" if villain.id != "joker" else "penguin"])
        for level in range(1, len(villain.dial) + 1):
            here = with_player(state, 0, level=level)
            shown = _next_level(here, 0)
            reached = GAME.evolve(here, LevelAdvanced(seat=0, level=level + 1))
            assert shown["ability"] == reached.ability_due, (villain.id, level)
            assert shown["ability"] == shown["text"].endswith(ICON_BRINGS), (villain.id, level)
    penguin = with_player(ready(["penguin", "joker"]), 0, level=1)
    assert _next_level(penguin, 0)["ability"] is True


def test_where_the_game_stands_is_told_in_the_games_words() -> None:
    """The view's `step` read the flow's internal name for it ("setup", "levels", "resolve",
    "" once over); no client reads it, so it says where the game stands, naming whose turn it
    is and the card being carried out."""
    options: dict[str, Any] = {"villains": ["joker", "penguin"]}
    set_up = fold(GAME, GAME.setup(2, options, random.Random(1)))
    assert GAME.view(set_up, None)["step"] == (
        "the set-up: each villain places its starting threats"
    )
    variant = fold(GAME, GAME.setup(2, {**options, "variant": True}, random.Random(1)))
    assert GAME.view(variant, 1)["step"] == (
        "the set-up: each villain places its starting threats, then puts a card face down for "
        "the next turn"
    )
    state = ready(["joker", "penguin"])
    told = {
        step: GAME.view(at_step(state, step), 1)["step"] for step in ("levels", "actions", "moving")
    }
    assert told == {
        "levels": "The Joker's turn: advance levels and play a card",
        "actions": "The Joker's turn: recruit, move or end the turn",
        "moving": "The Joker's turn: move figures",
    }
    resolving = at_step(state, "resolve", played="plot-01")
    assert GAME.view(resolving, None)["step"] == "The Joker's turn: carry out “Armored Car Heist”"
    penguins = updated(state, flow=updated(state.flow, current=1))
    assert GAME.view(penguins, 0)["step"] == "The Penguin's turn: advance levels and play a card"
    over = updated(state, flow=updated(state.flow, phase="over", step=""))
    assert GAME.view(over, None)["step"] == "the game is over"
