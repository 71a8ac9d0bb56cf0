"""One handler per event: how each changes the state (pure, total, deterministic)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_core.engine.flow import Flow
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_chronicles.energy import (
    SPACES,
    Zones,
    rested,
    villain_recovered,
    wounded,
)
from rules_core.games.gotham_city_chronicles.events import (
    AreaDiceRolled,
    CharacterActivated,
    CharacterActivationEnded,
    CharacterNeutralized,
    CharacterWounded,
    ContentsLaid,
    ContentsTaken,
    DissipationPlaced,
    DissipationTurned,
    EffectOrderAsked,
    EffectOrderChosen,
    EventTriggered,
    Exploded,
    GameFinished,
    GameStarted,
    HeroesActionsEnded,
    HeroesActionsReopened,
    HeroesFinished,
    HeroesTurnBegan,
    HeroesTurnEnded,
    HeroWounded,
    MissionActionDone,
    Moved,
    MovementDeclared,
    MovementEnded,
    MovePointsBought,
    Reinforced,
    ReinforcementPoints,
    StanceDeclared,
    TerrainDiceRolled,
    TerrainRolled,
    TileActivated,
    TileActivationEnded,
    TileNeutralized,
    TokenChanged,
    TurnAdvanced,
    TurnEffectTriggered,
    UpkeepTriggered,
    VillainTurnBegan,
    VillainTurnEnded,
)
from rules_core.games.gotham_city_chronicles.evolve_actions import ACTION_HANDLERS
from rules_core.games.gotham_city_chronicles.owed import marking
from rules_core.games.gotham_city_chronicles.river import to_the_end
from rules_core.games.gotham_city_chronicles.state import (
    INITIAL,
    VILLAIN_SEAT,
    Activation,
    AreaToken,
    Character,
    GccState,
    HeroState,
    Movement,
    Ordering,
    Roll,
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
    characters = [
        Character(character_id, tile_id, area, e.pack.tile(tile_id).life)
        for character_id, tile_id, area, _ in mission.characters()
    ]
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
    return updated(
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
    heroes = tuple(updated(h, down=False) for h in state.heroes)  # IX B: "for this turn"
    return updated(state, heroes=heroes, turn=e.turn, flow=Flow("upkeep", "upkeep", VILLAIN_SEAT))


def _heroes_began(state: GccState, e: HeroesTurnBegan) -> GccState:
    heroes = tuple(
        updated(h, zones=rested(h.zones), stance="", moved=False, blasted=False)
        for h in state.heroes
    )
    first = min(h.seat for h in heroes)
    return updated(state, heroes=heroes, done=(), flow=Flow("heroes", "stance", first))


def _stance(state: GccState, e: StanceDeclared) -> GccState:
    hero = state.hero(e.hero)
    z = hero.zones
    zones = updated(
        z,
        reserve=z.reserve + e.recovered,
        fatigue=z.fatigue - e.recovered + e.healed,
        wounds=z.wounds - e.healed,
    )
    down = z.neutralized  # resting because neutralized: no skills this game turn (IX B)
    state = state.with_hero(updated(hero, zones=zones, stance=e.stance, down=down))
    if all(h.stance for h in state.heroes):
        state = updated(state, flow=updated(state.flow, step="actions"))
    return state


def _declared(state: GccState, e: MovementDeclared) -> GccState:
    if state.has_hero(e.mover) and e.first:
        state = state.with_hero(updated(state.hero(e.mover), moved=True))
    if not state.has_hero(e.mover) and state.activation is not None:
        activation = state.activation
        stage = "second_move" if activation.stage == "action" else activation.stage
        state = updated(state, activation=updated(activation, moved=True, stage=stage))
    return updated(state, movement=Movement(e.mover, e.points))


def _on_movement_space(zones: Zones, cubes: int) -> Zones:
    spaces = list(zones.spaces)
    spaces[SPACES.index("movement")] += cubes
    return updated(zones, reserve=zones.reserve - cubes, spaces=tuple(spaces))


def _bought(state: GccState, e: MovePointsBought) -> GccState:
    movement = state.movement
    assert movement is not None
    if state.has_hero(e.mover):
        hero = state.hero(e.mover)
        state = state.with_hero(updated(hero, zones=_on_movement_space(hero.zones, e.cubes)))
    else:
        state = updated(state, villain=_on_movement_space(state.villain, e.cubes))
    return updated(state, movement=updated(movement, points=movement.points + e.points))


def _moved(state: GccState, e: Moved) -> GccState:
    movement = state.movement
    assert movement is not None
    if state.has_hero(e.mover):
        state = state.with_hero(updated(state.hero(e.mover), area=e.target))
    else:
        characters = tuple(
            updated(c, area=e.target) if c.id == e.mover else c for c in state.characters
        )
        state = updated(state, characters=characters)
    return updated(state, movement=updated(movement, points=movement.points - e.cost))


def _terrain_dice(state: GccState, e: TerrainDiceRolled) -> GccState:
    """The roll waits for its reroll step, decided by the seat that plays the figure."""
    seat = state.controller(e.figure)
    return updated(state, roll=Roll(e.figure, seat, "terrain", e.reason, "", e.dice, e.faces))


def _area_dice(state: GccState, e: AreaDiceRolled) -> GccState:
    """An area's roll waits for its reroll step like a movement's, and what follows it waits
    in `sequel` until the roll is counted."""
    seat = state.controller(e.figure)
    roll = Roll(e.figure, seat, "area", e.reason, "", e.dice, e.faces)
    return updated(state, roll=roll, sequel=e.sequel)


def _rolled(state: GccState, e: TerrainRolled) -> GccState:
    return updated(state, roll=None, sequel=None)  # the wounds follow in their own event


def _wounded(state: GccState, e: HeroWounded) -> GccState:
    hero = state.hero(e.hero)
    return state.with_hero(updated(hero, zones=wounded(hero.zones, e.wounds)))


def _movement_ended(state: GccState, e: MovementEnded) -> GccState:
    """A character's first movement step gives way to its action; its second ends its moves."""
    activation = state.activation
    if activation is not None and activation.character == e.mover:
        after = {"first_move": "action", "second_move": "done"}.get(activation.stage)
        if after is not None:
            state = updated(state, activation=updated(activation, stage=after))
    return updated(state, movement=None)


