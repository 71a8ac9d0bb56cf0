"""The mission's special rules at work (I: they come before every other rule): the effects of
its actions, upkeep effects and events, explosions (IX R), and its end-game conditions, checked
after each side's turn (IV C, IV E) and, for those that hold at once, after every move."""

from __future__ import annotations

import random

from rules_core.engine.declared import Run
from rules_core.engine.effects import Effect
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_chronicles.dice import roll
from rules_core.games.gotham_city_chronicles.events import (
    AreaDiceRolled,
    ContentsLaid,
    ContentsTaken,
    DissipationPlaced,
    Exploded,
    GameFinished,
    ReinforcementPoints,
    TokenChanged,
)
from rules_core.games.gotham_city_chronicles.geometry import FALL_DIE
from rules_core.games.gotham_city_chronicles.mission import EndCondition, Mission, Trigger
from rules_core.games.gotham_city_chronicles.rolling import reroll_possible
from rules_core.games.gotham_city_chronicles.state import GccState, Sequel
from rules_core.games.gotham_city_chronicles.wounds import yellow_dice_counted

EXPLOSION_DIE = FALL_DIE  # IX Q: dangerous terrain rolls yellow dice


def holds(state: GccState, trigger: Trigger) -> bool:
    """Whether an upkeep effect's or an event's condition is fulfilled (IV·A·2)."""
    if not trigger.token:
        return True
    token = state.token(trigger.token)
    if token.state != trigger.state:
        return False
    if trigger.countdown == "running":
        return token.countdown > 0
    if trigger.countdown == "zero":
        return token.countdown == 0
    return True


def _number(step: Effect, name: str) -> int:
    value = step.get(name)
    assert isinstance(value, int)
    return value


def effect_steps(mission: Mission, under_way: Sequel) -> tuple[Effect, ...]:
    """The steps of the effect a sequel names: an upkeep effect's, a turn effect's, an event's
    or a mission action's (none for Blast, whose explosions are the skill's own)."""
    origin, effect = under_way.origin, under_way.effect
    if origin == "upkeep":
        found = [u.effect for u in mission.upkeep if u.id == effect]
    elif origin == "event":
        found = [e.effect for e in mission.events if e.id == effect]
    elif origin == "action":
        found = [a.effect for a in mission.actions if a.id == effect]
    else:
        found = [t.effect for when, t in mission.turn_effects if (when, t.id) == (origin, effect)]
    return found[0] if found else ()


def carry_out(run: Run[GccState], rng: random.Random, under_way: Sequel) -> bool:
    """A mission effect's steps, in order (content/VOCABULARY.md), from `under_way.step`; True
    when a miniature's roll waits for its reroll step, the rest kept in the roll's sequel."""
    steps = effect_steps(run.state.board_pack.mission, under_way)
    seat = under_way.seat
    for index in range(under_way.step, len(steps)):
        if run.state.winner:
            return False
        step, then = steps[index], updated(under_way, step=index + 1)
        if step.op == "reinforcement_points":
            run.emit(ReinforcementPoints(seat=seat, points=_number(step, "points")))
            continue
        if step.op == "place_token":
            side = _side(run, under_way.actor)
            kind, area = str(step.get("kind")), str(step.get("area"))
            if place_token(run, kind, area, side, rng, then):
                return True
            check_now(run)
            continue
        token = run.state.token(str(step.get("token")))
        if step.op == "set_state":
            run.emit(
                TokenChanged(
                    seat=seat,
                    token=token.id,
                    state=str(step.get("state")),
                    countdown=token.countdown,
                )
            )
        elif step.op == "start_countdown":
            run.emit(
                TokenChanged(
                    seat=seat, token=token.id, state=token.state, countdown=_number(step, "turns")
                )
            )
        elif step.op == "count_down":
            run.emit(
                TokenChanged(
                    seat=seat,
                    token=token.id,
                    state=token.state,
                    countdown=max(token.countdown - 1, 0),
                )
            )
        elif step.op == "open":
            _open(run, seat, token.id, under_way.actor)
        elif step.op == "explode":
            if explode(run, token.area, _number(step, "level"), rng, then):
                return True
        else:
            raise ValueError(f"unknown mission effect {step.op!r}")
        check_now(run)
    return False


