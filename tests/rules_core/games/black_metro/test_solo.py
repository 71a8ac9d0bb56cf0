"""The solo challenge (solo.*): the overlord played by the rules, the ways to lose, the rank."""

import random
import tomllib
from typing import Any

import pytest

from rules_core.engine.flow import Prompt
from rules_core.engine.types import EVERYONE, JSON, Citation, GameEvent, Rejection
from rules_core.engine.updating import updated
from rules_core.games.black_metro import dominance, effects, solo, sources, standby
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_dominance as d
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro import events_solo as so
from rules_core.games.black_metro.content import REFERENCE_PACK
from rules_core.games.black_metro.evolve_standby import exploding
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState, Fortification
from tests.rules_core.games.black_metro.helpers import GAME, play, started, told

OVERLORD = 1
REASONS = ("strain", "overlord", "hideout", "power")  # ChallengeLost.reason


def _solo() -> tuple[BlackMetroState, list[GameEvent]]:
    state = started(1, seed=3)
    state, _ = play(state, 0, "return_mission", card=state.player(0).missions[0])
    return play(state, 0, "choose_candidate", candidate="banker")


def _at(
    state: BlackMetroState, number: int, seat: int, troop: tuple[int, int, int]
) -> BlackMetroState:
    district = state.district(number)
    troops = list(district.personnel)
    troops[seat] = troop
    return state.with_district(number, updated(district, personnel=tuple(troops)))


def test_the_overlord_holds_the_relic_and_assigns_first_one_at_a_time() -> None:
    state, events = _solo()
    assigned = [ev for ev in events if isinstance(ev, so.OverlordAssigned)]
    assert state.relic == OVERLORD and len(assigned) == 1
    assert assigned[0].troop == (1, 0, 0)  # his weakest personnel first
    assert state.flow.current == 0 and state.phase == "assignment"
    # fortunes are discarded until one names a district he may take
    fortunes = [ev.card for ev in events if isinstance(ev, so.OverlordFortune)]
    assert assigned[0].district in exploding(fortunes[-1])


def _city_dominance(state: BlackMetroState, relic: int, dominator: int) -> list[d.RelicMoved]:
    """City dominance after `dominator` asserted dominance at one district, the relic at `relic`."""
    asserted = tuple(dominator if i == 0 else -1 for i in range(len(state.asserted)))
    run = Run(updated(state, relic=relic, asserted=asserted))
    dominance._city(run)
    return [ev for ev in run.events if isinstance(ev, d.RelicMoved)]


def test_the_overlord_acquires_no_power_by_taking_the_relic() -> None:
    state, _ = _solo()
    [taken] = _city_dominance(state, 0, OVERLORD)
    assert (taken.owner, taken.how, taken.power) == (OVERLORD, "taken", 0)
    assert GAME.evolve(state, taken).player(OVERLORD).power == state.player(OVERLORD).power
    assert ("black-metro", "solo.rules.power") in {(c.book, c.section) for c in taken.cited()}
    [back] = _city_dominance(state, OVERLORD, 0)  # the player takes it: 1 power
    assert (back.owner, back.how, back.power) == (0, "taken", 1)
    assert GAME.evolve(state, back).player(0).power == state.player(0).power + 1


def test_a_stored_relic_taken_keeps_the_power_it_gave() -> None:
    """Logs written before the event carried its power read as they played: 1 power for any
    taker (rules_version 2), none for a relic kept or given."""
    assert d.RelicMoved.upcasts[0]({"owner": 1, "how": "taken"})["power"] == 1
    assert d.RelicMoved.upcasts[0]({"owner": 1, "how": "given"})["power"] == 0


