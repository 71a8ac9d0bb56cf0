"""Moving your figures (turn.move): where the villain and henchmen may go while a player plans
the move, and when the plan may be carried out.

The book counts every henchman moved into a block together: two from the hideout and one from
Union Station may enter a block held by two enemy henchmen. So a step of the plan is allowed
while the henchmen (and the villain) not yet moved can still make every block entered outnumber
its enemy henchmen, and the move is finished only once each one does (or the villain goes there
too, when the enemy henchmen flee from him)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from rules_core.engine.types import Move
from rules_core.games.gotham_city_strategy import board
from rules_core.games.gotham_city_strategy.state import BLOCKS, HIDEOUT, GcsState, Plan

PLACES = (HIDEOUT, *range(BLOCKS))


def enemy_henchmen(state: GcsState, seat: int, block: int) -> int:
    return sum(p.henchmen[block] for s, p in enumerate(state.players) if s != seat)


def unmoved(state: GcsState, seat: int, plan: Plan, place: int) -> int:
    """How many of `seat`'s henchmen at `place` the plan has not moved yet."""
    player = state.players[seat]
    here = player.hideout_henchmen if place == HIDEOUT else player.henchmen[place]
    return here - sum(n for source, _, n in plan.henchmen if source == place)


def shortfalls(state: GcsState, seat: int, plan: Plan) -> dict[int, int]:
    """Blocks the plan sends henchmen into without outnumbering the enemy henchmen there, with
    how many more must come (a block the villain goes to is not counted: they flee him)."""
    arriving: dict[int, int] = {}
    for _, target, count in plan.henchmen:
        if target != HIDEOUT and target != plan.villain_to:
            arriving[target] = arriving.get(target, 0) + count
    short = {}
    for block, count in arriving.items():
        enemies = enemy_henchmen(state, seat, block)
        if enemies and count <= enemies:
            short[block] = enemies - count + 1
    return short


def completable(state: GcsState, seat: int, plan: Plan) -> bool:
    """Whether the figures not yet moved can still make up every shortfall of the plan.

    Any unmoved henchman may go to any block but its own, so (Hall's condition) the shortfalls
    can be met when their sum is at most the unmoved henchmen, and each one alone is at most
    the unmoved henchmen standing elsewhere. A villain not yet moved may make up one shortfall
    by going there himself.
    """
    short = shortfalls(state, seat, plan)
    if not short:
        return True
    free = {place: unmoved(state, seat, plan, place) for place in PLACES}
    total = sum(free.values())
    covers: list[int | None] = [None]
    if plan.villain_to is None:
        covers += [b for b in short if b != state.players[seat].villain_at]
    for covered in covers:
        rest = {b: n for b, n in short.items() if b != covered}
        if sum(rest.values()) <= total and all(n <= total - free[b] for b, n in rest.items()):
            return True
    return False


def may_enter(state: GcsState, seat: int, plan: Plan, target: int) -> bool:
    """Henchmen may go to the hideout, with their villain, or to a block without Batman and
    without another villain (turn.move, turn.plot.batman-blocks)."""
    if target == HIDEOUT or plan.villain_to == target:
        return True
    return state.batman_at != target and board.villain_at(state, target) in (-1, seat)


def with_henchmen(plan: Plan, source: int, target: int, count: int) -> Plan:
    return Plan(villain_to=plan.villain_to, henchmen=(*plan.henchmen, (source, target, count)))


def with_villain(plan: Plan, target: int) -> Plan:
    return Plan(villain_to=target, henchmen=plan.henchmen)


def planned(plan: Plan, step: Move) -> Plan:
    """The plan with a legal step of it (`move_villain` or `move_henchmen`) added."""
    if step.type == "move_villain":
        return with_villain(plan, int(str(step.get("to"))))
    source, target, count = (int(str(step.get(key))) for key in ("source", "target", "count"))
    return with_henchmen(plan, source, target, count)


def only_step(state: GcsState, seat: int) -> Move | None:
    """The one step the plan may take, where it has sent henchmen into a block they do not yet
    outnumber the enemy henchmen in (so the move may not be finished) and a single figure, or
    group, can still make that up: settled by the plan and the figures, which the whole table
    sees (turn.move). None: no shortfall, or more than one way on."""
    plan = state.plan
    assert plan is not None
    if not shortfalls(state, seat, plan):
        return None
    steps = chain(_villain_steps(state, seat), _henchmen_steps(state, seat))
    first = next(steps, None)
    return first if next(steps, None) is None else None


def villain_moves(state: GcsState, seat: int) -> list[Move]:
    """Where the villain may go while moving (once a turn, anywhere but where it is), as long
    as the henchmen planned can still enter where they go."""
    return list(_villain_steps(state, seat))


def henchmen_moves(state: GcsState, seat: int) -> list[Move]:
    """Every group of henchmen that may go from one place to another while moving."""
    return list(_henchmen_steps(state, seat))


def any_step(state: GcsState, seat: int) -> bool:
    """Whether any figure may still take a step of the plan (found without listing them all)."""
    return any(chain(_villain_steps(state, seat), _henchmen_steps(state, seat)))


def _villain_steps(state: GcsState, seat: int) -> Iterator[Move]:
    plan = state.plan
    assert plan is not None
    if plan.villain_to is not None:
        return
    here = state.players[seat].villain_at
    for place in PLACES:
        if place != here and completable(state, seat, with_villain(plan, place)):
            yield Move.of("move_villain", to=place)


def _henchmen_steps(state: GcsState, seat: int) -> Iterator[Move]:
    plan = state.plan
    assert plan is not None
    for source in PLACES:
        for target in PLACES:
            if target == source or not may_enter(state, seat, plan, target):
                continue
            for count in range(1, unmoved(state, seat, plan, source) + 1):
                if completable(state, seat, with_henchmen(plan, source, target, count)):
                    yield Move.of("move_henchmen", source=source, target=target, count=count)
