"""Chronicles in words: figures by their tile's name (numbered only among several alike) and
the reasons for yellow dice as the book puts them."""

from __future__ import annotations

import random
from collections import Counter

from rules_core.engine import fold
from rules_core.games.gotham_city_chronicles.events import (
    CharacterWounded,
    DiceRerolled,
    TerrainDiceRolled,
    TerrainRolled,
)
from rules_core.games.gotham_city_chronicles.language import name
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.state import GccState


def _set_up() -> GccState:
    state: GccState = fold(GAME, GAME.setup(3, {}, random.Random(1)))
    return state


def test_a_character_is_numbered_only_among_miniatures_of_the_same_tile() -> None:
    state = _set_up()
    per_tile = Counter(c.tile for c in state.characters)
    alone = next(c for c in state.characters if per_tile[c.tile] == 1)
    several = [c for c in state.characters if per_tile[c.tile] > 1]
    assert state.pack is not None
    tile_name = state.pack.tile(alone.tile).name
    assert name(state, alone.id) == tile_name
    numbered = {name(state, c.id) for c in several}
    assert len(numbered) == len(several) and all(" #" in n for n in numbered)


def test_yellow_dice_are_rolled_for_a_fall_dangerous_terrain_or_an_explosion() -> None:
    state = _set_up()
    figure = state.characters[0].id
    told = [
        GAME.narrate(
            state,
            TerrainRolled(seat=None, figure=figure, reason=reason, dice=(), faces=(), wounds=0),
            None,
            False,
        )
        for reason in ("fall", "dangerous", "explosion")
    ]
    assert [t.split(" for ")[1].split(":")[0] for t in told] == [
        "the fall",
        "dangerous terrain",
        "the explosion",
    ]


def test_counts_are_told_in_the_singular_or_the_plural() -> None:
    state = _set_up()
    figure = state.characters[0].id
    told = [
        GAME.narrate(state, CharacterWounded(seat=None, character=figure, wounds=n), None, False)
        for n in (1, 2)
    ]
    assert told[0].endswith(" suffers 1 wound.") and told[1].endswith(" suffers 2 wounds.")
    assert all("(s)" not in text for text in told)


def test_dice_rolled_and_rerolled_are_counted_in_the_singular_and_the_plural() -> None:
    state = _set_up()
    one = TerrainDiceRolled(seat=1, figure="batman", reason="fall", dice=("yellow",), faces=(0,))
    two = TerrainDiceRolled(
        seat=1, figure="batman", reason="fall", dice=("yellow", "yellow"), faces=(0, 1)
    )
    assert GAME.narrate(state, one, None, False) == (
        "Batman rolls 1 yellow die for the fall, and may reroll it."
    )
    assert GAME.narrate(state, two, None, False) == (
        "Batman rolls 2 yellow dice for the fall, and may reroll them."
    )
    rerolled = DiceRerolled(seat=1, figure="batman", dice=(0,), faces=(1,), cubes=1)
    assert GAME.narrate(state, rerolled, None, False) == "Batman rerolls 1 die for 1 cube."
