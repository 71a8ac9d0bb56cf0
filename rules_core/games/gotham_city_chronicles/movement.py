"""The movement action (V·C·5; VI·C·2 and VI·C·6 for characters): the move point pool with the
first movement's bonus, one move at a time with its cost, move points bought with cubes, the
destination's effects (falls, dangerous terrain), and the end of the movement."""

from __future__ import annotations

import random

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.gotham_city_chronicles import geometry
from rules_core.games.gotham_city_chronicles.dice import roll, successes_shown
from rules_core.games.gotham_city_chronicles.energy import wounded
from rules_core.games.gotham_city_chronicles.events import (
    HeroWounded,
    Moved,
    MovementDeclared,
    MovementEnded,
    MovePointsBought,
    TerrainRolled,
)
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.refusals import reject
from rules_core.games.gotham_city_chronicles.state import ACTIVE, GccState, HeroState


def encumbrance(state: GccState, hero: HeroState) -> int:
    """V·D·1 [a]: the total encumbrance of the equipment a hero carries."""
    return sum(state.board_pack.item(i).weight for i in hero.items)


def pool_now(state: GccState, hero: HeroState) -> int:
    """The move points the hero would move with now: the movement in progress's, or a new
    movement's pool (zero, plus the first movement's bonus if it is the first, V·C·5 [b]-[c])."""
    if state.movement is not None and state.movement.mover == hero.id:
        return state.movement.points
    if hero.moved:
        return 0
    return state.board_pack.hero(hero.id).move_bonus(encumbrance(state, hero))


def hero_may_act(state: GccState, seat: int, hero_id: object) -> Rejection | HeroState:
    """The hero `seat` names, if it may take an action now (V·B·3, V·B·4, IX B)."""
    if not isinstance(hero_id, str) or not state.has_hero(hero_id):
        return reject("not_your_hero", f"There is no hero {str(hero_id)[:40]!r} in this mission.")
    hero = state.hero(hero_id)
    name = state.board_pack.hero(hero_id).name
    if hero.seat != seat:
        return reject("not_your_hero", f"{name} is played from another seat.")
    if state.flow.phase != "heroes" or state.flow.step != "actions":
        return reject("stance_step", "Every hero declares a stance before any hero acts.")
    if hero.zones.neutralized:
        return reject("neutralized", f"{name} is neutralized and can no longer act.")
    if hero.stance != ACTIVE:
        return reject("not_active", f"{name} is resting: a resting hero takes no action.")
    return hero


def move_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    hero = hero_may_act(state, seat, move.get("hero"))
    if isinstance(hero, Rejection):
        return hero
    board = state.board_pack.board
    target = move.get("to")
    if not isinstance(target, str) or target not in board.area_ids:
        return reject("no_such_area", f"The board has no area {str(target)[:40]!r}.")
    name = board.area(target).name
    kind = geometry.move_kind(board, hero.area, target)
    if kind is None:
        return reject("no_move_there", f"No simple or special move leads to the {name}.")
    size = state.board_pack.hero(hero.id).size
    if geometry.over_occupies(board, target, state.load(target), size):
        return reject("over_occupied", f"The {name} would be over-occupied.")
    cost = _cost(state, hero, kind)
    missing = cost - pool_now(state, hero)
    if missing > 0:
        movement = state.board_pack.hero(hero.id).movement
        cubes = geometry.cubes_to_buy(missing, movement.multiplier)
        room = movement.limit - hero.zones.on("movement")
        if cubes > min(room, hero.zones.reserve):
            return reject(
                "cannot_buy_move_points",
                f"The move costs {cost}: {cubes} cube(s) would be needed on the movement space.",
            )
    return None


def _cost(state: GccState, hero: HeroState, kind: geometry.MoveKind) -> int:
    board = state.board_pack.board
    hindering = geometry.move_hindering("heroes", state.occupants(hero.area, leaving_out=hero.id))
    return geometry.move_cost(kind, hindering, board.area(hero.area).difficult)


