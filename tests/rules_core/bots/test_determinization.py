"""What a bot may believe of what it cannot see: a determinized state keeps everything the seat
sees, deals every unseen card again from the unseen cards of its back, and invents nothing."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from rules_core.engine import fold, get_game
from rules_core.games.gotham_city_strategy.state import GcsState
from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.state import Crime, NmlState

NML = get_game("no-mans-land")
GCS = get_game("gotham-city-strategy")


def nml_with_crimes() -> NmlState:
    """Falcone's opening with three crimes in play from his deck: two face down, one face up."""
    state = fold(NML, NML.setup(2, {}, random.Random(1)))
    assert isinstance(state, NmlState)
    crimes = [c for c in state.falcone_deck if state.pack.card(c).kind == "crime"][:3]
    districts = [d.id for d in state.pack.districts][:3]
    placed = (
        Crime(districts[0], crimes[0], True),
        Crime(districts[1], crimes[1], False),
        Crime(districts[2], crimes[2], True),
    )
    deck = tuple(c for c in state.falcone_deck if c not in crimes)
    signals = state.signal_deck  # Gordon holding two Bat-Signal cards
    return replace(
        state,
        crimes=placed,
        falcone_deck=deck,
        signal_hand=signals[:2],
        signal_deck=signals[2:],
    )


def unseen_by_gordon(state: NmlState) -> Counter[str]:
    down = [c.card for c in state.crimes if c.face_down]
    return Counter([*state.falcone_hand, *state.falcone_deck, *down])


def test_gordon_believes_each_face_down_card_a_crime_drawn_from_the_cards_he_cannot_see() -> None:
    state = nml_with_crimes()
    assert state.signal_hand
    moved = set()
    decks = set()
    for seed in range(12):
        sample = NML.determinize(state, GORDON, random.Random(seed))
        assert isinstance(sample, NmlState)
        assert unseen_by_gordon(sample) == unseen_by_gordon(state)
        assert len(sample.falcone_hand) == len(state.falcone_hand)
        assert len(sample.falcone_deck) == len(state.falcone_deck)
        assert [(c.district, c.face_down) for c in sample.crimes] == [
            (c.district, c.face_down) for c in state.crimes
        ]
        assert sample.crimes[1] == state.crimes[1]  # face up: he sees it
        for crime in sample.crimes:
            assert sample.pack.card(crime.card).kind == "crime"
        assert sample.signal_hand == state.signal_hand  # his own hand
        assert Counter(sample.signal_deck) == Counter(state.signal_deck)
        moved |= {c.card for c, old in zip(sample.crimes, state.crimes, strict=True) if c != old}
        moved |= set(sample.falcone_hand) - set(state.falcone_hand)
        decks.add(sample.signal_deck)
    assert moved, "twelve samples never dealt the unseen cards again"
    assert len(decks) > 1, "nobody sees the Bat-Signal deck's order: it is shuffled too"


def test_falcone_keeps_his_own_cards_and_believes_only_the_batsignal_decks() -> None:
    state = nml_with_crimes()
    signals = {
        tuple(NML.determinize(state, FALCONE, random.Random(s)).signal_deck) for s in range(6)
    }
    for seed in range(6):
        sample = NML.determinize(state, FALCONE, random.Random(seed))
        assert isinstance(sample, NmlState)
        assert sample.crimes == state.crimes
        assert sample.falcone_hand == state.falcone_hand
        assert Counter(sample.falcone_deck) == Counter(state.falcone_deck)
    assert len(signals) > 1


def test_a_determinized_gotham_city_strategy_seat_believes_the_others_hold_its_own_totals() -> None:
    state = fold(GCS, GCS.setup(3, {}, random.Random(1)))
    assert isinstance(state, GcsState)
    me = state.players[1]
    sample = GCS.determinize(state, 1, random.Random(4))
    assert isinstance(sample, GcsState)
    assert sample.players[1] == me
    for other in (0, 2):
        assert (sample.players[other].money, sample.players[other].information) == (
            me.money,
            me.information,
        )
        assert len(sample.players[other].hand) == len(state.players[other].hand)
    unseen = Counter([*state.deck, *state.players[0].hand, *state.players[2].hand])
    believed = Counter([*sample.deck, *sample.players[0].hand, *sample.players[2].hand])
    assert believed == unseen
    assert Counter(sample.batman_deck) == Counter(state.batman_deck)
    assert sample.deck != state.deck or sample.players[0].hand != state.players[0].hand


def test_determinizing_for_a_seat_that_sees_nothing_new_is_reproducible_by_seed() -> None:
    state = nml_with_crimes()
    one = NML.determinize(state, GORDON, random.Random(7))
    assert one == NML.determinize(state, GORDON, random.Random(7))
    state = fold(GCS, GCS.setup(3, {}, random.Random(1)))
    assert GCS.determinize(state, 0, random.Random(7)) == GCS.determinize(
        state, 0, random.Random(7)
    )


def test_a_gotham_race_seat_keeps_its_hand_and_believes_the_other_hands_dealt_by_back() -> None:
    """The engine's default determinization (`DeclaredGame.determinize`): each unseen card
    dealt again from the unseen cards of its back (the hands hold one card of each back)."""
    race = get_game("gotham-race")
    state = fold(race, race.setup(3, {}, random.Random(1)))
    changed = False
    for seed in range(6):
        sample = race.determinize(state, 0, random.Random(seed))
        assert sample.hands[0] == state.hands[0]
        for back in range(4):
            unseen = [h[back] for h in state.hands[1:]] + list(state.decks[back])
            believed = [h[back] for h in sample.hands[1:]] + list(sample.decks[back])
            assert Counter(believed) == Counter(unseen)
        assert (sample.xs, sample.lanes, sample.discard) == (state.xs, state.lanes, state.discard)
        changed = changed or sample.hands != state.hands
    assert changed


def test_before_the_set_up_there_is_nothing_to_determinize() -> None:
    assert GCS.determinize(GCS.initial_state(), 0, random.Random(1)) == GCS.initial_state()
    assert NML.determinize(NML.initial_state(), GORDON, random.Random(1)) == NML.initial_state()
