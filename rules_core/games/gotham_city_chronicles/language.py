"""The game in its players' words: who sits where, and what each event did at the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_core.engine.types import GameEvent
from rules_core.engine.wording import (
    capitalized,
    counted,
    counted_or_none,
    in_words,
    listed,
    ordinal,
    possessive,
)
from rules_core.games.gotham_city_chronicles import dice, geometry
from rules_core.games.gotham_city_chronicles import events as ev
from rules_core.games.gotham_city_chronicles.effect_order import effect_name, side_choosing
from rules_core.games.gotham_city_chronicles.energy import villain_recovered
from rules_core.games.gotham_city_chronicles.figures import ACTIONS, Characteristic
from rules_core.games.gotham_city_chronicles.mission import EVENT_TILE
from rules_core.games.gotham_city_chronicles.rolling import paid_room
from rules_core.games.gotham_city_chronicles.state import GccState

# why yellow dice are rolled at a figure (TerrainRolled.reason), in words
TERRAIN_REASONS = {
    "fall": "the fall",
    "dangerous": "dangerous terrain",
    "explosion": "the explosion",
}


def name(state: GccState, figure: str) -> str:
    """A miniature, a tile, a token, an item or an area by its name in the pack."""
    pack = state.pack
    if pack is None:
        return figure
    if any(h.id == figure for h in pack.heroes):
        return pack.hero(figure).name
    if state.has_character(figure):
        character = state.character(figure)
        named = pack.tile(character.tile).name
        if sum(c.tile == character.tile for c in state.characters) == 1:
            return named  # the tile's one miniature needs no number
        return f"{named} #{figure.rsplit('-', 1)[-1]}"
    tables: tuple[Any, ...] = (
        pack.tiles,
        pack.items,
        pack.board.areas,
        pack.mission.tokens,
        pack.mission.actions,
        pack.mission.events,
        pack.mission.upkeep,
        tuple(t for _, t in pack.mission.turn_effects),
        pack.mission.ends,
    )
    for table in tables:
        for entry in table:
            if entry.id == figure:
                return str(entry.name)
    return "the event tile" if figure == "event" else figure


def the_tile(state: GccState, tile: str) -> str:
    """A river tile named as a tile ("the Killer Croc tile"), so that activating it does not read
    as activating its miniature of the same name ("The villain activates Killer Croc.")."""
    return "the event tile" if tile == EVENT_TILE else f"the {name(state, tile)} tile"


def item(state: GccState, item_id: str) -> str:
    """An item as a sentence names it, article and all, from the pack: "the Tonfa",
    "Falcone's Ledger" (never "the Falcone's Ledger")."""
    return state.board_pack.item_called(item_id)


def characteristic_words(characteristic: Characteristic) -> str:
    """A tile's characteristic (VI·A·2 [a]) as its dice, with how often it may be repeated
    where that is more than once: "one white die, up to two times"."""
    times = characteristic.multiplier
    repeats = f", up to {in_words(times)} times" if times > 1 else ""
    return dice.dice_words(characteristic.dice) + repeats


def declared_with(state: GccState, action: str, index: object) -> str:
    """The characteristic the character being activated takes an action with (VI·C·3), in a
    move's words, where its tile has several for that action, so no two moves read the same
    (the pack reader refuses two alike): " (its melee characteristic of one orange die, up to
    two times)"; "" where the tile has one."""
    activation = state.activation
    if activation is None or not state.has_character(activation.character) or action not in ACTIONS:
        return ""
    tile = state.board_pack.tile(state.character(activation.character).tile)
    found = tile.characteristics(action)
    if len(found) < 2 or isinstance(index, bool) or not isinstance(index, int):
        return ""
    if not 0 <= index < len(found):
        return ""
    return f" (its {action} characteristic of {characteristic_words(found[index])})"


STEPS = {  # each step of the game turn (state.PHASES), as what the table does in it
    "upkeep": "the upkeep: the mission's upkeep effects take place",
    "stance": "each hero takes a stance, active or resting",
    "actions": "the heroes take their actions",
    "tiles": "the villain activates tiles from the river",
    "over": "the game is over",
}


