"""Skills (X) as far as the book's list goes, for any miniature that has them: a hero's level
(its board's, usable below its encumbrance limit, plus the skill bonus lines of its usable
items, V D 6.4) or a character's (its tile's, VI·A·2 [a] 14), and the skills used as automatic
manipulations, by a hero (V·C·3 [b]) or by the character being activated (VI·D·3 [b]):
Attraction and Blast. Ambidexterity is in combat.py (the Add the Weapon Bonuses step of a
hero's attack). Using a skill is always optional; a neutralized miniature uses none."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.wording import counted, possessive
from rules_core.games.gotham_city_chronicles import (
    bonus_choice,
    dice,
    geometry,
    villain,
    weapon_choice,
)
from rules_core.games.gotham_city_chronicles.events import Attracted, Blasted
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.figures import Bonus
from rules_core.games.gotham_city_chronicles.language import declared_with, name
from rules_core.games.gotham_city_chronicles.manipulation import (
    automatic_refusal,
    uncombined,
    usable,
    used_up,
)
from rules_core.games.gotham_city_chronicles.movement import (
    cube_spenders,
    encumbrance,
    hero_may_act,
)
from rules_core.games.gotham_city_chronicles.refusals import reject
from rules_core.games.gotham_city_chronicles.special_rules import check_now, explode_areas
from rules_core.games.gotham_city_chronicles.state import (
    Character,
    GccState,
    HeroState,
    Sequel,
    skill_action,
)

Miniature = HeroState | Character  # a skill's possessor (X: [the possessor])
HERO_MOVES = ("attract", "blast")  # the heroes' moves; the villain's are character_<skill>
ATTRACTION = "x.attraction"  # its entry; a refusal adds the concept of the requirement failed


def skill_cards(state: GccState, figure: Miniature, skill: str) -> tuple[str, ...]:
    """The usable cards whose permanent line gives the skill (V D 6.4); a character carries
    no card (VI·A·2 [a])."""
    if isinstance(figure, Character):
        return ()
    return tuple(
        i
        for i in dict.fromkeys((*figure.items, *figure.gadgets))
        if usable(state, figure, i) and dice.bonus_lines(state.board_pack.item(i), skill)
    )


def skill_level(
    state: GccState,
    figure: Miniature,
    skill: str,
    picked: Sequence[int] | None = None,
    weapons: Sequence[str] | None = None,
) -> int:
    """A miniature's level in a skill, 0 without it. A character's is its tile's (VI·A·2 [a]
    14), none once neutralized (in the character pool, IX B, X). A hero's is 0 without it
    (V·D·1 [a]) or when neutralized, from then to the end of the game turn of the resting
    stance the neutralization imposes (IX B, X); a card's level adds to the board's (V D 6.4),
    one line a card (V D 6): the line `picked` (a Blast's `lines`), or with None the card's
    highest, where the level only bounds what the hero may do (Attraction's distance,
    Ambidexterity's weapons), so a higher line allows all a lower one would; a tool's line
    identical to another tool's adds nothing, and one weapon of each type adds its line: the
    one of `weapons` (a Blast's or an Attraction's `melee`, `ranged`), or with None the one
    giving the highest level (`skill_lines`)."""
    if isinstance(figure, Character):
        if not figure.area:
            return 0
        return sum(s.level for s in state.board_pack.tile(figure.tile).skills if s.name == skill)
    hero = figure
    if hero.zones.neutralized or hero.down:
        return 0
    load = encumbrance(state, hero)
    level = sum(
        s.level for s in state.board_pack.hero(hero.id).skills if s.name == skill and s.usable(load)
    )
    return level + sum(b.level for _, b in skill_lines(state, hero, skill, picked, weapons))


def _card_lines(
    state: GccState,
    figure: Miniature,
    skill: str,
    picked: Sequence[int] | None,
    weapons: Sequence[str] | None = None,
) -> tuple[tuple[str, Bonus], ...]:
    """Each card's line giving the skill, with its card, of the cards that serve with the
    `weapons` chosen (weapon_choice.kept; with None, every card): the line `picked` on each, or
    with None each card's highest (skill_level); none for a character, which carries no card."""
    cards = skill_cards(state, figure, skill)
    if weapons is not None:
        cards = weapon_choice.kept(state, cards, weapons)
    if picked is not None:
        return bonus_choice.applied(state, cards, skill, picked)
    return tuple(
        (card, max(dice.bonus_lines(state.board_pack.item(card), skill), key=lambda b: b.level))
        for card in cards
    )


def _strongest(state: GccState, lines: Sequence[tuple[str, Bonus]]) -> tuple[str, ...]:
    """The weapon card of each type whose line gives the highest level (the first of them)."""
    best: dict[str, tuple[str, int]] = {}
    for card, bonus in lines:
        kind = weapon_choice.weapon_type(state, card)
        if kind and (kind not in best or bonus.level > best[kind][1]):
            best[kind] = (card, bonus.level)
    return tuple(card for card, _ in best.values())


def skill_lines(
    state: GccState,
    figure: Miniature,
    skill: str,
    picked: Sequence[int] | None = None,
    weapons: Sequence[str] | None = None,
) -> tuple[tuple[str, Bonus], ...]:
    """The cards' lines that add to a hero's level in the skill (V D 6.4), with their cards, as
    skill_level counts them: identical tool bonuses are not combined (V D item types, rules
    version 22), so a second tool card with the same line adds nothing (and, single-use, is
    not used up); nor are the bonuses of two weapons of one type (V D item types, rules
    version 23): the `weapons` the hero chose serve (a Blast, an Attraction), and with None
    the one of each type giving the highest level (Ambidexterity, where the level only bounds
    the weapons the attack names; whether the hero has the skill at all). None for a
    character, which carries no card."""
    lines = _card_lines(state, figure, skill, picked, weapons)
    if weapons is None:
        kept = weapon_choice.kept(state, [c for c, _ in lines], _strongest(state, lines))
        lines = tuple(line for line in lines if line[0] in kept)
    return uncombined(state, lines)


def served(
    state: GccState,
    figure: Miniature,
    skill: str,
    picked: Sequence[int] | None = None,
    weapons: Sequence[str] | None = None,
) -> tuple[str, ...]:
    """The cards whose lines of the skill served when it was used, with the lines `picked` and
    the `weapons` chosen as skill_level takes them (V D 5: a single-use one then leaves)."""
    return tuple(card for card, _ in skill_lines(state, figure, skill, picked, weapons))


def _skilled(state: GccState, seat: int, skill: str) -> list[HeroState]:
    """The seat's heroes that `_possessor` may accept for `skill`: who may spend a cube now
    (`cube_spenders`) and have the skill; it refuses the skill's move to any other."""
    return [hero for hero in cube_spenders(state, seat) if skill_level(state, hero, skill)]


def _possessor(state: GccState, seat: int, move: Move, skill: str) -> Rejection | Miniature:
    """The miniature that uses the skill, if it has it and may spend an automatic manipulation
    on it now: the hero the move names, with a cube for it (V·C·3 [b]), or the character being
    activated, with the manipulation characteristic the move names (VI·C·3-5, VI·D·3 [b])."""
    if move.type in HERO_MOVES:
        hero = hero_may_act(state, seat, move.get("hero"))
        if isinstance(hero, Rejection):
            return hero
        if not skill_level(state, hero, skill):
            named = name(state, hero.id)
            return reject("no_skill", f"{named} has no {skill.capitalize()} skill to use.")
        return automatic_refusal(state, hero) or hero
    character = villain.acting_character(state)
    if isinstance(character, Rejection):
        return character
    if not skill_level(state, character, skill):
        named = name(state, character.id)
        return reject(
            "no_skill", f"{named} has no {skill.capitalize()} skill to use.", "x", "vi-a-2-a"
        )
    index = move.get("characteristic")
    return villain.declared_refusal(state, "manipulation", skill_action(skill), index) or character


def _acting(state: GccState, move: Move) -> Miniature:
    """The possessor of a move its check accepted."""
    if move.type in HERO_MOVES:
        return state.hero(str(move.get("hero")))
    activation = state.activation
    assert activation is not None
    return state.character(activation.character)


def _characteristic(move: Move) -> int:
    """The character's manipulation characteristic (-1 for a hero's move)."""
    index = move.get("characteristic")
    return index if isinstance(index, int) and not isinstance(index, bool) else -1


def _size(state: GccState, figure: str) -> int:
    if state.has_hero(figure):
        return state.board_pack.hero(figure).size
    return state.board_pack.tile(state.character(figure).tile).size


def attract_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    who = _possessor(state, seat, move, "attraction")
    if isinstance(who, Rejection):
        return who
    weapons = _attraction_weapons(state, who, move)
    if weapons is None:
        return weapon_choice.check(state, skill_cards(state, who, "attraction"), "attraction", move)
    target = move.get("target")
    if not isinstance(target, str) or target == who.id:
        return reject("bad_target", "Attraction draws another miniature.", ATTRACTION)
    if not (state.has_hero(target) or state.has_character(target)):
        return reject("bad_target", "There is no such miniature.", ATTRACTION)
    there = state.area_of(target)
    size = _size(state, target)
    if there == who.area:  # reading: nothing to draw in (README)
        here = f"{name(state, target)} is already in {possessive(name(state, who.id))} area."
        return reject("bad_target", here, ATTRACTION)
    return _out_of_attraction(state, who, target, there, size, weapons)


def _attraction_weapons(state: GccState, who: Miniature, move: Move) -> tuple[str, ...] | None:
    """The weapon of each type whose Attraction line serves, as the move names it (V D item
    types); None where the move's choice is refused."""
    return weapon_choice.chosen(state, skill_cards(state, who, "attraction"), "attraction", move)


def _out_of_attraction(
    state: GccState, who: Miniature, target: str, there: str, size: int, weapons: Sequence[str]
) -> Rejection | None:
    """The refusal naming which of Attraction's requirements (X) the target fails, or None: on
    the board, within the skill's level in moves (IX J; a level less than the cards would give
    if identical tool bonuses, or weapons of one type, combined cites V D item types too), in
    clear sight (IX L), no larger than the possessor and not over-occupying the possessor's
    area (IX H)."""
    board = state.board_pack.board
    named, possessor = name(state, target), name(state, who.id)
    if not there:
        return reject("bad_target", f"{named} is not on the board.", ATTRACTION)
    level = skill_level(state, who, "attraction", None, weapons)
    far = geometry.distance(board, who.area, there)
    if far is None or far > level:
        away = "out of reach of any move" if far is None else f"{counted(far, 'move')} away"
        given = _card_lines(state, who, "attraction", None)
        left_out = len(skill_lines(state, who, "attraction", None, weapons)) < len(given)
        tools = ("v-d.item-types",) if left_out else ()
        reach = f"{named} is {away}: {possessive(possessor)} Attraction reaches {level}."
        return reject("bad_target", reach, ATTRACTION, "ix-j", *tools)
    if not geometry.clear_sight(board, who.area, there):
        why = f"{possessor} has no clear line of sight to {named}."
        return reject("bad_target", why, ATTRACTION, "ix-l")
    if size > _size(state, who.id):
        why = f"{named} (size {size}) is larger than {possessor} (size {_size(state, who.id)})."
        return reject("bad_target", why, ATTRACTION)
    if geometry.over_occupies(board, who.area, state.load(who.area), size):
        why = f"{named} would over-occupy the {name(state, who.area)}."
        return reject("bad_target", why, ATTRACTION, "ix-h")
    return None


def attract_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    who = _acting(state, move)
    target = str(move.get("target"))
    run.emit(
        Attracted(
            seat=seat,
            figure=who.id,
            target=target,
            area=who.area,
            characteristic=_characteristic(move),
        )
    )
    weapons = _attraction_weapons(state, who, move) or ()
    used_up(run, seat, who.id, served(state, who, "attraction", None, weapons))
    check_now(run)
    return run.events


def attract_offers(state: GccState, seat: int) -> list[Move]:
    """Every attraction `attract_check` accepts, for the heroes with the skill (`_possessor`
    refuses it to the others, and to a hero without a cube: `cube_spenders`)."""
    figures = state.on_board()
    return [
        move
        for hero in _skilled(state, seat, "attraction")
        for weapons in weapon_choice.options(
            state, skill_cards(state, hero, "attraction"), "attraction"
        )
        for target in figures
        for move in (Move.of("attract", hero=hero.id, target=target, **weapons),)
        if attract_check(state, seat, move) is None
    ]


def blast_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    who = _possessor(state, seat, move, "blast")
    if isinstance(who, Rejection):
        return who
    if who.blasted:
        return reject("skill_used", "Blast is used once a turn.")
    cards = skill_cards(state, who, "blast")
    weapons, kept = weapon_choice.serving(state, cards, "blast", move)
    if weapons is None:
        return weapon_choice.check(state, cards, "blast", move)
    chosen = bonus_choice.check(state, kept, "blast", move)
    if chosen is not None:
        return chosen
    area = move.get("area")
    board = state.board_pack.board
    if (
        not isinstance(area, str)
        or area not in board.neighbours(who.area)
        or not geometry.clear_sight(board, who.area, area)
    ):
        return reject(
            "bad_target", "The second explosion is in an adjacent area in sight.", "x.blast", "ix-l"
        )
    return None


def blast_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    who = _acting(state, move)
    lines, weapons = _blast_choice(state, who, move)
    level = skill_level(state, who, "blast", lines, weapons)
    area = str(move.get("area"))
    run.emit(
        Blasted(
            seat=seat, figure=who.id, area=area, level=level, characteristic=_characteristic(move)
        )
    )
    used_up(run, seat, who.id, served(state, who, "blast", lines, weapons))
    blast = Sequel("blast", seat, actor=who.id)
    if not explode_areas(run, (who.area, area), level, rng, blast):
        check_now(run)
    return run.events


def _blast_choice(
    state: GccState, who: Miniature, move: Move
) -> tuple[tuple[int, ...] | None, tuple[str, ...]]:
    """The weapon of each type whose Blast line serves (V D item types) and the line chosen on
    each card with several (V D 6), as the move names them; None and none for a character,
    which carries no card."""
    if isinstance(who, Character):
        return None, ()
    weapons, kept = weapon_choice.serving(state, skill_cards(state, who, "blast"), "blast", move)
    sizes = bonus_choice.counts(state, kept, "blast")
    return bonus_choice.parsed(move.get("lines"), sizes) or (), weapons or ()


def blast_offers(state: GccState, seat: int) -> list[Move]:
    """Every blast `blast_check` accepts, for the heroes with the skill (`_skilled`)."""
    found = []
    for hero in _skilled(state, seat, "blast"):
        cards = skill_cards(state, hero, "blast")
        for weapons in weapon_choice.options(state, cards, "blast"):
            kept = weapon_choice.kept(state, cards, tuple(weapons.values()))
            found += [
                move
                for area in state.board_pack.board.neighbours(hero.area)
                for lines in bonus_choice.options(state, kept, "blast")
                for move in (Move.of("blast", hero=hero.id, area=area, **weapons, **lines),)
                if blast_check(state, seat, move) is None
            ]
    return found


def skill_label(state: GccState, seat: int, move: Move) -> str:
    """ "Batman draws Killer Croc in with Attraction"; a character's move names the character
    being activated and, where its tile has several, the manipulation characteristic."""
    who: Miniature | None = None
    if move.type in HERO_MOVES and state.has_hero(str(move.get("hero"))):
        who = state.hero(str(move.get("hero")))
    elif move.type not in HERO_MOVES and state.activation and state.activation.character:
        who = state.character(state.activation.character)
    named = name(state, who.id) if who is not None else str(move.get("hero") or "The character")
    way = (
        ""
        if move.type in HERO_MOVES
        else declared_with(state, "manipulation", _characteristic(move))
    )
    if move.type in ("attract", "character_attract"):
        target = name(state, str(move.get("target")))
        cards = skill_cards(state, who, "attraction") if who is not None else ()
        chosen = weapon_choice.words(state, cards, "attraction", move)
        return f"{named} draws {target} in with Attraction{way}{chosen}"
    cards = skill_cards(state, who, "blast") if who is not None else ()
    kept = weapon_choice.serving(state, cards, "blast", move)[1]
    chosen = weapon_choice.words(state, cards, "blast", move)
    chosen += bonus_choice.words(state, kept, "blast", move)
    area = name(state, str(move.get("area")))
    # the blast's own area named, as the adjacent one is ("here" left the reader to find it)
    here = f"the {name(state, who.area)}" if who is not None and who.area else "here"
    return f"{named} sets off a Blast in {here} and in the {area}{way}{chosen}"
