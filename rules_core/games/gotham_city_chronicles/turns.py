"""The game turn (IV): upkeep, the side with initiative, end-game check 1, the other side,
end-game check 2, and round again."""

from __future__ import annotations

import random

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move
from rules_core.games.gotham_city_chronicles import effect_order
from rules_core.games.gotham_city_chronicles.events import (
    DissipationTurned,
    EffectOrderChosen,
    HeroesTurnBegan,
    HeroesTurnEnded,
    TurnAdvanced,
    TurnEffectTriggered,
    UpkeepTriggered,
    VillainTurnBegan,
    VillainTurnEnded,
)
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.special_rules import (
    carry_out,
    check_after_side,
    check_now,
    holds,
)
from rules_core.games.gotham_city_chronicles.state import VILLAIN_SEAT, GccState, Sequel


def begin(run: Run[GccState], side: str, rng: random.Random) -> None:
    """IV B / IV D: a side's turn starts (its upkeep, then its start-of-turn effects)."""
    if side == "heroes":
        run.emit(HeroesTurnBegan(seat=None))
    else:
        recovery = run.state.board_pack.mission.villain_recovery
        run.emit(VillainTurnBegan(seat=None, recovery=recovery))
    for token in run.state.area_tokens:  # IX O: the side's own tokens turn or go
        if token.side == side:
            event = DissipationTurned(
                seat=None,
                kind=token.kind,
                area=token.area,
                removed=token.dissipating,
                side=token.side,
            )
            run.emit(event)
    turn_effects(run, f"{side}_start", rng)


def turn_effects(
    run: Run[GccState],
    step: str,
    rng: random.Random,
    due: tuple[str, ...] | None = None,
    chosen: bool = False,
) -> None:
    """V·B·2, V·B·6, VI·B·2, VI·B·5: the mission's effects of that step whose conditions hold,
    or those still `due` once a roll they wait on is counted or their order chosen (`chosen`:
    the first of them was), in the order the side concerned chooses where it can matter
    (effect_order.py), else the mission's; then what follows the step (a side's end)."""
    mission = run.state.board_pack.mission
    if due is None:
        due = tuple(
            t.id for when, t in mission.turn_effects if when == step and holds(run.state, t)
        )
    for index, effect in enumerate(due):
        if run.state.winner:
            return
        if not (chosen and index == 0) and effect_order.ask(run, step, due[index:]):
            return  # the side concerned chooses which comes first
        run.emit(TurnEffectTriggered(seat=None, effect=effect, step=step))
        if carry_out(run, rng, Sequel(step, None, effect, later=due[index + 1 :])):
            return  # a roll waits for its reroll step (area_rolls.py goes on)
    if run.state.winner:
        return
    if step == "heroes_end":
        run.emit(HeroesTurnEnded(seat=None))  # V·B·7
        side_over(run, "heroes", rng)
    elif step == "villain_end":
        run.emit(VillainTurnEnded(seat=VILLAIN_SEAT))
        side_over(run, "villain", rng)


def side_over(run: Run[GccState], side: str, rng: random.Random) -> None:
    """After a side's turn: the end-game check (IV C after the side with initiative, IV E after
    the other), then the other side's turn or the next upkeep."""
    initiative = run.state.board_pack.mission.initiative
    first = side == initiative
    check_after_side(run, second=not first)
    if run.state.winner:
        return
    if first:
        begin(run, "villain" if side == "heroes" else "heroes", rng)
    else:
        upkeep(run, rng)


def upkeep(run: Run[GccState], rng: random.Random) -> None:
    """IV A: the turn marker moves on; the mission's upkeep effects whose conditions hold take
    place (in the order the side with initiative chooses, IV·A·2), then that side plays."""
    run.emit(TurnAdvanced(seat=None, turn=run.state.turn + 1))
    mission = run.state.board_pack.mission
    upkeep_effects(run, tuple(u.id for u in mission.upkeep if holds(run.state, u)), rng)


def upkeep_effects(
    run: Run[GccState], due: tuple[str, ...], rng: random.Random, chosen: bool = False
) -> None:
    """The upkeep effects due, in order (the side with initiative choosing it where it can
    matter, effect_order.py; `chosen`: the first of `due` was chosen), then the side with
    initiative's turn; they stop while a roll waits for its reroll step (area_rolls.py goes on
    with those left) or while their order is being chosen."""
    for index, effect in enumerate(due):
        if run.state.winner:
            return
        if not (chosen and index == 0) and effect_order.ask(run, "upkeep", due[index:]):
            return
        run.emit(UpkeepTriggered(seat=None, effect=effect))
        if carry_out(run, rng, Sequel("upkeep", None, effect, later=due[index + 1 :])):
            return
    check_now(run)
    if not run.state.winner:
        begin(run, run.state.board_pack.mission.initiative, rng)


def resolve_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    """The effect chosen comes first (IV·A·2, V·B·2, V·B·6, VI·B·2, VI·B·5), then the others,
    asked again where their order still matters."""
    ordering = state.ordering
    assert ordering is not None
    first = str(move.get("effect"))
    run = Run(state, HANDLERS)
    run.emit(EffectOrderChosen(seat=seat, step=ordering.step, effect=first))
    due = (first, *(e for e in ordering.effects if e != first))
    if ordering.step == "upkeep":
        upkeep_effects(run, due, rng, chosen=True)
    else:
        turn_effects(run, ordering.step, rng, due, chosen=True)
    return run.events
