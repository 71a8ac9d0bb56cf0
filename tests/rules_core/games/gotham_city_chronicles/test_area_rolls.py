"""The reroll step of the yellow dice an explosion or a token makes each miniature in an area
roll (VIII, IX Q-R; area_rolls.py): each miniature's controller in turn, paid rerolls from its
own reroll space, the wounds of the dice kept, then the rest of the effect and of the turn."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules_core.engine.codec import from_json, to_json
from rules_core.engine.replay import fold as replay
from rules_core.engine.types import GameEvent, Move
from rules_core.engine.upcasting import upcast
from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK, parse_pack
from rules_core.games.gotham_city_chronicles.dice import successes_shown
from rules_core.games.gotham_city_chronicles.energy import Zones
from rules_core.games.gotham_city_chronicles.events import (
    AreaDiceRolled,
    DiceRerolled,
    Exploded,
    HeroesTurnBegan,
    HeroWounded,
    ReinforcementPoints,
    TerrainRolled,
    TokenChanged,
    UpkeepTriggered,
)
from rules_core.games.gotham_city_chronicles.language import narrate
from rules_core.games.gotham_city_chronicles.moves import MOVES, to_act
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.state import GccState
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    all_active,
    play,
    refused,
    started,
)

VILLAIN, HEROES = 0, 1
LOG = Path(__file__).parents[3] / "fixtures" / "logs" / "gotham-city-chronicles-2p.json"


def keep_waiting(state: GccState) -> tuple[GccState, list[GameEvent]]:
    """Every area roll waiting is kept by its controller's seat, in turn."""
    events: list[GameEvent] = []
    while state.roll is not None and state.roll.purpose == "area":
        state, more = play(state, state.roll.seat, Move.of("keep"))
        events += more
    return state, events


def _blasted(seed: int = 4) -> tuple[GccState, list[GameEvent]]:
    """Batman's Blast: the office (Batman alone) and the walkway (Killer Croc)."""
    state = all_active(started())
    return play(state, HEROES, Move.of("blast", hero="batman", area="walkway"), seed=seed)


def _wounds(state: GccState, event: TerrainRolled) -> int:
    return successes_shown(dict(state.board_pack.dice), event.dice, event.faces)


def test_a_blast_waits_for_each_miniatures_controller_in_turn() -> None:
    """The possessor's area first: Batman's roll waits for his seat, and the walkway's
    explosion waits behind it; then Killer Croc's roll waits for the villain's seat; once it is
    kept the heroes play on."""
    state, events = _blasted()
    assert [type(e) for e in events[-2:]] == [Exploded, AreaDiceRolled]
    assert state.roll is not None and (state.roll.figure, state.roll.seat) == ("batman", HEROES)
    assert state.roll.purpose == "area" and state.roll.pool == ("yellow",)
    assert state.sequel is not None and state.sequel.areas == ("walkway",)
    assert to_act(state) == {HEROES}
    state, events = play(state, HEROES, Move.of("keep"))
    assert isinstance(events[0], TerrainRolled) and events[0].figure == "batman"
    assert Exploded(seat=HEROES, area="walkway", level=1) in events
    assert state.roll is not None and (state.roll.figure, state.roll.seat) == (
        "killer-croc-1",
        VILLAIN,
    )
    assert to_act(state) == {VILLAIN}
    state, events = play(state, VILLAIN, Move.of("keep"))
    assert isinstance(events[0], TerrainRolled) and events[0].figure == "killer-croc-1"
    assert state.roll is None and state.sequel is None
    assert state.flow.phase == "heroes" and to_act(state) == {HEROES}


def test_the_wrong_seat_is_refused_while_a_roll_waits() -> None:
    """VIII: the roller's reroll step comes first; no other seat acts meanwhile."""
    state, _ = _blasted()
    state, _ = play(state, HEROES, Move.of("keep"))
    assert to_act(state) == {VILLAIN}
    for move in (Move.of("keep"), Move.of("finish"), Move.of("reroll", dice="0", paid=True)):
        rejection = refused(state, HEROES, move)
        assert rejection.code == "roll_pending"
        assert rejection.message == (
            "Killer Croc's dice wait for the villain to reroll or keep them first."
        )
        assert {c.section for c in rejection.citations} >= {"viii"}


