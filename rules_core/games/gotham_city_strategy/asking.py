"""Who owes a decision after each table event: the decisions an event opens (a card's line, a
fight won, Batman arriving) and the ones it answers (a threat placed, a henchman lost).

Each function takes the state after the event's own changes to the table and returns it with the
decision queue (`state.flow`) brought up to date. A decision that leaves nothing to choose when
its turn comes is passed over, as a player at the table would simply say "I can't".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rules_core.engine.types import GameEvent
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy import board, choices
from rules_core.games.gotham_city_strategy.events import (
    BatmanMoved,
    CardFaceDown,
    CardsDealt,
    DieRolled,
    EffectCarriedOut,
    FightResolved,
    GameStarted,
    Stopped,
    ThreatPlaced,
    ThreatRemoved,
)
from rules_core.games.gotham_city_strategy.figure_events import (
    HenchmanLost,
    HenchmanPlaced,
    HenchmenSentHome,
)
from rules_core.games.gotham_city_strategy.resource_events import ResourcesTaken, Stolen
from rules_core.games.gotham_city_strategy.state import Decision, GcsState


def ask(state: GcsState, decisions: Iterable[Decision], first: bool = False) -> GcsState:
    """Queue decisions in order, behind those waiting or (first) in front of them."""
    return updated(state, flow=state.flow.asked(decisions, first=first))


def _answered(
    state: GcsState, seat: int | None, kinds: tuple[str, ...], **changes: Any
) -> GcsState:
    """One answer to `seat`'s decision if it is one of `kinds` (else the event answers none)."""
    head = state.pending[0] if state.pending else None
    if head is None or head.seat != seat or head.kind not in kinds:
        return state
    if changes.get("used") is not None:
        changes["used"] = (*head.used, changes["used"])
    return updated(state, flow=state.flow.answered(head.seat, **changes))


def _closed(state: GcsState, seat: int | None, kinds: tuple[str, ...]) -> GcsState:
    head = state.pending[0] if state.pending else None
    if head is None or head.seat != seat or head.kind not in kinds:
        return state
    return updated(state, flow=state.flow.closed(head.seat))


def passed_over(state: GcsState) -> GcsState:
    """Close the first decisions while they leave nothing to choose."""
    while state.pending and not choices.decision_moves(state, state.pending[0]):
        state = updated(state, flow=state.flow.closed(state.pending[0].seat))
    return state


def asks_nothing(state: GcsState, e: EffectCarriedOut) -> bool:
    """Whether the card's line `e` reads out (from the state before it) asks decisions that all
    leave nothing to choose, so they are passed over at once (a henchman to put out from an
    empty hideout)."""
    if not state.program:
        return False
    read = updated(state, program=state.program[1:], line=state.program[0])
    asked = _line_read(read, e)
    return len(asked.pending) > len(read.pending) and len(passed_over(asked).pending) == len(
        read.pending
    )


# ---- decisions opened -------------------------------------------------------------------------


def _starting_threats(state: GcsState, e: GameStarted) -> GcsState:
    assert state.pack is not None
    return ask(
        state,
        (
            Decision(seat=s, kind="place_threats", count=start, must=True)
            for s, p in enumerate(state.players)
            if (start := state.pack.villain(p.villain).start_threats)
        ),
    )


def _face_down_first(state: GcsState, e: CardsDealt) -> GcsState:
    """In the variant, each villain puts a card face down before the first turn (every one
    must: the variant's set-up round asks it of every player; rules version 7)."""
    assert e.seat is not None
    if not state.variant:
        return state
    return ask(state, (Decision(seat=e.seat, kind="face_down", must=True),))


def _line_read(state: GcsState, e: EffectCarriedOut) -> GcsState:
    """What a card's line asks for (what it does by itself, decide carries out)."""
    assert state.line is not None and state.pack is not None
    op, me = state.line.op, state.current
    if op.op == "batman_to":
        candidates = board.batman_candidates(state, op)
        if len(candidates) < 2:  # one block: Batman goes there; none: nothing happens
            return state
        asked = [Decision(seat=me, kind="batman_to", candidates=tuple(candidates), must=True)]
    elif op.op in ("place_threats", "place_henchmen"):
        # a card's henchmen are put as its threats are placed: every one, not "up to", and no
        # two on one block where it says "on different blocks" (turn.plot.effect.placing)
        asked = [
            Decision(
                seat=me,
                kind=op.op,
                count=op.amount,
                must=True,
                district=op.district,
                different=op.different,
                batmans_block=op.batmans_block,
            )
        ]
    elif op.op == "remove_threats":
        asked = [
            Decision(
                seat=me, kind="remove_threats", count=op.amount, district=op.district, enemies=True
            )
        ]
    elif op.op == "others_lose":
        asked = [
            d
            for other in board.clockwise_others(state, me)
            if (d := penalty(other, op.resource, op.amount)) is not None
        ]
    elif op.op == "send_home":
        homes = board.enemy_henchmen_blocks(state, me, op.district)
        asked = [Decision(seat=me, kind="send_home", candidates=homes, must=True)] if homes else []
    else:
        return state
    return ask(state, asked)


def penalty(seat: int, resource: str, amount: int) -> Decision | None:
    """A loss of threats or henchmen is the loser's choice (money and information are not)."""
    if resource == "threats":
        return Decision(seat=seat, kind="lose_threats", count=amount, must=True)
    if resource == "henchman":
        return Decision(seat=seat, kind="lose_henchman", count=amount, must=True)
    return None


