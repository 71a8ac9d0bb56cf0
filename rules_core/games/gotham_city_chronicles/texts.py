"""What each thing in play does, in the game's words, as a hero board, an item card, a tile or
the mission sheet prints it at the table: derived from the content pack, so a custom pack's
cards read as plainly as the reference ones. Everything here is public (view.py)."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.engine.effects import Effect, Value
from rules_core.engine.wording import counted, listed, possessive
from rules_core.games.gotham_city_chronicles import dice
from rules_core.games.gotham_city_chronicles.bonus_choice import bonus_words
from rules_core.games.gotham_city_chronicles.content import Pack
from rules_core.games.gotham_city_chronicles.figures import (
    ACTIONS,
    NO_DICE,
    UNABLE,
    Characteristic,
    Hero,
    Item,
    Skill,
    Space,
    Tile,
)
from rules_core.games.gotham_city_chronicles.language import characteristic_words
from rules_core.games.gotham_city_chronicles.mission import (
    EFFECTS,
    EVENT_TILE,
    EndCondition,
    MissionAction,
    Trigger,
)
from rules_core.games.gotham_city_chronicles.state import GccState

# a bonus line's icon (V D 6) in words
WHEN = {
    "melee": "melee attack",
    "ranged": "ranged attack",
    "manipulation": "manipulation",
    "thought": "thought",
    "movement": "movement",
    "defense": "defense",
    "permanent": "permanent",
}
ITEM_TYPES = {
    "object": "object",
    "tool": "tool",
    "melee": "melee weapon",
    "ranged": "ranged weapon",
}
ITEM_KINDS = {"equipment": "equipment", "gadget": "bat-gadget"}
TURN_STEPS = {
    "heroes_start": "at the start of the heroes' turn",
    "heroes_end": "at the end of the heroes' turn",
    "villain_start": "at the start of the villain's turn",
    "villain_end": "at the end of the villain's turn",
}
SIDES = {"heroes": "the heroes", "villain": "the villain"}
WINS = {"heroes": "the heroes win", "villain": "the villain wins"}


@dataclass(frozen=True, slots=True)
class Text:
    """One thing in play: its kind (hero, item, tile, event, token, rule, mission), its id, its
    name in the pack and what it does."""

    kind: str
    id: str
    name: str
    text: str


def skill_words(skill: Skill) -> str:
    """ "Retaliation 1 (below encumbrance 5)" (V·D·1 [a]: lost from that total on)."""
    limit = f" (below encumbrance {skill.encumbrance_limit})" if skill.encumbrance_limit else ""
    return f"{skill.name.capitalize()} {skill.level}{limit}"


def _space(action: str, space: Space) -> str:
    """An action or defense space: "melee: one orange die a cube, up to 4 cubes"."""
    if space.die == UNABLE:
        return f"{action}: not possible"
    per_cube = "no dice" if space.die == NO_DICE else f"{dice.dice_words((space.die,))} a cube"
    return f"{action}: {per_cube}, up to {counted(space.limit, 'cube')}"


def hero_text(hero: Hero) -> str:
    """A hero board (V A): characteristics, spaces, first movement, recovery and skills."""
    about = [f"energy {hero.energy}", f"size {hero.size}", f"menace {hero.menace}"]
    if hero.trait:
        about.append(f"trait {hero.trait}")
    if hero.utility_belt:
        about.append(f"utility belt {hero.utility_belt}")
    parts = [", ".join(about), *(_space(a, hero.space(a)) for a in ACTIONS)]
    # IX E 4: a defense that is not possible rolls no automatic die either
    automatic = dice.dice_words(hero.automatic_defense) if hero.defense.die != UNABLE else ""
    parts.append(
        _space("defense", hero.defense) + (f", and {automatic} always" if automatic else "")
    )
    move = hero.movement
    parts.append(
        f"movement: {counted(move.multiplier, 'move point')} a cube, "
        f"up to {counted(move.limit, 'cube')}"
    )
    parts.append(f"rerolls: up to {counted(hero.reroll.limit, 'cube')}")
    bonus = [f"{b} up to encumbrance {up_to}" for up_to, b in hero.encumbrance]
    parts.append(f"first movement bonus: {', '.join(bonus)}")
    parts.append(
        f"recovers {counted(hero.recovery_active, 'cube')} active, {hero.recovery_resting} resting"
    )
    if hero.skills:
        parts.append(f"skills: {', '.join(skill_words(s) for s in hero.skills)}")
    return "; ".join(parts)


def item_text(pack: Pack, item: Item) -> str:
    """An item card (V D): its kind, type, weight, who may use it and its bonus lines, the lines
    of one icon offered as a choice (V D 6)."""
    weight = "encumbrance" if item.kind == "equipment" else "size"
    about = [ITEM_KINDS[item.kind], ITEM_TYPES[item.type], f"{weight} {item.weight}"]
    if item.user:
        about.append(f"{pack.hero(item.user).name} only")
    if item.moral_code:
        about.append("not for a hero with the Moral Code trait")
    if item.single_use:
        about.append("used up once a bonus is used")
    icons = dict.fromkeys(b.when for b in item.bonuses)
    lines = [
        f"{WHEN[when]}: " + " or ".join(f"+{bonus_words(b)}" for b in dice.bonus_lines(item, when))
        for when in icons
    ]
    return "; ".join([", ".join(about), *lines])


def _characteristic(action: str, found: tuple[Characteristic, ...]) -> str:
    """A tile's characteristics for one action (VI·A·2 [a]), each repeated up to its
    multiplier."""
    return f"{action}: {' or '.join(characteristic_words(c) for c in found)}"


def tile_text(tile: Tile) -> str:
    """A character tile (VI·A·2): its miniatures' characteristics, life and skills."""
    kind = f"{tile.level}{', a double tile' if tile.kind == 'double' else ''}"
    if tile.side != "villain":
        kind += f", {tile.side}"
    each = [
        f"life {tile.life}",
        f"size {tile.size}",
        f"menace {tile.menace}",
        counted(tile.automatic_defense, "automatic defense success", "automatic defense successes"),
        f"first movement bonus {tile.move_bonus}",
    ]
    if tile.trait:
        each.append(f"trait {tile.trait}")
    parts = [f"{kind}, {counted(tile.figures, 'miniature')}", "each: " + ", ".join(each)]
    parts += [
        _characteristic(a, tile.characteristics(a)) for a in ACTIONS if tile.characteristics(a)
    ]
    if tile.skills:
        parts.append(f"skills: {', '.join(skill_words(s) for s in tile.skills)}")
    parts.append(
        f"reinforcement: {counted(tile.reinforcement, 'point')} a miniature"
        if tile.reinforcement
        else "never brought back as a reinforcement"
    )
    return "; ".join(parts)


