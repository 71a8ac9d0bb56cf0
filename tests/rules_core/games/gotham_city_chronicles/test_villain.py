"""The villain's turn through the move book: tile activation and the river, the thug arming
the bomb, the event tile and reinforcement, upkeep effects, explosions and the mission's end."""

from __future__ import annotations

import random
import tomllib
from dataclasses import replace
from typing import Any

from rules_core.engine.codec import to_json
from rules_core.engine.types import Move, Rejection
from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK, parse_pack
from rules_core.games.gotham_city_chronicles.events import (
    Exploded,
    GameFinished,
    MovementDeclared,
    Reinforced,
    ReinforcementPoints,
    TileActivated,
    TokenChanged,
    UpkeepTriggered,
)
from rules_core.games.gotham_city_chronicles.moves import MOVES, to_act
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.setup import opening
from rules_core.games.gotham_city_chronicles.state import INITIAL, GccState
from tests.rules_core.games.gotham_city_chronicles.test_area_rolls import keep_waiting
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    all_active,
    fold,
    play,
    refused,
    started,
)

VILLAIN = 0
TIME_LOCK = {  # a reference-pack turn effect: the safe opens at the heroes' turn's end
    "id": "time-lock",
    "name": "The safe's time lock opens",
    "when": "heroes_end",
    "token": "safe",
    "state": "closed",
    "effect": [{"op": "set_state", "token": "safe", "state": "open"}],
}


def villains_turn(seats: int = 2) -> GccState:
    state = all_active(started(seats))
    for seat in sorted(to_act(state)):
        state, _ = play(state, seat, Move.of("finish"))
    assert to_act(state) == {VILLAIN}
    return state


def _crack_safe_pack() -> dict[str, Any]:
    """The reference pack with a complex manipulation for the villain's characters: cracking
    the safe (difficulty 1), possible while it is closed."""
    raw: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())
    raw["mission"]["action"].append(
        {
            "id": "crack-safe",
            "name": "Crack the Safe",
            "side": "villain",
            "action": "manipulation",
            "complex": True,
            "difficulty": 1,
            "token": "safe",
            "state": "closed",
            "effect": [{"op": "set_state", "token": "safe", "state": "open"}],
            "source": "reference",
        }
    )
    return raw


def _thug_activated_in_the_office(raw: dict[str, Any]) -> GccState:
    """The villain's turn of a game of pack `raw`, the first thug (moved to the safe's office,
    where Batman stands) being activated."""
    state = fold(INITIAL, opening(parse_pack(raw), 2))
    thug = replace(state.character("thugs-with-crowbar-1"), area="office")
    state = all_active(state.with_character(thug))
    state, _ = play(state, 1, Move.of("finish"))
    state, _ = play(state, VILLAIN, Move.of("activate", tile="thugs-with-crowbar"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="thugs-with-crowbar-1"))
    return state


def test_killer_crocs_tile_activation() -> None:
    """VI·B·3 example: third in the river, 3 cubes from reserve to fatigue, and the tile to the
    river's right end."""
    state = villains_turn()
    reserve = state.villain.reserve
    state, events = play(state, VILLAIN, Move.of("activate", tile="killer-croc"))
    assert events == [TileActivated(seat=VILLAIN, tile="killer-croc", cost=3)]
    assert (state.villain.reserve, state.villain.fatigue) == (reserve - 3, 3)
    assert state.river == ("thugs-with-crowbar", "brutes-with-chains", "event", "killer-croc")


def test_a_thug_with_crowbar_arms_the_bomb() -> None:
    """The bomb example (VI·D·5): a thug in the bomb's area, not moving, arms it with an
    automatic manipulation; Killer Croc, with no manipulation characteristic, cannot."""
    state = villains_turn()
    state, _ = play(state, VILLAIN, Move.of("activate", tile="thugs-with-crowbar"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="thugs-with-crowbar-1"))
    arm = Move.of("character_action", action="arm-bomb", characteristic=0)
    state, events = play(state, VILLAIN, arm)
    assert TokenChanged(seat=VILLAIN, token="bomb", state="armed", countdown=0) in events
    assert state.token("bomb").state == "armed" and state.token("bomb").countdown == 2
    # once armed, arming again is not possible (the token's state)
    assert refused(state, VILLAIN, arm).code in ("no_such_action", "multiplier_reached")
    state, _ = play(state, VILLAIN, Move.of("end_villain_turn"))
    assert state.turn == 2 and state.flow.phase == "heroes"  # the next turn's upkeep is done