def test_the_priority_list() -> None:
    state, _ = _solo()
    state = _at(_at(state, 3, 0, (0, 1, 0)), 5, 0, (1, 0, 0))
    assert solo.priority(state, (1, 3, 5, 11)) == 5  # the player's weakest personnel
    assert solo.priority(state, (1, 11)) == 1  # none of the criteria: the lowest initiative
    forts = (Fortification(0, "blockade"),)
    state = state.with_district(11, updated(state.district(11), fortifications=forts))
    assert solo.priority(state, (1, 11)) == 11  # the player's fortifications
    bases = (Fortification(0, "support-base"),)
    state = state.with_district(2, updated(state.district(2), fortifications=bases))
    assert solo.priority(state, (2, 11)) == 2  # a support base before other fortifications


def test_the_overlord_avoids_strain() -> None:
    state, _ = _solo()
    state = _at(state, 4, 0, (0, 1, 0))  # the player's 2 strength beats his subordinate
    assert not solo.valid(state, 4)
    forts = (Fortification(0, "blockade"),)
    state = state.with_district(6, updated(state.district(6), fortifications=forts))
    assert not solo.valid(state, 6)  # 1 strength against a blockade: strain
    assert solo.valid(state, 7)


def test_strain_beyond_fifteen_loses_at_once() -> None:
    state, _ = _solo()
    state = state.with_player(0, updated(state.player(0), strain=14))
    run = Run(state)
    effects.inflict(run, 0, 2, cause=sources.of(sources.RECOVER))
    events = solo.settled(state, run.events)
    assert isinstance(events[-1], so.ChallengeLost) and events[-1].reason == "strain"
    for event in events:
        state = GAME.evolve(state, event)
    assert state.over and state.winners == ()


def test_the_overlord_at_forty_power_wins_his_challenge() -> None:
    state, _ = _solo()
    state = state.with_player(OVERLORD, updated(state.player(OVERLORD), power=39))
    run = Run(state)
    effects.acquire_power(run, OVERLORD, 1)
    events = solo.settled(state, run.events)
    assert events[-1] == so.ChallengeLost(seat=None, reason="overlord")


def test_the_challenge_is_lost_immediately_and_nothing_after_happens() -> None:
    """solo.win: the player loses immediately, so the loss comes right after the event that
    brings it and the rest of the move (here the overlord's next assignment) never happens."""
    state, _ = _solo()
    state = state.with_player(0, updated(state.player(0), strain=15))
    run = Run(state)
    effects.inflict(run, 0, 1, cause=sources.of(sources.RECOVER))
    assert solo.assign(run, random.Random(0))
    events = solo.settled(state, run.events)
    assert [type(ev) for ev in events] == [e.StrainInflicted, so.ChallengeLost]


@pytest.mark.parametrize(
    ("score", "rank"), [(100, "S"), (99, "A"), (90, "A"), (85, "B"), (70, "C"), (69, "F")]
)
def test_the_evaluation_rank(score: int, rank: str) -> None:
    state, _ = _solo()
    assert solo.rank(state, score) == rank


def test_random_solo_games_end() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = started(1, seed=seed)
        for _ in range(GAME.info.longest_game):
            if state.over:
                break
            events = GAME.decide(state, 0, rng.choice(GAME.legal_moves(state, 0)), rng)
            assert not isinstance(events, Rejection), events
            for event in events:
                state = GAME.evolve(state, event)
        assert state.over and state.winners in ((), (0,))


def test_a_score_below_every_rank_gets_the_last_rank() -> None:
    """solo.rank never runs out of ranks (a pack's last rank starts at 0; a score below it, which
    only a negative score could be, is still ranked)."""
    state, _ = _solo()
    last = state.the_pack().solo.ranks[-1][1]
    assert solo.rank(state, -5) == last and solo.rank(state, 0) == last
    assert solo.rank(state, 10_000) == state.the_pack().solo.ranks[0][1]


def test_strain_beyond_fifteen_from_unfulfilled_missions_loses_at_the_end() -> None:
    """solo.win: strain ever inflicted beyond 15 loses, the final scoring's 2 a mission too."""
    from rules_core.games.black_metro import scoring

    state, _ = _solo()
    player = state.player(0)
    assert len(player.missions) == 1
    state = state.with_player(0, updated(player, strain=14, power=200))
    state = state.with_player(OVERLORD, updated(state.player(OVERLORD), hideout=(0, 0, 0)))
    run = Run(state)
    scoring.score(run)
    assert run.state.over and run.state.winners == ()
    assert run.events[-1] == so.ChallengeLost(seat=None, reason="strain")
    kept = Run(state.with_player(0, updated(state.player(0), strain=13)))
    scoring.score(kept)  # 13 + 2 = 15: within the tracker
    assert kept.state.winners == (0,)


