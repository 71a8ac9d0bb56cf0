"""Effects that trigger together (IV·A·2, V·B·2, V·B·6, VI·B·2, VI·B·5): the side concerned
chooses their order where it can change what happens, and only there."""

from __future__ import annotations

import random
import tomllib
from dataclasses import replace
from typing import Any

from rules_core.engine.types import Move, Rejection
from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK, parse_pack
from rules_core.games.gotham_city_chronicles.effect_order import order_matters
from rules_core.games.gotham_city_chronicles.events import (
    AreaDiceRolled,
    EffectOrderAsked,
    EffectOrderChosen,
    Exploded,
    TurnEffectTriggered,
    UpkeepTriggered,
    VillainTurnBegan,
)
from rules_core.games.gotham_city_chronicles.moves import to_act
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.setup import opening
from rules_core.games.gotham_city_chronicles.state import INITIAL, GccState
from tests.rules_core.games.gotham_city_chronicles.test_movement import all_active, fold, play
from tests.rules_core.games.gotham_city_chronicles.test_villain import TIME_LOCK

VILLAIN = 0
RELOCK = {  # the safe's lock set again while it is closed: against the time lock, order decides
    "id": "relock",
    "name": "The safe relocks",
    "when": "heroes_end",
    "token": "safe",
    "state": "closed",
    "effect": [{"op": "set_state", "token": "safe", "state": "closed"}],
}


def _raw() -> dict[str, Any]:
    return tomllib.loads(REFERENCE_PACK.read_text())


def _started(raw: dict[str, Any], seats: int = 2) -> GccState:
    return all_active(fold(INITIAL, opening(parse_pack(raw), seats)))


def _heroes_finish(state: GccState) -> tuple[GccState, list[Any]]:
    events: list[Any] = []
    for seat in sorted(to_act(state)):
        state, played = play(state, seat, Move.of("finish"))
        events += played
    return state, events


def _with_turn_effects(*effects: dict[str, Any]) -> dict[str, Any]:
    raw = _raw()
    raw["mission"]["turn_effect"] = list(effects)
    return raw


def test_the_heroes_choose_which_of_two_clashing_end_of_turn_effects_comes_first() -> None:
    """V·B·6: the time lock opens the safe and the relock closes it; the one resolved last
    decides, so the heroes are asked, and the villain's turn waits for their answer."""
    state, events = _heroes_finish(_started(_with_turn_effects(TIME_LOCK, RELOCK)))
    assert events[-1] == EffectOrderAsked(
        seat=None, step="heroes_end", effects=("time-lock", "relock")
    )
    assert not any(isinstance(e, TurnEffectTriggered) for e in events)
    assert to_act(state) == {1}
    offered = GAME.legal_moves(state, 1)
    assert offered == [
        Move.of("resolve_first", effect="time-lock"),
        Move.of("resolve_first", effect="relock"),
    ]
    assert [GAME.describe_move(state, 1, m) for m in offered] == [
        "Resolve “The safe's time lock opens” first",
        "Resolve “The safe relocks” first",
    ]
    assert GAME.legal_moves(state, VILLAIN) == []
    relock_last, _ = play(state, 1, offered[0])
    open_last, played = play(state, 1, offered[1])
    assert relock_last.token("safe").state == "closed"
    assert open_last.token("safe").state == "open"
    assert played[0] == EffectOrderChosen(seat=1, step="heroes_end", effect="relock")
    triggered = [e.effect for e in played if isinstance(e, TurnEffectTriggered)]
    assert triggered == ["relock", "time-lock"]
    assert any(isinstance(e, VillainTurnBegan) for e in played)
    assert to_act(open_last) == {VILLAIN}


