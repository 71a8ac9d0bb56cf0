"""Skills (X) as far as the book's list goes: a hero's skill level (its board's, usable below
its encumbrance limit, plus the skill bonus lines of its usable items, V D 6.4), and the skills
used as automatic manipulations: Attraction and Blast. Ambidexterity is in combat.py (the Add
the Weapon Bonuses step). Using a skill is always optional; a neutralized miniature uses none."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.gotham_city_chronicles import bonus_choice, dice, geometry
from rules_core.games.gotham_city_chronicles.events import Attracted, Blasted
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.manipulation import (
    automatic_refusal,
    usable,
    used_up,
)
from rules_core.games.gotham_city_chronicles.movement import encumbrance, hero_may_act
from rules_core.games.gotham_city_chronicles.refusals import reject
from rules_core.games.gotham_city_chronicles.special_rules import check_now, explode_areas
from rules_core.games.gotham_city_chronicles.state import GccState, HeroState, Sequel


def skill_cards(state: GccState, hero: HeroState, skill: str) -> tuple[str, ...]:
    """The usable cards whose permanent line gives the skill (V D 6.4)."""
    return tuple(
        i
        for i in dict.fromkeys((*hero.items, *hero.gadgets))
        if usable(state, hero, i) and dice.bonus_lines(state.board_pack.item(i), skill)
    )


def skill_level(
    state: GccState, hero: HeroState, skill: str, picked: Sequence[int] | None = None
) -> int:
    """A hero's level in a skill: 0 without it (V·D·1 [a]) or when neutralized, from then to the
    end of the game turn of the resting stance the neutralization imposes (IX B, X); a card's
    level adds to the board's (V D 6.4), one line a card (V D 6): the line `picked` (a Blast's
    `lines`), or with None the card's highest, where the level only bounds what the hero may
    do (Attraction's distance, Ambidexterity's weapons), so a higher line allows all a lower
    one would."""
    if hero.zones.neutralized or hero.down:
        return 0
    load = encumbrance(state, hero)
    level = sum(
        s.level for s in state.board_pack.hero(hero.id).skills if s.name == skill and s.usable(load)
    )
    cards = skill_cards(state, hero, skill)
    if picked is not None:
        return level + sum(b.level for _, b in bonus_choice.applied(state, cards, skill, picked))
    for card in cards:
        level += max(b.level for b in dice.bonus_lines(state.board_pack.item(card), skill))
    return level


def _automatic(state: GccState, seat: int, hero_id: object, skill: str) -> Rejection | HeroState:
    """The hero may spend the cube of an automatic manipulation and has the skill."""
    hero = hero_may_act(state, seat, hero_id)
    if isinstance(hero, Rejection):
        return hero
    if not skill_level(state, hero, skill):
        return reject("no_skill", f"The hero has no {skill.capitalize()} skill to use.")
    return automatic_refusal(state, hero) or hero


def _size(state: GccState, figure: str) -> int:
    if state.has_hero(figure):
        return state.board_pack.hero(figure).size
    return state.board_pack.tile(state.character(figure).tile).size


def attract_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    hero = _automatic(state, seat, move.get("hero"), "attraction")
    if isinstance(hero, Rejection):
        return hero
    target = move.get("target")
    if not isinstance(target, str) or target == hero.id:
        return reject("bad_target", "Attraction draws another miniature.")
    if not (state.has_hero(target) or state.has_character(target)):
        return reject("bad_target", "There is no such miniature.")
    there = state.area_of(target)
    board = state.board_pack.board
    size = _size(state, target)
    if there == hero.area:  # reading: nothing to draw in (README)
        return reject("bad_target", "That miniature is already in the hero's area.", "x.attraction")
    far = geometry.distance(board, hero.area, there) if there else None
    if (
        not there
        or far is None
        or far > skill_level(state, hero, "attraction")
        or not geometry.clear_sight(board, hero.area, there)
        or size > state.board_pack.hero(hero.id).size
        or geometry.over_occupies(board, hero.area, state.load(hero.area), size)
    ):
        return reject(
            "bad_target", "That miniature is not one Attraction can draw here.", "x.attraction"
        )
    return None


def attract_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    hero = state.hero(str(move.get("hero")))
    run.emit(Attracted(seat=seat, hero=hero.id, target=str(move.get("target")), area=hero.area))
    used_up(run, seat, hero.id, skill_cards(state, hero, "attraction"))
    check_now(run)
    return run.events


def attract_offers(state: GccState, seat: int) -> list[Move]:
    figures = [h.id for h in state.heroes] + [c.id for c in state.characters if c.area]
    return [
        move
        for hero in state.heroes
        if hero.seat == seat
        for target in figures
        for move in (Move.of("attract", hero=hero.id, target=target),)
        if attract_check(state, seat, move) is None
    ]


def blast_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    hero = _automatic(state, seat, move.get("hero"), "blast")
    if isinstance(hero, Rejection):
        return hero
    if hero.blasted:
        return reject("skill_used", "Blast is used once a turn.")
    chosen = bonus_choice.check(state, skill_cards(state, hero, "blast"), "blast", move)
    if chosen is not None:
        return chosen
    area = move.get("area")
    board = state.board_pack.board
    if (
        not isinstance(area, str)
        or area not in board.neighbours(hero.area)
        or not geometry.clear_sight(board, hero.area, area)
    ):
        return reject(
            "bad_target", "The second explosion is in an adjacent area in sight.", "x.blast", "ix-l"
        )
    return None


def blast_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    hero = state.hero(str(move.get("hero")))
    level = skill_level(state, hero, "blast", _blast_lines(state, hero, move))
    area = str(move.get("area"))
    run.emit(Blasted(seat=seat, hero=hero.id, area=area, level=level))
    used_up(run, seat, hero.id, skill_cards(state, hero, "blast"))
    blast = Sequel("blast", seat, actor=hero.id)
    if not explode_areas(run, (hero.area, area), level, rng, blast):
        check_now(run)
    return run.events


def _blast_lines(state: GccState, hero: HeroState, move: Move) -> tuple[int, ...]:
    """The Blast line chosen on each card with several (V D 6), as the move names them."""
    sizes = bonus_choice.counts(state, skill_cards(state, hero, "blast"), "blast")
    return bonus_choice.parsed(move.get("lines"), sizes) or ()


def blast_offers(state: GccState, seat: int) -> list[Move]:
    return [
        move
        for hero in state.heroes
        if hero.seat == seat
        for area in state.board_pack.board.neighbours(hero.area)
        for lines in bonus_choice.options(state, skill_cards(state, hero, "blast"), "blast")
        for move in (Move.of("blast", hero=hero.id, area=area, **lines),)
        if blast_check(state, seat, move) is None
    ]


def skill_label(state: GccState, seat: int, move: Move) -> str:
    from rules_core.games.gotham_city_chronicles.language import name

    hero = name(state, str(move.get("hero")))
    if move.type == "attract":
        return f"{hero} draws {name(state, str(move.get('target')))} in with Attraction"
    cards = skill_cards(state, state.hero(str(move.get("hero"))), "blast")
    chosen = bonus_choice.words(state, cards, "blast", move)
    return f"{hero} sets off a Blast here and in the {name(state, str(move.get('area')))}{chosen}"