def test_croc_cannot_arm_the_bomb() -> None:
    """IX E 4: no manipulation characteristic, no manipulation."""
    state = villains_turn()
    state, _ = play(state, VILLAIN, Move.of("activate", tile="killer-croc"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="killer-croc-1"))
    refusal = refused(
        state, VILLAIN, Move.of("character_action", action="arm-bomb", characteristic=0)
    )
    assert refusal.code == "no_such_action"


def test_at_most_two_tiles_and_only_affordable_ones() -> None:
    """VI B, VI·B·3 [a]."""
    state = villains_turn()
    state, _ = play(state, VILLAIN, Move.of("activate", tile="killer-croc"))
    state, _ = play(state, VILLAIN, Move.of("end_activation"))
    state, _ = play(state, VILLAIN, Move.of("activate", tile="brutes-with-chains"))
    state, _ = play(state, VILLAIN, Move.of("end_activation"))
    assert refused(state, VILLAIN, Move.of("activate", tile="thugs-with-crowbar")).code == (
        "tile_limit"
    )
    poor = replace(villains_turn(), villain=replace(state.villain, reserve=2))
    assert refused(poor, VILLAIN, Move.of("activate", tile="killer-croc")).code == "cannot_afford"


def test_the_event_tile_gives_reinforcement_points_to_spend_at_once() -> None:
    """VI·B·3 [d], VI E: an event, the tile's points, a thug back from the character pool into a
    reinforcement area; what is left over is lost."""
    state = villains_turn()
    state, events = play(state, VILLAIN, Move.of("activate", tile="event"))
    assert state.activation is not None and state.activation.event
    shown = GAME.view(state, 1)["activation"]  # the table shows the tile under way
    assert shown == to_json(state.activation) and shown
    assert refused(state, VILLAIN, Move.of("choose_event", event="shorten-fuse")).code == (
        "no_such_event"  # the bomb is not armed
    )
    state, events = play(state, VILLAIN, Move.of("choose_event", event="call-the-crew"))
    assert state.reinforcement == 4
    for stop in ("end_activation", "end_villain_turn"):  # the points are spent (or given up) first
        assert refused(state, VILLAIN, Move.of(stop)).code == "spend_reinforcement"
    offered = {
        (m.get("tile"), m.get("area"))
        for m in MOVES.legal_moves(state, VILLAIN)
        if m.type == "reinforce"
    }
    assert offered == {("thugs-with-crowbar", "street"), ("thugs-with-crowbar", "loading-dock")}
    state, events = play(
        state, VILLAIN, Move.of("reinforce", tile="thugs-with-crowbar", area="street")
    )
    assert isinstance(events[0], Reinforced) and events[0].cost == 1
    assert ReinforcementPoints(seat=VILLAIN, points=-3) in events  # nobody left in the pool
    assert state.activation is None and state.reinforcement == 0
    assert state.character("thugs-with-crowbar-3").area == "street"


def test_the_armed_bomb_counts_down_and_explodes() -> None:
    """IV·A·2: upkeep effects whose conditions hold; IX R: the explosion wounds everyone in the
    area; the mission's end-game condition ends the game at once (IV C note)."""
    state = villains_turn()
    state, _ = play(state, VILLAIN, Move.of("activate", tile="thugs-with-crowbar"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="thugs-with-crowbar-1"))
    state, _ = play(
        state, VILLAIN, Move.of("character_action", action="arm-bomb", characteristic=0)
    )
    ticks = 0
    for _ in range(3):
        state, events = play(state, VILLAIN, Move.of("end_villain_turn"), seed=ticks)
        state, kept = keep_waiting(state)  # the thugs' rolls, each with its reroll step
        events += kept
        ticks += sum(isinstance(e, UpkeepTriggered) for e in events)
        if state.winner:
            assert any(isinstance(e, Exploded) for e in events)
            assert events[-1] == GameFinished(
                seat=None, winner="villain", condition="bomb-exploded"
            )
            break
        for hero in state.heroes:
            state, _ = play(state, hero.seat, Move.of("stance", hero=hero.id, stance="resting"))
        state, _ = play(state, 1, Move.of("finish"))
    assert state.winner == "villain" and ticks == 3  # 2 -> 1, 1 -> 0, then the explosion