def test_the_solo_scoring_cites_the_evaluation_that_ranks_it() -> None:
    """Until rules version 27 a solo game's final scoring, ranked S to F, cited the final
    scoring's sections alone: a ranked one cites solo.evaluation and solo.win too, won or lost;
    a game of 2-4 players, unranked, does not; a version-1 event keeps what it was stored with."""
    from rules_core.engine.codec import from_json
    from rules_core.engine.upcasting import upcast
    from rules_core.games.black_metro import events_standby as s
    from rules_core.games.black_metro import scoring

    state, _ = _solo()
    state = state.with_player(0, updated(state.player(0), strain=0, power=85))
    state = state.with_player(OVERLORD, updated(state.player(OVERLORD), hideout=(0, 0, 0)))
    for power in (85, 10):
        run = Run(state.with_player(0, updated(state.player(0), power=power)))
        scoring.score(run)
        scored = next(ev for ev in run.events if isinstance(ev, s.GameScored))
        assert scored.rank
        solo_sections = {"solo.evaluation", "solo.win"}
        assert {c.section for c in scored.cited()} >= solo_sections, power
        assert scored.cited() == (*s.GameScored.citations, *s.GameScored.may_cite)
    plain = s.GameScored(seat=None, scores=(21, 20), winners=(0,))
    assert plain.cited() == s.GameScored.citations
    data: dict[str, JSON] = {"scores": [84], "winners": [0], "rank": "B"}
    read = upcast(s.GameScored, data, 1)
    assert read == {**data, "cites_rank": False}
    assert from_json(s.GameScored, {**read, "seat": None}).cited() == s.GameScored.citations


def test_the_overlord_counts_his_whole_strength_when_avoiding_strain() -> None:
    """solo.rules.assign: he avoids only the strain he would inflict through dominance, where
    his support base adds to his personnel (it ties the player's 2 here: no strain)."""
    state, _ = _solo()
    state = _at(state, 4, 0, (0, 1, 0))
    assert solo._unit(state) == 0 and not solo.valid(state, 4)  # 1 against 2
    base = (Fortification(OVERLORD, "support-base"),)
    state = state.with_district(4, updated(state.district(4), fortifications=base))
    assert solo.valid(state, 4)  # 1 + his support base's 1 against 2: a tie


def test_a_joker_taken_from_the_discard_is_counterintelligence_like_one_drawn() -> None:
    """solo.rules.fortunes.joker: jokers are the overlord's counterattacks, never the player's
    to play; one the supply dice's lucky device takes from the discard into the player's hand
    is drawn, so the whole hand is discarded and the penalty dice rolled."""
    from rules_core.games.black_metro import events_resolution as r
    from rules_core.games.black_metro import facilities

    state, _ = _solo()
    state = state.with_player(0, updated(state.player(0), hand=("2-clubs", "K-hearts")))
    state = updated(state, fortune_discard=("5-spades", "Joker-1"), discard_placers=(-1, -1))
    run = Run(state)
    facilities.apply_face(run, 0, "supply", 1, 10, random.Random(0))
    assert run.events[0] == d.DiscardTaken(seat=None, owner=0, card="Joker-1", knower=EVERYONE)
    assert run.events[1] == so.Counterintelligence(seat=None, owner=0)
    assert Citation("black-metro", "solo.rules.fortunes.joker") in run.events[1].cited()
    assert GAME.narrate(run.state, run.events[1], None, False) == (
        "The overlord's counterintelligence: Red drew a joker and discards every fortune, then "
        "plays a penalty game."
    )
    assert isinstance(run.events[2], ef.FortunesDiscarded)
    assert sorted(run.events[2].cards) == ["2-clubs", "Joker-1", "K-hearts"]
    rolled = [ev for ev in run.events if isinstance(ev, r.DiceRolled)]
    assert rolled and rolled[0].dice == "penalty" and rolled[0].owner == 0
    assert "Joker-1" not in run.state.player(0).hand
    # Another card taken so stays in hand, and no penalty game is played.
    plain = Run(updated(state, fortune_discard=("Joker-1", "5-spades")))
    facilities.apply_face(plain, 0, "supply", 1, 10, random.Random(0))
    assert plain.state.player(0).hand == ("2-clubs", "K-hearts", "5-spades")
    assert not [ev for ev in plain.events if isinstance(ev, r.DiceRolled)]


