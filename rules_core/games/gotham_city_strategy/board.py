"""Pure questions about the map: who rules a block, where threats and henchmen may go, abilities."""

from __future__ import annotations

from rules_core.engine import flow
from rules_core.games.gotham_city_strategy.content import BatmanLevel, Op
from rules_core.games.gotham_city_strategy.state import (
    BLOCKS,
    HENCHMEN_LIMIT,
    THREATS_PER_BLOCK,
    GcsState,
)


def ability_ops(state: GcsState, seat: int, op: str) -> list[Op]:
    """The chosen abilities of `seat` with effect `op`."""
    assert state.pack is not None
    found = []
    for card_id in state.players[seat].abilities:
        effect = state.pack.card(card_id).effect[0]
        if effect.op == op:
            found.append(effect)
    return found


def ability_total(state: GcsState, seat: int, op: str) -> int:
    return sum(e.amount for e in ability_ops(state, seat, op))


def villain_at(state: GcsState, block: int) -> int:
    """The seat whose villain stands on `block`, or -1."""
    for seat, player in enumerate(state.players):
        if player.villain_at == block:
            return seat
    return -1


def rulers(state: GcsState, block: int) -> frozenset[int]:
    """Who rules a block (glossary 'Ruling' and the two-player rule)."""
    if state.batman_at == block:
        return frozenset()
    best, leaders, villain = 0, [], -1
    for seat, p in enumerate(state.players):
        if p.villain_at == block and villain < 0:
            villain = seat
        strength = p.threats[block] + p.henchmen[block]
        if strength > best:
            best, leaders = strength, [seat]
        elif strength == best and best:
            leaders.append(seat)
    if not best:
        return frozenset()  # nobody's figures: even a villain alone rules nothing
    if villain >= 0:
        return frozenset({villain})
    if len(state.players) == 2 and len(leaders) > 1:
        return frozenset()
    return frozenset(leaders)


def enemy_henchmen_blocks(state: GcsState, seat: int, district: str = "") -> tuple[int, ...]:
    """The blocks (of `district`, if named) holding another villain's henchmen."""
    assert state.pack is not None
    return tuple(
        b
        for b, block in enumerate(state.pack.blocks)
        if (not district or block.district == district)
        and any(p.henchmen[b] for s, p in enumerate(state.players) if s != seat)
    )


def ruled_blocks(state: GcsState, seat: int, district: str = "") -> list[int]:
    assert state.pack is not None
    blocks = state.pack.blocks
    return [
        b
        for b in range(BLOCKS)
        if (not district or blocks[b].district == district) and seat in rulers(state, b)
    ]


def ruled_counts(state: GcsState) -> list[int]:
    """How many blocks each seat rules."""
    counts = [0] * len(state.players)
    for block in range(BLOCKS):
        for seat in rulers(state, block):
            counts[seat] += 1
    return counts


def threat_room(state: GcsState, seat: int, block: int) -> int:
    """How many more of `seat`'s threats the block may take."""
    limit = THREATS_PER_BLOCK + ability_total(state, seat, "threat_limit")
    return limit - state.players[seat].threats[block]


def threat_targets(
    state: GcsState,
    seat: int,
    district: str = "",
    exclude: tuple[int, ...] = (),
    batmans_block: bool = False,
) -> list[int]:
    """Blocks where `seat` may place a threat now (Batman's block only where a card says so:
    turn.plot.batman-blocks)."""
    assert state.pack is not None
    return [
        b
        for b in range(BLOCKS)
        if (batmans_block or b != state.batman_at)
        and b not in exclude
        and (not district or state.pack.blocks[b].district == district)
        and threat_room(state, seat, b) > 0
    ]


def henchmen_limit(state: GcsState, seat: int) -> int:
    return HENCHMEN_LIMIT + ability_total(state, seat, "henchmen_limit")


def enemy_figures(state: GcsState, seat: int, block: int) -> bool:
    """Whether another player's villain or henchmen stand on `block`."""
    return any(
        other != seat and (p.villain_at == block or p.henchmen[block])
        for other, p in enumerate(state.players)
    )


def henchman_targets(
    state: GcsState, seat: int, district: str = "", batmans_block: bool = False
) -> list[int]:
    """Blocks where a card may put `seat`'s henchmen: no enemy figure there, and no Batman but
    where the card says so (turn.plot.batman-blocks)."""
    assert state.pack is not None
    return [
        b
        for b in range(BLOCKS)
        if (batmans_block or b != state.batman_at)
        and (not district or state.pack.blocks[b].district == district)
        and not enemy_figures(state, seat, b)
    ]


def left_of(state: GcsState, seat: int) -> int:
    return flow.left_of(len(state.players), seat)


def clockwise_others(state: GcsState, seat: int) -> tuple[int, ...]:
    """The other seats in clockwise order, starting with the player on the left."""
    return flow.others_clockwise(len(state.players), seat)


def batman_dial(state: GcsState) -> BatmanLevel:
    """Batman's order and fight values at his current level."""
    assert state.pack is not None
    return state.pack.batman[state.batman_level - 1]


def batman_candidates(state: GcsState, op: Op) -> list[int]:
    """The blocks a Batman card may send him to (never the one he is on)."""
    assert state.pack is not None
    if op.blocks:
        blocks = [state.pack.block_index(b) for b in op.blocks]
    elif op.district:
        blocks = [b for b in range(BLOCKS) if state.pack.blocks[b].district == op.district]
    else:
        blocks = list(range(BLOCKS))
    if op.target == "most_threats":
        totals = {
            b: sum(p.threats[b] for p in state.players) for b in blocks if b != state.batman_at
        }
        most = max(totals.values(), default=0)
        blocks = [b for b, t in totals.items() if t == most]
    return [b for b in blocks if b != state.batman_at]
