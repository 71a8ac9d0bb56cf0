"""Who sees what (visibility declared once): views, redacted events and stories of random
games at 1 to 4 players hide hands, missions, downed technologies, face-down discards and deck
orders; being asked about a mission tells the others nothing of it."""

import random

import pytest

from rules_core.engine.codec import from_json
from rules_core.engine.hiding import json_strings
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.engine.upcasting import upcast
from rules_core.engine.updating import updated
from rules_core.engine.visibility import resample
from rules_core.games.black_metro import effects, language
from rules_core.games.black_metro import events_dominance as d
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro.choices_seen import HIDDEN_PART
from rules_core.games.black_metro.state import BlackMetroState
from tests.rules_core.games.black_metro import helpers as table
from tests.rules_core.games.black_metro import test_example_round as example
from tests.rules_core.games.black_metro.helpers import GAME
from tests.rules_core.json_shapes import arr
from tests.rules_core.privacy import apply_checking_privacy, check_words

RED, GREEN, BLUE = table.RED, table.GREEN, table.BLUE
play = table.play


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_show_each_seat_only_what_it_may_see(players: int) -> None:
    rng = random.Random(players)
    events = GAME.setup(players, {}, rng)
    state = apply_checking_privacy(GAME, GAME.initial_state(), players, events)
    for step in range(150 if players > 1 else 60):
        if state.over:
            break
        seat = min(GAME.to_act(state))
        move = rng.choice(GAME.legal_moves(state, seat))
        check_words(GAME.describe_move(state, seat, move), move.type)
        decided = GAME.decide(state, seat, move, rng)
        assert not isinstance(decided, Rejection), decided
        state = apply_checking_privacy(GAME, state, players, decided, twins=step % 5 == 0)


def test_the_determinization_reads_only_the_seats_view() -> None:
    rng = random.Random(3)
    state = GAME.initial_state()
    for event in GAME.setup(3, {}, rng):
        state = GAME.evolve(state, event)
    for _ in range(120):
        seat = min(GAME.to_act(state))
        events = GAME.decide(state, seat, rng.choice(GAME.legal_moves(state, seat)), rng)
        assert not isinstance(events, Rejection)
        for event in events:
            state = GAME.evolve(state, event)
    # a twin that differs only in what seat 0 cannot see: others' hands, decks, downed cards
    twin = resample(state, GAME.secrets(state), 0, random.Random(5))
    assert twin != state and GAME.view(twin, 0) == GAME.view(state, 0)
    one = GAME.determinize(state, 0, random.Random(9))
    assert one == GAME.determinize(twin, 0, random.Random(9))
    assert GAME.view(one, 0) == GAME.view(state, 0)