def test_the_villain_wins_when_the_reference_missions_fourth_turn_ends() -> None:
    """IV E and the mission's time-up condition: checked only after the side without initiative
    has played, so the heroes still have the whole of turn 4 and the villain wins as it ends.
    The reference mission's limit is 4 (README: balanced so greedy bots split 50/50)."""
    state = villains_turn()
    for turn in range(1, 5):
        assert state.turn == turn and not state.winner
        state, events = play(state, VILLAIN, Move.of("end_villain_turn"))
        if turn < 4:
            assert not state.winner
            for hero in state.heroes:
                state, _ = play(state, hero.seat, Move.of("stance", hero=hero.id, stance="resting"))
            state, _ = play(state, 1, Move.of("finish"))
    assert events[-1] == GameFinished(seat=None, winner="villain", condition="time-up")
    assert state.winner == "villain"


def test_random_games_end_by_the_missions_conditions() -> None:
    """Every move offered is accepted, and random play ends the mission (IV C, IV E)."""
    for seed in range(3):
        rng = random.Random(seed)
        state = started(2 + seed)
        for _ in range(3000):
            if state.winner:
                break
            seat = sorted(to_act(state))[0]
            moves = MOVES.legal_moves(state, seat)
            assert moves, (state.flow, seat)
            move = rng.choice(moves)
            result = MOVES.decide(state, seat, move, rng)
            assert not isinstance(result, Rejection), (move, result)
            state, _ = play(state, seat, move, seed=rng.randrange(10**6))
        assert state.winner in ("heroes", "villain")


def test_dredging_a_neutralized_tile_and_demobilizing_once() -> None:
    """VI F: two cubes out of the game per neutralized tile, taken first from fatigue; its
    miniatures never come back. VI G: once a game, an elite or henchman tile."""
    state = villains_turn()
    assert refused(state, VILLAIN, Move.of("dredge", tile="killer-croc")).code == "not_neutralized"
    state, _ = play(state, VILLAIN, Move.of("activate", tile="killer-croc"))  # 3 to fatigue
    state, _ = play(state, VILLAIN, Move.of("end_activation"))
    assert refused(state, VILLAIN, Move.of("demobilize", tile="killer-croc")).code == (
        "cannot_demobilize"  # a lieutenant
    )
    total = state.villain.total
    state, _ = play(state, VILLAIN, Move.of("demobilize", tile="brutes-with-chains"))
    assert state.villain.total == total - 2 and state.villain.fatigue == 1
    assert "brutes-with-chains" not in state.river
    assert all(not c.area for c in state.characters if c.tile == "brutes-with-chains")
    assert refused(state, VILLAIN, Move.of("demobilize", tile="thugs-with-crowbar")).code == (
        "demobilized_already"
    )
    down = replace(state, face_down=("killer-croc",))
    down, _ = play(down, VILLAIN, Move.of("dredge", tile="killer-croc"))
    assert "killer-croc" not in down.river and down.villain.total == total - 4


def test_demobilizing_without_the_two_cubes_cites_demobilization() -> None:
    """VI G: demobilizing dredges the tile as though it were neutralized, so it takes the two
    cubes a dredge does (VI F, reading: README); refused without them, the refusal names the
    demobilization and cites VI G with VI F (it cited VI F alone and spoke of dredging)."""
    state = villains_turn()
    poor = replace(state, villain=replace(state.villain, reserve=1, fatigue=0, spaces=(0,) * 7))
    refusal = refused(poor, VILLAIN, Move.of("demobilize", tile="brutes-with-chains"))
    assert (refusal.code, refusal.message) == (
        "not_enough_cubes",
        "Demobilizing a tile dredges it, which takes two cubes out of the game.",
    )
    assert {c.section for c in refusal.citations} == {"vi-g", "vi-f"}
    dredge = refused(
        replace(poor, face_down=("killer-croc",)), VILLAIN, Move.of("dredge", tile="killer-croc")
    )
    assert {c.section for c in dredge.citations} == {"vi-f"}


