"""Effects that trigger together (IV·A·2, V·B·2, V·B·6, VI·B·2, VI·B·5): the side concerned
chooses their order, asked only where the order can change what happens.

Whether two effects' order can matter is read from their steps (content/VOCABULARY.md) and the
state as the step they trigger in begins (every effect due is carried out, its condition having
held then). Two effects are taken as independent when neither's steps undo or alter what the
other's do (`_clash`), when they do not both make miniatures roll (a miniature neutralized by
the first rolls no more, and the rerolls of both are paid from the same cubes), and when they
cannot both end the game (the first to end it would decide the winner and stop the other).
Who rolls is read from the board (rules version 26): an explosion (IX R) or a token making an
area more dangerous (IX Q) wounds only the miniatures in its area and touches no token, so one
whose area holds no miniature rolls nothing, and neutralizes no hero unless one is there. No
effect step places a miniature (a miniature only leaves an area, once neutralized), so those
present as the step begins are the most any of its rolls can reach. Before version 26, every
explosion and dangerous token counted as rolling, so two of them were always asked about.
An `open` step is not counted: an upkeep or turn effect has no acting hero (its sequel's actor
is empty), so opening a token only lays its contents on the ground of its area (V·D·1 [b]
read with nobody to carry them), which no other step reads or changes: explosions and
dangerous tokens wound miniatures only (IX Q, IX R), a token's state and countdown do not
govern its contents, an end condition on an item needs a hero carrying it, and of two effects
opening one token the first lays everything and the second finds it empty, either way round.
Anything else is asked: with three effects due, the side chooses the first, then, if the
others still depend on their order, the next."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from rules_core.engine.declared import Run
from rules_core.engine.effects import Effect
from rules_core.engine.types import Move, Rejection
from rules_core.games.gotham_city_chronicles.events import EffectOrderAsked
from rules_core.games.gotham_city_chronicles.mission import Mission, Trigger
from rules_core.games.gotham_city_chronicles.refusals import reject
from rules_core.games.gotham_city_chronicles.state import VILLAIN_SEAT, GccState


@dataclass(frozen=True, slots=True)
class _Footprint:
    """What an effect's steps do to the mission's tokens, and whether they roll or may end."""

    states: frozenset[tuple[str, str]]  # (token, state) set
    countdowns: frozenset[tuple[str, int]]  # (token, turns) a countdown starts at
    ticks: frozenset[str]  # tokens counted down
    # the miniatures its explosions, or tokens making an area more dangerous, make roll (IX Q-R)
    rolls: frozenset[str]
    ends: bool  # a step can fulfil an end-game condition (IV C note)


def _dangerous(mission: Mission, kind: object) -> bool:
    return any(k == kind and harm > 0 for k, _, harm in mission.dissipation)


def _rolling_areas(state: GccState, steps: tuple[Effect, ...]) -> frozenset[str]:
    """The areas where the steps make miniatures roll: an explosion's (its token's area, IX R)
    and a dangerous token's (IX Q)."""
    mission = state.board_pack.mission
    areas = {state.token(str(s.get("token"))).area for s in steps if s.op == "explode"}
    areas |= {
        str(s.get("area"))
        for s in steps
        if s.op == "place_token" and _dangerous(mission, s.get("kind"))
    }
    return frozenset(areas)


def _footprint(state: GccState, steps: tuple[Effect, ...]) -> _Footprint:
    mission = state.board_pack.mission
    states = {(str(s.get("token")), str(s.get("state"))) for s in steps if s.op == "set_state"}
    countdowns = {
        (str(s.get("token")), int(str(s.get("turns")))) for s in steps if s.op == "start_countdown"
    }
    rolls = frozenset(f for a in _rolling_areas(state, steps) for f in state.figures_in(a))
    ending = any(
        (e.when == "token_state" and (e.token, e.state) in states)
        or (e.when == "heroes_neutralized" and any(state.has_hero(f) for f in rolls))
        for e in mission.ends
    )
    return _Footprint(
        frozenset(states),
        frozenset(countdowns),
        frozenset(str(s.get("token")) for s in steps if s.op == "count_down"),
        rolls,
        ending,
    )