def step_now(state: GccState) -> str:
    """The step of the game turn the table is at, in words (the view's `step`), the tile the
    villain is activating named ("...: the Killer Croc tile now")."""
    told = STEPS[state.flow.step]
    if state.flow.step == "tiles" and state.activation is not None:
        return f"{told}: {the_tile(state, state.activation.tile)} now"
    return told


def ending(state: GccState, condition: str, winner: str) -> str:
    """How the game ended, and who won ("The Bomb explodes, so the villain wins.")."""
    side = "the heroes win" if winner == "heroes" else "the villain wins"
    return f"{name(state, condition)}, so {side}."


def seat_names(state: GccState) -> tuple[str, ...]:
    """The villain's seat, then each heroes' seat: "the heroes" when one seat plays them all,
    else the heroes it plays."""
    names = ["the villain"]
    for seat in range(1, max(state.seats, 2)):
        heroes = [name(state, h.id) for h in state.heroes if h.seat == seat]
        everyone = len(heroes) > 1 and len(heroes) == len(state.heroes)
        names.append("the heroes" if everyone else listed(heroes) or "a hero")
    return tuple(names)


def _successes(amount: int) -> str:
    """Successes in words, for labels that name dice by place ("one success", "no success")."""
    return f"{in_words(amount)} success{'es' if amount > 1 else ''}"


def _shown(state: GccState, index: int) -> int:
    """The successes the roll's die at `index` shows (II dice: the pack's faces)."""
    roll = state.roll
    assert roll is not None
    return state.board_pack.faces(dice.colour(roll.pool[index]))[roll.faces[index]]


def die_shown(state: GccState, index: int) -> str:
    """A die of the roll waiting by its place, colour and what it shows, so two dice alike are
    still told apart: "the second die (yellow with a reroll icon: one success)"."""
    roll = state.roll
    assert roll is not None
    die = roll.pool[index]
    icon = " with a reroll icon" if dice.has_reroll(die) else ""
    shows = _successes(_shown(state, index))
    return f"the {ordinal(index)} die ({dice.colour(die)}{icon}: {shows})"


def _rerolled(state: GccState, event: ev.DiceRerolled) -> str:
    """ "Batman rerolls the first die (white: no success) for one cube: it now shows one
    success.": the dice as the reroll's move names them (VIII C-E), and what they show now."""
    cost = f"for {in_words(event.cubes)} cube{'s' if event.cubes > 1 else ''}"
    cost = cost if event.cubes else "for free"
    roll = state.roll
    who = name(state, event.figure)
    if roll is None or any(not 0 <= i < len(roll.pool) for i in event.dice):
        many = len(event.dice)
        return f"{who} rerolls {in_words(many)} {'die' if many == 1 else 'dice'} {cost}."
    shown = listed([die_shown(state, i) for i in event.dice])
    now = listed(
        [
            _successes(state.board_pack.faces(dice.colour(roll.pool[i]))[face])
            for i, face in zip(event.dice, event.faces, strict=True)
        ]
    )
    showing = "it now shows" if len(event.dice) == 1 else "they now show"
    return f"{who} rerolls {shown} {cost}: {showing} {now}."


def _yellow_dice(state: GccState, figure: str, reason: str, count: int) -> str:
    """ "Batman rolls two yellow dice for the explosion, and may reroll them.", the reroll only
    where its player can pay for one (the yellow dice have no reroll icon; VIII D: a cube and
    room on the reroll space), since a roll with no reroll possible is counted at once."""
    dice = counted(count, "yellow die", "yellow dice")
    them = "it" if count == 1 else "them"
    rolled = f"{name(state, figure)} rolls {dice} for {TERRAIN_REASONS[reason]}"
    return rolled + (f", and may reroll {them}." if paid_room(state, figure) else ".")


def fight_summary(state: GccState) -> str:
    """The attack waiting for its defense, in words: "Thugs with Crowbar #1's melee attack on
    Batman: two successes to defend against" (VII: the defender declares cubes knowing them)."""
    fight = state.fight
    assert fight is not None
    attack = f"{possessive(name(state, fight.attacker))} {fight.kind} attack"
    against = f"{_successes(fight.successes)} to defend against"
    return f"{attack} on {name(state, fight.target)}: {against}"