def _tiled(state: BlackMetroState, number: int, tile: str) -> BlackMetroState:
    return state.with_district(number, updated(state.district(number), tile=tile))


def test_the_overlord_is_affected_by_tiles_and_avoids_the_strain_of_one() -> None:
    """solo.rules.overlord: tiles affect his personnel as anyone's, so the trading market gives
    him its gold when he assigns there; the gladiator arena's strain is strain he would inflict
    on himself, so he does not assign there (solo.rules.assign; README)."""
    state, _ = _solo()
    state = updated(_tiled(state, 7, "trading-market"), fortune_deck=("7-hearts", "8-clubs"))
    gold = state.player(OVERLORD).gold
    run = Run(state)
    assert solo.assign(run, random.Random(0))
    [assigned] = [ev for ev in run.events if isinstance(ev, so.OverlordAssigned)]
    assert assigned.district == 7
    assert run.state.player(OVERLORD).gold == gold + 1
    arena = updated(_tiled(state, 7, "gladiator-arena"), fortune_deck=("7-hearts", "8-clubs"))
    assert not solo.valid(arena, 7)
    run = Run(arena)
    assert solo.assign(run, random.Random(0))
    [assigned] = [ev for ev in run.events if isinstance(ev, so.OverlordAssigned)]
    assert (
        assigned.district == 8
        and run.state.player(OVERLORD).strain == state.player(OVERLORD).strain
    )


def test_counterforce_lays_event_ones_first_tile_where_the_priority_list_points() -> None:
    """solo.rules.fortunes.joker: a joker turned up for event 1 triggers its first effect (the
    massive explosion, chosen by nobody) at the district the priority list picks, and the
    penalty game follows (README: the counterforce reading)."""
    from rules_core.engine.types import Citation
    from rules_core.games.black_metro import events_resolution as r
    from rules_core.games.black_metro import events_standby as s
    from rules_core.games.black_metro import standby

    state, _ = _solo()
    state = _at(state, 9, 0, (1, 0, 0))  # the player's weakest personnel
    state = updated(state, fortune_deck=("Joker-1", *state.fortune_deck))
    run = Run(state)
    standby.explode(run, "", random.Random(0))
    turned = run.events[0]
    assert turned == s.FortuneTurnedUp(seat=None, card="Joker-1", tile="massive-explosion")
    assert Citation("black-metro", "solo.rules.fortunes.joker") in turned.cited()
    assert run.events[1] == s.DistrictExploded(seat=None, district=9, tile="massive-explosion")
    assert run.state.district(9).tile == "massive-explosion"
    asked = [ev for ev in run.events if isinstance(ev, r.RollToResolve) and ev.dice == "event"]
    assert not asked  # no tile left to choose
    rolled = [ev for ev in run.events if isinstance(ev, r.DiceRolled)]
    assert rolled and rolled[0].dice == "penalty" and rolled[0].owner == 0


