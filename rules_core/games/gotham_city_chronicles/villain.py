"""The villain's turn (VI B-E): activating up to two tiles from the river, the event tile and
reinforcement, and each character of a tile activated in turn: its first movement, one action
other than movement repeated up to its multiplier, its second movement."""

from __future__ import annotations

import random

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.wording import counted
from rules_core.games.gotham_city_chronicles import dice, geometry, manipulation, movement
from rules_core.games.gotham_city_chronicles.events import (
    CharacterActivated,
    CharacterActivationEnded,
    ComplexActionRolled,
    Demobilized,
    EventTriggered,
    MissionActionDone,
    Reinforced,
    ReinforcementPoints,
    RiverDredged,
    TileActivated,
    TileActivationEnded,
)
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.language import declared_with
from rules_core.games.gotham_city_chronicles.mission import EVENT_TILE, MissionAction
from rules_core.games.gotham_city_chronicles.refusals import reject
from rules_core.games.gotham_city_chronicles.river import activation_cost, dredge_cost
from rules_core.games.gotham_city_chronicles.rolling import reroll_possible
from rules_core.games.gotham_city_chronicles.special_rules import carry_out, check_now, holds
from rules_core.games.gotham_city_chronicles.state import Activation, Character, GccState, Sequel
from rules_core.games.gotham_city_chronicles.turns import turn_effects

TILES_A_TURN = 2  # VI B


def _villain_turn(state: GccState) -> bool:
    return state.flow.phase == "villain" and not state.winner


def tile_name(state: GccState, tile: str) -> str:
    if tile == EVENT_TILE:
        return "the event tile"
    return next((t.name for t in state.board_pack.tiles if t.id == tile), tile)


def event_name(state: GccState, event: object) -> str:
    events = state.board_pack.mission.events
    return next((e.name for e in events if e.id == event), str(event))


def area_name(state: GccState, area: object) -> str:
    return next((a.name for a in state.board_pack.board.areas if a.id == area), str(area))


def action_name(state: GccState, action: object) -> str:
    actions = state.board_pack.mission.actions
    return next((a.name for a in actions if a.id == action), str(action))


def action_label(state: GccState, seat: int, move: Move) -> str:
    """ "Arm the Bomb", with the characteristic declared where the tile has several (VI·C·3)."""
    action = _mission_action(state, move.get("action"))
    way = declared_with(state, action.action, move.get("characteristic")) if action else ""
    return action_name(state, move.get("action")) + way


def cost_of(state: GccState, tile: str) -> int:
    """VI·B·3 [a]: the cost above the tile (or its cost indicator) in the river."""
    cost_at = 0 if tile == EVENT_TILE else state.board_pack.tile(tile).cost_at
    return activation_cost(state.river, tile, state.board_pack.command_post.river_costs, cost_at)


def _between_tiles(state: GccState) -> Rejection | None:
    if state.reinforcement:
        return reject("spend_reinforcement", "Spend or give up the reinforcement points first.")
    if state.activation is not None and state.activation.event:
        return reject("choose_event", "Choose the event the event tile triggers first.")
    return None


# ---- activating a tile (VI·B·3) -------------------------------------------------------------


def activate_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    refused = _between_tiles(state)
    if refused is not None:
        return refused
    if state.activation is not None:
        return reject("activation_under_way", "End the tile activation under way first.")
    if state.activated >= TILES_A_TURN:
        return reject("tile_limit", "The villain activates at most two tiles a turn.")
    tile = move.get("tile")
    if not isinstance(tile, str) or tile not in state.river:
        return reject(
            "no_such_tile",
            "That tile is not in the river: ask for the legal moves to see the tiles.",
        )
    if tile in state.face_down:
        return reject("tile_neutralized", f"{tile_name(state, tile)} is neutralized.")
    cost = cost_of(state, tile)
    if cost > state.villain.reserve:
        return reject("cannot_afford", f"Activating {tile_name(state, tile)} costs {cost} cubes.")
    return None


def activate_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    tile = str(move.get("tile"))
    run.emit(TileActivated(seat=seat, tile=tile, cost=cost_of(state, tile)))
    if tile == EVENT_TILE and not _events(run.state):
        _reinforcement(run, seat)  # no event's conditions hold: only the points
    return run.events


def _events(state: GccState) -> tuple[str, ...]:
    return tuple(e.id for e in state.board_pack.mission.events if holds(state, e))


def _reinforcement(run: Run[GccState], seat: int) -> None:
    """VI·B·3 [d], VI E: the event tile's points, spent at once; none to spend: lost."""
    points = run.state.board_pack.mission.event_points
    if points:
        run.emit(ReinforcementPoints(seat=seat, points=points))
    _settle(run, seat)