def test_every_heroes_seat_may_answer_for_the_heroes() -> None:
    """V·B·4: the heroes agree among themselves, so any heroes' seat answers (the first to do
    so decides), and the villain is refused."""
    state, _ = _heroes_finish(_started(_with_turn_effects(TIME_LOCK, RELOCK), seats=3))
    assert to_act(state) == {1, 2}
    move = Move.of("resolve_first", effect="relock")
    after, _ = play(state, 2, move)
    assert after.token("safe").state == "open"
    refused = GAME.decide(state, VILLAIN, move, random.Random(0))
    assert isinstance(refused, Rejection) and refused.code == "order_pending"
    assert "the heroes choose" in refused.message


def test_the_villain_orders_its_own_end_of_turn_effects() -> None:
    """VI·B·5: the villain's end-of-turn effects are ordered by the villain."""
    effects = [{**e, "when": "villain_end"} for e in (TIME_LOCK, RELOCK)]
    state, _ = _heroes_finish(_started(_with_turn_effects(*effects)))
    state, events = play(state, VILLAIN, Move.of("end_villain_turn"))
    assert isinstance(events[-1], EffectOrderAsked) and events[-1].step == "villain_end"
    assert to_act(state) == {VILLAIN}
    assert {m.type for m in GAME.legal_moves(state, VILLAIN)} == {"resolve_first"}
    assert GAME.legal_moves(state, 1) == []
    state, events = play(state, VILLAIN, Move.of("resolve_first", effect="time-lock"))
    assert state.token("safe").state == "closed"
    assert to_act(state) == {1}  # the next upkeep, then the heroes' turn


def test_while_the_order_is_chosen_nothing_else_is_done() -> None:
    """V·B·2: at the heroes' turn's start, the stances wait for the order of its effects."""
    effects = [{**e, "when": "heroes_start"} for e in (TIME_LOCK, RELOCK)]
    raw = _with_turn_effects(*effects)
    state = fold(INITIAL, opening(parse_pack(raw), 2))
    assert state.ordering is not None and state.ordering.step == "heroes_start"
    assert {m.type for m in GAME.legal_moves(state, 1)} == {"resolve_first"}
    stance = Move.of("stance", hero="batman", stance="active")
    refused = GAME.decide(state, 1, stance, random.Random(0))
    assert isinstance(refused, Rejection) and refused.code == "order_pending"
    state, _ = play(state, 1, Move.of("resolve_first", effect="time-lock"))
    assert state.ordering is None and state.token("safe").state == "closed"
    assert {m.type for m in GAME.legal_moves(state, 1)} == {"stance"}


def _with_the_fuse(raw: dict[str, Any]) -> GccState:
    """The game set up with two upkeep effects that clash: one starts the bomb's countdown,
    the other counts it down."""
    raw["mission"]["upkeep"] = [
        {
            "id": "fuse-lit",
            "name": "The fuse is lit",
            "effect": [{"op": "start_countdown", "token": "bomb", "turns": 3}],
        },
        {
            "id": "fuse-burns",
            "name": "The fuse burns",
            "effect": [{"op": "count_down", "token": "bomb"}],
        },
    ]
    return fold(INITIAL, opening(parse_pack(raw), 2))


def test_the_side_with_initiative_orders_the_upkeep_effects() -> None:
    """IV·A·2: two upkeep effects that clash (one starts the bomb's countdown, the other counts
    it down) are ordered by the side with initiative, here the heroes."""
    raw = _raw()
    state = _with_the_fuse(raw)
    assert state.ordering is not None and state.ordering.step == "upkeep"
    assert to_act(state) == {1}
    lit_last, events = play(state, 1, Move.of("resolve_first", effect="fuse-burns"))
    assert [e.effect for e in events if isinstance(e, UpkeepTriggered)] == [
        "fuse-burns",
        "fuse-lit",
    ]
    assert lit_last.token("bomb").countdown == 3
    burnt, _ = play(state, 1, Move.of("resolve_first", effect="fuse-lit"))
    assert burnt.token("bomb").countdown == 2
    assert {m.type for m in GAME.legal_moves(burnt, 1)} == {"stance"}