def test_dredging_and_demobilizing_wait_for_the_reinforcement_points() -> None:
    """Reading (README): "at any moment" of the villain's turn is between its steps; the
    reinforcement points are spent at once (VI E), so neither comes in between."""
    state = replace(villains_turn(), face_down=("killer-croc",), reinforcement=2)
    dredge = Move.of("dredge", tile="killer-croc")
    demobilize = Move.of("demobilize", tile="brutes-with-chains")
    assert refused(state, VILLAIN, dredge).code == "spend_reinforcement"
    assert refused(state, VILLAIN, demobilize).code == "spend_reinforcement"
    free = replace(state, reinforcement=0)
    assert "killer-croc" not in play(free, VILLAIN, dredge)[0].river
    assert "brutes-with-chains" not in play(free, VILLAIN, demobilize)[0].river


def test_a_characters_complex_manipulation_rolls_its_characteristic() -> None:
    """VI·D·3 [a]: the chosen characteristic's dice, the villain's rerolls, hindering from the
    character's area, against the difficulty."""
    from rules_core.games.gotham_city_chronicles.events import (
        ComplexActionResolved,
        ComplexActionRolled,
    )

    state = _thug_activated_in_the_office(_crack_safe_pack())
    crack = Move.of("character_action", action="crack-safe", characteristic=0)
    state, events = play(state, VILLAIN, crack, seed=2)
    rolled = events[0]
    assert isinstance(rolled, ComplexActionRolled) and rolled.pool == ("white",)
    assert state.roll is not None and to_act(state) == {VILLAIN}
    state, events = play(state, VILLAIN, Move.of("keep"))
    resolved = events[0]
    assert isinstance(resolved, ComplexActionResolved) and not resolved.hero
    shown = sum((0, 0, 0, 0, 1, 1)[f] for f in rolled.faces)
    hindering = 3  # Batman's menace; the acting thug itself is left out (IX N)
    assert resolved.hindering == hindering and resolved.successes == max(shown - hindering, 0)
    assert resolved.succeeded is False and state.token("safe").state == "closed"
    assert refused(state, VILLAIN, crack).code == "multiplier_reached"


def test_the_missions_start_and_end_of_turn_effects() -> None:
    """V·B·6 and VI·B·2 (likewise V·B·2, VI·B·5): a mission effect of that step whose condition
    holds takes place there."""
    from rules_core.games.gotham_city_chronicles.events import TurnEffectTriggered

    raw = tomllib.loads(REFERENCE_PACK.read_text())
    raw["mission"]["turn_effect"] = [
        TIME_LOCK,
        {
            "id": "alarm",
            "name": "The alarm shortens the fuse",
            "when": "villain_start",
            "token": "bomb",
            "state": "armed",
            "countdown": "running",
            "effect": [{"op": "count_down", "token": "bomb"}],
        },
    ]
    state = all_active(fold(INITIAL, opening(parse_pack(raw), 2)))
    state, events = play(state, 1, Move.of("finish"))
    triggered = [e for e in events if isinstance(e, TurnEffectTriggered)]
    assert triggered == [TurnEffectTriggered(seat=None, effect="time-lock", step="heroes_end")]
    assert state.token("safe").state == "open"
    assert {c.section for c in triggered[0].cited()} >= {"v-b-6"}
    assert refused(state, VILLAIN, Move.of("activate", tile="no-such-tile")).code == "no_such_tile"


