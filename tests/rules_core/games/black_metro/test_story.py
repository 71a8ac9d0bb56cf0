"""Black Metro's story and move labels in the game's words: the standby phase's steps, the event
dice's events and options, a mission's option, a district's effect and the set-up."""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Iterable, Iterator

from rules_core.engine.citations import citation_uses
from rules_core.engine.codec import from_json, to_json
from rules_core.engine.hiding import json_strings
from rules_core.engine.types import JSON, Citation, GameEvent, Move
from rules_core.engine.upcasting import upcast
from rules_core.engine.updating import updated
from rules_core.games.black_metro import language as w
from rules_core.games.black_metro import sources, standby
from rules_core.games.black_metro.citations import cite, sections_for
from rules_core.games.black_metro.events import RESOURCE_SECTIONS, ResourceChanged
from rules_core.games.black_metro.events_dominance import MissionPassed
from rules_core.games.black_metro.events_fortunes import (
    DISCARD_SECTIONS,
    FortunesDiscarded,
    discard_sections,
)
from rules_core.games.black_metro.events_resolution import (
    DiceRolled,
    EffectUsed,
    RollResolved,
    RollToResolve,
)
from rules_core.games.black_metro.events_standby import EventChosen, StandbyStep
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState
from rules_core.rulebooks import resolve
from tests.rules_core.games.black_metro.helpers import (
    GAME,
    GREEN,
    RED,
    example_round,
    play,
    started,
    through_setup,
    told,
)

GILDED_BANK = 3


def _told(state: BlackMetroState, event: object) -> str:
    return GAME.narrate(state, event, None, False)  # type: ignore[arg-type]


def test_each_standby_step_says_what_it_brings_not_its_code_name() -> None:
    """The steps read 'Standby: advance.' or 'Standby: syndicates.'; the explosion step, which
    brings nothing at three or four players, says so there (every event has words)."""
    state = updated(started(4), round=3)
    said = {
        step: _told(state, StandbyStep(seat=None, step=step))
        for step in ("charge", "missions", "syndicates", "fortunes", "event", "explosion")
    }
    assert said == {
        "charge": "Standby: downed cards are charged.",
        "missions": "Standby: each player may fulfil one standby mission.",
        "syndicates": "Standby: each player may receive the backing of one syndicate.",
        "fortunes": "Standby: each player draws a fortune.",
        "event": "Standby: the relic player rolls the event dice.",
        "explosion": "Standby: no district explosion (that is for 1-2 players).",
    }
    assert _told(state, StandbyStep(seat=None, step="advance")) == "Round 3 is over."
    last = updated(state, round=8)
    assert _told(last, StandbyStep(seat=None, step="advance")) == (
        "Round 8 is over: final scoring, each unfulfilled mission inflicting 2 strain first."
    )  # the strain told next has its cause (appendix.missions)
    done = updated(
        last,
        players=tuple(updated(p, missions=(), mission_knowers=()) for p in last.players),
    )
    assert _told(done, StandbyStep(seat=None, step="advance")) == "Round 8 is over: final scoring."
    two = started(2)
    assert _told(two, StandbyStep(seat=None, step="explosion")) == (
        "Standby: a district explosion strikes the city (1-2 players)."
    )


def test_an_event_chosen_names_the_event_and_what_its_option_does() -> None:
    """It read 'Red chooses option 2 of event 2'."""
    state = started(2)
    winds = EventChosen(seat=0, owner=0, face=2, option=1)
    assert _told(state, winds) == (
        "Red chooses for event 2 (chaotic winds): every player is to draw 1 fortune."
    )
    blast = EventChosen(seat=0, owner=0, face=1, option=0)
    assert _told(state, blast) == (  # chosen once the explosion has struck (rules version 6)
        "Red chooses for event 1 (massive explosion): lay the massive explosion tile."
    )
    rolled = DiceRolled(seat=0, owner=0, dice="event", face=4)
    assert _told(state, rolled) == "Red rolls the event dice: 4 (lightning storm)."