def roll_summary(state: GccState) -> str:
    """What the roll waiting shows in all: "Batman's dice show two successes" (rolled in the
    open, VIII: every seat reads it)."""
    roll = state.roll
    assert roll is not None
    total = sum(_shown(state, i) for i in range(len(roll.pool)))
    return f"{possessive(name(state, roll.figure))} dice show {_successes(total)}"


def _want(state: GccState, seat: int) -> str:
    """The verb for a heroes' seat as a subject: one hero wants, several want."""
    return "wants" if sum(h.seat == seat for h in state.heroes) == 1 else "want"


def _actions_ended(state: GccState, e: ev.HeroesActionsEnded) -> str:
    """The game ends the actions of a seat with nothing else to do (rules version 21): all its
    heroes rest (a resting hero takes none, V·B·3 [b]), or none of them can act now."""
    who = capitalized(seat_names(state)[e.player])
    several = sum(h.seat == e.player for h in state.heroes) > 1
    theirs = "their" if several else f"{who}'s"
    rest = ("all rest" if several else "rests") if e.resting else "can take no more actions"
    return f"{who} {rest}: {theirs} actions end for this turn."


def _placed_by(side: str) -> str:
    """Whose token it is (IX O: the side that placed it), "" where an event does not say."""
    return {"heroes": "heroes' ", "villain": "villain's "}.get(side, "")


def _order_asked(state: GccState, e: ev.EffectOrderAsked) -> str:
    """Effects triggering together, and the side that chooses which comes first."""
    effects = listed([f"“{effect_name(state, e.step, x)}”" for x in e.effects])
    side = side_choosing(state.board_pack.mission, e.step)
    who = "the villain chooses" if side == "villain" else "the heroes choose"
    return f"{capitalized(effects)} trigger together: {who} which comes first."


def _items(state: GccState, items: tuple[str, ...]) -> str:
    """Items as a person lists them: "Falcone's Ledger and the Submachine Gun"."""
    return listed([item(state, i) for i in items])


def _villain_recovery(state: GccState, e: ev.VillainTurnBegan) -> str:
    """VI·B·1 in words: the cubes that come back, told apart from the mission's recovery value
    when the fatigue zone (with the spent cubes just moved to it) holds fewer: those are all
    that come back, so the reserve grows by less than the recovery value."""
    back = villain_recovered(state.villain, e.recovery).reserve - state.villain.reserve
    cubes = f"{counted(back, 'cube')} {'comes' if back == 1 else 'come'} back"
    if back == e.recovery:
        return f"The villain's turn begins: {cubes} from fatigue to the reserve."
    recovery = f"the mission's recovery is {counted(e.recovery, 'cube')}"
    if back == 0:
        return f"The villain's turn begins: no cube comes back, fatigue is empty ({recovery})."
    return (
        f"The villain's turn begins: {cubes} to the reserve, all that fatigue holds ({recovery})."
    )


def _hero_wounded(state: GccState, e: ev.HeroWounded) -> str:
    """ "Batman suffers 2 wounds and is neutralized.", told so only as it happens: a hero already
    neutralized (every cube in the wound zone, IX A) still rolls for an explosion or dangerous
    terrain in its area (README), and its wounds move no cube."""
    wounds = f"{name(state, e.hero)} suffers {counted_or_none(e.wounds, 'wound')}"
    if state.hero(e.hero).zones.neutralized:
        return f"{wounds}, but is already neutralized: no cube is left to lose."
    return wounds + (" and is neutralized." if e.neutralized else ".")


