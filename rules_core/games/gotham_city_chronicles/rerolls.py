"""The reroll step after a roll (VIII): free rerolls first, taken together in one go (VIII B is
one step, and the paid rerolls loop back to VIII C, never to it), one die of a colour per reroll
icon of that colour; then paid rerolls, a cube a die on the reroll space within its exertion
limit, as often as wanted; keeping the dice ends the step."""

from __future__ import annotations

import itertools
import random

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.wording import in_words, listed
from rules_core.games.gotham_city_chronicles import (
    area_rolls,
    combat,
    dice,
    manipulation,
    movement,
    throwing,
)
from rules_core.games.gotham_city_chronicles.events import DiceRerolled
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.language import die_shown
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
        return reject("bad_reroll", "Say whether the reroll is paid (true) or free (false).")
    if len(chosen) > reroll_room(state):
        return reject(
            "reroll_limit", "Each die costs a cube on the reroll space, within its limit."
        )
    return None


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
    roll = state.roll
    if roll is None or roll.seat != seat:
        return []
    found = []
    places = range(len(roll.pool))
    for size in range(1, len(roll.pool) + 1):
        for chosen in itertools.combinations(places, size):
            text = ",".join(str(i) for i in chosen)
            for paid in (False, True):
                move = Move.of("reroll", dice=text, paid=paid)
                if reroll_check(state, seat, move) is None:
                    found.append(move)
    return found


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