def _finished(state: GccState, e: HeroesFinished | HeroesActionsEnded) -> GccState:
    seat = e.player if isinstance(e, HeroesActionsEnded) else e.seat
    assert seat is not None
    return updated(state, done=tuple(sorted({*state.done, seat})))


def _reopened(state: GccState, e: HeroesActionsReopened) -> GccState:
    return updated(state, done=tuple(s for s in state.done if s not in e.players))


def _heroes_ended(state: GccState, e: HeroesTurnEnded) -> GccState:
    heroes = tuple(updated(h, zones=rested(h.zones)) for h in state.heroes)
    return updated(state, heroes=heroes, done=())


def _villain_began(state: GccState, e: VillainTurnBegan) -> GccState:
    villain = villain_recovered(state.villain, e.recovery)
    characters = tuple(updated(c, blasted=False) for c in state.characters)  # X Blast
    return updated(
        state,
        villain=villain,
        characters=characters,
        flow=Flow("villain", "tiles", VILLAIN_SEAT),
    )


def _character_wounded(state: GccState, e: CharacterWounded) -> GccState:
    character = state.character(e.character)
    return state.with_character(updated(character, life=max(character.life - e.wounds, 0)))


def _character_neutralized(state: GccState, e: CharacterNeutralized) -> GccState:
    state = state.with_character(updated(state.character(e.character), area=""))
    movement = state.movement
    if movement is not None and movement.mover == e.character:
        state = updated(state, movement=None)
    return state


def _tile_neutralized(state: GccState, e: TileNeutralized) -> GccState:
    return updated(
        state,
        river=to_the_end(state.river, e.tile),
        face_down=tuple(sorted({*state.face_down, e.tile})),
    )


def _tile_activated(state: GccState, e: TileActivated) -> GccState:
    villain = updated(
        state.villain,
        reserve=state.villain.reserve - e.cost,
        fatigue=state.villain.fatigue + e.cost,
    )
    return updated(
        state,
        villain=villain,
        river=to_the_end(state.river, e.tile),
        activation=Activation(e.tile, event=e.tile == "event"),
        activated=state.activated + 1,
    )


def _event(state: GccState, e: EventTriggered) -> GccState:
    assert state.activation is not None
    return updated(state, activation=updated(state.activation, event=False))


def _points(state: GccState, e: ReinforcementPoints) -> GccState:
    return updated(state, reinforcement=max(state.reinforcement + e.points, 0))


def _reinforced(state: GccState, e: Reinforced) -> GccState:
    character = state.character(e.character)
    life = state.board_pack.tile(character.tile).life
    state = state.with_character(updated(character, area=e.area, life=life))
    face_down = tuple(t for t in state.face_down if t != character.tile)
    return updated(state, reinforcement=state.reinforcement - e.cost, face_down=face_down)


def _character_activated(state: GccState, e: CharacterActivated) -> GccState:
    assert state.activation is not None
    activation = updated(
        state.activation,
        character=e.character,
        stage="first_move",
        action="",
        times=0,
        moved=False,
        characteristic=-1,
    )
    return updated(state, activation=activation)


def _mission_action(state: GccState, e: MissionActionDone) -> GccState:
    if state.has_hero(e.figure):
        hero = state.hero(e.figure)
        spaces = list(hero.zones.spaces)
        space = next(a.action for a in state.board_pack.mission.actions if a.id == e.action)
        spaces[SPACES.index(space)] += e.cubes
        zones = updated(hero.zones, reserve=hero.zones.reserve - e.cubes, spaces=tuple(spaces))
        return state.with_hero(updated(hero, zones=zones))
    activation = state.activation
    assert activation is not None
    return updated(
        state,
        activation=updated(
            activation,
            stage="action",
            action=e.action,
            times=activation.times + 1,
            characteristic=e.characteristic,
        ),
    )