def test_a_paid_reroll_changes_the_dice_and_costs_a_cube_of_the_controllers_space() -> None:
    """VIII C-E: the yellow dice have no reroll icon, so no free reroll is offered; a reroll
    costs a cube on the roller's own reroll space (the command post's for a character), and the
    wounds are those of the dice kept."""
    state, _ = _blasted()
    offered = MOVES.legal_moves(state, HEROES)
    assert {m.type for m in offered} == {"reroll", "keep"}
    assert all(m.get("paid") is True for m in offered if m.type == "reroll")
    reserve = state.hero("batman").zones.reserve
    state, events = play(state, HEROES, Move.of("reroll", dice="0", paid=True), seed=11)
    rerolled = events[0]
    assert isinstance(rerolled, DiceRerolled) and rerolled.cubes == 1
    assert state.roll is not None and state.roll.faces == rerolled.faces
    batman = state.hero("batman").zones
    assert (batman.on("reroll"), batman.reserve) == (1, reserve - 1)
    state, events = play(state, HEROES, Move.of("keep"))
    counted = events[0]
    assert isinstance(counted, TerrainRolled) and counted.faces == rerolled.faces
    assert counted.wounds == _wounds(state, counted)
    hurt = [e for e in events if isinstance(e, HeroWounded)]
    assert [e.wounds for e in hurt] == ([counted.wounds] if counted.wounds else [])
    post = state.villain.reserve
    state, events = play(state, VILLAIN, Move.of("reroll", dice="0", paid=True))
    assert state.villain.on("reroll") == 1 and state.villain.reserve == post - 1
    assert state.roll is not None and state.roll.figure == "killer-croc-1"


def test_keeping_deals_the_wounds_of_the_dice_kept() -> None:
    """IX Q: a wound per success of the dice as kept, before the next miniature rolls."""
    for seed in range(40):
        state, _ = _blasted(seed)
        assert state.roll is not None
        shown = successes_shown(dict(state.board_pack.dice), state.roll.pool, state.roll.faces)
        if shown:
            break
    wounds = state.hero("batman").zones.wounds
    state, events = play(state, HEROES, Move.of("keep"))
    assert events[:2] == [
        TerrainRolled(
            seat=HEROES,
            figure="batman",
            reason="explosion",
            dice=("yellow",),
            faces=events[0].faces,  # type: ignore[attr-defined]
            wounds=shown,
            by_area=True,
        ),
        HeroWounded(seat=HEROES, hero="batman", wounds=shown, neutralized=False),
    ]
    assert state.hero("batman").zones.wounds == wounds + shown


def test_a_roll_with_nothing_to_reroll_is_counted_at_once() -> None:
    """No cube in the command post: Killer Croc's roll is counted in the same move."""
    state = all_active(started())
    state = replace(state, villain=Zones(0))
    state, _ = play(state, HEROES, Move.of("blast", hero="batman", area="walkway"), seed=4)
    state, events = play(state, HEROES, Move.of("keep"))
    croc = [e for e in events if getattr(e, "figure", "") == "killer-croc-1"]
    assert [type(e) for e in croc] == [AreaDiceRolled, TerrainRolled]
    assert state.roll is None and to_act(state) == {HEROES}


def _defusing_pack() -> dict[str, Any]:
    """The reference pack whose bomb, exploding at level 1, ends defused (so the game goes on)."""
    raw: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())
    explodes = next(u for u in raw["mission"]["upkeep"] if u["id"] == "bomb-explodes")
    explodes["effect"] = [
        {"op": "explode", "token": "bomb", "level": 1},
        {"op": "set_state", "token": "bomb", "state": "defused"},
    ]
    return raw