def test_three_effects_ask_again_for_those_left_while_their_order_matters() -> None:
    """The side chooses the first; of the two left, a clash asks again, none does not."""
    third = {**TIME_LOCK, "id": "backup-lock", "name": "The backup lock gives way"}
    state, _ = _heroes_finish(_started(_with_turn_effects(TIME_LOCK, RELOCK, third)))
    assert state.ordering is not None and len(state.ordering.effects) == 3
    again, events = play(state, 1, Move.of("resolve_first", effect="time-lock"))
    assert events[-1] == EffectOrderAsked(
        seat=None, step="heroes_end", effects=("relock", "backup-lock")
    )
    done, events = play(state, 1, Move.of("resolve_first", effect="relock"))
    assert [e.effect for e in events if isinstance(e, TurnEffectTriggered)] == [
        "relock",
        "time-lock",
        "backup-lock",
    ]
    assert done.ordering is None and done.token("safe").state == "open"
    assert again.ordering is not None


def _commuting_and_not() -> dict[str, Any]:
    """The reference pack with heroes' end-of-turn effects that commute or not: the time lock
    twice, a tick of the bomb, an explosion at the bomb and at the safe, and the bomb blown."""
    return _with_turn_effects(
        TIME_LOCK,
        {**TIME_LOCK, "id": "same", "name": "The same again"},
        {
            "id": "tick",
            "name": "Tick",
            "when": "heroes_end",
            "effect": [{"op": "count_down", "token": "bomb"}],
        },
        {
            "id": "boom",
            "name": "Boom",
            "when": "heroes_end",
            "effect": [{"op": "explode", "token": "bomb", "level": 1}],
        },
        {
            "id": "bang",
            "name": "Bang",
            "when": "heroes_end",
            "effect": [{"op": "explode", "token": "safe", "level": 1}],
        },
        {
            "id": "blow",
            "name": "Blow",
            "when": "heroes_end",
            "effect": [{"op": "set_state", "token": "bomb", "state": "exploded"}],
        },
    )


def test_effects_whose_order_changes_nothing_are_not_asked_about() -> None:
    """Effects touching different tokens, or setting a token alike, commute: nobody is asked
    (the existing reading: the mission's order, test_turns.py); effects that both make
    miniatures roll (the thugs at the bomb, Batman at the safe), or that could both end the
    game, are asked about."""
    mission = parse_pack(_raw()).mission
    assert [u.id for u in mission.upkeep] == ["bomb-ticks", "bomb-explodes"]
    state = _started(_commuting_and_not())
    assert state.figures_in("boiler-room") == ("thugs-with-crowbar-1", "thugs-with-crowbar-2")
    assert state.figures_in("office") == ("batman",)
    assert not order_matters(state, "heroes_end", ("time-lock", "same", "tick"))
    assert not order_matters(state, "heroes_end", ("tick", "boom", "time-lock"))
    assert order_matters(state, "heroes_end", ("boom", "bang"))  # both roll
    assert order_matters(state, "heroes_end", ("bang", "blow"))  # both may end the game
    assert not order_matters(state, "heroes_end", ("blow", "tick", "time-lock"))


def _moved(state: GccState, figure: str, area: str) -> GccState:
    if state.has_hero(figure):
        return state.with_hero(replace(state.hero(figure), area=area))
    return state.with_character(replace(state.character(figure), area=area))


