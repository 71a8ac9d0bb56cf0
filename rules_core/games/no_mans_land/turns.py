"""The game's own steps: the sequence of play, the start of turn and income phases, and the three
ways the game ends, as the book gives them (each step emits events citing its section)."""

from __future__ import annotations

from rules_core.engine.declared import Run
from rules_core.games.no_mans_land.citations import FALCONE, GORDON, GORDON_PHASES
from rules_core.games.no_mans_land.events import (
    CardsDrawn,
    CountersTaken,
    DistrictDestroyed,
    GameFinished,
    OverrunChecked,
    PhaseBegan,
)
from rules_core.games.no_mans_land.state import NmlState


def overrun(state: NmlState) -> tuple[int, int, bool]:
    """Districts standing with a crime (face up or face down), districts standing, and whether
    the crimes are in more than half of them (ending-the-game.city-overrun)."""
    standing = state.standing()
    crimes = sum(1 for d in standing if state.crime_at(d) is not None)
    return crimes, len(standing), 2 * crimes > len(standing)


def income(state: NmlState) -> int:
    """The counters Falcone must take: one, plus one for every crime face up or face down
    (income-phase)."""
    return 1 + len(state.crimes)


def c_plus_1_crimes(state: NmlState) -> int:
    """Falcone's crimes at C+1 districts, face up or face down: each earns him an extra counter
    in his income phase (income-phase)."""
    return sum(1 for c in state.crimes if state.pack.district(c.district).c_plus_1)


def extra_offered(state: NmlState) -> int:
    """The extra counters Falcone may take in his income phase: one for each crime at a C+1
    district, as far as the supply holds (income-phase: he "can" take it, so it is never owed)."""
    return min(c_plus_1_crimes(state), state.supply)


def extra_pending(state: NmlState) -> bool:
    """Whether Falcone's income phase waits for him to choose his extra counters: only once the
    counters he must take are taken (income-phase), with at least one extra counter on offer,
    never before his start of turn phase is done (sequence-of-play.falcones-turn), and once a
    phase: not again after he has chosen them."""
    return (
        not state.over
        and state.flow.current == FALCONE
        and state.flow.step == "income"
        and state.income_taken
        and not state.extra_chosen
        and extra_offered(state) > 0
    )


def take_counters(run: Run[NmlState], owed: int, income_phase: bool) -> bool:
    """Falcone takes `owed` counters from the supply of unspent counters; if the supply cannot
    give them all, Gordon wins (ending-the-game.counters-exhausted). True when the game goes on."""
    taken = min(owed, run.state.supply)
    run.emit(
        CountersTaken(
            seat=None if income_phase else FALCONE, amount=taken, owed=owed, income=income_phase
        )
    )
    if taken < owed:
        run.emit(GameFinished(seat=None, winner=GORDON, ending="counters"))
        return False
    return True


def begin_falcone_turn(run: Run[NmlState]) -> None:
    """Falcone's start of turn phase (the overrun check before anything else, then his cards in
    play that take effect now), his income phase, and his movement phase opens."""
    run.emit(PhaseBegan(seat=None, player=FALCONE, phase="start"))
    crimes, standing, overrun_now = overrun(run.state)
    run.emit(OverrunChecked(seat=None, crimes=crimes, standing=standing, overrun=overrun_now))
    if overrun_now:
        run.emit(GameFinished(seat=None, winner=FALCONE, ending="overrun"))
        return
    for crime in run.state.crimes:
        if run.state.burns(crime.card, crime.district):
            removed = tuple(v.id for v in run.state.villains_at(crime.district))
            run.emit(
                DistrictDestroyed(
                    seat=None, district=crime.district, card=crime.card, removed=removed
                )
            )
    run.emit(PhaseBegan(seat=None, player=FALCONE, phase="income"))
    if take_counters(run, income(run.state), income_phase=True) and not extra_pending(run.state):
        run.emit(PhaseBegan(seat=None, player=FALCONE, phase="movement"))
    # else the game is over, or the income phase waits for Falcone's extra counters (moves)


def end_falcone_turn(run: Run[NmlState], unasked: bool = False) -> None:
    """Falcone's draw phase (up to his hand size, while his deck lasts), then Gordon's turn.
    `unasked`: his movement phase ends as the game's own step (`falcone_stuck`, rules version
    10): the draw phase begins by nobody; the cards drawn stay his (only he sees them)."""
    run.emit(PhaseBegan(seat=None if unasked else FALCONE, player=FALCONE, phase="draw"))
    state = run.state
    wanted = max(0, state.pack.falcone_hand - len(state.falcone_hand))
    cards = state.falcone_deck[:wanted]
    if cards:
        run.emit(CardsDrawn(seat=FALCONE, cards=cards))
    run.emit(PhaseBegan(seat=None, player=GORDON, phase="start"))
    settle_gordon(run)


def open_districts(state: NmlState) -> tuple[str, ...]:
    """Districts still standing with no hero: where Falcone can play a card."""
    return tuple(d for d in state.standing() if not state.heroes_at(d))


def cheapest_play(state: NmlState) -> int:
    """The fewest counters any card of Falcone's pack costs to play (a crime face down costs
    the pack's one price): the pack is known to both players, whatever Falcone holds."""
    pack = state.pack
    return min(
        card.cost if card.kind == "character" else min(card.cost, pack.face_down_cost)
        for card in (pack.card(c) for c in pack.falcone_cards())
    )