def test_the_bombs_rolls_wait_in_the_upkeep_then_the_effect_and_the_turn_go_on() -> None:
    """IV A, IX R: the upkeep's explosion waits for Batman's seat, then the villain's for each
    thug, in the area's order; then the effect's next step and the heroes' turn."""
    state = all_active(started(pack=parse_pack(_defusing_pack())))
    state = state.with_token(replace(state.token("bomb"), state="armed", countdown=0))
    state = state.with_hero(replace(state.hero("batman"), area="boiler-room"))
    state, _ = play(state, HEROES, Move.of("finish"))
    state, events = play(state, VILLAIN, Move.of("end_villain_turn"))
    assert UpkeepTriggered(seat=None, effect="bomb-explodes") in events
    assert state.flow.phase == "upkeep" and to_act(state) == {HEROES}
    order = []
    while state.roll is not None:
        order.append((state.roll.figure, state.roll.seat))
        assert not any(isinstance(e, TokenChanged) for e in events)
        state, events = play(state, state.roll.seat, Move.of("keep"))
    assert order == [
        ("batman", HEROES),
        ("thugs-with-crowbar-1", VILLAIN),
        ("thugs-with-crowbar-2", VILLAIN),
    ]
    assert TokenChanged(seat=None, token="bomb", state="defused", countdown=0) in events
    assert isinstance(events[-1], HeroesTurnBegan)
    assert state.flow.phase == "heroes" and not state.winner


def test_the_gas_leaks_rolls_wait_then_the_events_reinforcement_follows() -> None:
    """IX O-Q: the gas token makes the warehouse floor dangerous; each brute's roll waits for
    the villain's reroll step, and the event tile's points come after the last."""
    state = all_active(started())
    for seat in sorted(to_act(state)):
        state, _ = play(state, seat, Move.of("finish"))
    state, _ = play(state, VILLAIN, Move.of("activate", tile="event"))
    state, events = play(state, VILLAIN, Move.of("choose_event", event="gas-leak"), seed=3)
    assert not any(isinstance(e, ReinforcementPoints) for e in events)
    rolled = events[-1]
    assert isinstance(rolled, AreaDiceRolled) and rolled.reason == "dangerous"
    assert narrate(state, rolled, None, False) == (
        "Brutes with Chains #1 rolls 1 yellow die for dangerous terrain, and may reroll it."
    )
    state, first = keep_waiting(state)
    figures = [e.figure for e in first if isinstance(e, TerrainRolled)]
    assert figures == ["brutes-with-chains-1", "brutes-with-chains-2"]
    assert ReinforcementPoints(seat=VILLAIN, points=3) in first
    assert state.reinforcement == 3 and state.activation is not None


def test_a_roll_of_three_dice_offers_a_bounded_choice() -> None:
    """A level 3 explosion's roll: each die alone for a cube (rules version 25: a paid reroll
    is offered a die at a time; before, also the three pairs Batman's reroll space had room
    for), and keeping."""
    state, _ = _blasted()
    roll = state.roll
    assert roll is not None
    state = replace(state, roll=replace(roll, pool=("yellow",) * 3, faces=(0, 1, 2)))
    assert len(MOVES.legal_moves(state, HEROES)) == 4


def test_games_of_earlier_rules_versions_replay_from_their_events() -> None:
    """A game stored under rules version 1 (explosions and the gas counted at once: a
    `terrain_rolled` alone for each miniature) folds to the state it recorded."""
    log = json.loads(LOG.read_text())
    events = [  # upcast from the version each was written at (Attracted and Blasted: 1)
        from_json(kind, {**upcast(kind, e["data"], e.get("v", 1)), "seat": e["seat"]})
        for e in log["events"]
        for kind in (GAME.event_types[e["type"]],)
    ]
    assert any(isinstance(e, Exploded) for e in events)
    assert not any(isinstance(e, AreaDiceRolled) for e in events)
    state = replay(GAME, events)
    recorded = to_json(state)
    assert isinstance(recorded, dict) and recorded.pop("sequel") is None
    for hero in recorded["heroes"]:  # rules version 13's field: no hero rested neutralized
        assert hero.pop("down") is False
    for character in recorded["characters"]:  # rules version 14's: no tile had Blast
        assert character.pop("blasted") is False
    assert recorded.pop("owing") == ""  # rules version 18's: its last move ended at rest
    for item in recorded["pack"]["items"]:  # rules version 20's: every item was "the" item
        assert item.pop("article") == "the"
    for token in recorded["pack"]["mission"]["tokens"]:  # rules version 20's: no verb phrases
        assert token.pop("verb_phrases") == []
    assert recorded.pop("ordering") is None  # rules version 24's: no effects' order asked
    assert recorded == log["game"]["state"]