def _blockade_discards() -> tuple[BlackMetroState, list[GameEvent]]:
    """The example round: Green assigns two paragons to 11 Astral Tower, where Blue has two
    blockades, plays an ace there (face up; it stands in for her queen of spades) and discards
    the jack of spades and the 4 of hearts for the blockades (face down)."""
    state = table.example_round()
    state, _ = play(state, RED, "assign", district=11, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    hand = tuple("A-clubs" if c == "Q-spades" else c for c in state.player(GREEN).hand)
    deck = tuple("Q-spades" if c == "A-clubs" else c for c in state.fortune_deck)
    state = state.with_player(GREEN, updated(state.player(GREEN), hand=hand))
    state = updated(state, fortune_deck=deck)
    for _ in range(2):
        state, _ = play(state, GREEN, "assign", district=11, unit="paragon")
    state, played = play(
        state,
        GREEN,
        "play_fortune",
        card="A-clubs",
        district=11,
        target=-1,
        choice="fortitude-trainers",
    )
    state, first = play(state, GREEN, "discard_fortune", card="J-spades")
    state, second = play(state, GREEN, "discard_fortune", card="4-hearts")
    return state, [*played, *first, *second]


def test_fortunes_discarded_face_down_are_seen_by_their_discarder_only() -> None:
    state, events = _blockade_discards()
    face_down = {"J-spades", "4-hearts"}
    assert face_down <= set(state.fortune_discard) and "A-clubs" in state.fortune_discard
    assert GAME.hidden_from(state, GREEN) & face_down == set()
    for seat in (None, RED, BLUE):
        assert face_down <= GAME.hidden_from(state, seat)
        assert "A-clubs" not in GAME.hidden_from(state, seat)  # played face up: known to all
        shown = set(json_strings(GAME.view(state, seat)))
        for event in events:
            shown |= set(json_strings(GAME.redact(event, seat, False)))
            shown.add(GAME.narrate(state, event, seat, False))
        assert not face_down & shown, seat
        assert not any(card in text for card in face_down for text in shown)
    told = {c for ev in events for c in json_strings(GAME.redact(ev, GREEN, False))}
    assert face_down <= told  # the discarder is told what she discarded


def test_the_determinization_deals_face_down_discards_again_for_the_others() -> None:
    state, _ = _blockade_discards()
    places = [i for i, c in enumerate(state.fortune_discard) if c in ("J-spades", "4-hearts")]
    face_up = state.fortune_discard.index("A-clubs")
    for seed in range(5):  # the discarder keeps what she knows
        mine = GAME.determinize(state, GREEN, random.Random(seed))
        assert mine.fortune_discard == state.fortune_discard
    dealt = set()
    for seed in range(20):  # another seat sees only that two cards lie there face down
        sample = GAME.determinize(state, RED, random.Random(seed))
        assert sample.fortune_discard[face_up] == "A-clubs"
        assert sample.discard_placers == state.discard_placers
        assert GAME.view(sample, RED) == GAME.view(state, RED)
        dealt |= {sample.fortune_discard[i] for i in places}
    assert dealt - {"J-spades", "4-hearts"}, "the face-down discards were never dealt again"


def _holding(state: BlackMetroState, seat: int, mission: str) -> BlackMetroState:
    """`state` with `seat`'s one unfulfilled mission swapped for `mission` from the deck (a
    twin the others cannot tell apart)."""
    (held,) = state.player(seat).missions
    deck = tuple(held if c == mission else c for c in state.mission_deck)
    assert mission in state.mission_deck
    state = state.with_player(seat, updated(state.player(seat), missions=(mission,)))
    return updated(state, mission_deck=deck)


def test_being_asked_about_a_mission_tells_the_others_nothing_of_it() -> None:
    """At the standby missions, Red (8 gold, 12 strain) holds either War Chest (8 gold: he can
    fulfil it) or Informant Network (6 intel: he cannot): the others see the same either way."""
    state = example._resolved()
    assert state.player(RED).missions == ("informant-network#1",)
    can = _holding(state, RED, "war-chest#1")
    cannot, _ = play(state, GREEN, "recover", troop="2,0,0")
    able, _ = play(can, GREEN, "recover", troop="2,0,0")
    assert cannot.step == able.step == "missions"
    for _ in range(2):  # from the relic player: Blue (who can only pass), then Red
        assert GAME.to_act(cannot) == GAME.to_act(able)
        for seat in (None, GREEN, BLUE):
            assert GAME.view(cannot, seat) == GAME.view(able, seat)
        asked = {"who": "Red", "what": language.ASKED["standby_mission"]}
        assert asked in arr(GAME.view(cannot, BLUE)["asked"])
        if GAME.to_act(cannot) == {BLUE}:
            cannot, _ = play(cannot, BLUE, "pass_mission")
            able, _ = play(able, BLUE, "pass_mission")
    assert GAME.to_act(cannot) == {RED}
    assert GAME.legal_moves(cannot, RED) == [Move.of("pass_mission")]
    assert Move.of("fulfil_mission", card="war-chest#1", option=1) in GAME.legal_moves(able, RED)


def test_a_mission_window_passed_unasked_tells_the_others_nothing_of_the_hand() -> None:
    """Rules version 24: at the end of the example's dominance phase no mission of the pack
    for that point is within Green's reach (public facts alone), so her window is the game's
    own step, whether she holds her standby mission or an end-of-phase one she cannot meet:
    the events and what the others see are the same either way."""
    state = example.at_the_phase_end()
    assert state.player(GREEN).missions == ("believe-in-destiny#1",)
    unmet = _holding(state, GREEN, "sweep-the-city#1")
    fulfil = Move.of("fulfil_mission", card="defend-strategic-positions#1", option=1)
    told, ended = [], []
    for before in (state, unmet):
        events = GAME.decide(before, BLUE, fulfil, random.Random(0))
        assert isinstance(events, list)
        for event in events:
            before = GAME.evolve(before, event)
        told.append(events)
        ended.append(before)
    assert told[0] == told[1] and d.MissionPassed(seat=None, owner=GREEN) in told[0]
    assert ended[0].phase == ended[1].phase == "resolution"
    for seat in (None, RED, BLUE):
        assert GAME.view(ended[0], seat) == GAME.view(ended[1], seat)


def _downed_cards_of(state: BlackMetroState, seat: int) -> BlackMetroState:
    """`state` with `seat` holding every neuro technology and two downed: the logistic and the
    battle technologies of level 1 (the others see only that two are downed)."""
    held = tuple(f"{t.id}@{seat}" for t in state.the_pack().technologies if t.type == "neuro")
    downed = (f"expiditry-matrix@{seat}", f"voltaic-edge@{seat}")
    player = updated(state.player(seat), technologies=held, downed=downed)
    return state.with_player(seat, player)


def _could_be_downed(state: BlackMetroState, seat: int, downed: tuple[str, ...]) -> bool:
    """Each card one `seat` could have downed after those before it: researched (its level at
    most their scientific level) or gained (the next of some type after what they hold)."""
    techs = state.the_pack().technologies
    held = state.player(seat).technologies
    for i, card in enumerate(downed):
        before = held + downed[:i]
        gained = {effects.next_technology(before, techs, t.type, seat) for t in techs}
        level = state.the_pack().technology(card).level
        if card in before or not (card in gained or level <= state.player(seat).science):
            return False
    return True


def test_the_determinization_draws_others_downed_technologies_among_those_possible() -> None:
    state = _downed_cards_of(_downed_cards_of(table.example_round(), GREEN), RED)
    neuro = {f"{t.id}@{GREEN}" for t in state.the_pack().technologies if t.type == "neuro"}
    drawn = set()
    for seed in range(20):
        sample = GAME.determinize(state, RED, random.Random(seed))
        assert sample.player(RED) == state.player(RED)  # her own, she knows
        assert sample.player(BLUE).downed == ()
        green = sample.player(GREEN)
        assert green.technologies == state.player(GREEN).technologies
        assert len(green.downed) == 2 and _could_be_downed(sample, GREEN, green.downed)
        assert all(card.endswith(f"@{GREEN}") for card in green.downed)
        assert not neuro & set(green.downed), "she holds every neuro technology already"
        drawn |= set(green.downed)
    assert drawn - set(state.player(GREEN).downed), "the downed technologies were never drawn again"
    assert GAME.determinize(state, GREEN, random.Random(1)).player(GREEN) == state.player(GREEN)


def _named(card: str, state: BlackMetroState) -> str:
    """A hidden part of a choice in words: a mission, a fortune or a technology researched."""
    technology = card.removeprefix("research:")
    if technology in {t.id for t in state.the_pack().technologies}:
        return state.the_pack().technology(technology).name
    return language.mission(card, state) if "#" in card else language.fortune(card)


def test_a_choice_is_shown_as_done_in_the_open_and_only_its_cards_stay_the_choosers() -> None:
    """A fortification built, a syndicate turned: the events after show them to everybody, so
    the effect's and the die's choice do too; only parts naming cards from the hand (missions
    returned or revealed, fortunes discarded) or the technology researched (downed face down)
    stay the chooser's ("never half-redact": nothing the table sees is hidden, nothing hidden
    is shown)."""
    seen_public = seen_cards = 0
    for seed in range(6):
        rng = random.Random(100 + seed)
        state = GAME.initial_state()
        for event in GAME.setup(3, {}, rng):
            state = GAME.evolve(state, event)
        for _ in range(400):
            if state.over:
                break
            seat = min(GAME.to_act(state))
            decided = GAME.decide(state, seat, rng.choice(GAME.legal_moves(state, seat)), rng)
            assert not isinstance(decided, Rejection)
            for event in decided:
                if isinstance(event, (r.EffectUsed, r.RollResolved)):
                    other = (event.owner + 1) % 3
                    shown = GAME.redact(event, other, False)
                    assert shown["choice"] == event.choice
                    assert shown["cards"] == [None] * len(event.cards)
                    assert event.choice.count(HIDDEN_PART) == len(event.cards)
                    owner_words = GAME.narrate(state, event, event.owner, False)
                    other_words = GAME.narrate(state, event, other, False)
                    for part in event.cards:
                        for card in part.split(","):
                            named = _named(card, state)
                            assert named in owner_words and named not in other_words
                    public = [p for p in event.choice.split("|") if p and p != HIDDEN_PART]
                    seen_public += bool(public)
                    seen_cards += bool(event.cards)
                    if public and not event.cards:
                        assert owner_words == other_words  # nothing of it is the owner's alone
                state = GAME.evolve(state, event)
    assert seen_public and seen_cards  # both kinds came up


@pytest.mark.parametrize(
    ("recorded", "choice", "cards"),
    [
        ("advance|5:blockade", "advance|5:blockade", []),
        ("believe-in-destiny#1", "?", ["believe-in-destiny#1"]),
        ("7-spades,Joker-2|paragon", "?|paragon", ["7-spades,Joker-2"]),
        ("", "", []),
    ],
)
def test_a_version_1_choice_keeps_hidden_every_part_made_of_card_ids(
    recorded: str, choice: str, cards: list[str]
) -> None:
    """Version 1 hid the whole choice; read as version 2 only parts of card ids stay hidden
    (which step chose them is not recorded, so a revealed mission stays hidden too)."""
    for kind, extra in ((r.EffectUsed, {"district": 8, "effect": 1}), (r.RollResolved, {})):
        data = upcast(kind, {"owner": 1, "choice": recorded, **extra}, 1)
        event = from_json(kind, {**data, "seat": 1})
        assert isinstance(event, kind)
        assert (event.choice, list(event.cards)) == (choice, cards)