def _token_changed(state: GccState, e: ev.TokenChanged) -> str:
    """ "The Bomb is armed.", "The Bomb explodes." (the pack's verb phrase for the state: it
    read "The Bomb is exploded."); the countdown is told where it moved (started or
    counted down, to zero too), not where a new state keeps the one it had (a bomb defused with
    one upkeep to go is defused, not "defused, countdown 1"); a countdown moving alone is told
    alone ("The Bomb's countdown starts at 2." just after "The Bomb is armed.")."""
    before = state.token(e.token)
    moved = e.countdown != before.countdown
    token = name(state, e.token)
    if e.state == before.state and moved:  # the countdown alone: started, or ticking on
        how = "starts at" if e.countdown > before.countdown else "moves to"
        return f"The {token}'s countdown {how} {e.countdown}."
    turned = state.board_pack.mission.token(e.token).turned(e.state)
    return f"The {token} {turned}" + (f", countdown {e.countdown}." if moved else ".")


def _defense_rolled(state: GccState, e: ev.DefenseRolled) -> str:
    """ "The Joker defends with 2 cubes, rolling 2 dice."; a defense of no cube and no die
    says so rather than counting zeros."""
    who = name(state, e.defender)
    if not e.cubes and not e.pool:
        return f"{who} puts no cube on defense and rolls no die."
    cubes = counted(e.cubes, "cube") if e.cubes else "no cube"
    return f"{who} defends with {cubes}, rolling {counted(len(e.pool), 'die', 'dice')}."


def _automatic(state: GccState, successes: int) -> str:
    """Of a defense's successes, how many no die showed (VII G: a tile's automatic defense, an
    item's automatic success), so a score after no die rolled is not a puzzle."""
    roll = state.roll
    if roll is None or not successes:
        return ""
    shown = dice.successes_shown(dict(state.board_pack.dice), roll.pool, roll.faces)
    automatic = successes - shown
    if automatic <= 0:
        return ""
    return ", all automatic" if automatic == successes else f", {automatic} of them automatic"


def _item_thrown(state: GccState, e: ev.ItemThrown) -> str:
    """Where the thrown item lands and the successes that carried it, after what came off them
    (V·D·1 [e]: its encumbrance and the hindering where the thrower stands)."""
    weight = state.board_pack.item(e.item).weight
    thrower = state.hero(e.hero)
    hindering = geometry.action_hindering("heroes", state.occupants(thrower.area, thrower.id))
    off = [f"its encumbrance of {weight}"] if weight else []
    off += [f"{hindering} hindering"] if hindering else []
    after = f" after {listed(off)}" if off else ""
    return (
        f"{capitalized(item(state, e.item))} lands in the {name(state, e.landed)} "
        f"({counted_or_none(e.successes, 'success', 'successes')}{after})."
    )


