"""What follows a miniature's roll for an explosion or a token in its area (IX Q-R) once its
reroll step (VIII) is over: its wounds, then the rest kept in the state's sequel, in order: the
other miniatures of the area (each waits for its own controller's reroll step), the mission
effect's remaining steps (or a Blast's second area), and what the effect is part of: the rest
of the upkeep and the side's turn, the rest of a side's start or end effects and what follows
them, an event's reinforcement points, an action's end-game check."""

from __future__ import annotations

import random

from rules_core.engine.declared import Run
from rules_core.games.gotham_city_chronicles import turns, villain
from rules_core.games.gotham_city_chronicles.mission import TURN_STEPS
from rules_core.games.gotham_city_chronicles.special_rules import (
    carry_out,
    check_now,
    explode_areas,
    roll_each,
)
from rules_core.games.gotham_city_chronicles.state import GccState, Sequel
from rules_core.games.gotham_city_chronicles.wounds import yellow_dice_counted


def area_counted(run: Run[GccState], seat: int, rng: random.Random) -> None:
    """VIII F for an area's roll: the wounds of the dice kept, then what waited behind it."""
    sequel = run.state.sequel
    assert sequel is not None
    yellow_dice_counted(run, seat)
    check_now(run)  # IV C note: the end comes at once, before the area's next roll
    resume(run, sequel, rng)


def resume(run: Run[GccState], sequel: Sequel, rng: random.Random) -> None:
    """Go on from a sequel until another roll waits or nothing is left."""
    if roll_each(run, rng, sequel) or run.state.winner:
        return
    if sequel.origin == "blast":
        if not explode_areas(run, sequel.areas, sequel.level, rng, sequel):
            check_now(run)
        return
    check_now(run)  # after the effect's step, as carry_out checks after each
    if carry_out(run, rng, sequel) or run.state.winner:
        return
    _after_effect(run, sequel, rng)


def _after_effect(run: Run[GccState], sequel: Sequel, rng: random.Random) -> None:
    """What the effect was part of, as its caller would have gone on."""
    if sequel.origin == "upkeep":
        turns.upkeep_effects(run, sequel.later, rng)
    elif sequel.origin in TURN_STEPS:
        turns.turn_effects(run, sequel.origin, rng, sequel.later)
    elif sequel.origin == "event":
        assert sequel.seat is not None
        villain.after_event(run, sequel.seat)
    else:
        check_now(run)
