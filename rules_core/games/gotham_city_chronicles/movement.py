"""The movement action (V·C·5; VI·C·2 and VI·C·6 for characters, who move by the same rules
with the villain's cubes and the character's activation in place of the hero's turn): the move
point pool with the first movement's bonus, one move at a time with its cost, move points
bought with cubes, the destination's effects (falls, dangerous terrain), the movement's end."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.wording import counted
from rules_core.games.gotham_city_chronicles import geometry
from rules_core.games.gotham_city_chronicles.dice import roll
from rules_core.games.gotham_city_chronicles.energy import Zones
from rules_core.games.gotham_city_chronicles.events import (
    Moved,
    MovementDeclared,
    MovementEnded,
    MovePointsBought,
    TerrainDiceRolled,
)
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.refusals import pending, reject, unknown_hero
from rules_core.games.gotham_city_chronicles.rolling import reroll_possible
from rules_core.games.gotham_city_chronicles.special_rules import check_now
from rules_core.games.gotham_city_chronicles.state import ACTIVE, GccState, HeroState
from rules_core.games.gotham_city_chronicles.wounds import yellow_dice_counted


@dataclass(frozen=True, slots=True)
class Mover:
    """What a movement needs to know of the miniature that moves."""

    id: str
    name: str
    side: str
    size: int
    area: str
    zones: Zones  # a hero's board, or the villain's command post
    multiplier: int  # move points per cube (the movement characteristic)
    limit: int  # the movement space's exertion limit
    bonus: int  # the first movement's bonus
    first: bool  # a new movement now would be its first (this turn / this activation)


def mover(state: GccState, figure: str) -> Mover:
    pack = state.board_pack
    if state.has_hero(figure):
        hero = state.hero(figure)
        board = pack.hero(figure)
        return Mover(
            figure,
            board.name,
            "heroes",
            board.size,
            hero.area,
            hero.zones,
            board.movement.multiplier,
            board.movement.limit,
            board.move_bonus(encumbrance(state, hero)),
            not hero.moved,
        )
    character = state.character(figure)
    tile = pack.tile(character.tile)
    post = pack.command_post.movement
    activation = state.activation
    first = activation is None or not activation.moved
    return Mover(
        figure,
        tile.name,
        tile.side,
        tile.size,
        character.area,
        state.villain,
        post.multiplier,
        post.limit,
        tile.move_bonus,
        first,
    )


def encumbrance(state: GccState, hero: HeroState) -> int:
    """V·D·1 [a]: the total encumbrance of the equipment a hero carries."""
    return sum(state.board_pack.item(i).weight for i in hero.items)


def pool_now(state: GccState, who: Mover) -> int:
    """The move points the miniature would move with now: the movement in progress's, or a new
    movement's pool (zero, plus the first movement's bonus if it is the first, V·C·5 [b]-[c])."""
    if state.movement is not None and state.movement.mover == who.id:
        return state.movement.points
    return who.bonus if who.first else 0


def hero_may_act(state: GccState, seat: int, hero_id: object) -> Rejection | HeroState:
    """The hero `seat` names, if it may take an action now (V·B·3, V·B·4, IX B)."""
    if not isinstance(hero_id, str) or not state.has_hero(hero_id):
        return unknown_hero(hero_id)
    hero = state.hero(hero_id)
    name = state.board_pack.hero(hero_id).name
    if hero.seat != seat:
        return reject("not_your_hero", f"{name} is played from another seat.")
    if state.flow.phase != "heroes" or state.flow.step != "actions":
        return reject("stance_step", "Every hero declares a stance before any hero acts.")
    busy = pending(state)
    if busy is not None:
        return busy
    if hero.zones.neutralized:
        return reject("neutralized", f"{name} is neutralized and can no longer act.")
    if hero.stance != ACTIVE:
        return reject("not_active", f"{name} is resting: a resting hero takes no action.")
    return hero


def cube_spenders(state: GccState, seat: int) -> list[HeroState]:
    """The seat's heroes who may act now (`hero_may_act`) with a cube in their reserve: the only
    ones an action paid in cubes can be offered to (its check refuses one cube or more to any
    other), so its offers pass the others over before trying anything (IX C)."""
    return [
        hero
        for hero in state.heroes
        if hero.seat == seat
        and hero.zones.reserve >= 1
        and not isinstance(hero_may_act(state, seat, hero.id), Rejection)
    ]


def move_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    hero = hero_may_act(state, seat, move.get("hero"))
    if isinstance(hero, Rejection):
        return hero
    return destination_check(state, mover(state, hero.id), move.get("to"))


def destination_check(state: GccState, who: Mover, target: object) -> Rejection | None:
    """V·C·5 [d]-[f]: the destination, its occupation, and the move points it needs."""
    board = state.board_pack.board
    if not isinstance(target, str) or target not in board.area_ids:
        return reject("no_such_area", "The board has no such area.")
    name = board.area(target).name
    kind = geometry.move_kind(board, who.area, target)
    if kind is None:
        return reject("no_move_there", f"No simple or special move leads to the {name}.")
    if geometry.over_occupies(board, target, state.load(target), who.size):
        return reject("over_occupied", f"The {name} would be over-occupied.")
    cubes = _cubes_to_buy(state, who, kind)
    room = who.limit - who.zones.on("movement")
    if cubes > min(room, who.zones.reserve):
        return reject(
            "cannot_buy_move_points",
            f"The move costs {_cost(state, who, kind)}: {counted(cubes, 'cube')} would be "
            "needed on the movement space.",
        )
    return None


def _cubes_to_buy(state: GccState, who: Mover, kind: geometry.MoveKind) -> int:
    """V·C·5 [f]: the cubes that buy the move points the pool lacks for this move (0: none)."""
    return geometry.cubes_to_buy(_cost(state, who, kind) - pool_now(state, who), who.multiplier)


def bought_words(state: GccState, figure: str, target: object) -> str:
    """What a move to `target` buys, for its label (", buying 2 move points for 1 cube"), so
    that the cubes it takes from the reserve are known before it is chosen; "" when the pool
    pays for it."""
    who = mover(state, figure)
    board = state.board_pack.board
    if not isinstance(target, str) or target not in board.area_ids:
        return ""
    kind = geometry.move_kind(board, who.area, target)
    cubes = 0 if kind is None else _cubes_to_buy(state, who, kind)
    if not cubes:
        return ""
    return f", buying {counted(cubes * who.multiplier, 'move point')} for {counted(cubes, 'cube')}"


def _cost(state: GccState, who: Mover, kind: geometry.MoveKind) -> int:
    hindering = geometry.move_hindering(who.side, state.occupants(who.area, leaving_out=who.id))
    return geometry.move_cost(kind, hindering, state.terrain(who.area)[0])


def move_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    step(run, seat, str(move.get("hero")), str(move.get("to")), rng)
    return run.events


def end_any(run: Run[GccState], seat: int) -> None:
    """The movement in progress, if any, ends and its unused move points are lost (V·C·5 [k]):
    a movement is one action, so any other action (or another miniature's move) ends it."""
    movement = run.state.movement
    if movement is not None:
        run.emit(MovementEnded(seat=seat, mover=movement.mover, lost=movement.points))


def step(run: Run[GccState], seat: int, figure: str, target: str, rng: random.Random) -> None:
    """One move of a hero or a character, declaring its movement first if none is under way
    (a movement of another miniature in progress ends: it wants no other move)."""
    movement = run.state.movement
    if movement is not None and movement.mover != figure:
        end_any(run, seat)
    who = mover(run.state, figure)
    if run.state.movement is None:
        points = pool_now(run.state, who)
        run.emit(MovementDeclared(seat=seat, mover=figure, points=points, first=who.first))
    board = run.state.board_pack.board
    kind = geometry.move_kind(board, who.area, target)
    movement = run.state.movement
    assert kind is not None and movement is not None
    hindering = geometry.move_hindering(who.side, run.state.occupants(who.area, leaving_out=figure))
    difficult = run.state.terrain(who.area)[0]
    cost = geometry.move_cost(kind, hindering, difficult)
    missing = cost - movement.points
    if missing > 0:
        cubes = geometry.cubes_to_buy(missing, who.multiplier)
        run.emit(
            MovePointsBought(seat=seat, mover=figure, cubes=cubes, points=cubes * who.multiplier)
        )
    run.emit(
        Moved(
            seat=seat,
            mover=figure,
            source=who.area,
            target=target,
            kind=kind.kind,
            level=kind.level,
            cost=cost,
            hindering=hindering,
            difficult=difficult,
        )
    )
    check_now(run)  # IV C note: a goal met by the move ends the game before the area's effects
    if run.state.winner:
        return
    if kind.kind == "fall" and _terrain(run, seat, figure, "fall", kind.level, rng):
        return  # the fall's dice wait for their reroll step (terrain_counted goes on)
    _entered(run, seat, figure, rng)


def _entered(run: Run[GccState], seat: int, figure: str, rng: random.Random) -> None:
    """After the move (and a fall's wounds): the dice of dangerous terrain entered, then the
    move's end."""
    if _standing(run.state, figure):  # a fall may have knocked it out (off the board)
        dangerous = run.state.terrain(run.state.area_of(figure))[1]
        if dangerous and _terrain(run, seat, figure, "dangerous", dangerous, rng):
            return  # waiting for the reroll step
    _move_over(run, seat, figure)


def _move_over(run: Run[GccState], seat: int, figure: str) -> None:
    """A miniature no longer standing ends its movement; the mission's conditions are checked."""
    movement = run.state.movement
    if movement is not None and not _standing(run.state, figure):
        run.emit(MovementEnded(seat=seat, mover=figure, lost=movement.points))
    check_now(run)


def _standing(state: GccState, figure: str) -> bool:
    """Still able to act: a hero not neutralized, a character still on the board."""
    if state.has_hero(figure):
        return not state.hero(figure).zones.neutralized
    return bool(state.character(figure).area)


def _terrain(
    run: Run[GccState], seat: int, figure: str, reason: str, level: int, rng: random.Random
) -> bool:
    """V·C·5 [i], IX Q: as many yellow dice as the level, then the reroll step (VIII: after any
    roll), then a wound per success. True while the dice wait for their rerolls."""
    if not _standing(run.state, figure):
        return False
    dice = (geometry.FALL_DIE,) * level
    run.emit(
        TerrainDiceRolled(seat=seat, figure=figure, reason=reason, dice=dice, faces=roll(dice, rng))
    )
    if reroll_possible(run.state):
        return True
    yellow_dice_counted(run, seat)
    return False


def terrain_counted(run: Run[GccState], seat: int, rng: random.Random) -> None:
    """VIII F for a movement's terrain roll: its wounds, then the rest of the move (a fall is
    followed by the dice of dangerous terrain entered)."""
    kept = run.state.roll
    assert kept is not None
    figure, reason = kept.figure, kept.action
    yellow_dice_counted(run, seat)
    if reason == "fall":
        _entered(run, seat, figure, rng)
    else:
        _move_over(run, seat, figure)


def move_offers(state: GccState, seat: int) -> Iterator[Move]:
    """Every move `move_check` accepts, one at a time: asking whether a seat may do anything but
    end its actions (after every move) stops at the first."""
    if state.flow.phase != "heroes" or state.flow.step != "actions":
        return
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
                yield candidate


def move_label(state: GccState, seat: int, move: Move) -> str:
    pack = state.board_pack
    hero = pack.hero(str(move.get("hero"))).name
    target = str(move.get("to"))
    area = pack.board.area(target).name if target in pack.board.area_ids else target
    return f"Move {hero} to the {area}{bought_words(state, str(move.get('hero')), target)}"


def end_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    movement = state.movement
    busy = pending(state)
    if busy is not None:
        return busy
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
    if state.movement is None:
        return "End the movement"
    return f"End {mover(state, state.movement.mover).name}'s movement"