def test_an_end_of_turn_effects_roll_waits_then_the_next_effect_and_the_turn_end_follow() -> None:
    """V·B·6 then V·B·7: a gas token placed in Batman's area at the heroes' turn's end waits
    for his reroll step; the next end effect, the turn's end and the villain's turn follow."""
    from rules_core.games.gotham_city_chronicles.events import (
        HeroesTurnEnded,
        TurnEffectTriggered,
        VillainTurnBegan,
    )
    from tests.rules_core.games.gotham_city_chronicles.test_villain import TIME_LOCK

    raw: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())
    raw["mission"]["turn_effect"] = [
        {
            "id": "vents",
            "name": "The vents leak",
            "when": "heroes_end",
            "effect": [{"op": "place_token", "kind": "gas", "area": "office"}],
        },
        TIME_LOCK,
    ]
    state = all_active(started(pack=parse_pack(raw)))
    state, events = play(state, HEROES, Move.of("finish"))
    assert state.roll is not None and (state.roll.figure, state.roll.seat) == ("batman", HEROES)
    assert state.sequel is not None and state.sequel.later == ("time-lock",)
    assert state.token("safe").state == "closed" and state.flow.phase == "heroes"
    assert not any(isinstance(e, HeroesTurnEnded) for e in events)
    state, events = play(state, HEROES, Move.of("keep"))
    kinds = [type(e) for e in events]
    assert kinds.index(TerrainRolled) < kinds.index(TurnEffectTriggered)
    assert kinds.index(TurnEffectTriggered) < kinds.index(HeroesTurnEnded)
    assert kinds.index(HeroesTurnEnded) < kinds.index(VillainTurnBegan)
    assert state.token("safe").state == "open"
    assert state.flow.phase == "villain" and to_act(state) == {VILLAIN}


def test_the_game_ends_once_every_hero_is_neutralized_before_the_areas_next_roll() -> None:
    """IV C note, IX A: every hero neutralized ends the game at once: the bomb's roll that
    neutralizes the last hero standing is followed by the end, not by the thugs' rolls."""
    state = all_active(started(pack=parse_pack(_defusing_pack())))
    state = state.with_token(replace(state.token("bomb"), state="armed", countdown=0))
    for hero in ("commissioner-gordon", "renee-montoya"):
        down = state.hero(hero).zones
        state = state.with_hero(replace(state.hero(hero), zones=Zones(0, wounds=down.total)))
    batman = state.hero("batman")
    last = Zones(1, wounds=batman.zones.total - 1)
    state = state.with_hero(replace(batman, area="boiler-room", zones=last))
    state, _ = play(state, HEROES, Move.of("finish"))
    state, _ = play(state, VILLAIN, Move.of("end_villain_turn"))
    roll = state.roll
    assert roll is not None and (roll.figure, roll.purpose) == ("batman", "area")
    state = replace(state, roll=replace(roll, faces=(5,) * len(roll.pool)))  # two successes a die
    state, events = play(state, HEROES, Move.of("keep"))
    assert HeroWounded(seat=HEROES, hero="batman", wounds=2, neutralized=True) in events
    assert not any(isinstance(e, AreaDiceRolled) for e in events)
    assert state.winner == "villain" and state.ended_by == "heroes-down"
    assert state.roll is None and state.sequel is None and to_act(state) == frozenset()


def test_an_area_rolls_kept_dice_cite_the_explosion_not_the_fall() -> None:
    """IX R (IX Q's roll): the kept dice of an explosion cite its section, not V·C·5 [i]."""
    state, _ = _blasted()
    state, events = play(state, HEROES, Move.of("keep"))
    counted = events[0]
    assert isinstance(counted, TerrainRolled) and counted.by_area
    sections = [c.section for c in counted.cited()]
    assert sections[:2] == ["ix-r", "ix-q"] and "v-c-5-i" not in sections


def test_a_stored_logs_events_cite_what_they_were_stored_with() -> None:
    """An older game's events (its explosions' `terrain_rolled` among them) are served with the
    citations stored beside them: the fall's section for an explosion, as it was then."""
    log = json.loads(LOG.read_text())
    for record in log["events"]:
        kind = GAME.event_types[record["type"]]
        data = {**upcast(kind, record["data"], record.get("v", 1)), "seat": record["seat"]}
        event = from_json(kind, data)
        assert [c.to_json() for c in event.cited()] == record["citations"], record["type"]
    assert any(
        r["type"] == "terrain_rolled" and r["data"]["reason"] == "explosion" for r in log["events"]
    )