def test_a_gas_token_makes_terrain_dangerous_then_dissipates() -> None:
    """IX O: placed active, turned at the start of its side's next turn, removed at the one
    after; IX Q: the miniatures there roll for the increase, and those entering roll too."""
    from rules_core.games.gotham_city_chronicles.events import (
        DissipationPlaced,
        DissipationTurned,
        TerrainRolled,
    )

    state = villains_turn()
    state, _ = play(state, VILLAIN, Move.of("activate", tile="event"))
    state, events = play(state, VILLAIN, Move.of("choose_event", event="gas-leak"), seed=3)
    state, kept = keep_waiting(state)
    events += kept
    placed = [e for e in events if isinstance(e, DissipationPlaced)]
    assert placed == [
        DissipationPlaced(seat=VILLAIN, kind="gas", area="warehouse-floor", side="villain")
    ]
    rolls = {e.figure for e in events if isinstance(e, TerrainRolled)}
    assert rolls == {"brutes-with-chains-1", "brutes-with-chains-2"}
    assert state.terrain("warehouse-floor") == (0, 1)
    while state.reinforcement:
        state, _ = play(state, VILLAIN, Move.of("give_up_reinforcement"))
    for _ in range(2):
        state, _ = play(state, VILLAIN, Move.of("end_villain_turn"))
        for hero in state.heroes:
            state, _ = play(state, hero.seat, Move.of("stance", hero=hero.id, stance="resting"))
        state, events = play(state, 1, Move.of("finish"))
        turned = [e for e in events if isinstance(e, DissipationTurned)]
        assert len(turned) == 1
    assert turned[0].removed and state.area_tokens == ()
    assert state.terrain("warehouse-floor") == (0, 0)


def test_a_heroes_seat_cannot_make_the_villains_moves_in_the_heroes_turn() -> None:
    """VI B, VI F, VI G: activating tiles, ending the villain's turn, dredging and demobilizing
    are the villain's, in the villain's turn; a heroes' seat, even one the game waits for, is
    refused them with the turn's rule (it once ended the villain's turn for it)."""
    state = started(2)
    state = replace(state, face_down=("killer-croc",))
    assert to_act(state) == {1} and state.flow.phase == "heroes"
    for move in (
        Move.of("activate", tile="event"),
        Move.of("end_villain_turn"),
        Move.of("demobilize", tile="thugs-with-crowbar"),
        Move.of("dredge", tile="killer-croc"),
    ):
        refusal = refused(state, 1, move)
        assert refusal.code == "not_your_turn", (move, refusal)
        assert {c.section for c in refusal.citations} >= {"vi-b"}
        assert move not in GAME.legal_moves(state, 1)
    # in the stance step as well as between the heroes' actions
    acting = all_active(state)
    assert refused(acting, 1, Move.of("end_villain_turn")).code == "not_your_turn"


def test_a_characters_repeated_action_keeps_the_characteristic_it_declared() -> None:
    """VI C 3: with a choice of characteristics the villain names one when declaring the action;
    VI C 5: the repeats are of that action, bounded by that characteristic's multiplier (a
    thug that declared its white die, multiplier 1, cannot go on with its yellow dice)."""
    raw = _crack_safe_pack()
    thugs = next(t for t in raw["tile"] if t["id"] == "thugs-with-crowbar")
    thugs["manipulation"] = [
        {"dice": ["white"], "multiplier": 1},
        {"dice": ["yellow", "yellow"], "multiplier": 3},
    ]
    state = _thug_activated_in_the_office(raw)
    white = Move.of("character_action", action="crack-safe", characteristic=0)
    yellow = Move.of("character_action", action="crack-safe", characteristic=1)
    once, _ = play(state, VILLAIN, white)
    once, _ = play(once, VILLAIN, Move.of("keep"))  # Batman's menace hinders: the safe holds
    assert once.token("safe").state == "closed"
    assert refused(once, VILLAIN, white).code == "multiplier_reached"
    refusal = refused(once, VILLAIN, yellow)
    assert refusal.code == "character_step"
    assert {"vi-c-3", "vi-c-5"} <= {c.section for c in refusal.citations}
    assert yellow not in GAME.legal_moves(once, VILLAIN)
    # declared with the yellow dice, the action repeats up to their multiplier of 3
    again = state
    for _ in range(3):
        again, _ = play(again, VILLAIN, yellow)
        again, _ = play(again, VILLAIN, Move.of("keep"))
        if again.token("safe").state != "closed":
            return
    assert refused(again, VILLAIN, yellow).code == "multiplier_reached"


