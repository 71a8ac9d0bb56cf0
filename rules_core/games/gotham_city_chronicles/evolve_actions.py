"""The handlers of the events of actions: rolls and rerolls, attacks and defense, throws,
items changing hands, skills, and the villain's dredging (evolve.py gathers every handler)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_core.engine.updating import updated
from rules_core.games.gotham_city_chronicles import bonus_choice
from rules_core.games.gotham_city_chronicles.energy import (
    SPACES,
    Zones,
    removed,
)
from rules_core.games.gotham_city_chronicles.events import (
    AttackCounted,
    AttackRolled,
    Attracted,
    Blasted,
    ComplexActionResolved,
    ComplexActionRolled,
    DefenseCounted,
    DefenseImpossible,
    DefenseRolled,
    Demobilized,
    DiceRerolled,
    EquipmentHandedOver,
    EquipmentOffered,
    FreeRerollPicked,
    ItemDropped,
    ItemPickedUp,
    ItemThrown,
    ItemUsedUp,
    NothingToDefend,
    OfferDeclined,
    RiverDredged,
    ThrowRolled,
)
from rules_core.games.gotham_city_chronicles.state import (
    VILLAIN_SEAT,
    Fight,
    GccState,
    Offer,
    Roll,
    skill_action,
)


def _spent(zones: Zones, space: str, cubes: int) -> Zones:
    spaces = list(zones.spaces)
    spaces[SPACES.index(space)] += cubes
    return updated(zones, reserve=zones.reserve - cubes, spaces=tuple(spaces))


def _complex_rolled(state: GccState, e: ComplexActionRolled) -> GccState:
    if state.has_hero(e.figure):
        hero = state.hero(e.figure)
        state = state.with_hero(updated(hero, zones=_spent(hero.zones, e.space, e.cubes)))
        seat = hero.seat
    else:  # a character's action of its activation (VI·C·3-5)
        activation = state.activation
        assert activation is not None
        times = activation.times + 1
        activation = updated(
            activation,
            stage="action",
            action=e.action,
            times=times,
            characteristic=e.characteristic,
        )
        state, seat = updated(state, activation=activation), VILLAIN_SEAT
    roll = Roll(e.figure, seat, "complex", e.action, e.space, e.pool, e.faces, lines=e.lines)
    return updated(state, roll=roll)


def _picked(state: GccState, e: FreeRerollPicked) -> GccState:
    roll = state.roll
    assert roll is not None
    return updated(state, roll=updated(roll, picked=(*roll.picked, e.die)))


def _rerolled(state: GccState, e: DiceRerolled) -> GccState:
    roll = state.roll
    assert roll is not None
    faces = list(roll.faces)
    for index, face in zip(e.dice, e.faces, strict=True):
        faces[index] = face
    if e.cubes:
        if state.has_hero(e.figure):
            hero = state.hero(e.figure)
            state = state.with_hero(updated(hero, zones=_spent(hero.zones, "reroll", e.cubes)))
        else:
            state = updated(state, villain=_spent(state.villain, "reroll", e.cubes))
        roll = updated(roll, faces=tuple(faces), paid=True)
    else:
        roll = updated(roll, faces=tuple(faces), free_done=(*roll.free_done, *e.dice), picked=())
    return updated(state, roll=roll)


def _complex_resolved(state: GccState, e: ComplexActionResolved) -> GccState:
    return updated(state, roll=None)


def _picked_up(state: GccState, e: ItemPickedUp) -> GccState:
    hero = state.hero(e.hero)
    ground = list(state.ground)
    ground.remove((e.item, hero.area))
    zones = _spent(hero.zones, "manipulation", 1)
    state = state.with_hero(updated(hero, zones=zones, items=(*hero.items, e.item)))
    return updated(state, ground=tuple(ground))


def _dropped(state: GccState, e: ItemDropped) -> GccState:
    hero = state.hero(e.hero)
    items = list(hero.items)
    items.remove(e.item)
    state = state.with_hero(updated(hero, items=tuple(items)))
    return updated(state, ground=(*state.ground, (e.item, hero.area)))


def _attack_rolled(state: GccState, e: AttackRolled) -> GccState:
    if state.has_hero(e.attacker):
        hero = state.hero(e.attacker)
        state = state.with_hero(updated(hero, zones=_spent(hero.zones, e.kind, e.cubes)))
    else:
        activation = state.activation
        assert activation is not None
        action = f"{e.kind}:{e.characteristic}"
        times = activation.times + 1
        state = updated(
            state, activation=updated(activation, stage="action", action=action, times=times)
        )
    automatic = 0
    if state.has_hero(e.attacker):  # V D 6: each weapon's line, as chosen
        cards = tuple(c for c in (e.weapon, e.second) if c)
        automatic = sum(b.successes for _, b in bonus_choice.applied(state, cards, e.kind, e.lines))
    # VII A: the target's controller declares its defense, a character's with the command post
    fight = Fight(e.attacker, e.target, e.kind, automatic, defender_seat=state.controller(e.target))
    roll = Roll(e.attacker, state.controller(e.attacker), "attack", e.kind, e.kind, e.pool, e.faces)
    return updated(state, fight=fight, roll=roll)


def _attack_counted(state: GccState, e: AttackCounted) -> GccState:
    assert state.fight is not None
    return updated(state, roll=None, fight=updated(state.fight, successes=e.successes))


def _defense_rolled(state: GccState, e: DefenseRolled) -> GccState:
    fight = state.fight
    assert fight is not None
    if state.has_hero(e.defender):
        hero = state.hero(e.defender)
        state = state.with_hero(updated(hero, zones=_spent(hero.zones, "defense", e.cubes)))
    else:
        state = updated(state, villain=_spent(state.villain, "defense", e.cubes))
    roll = Roll(
        e.defender,
        fight.defender_seat,
        "defense",
        "",
        "defense",
        e.pool,
        e.faces,
        lines=e.lines,
        weapons=e.weapons,
    )
    return updated(state, roll=roll)


def _defense_counted(
    state: GccState, e: DefenseCounted | DefenseImpossible | NothingToDefend
) -> GccState:
    return updated(state, roll=None, fight=None)


def _dredged(state: GccState, e: RiverDredged | Demobilized) -> GccState:
    zones = removed(state.villain, e.cubes)
    assert zones is not None
    river = tuple(t for t in state.river if t != e.tile)
    face_down = tuple(t for t in state.face_down if t != e.tile)
    state = updated(state, villain=zones, river=river, face_down=face_down)
    if isinstance(e, Demobilized):
        characters = tuple(updated(c, area="") if c.tile == e.tile else c for c in state.characters)
        state = updated(state, characters=characters, demobilized=True)
    return state


def _throw_rolled(state: GccState, e: ThrowRolled) -> GccState:
    hero = state.hero(e.hero)
    state = state.with_hero(updated(hero, zones=_spent(hero.zones, "manipulation", e.cubes)))
    roll = Roll(
        e.hero, hero.seat, "throw", e.item, "manipulation", e.pool, e.faces, e.target, lines=e.lines
    )
    return updated(state, roll=roll)


def _thrown(state: GccState, e: ItemThrown) -> GccState:
    hero = state.hero(e.hero)
    items = list(hero.items)
    items.remove(e.item)
    state = state.with_hero(updated(hero, items=tuple(items)))
    return updated(state, roll=None, ground=(*state.ground, (e.item, e.landed)))


def _offered(state: GccState, e: EquipmentOffered) -> GccState:
    return updated(state, offer=Offer(e.giver, e.receiver, e.item, e.payer))


def _handed_over(state: GccState, e: EquipmentHandedOver) -> GccState:
    payer = state.hero(e.payer)
    state = state.with_hero(updated(payer, zones=_spent(payer.zones, "manipulation", 1)))
    giver = state.hero(e.giver)
    items = list(giver.items)
    items.remove(e.item)
    state = state.with_hero(updated(giver, items=tuple(items)))
    receiver = state.hero(e.receiver)
    state = state.with_hero(updated(receiver, items=(*receiver.items, e.item)))
    return updated(state, offer=None)


def _declined(state: GccState, e: OfferDeclined) -> GccState:
    return updated(state, offer=None)


def _skill_spent(state: GccState, figure: str, skill: str, characteristic: int) -> GccState:
    """The automatic manipulation a skill costs: a hero's cube on its manipulation space
    (V·C·3 [b] ii), or one carrying out of the character's declared manipulation with that
    characteristic, counted against its multiplier (VI·C·3-5; characters spend no cube)."""
    if state.has_hero(figure):
        hero = state.hero(figure)
        return state.with_hero(updated(hero, zones=_spent(hero.zones, "manipulation", 1)))
    activation = state.activation
    assert activation is not None
    done = updated(
        activation,
        stage="action",
        action=skill_action(skill),
        times=activation.times + 1,
        characteristic=characteristic,
    )
    return updated(state, activation=done)


def _attracted(state: GccState, e: Attracted) -> GccState:
    state = _skill_spent(state, e.figure, "attraction", e.characteristic)
    if state.has_hero(e.target):
        return state.with_hero(updated(state.hero(e.target), area=e.area))
    return state.with_character(updated(state.character(e.target), area=e.area))


def _blasted(state: GccState, e: Blasted) -> GccState:
    state = _skill_spent(state, e.figure, "blast", e.characteristic)
    if state.has_hero(e.figure):
        return state.with_hero(updated(state.hero(e.figure), blasted=True))
    return state.with_character(updated(state.character(e.figure), blasted=True))


def _used_up(state: GccState, e: ItemUsedUp) -> GccState:
    hero = state.hero(e.hero)
    items, gadgets = list(hero.items), list(hero.gadgets)
    if e.item in items:
        items.remove(e.item)
    else:
        gadgets.remove(e.item)
    return state.with_hero(updated(hero, items=tuple(items), gadgets=tuple(gadgets)))


ACTION_HANDLERS: Mapping[type, Callable[[Any, Any], Any]] = {
    RiverDredged: _dredged,
    ThrowRolled: _throw_rolled,
    EquipmentOffered: _offered,
    EquipmentHandedOver: _handed_over,
    OfferDeclined: _declined,
    Attracted: _attracted,
    ItemUsedUp: _used_up,
    Blasted: _blasted,
    ItemThrown: _thrown,
    Demobilized: _dredged,
    ComplexActionRolled: _complex_rolled,
    DiceRerolled: _rerolled,
    FreeRerollPicked: _picked,
    ComplexActionResolved: _complex_resolved,
    ItemPickedUp: _picked_up,
    ItemDropped: _dropped,
    AttackRolled: _attack_rolled,
    AttackCounted: _attack_counted,
    DefenseRolled: _defense_rolled,
    DefenseCounted: _defense_counted,
    DefenseImpossible: _defense_counted,
    NothingToDefend: _defense_counted,
}