def _open(run: Run[GccState], seat: int | None, token_id: str, actor: str) -> None:
    """The opener adds what they are able to carry, in the token's order (reference: taking all
    they can is the same as choosing, since dropping is free, V·D·1 [f]); the rest is laid in
    the token's area."""
    state = run.state
    token = state.token(token_id)
    taken: list[str] = []
    if state.has_hero(actor):
        hero = state.hero(actor)
        board = state.board_pack.hero(actor)
        load = sum(state.board_pack.item(i).weight for i in hero.items)
        for item in token.contents:
            weight = state.board_pack.item(item).weight
            if board.carries(load + weight):
                taken.append(item)
                load += weight
    if taken:
        run.emit(ContentsTaken(seat=seat, token=token_id, hero=actor, items=tuple(taken)))
    rest = tuple(i for i in token.contents if i not in taken)
    if rest:
        run.emit(ContentsLaid(seat=seat, token=token_id, items=rest, area=token.area))


def _side(run: Run[GccState], actor: str) -> str:
    """The side an effect is placed by: its actor's, else the side whose turn it is (upkeep
    effects: the side with initiative, IV·A·2)."""
    state = run.state
    if state.has_hero(actor) or (actor and state.has_character(actor)):
        return state.side_of(actor)
    if state.flow.phase in ("heroes", "villain"):
        return state.flow.phase
    return state.board_pack.mission.initiative


def place_token(
    run: Run[GccState], kind: str, area: str, side: str, rng: random.Random, then: Sequel
) -> bool:
    """IX O: a token active side up; IX Q: if it makes the area dangerous or more so, every
    miniature there rolls yellow dice for the increase. True while a roll waits."""
    before = run.state.terrain(area)[1]
    run.emit(DissipationPlaced(seat=then.seat, kind=kind, area=area, side=side))
    increase = run.state.terrain(area)[1] - before
    if increase <= 0:
        return False
    figures = run.state.figures_in(area)
    return roll_each(run, rng, updated(then, level=increase, reason="dangerous", figures=figures))


def roll_each(run: Run[GccState], rng: random.Random, rolls: Sequel) -> bool:
    """IX Q: each miniature of `rolls.figures` in turn rolls `rolls.level` yellow dice and has
    its reroll step (VIII), decided by its controller, before its wounds; a roll with nothing
    to reroll counts at once. True while one waits (the rest in the roll's sequel). Once the
    game has ended (a roll's wounds neutralized the last hero, IV C note), no one rolls."""
    for index, figure in enumerate(rolls.figures):
        if run.state.winner:
            return False
        dice = (EXPLOSION_DIE,) * rolls.level
        then = updated(rolls, figures=rolls.figures[index + 1 :])
        run.emit(
            AreaDiceRolled(
                seat=rolls.seat,
                figure=figure,
                reason=rolls.reason,
                dice=dice,
                faces=roll(dice, rng),
                sequel=then,
            )
        )
        if reroll_possible(run.state):
            return True
        yellow_dice_counted(run, rolls.seat)
        check_now(run)
    return False


def explode(run: Run[GccState], area: str, level: int, rng: random.Random, then: Sequel) -> bool:
    """IX R: the area's dangerous level rises by `level` for a moment: every miniature in it
    rolls that many yellow dice for the increase (IX Q) and takes a wound per success; then the
    level goes back. True while a roll waits."""
    run.emit(Exploded(seat=then.seat, area=area, level=level))
    figures = run.state.figures_in(area)
    return roll_each(run, rng, updated(then, level=level, reason="explosion", figures=figures))


def explode_areas(
    run: Run[GccState], areas: tuple[str, ...], level: int, rng: random.Random, then: Sequel
) -> bool:
    """Explosions of one level in several areas in turn (Blast, X); True while a roll waits,
    the areas still to explode kept in its sequel."""
    for index, area in enumerate(areas):
        if run.state.winner:
            return False
        if explode(run, area, level, rng, updated(then, areas=areas[index + 1 :])):
            return True
    return False


def _fulfilled(state: GccState, end: EndCondition, turn_over: bool) -> bool:
    if end.when == "token_state":
        return state.token(end.token).state == end.state
    if end.when == "item_in_area":
        return any(h.area == end.area and end.item in h.items for h in state.heroes)
    if end.when == "heroes_neutralized":
        return all(h.zones.neutralized for h in state.heroes)
    return turn_over and state.turn >= state.board_pack.mission.turn_limit


def check_now(run: Run[GccState]) -> None:
    """The conditions that hold the moment they are met (IV C note): every one but the turn
    limit."""
    _check(run, turn_over=False)


def check_after_side(run: Run[GccState], second: bool) -> None:
    """IV C (after the side with initiative) or IV E (after the other side, when the turn
    limit too is checked)."""
    _check(run, turn_over=second)


def _check(run: Run[GccState], turn_over: bool) -> None:
    state = run.state
    if state.winner:
        return
    for end in state.board_pack.mission.ends:
        if _fulfilled(state, end, turn_over):
            run.emit(GameFinished(seat=None, winner=end.winner, condition=end.id))
            return