def _settle(run: Run[GccState], seat: int) -> None:
    """Points nothing can be bought with are lost; then the event tile's activation ends."""
    if run.state.reinforcement and not _reinforcements(run.state):
        run.emit(ReinforcementPoints(seat=seat, points=-run.state.reinforcement))
    activation = run.state.activation
    if not run.state.reinforcement and activation is not None and activation.tile == EVENT_TILE:
        run.emit(TileActivationEnded(seat=seat, tile=EVENT_TILE))


def event_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    if state.activation is None or not state.activation.event:
        return reject("no_activation", "The event tile has not been activated.")
    if move.get("event") not in _events(state):
        return reject("no_such_event", "The mission has no such event whose conditions hold.")
    return None


def event_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    event = next(e for e in state.board_pack.mission.events if e.id == move.get("event"))
    run.emit(EventTriggered(seat=seat, event=event.id))
    if not carry_out(run, rng, Sequel("event", seat, event.id)):
        after_event(run, seat)
    return run.events


def after_event(run: Run[GccState], seat: int) -> None:
    """Once the event's effect is over: the event tile's reinforcement points."""
    if not run.state.winner:
        _reinforcement(run, seat)


# ---- reinforcement (VI E) -------------------------------------------------------------------


def _reinforcements(state: GccState) -> tuple[tuple[str, str], ...]:
    """Every (tile, area) a character may come back to with the points held."""
    pack = state.board_pack
    found = []
    areas = tuple(a.id for a in pack.board.areas if a.reinforcement)
    for tile_id in dict.fromkeys(c.tile for c in state.characters if not c.area):
        tile = pack.tile(tile_id)
        if not tile.reinforcement or tile.reinforcement > state.reinforcement:
            continue
        if tile_id not in state.river:
            continue  # dredged or demobilized: never back (VI F, VI G)
        load = {a.id: state.load(a.id) for a in pack.board.areas}
        places = {p for a in areas for p in geometry.entry_areas(pack.board, a, load, tile.size)}
        found += [(tile_id, a.id) for a in pack.board.areas if a.id in places]
    return tuple(found)


def reinforce_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    if not state.reinforcement:
        return reject("no_reinforcement", "There are no reinforcement points to spend.")
    if (move.get("tile"), move.get("area")) not in _reinforcements(state):
        return reject("no_reinforcement", "No such character can come back there.")
    return None


def reinforce_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    tile = str(move.get("tile"))
    character = next(c for c in state.characters if c.tile == tile and not c.area)
    cost = state.board_pack.tile(tile).reinforcement
    run.emit(Reinforced(seat=seat, character=character.id, area=str(move.get("area")), cost=cost))
    _settle(run, seat)
    return run.events


def reinforce_label(state: GccState, seat: int, move: Move) -> str:
    """ "Bring back one of the Brutes with Chains to the Street for 2 reinforcement points": the
    tile's reinforcement cost (VI·A·2 [a] 15, VI E), as a tile's activation names its cubes."""
    tile = str(move.get("tile"))
    cost = next((t.reinforcement for t in state.board_pack.tiles if t.id == tile), 0)
    return (
        f"Bring back one of the {tile_name(state, tile)} to the "
        f"{area_name(state, move.get('area'))} for {counted(cost, 'reinforcement point')}"
    )


def give_up_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    if not state.reinforcement:
        return reject("no_reinforcement", "There are no reinforcement points to spend.")
    return None


def give_up_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    run.emit(ReinforcementPoints(seat=seat, points=-state.reinforcement))
    _settle(run, seat)
    return run.events


# ---- activating characters (VI C) ----------------------------------------------------------


def _current(state: GccState) -> Activation | None:
    activation = state.activation
    if activation is None or activation.event or activation.tile == EVENT_TILE:
        return None
    return activation


def designate_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    activation = _current(state)
    if state.reinforcement:
        return _between_tiles(state)
    if activation is None:
        return reject("no_activation", "No character tile is being activated.")
    if activation.character:
        return reject("activation_under_way", "Finish the activation of the character first.")
    figure = move.get("character")
    if (
        not isinstance(figure, str)
        or not state.has_character(figure)
        or state.character(figure).tile != activation.tile
        or not state.character(figure).area
        or figure in activation.done
    ):
        return reject("not_this_character", "Choose a character of the tile not yet activated.")
    return None


def designate_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    return [CharacterActivated(seat=seat, character=str(move.get("character")))]


def character_move_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    activation = _current(state)
    figure = move.get("character")
    if activation is None or figure != activation.character or not activation.character:
        return reject("not_this_character", "Only the character being activated moves.")
    if activation.stage == "done":
        return reject("character_step", "This character has made both its movements.")
    return movement.destination_check(state, movement.mover(state, str(figure)), move.get("to"))