def test_explosions_where_no_miniature_stands_are_not_asked_about() -> None:
    """Rules version 26: an explosion wounds only the miniatures in its area (IX R), so with
    nobody at the bomb, or at the safe, the two explosions cannot interact; nor can an
    explosion among the villain's characters alone end the game with the bomb blown (it
    neutralizes no hero). With a miniature at each, they are asked about again."""
    started = _started(_commuting_and_not())
    nobody_at_the_bomb = started
    for thug in ("thugs-with-crowbar-1", "thugs-with-crowbar-2"):
        nobody_at_the_bomb = _moved(nobody_at_the_bomb, thug, "chemical-vats")
    assert not order_matters(nobody_at_the_bomb, "heroes_end", ("boom", "bang"))
    nobody_at_the_safe = _moved(started, "batman", "rooftop")
    assert not order_matters(nobody_at_the_safe, "heroes_end", ("boom", "bang"))
    assert not order_matters(started, "heroes_end", ("boom", "blow"))  # thugs only at the bomb
    gordon_at_the_bomb = _moved(nobody_at_the_bomb, "commissioner-gordon", "boiler-room")
    assert order_matters(gordon_at_the_bomb, "heroes_end", ("boom", "bang"))
    assert order_matters(gordon_at_the_bomb, "heroes_end", ("boom", "blow"))


def test_a_dangerous_token_placed_where_nobody_stands_is_not_asked_about() -> None:
    """IX Q: a gas token (dangerous level 1) makes only the miniatures in its area roll: placed
    on an empty rooftop it commutes with the explosion at the safe; placed in the office, where
    Batman stands, both roll and the order is asked."""
    raw = _commuting_and_not()
    for area in ("rooftop", "office"):
        raw["mission"]["turn_effect"].append(
            {
                "id": f"gas-{area}",
                "name": f"Gas in the {area}",
                "when": "heroes_end",
                "effect": [{"op": "place_token", "kind": "gas", "area": area}],
            }
        )
    state = _started(raw)
    assert not order_matters(state, "heroes_end", ("gas-rooftop", "bang"))
    assert order_matters(state, "heroes_end", ("gas-office", "bang"))


def test_upkeep_explosions_in_empty_areas_follow_the_missions_order_unasked() -> None:
    """The safe and the bomb put where nobody stands: their two upkeep explosions roll no dice,
    so set-up's upkeep carries them out in the mission's order without asking, and the heroes
    declare their stances; with Batman at the safe (the reference's places), it asks."""
    raw = _blasts_at_the_safe_and_the_bomb(_raw())
    asked = fold(INITIAL, opening(parse_pack(raw), 2))
    assert asked.ordering is not None and asked.ordering.step == "upkeep"
    for token, area in (("safe", "rooftop"), ("bomb", "chemical-vats")):
        next(t for t in raw["mission"]["token"] if t["id"] == token)["area"] = area
    events = opening(parse_pack(raw), 2)
    state = fold(INITIAL, events)
    assert state.ordering is None
    assert not any(isinstance(e, EffectOrderAsked | AreaDiceRolled) for e in events)
    assert [e.effect for e in events if isinstance(e, UpkeepTriggered)] == [
        "blast-bomb",
        "blast-safe",
    ]
    assert [e.area for e in events if isinstance(e, Exploded)] == ["chemical-vats", "rooftop"]
    assert {m.type for m in GAME.legal_moves(state, 1)} == {"stance"}


def test_the_reference_mission_never_asks() -> None:
    """The reference's two upkeep effects exclude each other by their conditions (the bomb
    running, or at zero), and it has no turn effects."""
    mission = parse_pack(_raw()).mission
    assert not mission.turn_effects
    ticks, explodes = mission.upkeep
    assert (ticks.countdown, explodes.countdown) == ("running", "zero")


def _blasts_at_the_safe_and_the_bomb(raw: dict[str, Any]) -> dict[str, Any]:
    """Two upkeep explosions, at the bomb and at the safe."""
    raw["mission"]["upkeep"] = [
        {
            "id": f"blast-{token}",
            "name": f"A blast at the {token}",
            "effect": [{"op": "explode", "token": token, "level": 1}],
        }
        for token in ("bomb", "safe")
    ]
    return raw


def _clashing_everywhere() -> dict[str, Any]:
    """The reference pack with the relock against the time lock at every turn step, and two
    explosions in the upkeep (while miniatures stand at both, both roll: their order is asked,
    and their rolls wait)."""
    raw = _with_turn_effects(
        *(
            {**effect, "id": f"{effect['id']}-{when}", "when": when}
            for when in ("heroes_start", "heroes_end", "villain_start", "villain_end")
            for effect in (TIME_LOCK, RELOCK)
        )
    )
    return _blasts_at_the_safe_and_the_bomb(raw)