def test_a_missions_option_is_named_by_what_it_asks_and_the_power_it_brings() -> None:
    """It read 'Fulfil “War Chest” (option 2)'."""
    state = started(2)
    assert state.player(0).missions[0] == "war-chest#2"
    move = Move.of("fulfil_mission", card="war-chest#2", option=2)
    assert GAME.describe_move(state, 0, move) == "Fulfil “War Chest”: have 11 gold, for 2 power"
    blockades = Move.of("fulfil_mission", card="defend-strategic-positions#1", option=1)
    assert GAME.describe_move(state, 0, blockades) == (
        "Fulfil “Defend Strategic Positions”: personnel beside your blockade at 1 district,"
        " for 1 power"
    )
    discarding = Move.of(
        "fulfil_mission", card="believe-in-destiny#1", option=1, discard="2-hearts,K-spades"
    )
    assert GAME.describe_move(state, 0, discarding) == (
        "Fulfil “Believe in Destiny”: discard the 2 of hearts and the king of spades, for 1 power"
    )


def test_a_districts_effect_is_named_by_its_place_and_what_it_does() -> None:
    """The label read 'Use effect 2 (...)' and the story 'Red uses effect 2 at 03 Gilded Bank'."""
    state = updated(started(2), resolving=GILDED_BANK)
    label = GAME.describe_move(state, 0, Move.of("use_effect", effect=2, choice=""))
    assert label == "Use the second effect (inflict 3 strain, then get 3 gold)"
    used = EffectUsed(seat=0, owner=0, district=GILDED_BANK, effect=2, choice="")
    assert _told(state, used) == (
        "Red uses the second effect of 03 Gilded Bank (inflict 3 strain, then get 3 gold)."
    )


def test_the_overlords_fortification_is_named_as_the_game_names_it() -> None:
    """A support base gained or moved by the overlord reads "support base", not its id."""
    from rules_core.games.black_metro.events_solo import OverlordFortified

    state = started(1)
    gained = OverlordFortified(seat=None, district=GILDED_BANK, kind="support-base", source=0)
    moved = OverlordFortified(seat=None, district=GILDED_BANK, kind="support-base", source=5)
    blockade = OverlordFortified(seat=None, district=GILDED_BANK, kind="blockade", source=0)
    assert _told(state, gained) == "The overlord gains a support base at 03 Gilded Bank."
    assert _told(state, moved) == "The overlord moves his support base to 03 Gilded Bank."
    assert _told(state, blockade) == "The overlord gains a blockade at 03 Gilded Bank."


def test_a_gain_that_fills_its_tracker_says_so() -> None:
    """The 2 gold of a candidate's ability bring Red from 14 to 15: the story says the tracker
    is full, so "gets 1 gold" after "get 2 gold" reads as the rule, not a slip."""
    state = started(2)
    state = state.with_player(0, updated(state.player(0), gold=14))
    assert _told(state, ResourceChanged(seat=None, owner=0, resource="gold", amount=1)) == (
        "Red gets 1 gold, reaching 15, the most a tracker holds."
    )
    state = state.with_player(0, updated(state.player(0), gold=10))
    assert _told(state, ResourceChanged(seat=None, owner=0, resource="gold", amount=2)) == (
        "Red gets 2 gold."
    )


def test_the_solo_final_scoring_tells_the_rank_and_never_a_shared_throne() -> None:
    """solo.evaluation: the score's rank is told; a challenge lost at the end (its loss told
    next) has no winner, so the story names none rather than a throne shared by nobody. Each
    score is the power final scoring gives, told with its unit ("Red 58" was a bare number)."""
    from rules_core.games.black_metro.events_standby import GameScored

    state = started(1)
    won = GameScored(seat=None, scores=(84,), winners=(0,), rank="B")
    assert _told(state, won) == (
        "Final scoring: Red 84 power, evaluated rank B; Red meets the solo challenge."
    )
    lost = GameScored(seat=None, scores=(99,), winners=(), rank="A")
    assert _told(state, lost) == "Final scoring: Red 99 power, evaluated rank A."
    three = GameScored(seat=None, scores=(5, 9, 9), winners=(1, 2))
    assert _told(started(3), three) == (
        "Final scoring: Red 5 power, Green 9 power, Blue 9 power; Green and Blue share the throne."
    )