def falcone_stuck(state: NmlState) -> str:
    """Why Falcone's movement phase can offer him nothing but ending it, told from what the
    whole table sees ("" when it may offer more): none of his characters can take a step,
    and he holds no card, or fewer counters than the cheapest card of the pack costs, or every
    district standing has a hero (movement-phase: a card is played where no hero stands). Then
    the phase ends unasked (rules version 10). With counters to spend and cards in hand he is
    asked, even when none of them can be played: which cards he holds is hidden, and an
    unasked end would tell Gordon. A pack's card that costs nothing is played with no counter,
    so no counter left is not enough while the pack has one (rules version 11)."""
    return _stuck(state, cheapest_play(state))


def stuck_as_told(state: NmlState) -> str:
    """Why a movement phase of Falcone's that ended unasked ended, for its story: today's
    reading (`falcone_stuck`), else rules version 10's, which ended it with no counter left
    even when the pack held a card costing nothing (a custom pack's game of that version)."""
    return falcone_stuck(state) or _stuck(state, max(1, cheapest_play(state)))


def _stuck(state: NmlState, cheapest: int) -> str:
    """`falcone_stuck` with the fewest counters a card needs given as `cheapest`."""
    if state.over or state.gain_owed or state.revealing or state.flow.current != FALCONE:
        return ""
    if state.flow.step != "movement":
        return ""
    if any(movable(state, v.id, v.district) for v in state.villains):
        return ""
    if not state.falcone_hand:
        reason = "Falcone holds no card"
    elif state.counters < cheapest:
        reason = (
            "Falcone has no counter left"
            if state.counters == 0
            else "Falcone has too few counters for any card"
        )
    elif not open_districts(state):
        reason = "A hero stands at every district, so Falcone can play no card"
    else:
        return ""
    still = "none of his characters can move" if state.villains else "he has no character out"
    return f"{reason} and {still}"


def end_stuck_movement(run: Run[NmlState]) -> None:
    """Falcone's movement phases that offer him nothing but ending them (`falcone_stuck`) end
    as the game's own steps, until someone has a choice or the game is over."""
    while falcone_stuck(run.state):
        end_falcone_turn(run, unasked=True)


# ---- Gordon's phases: each waits for him while it offers him something ---------------------


def start_cards(state: NmlState) -> tuple[str, ...]:
    """Gordon's Batsignal cards he can play at the start of his turn now."""
    found = []
    for card_id in state.signal_hand:
        card = state.pack.card(card_id)
        if card.timing != "start":
            continue
        if card.has("reveal") and not any(c.face_down for c in state.crimes):
            continue
        found.append(card_id)
    return tuple(found)


def steps_allowed(state: NmlState, piece: str) -> int:
    """How many districts a piece may move this movement phase."""
    if state.flow.current == FALCONE:
        return state.pack.falcone_steps
    return state.pack.gordon_steps + state.extra_steps


def movable(state: NmlState, piece: str, district: str) -> tuple[str, ...]:
    """The standing neighbours a piece can move to now (none once its steps are used)."""
    if state.moved.count(piece) >= steps_allowed(state, piece):
        return ()
    near = state.pack.district(district).neighbours
    return tuple(d for d in near if d not in state.destroyed)


def fights(state: NmlState) -> tuple[str, ...]:
    """Districts where Gordon's heroes can fight now: fewer fights than the pack allows so far
    this phase, a hero there, a crime or a character of Falcone's there, no fight there yet."""
    if len(state.fought) >= state.pack.fights:
        return ()
    return tuple(
        d
        for d in state.standing()
        if d not in state.fought
        and state.heroes_at(d)
        and (state.crime_at(d) is not None or state.villains_at(d))
    )


def can_draw_signal(state: NmlState) -> bool:
    """Whether Gordon may draw from the Batsignal deck now: once a draw phase, with fewer
    cards in hand than he may hold."""
    return (
        not state.signal_drawn
        and bool(state.signal_deck)
        and len(state.signal_hand) < state.pack.gordon_hand
    )


def gordon_waits(state: NmlState) -> bool:
    """Whether the phase of Gordon's turn waits for him: it may offer him something besides
    ending it (else it passes by itself, and he is not asked). His start of turn waits whenever
    he holds a card, playable now or not: how many he holds is public, which they are is not,
    so waiting only for a start of turn card would tell Falcone he holds one."""
    if state.over or state.flow.current != GORDON:
        return False
    step = state.flow.step
    if step == "start":
        return bool(state.signal_hand)
    if step == "movement":
        return any(movable(state, h.id, h.district) for h in state.heroes)
    if step == "crimefighting":
        return bool(fights(state))
    return can_draw_signal(state)


def settle_gordon(run: Run[NmlState]) -> None:
    """Gordon's phases in order: a phase that offers him nothing but ending it passes at once;
    after his draw phase, Falcone's turn begins."""
    order = GORDON_PHASES
    while not run.state.over and not gordon_waits(run.state):
        at = order.index(run.state.flow.step)
        if at + 1 < len(order):
            run.emit(PhaseBegan(seat=None, player=GORDON, phase=order[at + 1]))
        else:
            begin_falcone_turn(run)
            return


def next_gordon_phase(run: Run[NmlState]) -> None:
    """Gordon ends the phase he is in (the draw phase ends his turn)."""
    order = GORDON_PHASES
    at = order.index(run.state.flow.step)
    if at + 1 < len(order):
        run.emit(PhaseBegan(seat=GORDON, player=GORDON, phase=order[at + 1]))
        settle_gordon(run)
    else:
        begin_falcone_turn(run)
