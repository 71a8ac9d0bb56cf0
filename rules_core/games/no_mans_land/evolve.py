"""How each No Man's Land event changes the state: one handler per event type."""

from __future__ import annotations

from rules_core.engine.declared import Handlers
from rules_core.engine.flow import Flow
from rules_core.engine.updating import updated
from rules_core.games.no_mans_land.citations import FALCONE
from rules_core.games.no_mans_land.content import number, pack_of
from rules_core.games.no_mans_land.events import (
    CardsDealt,
    CardsDrawn,
    CharacterRecruited,
    CountersTaken,
    CrimeCommitted,
    CrimeHidden,
    CrimeRevealed,
    DistrictDestroyed,
    ExtraCountersChosen,
    FightResolved,
    GameFinished,
    GameStarted,
    OverrunChecked,
    PhaseBegan,
    PieceMoved,
    SignalDrawn,
    SignalPlayed,
)
from rules_core.games.no_mans_land.state import INITIAL, Crime, NmlState, Piece


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def _started(state: NmlState, e: GameStarted) -> NmlState:
    pack = pack_of(e.content)
    return updated(
        INITIAL,
        content=e.content,
        falcone_deck=e.falcone_deck,
        signal_deck=e.signal_deck,
        supply=pack.supply,
        counters=pack.start_counters,
        heroes=tuple(Piece(h.id, h.start) for h in pack.heroes),
    )


def _dealt(state: NmlState, e: CardsDealt) -> NmlState:
    return updated(
        state,
        falcone_hand=(*state.falcone_hand, *e.cards),
        falcone_deck=state.falcone_deck[len(e.cards) :],
    )


def _phase(state: NmlState, e: PhaseBegan) -> NmlState:
    side = "falcone" if e.player == FALCONE else "gordon"
    if e.phase == "start":
        return updated(
            state,
            flow=Flow(side, "start", e.player),
            turn=state.turn + 1,
            income_taken=False,
            extra_chosen=False,
            moved=(),
            extra_steps=0,
            fought=(),
            signal_drawn=False,
        )
    state = updated(state, flow=updated(state.flow, step=e.phase), moved=(), signal_drawn=False)
    if e.player == FALCONE and e.phase == "income":
        return _start_passed(state)
    return state


def _start_passed(state: NmlState) -> NmlState:
    """Falcone's start of turn has passed (its effects are judged before his income phase): a
    crime still face down is none of the cards that would have burnt its district down, and
    the whole table saw that (rules version 8). Derived from the events already logged."""

    def known(crime: Crime) -> Crime:
        if not crime.face_down:
            return crime
        ruled_out = {*crime.ruled_out, *state.would_have_burnt(crime.district)}
        return updated(crime, ruled_out=tuple(sorted(ruled_out)))

    return updated(state, crimes=tuple(known(c) for c in state.crimes))


def _checked(state: NmlState, e: OverrunChecked) -> NmlState:
    return state


def _destroyed(state: NmlState, e: DistrictDestroyed) -> NmlState:
    return updated(
        state,
        destroyed=(*state.destroyed, e.district),
        crimes=tuple(c for c in state.crimes if c.district != e.district),
        villains=tuple(v for v in state.villains if v.district != e.district),
        falcone_discard=(*state.falcone_discard, e.card, *e.removed),
    )


def _taken(state: NmlState, e: CountersTaken) -> NmlState:
    return updated(
        state,
        supply=state.supply - e.amount,
        counters=state.counters + e.amount,
        income_taken=state.income_taken or e.income,
        # a counter the supply could not give stays owed: the game is over, nobody plays on
        # (ending-the-game.counters-exhausted; rules version 9, where 6 to 8 forgot it)
        gain_owed=state.gain_owed if e.income else max(0, state.gain_owed - e.amount),
    )


def _extra(state: NmlState, e: ExtraCountersChosen) -> NmlState:
    return updated(
        state,
        supply=state.supply - e.amount,
        counters=state.counters + e.amount,
        extra_chosen=True,
    )


