"""No Man's Land: Falcone's income phase (income-phase, corruption-counters) and the C+1
districts' extra counter; through `decide`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_core.engine import fold
from rules_core.engine.types import Move
from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.events import (
    CountersTaken,
    ExtraCountersChosen,
    OverrunChecked,
    PhaseBegan,
)
from tests.rules_core.games.no_mans_land.helpers import (
    GAME,
    before_falcones_turn,
    crimes,
    decide,
    each_state,
    income_of,
    refused,
)


def test_income_is_one_with_no_crime() -> None:
    taken = income_of({"crimes": ()})
    assert (taken.amount, taken.owed, taken.income) == (1, 1, True)


def test_income_is_one_plus_each_crime_face_up_or_face_down() -> None:
    taken = income_of(
        {"crimes": crimes(("docks", "racket-1", True), ("narrows", "bribe-1", False))}
    )
    assert taken.amount == 3


C_PLUS_1_CRIMES = crimes(
    ("city-hall", "racket-1", False),  # City Hall and the Diamond District are C+1
    ("diamond", "bribe-1", True),
    ("docks", "heist-1", False),
)


def test_a_crime_at_a_c_plus_1_district_offers_falcone_an_extra_counter_he_may_refuse() -> None:
    """income-phase: he must take 1 + 3 crimes; he *can* take one more per C+1 crime."""
    state = before_falcones_turn(crimes=C_PLUS_1_CRIMES, counters=0, supply=20)
    events = decide(state, GORDON, Move.of("end"))
    taken = next(e for e in events if isinstance(e, CountersTaken))
    assert (taken.amount, taken.owed) == (4, 4)
    waiting = fold(GAME, events, state)
    assert waiting.flow.step == "income" and GAME.to_act(waiting) == {FALCONE}
    offered = GAME.legal_moves(waiting, FALCONE)
    assert offered == [Move.of("extra", counters=n) for n in (2, 1, 0)]
    assert [GAME.describe_move(waiting, FALCONE, m) for m in offered] == [
        "Take the 2 extra corruption counters for your crimes in C+1 districts",
        "Take 1 of the 2 extra corruption counters for your crimes in C+1 districts",
        "Decline the 2 extra corruption counters for your crimes in C+1 districts",
    ]
    for amount in (2, 1, 0):
        events = decide(waiting, FALCONE, Move.of("extra", counters=amount))
        assert events[0] == ExtraCountersChosen(seat=FALCONE, amount=amount, offered=2)
        after = fold(GAME, events, waiting)
        assert (after.counters, after.supply) == (4 + amount, 16 - amount)
        told = GAME.narrate(waiting, events[0], None, False)
        some = {2: "", 1: "1 of ", 0: ""}[amount]
        assert told == (
            f"Falcone takes {some}the 2 extra corruption counters for his crimes in C+1 "
            f"districts; {16 - amount} left in the supply."
            if amount
            else "Falcone declines the 2 extra corruption counters for his crimes in C+1 districts."
        )
        assert after.flow.step == "movement"
    too_many = refused(waiting, FALCONE, Move.of("extra", counters=3))
    assert (too_many.code, too_many.message) == (
        "bad_extra",
        "Take from 0 to 2 extra counters: one for each crime in a C+1 district, as far as the"
        " supply holds.",
    )
    assert refused(waiting, FALCONE, Move.of("extra", counters=True)).code == "bad_extra"
    assert refused(waiting, FALCONE, Move.of("end")).code == "wrong_phase"


def test_the_extra_counter_is_never_owed_so_an_empty_supply_after_the_income_ends_nothing() -> None:
    """ending-the-game.counters-exhausted: only a take Falcone is *required* to make ends it."""
    state = before_falcones_turn(crimes=C_PLUS_1_CRIMES[:1], supply=2)
    after = fold(GAME, decide(state, GORDON, Move.of("end")), state)
    assert not after.over and after.supply == 0 and after.flow.step == "movement"
    assert GAME.legal_moves(after, FALCONE) and Move.of("extra", counters=0) not in (
        GAME.legal_moves(after, FALCONE)
    )
    # with one counter left over, the extra one is offered as far as the supply holds
    state = before_falcones_turn(crimes=C_PLUS_1_CRIMES[:2], supply=4)
    waiting = fold(GAME, decide(state, GORDON, Move.of("end")), state)
    offered = GAME.legal_moves(waiting, FALCONE)
    assert offered == [Move.of("extra", counters=n) for n in (1, 0)]
    assert [GAME.describe_move(waiting, FALCONE, m) for m in offered] == [
        "Take the extra corruption counter for your crimes in C+1 districts (the supply holds"
        " only 1)",
        "Decline the extra corruption counter for your crimes in C+1 districts (the supply"
        " holds only 1)",
    ]


def test_one_extra_counter_on_offer_is_told_as_the_one_not_from_0_to_1_counters() -> None:
    """income-phase: one crime at a C+1 district earns one extra counter. Its buttons, the
    story and a refused amount read "Take from 0 to 1 extra counters", "the 1 extra corruption
    counter his crimes in C+1 districts offer": they speak of the one counter and the one crime."""
    state = before_falcones_turn(crimes=C_PLUS_1_CRIMES[:1], supply=20)
    waiting = fold(GAME, decide(state, GORDON, Move.of("end")), state)
    offered = GAME.legal_moves(waiting, FALCONE)
    assert [GAME.describe_move(waiting, FALCONE, m) for m in offered] == [
        "Take the extra corruption counter for your crime in a C+1 district",
        "Decline the extra corruption counter for your crime in a C+1 district",
    ]
    told = [
        GAME.narrate(waiting, decide(waiting, FALCONE, move)[0], None, False) for move in offered
    ]
    assert told == [
        "Falcone takes the extra corruption counter for his crime in a C+1 district; 17 left in"
        " the supply.",
        "Falcone declines the extra corruption counter for his crime in a C+1 district.",
    ]
    answer = refused(waiting, FALCONE, Move.of("extra", counters=2))
    assert (answer.code, answer.message) == (
        "bad_extra",
        "Take the extra counter or none: one for each crime in a C+1 district, as far as the"
        " supply holds.",
    )