def test_the_overlords_power_at_the_battlefield_says_where_it_comes_from() -> None:
    """solo.rules.power: the overlord resolves the battlefield alone, asking no one and with no
    district told resolved before it; his power there names 12 Combat Zone (a solo game at seed
    7 read "The overlord acquires 1 power." straight after Red was done at 07 Highfield
    Hospital). His power from dominance, and the player's, read as before."""
    from rules_core.games.black_metro.events import PowerChanged

    state = started(1)
    overlord = state.overlord
    assert overlord is not None
    resolving = updated(state, flow=updated(state.flow, phase="resolution"))
    power = PowerChanged(seat=None, owner=overlord, amount=1)
    assert _told(resolving, power) == "The overlord acquires 1 power resolving 12 Combat Zone."
    dominating = updated(state, flow=updated(state.flow, phase="dominance"))
    assert _told(dominating, power) == "The overlord acquires 1 power."
    assert _told(resolving, PowerChanged(seat=None, owner=0, amount=1)) == ("Red acquires 1 power.")


def test_strain_that_all_goes_beyond_15_is_told_as_power_lost_not_strain_inflicted() -> None:
    """troubleshooting.resources: a player at 15 strain loses 1 power for each strain they would
    have inflicted; a 4-player game at seed 11 read "Blue inflicts 0 strain and loses 3 power
    beyond 15 strain". Strain partly beyond 15 reads as before."""
    from rules_core.games.black_metro.events import StrainInflicted

    state = started(2)
    all_beyond = StrainInflicted(seat=None, owner=0, amount=0, power_lost=3)
    assert _told(state, all_beyond) == (
        "Red is at 15 strain and loses 3 power instead of inflicting 3 more."
    )
    part = StrainInflicted(seat=None, owner=0, amount=1, power_lost=2)
    assert _told(state, part) == "Red inflicts 1 strain and loses 2 power beyond 15 strain."


def test_strain_beyond_the_most_is_told_with_the_packs_most() -> None:
    """The words said 15, the reference pack's most strain, whatever the pack's `strain_max`."""
    from rules_core.games.black_metro.content import REFERENCE_PACK, parse_pack
    from rules_core.games.black_metro.events import StrainInflicted

    raw = tomllib.loads(REFERENCE_PACK.read_text())
    raw["limits"]["strain_max"]["value"] = 12
    state = updated(started(2), pack=parse_pack(raw))
    all_beyond = StrainInflicted(seat=None, owner=0, amount=0, power_lost=3)
    assert _told(state, all_beyond) == (
        "Red is at 12 strain and loses 3 power instead of inflicting 3 more."
    )
    part = StrainInflicted(seat=None, owner=0, amount=1, power_lost=2)
    assert _told(state, part) == "Red inflicts 1 strain and loses 2 power beyond 12 strain."


def test_an_event_option_every_player_carries_out_is_told_as_the_event_not_a_die() -> None:
    """appendix.dice.event: once the relic player has chosen an option, each player carries it
    out in turn; the story and the move said "chooses how to resolve the 4 on the event dice"
    and "Resolve the die", as if each player rolled a die of their own."""
    state = through_setup(started(2, first_game=True))
    player = updated(state.player(0), science=1)
    state = updated(state.with_player(0, player), flow=updated(state.flow, step="event"))
    run = Run(state)
    standby.apply_event(run, 4, 1, random.Random(0))  # lightning storm: research 1, charged
    (asked,) = [ev for ev in run.events if isinstance(ev, RollToResolve)]
    assert _told(state, asked) == "Red is to carry out event 4 (lightning storm)."
    relic = updated(asked, option=-1)
    assert _told(state, relic) == "Red chooses an option of event 4 (lightning storm)."
    (move,) = GAME.legal_moves(run.state, 0)[:1]
    label = GAME.describe_move(run.state, 0, move)
    assert label.startswith("Carry out event 4 (lightning storm): ")
    resolved = GAME.decide(run.state, 0, move, random.Random(0))
    assert isinstance(resolved, list)
    (told,) = [_told(run.state, ev) for ev in resolved if isinstance(ev, RollResolved)]
    assert told.startswith("Red carries out event 4 (lightning storm)")
    supply = RollToResolve(seat=None, owner=1, dice="supply", face=5, district=10)
    assert _told(state, supply) == "Green chooses how to resolve the 5 on the supply dice."