def character_move_apply(
    state: GccState, seat: int, move: Move, rng: random.Random
) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    movement.step(run, seat, str(move.get("character")), str(move.get("to")), rng)
    return run.events


def _mission_action(state: GccState, action_id: object) -> MissionAction | None:
    actions = state.board_pack.mission.actions
    return next((a for a in actions if a.id == action_id and a.side == "villain"), None)


def acting_character(state: GccState) -> Rejection | Character:
    """The character being activated, at the step of its action other than movement: after its
    first movement, before its second (VI·C·3-6)."""
    activation = _current(state)
    if activation is None or not activation.character:
        return reject("not_this_character", "No character is being activated.")
    if activation.stage not in ("first_move", "action"):
        return reject("character_step", "The action comes between the two movements.")
    return state.character(activation.character)


def declared_refusal(state: GccState, space: str, action: str, index: object) -> Rejection | None:
    """Why the character being activated may not carry out `action` (one of its tile's `space`
    actions: a mission action, a skill) with characteristic `index` now: it repeats the one
    action it declared, with the characteristic it declared it with (VI·C·3), within that
    characteristic's multiplier (VI·C·5)."""
    activation = state.activation
    assert activation is not None
    if activation.action and activation.action != action:
        return reject("character_step", "A character repeats the one action it declared.")
    tile = state.board_pack.tile(state.character(activation.character).tile)
    chosen = tile.characteristics(space)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(chosen):
        return reject(
            "no_such_action",
            f"{tile.name} has no such {space} characteristic.",
            "vi-c-3",
            "vi-a-2-a",
            "ix-e",
        )
    if activation.characteristic >= 0 and activation.characteristic != index:
        return reject(
            "character_step",
            "A character repeats its action with the characteristic it declared it with.",
        )
    if activation.times >= chosen[index].multiplier:
        return reject("multiplier_reached", "The action multiplier allows no more repeats.")
    return None


def action_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    character = acting_character(state)
    if isinstance(character, Rejection):
        return character
    action = _mission_action(state, move.get("action"))
    if action is None:
        return reject("no_such_action", "The mission gives the villain no such action.")
    refused = declared_refusal(state, action.action, action.id, move.get("characteristic"))
    if refused is not None:
        return refused
    token = state.token(action.token)
    if character.area != token.area or token.state != action.state:
        return reject("no_such_action", f"{action.name} is not possible here and now.")
    return None


def action_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    activation = run.state.activation
    assert activation is not None
    movement.end_any(run, seat)
    action = _mission_action(state, move.get("action"))
    assert action is not None
    index = int(str(move.get("characteristic")))
    if action.complex:  # VI·D·3 [a]: the characteristic's dice, rerolls, then the difficulty
        character = state.character(activation.character)
        tile = state.board_pack.tile(character.tile)
        pool = tile.characteristics(action.action)[index].dice
        run.emit(
            ComplexActionRolled(
                seat=seat,
                figure=character.id,
                action=action.id,
                space=action.action,
                cubes=0,
                pool=pool,
                faces=dice.roll(pool, rng),
                characteristic=index,
            )
        )
        if not reroll_possible(run.state):
            manipulation.resolve(run, seat, rng)
        return run.events
    run.emit(
        MissionActionDone(
            seat=seat, figure=activation.character, action=action.id, cubes=0, characteristic=index
        )
    )
    if not carry_out(run, rng, Sequel("action", seat, action.id, activation.character)):
        check_now(run)
    return run.events


def _end_character(run: Run[GccState], seat: int) -> None:
    activation = run.state.activation
    if activation is None or not activation.character:
        return
    movement.end_any(run, seat)
    run.emit(CharacterActivationEnded(seat=seat, character=activation.character))


def end_character_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    activation = _current(state)
    if activation is None or not activation.character:
        return reject("not_this_character", "No character is being activated.")
    return None


def end_character_apply(
    state: GccState, seat: int, move: Move, rng: random.Random
) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    _end_character(run, seat)
    return run.events


def end_activation_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    refused = _between_tiles(state)  # the event tile's points: spent first (VI E)
    if refused is None and _current(state) is None:
        return reject("no_activation", "No character tile is being activated.")
    return refused


def _end_activation(run: Run[GccState], seat: int) -> None:
    _end_character(run, seat)
    activation = run.state.activation
    if activation is not None:
        run.emit(TileActivationEnded(seat=seat, tile=activation.tile))


def end_activation_apply(
    state: GccState, seat: int, move: Move, rng: random.Random
) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    _end_activation(run, seat)
    return run.events


def end_turn_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    return _between_tiles(state)


def end_turn_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    _end_activation(run, seat)
    turn_effects(run, "villain_end", rng)  # VI·B·5, then the turn's end
    return run.events


# ---- what the villain may do now ------------------------------------------------------------


