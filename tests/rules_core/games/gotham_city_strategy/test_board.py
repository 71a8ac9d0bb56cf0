"""The map's questions (board.py): how many blocks each villain rules, where a card may put a
villain's henchmen, and where a Batman card may send him."""

from __future__ import annotations

from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy.board import (
    batman_candidates,
    henchman_targets,
    ruled_blocks,
    ruled_counts,
    villain_at,
)
from rules_core.games.gotham_city_strategy.content import Op
from rules_core.games.gotham_city_strategy.state import GcsState
from tests.rules_core.games.gotham_city_strategy.table import PACK, ready, with_player


def open_blocks(state: GcsState) -> list[int]:
    """Blocks with neither Batman nor a villain on them."""
    return [b for b in range(12) if b != state.batman_at and villain_at(state, b) == -1]


def test_a_villain_ruling_two_blocks_counts_two() -> None:
    state = ready(["joker", "penguin"])
    first, second = open_blocks(state)[:2]
    threats = [0] * 12
    threats[first] = threats[second] = 1
    state = with_player(state, 0, threats=tuple(threats))
    state = with_player(state, 1, threats=(0,) * 12, henchmen=(0,) * 12)
    assert {first, second} <= set(ruled_blocks(state, 0))
    assert ruled_counts(state)[0] == len(ruled_blocks(state, 0)) >= 2


def test_henchmen_go_where_no_enemy_stands_and_in_the_district_asked() -> None:
    state = ready(["joker", "penguin"])
    own, enemy = open_blocks(state)[:2]
    mine, theirs = [0] * 12, [0] * 12
    mine[own], theirs[enemy] = 1, 1
    state = with_player(state, 0, henchmen=tuple(mine))
    state = with_player(state, 1, henchmen=tuple(theirs))
    targets = henchman_targets(state, 0)
    assert own in targets  # its own figures are no bar
    assert enemy not in targets and state.batman_at not in targets
    assert state.players[1].villain_at not in targets
    district = PACK.blocks[own].district
    there = henchman_targets(state, 0, district)
    assert own in there and there == [b for b in targets if PACK.blocks[b].district == district]


def test_a_batman_card_naming_only_his_own_block_sends_him_nowhere() -> None:
    """Of the blocks a card names he goes to one with the most threats, never his own: naming
    only his own leaves none (and no error)."""
    table = ready(["joker", "penguin"])
    state = updated(table, batman_at=open_blocks(table)[0])
    here = PACK.blocks[state.batman_at].id
    assert batman_candidates(state, Op("send_batman", blocks=(here,), target="most_threats")) == []
    elsewhere = open_blocks(state)[:2]
    threats = [0] * 12
    threats[elsewhere[1]] = 2
    state = with_player(state, 0, threats=tuple(threats))
    named = tuple(PACK.blocks[b].id for b in (state.batman_at, *elsewhere))
    op = Op("send_batman", blocks=named, target="most_threats")
    assert batman_candidates(state, op) == [elsewhere[1]]