def test_random_games_with_effects_to_order_name_who_can_move_at_every_version() -> None:
    """At every version of random games (inside moves too) the seats named to act are those
    with a legal move, every move offered is accepted, and replaying the events gives the
    same state; every game passes through orders to choose (the upkeep's explosions are asked
    about only while miniatures stand at both, so fewer than before rules version 26)."""
    pack = parse_pack(_clashing_everywhere())
    for seed in range(3):
        asked = 0
        rng = random.Random(seed)
        events = opening(pack, 2 + seed % 3)
        state = INITIAL
        log = list(events)
        for _ in range(400):
            for event in events:
                state = GAME.evolve(state, event)
                movers = {s for s in range(state.seats) if GAME.legal_moves(state, s)}
                assert to_act(state) == movers, event
            if state.winner:
                break
            asked += state.ordering is not None
            seat = min(to_act(state))
            move = rng.choice(GAME.legal_moves(state, seat))
            decided = GAME.decide(state, seat, move, random.Random(rng.random()))
            assert isinstance(decided, list), decided
            events = decided
            log += events
        assert fold(INITIAL, log) == state
        assert asked > 1


def test_opening_a_token_commutes_with_every_other_step() -> None:
    """An upkeep or turn effect has no acting hero, so its `open` lays the token's contents on
    the ground of the token's area, which no other step reads or changes (effect_order.py):
    two effects opening the safe, one opening it beside an explosion where Batman stands (IX R
    wounds miniatures only), one relocking it, or one blowing the bomb up are not asked about,
    and the heroes' turn's end lays the safe's contents in the office unasked."""
    spill = {
        "id": "spill",
        "name": "The safe spills open",
        "when": "heroes_end",
        "effect": [{"op": "open", "token": "safe"}],
    }
    raw = _commuting_and_not()
    raw["mission"]["turn_effect"] += [spill, {**spill, "id": "spill-again"}, RELOCK]
    started = _started(raw)
    assert started.figures_in("office") == ("batman",)
    for other in ("spill-again", "bang", "relock", "blow", "tick"):
        assert not order_matters(started, "heroes_end", ("spill", other)), other
    raw["mission"]["turn_effect"] = [spill, {**spill, "id": "spill-again"}]
    state, events = _heroes_finish(_started(raw))
    assert not any(isinstance(e, EffectOrderAsked) for e in events)
    assert [e.effect for e in events if isinstance(e, TurnEffectTriggered)] == [
        "spill",
        "spill-again",
    ]
    assert state.token("safe").contents == ()
    assert state.ground == (("ledger", "office"), ("submachine-gun", "office"))


def _countdowns(*starts: tuple[str, str, int]) -> dict[str, Any]:
    """The reference pack with heroes' end-of-turn effects each starting a token's countdown."""
    return _with_turn_effects(
        *(
            {
                "id": effect,
                "name": effect,
                "when": "heroes_end",
                "effect": [{"op": "start_countdown", "token": token, "turns": turns}],
            }
            for effect, token, turns in starts
        )
    )


def test_two_countdowns_started_apart_on_one_token_are_asked_about() -> None:
    """The bomb's countdown started at 3 and at 2: the one started last stands, so the order is
    asked; started alike, or on two tokens, it is not."""
    state = _started(
        _countdowns(
            ("three", "bomb", 3), ("two", "bomb", 2), ("again", "bomb", 3), ("at-safe", "safe", 2)
        )
    )
    assert order_matters(state, "heroes_end", ("three", "two"))
    assert order_matters(state, "heroes_end", ("two", "three"))
    assert not order_matters(state, "heroes_end", ("three", "again"))
    assert not order_matters(state, "heroes_end", ("three", "at-safe"))