def test_personnel_beyond_the_hideouts_limits_tell_the_power_they_bring() -> None:
    """A play-test (3 players, seed 41, a recovery of 2 paragons) read 'Green returns 1
    subordinate beyond the hideout's limits for power' with no power event after it: the power
    (1 a personnel, troubleshooting.units.personnel) was acquired but never told."""
    from rules_core.games.black_metro.events import ExcessReturned

    state = started(3)
    assert _told(state, ExcessReturned(seat=None, owner=1, troop=(1, 0, 0))) == (
        "Green returns 1 subordinate beyond the hideout's limits to the backup and acquires "
        "1 power."
    )
    assert _told(state, ExcessReturned(seat=None, owner=0, troop=(2, 1, 0))) == (
        "Red returns 2 subordinates and 1 paragon beyond the hideout's limits to the backup and "
        "acquires 3 power."
    )


def test_a_roll_of_the_other_dice_says_what_its_face_does() -> None:
    """appendix.dice: a face that finds nothing to act on (the penalty dice's 5 with no fortune
    in hand) was told as "Red rolls the penalty dice: 5." and then silence."""
    state = started(2)
    told = [
        _told(state, DiceRolled(seat=None, owner=0, dice=dice, face=face))
        for dice, face in (("penalty", 5), ("fortune", 4), ("event", 4))
    ]
    assert told == [
        "Red rolls the penalty dice: 5 (discard 1 fortune).",
        "Red rolls the fortune dice: 4 (get 2 gold).",
        "Red rolls the event dice: 4 (lightning storm).",
    ]


def test_mission_windows_passed_one_after_another_say_which_window() -> None:
    """A new player read "Green can fulfil no mission now." twice in one move's events: the
    window after asserting dominance at a district, then the one at the end of the phase. Each
    pass names its window (the question it answers, on the table before it), so that no two
    passes of one move read alike, and none is told as merely "now"."""
    rng, state = random.Random(1), started(2)
    passes: list[list[str]] = []
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        events = GAME.decide(state, seat, rng.choice(GAME.legal_moves(state, seat)), rng)
        assert isinstance(events, list)
        stories = zip(events, told(state, events, seat), strict=True)
        passes.append([story for ev, story in stories if isinstance(ev, MissionPassed)])
        for event in events:
            state = GAME.evolve(state, event)
    said = [story for move in passes for story in move]
    assert all(len(set(move)) == len(move) for move in passes)
    assert not any(story.endswith(" now.") for story in said)
    windows = {re.sub(r"^(Red|Green) (can fulfil|fulfils)|\d\d [A-Z].*", "", s) for s in said}
    assert windows == {
        " no mission after asserting dominance at ",
        " no mission at the end of the dominance phase.",
        " no mission at standby.",
    }
    assert sum(len(move) > 1 for move in passes) > 3  # several windows passed in one move


def _resource_lines(state: BlackMetroState, events: list[GameEvent]) -> list[str]:
    """The story of each resource gained, spent or lost among `events` (decided at `state`)."""
    stories = told(state, events)
    return [t for t, ev in zip(stories, events, strict=True) if isinstance(ev, ResourceChanged)]