def _spend(state: NmlState, card: str, cost: int) -> NmlState:
    return updated(
        state,
        falcone_hand=without(state.falcone_hand, card),
        counters=state.counters - cost,
        spent=state.spent + cost,
    )


def _recruited(state: NmlState, e: CharacterRecruited) -> NmlState:
    state = _spend(state, e.card, e.cost)
    return updated(state, villains=(*state.villains, Piece(e.card, e.district)))


def _committed(state: NmlState, e: CrimeCommitted | CrimeHidden) -> NmlState:
    state = _spend(state, e.card, e.cost)
    face_down = isinstance(e, CrimeHidden)
    crime = Crime(e.district, e.card, face_down)
    # played face up, its gain follows in the same move (played face down, it has none)
    gain = 0 if face_down else state.pack.card(e.card).gain
    return updated(state, crimes=(*state.crimes, crime), gain_owed=gain)


def _moved(state: NmlState, e: PieceMoved) -> NmlState:
    def moved(pieces: tuple[Piece, ...]) -> tuple[Piece, ...]:
        return tuple(Piece(p.id, e.to) if p.id == e.piece else p for p in pieces)

    return updated(
        state,
        villains=moved(state.villains),
        heroes=moved(state.heroes),
        moved=(*state.moved, e.piece),
    )


def _signal(state: NmlState, e: SignalPlayed) -> NmlState:
    card = state.pack.card(e.card)
    extra = sum(number(step, "steps") for step in card.effect if step.op == "hasten")
    return updated(
        state,
        signal_hand=without(state.signal_hand, e.card),
        signal_discard=(*state.signal_discard, e.card),
        extra_steps=state.extra_steps + extra,
        revealing=e.district if card.has("reveal") else "",
    )


def _face_up(crimes: tuple[Crime, ...], district: str) -> tuple[Crime, ...]:
    return tuple(updated(c, face_down=False) if c.district == district else c for c in crimes)


def _revealed(state: NmlState, e: CrimeRevealed) -> NmlState:
    return updated(state, crimes=_face_up(state.crimes, e.district), revealing="")


def _fought(state: NmlState, e: FightResolved) -> NmlState:
    if e.card:
        state = updated(
            state,
            signal_hand=without(state.signal_hand, e.card),
            signal_discard=(*state.signal_discard, e.card),
        )
    state = updated(state, fought=(*state.fought, e.district))
    if not e.stopped:
        return updated(state, crimes=_face_up(state.crimes, e.district), revealing="")
    gone = (e.crime,) if e.crime else ()
    return updated(
        state,
        crimes=tuple(c for c in state.crimes if c.district != e.district),
        villains=tuple(v for v in state.villains if v.id not in e.arrested),
        falcone_discard=(*state.falcone_discard, *gone, *e.arrested),
    )


def _drawn(state: NmlState, e: CardsDrawn) -> NmlState:
    return updated(
        state,
        falcone_hand=(*state.falcone_hand, *e.cards),
        falcone_deck=state.falcone_deck[len(e.cards) :],
    )


def _signal_drawn(state: NmlState, e: SignalDrawn) -> NmlState:
    return updated(
        state,
        signal_hand=(*state.signal_hand, e.card),
        signal_deck=state.signal_deck[1:],
        signal_drawn=True,
    )


def _finished(state: NmlState, e: GameFinished) -> NmlState:
    return updated(state, over=True, winner=e.winner, ending=e.ending)


HANDLERS: Handlers = {
    GameStarted: _started,
    CardsDealt: _dealt,
    PhaseBegan: _phase,
    OverrunChecked: _checked,
    DistrictDestroyed: _destroyed,
    CountersTaken: _taken,
    ExtraCountersChosen: _extra,
    CharacterRecruited: _recruited,
    CrimeCommitted: _committed,
    CrimeHidden: _committed,
    PieceMoved: _moved,
    SignalPlayed: _signal,
    CrimeRevealed: _revealed,
    FightResolved: _fought,
    CardsDrawn: _drawn,
    SignalDrawn: _signal_drawn,
    GameFinished: _finished,
}