def test_only_the_tokens_of_the_side_whose_turn_starts_turn_over() -> None:
    """IX O: a token turns at the start of the turn of the side that placed it. With two gas
    tokens in one area, the heroes' listed first, the villain's turn turns the villain's one;
    the heroes' token keeps its active face until the heroes' turn starts."""
    from rules_core.games.gotham_city_chronicles.events import DissipationTurned
    from rules_core.games.gotham_city_chronicles.state import AreaToken

    state = all_active(started())
    both = (
        AreaToken("gas", "warehouse-floor", "heroes"),
        AreaToken("gas", "warehouse-floor", "villain"),
    )
    state = replace(state, area_tokens=both)
    state, events = play(state, 1, Move.of("finish"))
    turned = [e for e in events if isinstance(e, DissipationTurned)]
    assert turned == [
        DissipationTurned(
            seat=None, kind="gas", area="warehouse-floor", removed=False, side="villain"
        )
    ]
    assert state.area_tokens == (
        AreaToken("gas", "warehouse-floor", "heroes"),
        AreaToken("gas", "warehouse-floor", "villain", dissipating=True),
    )


def test_a_tile_activation_is_offered_with_its_cost_in_the_river() -> None:
    """VI·B·3 [a]: the cost above the tile in the river. A play-test (mcts v greedy, seed 51)
    offered 'Activate Thugs with Crowbar', 'Activate Killer Croc' with no cost, while every hero
    action names its cubes and the activation's story tells them only once paid."""
    state = villains_turn()
    told = {
        str(m.get("tile")): GAME.describe_move(state, VILLAIN, m)
        for m in GAME.legal_moves(state, VILLAIN)
        if m.type == "activate"
    }
    assert told["thugs-with-crowbar"] == "Activate the Thugs with Crowbar tile for 1 cube"
    assert told["brutes-with-chains"] == "Activate the Brutes with Chains tile for 2 cubes"
    assert told["killer-croc"] == "Activate the Killer Croc tile for 3 cubes"
    assert told["event"] == "Activate the event tile for 4 cubes"


def test_the_story_tells_a_tile_activated_from_its_miniature_activated() -> None:
    """VI·B·3: the villain pays to activate a tile, then activates its characters. For a tile
    of one miniature both read 'The villain activates Killer Croc.', and its two ends 'Killer
    Croc's activation ends.' and 'The activation of Killer Croc ends.': the tile is now named
    as a tile, in the move and in the story."""
    state = villains_turn()
    tile = Move.of("activate", tile="killer-croc")
    assert GAME.describe_move(state, VILLAIN, tile) == "Activate the Killer Croc tile for 3 cubes"
    state, events = play(state, VILLAIN, tile)
    told = [GAME.narrate(state, e, None, False) for e in events]
    assert told[0] == "The villain activates the Killer Croc tile for 3 cubes."
    croc = Move.of("activate_character", character="killer-croc-1")
    state, events = play(state, VILLAIN, croc)
    assert GAME.narrate(state, events[0], None, False) == "The villain activates Killer Croc."
    state, events = play(state, VILLAIN, Move.of("end_activation"))
    told = [GAME.narrate(state, e, None, False) for e in events]
    assert "Killer Croc's activation ends." in told
    assert "The activation of the Killer Croc tile ends." in told