def test_only_a_token_that_adds_dangerous_terrain_makes_miniatures_roll() -> None:
    """IX O-Q: smoke that only adds difficult terrain (dangerous 0), or frost the mission gives
    no terrain at all, placed where Batman stands, rolls no dice: it commutes with the
    explosion at the safe; the gas (dangerous 1) does not."""
    raw = _commuting_and_not()
    raw["mission"]["dissipation"].append({"kind": "smoke", "difficult": 1, "dangerous": 0})
    for kind in ("smoke", "frost", "gas"):
        raw["mission"]["turn_effect"].append(
            {
                "id": kind,
                "name": f"{kind} in the office",
                "when": "heroes_end",
                "effect": [{"op": "place_token", "kind": kind, "area": "office"}],
            }
        )
    state = _started(raw)
    assert not order_matters(state, "heroes_end", ("smoke", "bang"))
    assert not order_matters(state, "heroes_end", ("frost", "bang"))
    assert order_matters(state, "heroes_end", ("gas", "bang"))


def test_dice_end_the_game_only_where_a_mission_ends_it_with_the_heroes_neutralized() -> None:
    """Without the end condition on every hero neutralized, the explosion where Batman stands
    cannot end the game, so it commutes with the bomb blown (which can)."""
    raw = _commuting_and_not()
    raw["mission"]["end"] = [e for e in raw["mission"]["end"] if e["when"] != "heroes_neutralized"]
    assert not order_matters(_started(raw), "heroes_end", ("bang", "blow"))
    assert order_matters(_started(_commuting_and_not()), "heroes_end", ("bang", "blow"))


def test_the_villain_with_initiative_orders_the_upkeep_effects_and_the_heroes_wait() -> None:
    """IV·A·2: with the villain's initiative, the villain chooses the upkeep's order, and a
    heroes' seat is told so, word for word."""
    raw = _raw()
    raw["mission"]["initiative"] = "villain"
    state = _with_the_fuse(raw)
    assert state.ordering is not None and state.ordering.step == "upkeep"
    assert to_act(state) == {VILLAIN}
    refused = GAME.decide(
        state, 1, Move.of("stance", hero="batman", stance="active"), random.Random(0)
    )
    assert isinstance(refused, Rejection) and refused.code == "order_pending"
    assert refused.message == (
        "First the villain chooses which of the effects that trigger together comes first."
    )


def test_a_heroes_seat_is_told_word_for_word_that_the_heroes_choose() -> None:
    state, _ = _heroes_finish(_started(_with_turn_effects(TIME_LOCK, RELOCK)))
    refused = GAME.decide(state, VILLAIN, Move.of("end_villain_turn"), random.Random(0))
    assert isinstance(refused, Rejection) and refused.code == "order_pending"
    assert refused.message == (
        "First the heroes choose which of the effects that trigger together comes first."
    )


def test_choosing_an_order_with_none_waiting_or_an_effect_not_waiting_is_refused() -> None:
    """`resolve_first` names one of the effects waiting for their order: with none waiting, or
    naming another, it is refused in words (`no_order_to_choose`); its label names an effect
    the mission does not know as the move gave it."""
    started = _started(_with_turn_effects(TIME_LOCK, RELOCK))
    move = Move.of("resolve_first", effect="relock")
    refused = GAME.decide(started, 1, move, random.Random(0))
    assert isinstance(refused, Rejection) and refused.code == "no_order_to_choose"
    assert refused.message == "No effects are waiting for their order now."
    state, _ = _heroes_finish(started)
    stranger = Move.of("resolve_first", effect="the-vault")
    refused = GAME.decide(state, 1, stranger, random.Random(0))
    assert isinstance(refused, Rejection) and refused.code == "no_order_to_choose"
    assert refused.message == "That effect is not one of those waiting."
    assert GAME.describe_move(state, 1, stranger) == "Resolve “the-vault” first"
