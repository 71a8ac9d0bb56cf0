"""The reroll step after a roll (VIII): free rerolls first, taken together in one go (VIII B is
one step, and the paid rerolls loop back to VIII C, never to it), one die of a colour per reroll
icon of that colour; then paid rerolls, a cube a die on the reroll space within its exertion
limit, as often as wanted; keeping the dice ends the step."""

from __future__ import annotations

import random

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.wording import in_words, listed, possessive
from rules_core.games.gotham_city_chronicles import (
    area_rolls,
    combat,
    dice,
    manipulation,
    movement,
    throwing,
)
from rules_core.games.gotham_city_chronicles.events import DiceRerolled, FreeRerollPicked
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.language import die_shown, name
from rules_core.games.gotham_city_chronicles.refusals import reject
from rules_core.games.gotham_city_chronicles.rolling import reroll_possible, reroll_room
from rules_core.games.gotham_city_chronicles.state import GccState


def _indexes(raw: object) -> tuple[int, ...] | None:
    """The dice a move names: "0,2" (indexes in the roll, each once, in increasing order and
    written plainly, as the legal moves write them: "2,0" or "00" is not a move offered)."""
    if not isinstance(raw, str) or not raw or len(raw) > 40:
        return None
    parts = raw.split(",")
    if not all(p.isascii() and p.isdigit() for p in parts):
        return None
    found = tuple(int(p) for p in parts)
    return found if ",".join(str(i) for i in sorted(set(found))) == raw else None


def reroll_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    roll = state.roll
    if roll is None or roll.seat != seat:
        return reject("no_roll", "There is no roll of yours to reroll.")
    chosen = _indexes(move.get("dice"))
    if chosen is None or any(i >= len(roll.pool) for i in chosen):
        return reject(
            "bad_reroll", 'Name dice of the roll by their places, each once and in order, as "0,2".'
        )
    paid = move.get("paid")
    if roll.picked and (paid is not False or chosen != tuple(sorted(roll.picked))):
        named = listed([die_shown(state, i) for i in sorted(roll.picked)])
        return reject(
            "bad_reroll",
            f"The dice chosen for the free reroll are rolled first: {named}.",
            "viii-b",
        )
    if paid is False:
        if roll.paid:
            return reject("bad_reroll", "The free rerolls come before the paid ones.")
        if roll.free_done:
            return reject(
                "bad_reroll",
                "The free rerolls are rolled together, once: the dice left can only be paid for.",
                "viii-b",
                "viii-c",
            )
        refused = dice.check_free_rerolls(roll.pool, chosen, roll.free_done)
        return None if refused is None else reject("bad_reroll", refused.reason)
    if paid is not True:
        return reject("bad_reroll", "Say whether the dice are rerolled for cubes or for free.")
    if len(chosen) > reroll_room(state):
        return _unpaid(state, len(chosen))
    return None


def _unpaid(state: GccState, count: int) -> Rejection:
    """VIII D: a paid reroll of `count` dice refused for what is short, the cubes in reserve
    (IX C) or the room on the reroll space (IX I); a character's are the command post's."""
    roll = state.roll
    assert roll is not None
    if state.has_hero(roll.figure):
        owner = name(state, roll.figure)
        zones, limit = (
            state.hero(roll.figure).zones,
            state.board_pack.hero(roll.figure).reroll.limit,
        )
    else:
        owner = "the villain"
        zones, limit = state.villain, state.board_pack.command_post.reroll.limit
    dice_ = f"{in_words(count)} {'die' if count == 1 else 'dice'}"
    costs = f"Rerolling {dice_} costs {_cubes(count)}"
    if zones.reserve < count:
        held = f"{owner} has {_cubes(zones.reserve)} in reserve"
        return reject("reroll_limit", f"{costs}; {held}.", "viii-d", "ix-c")
    room = dice.room(zones.on("reroll"), limit)
    takes = f"takes {in_words(room)} more" if room else "is full"
    space = f"{possessive(owner)} reroll space {takes} (exertion limit {in_words(limit)})"
    return reject("reroll_limit", f"{costs}; {space}.", "viii-d", "ix-i")


def _cubes(amount: int) -> str:
    """ "no cube", "one cube", "two cubes"."""
    return f"{in_words(amount)} cube{'s' if amount > 1 else ''}"