@pytest.mark.parametrize("c_plus_1", [True, False])
def test_falcone_chooses_his_extra_counters_only_once_his_owed_income_is_taken(
    c_plus_1: bool,
) -> None:
    """income-phase: the extra counters come on top of the income he always takes, so at no
    version of his start of turn or income before that take (nor after it, with no extra
    counter on offer) is Falcone to act or offered the extra counters' choice."""
    crimes_now = C_PLUS_1_CRIMES[:1] if c_plus_1 else crimes(("docks", "racket-1", False))
    state = before_falcones_turn(crimes=crimes_now, heroes=(), supply=20)
    steps = each_state(state, decide(state, GORDON, Move.of("end")))
    for kind, after in steps[:-1]:
        assert GAME.to_act(after) == frozenset(), kind
        assert not any(m.type == "extra" for m in GAME.legal_moves(after, FALCONE)), kind
    income_began = next(s for k, s in steps if s.flow.step == "income")
    assert not income_began.income_taken
    early = refused(income_began, FALCONE, Move.of("extra", counters=0))
    assert (early.code, early.message) == (
        "no_extra_on_offer",
        "Your income is not taken yet: the extra counters for crimes in C+1 districts come "
        "after it.",
    )
    assert early.citations == GAME.rejections["no_extra_on_offer"]
    last_kind, head = steps[-1]
    if c_plus_1:  # the choice waits at the head, after the income
        assert last_kind == "counters_taken" and head.income_taken
        assert GAME.to_act(head) == {FALCONE}
        assert [m.get("counters") for m in GAME.legal_moves(head, FALCONE)] == [1, 0]
    else:  # nothing to choose: his movement phase begins
        assert head.flow.step == "movement"
        taken = next(s for k, s in steps if k == "counters_taken")
        assert GAME.legal_moves(taken, FALCONE) == []
        answer = refused(taken, FALCONE, Move.of("extra", counters=0))
        assert (answer.code, answer.message) == (
            "no_extra_on_offer",
            "No extra counter is on offer: you have no crime in a C+1 district, or the supply is "
            "empty.",
        )


def test_a_new_turn_forgets_the_last_turns_income() -> None:
    state = replace(before_falcones_turn(), income_taken=True)
    began = GAME.evolve(state, PhaseBegan(seat=None, player=FALCONE, phase="start"))
    assert not began.income_taken
    card = GAME.evolve(began, CountersTaken(seat=FALCONE, amount=1, owed=1, income=False))
    assert not card.income_taken  # a card's gain is not his income


def test_unspent_counters_are_cumulative() -> None:
    state = before_falcones_turn(counters=5, supply=20)
    after = fold(GAME, decide(state, GORDON, Move.of("end")), state)
    assert (after.counters, after.supply) == (6, 19)


def test_an_empty_supply_and_no_crime_are_told_as_none_not_0() -> None:
    """A walk through the API read "0 left in the supply" and "Overrun check: crimes in 0 of
    the 7 districts standing": none is told as "none"."""
    state = before_falcones_turn(crimes=C_PLUS_1_CRIMES[:1], supply=3)
    waiting = fold(GAME, decide(state, GORDON, Move.of("end")), state)
    assert waiting.supply == 1
    taken = decide(waiting, FALCONE, Move.of("extra", counters=1))[0]
    assert GAME.narrate(waiting, taken, None, False) == (
        "Falcone takes the extra corruption counter for his crime in a C+1 district; none left in"
        " the supply."
    )
    calm = OverrunChecked(seat=None, crimes=0, standing=7, overrun=False)
    assert GAME.narrate(waiting, calm, None, False) == (
        "Overrun check: crimes in none of the 7 districts standing; Gotham holds."
    )