def _names(pack: Pack) -> dict[str, str]:
    """The mission's tokens and the board's areas by name, for its effects' words."""
    areas = {area.id: area.name for area in pack.board.areas}
    return {**areas, **{token.id: token.name for token in pack.mission.tokens}}


NAMED = ("token", "area")  # the effect parameters that hold an id, said by its name


def _said(pack: Pack, step: Effect) -> Effect:
    """`step` with its arguments as its words say them: a token's or an area's id by its name,
    a `set_state`'s state by the token's verb phrase for it ("explodes")."""
    names = _names(pack)

    def said(key: str, value: Value) -> Value:
        if key == "state" and step.op == "set_state":
            return pack.mission.token(str(step.get("token"))).turned(str(value))
        return names.get(value, value) if key in NAMED and isinstance(value, str) else value

    return Effect(step.op, tuple((k, said(k, v)) for k, v in step.args))


def effect_words(pack: Pack, steps: tuple[Effect, ...]) -> str:
    """A mission effect in the words of its vocabulary (mission.EFFECTS), its tokens and areas
    by name, a token's new state by its verb phrase: "the Bomb is armed; the Bomb's countdown
    starts at 2"."""
    return "; ".join(EFFECTS.say(_said(pack, s)) for s in steps)


def _condition(pack: Pack, token: str, state: str, countdown: str = "any") -> str:
    """ "while the Bomb is armed and its countdown runs" ("" for no condition)."""
    if not token:
        return ""
    clock = {"running": " and its countdown runs", "zero": " and its countdown is at zero"}
    return f"while the {pack.mission.token(token).name} is {state}{clock.get(countdown, '')}"


def _trigger_text(pack: Pack, trigger: Trigger, when: str) -> str:
    condition = _condition(pack, trigger.token, trigger.state, trigger.countdown)
    said = " ".join(w for w in (when, condition) if w)
    return (
        f"{said}: {effect_words(pack, trigger.effect)}"
        if said
        else effect_words(pack, trigger.effect)
    )


def action_text(pack: Pack, action: MissionAction) -> str:
    """A mission action (V·C·3, VI·D·3): who, what kind, where and when, and its effect."""
    kind = (
        f"complex {action.action} of difficulty {action.difficulty}"
        if action.complex
        else (f"automatic {action.action}")
    )
    token = pack.mission.token(action.token).name
    where = f"in the {possessive(token)} area {_condition(pack, action.token, action.state)}"
    return f"{possessive(SIDES[action.side])} {kind} {where}: {effect_words(pack, action.effect)}"