def offers(state: GccState, seat: int) -> dict[str, list[Move]]:
    """Every candidate of each villain move type (each then filtered by its check)."""
    if not _villain_turn(state):
        return {}
    activation = state.activation
    found: dict[str, list[Move]] = {
        "activate": [Move.of("activate", tile=t) for t in dict.fromkeys(state.river)],
        "choose_event": [Move.of("choose_event", event=e) for e in _events(state)],
        "reinforce": [Move.of("reinforce", tile=t, area=a) for t, a in _reinforcements(state)],
        "give_up_reinforcement": [Move.of("give_up_reinforcement")],
        "end_villain_turn": [Move.of("end_villain_turn")],
        "end_activation": [Move.of("end_activation")],
        "dredge": [Move.of("dredge", tile=t) for t in state.face_down],
        "demobilize": [Move.of("demobilize", tile=t) for t in dict.fromkeys(state.river)],
    }
    if activation is not None:
        found["activate_character"] = [
            Move.of("activate_character", character=c.id)
            for c in state.characters
            if c.tile == activation.tile
        ]
        if activation.character:
            where = state.character(activation.character).area
            board = state.board_pack.board
            steps = board.neighbours(where) + tuple(s.target for s in board.specials_from(where))
            found["move_character"] = [
                Move.of("move_character", character=activation.character, to=a) for a in steps
            ]
            tile = state.board_pack.tile(state.character(activation.character).tile)
            found["character_action"] = [
                Move.of("character_action", action=a.id, characteristic=k)
                for a in state.board_pack.mission.actions
                for k in range(len(tile.characteristics(a.action)))
            ]
            found["character_attack"] = [
                Move.of("character_attack", kind=k, characteristic=i, target=target)
                for k in ("melee", "ranged")
                for i in range(len(tile.characteristics(k)))
                for target in state.on_board()
            ]
            found["end_character"] = [Move.of("end_character")]
            found.update(_skill_candidates(state, activation.character))
    return found


def _skill_candidates(state: GccState, figure: str) -> dict[str, list[Move]]:
    """The character's uses of its tile's skills (X, VI·D·3 [b]): with each manipulation
    characteristic, Attraction at each other miniature on the board, Blast at each neighbour."""
    character = state.character(figure)
    tile = state.board_pack.tile(character.tile)
    skills = {s.name for s in tile.skills}
    ways = range(len(tile.manipulation))
    others = state.on_board()
    return {
        "character_attract": [
            Move.of("character_attract", characteristic=k, target=t)
            for k in ways
            for t in others
            if "attraction" in skills and t != figure
        ],
        "character_blast": [
            Move.of("character_blast", characteristic=k, area=a)
            for k in ways
            for a in state.board_pack.board.neighbours(character.area)
            if "blast" in skills and character.area
        ],
    }


# ---- dredging and demobilization (VI F, VI G): not actions, at any moment of the turn ------------


def _cubes_left(state: GccState) -> int:
    """The cubes dredging may take: fatigue, spaces, then reserve (VI F)."""
    zones = state.villain
    return zones.reserve + zones.fatigue + sum(zones.spaces)


def _not_busy(state: GccState) -> Rejection | None:
    if state.reinforcement or (state.activation is not None and state.activation.event):
        return _between_tiles(state)
    return None


def dredge_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    refused = _not_busy(state)
    if refused is not None:
        return refused
    tile = move.get("tile")
    if not isinstance(tile, str) or tile not in state.face_down:
        return reject("not_neutralized", "Only a neutralized tile is dredged from the river.")
    if _cubes_left(state) < dredge_cost(1):
        return reject("not_enough_cubes", "Dredging a tile takes two cubes out of the game.")
    return None


def dredge_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    return [RiverDredged(seat=seat, tile=str(move.get("tile")), cubes=dredge_cost(1))]


def demobilize_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    refused = _not_busy(state)
    if refused is not None:
        return refused
    if state.demobilized:
        return reject("demobilized_already", "The villain demobilizes once a game.")
    tile = move.get("tile")
    if (
        not isinstance(tile, str)
        or tile not in state.river
        or tile == EVENT_TILE
        or state.board_pack.tile(tile).level not in ("elite", "henchman")
    ):
        return reject("cannot_demobilize", "Only an elite or henchman tile in the river.")
    if state.activation is not None and state.activation.tile == tile:
        return reject("cannot_demobilize", "Not the tile being activated.")
    if _cubes_left(state) < dredge_cost(1):  # VI G: dredged as though neutralized (VI F)
        return reject(
            "not_enough_cubes",
            "Demobilizing a tile dredges it, which takes two cubes out of the game.",
            "vi-g",
            "vi-f",
        )
    return None


def demobilize_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    run.emit(Demobilized(seat=seat, tile=str(move.get("tile")), cubes=dredge_cost(1)))
    check_now(run)
    return run.events
