"""The assignment phase's fortune moves (assignment.py): discards for blockades and counters to
an attack, refused word for word when they do not fit, and each move named in the game's words."""

from __future__ import annotations

import pytest

from rules_core.engine.codec import from_json, to_json
from rules_core.engine.types import JSON, Move, Scalar
from rules_core.engine.upcasting import upcast
from rules_core.engine.updating import updated
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro import sources
from rules_core.games.black_metro.citations import cite
from rules_core.games.black_metro.state import BlackMetroState, Fortification
from tests.rules_core.games.black_metro.helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    example_round,
    play,
    refused,
)


def _greens_turn(state: BlackMetroState | None = None) -> BlackMetroState:
    """The example round (or `state`), Red done, Green with a paragon at 06 Ancient Shrine."""
    state, _ = play(state or example_round(), RED, "assign", district=1, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    state, _ = play(state, GREEN, "assign", district=6, unit="paragon")
    return state


def _discarding() -> BlackMetroState:
    """Green has played the 4 of hearts at 04 Chronicle Archives, where Blue has a blockade."""
    state = example_round()
    archives = updated(state.district(4), fortifications=(Fortification(BLUE, "blockade"),))
    state = _greens_turn(state.with_district(4, archives))
    state, _ = play(state, GREEN, "play_fortune", card="4-hearts", district=4, target=-1, choice="")
    return state


def _attacked() -> BlackMetroState:
    """Green has attacked Red with the 2 of clubs at 02 Swiss Casino; Red may counter."""
    state, _ = play(
        _greens_turn(), GREEN, "play_fortune", card="2-clubs", district=2, target=RED, choice=""
    )
    return state


def test_a_discard_for_a_blockade_is_of_a_fortune_held_and_only_when_asked() -> None:
    state = _discarding()
    held = refused(state, GREEN, "discard_fortune", card="A-spades")
    assert (held.code, held.message) == ("fortune_not_in_hand", "You hold no such fortune.")
    early = refused(_greens_turn(), GREEN, "discard_fortune", card="J-spades")
    assert (early.code, early.message) == ("not_now", "No fortune is to be discarded now.")
    _, events = play(state, GREEN, "discard_fortune", card="J-spades")
    why = "blockade:4"  # for the blockade at 04 Chronicle Archives, where the fortune was played
    assert events[0] == ef.FortunesDiscarded(
        seat=GREEN, owner=GREEN, cards=("J-spades",), reason=why
    )
    assert GAME.narrate(state, events[0], RED, False) == (
        "Green discards 1 fortune for another player's blockade at 04 Chronicle Archives."
    )


def test_a_counter_is_of_a_fortune_held_of_the_attacks_kind_and_only_when_asked() -> None:
    state = _attacked()
    low = refused(state, RED, "counter", card="J-hearts")
    assert (low.code, low.message) == (
        "counter_too_low",
        "Counter the 2 of clubs with a card of its kind, equal or higher.",
    )
    held = refused(state, RED, "counter", card="K-spades")
    assert (held.code, held.message) == ("fortune_not_in_hand", "You hold no such fortune.")
    early = refused(example_round(), RED, "counter", card="Q-diamonds")  # Red assigning
    assert (early.code, early.message) == ("not_now", "No attack waits for your counter.")


def test_a_counter_is_played_against_the_other_side_of_the_exchange() -> None:
    state = _attacked()
    state = state.with_player(RED, updated(state.player(RED), hand=("9-clubs",)))
    state, events = play(state, RED, "counter", card="9-clubs")
    assert events[0] == ef.FortunePlayed(
        seat=RED, owner=RED, card="9-clubs", district=2, target=GREEN, counter=True
    )
    state = state.with_player(GREEN, updated(state.player(GREEN), hand=("10-clubs",)))
    _, events = play(state, GREEN, "counter", card="10-clubs")
    assert events[0] == ef.FortunePlayed(
        seat=GREEN, owner=GREEN, card="10-clubs", district=2, target=RED, counter=True
    )


def test_a_fortune_played_in_the_assignment_phase_is_named_in_the_games_words() -> None:
    state = _greens_turn()
    effect = Move.of("play_fortune", card="4-hearts", district=4, target=-1, choice="")
    assert GAME.describe_move(state, GREEN, effect) == (
        "Play the 4 of hearts: use the first effect of 04 Chronicle Archives"
    )
    chosen = Move.of("play_fortune", card="8-hearts", district=8, target=-1, choice="advance")
    assert GAME.describe_move(state, GREEN, chosen) == (
        "Play the 8 of hearts: use the first effect of 08 Oakland Laboratory "
        "(advance the scientific level)"
    )
    attack = Move.of("play_fortune", card="2-clubs", district=2, target=RED)
    assert GAME.describe_move(state, GREEN, attack) == (
        "Play the 2 of clubs at 02 Swiss Casino to attack Red"
    )


@pytest.mark.parametrize(
    ("seat", "kind", "params", "code", "message"),
    [
        (
            RED,
            "assign",
            {"district": 0, "unit": "subordinate"},
            "no_such_district",
            "Districts are numbered 01 to 12.",
        ),
        (
            RED,
            "assign",
            {"district": True, "unit": "subordinate"},
            "no_such_district",
            "Districts are numbered 01 to 12.",
        ),
        (
            RED,
            "assign",
            {"district": 5, "unit": "doom-mechasuit"},
            "not_in_hideout",
            "You have no doom mechasuit in your hideout.",
        ),
        (
            RED,
            "assign",
            {"district": 13, "unit": "subordinate"},
            "no_such_district",
            "Districts are numbered 01 to 12.",
        ),
        (
            RED,
            "assign",
            {"district": 5, "unit": "x" * 30},
            "not_in_hideout",
            "Name the unit to assign: a subordinate (“subordinate”), a paragon (“paragon”)"
            " or a doom mechasuit (“doom-mechasuit”).",
        ),
        (
            RED,
            "assign",
            {"district": 5},
            "not_in_hideout",
            "Name the unit to assign: a subordinate (“subordinate”), a paragon (“paragon”)"
            " or a doom mechasuit (“doom-mechasuit”).",
        ),
        (
            RED,
            "assign",
            {"district": 5, "unit": "robot"},
            "not_in_hideout",
            "Name the unit to assign: a subordinate (“subordinate”), a paragon (“paragon”)"
            " or a doom mechasuit (“doom-mechasuit”).",
        ),
        (
            GREEN,
            "assign",
            {"district": 5, "unit": "paragon"},
            "already_there",
            "This turn you assign to 06 Ancient Shrine only.",
        ),
        (RED, "end_turn", {}, "out_of_order", "Assign personnel before ending your turn."),
        (
            RED,
            "play_fortune",
            {"card": "J-hearts", "district": 1, "target": -1, "choice": ""},
            "out_of_order",
            "Assign personnel first: an assignment fortune is played after.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "A-spades", "district": 1, "target": -1, "choice": ""},
            "fortune_not_in_hand",
            "You hold no such fortune.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "Q-spades", "district": 1, "target": -1, "choice": ""},
            "not_an_assignment_fortune",
            "Only ace to 10 are assignment fortunes.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "4-hearts", "district": 5, "target": -1, "choice": ""},
            "wrong_facility",
            "The 4 of hearts stands for facility 04.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "2-clubs", "district": 2, "target": GREEN, "choice": ""},
            "no_one_to_attack",
            "Attack another player.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "2-clubs", "district": 2, "target": 7, "choice": ""},
            "no_one_to_attack",
            "Name another player to attack, or none to use the facility.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "2-clubs", "district": 2, "target": RED, "choice": "x"},
            "cannot_resolve",
            "An attack resolves no facility effect.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "2-clubs", "district": 2, "target": -1, "choice": "nonsense"},
            "cannot_resolve",
            "That facility's first effect cannot be resolved so.",
        ),
        (GREEN, "decline", {}, "not_now", "No attack waits for your counter."),
    ],
)
def test_an_assignment_move_that_breaks_a_rule_is_refused_saying_which(
    seat: int, kind: str, params: dict[str, Scalar], code: str, message: str
) -> None:
    """Red at the start of the example round; Green after assigning a paragon to 06."""
    state = example_round() if seat == RED else _greens_turn()
    answer = refused(state, seat, kind, **params)
    assert (answer.code, answer.message) == (code, message)
    assert answer.citations == GAME.rejections[code] and answer.citations


def test_assigning_while_a_discard_or_a_counter_is_asked_for_is_refused() -> None:
    for state, seat in ((_discarding(), GREEN), (_attacked(), RED)):
        answer = refused(state, seat, "assign", district=5, unit="subordinate")
        assert (answer.code, answer.message) == (
            "not_now",
            "Personnel are not being assigned now.",
        )


def test_a_district_where_you_have_personnel_or_that_a_tile_closes_is_refused() -> None:
    state = example_round()
    manned = updated(
        state.district(5),
        personnel=tuple(
            (1, 0, 0) if s == RED else t for s, t in enumerate(state.district(5).personnel)
        ),
    )
    answer = refused(state.with_district(5, manned), RED, "assign", district=5, unit="paragon")
    assert (answer.code, answer.message) == (
        "already_there",
        "You already have personnel at that district.",
    )
    ruined = updated(state.district(5), tile="massive-explosion")
    answer = refused(state.with_district(5, ruined), RED, "assign", district=5, unit="paragon")
    assert (answer.code, answer.message) == (
        "district_closed",
        "A tile closes that district this round.",
    )
    assert answer.citations == GAME.rejections["district_closed"]


def test_a_fortune_at_a_blockaded_facility_needs_a_fortune_to_discard_for_each_blockade() -> None:
    state = example_round()
    archives = updated(
        state.district(4),
        fortifications=(Fortification(BLUE, "blockade"), Fortification(BLUE, "blockade")),
    )
    state = _greens_turn(state.with_district(4, archives))
    state = state.with_player(GREEN, updated(state.player(GREEN), hand=("4-hearts", "J-spades")))
    answer = refused(
        state, GREEN, "play_fortune", card="4-hearts", district=4, target=-1, choice=""
    )
    assert (answer.code, answer.message) == (
        "blockade_discards",
        "2 other fortunes must be discarded there.",
    )
    assert not [
        m
        for m in GAME.legal_moves(state, GREEN)
        if m.type == "play_fortune" and m.get("district") == 4
    ]
    # With one blockade there, the other fortune in hand pays for it: the play is offered.
    one = updated(archives, fortifications=(Fortification(BLUE, "blockade"),))
    state = state.with_district(4, one)
    offered = {
        (m.get("card"), m.get("district"))
        for m in GAME.legal_moves(state, GREEN)
        if m.type == "play_fortune"
    }
    assert offered == {("4-hearts", 4)}


def test_an_ace_blockaded_at_01_is_still_offered_at_11_where_only_your_own_blockades_stand() -> (
    None
):
    state = example_round()
    blue = (Fortification(BLUE, "blockade"), Fortification(BLUE, "blockade"))
    green = (Fortification(GREEN, "blockade"), Fortification(GREEN, "blockade"))
    state = state.with_district(1, updated(state.district(1), fortifications=blue))
    state = state.with_district(11, updated(state.district(11), fortifications=green))
    state = _greens_turn(state)
    state = state.with_player(GREEN, updated(state.player(GREEN), hand=("A-hearts", "J-spades")))
    offered = {
        (m.get("card"), m.get("district"))
        for m in GAME.legal_moves(state, GREEN)
        if m.type == "play_fortune"
    }
    assert offered == {("A-hearts", 11)}


def test_the_loser_of_an_attack_sends_one_personnel_to_its_district_and_nowhere_else() -> None:
    state, _ = play(_attacked(), RED, "decline")
    labels = {GAME.describe_move(state, RED, m) for m in GAME.legal_moves(state, RED)}
    assert labels == {
        "Assign a subordinate to 02 Swiss Casino (sent by the attack you lost)",
        "Assign a paragon to 02 Swiss Casino (sent by the attack you lost)",
    }
    answer = refused(state, RED, "assign", district=5, unit="subordinate")
    assert (answer.code, answer.message) == (
        "sent_by_attack",
        "The lost attack sends 1 personnel to 02 Swiss Casino.",
    )
    assert answer.citations == cite(
        "troubleshooting.cards.fortunes.assignment", "appendix.fortunes.assignment"
    )
    state, events = play(state, RED, "assign", district=2, unit="subordinate")
    assert events[0] == e.PersonnelAssigned(
        seat=RED, owner=RED, district=2, troop=(1, 0, 0), forced=True
    )


def test_the_forced_assignment_cites_the_lost_attacks_rule_and_an_older_one_as_stored() -> None:
    """Until rules version 27 the personnel a lost attack sends cited the assignment phase's
    sections alone, as any assignment: it now cites troubleshooting.cards.fortunes.assignment
    (a lost attack still assigns, so two districts in one turn), stored with it; a turn's own
    assignment does not, and a version-1 event keeps what it was stored with."""
    state, _ = play(_attacked(), RED, "decline")
    _, events = play(state, RED, "assign", district=2, unit="subordinate")
    sent = events[0]
    assert isinstance(sent, e.PersonnelAssigned) and sent.forced
    assert sent.cited() == (
        *e.PersonnelAssigned.citations,
        *cite("troubleshooting.cards.fortunes.assignment"),
    )
    assert set(sent.cited()) <= {*e.PersonnelAssigned.citations, *e.PersonnelAssigned.may_cite}
    assert to_json(sent) == {
        "seat": RED,
        "owner": RED,
        "district": 2,
        "troop": [1, 0, 0],
        "forced": True,
        "cites_forced": True,
    }
    own = e.PersonnelAssigned(seat=RED, owner=RED, district=2, troop=(1, 0, 0))
    assert own.cited() == e.PersonnelAssigned.citations
    data: dict[str, JSON] = {"owner": RED, "district": 2, "troop": [1, 0, 0], "forced": True}
    read = upcast(e.PersonnelAssigned, data, 1)
    assert read == {**data, "cites_forced": False}
    stored = from_json(e.PersonnelAssigned, {**read, "seat": RED})
    assert stored.cited() == e.PersonnelAssigned.citations


def test_the_forced_assignment_goes_where_the_loser_already_has_personnel() -> None:
    """README: the phase's own rule against assigning where one stands does not bind the
    personnel a lost attack sends."""
    state, _ = play(_attacked(), RED, "decline")
    casino = state.district(2)
    personnel = tuple((1, 0, 0) if p == RED else t for p, t in enumerate(casino.personnel))
    state = state.with_district(2, updated(casino, personnel=personnel))
    assert state.district(2).has_personnel(RED)
    _, events = play(state, RED, "assign", district=2, unit="subordinate")
    assert events[0] == e.PersonnelAssigned(
        seat=RED, owner=RED, district=2, troop=(1, 0, 0), forced=True
    )


def test_a_lost_attack_joining_personnel_already_there_is_judged_on_their_total_strength() -> None:
    """Appendix 03's table counts the total strength a player has at a blockaded district (rules
    version 18): Red, alone at 03 Gilded Bank beside Green's blockade, took 2 strain; the
    subordinate a lost attack sends there makes 2 strength, enough, so no more strain."""
    state = example_round()
    state = state.with_player(RED, updated(state.player(RED), hand=("3-clubs", "J-hearts")))
    state = state.with_player(BLUE, updated(state.player(BLUE), hand=("5-spades",)))
    state, events = play(state, RED, "assign", district=3, unit="subordinate")
    state, events = play(
        state, RED, "play_fortune", card="3-clubs", district=3, target=BLUE, choice=""
    )
    blockade = sources.of(sources.BLOCKADE, 3)
    assert e.StrainInflicted(seat=None, owner=RED, amount=2, power_lost=0, cause=blockade) in events
    state, _ = play(state, BLUE, "counter", card="5-spades")  # Red, out of fortunes, cannot
    state, events = play(state, RED, "assign", district=3, unit="subordinate")
    assert state.district(3).personnel[RED] == (2, 0, 0)
    assert not [ev for ev in events if isinstance(ev, e.StrainInflicted)]
    assert state.player(RED).strain == 3 + 2


def test_no_attack_is_made_where_a_tile_closes_the_district_the_loser_would_be_sent_to() -> None:
    """A lost attack sends its loser to the district (README), which a massive explosion
    closes: the attack is neither offered nor accepted there; the first effect still is."""
    state = example_round()
    ruined = updated(state.district(2), tile="massive-explosion")
    state = _greens_turn(state.with_district(2, ruined))
    at_casino = [
        m
        for m in GAME.legal_moves(state, GREEN)
        if m.type == "play_fortune" and m.get("district") == 2
    ]
    assert at_casino and all(m.get("target") == -1 for m in at_casino)
    answer = refused(
        state, GREEN, "play_fortune", card="2-clubs", district=2, target=RED, choice=""
    )
    assert (answer.code, answer.message) == (
        "district_closed",
        "A tile closes 02 Swiss Casino this round: the loser of an attack could not be sent there.",
    )
    assert answer.citations == GAME.rejections["district_closed"]


def test_a_fortunes_chosen_way_is_named_and_an_ace_names_both_its_facilities() -> None:
    state = _greens_turn()
    state = state.with_player(GREEN, updated(state.player(GREEN), hand=("9-spades", "A-hearts")))
    move = Move.of("play_fortune", card="9-spades", district=9, target=-1, choice="1:blockade")
    described = GAME.describe_move(state, GREEN, move)
    assert described.startswith("Play the 9 of spades: use the first effect of 09 ")
    assert described.endswith(")") and " (" in described
    answer = refused(state, GREEN, "play_fortune", card="A-hearts", district=5, target=-1)
    assert (answer.code, answer.message) == (
        "wrong_facility",
        "The ace of hearts stands for facility 01 or 11.",
    )


def test_one_assignment_fortune_a_turn_and_a_target_is_a_seat_number_not_true() -> None:
    state = _greens_turn()
    again = refused(
        updated(state, played_fortune=True),
        GREEN,
        "play_fortune",
        card="4-hearts",
        district=4,
        target=-1,
        choice="",
    )
    assert (again.code, again.message) == (
        "one_fortune_a_turn",
        "You have played your assignment fortune this turn.",
    )
    assert again.citations == GAME.rejections["one_fortune_a_turn"]
    boolean = refused(state, GREEN, "play_fortune", card="2-clubs", district=2, target=True)
    assert (boolean.code, boolean.message) == (
        "no_one_to_attack",
        "Name another player to attack, or none to use the facility.",
    )


def test_a_trading_market_pays_one_gold_to_whoever_arrives() -> None:
    state = example_round()
    market = updated(state.district(5), tile="trading-market")
    state = state.with_district(5, market)
    gold = state.player(RED).gold
    state, _ = play(state, RED, "assign", district=5, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    assert state.player(RED).gold == gold + 1


def test_each_assignment_move_is_made_in_the_name_of_its_player() -> None:
    _, assigned = play(example_round(), RED, "assign", district=1, unit="subordinate")
    assert assigned[0].seat == RED
    state, _ = play(example_round(), RED, "assign", district=1, unit="subordinate")
    _, ended = play(state, RED, "end_turn")
    assert [ev.seat for ev in ended if isinstance(ev, e.TurnPassed)] == [RED]
    assert [ev.seat for ev in ended if isinstance(ev, e.AssignmentFinished)] == [RED]
    _, declined = play(_attacked(), RED, "decline")
    assert declined[0] == ef.CounterDeclined(seat=RED, owner=RED)
    _, played = play(
        _greens_turn(), GREEN, "play_fortune", card="2-clubs", district=2, target=RED, choice=""
    )
    assert played[0].seat == GREEN


def _greens_last_paragon(hand: tuple[str, ...]) -> tuple[BlackMetroState, list[str]]:
    """Red's turn done, Green holding `hand` assigns the one paragon left in the hideout."""
    state, _ = play(example_round(), RED, "assign", district=1, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    green = updated(state.player(GREEN), hand=hand, hideout=(0, 1, 0))
    state = state.with_player(GREEN, green)
    state, events = play(state, GREEN, "assign", district=6, unit="paragon")
    return state, [event.type for event in events]


@pytest.mark.parametrize("viewer", [RED, BLUE, None])
def test_an_emptied_hideout_waits_for_a_fortune_whatever_the_hand_holds(viewer: int | None) -> None:
    """Whether Green could play an assignment fortune is Green's to know: holding fortunes (how
    many is public), Green is asked after the last assignment with a playable one in hand or
    none, and the others see the same table either way."""
    playable = ("Q-spades", "K-clubs", "3-diamonds", "J-spades", "4-hearts", "2-clubs")
    court = ("Q-spades", "K-clubs", "Q-diamonds", "J-spades", "K-hearts", "J-clubs")
    seen = []
    for hand in (playable, court):
        state, types = _greens_last_paragon(hand)
        seen.append((types, GAME.to_act(state), GAME.view(state, viewer)))
    assert seen[0] == seen[1]
    assert seen[0][:2] == (["personnel_assigned", "assignment_finished"], frozenset({GREEN}))
    state, _ = _greens_last_paragon(court)
    assert GAME.legal_moves(state, GREEN) == [Move.of("end_turn")]
    _, events = play(state, GREEN, "end_turn")
    assert [event.type for event in events][:2] == ["turn_passed", "turn_began"]


def test_an_emptied_hideout_with_no_fortune_in_hand_ends_the_turn_at_once() -> None:
    _, types = _greens_last_paragon(())
    assert types[:3] == ["personnel_assigned", "assignment_finished", "turn_passed"]


def test_the_assignment_finished_by_a_fortune_says_why_it_is_told_under_that_move() -> None:
    """Playing a fortune ends the turn's assignment, so the replay tells the assignment under
    the fortune's move: it read 'Green has assigned 2 strength to 06 Ancient Shrine.' there,
    like an event of the move before."""
    state = _greens_turn()
    _, events = play(
        state, GREEN, "play_fortune", card="2-clubs", district=2, target=RED, choice=""
    )
    assert [event.type for event in events][:2] == ["assignment_finished", "fortune_played"]
    assert GAME.narrate(state, events[0], None, False) == (
        "Green assigns no more personnel this turn: 2 strength at 06 Ancient Shrine."
    )


def test_the_assignment_finished_by_the_last_personnel_says_the_hideout_is_empty() -> None:
    state, _ = play(example_round(), RED, "assign", district=1, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    state = state.with_player(GREEN, updated(state.player(GREEN), hideout=(0, 1, 0)))
    _, events = play(state, GREEN, "assign", district=6, unit="paragon")
    between = GAME.evolve(state, events[0])
    assert GAME.narrate(between, events[1], None, False) == (
        "Green's hideout is empty: 2 strength at 06 Ancient Shrine."
    )


def test_a_player_with_personnel_left_but_no_district_to_send_them_to_is_passed_over() -> None:
    """Rules version 31. Green's hideout still holds personnel, but Green has personnel at
    every district but 12, which a tile closes: there is nowhere to assign them, so Green takes
    no more turns this phase, as with an empty hideout (a pack's large hideouts reached this;
    before, Green was to act with no legal move and the game stood still)."""
    state = example_round()
    for number in range(1, 12):
        here = state.district(number)
        placed = tuple((1, 0, 0) if s == GREEN else t for s, t in enumerate(here.personnel))
        state = state.with_district(number, updated(here, personnel=placed))
    state = state.with_district(12, updated(state.district(12), tile="massive-explosion"))
    assert sum(state.player(GREEN).hideout) and GAME.legal_moves(state, GREEN) == []
    state, events = play(state, RED, "assign", district=11, unit="subordinate")
    state, events = play(state, RED, "end_turn")
    began = [ev for ev in events if isinstance(ev, e.TurnBegan)]
    assert [ev.player for ev in began] == [BLUE]
    assert GAME.to_act(state) == {BLUE}
    assert sum(state.player(GREEN).hideout)  # the personnel stay in the hideout


def test_no_one_able_to_assign_ends_the_assignment_phase() -> None:
    """When no player left with personnel has a district to send them to, the dominance phase
    begins, as when every hideout is empty."""
    state = example_round()
    for seat, start in ((GREEN, 1), (BLUE, 1), (RED, 2)):
        for number in range(start, 13):
            here = state.district(number)
            placed = tuple((1, 0, 0) if s == seat else t for s, t in enumerate(here.personnel))
            state = state.with_district(number, updated(here, personnel=placed))
    state, _ = play(state, RED, "assign", district=1, unit="subordinate")
    assert sum(state.player(RED).hideout)
    state, events = play(state, RED, "end_turn")
    assert not any(isinstance(ev, e.TurnBegan) for ev in events)
    assert [ev.phase for ev in events if isinstance(ev, e.PhaseBegan)] == ["dominance"]


def test_no_attack_is_made_on_a_player_whose_hideout_is_empty() -> None:
    """The loser of an attack is sent 1 personnel from the hideout to the facility (README): a
    player with none there could lose nothing, and an ability choosing another player must
    choose one where it resolves (advanced.golden.exceptions). Rules version 35: until then the
    attack was offered and, standing, did nothing to them."""
    state = _greens_turn()
    state = state.with_player(RED, updated(state.player(RED), hideout=(0, 0, 0)))
    attacks = {
        m.get("target")
        for m in GAME.legal_moves(state, GREEN)
        if m.type == "play_fortune" and m.get("target") != -1
    }
    assert attacks == {BLUE}
    answer = refused(
        state, GREEN, "play_fortune", card="2-clubs", district=2, target=RED, choice=""
    )
    assert (answer.code, answer.message) == (
        "empty_hideout",
        "Red's hideout is empty: an attack that stood would have no personnel of theirs to send"
        " to 02 Swiss Casino.",
    )
    assert answer.citations == GAME.rejections["empty_hideout"]
    assert cite("advanced.golden.exceptions")[0] in answer.citations


def test_a_counter_stands_against_an_attacker_whose_hideout_is_empty_and_sends_nobody() -> None:
    """Our reading (README): "the defending player may counter" whatever the attacker's hideout
    holds, and the counter's effect, the attacker sending 1 personnel, is resolved as far as it
    can be (advanced.golden.exceptions: personnel they do not have to lose): nobody is sent,
    the counter's player gets its suit's resource and the turn ends, as the story says."""
    state, _ = play(example_round(), RED, "assign", district=1, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    state = state.with_player(GREEN, updated(state.player(GREEN), hand=("2-clubs",)))
    state = state.with_player(GREEN, updated(state.player(GREEN), hideout=(0, 1, 0)))
    state = state.with_player(RED, updated(state.player(RED), hand=("5-clubs",)))
    state, _ = play(state, GREEN, "assign", district=6, unit="paragon")
    assert not sum(state.player(GREEN).hideout)
    state, _ = play(state, GREEN, "play_fortune", card="2-clubs", district=2, target=RED, choice="")
    assert Move.of("counter", card="5-clubs") in GAME.legal_moves(state, RED)
    after, (countered, *events) = play(state, RED, "counter", card="5-clubs")
    assert countered.type == "fortune_played"
    assert not [ev for ev in events if isinstance(ev, e.PersonnelAssigned)]
    assert [ev.type for ev in events][:3] == [
        "counter_declined",  # Green holds no fortune to counter with
        "exchange_ended",
        "resource_changed",  # Red's clubs
    ]
    assert after.district(2).personnel[GREEN] == (0, 0, 0)
    assert after.phase == "assignment" and after.flow.current == BLUE
    after_counter = state
    for ev in (countered, events[0]):
        after_counter = GAME.evolve(after_counter, ev)
    assert GAME.narrate(after_counter, events[1], BLUE, False) == (
        "The 5 of clubs is resolved for Red, but Green has no personnel in the hideout to send"
        " to 02 Swiss Casino."
    )


def test_a_turns_steps_taken_out_of_order_are_refused_citing_the_turns_order() -> None:
    """A turn is (1) assign personnel, (2) perhaps play an assignment fortune
    (quick-reference.assignment): a fortune played or the turn ended before assigning, or an
    assignment after the turn's is done, is `out_of_order`, citing that order, not the generic
    `not_now` of a move the game is not asking for (which cites every phase)."""
    order = cite("quick-reference.assignment", "phases.assignment")
    state = example_round()
    early: tuple[tuple[str, dict[str, Scalar]], ...] = (
        ("play_fortune", {"card": "J-hearts", "district": 1, "target": -1, "choice": ""}),
        ("end_turn", {}),
    )
    for kind, params in early:
        answer = refused(state, RED, kind, **params)
        assert (answer.code, answer.citations) == ("out_of_order", order)
    done, _ = _greens_last_paragon(("2-clubs",))
    answer = refused(done, GREEN, "assign", district=5, unit="paragon")
    assert (answer.code, answer.message, answer.citations) == (
        "out_of_order",
        "You have assigned this turn: play an assignment fortune or end your turn.",
        order,
    )
    # not a turn's step at all: nothing to end while a discard is asked
    answer = refused(_discarding(), GREEN, "end_turn")
    assert (answer.code, answer.message) == ("not_now", "Your turn cannot be ended now.")