def test_a_miniature_is_named_in_the_moves_as_in_the_story() -> None:
    """The moves named a tile's one miniature with a number ('Activate Killer Croc #1', 'Batman:
    ranged attack on Killer Croc #1 ...') that the story never uses ('The villain activates
    Killer Croc.'): one name for it everywhere, numbered only among miniatures of one tile."""
    state = villains_turn()
    state, _ = play(state, VILLAIN, Move.of("activate", tile="killer-croc"))
    croc = Move.of("activate_character", character="killer-croc-1")
    assert GAME.describe_move(state, VILLAIN, croc) == "Activate Killer Croc"
    state, _ = play(state, VILLAIN, croc)
    labels = {GAME.describe_move(state, VILLAIN, m) for m in GAME.legal_moves(state, VILLAIN)}
    assert "Move Killer Croc to the Loading Pit" in labels
    assert not any("#" in label for label in labels)
    heroes = all_active(started())
    attacks = [
        GAME.describe_move(heroes, 1, m)
        for m in GAME.legal_moves(heroes, 1)
        if m.type == "attack" and m.get("target") == "killer-croc-1"
    ]
    assert attacks and all("on Killer Croc with" in a for a in attacks)
    thugs = all_active(started())
    gordon = replace(thugs.hero("commissioner-gordon"), area="boiler-room")
    thugs = thugs.with_hero(gordon)
    punch = Move.of(
        "attack",
        hero="commissioner-gordon",
        kind="melee",
        weapon="",
        target="thugs-with-crowbar-2",
        cubes=1,
    )
    assert GAME.describe_move(thugs, 1, punch) == (
        "Commissioner Gordon: melee attack on Thugs with Crowbar #2, 1 cube"
    )


def test_a_characters_first_movement_of_its_activation_has_the_bonus_in_either_step() -> None:
    """Reading (README, VI·C·2, VI·C·6, V·C·5 [c]): a character moves by the hero's rules with
    "the character's activation" for "the hero's turn", so its move point bonus goes to the
    first movement of its activation. A thug that arms the bomb without moving first moves
    afterwards with its bonus of 2; one that moved before acting moves afterwards from none."""
    state = villains_turn()
    state, _ = play(state, VILLAIN, Move.of("activate", tile="thugs-with-crowbar"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="thugs-with-crowbar-1"))
    state, _ = play(
        state, VILLAIN, Move.of("character_action", action="arm-bomb", characteristic=0)
    )
    out = Move.of("move_character", character="thugs-with-crowbar-1", to="warehouse-floor")
    state, events = play(state, VILLAIN, out)
    assert (
        MovementDeclared(seat=VILLAIN, mover="thugs-with-crowbar-1", points=2, first=True) in events
    )
    state, _ = play(state, VILLAIN, Move.of("end_character"))
    renee = replace(state.hero("renee-montoya"), area="warehouse-floor")
    state = state.with_hero(renee)
    second = Move.of("activate_character", character="thugs-with-crowbar-2")
    state, _ = play(state, VILLAIN, second)
    there = Move.of("move_character", character="thugs-with-crowbar-2", to="warehouse-floor")
    state, events = play(state, VILLAIN, there)
    assert any(isinstance(e, MovementDeclared) and e.points == 2 for e in events)
    punch = Move.of("character_attack", kind="melee", characteristic=0, target="renee-montoya")
    state, _ = play(state, VILLAIN, punch)
    while state.roll is not None or state.fight is not None:  # rerolls kept, no cube defended
        seat = min(to_act(state))
        answer = Move.of("keep") if state.roll is not None else Move.of("defend", cubes=0)
        state, _ = play(state, seat, answer)
    back = Move.of("move_character", character="thugs-with-crowbar-2", to="boiler-room")
    # from no points, the move's label says the cubes it buys its points with
    assert GAME.describe_move(state, VILLAIN, back).startswith(
        "Move Thugs with Crowbar #2 to the Boiler Room, buying "
    )
    state, events = play(state, VILLAIN, back)
    declared = next(e for e in events if isinstance(e, MovementDeclared))
    assert (declared.points, declared.first) == (0, False)