def _clash(a: _Footprint, b: _Footprint) -> bool:
    """Whether the two write a token's state or countdown apart (the second written wins), or
    one starts a countdown the other counts down."""
    for first, second in ((a, b), (b, a)):
        for token, state in first.states:
            if any(t == token and s != state for t, s in second.states):
                return True
        for token, turns in first.countdowns:
            if any(t == token and n != turns for t, n in second.countdowns):
                return True
            if token in second.ticks:
                return True
    return False


def _independent(a: _Footprint, b: _Footprint) -> bool:
    return not _clash(a, b) and not (a.rolls and b.rolls) and not (a.ends and b.ends)


def triggers(mission: Mission, step: str) -> tuple[Trigger, ...]:
    """The mission's effects of a step: the upkeep's, or a side's start or end of turn."""
    if step == "upkeep":
        return mission.upkeep
    return tuple(t for when, t in mission.turn_effects if when == step)


def order_matters(state: GccState, step: str, due: Iterable[str]) -> bool:
    """Whether carrying out `due` in another order could change what happens, from `state` as
    the step begins (module doc)."""
    effects = {t.id: t for t in triggers(state.board_pack.mission, step)}
    prints = [_footprint(state, effects[e].effect) for e in due]
    return any(not _independent(a, b) for a, b in combinations(prints, 2))


def side_choosing(mission: Mission, step: str) -> str:
    """IV·A·2: the side with initiative orders the upkeep's effects; V·B·2 and V·B·6 the
    heroes theirs, VI·B·2 and VI·B·5 the villain."""
    if step == "upkeep":
        return mission.initiative
    return step.split("_", 1)[0]


def ask(run: Run[GccState], step: str, due: tuple[str, ...]) -> bool:
    """Ask the side concerned which of `due` comes first, where their order matters; True
    when asked (the effects wait for its answer)."""
    if len(due) < 2 or not order_matters(run.state, step, due):
        return False
    run.emit(EffectOrderAsked(seat=None, step=step, effects=due))
    return True


def choosers(state: GccState) -> frozenset[int]:
    """The seats asked for the order: the villain's, or every heroes' seat (V·B·4: the heroes
    agree among themselves, any of them may answer for the side, as any may act first)."""
    assert state.ordering is not None
    if side_choosing(state.board_pack.mission, state.ordering.step) == "villain":
        return frozenset({VILLAIN_SEAT})
    return frozenset(state.hero_seats())


def resolve_offers(state: GccState, seat: int) -> list[Move]:
    if state.ordering is None or seat not in choosers(state):
        return []
    return [Move.of("resolve_first", effect=e) for e in state.ordering.effects]


def resolve_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    if state.ordering is None:
        return reject("no_order_to_choose", "No effects are waiting for their order now.")
    if move.get("effect") not in state.ordering.effects:
        return reject("no_order_to_choose", "That effect is not one of those waiting.")
    return None


def effect_name(state: GccState, step: str, effect: object) -> str:
    """An upkeep or turn effect by the name the mission gives it."""
    found = [t.name for t in triggers(state.board_pack.mission, step) if t.id == effect]
    return found[0] if found else str(effect)


def resolve_label(state: GccState, seat: int, move: Move) -> str:
    assert state.ordering is not None
    return f"Resolve “{effect_name(state, state.ordering.step, move.get('effect'))}” first"


def order_pending(state: GccState) -> Rejection | None:
    """While the side concerned chooses the order of the effects due, nothing else is done."""
    if state.ordering is None:
        return None
    side = side_choosing(state.board_pack.mission, state.ordering.step)
    who = "the villain chooses" if side == "villain" else "the heroes choose"
    return reject(
        "order_pending", f"First {who} which of the effects that trigger together comes first."
    )
