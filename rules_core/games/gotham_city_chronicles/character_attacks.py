"""A villain's character attacking (VI·D·1, VI·D·2): the attack declared with one of its tile's
characteristics on an enemy miniature (IX M: a hero or a character of the other side), checked
and rolled; counting and the target's defense then go on as for a hero's attack
(rules_core.games.gotham_city_chronicles.combat)."""

from __future__ import annotations

import random

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.gotham_city_chronicles import dice, geometry
from rules_core.games.gotham_city_chronicles.combat import (
    KINDS,
    REACH_RULES,
    after_roll,
    out_of_reach,
)
from rules_core.games.gotham_city_chronicles.events import AttackRolled
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.movement import end_any
from rules_core.games.gotham_city_chronicles.refusals import reject
from rules_core.games.gotham_city_chronicles.state import GccState
from rules_core.games.gotham_city_chronicles.villain import acting_character, declared_refusal


def character_attack_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    character = acting_character(state)
    if isinstance(character, Rejection):
        return character
    kind, index = move.get("kind"), move.get("characteristic")
    if kind not in KINDS:
        return reject("bad_target", "An attack is melee or ranged.")
    refused = declared_refusal(state, str(kind), f"{kind}:{index}", index)
    if refused is not None:
        return refused
    target = move.get("target")
    if not isinstance(target, str) or not (state.has_hero(target) or state.has_character(target)):
        return reject("bad_target", "The target is a miniature on the board.")
    far = out_of_reach(state, character.id, target, str(kind))
    if far is not None:
        return reject("bad_target", far, *REACH_RULES["character", str(kind)])
    return None


def character_attack_apply(
    state: GccState, seat: int, move: Move, rng: random.Random
) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    activation = state.activation
    assert activation is not None
    end_any(run, seat)
    kind, target = str(move.get("kind")), str(move.get("target"))
    index = int(str(move.get("characteristic")))
    character = state.character(activation.character)
    pool = state.board_pack.tile(character.tile).characteristics(kind)[index].dice
    if kind == "ranged":
        pool = (
            *pool,
            *geometry.elevation_dice(state.board_pack.board, character.area, state.area_of(target)),
        )
    run.emit(
        AttackRolled(
            seat=seat,
            attacker=character.id,
            target=target,
            kind=kind,
            cubes=0,
            weapon="",
            second="",
            characteristic=index,
            pool=pool,
            faces=dice.roll(pool, rng),
        )
    )
    after_roll(run, seat, rng)
    return run.events
