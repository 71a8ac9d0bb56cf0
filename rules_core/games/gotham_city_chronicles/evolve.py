"""One handler per event: how each changes the state (pure, total, deterministic)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from rules_core.engine.flow import Flow
from rules_core.games.gotham_city_chronicles.energy import (
    SPACES,
    Zones,
    rested,
    villain_recovered,
    wounded,
)
from rules_core.games.gotham_city_chronicles.events import (
    GameStarted,
    HeroesFinished,
    HeroesTurnBegan,
    HeroesTurnEnded,
    HeroWounded,
    Moved,
    MovementDeclared,
    MovementEnded,
    MovePointsBought,
    StanceDeclared,
    TerrainRolled,
    TurnAdvanced,
    VillainTurnBegan,
)
from rules_core.games.gotham_city_chronicles.state import (
    INITIAL,
    VILLAIN_SEAT,
    Character,
    GccState,
    HeroState,
    Movement,
    TokenState,
)


def _started(state: GccState, e: GameStarted) -> GccState:
    """Set-up from the mission: every hero's cubes in its reserve (reference: the book leaves
    set-up to the missions), characters on the board and in the character pool."""
    mission = e.pack.mission
    areas = {p.hero: p.area for p in mission.placements if p.hero}
    heroes = tuple(
        HeroState(
            hero_id,
            seat,
            areas.get(hero_id, ""),
            Zones(e.pack.hero(hero_id).energy),
            gadgets=e.pack.hero(hero_id).gadgets,
        )
        for hero_id, seat in zip(mission.heroes, e.hero_seats, strict=True)
    )
    characters: list[Character] = []
    counts: dict[str, int] = {}
    places = [(p.tile, p.area, p.count) for p in mission.placements if p.tile]
    places += [(tile, "", count) for tile, count in mission.pool]
    for tile_id, area, count in places:
        for _ in range(count):
            counts[tile_id] = counts.get(tile_id, 0) + 1
            life = e.pack.tile(tile_id).life
            characters.append(Character(f"{tile_id}-{counts[tile_id]}", tile_id, area, life))
    river = tuple(
        t
        for tile_id in mission.river
        for t in (
            (tile_id, tile_id)
            if tile_id != "event" and e.pack.tile(tile_id).kind == "double"
            else (tile_id,)
        )
    )
    tokens = tuple(
        TokenState(t.id, t.area, t.states[0], contents=t.contents) for t in mission.tokens
    )
    return replace(
        INITIAL,
        pack=e.pack,
        seats=e.seats,
        heroes=heroes,
        characters=tuple(characters),
        villain=Zones(mission.villain_energy),
        river=river,
        tokens=tokens,
    )


def _turn(state: GccState, e: TurnAdvanced) -> GccState:
    return replace(state, turn=e.turn, flow=Flow("upkeep", "upkeep", VILLAIN_SEAT))


def _heroes_began(state: GccState, e: HeroesTurnBegan) -> GccState:
    heroes = tuple(replace(h, zones=rested(h.zones), stance="", moved=False) for h in state.heroes)
    first = min(h.seat for h in heroes)
    return replace(state, heroes=heroes, done=(), flow=Flow("heroes", "stance", first))


def _stance(state: GccState, e: StanceDeclared) -> GccState:
    hero = state.hero(e.hero)
    z = hero.zones
    zones = replace(
        z,
        reserve=z.reserve + e.recovered,
        fatigue=z.fatigue - e.recovered + e.healed,
        wounds=z.wounds - e.healed,
    )
    state = state.with_hero(replace(hero, zones=zones, stance=e.stance))
    if all(h.stance for h in state.heroes):
        state = replace(state, flow=replace(state.flow, step="actions"))
    return state


def _declared(state: GccState, e: MovementDeclared) -> GccState:
    if state.has_hero(e.mover) and e.first:
        state = state.with_hero(replace(state.hero(e.mover), moved=True))
    return replace(state, movement=Movement(e.mover, e.points))


def _bought(state: GccState, e: MovePointsBought) -> GccState:
    assert state.movement is not None
    hero = state.hero(e.mover)
    spaces = list(hero.zones.spaces)
    spaces[SPACES.index("movement")] += e.cubes
    zones = replace(hero.zones, reserve=hero.zones.reserve - e.cubes, spaces=tuple(spaces))
    movement = state.movement
    state = state.with_hero(replace(hero, zones=zones))
    return replace(state, movement=replace(movement, points=movement.points + e.points))


def _moved(state: GccState, e: Moved) -> GccState:
    movement = state.movement
    assert movement is not None
    if state.has_hero(e.mover):
        state = state.with_hero(replace(state.hero(e.mover), area=e.target))
    else:
        characters = tuple(
            replace(c, area=e.target) if c.id == e.mover else c for c in state.characters
        )
        state = replace(state, characters=characters)
    return replace(state, movement=replace(movement, points=movement.points - e.cost))


def _rolled(state: GccState, e: TerrainRolled) -> GccState:
    return state  # the wounds follow in their own event


def _wounded(state: GccState, e: HeroWounded) -> GccState:
    hero = state.hero(e.hero)
    return state.with_hero(replace(hero, zones=wounded(hero.zones, e.wounds)))


def _movement_ended(state: GccState, e: MovementEnded) -> GccState:
    return replace(state, movement=None)


def _finished(state: GccState, e: HeroesFinished) -> GccState:
    assert e.seat is not None
    return replace(state, done=tuple(sorted({*state.done, e.seat})))


def _heroes_ended(state: GccState, e: HeroesTurnEnded) -> GccState:
    heroes = tuple(replace(h, zones=rested(h.zones)) for h in state.heroes)
    return replace(state, heroes=heroes, done=())


def _villain_began(state: GccState, e: VillainTurnBegan) -> GccState:
    villain = villain_recovered(state.villain, e.recovery)
    return replace(state, villain=villain, flow=Flow("villain", "tiles", VILLAIN_SEAT))


HANDLERS: Mapping[type, Callable[[Any, Any], Any]] = {
    GameStarted: _started,
    TurnAdvanced: _turn,
    HeroesTurnBegan: _heroes_began,
    StanceDeclared: _stance,
    MovementDeclared: _declared,
    MovePointsBought: _bought,
    Moved: _moved,
    TerrainRolled: _rolled,
    HeroWounded: _wounded,
    MovementEnded: _movement_ended,
    HeroesFinished: _finished,
    HeroesTurnEnded: _heroes_ended,
    VillainTurnBegan: _villain_began,
}