def test_a_move_that_loses_the_challenge_ends_where_the_loss_comes() -> None:
    """solo.win, played through decide: Red at 15 strain assigns both subordinates to a
    gladiator arena (1 strain beyond 15); the challenge is lost there, before the overlord's
    next turn could begin."""
    state, _ = _solo()
    state = _tiled(state.with_player(0, updated(state.player(0), strain=15)), 9, "gladiator-arena")
    state, _ = play(state, 0, "assign", district=9, unit="subordinate")
    state, events = play(state, 0, "assign", district=9, unit="subordinate")
    assert isinstance(events[-1], so.ChallengeLost) and events[-1].reason == "strain"
    assert isinstance(events[-2], e.StrainInflicted) and events[-2].power_lost == 1
    assert not any(isinstance(ev, so.OverlordAssigned) for ev in events)
    assert state.over and state.winners == ()


def test_the_priority_list_weighs_the_players_personnel_alone() -> None:
    """solo.rules.assign: the first criterion names the player's personnel with the fewest
    strength, so a support base beside a subordinate does not make that district look
    stronger than two subordinates elsewhere (README: the priority list reading)."""
    state, _ = _solo()
    state = _at(_at(state, 3, 0, (2, 0, 0)), 5, 0, (1, 0, 0))
    bases = (Fortification(0, "support-base"), Fortification(0, "blockade"))
    state = state.with_district(5, updated(state.district(5), fortifications=bases))
    assert solo.priority(state, (3, 5)) == 5  # 1 subordinate, whatever stands beside it


def test_a_move_after_the_challenge_is_lost_is_refused_citing_the_solo_challenge() -> None:
    """solo.win: a lost challenge is over; the refusal says so and cites the solo rules, not
    only the eight rounds of the game with rivals."""
    from rules_core.engine.types import Citation, Move

    state, _ = _solo()
    state = updated(state, over=True)
    refusal = GAME.decide(state, 0, Move.of("end_turn"), random.Random(0))
    assert isinstance(refusal, Rejection) and refusal.code == "game_over"
    assert refusal.message == "The solo challenge is over."
    assert Citation("black-metro", "solo.win") in refusal.citations


def test_the_solo_evaluation_measures_the_player_against_the_pace_of_70_power() -> None:
    """solo.win: 70 power by the end of round 8, before the overlord reaches 40. A player on
    that pace evaluates near one half, more power above it, less below, in the first round as
    in the last; an overlord ahead of it sets the pace (before, the measure was 70 less 9 a
    round, so every early position read 0: the bots and the analysis saw no difference between
    moves)."""
    from rules_core.games.black_metro.view import evaluate, solo_pace

    state, _ = _solo()
    player = state.player(0)

    def at(round_: int, power: int) -> float:
        played = updated(state, round=round_).with_player(0, updated(player, power=power))
        return evaluate(played, 0)

    assert solo_pace(updated(state, round=8)) == 70
    for round_ in (1, 4, 8):
        pace = int(solo_pace(updated(state, round=round_)))
        assert 0.0 < at(round_, pace) < 1.0
        assert at(round_, pace + 8) > at(round_, pace) > at(round_, max(0, pace - 8))
    # the overlord at 20 of his 40 power runs ahead of a first round's pace: as if at 35 of 70
    overlord = state.player(OVERLORD)
    ahead = updated(state, round=1).with_player(OVERLORD, updated(overlord, power=20))
    assert solo_pace(ahead) == 35
    assert evaluate(ahead.with_player(0, updated(player, power=9)), 0) < at(1, 9)


def _at_standby_holding_war_chest(strain: int) -> BlackMetroState:
    """The solo seat after the set-up, holding one standby mission (War Chest: 8 gold for its
    first option), no gold and no fortune, with `strain`, at the standby phase's charge step."""
    state, _ = _solo()
    player = updated(
        state.player(0),
        missions=("war-chest#1",),
        mission_knowers=(-1,),
        gold=0,
        hand=(),
        hand_knowers=(),
        strain=strain,
    )
    state = state.with_player(0, player)
    return updated(state, flow=updated(state.flow, phase="standby", step="charge", prompts=()))