def test_a_reinforcement_is_offered_and_told_with_its_cost_in_points() -> None:
    """VI E, VI·A·2 [a] 15: a miniature comes back for its tile's reinforcement cost. The move
    read 'Bring back one of the Brutes with Chains to the Street' and the story 'comes back as a
    reinforcement', so 'gains 4 points' then 'loses 1 left unspent' did not add up for a reader;
    both now name the cost, as a tile's activation names its cubes."""
    state = villains_turn()
    brute = replace(state.character("brutes-with-chains-1"), area="")
    state = state.with_character(brute)
    state, _ = play(state, VILLAIN, Move.of("activate", tile="event"))
    state, _ = play(state, VILLAIN, Move.of("choose_event", event="call-the-crew"))
    told = {
        GAME.describe_move(state, VILLAIN, m)
        for m in GAME.legal_moves(state, VILLAIN)
        if m.type == "reinforce"
    }
    assert (
        "Bring back one of the Brutes with Chains to the Street for 2 reinforcement points" in told
    )
    assert (
        "Bring back one of the Thugs with Crowbar to the Street for 1 reinforcement point" in told
    )
    back = Move.of("reinforce", tile="brutes-with-chains", area="street")
    _, events = play(state, VILLAIN, back)
    assert GAME.narrate(state, events[0], None, False) == (
        "Brutes with Chains #1 comes back as a reinforcement in the Street for 2 reinforcement "
        "points."  # the points its move's label names ("for 2 points" named no unit)
    )


def _by_the_game(state: GccState, move: Move) -> tuple[GccState, list[Any]]:
    """A villain's move through the GameSpec (which adds the game's own steps after it)."""
    events = GAME.decide(state, VILLAIN, move, random.Random(0))
    assert not isinstance(events, Rejection), events
    return fold(state, events), events


def test_the_villains_turn_ends_by_itself_once_nothing_but_ending_it_is_left() -> None:
    """IV, VI·B·4 (rules version 19): the villain's turn ends when the villain chooses or when
    no tile can be activated any more. With two tiles activated and the demobilization spent
    (no tile to dredge either), ending the second activation ends the turn in the same move;
    before, the villain was asked to end it, the one move offered. While a demobilization is
    still possible (VI G: at any moment of the turn) the villain is asked."""
    state = villains_turn()
    for tile in ("thugs-with-crowbar", "brutes-with-chains"):
        state, _ = _by_the_game(state, Move.of("activate", tile=tile))
        if tile == "thugs-with-crowbar":
            state, _ = _by_the_game(state, Move.of("end_activation"))
    open_turn, events = _by_the_game(state, Move.of("end_activation"))
    assert [e.type for e in events] == ["tile_activation_ended"]
    assert GAME.legal_moves(open_turn, VILLAIN) == [
        Move.of("demobilize", tile="thugs-with-crowbar"),
        Move.of("demobilize", tile="brutes-with-chains"),
        Move.of("end_villain_turn"),
    ]
    spent = replace(state, demobilized=True)
    after, events = _by_the_game(spent, Move.of("end_activation"))
    types = [e.type for e in events]
    assert types[:2] == ["tile_activation_ended", "villain_turn_ended"]
    assert after.flow.phase == "heroes" and after.turn == 2
    assert to_act(after) == {1}


def test_what_follows_the_villains_last_move_rolls_with_the_moves_dice() -> None:
    """IV A, IX R after VI·B·4: where the villain's turn ends by itself (rules version 19), the
    steps that follow in the same move (the next upkeep: the armed bomb at 0 explodes, the thug
    beside it rolling its yellow dice) roll with the move's random source, as the move's own
    dice do: deciding the move again with the same seed rolls the same faces."""
    state = villains_turn()
    state, _ = play(state, VILLAIN, Move.of("activate", tile="thugs-with-crowbar"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="thugs-with-crowbar-1"))
    state, _ = play(
        state, VILLAIN, Move.of("character_action", action="arm-bomb", characteristic=0)
    )
    state, _ = play(state, VILLAIN, Move.of("end_activation"))
    state, _ = play(state, VILLAIN, Move.of("activate", tile="brutes-with-chains"))
    state = replace(state, demobilized=True).with_token(replace(state.token("bomb"), countdown=0))
    assert state.area_of("thugs-with-crowbar-1") == state.token("bomb").area
    _, events = _by_the_game(state, Move.of("end_activation"))
    assert any(isinstance(e, Exploded) for e in events)
    rolled = [e for e in events if e.type == "area_dice_rolled"]
    assert rolled and rolled[0].figure == "thugs-with-crowbar-1"
    again = GAME.decide(state, VILLAIN, Move.of("end_activation"), random.Random(0))
    assert again == events