def reroll_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    roll = state.roll
    assert roll is not None
    chosen = _indexes(move.get("dice")) or ()
    faces = dice.roll([roll.pool[i] for i in chosen], rng)
    cubes = len(chosen) if move.get("paid") is True else 0
    run.emit(DiceRerolled(seat=seat, figure=roll.figure, dice=chosen, faces=faces, cubes=cubes))
    if not reroll_possible(run.state):
        resolve(run, seat, rng)
    return run.events


def reroll_offers(state: GccState, seat: int) -> list[Move]:
    """The dice chosen for the free reroll, rolled together; else each die alone for a cube
    (rules version 25: the free dice are chosen one at a time, `pick_reroll`, and a paid
    reroll of several dice is the same as rerolling them one by one, so no roll offers more
    moves than its pool holds dice; before, every set of dice was a move)."""
    roll = state.roll
    if roll is None or roll.seat != seat:
        return []
    if roll.picked:
        return [Move.of("reroll", dice=",".join(str(i) for i in sorted(roll.picked)), paid=False)]
    singles = (Move.of("reroll", dice=str(i), paid=True) for i in range(len(roll.pool)))
    return [m for m in singles if reroll_check(state, seat, m) is None]


def _die(raw: object) -> int | None:
    return raw if isinstance(raw, int) and not isinstance(raw, bool) else None


def pick_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    roll = state.roll
    if roll is None or roll.seat != seat:
        return reject("no_roll", "There is no roll of yours to reroll.")
    die = _die(move.get("die"))
    if die is None or not 0 <= die < len(roll.pool):
        return reject("bad_reroll", "Name a die of the roll by its place (0 for the first).")
    if roll.paid or roll.free_done:
        return reject(
            "bad_reroll",
            "The free rerolls are rolled together, once: the dice left can only be paid for.",
            "viii-b",
            "viii-c",
        )
    if die in roll.picked:
        return reject("bad_reroll", "That die is already chosen for the free reroll.", "viii-b")
    refused = dice.check_free_rerolls(roll.pool, (*roll.picked, die))
    return None if refused is None else reject("bad_reroll", refused.reason)


def pick_offers(state: GccState, seat: int) -> list[Move]:
    roll = state.roll
    if roll is None or roll.seat != seat:
        return []
    picks = (Move.of("pick_reroll", die=i) for i in range(len(roll.pool)))
    return [m for m in picks if pick_check(state, seat, m) is None]


def pick_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    roll = state.roll
    assert roll is not None
    return [FreeRerollPicked(seat=seat, figure=roll.figure, die=int(str(move.get("die"))))]


def pick_label(state: GccState, seat: int, move: Move) -> str:
    """ "Choose the second die (yellow with a reroll icon: one success) for a free reroll"."""
    die = _die(move.get("die"))
    named = die_shown(state, die) if state.roll and die is not None else "a die"
    return f"Choose {named} for a free reroll"


def reroll_label(state: GccState, seat: int, move: Move) -> str:
    """ "Reroll the first die (yellow: one success) for one cube", "Reroll the first die (white:
    no success) and the third die (yellow: two successes) for free": each die by its place and
    face (two dice of a colour are told apart), numbers in words (`dice` holds places, "0,2")."""
    chosen = _indexes(move.get("dice")) or ()
    named = listed([die_shown(state, i) for i in chosen]) if state.roll else "dice"
    cubes = f"{in_words(len(chosen))} cube{'' if len(chosen) == 1 else 's'}"
    return f"Reroll {named} " + (f"for {cubes}" if move.get("paid") is True else "for free")


def keep_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    roll = state.roll
    if roll is None or roll.seat != seat:
        return reject("no_roll", "There is no roll of yours to keep.")
    return None


def keep_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    resolve(run, seat, rng)
    return run.events


def resolve(run: Run[GccState], seat: int, rng: random.Random) -> None:
    """VIII F: the rerolls are over; the roll counts for what it was rolled for."""
    roll = run.state.roll
    assert roll is not None
    if roll.purpose == "complex":
        manipulation.resolve(run, seat, rng)
    elif roll.purpose == "throw":
        throwing.resolve(run, seat, rng)
    elif roll.purpose == "attack":
        combat.attack_counted(run, seat, rng)
    elif roll.purpose == "terrain":
        movement.terrain_counted(run, seat, rng)
    elif roll.purpose == "area":
        area_rolls.area_counted(run, seat, rng)
    else:
        combat.defense_counted(run, seat, rng)


def keep_offers(state: GccState, seat: int) -> list[Move]:
    return [Move.of("keep")] if keep_check(state, seat, Move.of("keep")) is None else []