Story = Callable[[GccState, Any], str]
STORIES: dict[type[GameEvent], Story] = {
    ev.GameStarted: lambda s, e: f"The mission “{e.pack.mission.name}” is set up.",
    ev.TurnAdvanced: lambda s, e: f"Turn {e.turn} begins: the turn marker moves on.",
    ev.HeroesTurnBegan: lambda s, e: "The heroes' turn begins.",
    ev.StanceDeclared: lambda s, e: (
        f"{name(s, e.hero)} takes the {e.stance} stance and recovers "
        f"{counted_or_none(e.recovered, 'cube')}"
        + (f", {e.healed} back from wounds to fatigue." if e.healed else ".")
    ),
    ev.MovementDeclared: lambda s, e: (
        f"{name(s, e.mover)} moves with {counted_or_none(e.points, 'move point')}."
    ),
    ev.MovePointsBought: lambda s, e: (
        f"{name(s, e.mover)} buys {counted(e.points, 'move point')} for {counted(e.cubes, 'cube')}."
    ),
    ev.Moved: lambda s, e: (
        f"{name(s, e.mover)} goes from the {name(s, e.source)} to the {name(s, e.target)}"
        + (f" ({e.kind} level {e.level})" if e.kind != "simple" else "")
        + f" for {counted(e.cost, 'move point')}."
    ),
    ev.TerrainDiceRolled: lambda s, e: _yellow_dice(s, e.figure, e.reason, len(e.dice)),
    ev.AreaDiceRolled: lambda s, e: _yellow_dice(s, e.figure, e.reason, len(e.dice)),
    ev.TerrainRolled: lambda s, e: (
        f"{name(s, e.figure)}'s {counted(len(e.dice), 'yellow die', 'yellow dice')} for "
        f"{TERRAIN_REASONS[e.reason]}: {counted_or_none(e.wounds, 'wound')}."
    ),
    ev.HeroWounded: lambda s, e: _hero_wounded(s, e),
    ev.MovementEnded: lambda s, e: (
        f"{name(s, e.mover)}'s movement ends"
        + (f"; {counted(e.lost, 'move point')} lost." if e.lost else ".")
    ),
    ev.HeroesFinished: lambda s, e: (
        f"{capitalized(seat_names(s)[e.seat or 0])} {_want(s, e.seat or 0)} no more actions."
    ),
    ev.HeroesActionsEnded: lambda s, e: _actions_ended(s, e),
    ev.HeroesActionsReopened: lambda s, e: (
        f"{capitalized(listed([seat_names(s)[p] for p in e.players]))} may act again, "
        "since another hero has acted."
    ),
    ev.HeroesTurnEnded: lambda s, e: "The heroes' turn ends: spent cubes go to fatigue.",
    ev.VillainTurnBegan: lambda s, e: _villain_recovery(s, e),
    ev.CharacterWounded: lambda s, e: (
        f"{name(s, e.character)} suffers {counted_or_none(e.wounds, 'wound')}."
    ),
    ev.CharacterNeutralized: lambda s, e: f"{name(s, e.character)} is neutralized.",
    ev.TileNeutralized: lambda s, e: f"The {name(s, e.tile)} tile is neutralized.",
    ev.TileActivated: lambda s, e: (
        f"The villain activates {the_tile(s, e.tile)} for {counted(e.cost, 'cube')}."
    ),
    ev.EventTriggered: lambda s, e: f"Event: {name(s, e.event)}.",
    ev.ReinforcementPoints: lambda s, e: (
        f"The villain gains {counted(e.points, 'reinforcement point')}."
        if e.points > 0
        else f"The villain loses {counted(-e.points, 'reinforcement point')} left unspent."
    ),
    ev.Reinforced: lambda s, e: (
        f"{name(s, e.character)} comes back as a reinforcement in the {name(s, e.area)} for "
        f"{counted(e.cost, 'reinforcement point')}."
    ),
    ev.CharacterActivated: lambda s, e: f"The villain activates {name(s, e.character)}.",
    ev.MissionActionDone: lambda s, e: f"{name(s, e.figure)} carries out “{name(s, e.action)}”.",
    ev.TokenChanged: lambda s, e: _token_changed(s, e),
    ev.ContentsLaid: lambda s, e: (
        f"{capitalized(_items(s, e.items))} {'lies' if len(e.items) == 1 else 'lie'} in the "
        f"{name(s, e.area)}."
    ),
    ev.ContentsTaken: lambda s, e: f"{name(s, e.hero)} takes {_items(s, e.items)}.",
    ev.Exploded: lambda s, e: f"A level {e.level} explosion rocks the {name(s, e.area)}.",
    ev.RiverDredged: lambda s, e: (
        f"The villain dredges {name(s, e.tile)} from the river for {counted(e.cubes, 'cube')}."
    ),
    ev.Demobilized: lambda s, e: (
        f"The villain demobilizes {name(s, e.tile)}: its miniatures leave the board."
    ),
    ev.CharacterActivationEnded: lambda s, e: f"{name(s, e.character)}'s activation ends.",
    ev.TileActivationEnded: lambda s, e: f"The activation of {the_tile(s, e.tile)} ends.",
    ev.VillainTurnEnded: lambda s, e: "The villain's turn ends.",
    ev.UpkeepTriggered: lambda s, e: f"Upkeep: {name(s, e.effect)}.",
    ev.TurnEffectTriggered: lambda s, e: f"Mission: {name(s, e.effect)}.",
    ev.EffectOrderAsked: lambda s, e: _order_asked(s, e),
    ev.EffectOrderChosen: lambda s, e: f"“{effect_name(s, e.step, e.effect)}” comes first.",
    ev.DissipationPlaced: lambda s, e: f"A {e.kind} token is placed in the {name(s, e.area)}.",
    ev.DissipationTurned: lambda s, e: (
        f"The {_placed_by(e.side)}{e.kind} token in the {name(s, e.area)} "
        + ("dissipates." if e.removed else "turns to its dissipating side.")
    ),
    ev.GameFinished: lambda s, e: ending(s, e.condition, e.winner),
    ev.ComplexActionRolled: lambda s, e: (
        f"{name(s, e.figure)} tries to {name(s, e.action).lower()} with {counted(e.cubes, 'cube')}."
    ),
    ev.DiceRerolled: lambda s, e: _rerolled(s, e),
    ev.FreeRerollPicked: lambda s, e: (
        f"{name(s, e.figure)} chooses {die_shown(s, e.die)} for a free reroll."
    ),
    ev.ComplexActionResolved: lambda s, e: (
        capitalized(counted_or_none(e.successes, "success", "successes"))
        + (f" after {e.hindering} hindering" if e.hindering else "")
        + f" against a difficulty of {e.difficulty}: "
        + ("it works." if e.succeeded else "it fails.")
    ),
    ev.ItemPickedUp: lambda s, e: f"{name(s, e.hero)} picks up {item(s, e.item)}.",
    ev.ThrowRolled: lambda s, e: (
        f"{name(s, e.hero)} throws {item(s, e.item)} toward the {name(s, e.target)} "
        f"(difficulty {e.difficulty}) with {counted(e.cubes, 'cube')}."
    ),
    ev.ItemThrown: lambda s, e: _item_thrown(s, e),
    ev.EquipmentOffered: lambda s, e: (
        f"{name(s, e.payer)} asks to hand {item(s, e.item)} from {name(s, e.giver)} "
        f"to {name(s, e.receiver)}."
    ),
    ev.EquipmentHandedOver: lambda s, e: (
        f"{name(s, e.giver)} hands {item(s, e.item)} to {name(s, e.receiver)}."
    ),
    ev.OfferDeclined: lambda s, e: "The exchange is refused.",
    ev.Attracted: lambda s, e: (
        f"{name(s, e.figure)} draws {name(s, e.target)} into the {name(s, e.area)}."
    ),
    ev.Blasted: lambda s, e: (
        f"{name(s, e.figure)} sets off a level {e.level} blast in "
        + (f"the {name(s, s.area_of(e.figure))}" if s.area_of(e.figure) else "its own area")
        + f" and the {name(s, e.area)}."
    ),
    ev.ItemUsedUp: lambda s, e: f"{name(s, e.hero)} uses up {item(s, e.item)}: it leaves the game.",
    ev.ItemDropped: lambda s, e: f"{name(s, e.hero)} drops {item(s, e.item)}.",
    ev.AttackRolled: lambda s, e: (
        f"{name(s, e.attacker)} makes a {e.kind} attack on {name(s, e.target)}"
        + (f" with {item(s, e.weapon)}" if e.weapon else "")
        + f", rolling {counted(len(e.pool), 'die', 'dice')}."
    ),
    ev.AttackCounted: lambda s, e: (
        f"The attack scores {counted_or_none(e.successes, 'success', 'successes')}"
        + (f" after {e.hindering} hindering." if e.hindering else ".")
    ),
    ev.DefenseRolled: lambda s, e: _defense_rolled(s, e),
    ev.DefenseCounted: lambda s, e: (
        f"The defense scores {counted_or_none(e.successes, 'success', 'successes')}"
        f"{_automatic(s, e.successes)}: {counted_or_none(e.wounds, 'wound')} "
        f"{'gets' if e.wounds <= 1 else 'get'} through."
    ),
    ev.NothingToDefend: lambda s, e: (
        f"{name(s, e.defender)} has no success to defend against: no cube is spent, no wound "
        "gets through."
    ),
    ev.DefenseImpossible: lambda s, e: (
        f"{name(s, e.defender)} cannot defend itself: {counted_or_none(e.wounds, 'wound')} "
        f"{'gets' if e.wounds <= 1 else 'get'} through."
    ),
}


def narrate(state: GccState, event: GameEvent, seat: int | None, reveal: bool) -> str:
    """What the event did; nothing in this game is hidden from anyone (README)."""
    story = STORIES.get(type(event))
    return story(state, event) if story is not None else ""