def test_each_gain_says_where_it_comes_from() -> None:
    """Two gains of one resource in a row read alike ("Blue gets 1 intel." twice: a district's
    effect, then the fortune's suit). Each names its source (rules version 25), the suit as
    the book's example does (example.dominance.district: "for playing a clubs suited
    fortune"): Green's 3 of diamonds at 03 Gilded Bank, then her king of clubs."""
    state = example_round()
    state, _ = play(state, RED, "assign", district=11, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    state, _ = play(state, GREEN, "assign", district=3, unit="subordinate")
    state, _ = play(state, GREEN, "assign", district=3, unit="subordinate")
    before = state
    state, events = play(
        state, GREEN, "play_fortune", card="3-diamonds", district=3, target=-1, choice=""
    )
    assert _resource_lines(before, events) == [
        "Green gets 3 gold from the first effect of 03 Gilded Bank.",
        "Green gets 1 gold for playing a diamonds suited fortune.",
    ]


FOUR_GAMES = ((1, 3, False), (2, 1, True), (3, 2, False), (4, 5, False))


def _random_games(
    tables: Iterable[tuple[int, int, bool]] = FOUR_GAMES, moves: int = 600
) -> Iterator[tuple[int, BlackMetroState, GameEvent]]:
    """Each event of games of random moves (by default four, 1 to 4 players, up to 600 moves
    each; `tables`: players, seed and first game of each), with how many play and the table
    before it."""
    for players, seed, first_game in tables:
        rng = random.Random(seed)
        state = GAME.initial_state()
        events = GAME.setup(players, {"first_game": first_game}, random.Random(seed))
        for step in range(moves):
            for event in events:
                yield players, state, event
                state = GAME.evolve(state, event)
            acting = sorted(GAME.to_act(state))
            if not acting or GAME.outcome(state) is not None:
                break
            move = rng.choice(GAME.legal_moves(state, acting[0]))
            decided = GAME.decide(state, acting[0], move, random.Random(step))
            assert isinstance(decided, list)
            events = decided


def test_every_resource_changed_in_random_games_names_its_source() -> None:
    """Whatever gives, takes or costs gold, intel or drakownium (a district's effect, a die,
    a suit, a joker, a tile, a technology, a candidate, a set-up, science or research), the
    event records it and the story tells it: none reads as a bare "gets 1 intel"."""
    bare = re.compile(r"^(\S+|the overlord) (gets|pays|loses) \d+ (gold|intel|drakownium)\.$", re.I)
    assert bare.match("Red gets 1 intel.") and bare.match("The overlord pays 2 gold.")
    kinds = set()
    for _, state, event in _random_games():
        if isinstance(event, ResourceChanged):
            kinds.add(event.source.partition(":")[0])
            # it cites the rule that gave or took it (rules version 27)
            assert event.cited()[1:] == cite(*sections_for(event.source, RESOURCE_SECTIONS))
            assert len(event.cited()) > 1 or event.source == "overlord:round_6", event
            assert not bare.match(GAME.narrate(state, event, None, True)), event
    assert {"district", "dice", "suit", "setup", "science"} <= kinds, kinds


def test_a_resource_change_stored_before_sources_were_recorded_reads_as_it_did() -> None:
    """A version-1 `resource_changed` (rules versions 1-24) has no source: it upcasts to ""
    and is told as it was, without one."""
    data: dict[str, JSON] = {"owner": 0, "resource": "intel", "amount": 1}
    read = upcast(ResourceChanged, data, 1)
    assert read == {**data, "source": "", "cites_source": False}
    assert from_json(ResourceChanged, {**read, "seat": None}).cited() == cite(
        "troubleshooting.resources"
    )
    assert _told(started(2), from_json(ResourceChanged, {**read, "seat": None})) == (
        "Red gets 1 intel."
    )


# a source of each kind (sources.py) and the sections a resource change from it cites beside
# the resources' limit (rules version 27)
RESOURCE_CITED = {
    sources.of(sources.DISTRICT, GILDED_BANK, 1): ("districts.gilded-bank",),
    sources.of(sources.DISTRICT, 8, 0): (
        "districts.oakland-lab",
        "troubleshooting.cards.candidates",
    ),
    sources.of(sources.DICE, "supply", 3): ("appendix.dice.supply",),
    sources.of(sources.DICE, "event", 3): ("appendix.dice.event",),
    sources.of(sources.SUIT, "clubs"): ("appendix.fortunes",),
    sources.of(sources.JOKER, "hearts"): ("appendix.fortunes",),
    sources.of(sources.TILE, GILDED_BANK): ("appendix.tiles",),
    sources.of(sources.TECHNOLOGY, "trading-platform@0"): ("appendix.science",),
    sources.of(sources.CANDIDATE, "banker"): ("appendix.candidates",),
    sources.of(sources.SETUP): ("starting.candidates",),
    sources.of(sources.SETUP, "banker"): ("starting.candidates",),
    sources.of(sources.OVERLORD, "setup"): ("solo.setup.opponent",),
    sources.of(sources.OVERLORD, "round_6"): (),  # the briefing's story states no rule
    sources.of(sources.SCIENCE, 2): ("appendix.science",),
    sources.of(sources.RESEARCH): ("appendix.science",),
}


def test_a_resource_change_cites_the_section_of_what_gave_or_took_it() -> None:
    """Until rules version 27 every resource change cited the resources' limit alone, though it
    records its source (rules version 25): "Green gets 1 intel for playing a clubs suited
    fortune" showed no fortunes' appendix, a district's effect not the district. Each now cites
    its source's section, stored with it; a custom pack's own dice or a district past the book's
    cite none, and every section is among those the type may cite."""
    assert {sources.parts(code)[0] for code in RESOURCE_CITED} == {
        sources.DISTRICT,
        sources.DICE,
        sources.SUIT,
        sources.JOKER,
        sources.TILE,
        sources.TECHNOLOGY,
        sources.CANDIDATE,
        sources.SETUP,
        sources.OVERLORD,
        sources.SCIENCE,
        sources.RESEARCH,
    }  # every kind sources.py names for a resource
    assert ResourceChanged.version == 3
    for code, sections in RESOURCE_CITED.items():
        event = ResourceChanged(seat=None, owner=GREEN, resource="intel", amount=1, source=code)
        assert event.cited() == cite("troubleshooting.resources", *sections), code
        assert set(event.cited()) <= {*ResourceChanged.citations, *ResourceChanged.may_cite}
        assert to_json(event) == {
            "seat": None,
            "owner": GREEN,
            "resource": "intel",
            "amount": 1,
            "source": code,
            "cites_source": True,
        }
    for code in ("dice:own:1", "district:13:1"):
        event = ResourceChanged(seat=None, owner=GREEN, resource="intel", amount=1, source=code)
        assert event.cited() == cite("troubleshooting.resources"), code


def test_a_resource_change_stored_under_rules_version_25_or_26_keeps_its_citations() -> None:
    """A version-2 `resource_changed` has its source and cited the resources' limit alone: read
    again, it cites what was stored beside it, and is told with its source."""
    data: dict[str, JSON] = {"owner": 1, "resource": "intel", "amount": 1, "source": "suit:clubs"}
    read = upcast(ResourceChanged, data, 2)
    assert read == {**data, "cites_source": False}
    event = from_json(ResourceChanged, {**read, "seat": None})
    assert event.cited() == cite("troubleshooting.resources")
    assert _told(started(2), event) == "Green gets 1 intel for playing a clubs suited fortune."


def test_every_fortune_discarded_in_random_games_says_why() -> None:
    """ "Red discards the jack of clubs." gave no purpose. Whatever discards fortunes from a
    hand (a reroll, a sabotage, a blockade, a mission, the hand limit, a die face, the
    overlord's counterintelligence), the event records why (rules version 26) and every seat's
    story tells it: the discarder's naming the cards, the others' only how many."""
    card = r"(the \w+ of \w+|a joker|\d+ fortunes?)"
    bare = re.compile(rf"^(\S+|the overlord) discards {card}((, | and |, and ){card})*\.$", re.I)
    assert bare.match("Red discards the jack of clubs.") and bare.match("Blue discards 1 fortune.")
    assert bare.match("Red discards the jack of clubs, a joker and the 4 of hearts.")
    kinds = set()
    for players, state, event in _random_games():
        if isinstance(event, FortunesDiscarded):
            assert event.reason, event
            kinds.add(event.reason.partition(":")[0])
            assert event.reason.partition(":")[0] in DISCARD_SECTIONS, event  # may_cite's
            assert discard_sections(event.reason), event  # cited (rules version 27)
            assert event.cited() == cite("appendix.fortunes", *discard_sections(event.reason))
            for seat in range(players):
                told_there = GAME.narrate(state, event, seat, False)
                assert not bare.match(told_there), (event, told_there)
                assert told_there.endswith(w.discard_reason(state, event.reason) + ".")
    assert {"reroll", "sabotage", "blockade", "dice"} <= kinds, kinds


# every reason a discard records (sources.py), as the story tells it in a 3-player game
DISCARD_REASONS = {
    sources.of(sources.REROLL, "supply"): " to reroll the supply dice",
    sources.of(sources.SABOTAGE, 2, "supply"): " to make Blue reroll the supply dice",
    sources.of(sources.BLOCKADE, GILDED_BANK): " for another player's blockade at 03 Gilded Bank",
    sources.of(sources.MISSION): " to fulfil a mission",
    sources.of(sources.HAND_LIMIT): " down to the hand limit",
    sources.of(sources.DICE, "penalty", 5): " to the 5 on the penalty dice",
    sources.of(sources.DICE, "event", 2): " to event 2 (chaotic winds)",
    sources.of(sources.COUNTERINTELLIGENCE): " to the overlord's counterintelligence",
}


def test_each_reason_for_a_discard_is_told_in_the_games_words() -> None:
    state = started(3)
    for code, words in DISCARD_REASONS.items():
        assert w.discard_reason(state, code) == words, code
    discarded = FortunesDiscarded(
        seat=RED, owner=RED, cards=("J-clubs",), reason=sources.of(sources.REROLL, "supply")
    )
    assert GAME.narrate(state, discarded, RED, False) == (
        "Red discards the jack of clubs to reroll the supply dice."
    )


def test_a_discard_may_cite_the_sections_of_every_reason_it_records() -> None:
    """`fortunes_discarded` listed only the blockades' section among those it may cite, though
    since rules version 26 it records a reroll, a sabotage, a mission, the hand limit, a die
    face or the overlord's counterintelligence too: each reason's sections are among them, so
    the rulebook lists the discard where the game applies each (rule_coverage, the rules pages)."""
    may = {c.section for c in FortunesDiscarded.may_cite}
    kinds = {sources.parts(code)[0] for code in DISCARD_REASONS}
    assert set(DISCARD_SECTIONS) == kinds  # a section for each reason, none for another
    assert may == {s for sections in DISCARD_SECTIONS.values() for s in sections}
    applied = {(u.citation.section, u.name) for u in citation_uses(GAME) if u.kind == "event"}
    for kind, section in (
        (sources.REROLL, "appendix.dice"),
        (sources.SABOTAGE, "troubleshooting.cards.candidates.gambler"),
        (sources.BLOCKADE, "appendix.fortifications.blockades"),
        (sources.MISSION, "appendix.missions"),
        (sources.HAND_LIMIT, "phases.standby.fortunes"),
        (sources.DICE, "appendix.dice.penalty"),
        (sources.COUNTERINTELLIGENCE, "solo.rules.fortunes.joker"),
    ):
        assert section in DISCARD_SECTIONS[kind], kind
        assert (section, "fortunes_discarded") in applied, section
        resolve(Citation("black-metro", section))


# the sections a discard for each reason cites beside the fortunes' appendix (rules version 27; a
# mission's the missions' rule alone since 36)
DISCARD_CITED = {
    sources.of(sources.REROLL, "supply"): ("appendix.dice",),
    sources.of(sources.SABOTAGE, 2, "supply"): ("troubleshooting.cards.candidates.gambler",),
    sources.of(sources.BLOCKADE, GILDED_BANK): ("appendix.fortifications.blockades",),
    sources.of(sources.MISSION): ("appendix.missions",),
    sources.of(sources.HAND_LIMIT): ("phases.standby.fortunes",),
    sources.of(sources.DICE, "penalty", 5): ("appendix.dice.penalty",),
    sources.of(sources.DICE, "event", 2): ("appendix.dice.event",),
    sources.of(sources.COUNTERINTELLIGENCE): ("solo.rules.fortunes.joker",),
}


def test_a_discard_cites_the_sections_of_its_own_reason() -> None:
    """Until rules version 27 every discard cited the fortunes' appendix alone, so a replay
    showed a reroll's or a blockade's discard without the rule that asked for it: each now
    cites its reason's sections (a die face the dice it names), stored with it."""
    assert set(DISCARD_CITED) == set(DISCARD_REASONS) and FortunesDiscarded.version == 4
    for code, sections in DISCARD_CITED.items():
        event = FortunesDiscarded(seat=RED, owner=RED, cards=("J-clubs",), reason=code)
        assert event.cited() == cite("appendix.fortunes", *sections), code
        assert to_json(event) == {
            "seat": RED,
            "owner": RED,
            "cards": ["J-clubs"],
            "reason": code,
            "cites_reason": True,
            "old_citations": False,
        }
    assert set(FortunesDiscarded.may_cite) >= {
        c for sections in DISCARD_CITED.values() for c in cite(*sections)
    }
    other = FortunesDiscarded(seat=None, owner=RED, cards=("J-clubs",), reason="district:3:1")
    assert other.cited() == cite("appendix.fortunes")  # a custom pack's effect: no reason's


def test_a_discard_stored_under_rules_version_26_keeps_the_citations_it_was_stored_with() -> None:
    """A version-2 `fortunes_discarded` (rules version 26) has its reason and cited the
    fortunes' appendix alone: read again, it cites what was stored beside it, so a replay of
    such a game shows its events as they were stored; it is told with its reason."""
    data: dict[str, JSON] = {"owner": 0, "cards": ["J-clubs"], "reason": "reroll:supply"}
    read = upcast(FortunesDiscarded, data, 2)
    assert read == {**data, "cites_reason": False, "old_citations": True}
    event = from_json(FortunesDiscarded, {**read, "seat": 0})
    assert event.cited() == cite("appendix.fortunes")
    assert _told(started(2), event) == "Red discards 1 fortune to reroll the supply dice."


def test_another_seat_sees_why_a_fortune_was_discarded_but_not_which() -> None:
    """The card is its owner's to know (secret OWNER); the reason is public, as the reroll
    it pays for happens in the open."""
    state = started(3)
    discarded = FortunesDiscarded(
        seat=RED, owner=RED, cards=("J-clubs",), reason=sources.of(sources.REROLL, "supply")
    )
    for seat in (GREEN, None):
        seen = GAME.redact(discarded, seat, False)
        assert seen["reason"] == "reroll:supply" and "J-clubs" not in json_strings(seen)
        told_there = GAME.narrate(state, discarded, seat, False)
        assert told_there == "Red discards 1 fortune to reroll the supply dice."
    assert "J-clubs" in json_strings(GAME.redact(discarded, RED, False))


def test_a_discard_stored_before_reasons_were_recorded_reads_as_it_did() -> None:
    """A version-1 `fortunes_discarded` (rules versions 1-25) has no reason: it upcasts to ""
    and is told as it was, without one."""
    data: dict[str, JSON] = {"owner": 0, "cards": ["J-clubs"]}
    read = upcast(FortunesDiscarded, data, 1)
    assert read == {**data, "reason": "", "cites_reason": False, "old_citations": True}
    event = from_json(FortunesDiscarded, {**read, "seat": None})
    assert event.cited() == cite("appendix.fortunes")
    assert _told(started(2), event) == "Red discards 1 fortune."
    assert GAME.narrate(started(2), event, RED, False) == "Red discards the jack of clubs."