def test_a_solo_mission_window_is_asked_only_when_a_mission_could_be_fulfilled() -> None:
    """Rules version 23: with 5 strain (Iron Nerves asks at most 4) no standby mission of the
    pack is within reach, which everybody sees: fulfilling none is the game's own step
    (missions.pass_unasked), told as such. With no strain Iron Nerves would be, so the window
    is asked whatever the seat holds: here only "Fulfil no mission now"."""
    state = _at_standby_holding_war_chest(strain=5)
    run = Run(state)
    standby.proceed(run, random.Random(0))
    passed = d.MissionPassed(seat=None, owner=0)
    assert passed in run.events
    assert (
        told(state, run.events, 0)[run.events.index(passed)]
        == "Red can fulfil no mission at standby."
    )
    assert not any(p.kind == "standby_mission" for p in run.state.flow.prompts)
    assert run.state.step != "missions"  # the phase went on to its next steps

    state = _at_standby_holding_war_chest(strain=0)
    run = Run(state)
    standby.proceed(run, random.Random(0))
    assert run.state.flow.prompt_for(0) == Prompt(0, "standby_mission")
    assert [m.type for m in GAME.legal_moves(run.state, 0)] == ["pass_mission"]


def test_a_solo_game_of_rules_version_22_waiting_at_such_a_window_replays_and_goes_on() -> None:
    """Before rules version 23 the seat answered such a window itself: a stored game's
    `mission_passed` by the seat folds to the table the game's own step reaches, and a game
    stored waiting there (the window opened by its events) still takes the seat's pass."""
    state = _at_standby_holding_war_chest(strain=5)
    waiting = updated(
        state,
        flow=updated(state.flow, step="missions", prompts=(Prompt(0, "standby_mission"),)),
    )
    assert [m.type for m in GAME.legal_moves(waiting, 0)] == ["pass_mission"]
    by_seat = GAME.evolve(waiting, d.MissionPassed(seat=0, owner=0))
    assert by_seat == GAME.evolve(waiting, d.MissionPassed(seat=None, owner=0))
    _, events = play(waiting, 0, "pass_mission")
    assert events[0] == d.MissionPassed(seat=0, owner=0)


def test_the_solo_end_of_dominance_window_with_no_mission_to_fulfil_is_not_asked() -> None:
    """Rules version 23, at the end of the dominance phase (Sweep the City needs 2 districts
    dominated; the seat dominated none): the phase goes on to resolution unasked."""
    state, _ = _solo()
    player = updated(state.player(0), missions=("sweep-the-city#1",), mission_knowers=(-1,))
    state = updated(state.with_player(0, player), contest=12)
    flow = updated(state.flow, phase="dominance", step="districts", prompts=())
    state = updated(state, flow=flow)
    run = Run(state)
    dominance.proceed(run, random.Random(0))
    assert d.MissionPassed(seat=None, owner=0) in run.events
    assert run.state.phase != "dominance"


def test_the_ways_to_lose_are_told_with_the_packs_numbers() -> None:
    """The losses' words said "beyond 15", "40 power", "the eighth round" and "below 70 power"
    whatever the pack held; a pack with other limits and solo goals is told by its own."""
    raw: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())
    raw["limits"]["strain_max"]["value"] = 12
    raw["limits"]["rounds"]["value"] = 6
    raw["solo"]["overlord_power"]["value"] = 30
    raw["solo"]["player_power"]["value"] = 55
    state = GAME.initial_state()
    for event in GAME.setup(1, {"content": raw}, random.Random(3)):
        state = GAME.evolve(state, event)
    lines = [told(state, [so.ChallengeLost(seat=None, reason=why)])[0] for why in REASONS]
    assert lines == [
        "The solo challenge is lost: Red's strain went beyond 12.",
        "The solo challenge is lost: the overlord reached 30 power.",
        "The solo challenge is lost: personnel were left in the overlord's hideout after the"
        " sixth round.",
        "The solo challenge is lost: Red ended below 55 power.",
    ]
    reference = started(1, seed=3)
    assert told(reference, [so.ChallengeLost(seat=None, reason="hideout")]) == [
        "The solo challenge is lost: personnel were left in the overlord's hideout after the"
        " eighth round."
    ]