def _token(state: GccState, e: TokenChanged) -> GccState:
    return state.with_token(updated(state.token(e.token), state=e.state, countdown=e.countdown))


def _laid(state: GccState, e: ContentsLaid) -> GccState:
    state = state.with_token(updated(state.token(e.token), contents=()))
    return updated(state, ground=(*state.ground, *((item, e.area) for item in e.items)))


def _taken(state: GccState, e: ContentsTaken) -> GccState:
    token = state.token(e.token)
    left = tuple(i for i in token.contents if i not in e.items)
    state = state.with_token(updated(token, contents=left))
    hero = state.hero(e.hero)
    return state.with_hero(updated(hero, items=(*hero.items, *e.items)))


def _exploded(state: GccState, e: Exploded) -> GccState:
    return state  # the rolls and wounds follow in their own events; the level reverts (IX R 2)


def _character_ended(state: GccState, e: CharacterActivationEnded) -> GccState:
    activation = state.activation
    assert activation is not None
    done = (*activation.done, e.character)
    return updated(
        state,
        activation=Activation(activation.tile, done),
        movement=None,
    )


def _tile_ended(state: GccState, e: TileActivationEnded) -> GccState:
    return updated(state, activation=None, movement=None, reinforcement=0)


def _villain_ended(state: GccState, e: VillainTurnEnded) -> GccState:
    return updated(state, activation=None, movement=None, activated=0, reinforcement=0)


def _upkeep(state: GccState, e: UpkeepTriggered | TurnEffectTriggered) -> GccState:
    return state  # the effect's own events follow


def _order_asked(state: GccState, e: EffectOrderAsked) -> GccState:
    return updated(state, ordering=Ordering(e.step, e.effects))


def _order_chosen(state: GccState, e: EffectOrderChosen) -> GccState:
    return updated(state, ordering=None)  # the chosen effect follows, then the others


def _game_finished(state: GccState, e: GameFinished) -> GccState:
    flow = Flow("over", "over", VILLAIN_SEAT)
    return updated(state, winner=e.winner, ended_by=e.condition, flow=flow, movement=None)


def _placed(state: GccState, e: DissipationPlaced) -> GccState:
    return updated(state, area_tokens=(*state.area_tokens, AreaToken(e.kind, e.area, e.side)))


def _turned(state: GccState, e: DissipationTurned) -> GccState:
    tokens = list(state.area_tokens)
    at = next(
        i
        for i, t in enumerate(tokens)
        if (t.kind, t.area) == (e.kind, e.area)
        and t.dissipating == e.removed
        and e.side in ("", t.side)  # IX O: the token of the side whose turn starts
    )
    if e.removed:
        del tokens[at]
    else:
        tokens[at] = updated(tokens[at], dissipating=True)
    return updated(state, area_tokens=tuple(tokens))


_HANDLERS: Mapping[type, Callable[[Any, Any], Any]] = {
    **ACTION_HANDLERS,
    GameStarted: _started,
    TurnAdvanced: _turn,
    HeroesTurnBegan: _heroes_began,
    StanceDeclared: _stance,
    MovementDeclared: _declared,
    MovePointsBought: _bought,
    Moved: _moved,
    TerrainDiceRolled: _terrain_dice,
    AreaDiceRolled: _area_dice,
    TerrainRolled: _rolled,
    HeroWounded: _wounded,
    MovementEnded: _movement_ended,
    HeroesFinished: _finished,
    HeroesActionsEnded: _finished,
    HeroesActionsReopened: _reopened,
    HeroesTurnEnded: _heroes_ended,
    VillainTurnBegan: _villain_began,
    CharacterWounded: _character_wounded,
    CharacterNeutralized: _character_neutralized,
    TileNeutralized: _tile_neutralized,
    TileActivated: _tile_activated,
    EventTriggered: _event,
    ReinforcementPoints: _points,
    Reinforced: _reinforced,
    CharacterActivated: _character_activated,
    MissionActionDone: _mission_action,
    TokenChanged: _token,
    ContentsLaid: _laid,
    ContentsTaken: _taken,
    Exploded: _exploded,
    CharacterActivationEnded: _character_ended,
    TileActivationEnded: _tile_ended,
    VillainTurnEnded: _villain_ended,
    UpkeepTriggered: _upkeep,
    TurnEffectTriggered: _upkeep,
    EffectOrderAsked: _order_asked,
    EffectOrderChosen: _order_chosen,
    DissipationPlaced: _placed,
    DissipationTurned: _turned,
    GameFinished: _game_finished,
}

# each, then the step the game owes inside the move (rules version 18, owed.py)
HANDLERS: Mapping[type, Callable[[Any, Any], Any]] = marking(_HANDLERS)