def event_text(pack: Pack) -> str:
    """The event tile (VI·A·2 [c], VI·B·3 [d]): one of its events whose condition holds, then
    its reinforcement points."""
    events = [f"{e.name} ({_trigger_text(pack, e, '')})" for e in pack.mission.events]
    points = counted(pack.mission.event_points, "reinforcement point")
    return f"the villain plays one event whose condition holds, then gains {points}: " + "; ".join(
        events
    )


def _end(pack: Pack, end: EndCondition) -> str:
    if end.when == "token_state":
        token = pack.mission.token(end.token)
        return f"the {token.name} {token.turned(end.state)}"
    if end.when == "item_in_area":
        area = next(a.name for a in pack.board.areas if a.id == end.area)
        return f"a hero carries {pack.item(end.item).called} into the {area}"
    if end.when == "heroes_neutralized":
        return "every hero is neutralized"
    return f"turn {pack.mission.turn_limit} ends"


def mission_text(pack: Pack) -> str:
    """The mission's objective and turn limit in a sentence (IV C, IV E)."""
    mission = pack.mission
    wins = [
        f"{WINS[side]} once {_either([_end(pack, e) for e in mission.ends if e.winner == side])}"
        for side in SIDES
        if any(e.winner == side for e in mission.ends)
    ]
    first = SIDES[mission.initiative]
    return f"{'; '.join(wins)}; at most {counted(mission.turn_limit, 'turn')}, {first} acting first"


def _either(parts: list[str]) -> str:
    """ "a, b or c": one of several conditions."""
    return " or ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)


def token_text(pack: Pack, token_id: str) -> str:
    token = pack.mission.token(token_id)
    area = next(a.name for a in pack.board.areas if a.id == token.area)
    holds = [pack.item(i).called for i in token.contents]
    first, *others = token.states
    later = f", may become {_either(others)}" if others else ""
    return f"in the {area}, {first} at the start{later}" + (
        f"; holds {listed(holds)}" if holds else ""
    )


def rules_texts(pack: Pack) -> list[Text]:
    """The mission's tokens and special rules: its actions, upkeep and turn effects and what its
    dissipation tokens do (IX O)."""
    mission = pack.mission
    found = [Text("token", t.id, t.name, token_text(pack, t.id)) for t in mission.tokens]
    found += [Text("rule", a.id, a.name, action_text(pack, a)) for a in mission.actions]
    found += [
        Text("rule", u.id, u.name, _trigger_text(pack, u, "at each upkeep")) for u in mission.upkeep
    ]
    found += [
        Text("rule", t.id, t.name, _trigger_text(pack, t, TURN_STEPS[step]))
        for step, t in mission.turn_effects
    ]
    for kind, difficult, dangerous in mission.dissipation:
        levels = [
            f"difficult terrain {difficult}" if difficult else "",
            f"dangerous terrain {dangerous}" if dangerous else "",
        ]
        adds = listed([w for w in levels if w]) or "nothing"
        found.append(
            Text(
                "rule",
                f"{kind}-token",
                f"{kind.capitalize()} token",
                f"adds {adds} to its area while it lasts",
            )
        )
    return found


def texts(state: GccState) -> list[Text]:
    """Every thing in play, in the order a player reads the table: the mission, the heroes, the
    items they carry or may find, the villain's tiles (the river's, then any other with
    characters), the event tile, then the mission's tokens and special rules."""
    pack = state.board_pack
    mission = pack.mission
    found = [Text("mission", mission.id, mission.name, mission_text(pack))]
    found += [
        Text("hero", h.id, pack.hero(h.id).name, hero_text(pack.hero(h.id))) for h in state.heroes
    ]
    in_play = {
        *(i for h in state.heroes for i in (*h.items, *h.gadgets)),
        *(item for item, _ in state.ground),
        *(i for t in state.tokens for i in t.contents),
    }
    found += [Text("item", i.id, i.name, item_text(pack, i)) for i in pack.items if i.id in in_play]
    tiles = {*state.river, *(c.tile for c in state.characters)}
    found += [Text("tile", t.id, t.name, tile_text(t)) for t in pack.tiles if t.id in tiles]
    if EVENT_TILE in state.river:
        found.append(Text("event", EVENT_TILE, "Event tile", event_text(pack)))
    return found + rules_texts(pack)
