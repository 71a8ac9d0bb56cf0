"""Throwing equipment (V·D·1 [e]): a complex manipulation at an area in sight whose difficulty
is the distance; the item's encumbrance and the hindering come off the successes, and a short
throw lands that many moves along the line toward the target."""

from __future__ import annotations

import random

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.wording import counted
from rules_core.games.gotham_city_chronicles import bonus_choice, dice, geometry
from rules_core.games.gotham_city_chronicles.events import ItemThrown, ThrowRolled
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.figures import UNABLE
from rules_core.games.gotham_city_chronicles.manipulation import (
    MAX_CUBES,
    cube_offers,
    tool_bonuses,
    tool_cards,
    tool_items,
    used_up,
)
from rules_core.games.gotham_city_chronicles.movement import cube_spenders, hero_may_act
from rules_core.games.gotham_city_chronicles.refusals import not_carried, reject
from rules_core.games.gotham_city_chronicles.rolling import reroll_possible
from rules_core.games.gotham_city_chronicles.special_rules import check_now
from rules_core.games.gotham_city_chronicles.state import GccState


def throw_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    hero = hero_may_act(state, seat, move.get("hero"))
    if isinstance(hero, Rejection):
        return hero
    refused = not_carried(hero, move.get("item"), state.board_pack.hero(hero.id).name, "v-d-1-e")
    if refused is not None:
        return refused
    board = state.board_pack.board
    target = move.get("to")
    if not isinstance(target, str) or target not in board.area_ids or target == hero.area:
        return reject("no_such_area", "Throw at another area of the board.", "v-d-1-e", "iii-a")
    if not geometry.clear_sight(board, hero.area, target):
        return reject(
            "bad_target",
            "A throw needs a clear line of sight to the target area.",
            "v-d-1-e",
            "ix-l",
        )
    if geometry.distance(board, hero.area, target) is None:
        return reject("bad_target", "No moves lead to that area.", "v-d-1-e", "ix-j")
    space = state.board_pack.hero(hero.id).manipulation
    if space.die == UNABLE:
        return reject("cannot_act", f"{state.board_pack.hero(hero.id).name} cannot manipulate.")
    cubes = move.get("cubes")
    if not isinstance(cubes, int) or isinstance(cubes, bool) or not 1 <= cubes <= MAX_CUBES:
        return reject("bad_cubes", "Spend at least one cube on a throw.", "v-d-1-e", "v-c-3-a-ii")
    if hero.zones.on("manipulation") + cubes > space.limit:
        return reject("exertion_limit", f"The manipulation space takes {space.limit} cubes.")
    if cubes > hero.zones.reserve:
        return reject("bad_cubes", "There are not that many cubes in the reserve.")
    return bonus_choice.check(state, tool_items(state, hero, "manipulation"), "manipulation", move)


def throw_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    hero = state.hero(str(move.get("hero")))
    target = str(move.get("to"))
    cubes = int(str(move.get("cubes")))
    pool = dice.characteristic_pool(state.board_pack.hero(hero.id).manipulation.die, cubes) or ()
    sizes = bonus_choice.counts(state, tool_items(state, hero, "manipulation"), "manipulation")
    picked = bonus_choice.parsed(move.get("lines"), sizes) or ()
    for bonus in tool_bonuses(state, hero, "manipulation", picked):
        pool = (*pool, *bonus.dice)
    difficulty = geometry.distance(state.board_pack.board, hero.area, target) or 0
    run.emit(
        ThrowRolled(
            seat=seat,
            hero=hero.id,
            item=str(move.get("item")),
            target=target,
            difficulty=difficulty,
            cubes=cubes,
            pool=pool,
            faces=dice.roll(pool, rng),
            lines=picked,
        )
    )
    if not reroll_possible(run.state):
        resolve(run, seat, rng)
    return run.events


def resolve(run: Run[GccState], seat: int, rng: random.Random) -> None:
    """V·D·1 [e]: successes less the item's encumbrance and the hindering, then where it lands."""
    state = run.state
    roll = state.roll
    assert roll is not None
    hero = state.hero(roll.figure)
    pack = state.board_pack
    shown = dice.successes_shown(dict(pack.dice), roll.pool, roll.faces)
    automatic = sum(b.successes for b in tool_bonuses(state, hero, "manipulation", roll.lines))
    hindering = geometry.action_hindering("heroes", state.occupants(hero.area, hero.id))
    net = dice.net_successes(shown, automatic, hindering + pack.item(roll.action).weight)
    landed = geometry.landing_area(pack.board, hero.area, roll.target, net)
    run.emit(ItemThrown(seat=seat, hero=hero.id, item=roll.action, successes=net, landed=landed))
    held = tool_cards(state, hero, "manipulation", roll.lines)
    used_up(run, seat, hero.id, tuple(c for c, _ in held))
    check_now(run)


def throw_offers(state: GccState, seat: int) -> list[Move]:
    found = []
    for hero in cube_spenders(state, seat):  # the check refuses the others any cube
        tools = tool_items(state, hero, "manipulation")
        for lines in bonus_choice.options(state, tools, "manipulation"):
            for item in dict.fromkeys(hero.items):
                for area in state.board_pack.board.area_ids:
                    found += cube_offers(
                        state, seat, throw_check, "throw", hero=hero.id, item=item, to=area, **lines
                    )
    return sorted(found, key=lambda m: str(m.params))


def throw_label(state: GccState, seat: int, move: Move) -> str:
    pack = state.board_pack
    hero = pack.hero(str(move.get("hero"))).name
    item = pack.item_called(str(move.get("item")))
    areas = {a.id: a.name for a in pack.board.areas}
    target = str(move.get("to"))
    hero_id = str(move.get("hero"))
    chosen = ""
    if state.has_hero(hero_id):
        tools = tool_items(state, state.hero(hero_id), "manipulation")
        chosen = bonus_choice.words(state, tools, "manipulation", move)
    return (
        f"{hero} throws {item} to the {areas.get(target, target)} "
        f"with {counted(int(str(move.get('cubes'))), 'cube')}{chosen}"
    )