def move_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    hero = run.state.hero(str(move.get("hero")))
    target = str(move.get("to"))
    pack = run.state.board_pack
    board = pack.board
    if run.state.movement is not None and run.state.movement.mover != hero.id:
        run.emit(
            MovementEnded(seat=seat, mover=run.state.movement.mover, lost=run.state.movement.points)
        )
    if run.state.movement is None:
        first = not hero.moved
        run.emit(
            MovementDeclared(
                seat=seat, mover=hero.id, points=pool_now(run.state, hero), first=first
            )
        )
    hero = run.state.hero(hero.id)
    kind = geometry.move_kind(board, hero.area, target)
    assert kind is not None and run.state.movement is not None
    hindering = geometry.move_hindering(
        "heroes", run.state.occupants(hero.area, leaving_out=hero.id)
    )
    difficult = board.area(hero.area).difficult
    cost = geometry.move_cost(kind, hindering, difficult)
    missing = cost - run.state.movement.points
    if missing > 0:
        multiplier = pack.hero(hero.id).movement.multiplier
        cubes = geometry.cubes_to_buy(missing, multiplier)
        run.emit(MovePointsBought(seat=seat, mover=hero.id, cubes=cubes, points=cubes * multiplier))
    run.emit(
        Moved(
            seat=seat,
            mover=hero.id,
            source=hero.area,
            target=target,
            kind=kind.kind,
            level=kind.level,
            cost=cost,
            hindering=hindering,
            difficult=difficult,
        )
    )
    if kind.kind == "fall":
        _terrain(run, seat, hero.id, "fall", kind.level, rng)
    if board.area(target).dangerous:
        _terrain(run, seat, hero.id, "dangerous", board.area(target).dangerous, rng)
    hero = run.state.hero(hero.id)
    if hero.zones.neutralized and run.state.movement is not None:
        run.emit(MovementEnded(seat=seat, mover=hero.id, lost=run.state.movement.points))
    return run.events


def _terrain(
    run: Run[GccState], seat: int, hero_id: str, reason: str, level: int, rng: random.Random
) -> None:
    """V·C·5 [i], IX Q: as many yellow dice as the level; a wound per success."""
    if run.state.hero(hero_id).zones.neutralized:
        return
    dice = (geometry.FALL_DIE,) * level
    faces = roll(dice, rng)
    hurt = successes_shown(dict(run.state.board_pack.dice), dice, faces)
    run.emit(
        TerrainRolled(seat=seat, figure=hero_id, reason=reason, dice=dice, faces=faces, wounds=hurt)
    )
    if hurt:
        after = wounded(run.state.hero(hero_id).zones, hurt)
        run.emit(HeroWounded(seat=seat, hero=hero_id, wounds=hurt, neutralized=after.neutralized))


def move_offers(state: GccState, seat: int) -> list[Move]:
    if state.flow.phase != "heroes" or state.flow.step != "actions":
        return []
    found = []
    board = state.board_pack.board
    for hero in state.heroes:
        if hero.seat != seat:
            continue
        steps = board.neighbours(hero.area) + tuple(
            s.target for s in board.specials_from(hero.area)
        )
        for target in steps:
            candidate = Move.of("move", hero=hero.id, to=target)
            if move_check(state, seat, candidate) is None:
                found.append(candidate)
    return found


def move_label(state: GccState, seat: int, move: Move) -> str:
    pack = state.board_pack
    hero = pack.hero(str(move.get("hero"))).name
    target = str(move.get("to"))
    area = pack.board.area(target).name if target in pack.board.area_ids else target
    return f"Move {hero} to the {area}"


def end_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    movement = state.movement
    if (
        movement is None
        or not state.has_hero(movement.mover)
        or state.hero(movement.mover).seat != seat
    ):
        return reject("not_moving", "None of your heroes is in the middle of a movement.")
    return None


def end_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    assert state.movement is not None
    return [MovementEnded(seat=seat, mover=state.movement.mover, lost=state.movement.points)]


def end_offers(state: GccState, seat: int) -> list[Move]:
    return (
        [Move.of("end_movement")] if end_check(state, seat, Move.of("end_movement")) is None else []
    )


def end_label(state: GccState, seat: int, move: Move) -> str:
    mover = state.movement.mover if state.movement is not None else ""
    name = state.board_pack.hero(mover).name if state.has_hero(mover) else "the movement"
    return f"End {name}'s movement"