def _die_rolled(state: GcsState, e: DieRolled) -> GcsState:
    line = state.line
    if e.seat is None or line is None or line.op.op != "others_roll" or e.face not in line.op.faces:
        return state
    owed = penalty(e.seat, line.op.lose, line.op.amount)
    return ask(state, (owed,)) if owed is not None else state


def _batman_moved(state: GcsState, e: BatmanMoved) -> GcsState:
    """A seat sent him (its choice is made); on a block with no villain he clears threats."""
    state = _closed(state, e.seat, ("batman_to",))
    block = e.target
    if block < 0 or board.villain_at(state, block) >= 0:
        return state
    if not any(p.threats[block] for p in state.players):
        return state
    order = board.batman_dial(state).order
    remove = Decision(seat=state.drawer, kind="remove_threats", count=order, block=block)
    return ask(state, (remove,), first=True)


def _fight_resolved(state: GcsState, e: FightResolved) -> GcsState:
    """Batman's win lets his controller remove threats; a villain's win places threats (and
    steals, with the ability)."""
    if e.winner < 0:
        if not any(p.threats[e.block] for p in state.players):
            return state
        if e.aggressor < 0:  # Batman came in: the drawer controls him, unless it is his target
            drawer = state.drawer
            controller = board.left_of(state, drawer) if e.defender == drawer else drawer
        else:  # the villain came in: the player to its left controls Batman
            controller = board.left_of(state, e.aggressor)
        order = board.batman_dial(state).order
        remove = Decision(
            seat=controller, kind="remove_threats", count=order, block=e.block, must=True
        )
        return ask(state, (remove,), first=True)
    loser = e.defender if e.winner == e.aggressor else e.aggressor
    asked = []
    steal = board.ability_total(state, e.winner, "steal_on_win")
    if loser >= 0 and steal:
        asked.append(Decision(seat=e.winner, kind="steal", count=steal, must=True, victim=loser))
    extra = len(board.ability_ops(state, e.winner, "extra_threat"))
    asked.append(Decision(seat=e.winner, kind="place_threats", count=2 + extra))
    return ask(state, asked, first=True)


def _resources_taken(state: GcsState, e: ResourcesTaken) -> GcsState:
    assert e.seat is not None
    threats = [e.first, e.second].count("threats")
    if not threats:
        return state
    place = Decision(seat=e.seat, kind="place_threats", count=threats, must=True)
    return ask(state, (place,), first=True)


# ---- decisions answered -----------------------------------------------------------------------


def _by(state: GcsState, e: GameEvent, game_own: bool, kinds: tuple[str, ...]) -> int | None:
    """Whose decision the event answers: its seat's, or (`game_own`: the game gave the one
    answer itself, the event by nobody; turns.answer_unasked) the waiting one's, if of `kinds`."""
    head = state.pending[0] if state.pending else None
    if e.seat is None and game_own and head is not None and head.kind in kinds:
        return head.seat
    return e.seat


def _threat_placed(state: GcsState, e: ThreatPlaced) -> GcsState:
    return _answered(state, e.seat, ("place_threats",), used=e.block)


def _threat_removed(state: GcsState, e: ThreatRemoved) -> GcsState:
    kinds = ("remove_threats", "lose_threats")
    return _answered(state, _by(state, e, bool(e.by), kinds), kinds, used=e.block)


def _henchman_placed(state: GcsState, e: HenchmanPlaced) -> GcsState:
    """A card's henchman put on the map (by nobody where the map settled it, rules version
    10); a card putting them on different blocks keeps the blocks used
    (turn.plot.effect.placing), as placing threats does."""
    kinds = ("place_henchmen",)
    head = state.pending[0] if state.pending else None
    used = e.block if head is not None and head.different else None
    return _answered(state, _by(state, e, True, kinds), kinds, used=used)


def _henchmen_sent_home(state: GcsState, e: HenchmenSentHome) -> GcsState:
    kinds = ("send_home",)
    return _closed(state, _by(state, e, e.by == "card", kinds), kinds)


def _answers(*kinds: str) -> Callable[[GcsState, GameEvent], GcsState]:
    def answer(state: GcsState, e: GameEvent) -> GcsState:
        return _answered(state, e.seat, kinds)

    return answer


def _closes(*kinds: str) -> Callable[[GcsState, GameEvent], GcsState]:
    def close(state: GcsState, e: GameEvent) -> GcsState:
        return _closed(state, e.seat, kinds)

    return close


def _stopped(state: GcsState, e: Stopped) -> GcsState:
    assert e.seat is not None
    return updated(state, flow=state.flow.closed(e.seat))


ASKING: dict[type[GameEvent], Callable[[GcsState, Any], GcsState]] = {
    GameStarted: _starting_threats,
    CardsDealt: _face_down_first,
    EffectCarriedOut: _line_read,
    DieRolled: _die_rolled,
    BatmanMoved: _batman_moved,
    FightResolved: _fight_resolved,
    ResourcesTaken: _resources_taken,
    ThreatPlaced: _threat_placed,
    ThreatRemoved: _threat_removed,
    HenchmanLost: lambda state, e: _answered(  # by nobody: the game's own (rules version 10)
        state, _by(state, e, True, ("lose_henchman",)), ("lose_henchman",)
    ),
    HenchmanPlaced: _henchman_placed,
    Stolen: lambda state, e: (
        _answered(state, e.seat, ("steal",)) if e.amount else _closed(state, e.seat, ("steal",))
    ),
    HenchmenSentHome: _henchmen_sent_home,
    CardFaceDown: _closes("face_down"),
    Stopped: _stopped,
}
