"""Complex manipulations with rerolls and item management through the move book: the safe
example, free and paid rerolls, picking up and dropping, and the heroes' end condition."""

from __future__ import annotations

import random
from dataclasses import replace

from rules_core.engine.codec import to_json
from rules_core.engine.types import Move, Rejection
from rules_core.games.gotham_city_chronicles.content import load_pack
from rules_core.games.gotham_city_chronicles.events import (
    ComplexActionResolved,
    ComplexActionRolled,
    ContentsTaken,
    DiceRerolled,
    GameFinished,
    ItemPickedUp,
)
from rules_core.games.gotham_city_chronicles.moves import MOVES, to_act
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.state import GccState
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    all_active,
    play,
    refused,
    started,
)

PACK = load_pack()
OPEN_SAFE = Move.of("complex_action", hero="batman", action="open-safe", cubes=3)


def _rolled(state: GccState, shown: int) -> tuple[GccState, ComplexActionRolled]:
    """Batman's safe roll on the first seed that shows `shown` successes."""
    for seed in range(500):
        after, events = play(state, 1, OPEN_SAFE, seed)
        rolled = events[0]
        assert isinstance(rolled, ComplexActionRolled)
        if sum(PACK.faces("orange")[f] for f in rolled.faces) == shown:
            return after, rolled
    raise AssertionError("no such roll")


def test_batman_opens_the_safe() -> None:
    """V·C·3 [a] example, through decide: 3 cubes on manipulation, three orange dice; he keeps
    the roll, nobody hinders him, 3 successes reach the difficulty: the safe opens and he adds
    its contents, the submachine gun among them, to the items he carries."""
    state = all_active(started())
    reserve = state.hero("batman").zones.reserve
    state, rolled = _rolled(state, 3)
    assert rolled.pool == ("orange", "orange", "orange") and rolled.cubes == 3
    assert state.hero("batman").zones.on("manipulation") == 3
    assert state.hero("batman").zones.reserve == reserve - 3
    assert to_act(state) == {1} and state.roll is not None
    assert refused(state, 1, Move.of("move", hero="batman", to="walkway")).code == "roll_pending"
    state, events = play(state, 1, Move.of("keep"))
    resolved = events[0]
    assert isinstance(resolved, ComplexActionResolved)
    assert (resolved.successes, resolved.hindering, resolved.succeeded) == (3, 0, True)
    assert state.token("safe").state == "open"
    taken = ContentsTaken(seat=1, token="safe", hero="batman", items=("ledger", "submachine-gun"))
    assert taken in events
    assert state.hero("batman").items == ("ledger", "submachine-gun")
    assert state.token("safe").contents == ()


def test_a_failed_complex_manipulation_changes_nothing_but_the_cubes() -> None:
    """V·C·3 [a] vii: below the difficulty the action fails."""
    state, _ = _rolled(all_active(started()), 1)
    state, events = play(state, 1, Move.of("keep"))
    resolved = events[0]
    assert isinstance(resolved, ComplexActionResolved) and not resolved.succeeded
    assert state.token("safe").state == "closed" and state.ground == ()


def test_paid_rerolls_cost_a_cube_each_within_the_limit() -> None:
    """VIII C-E: orange dice have no reroll icon; paid rerolls take cubes on the reroll space
    up to its limit of 2, then the roll is resolved."""
    state, _ = _rolled(all_active(started()), 1)
    assert refused(state, 1, Move.of("reroll", dice="0", paid=False)).code == "bad_reroll"
    assert refused(state, 1, Move.of("reroll", dice="0,1,2", paid=True)).code == "reroll_limit"
    assert refused(state, 1, Move.of("reroll", dice="0,0", paid=True)).code == "bad_reroll"
    state, events = play(state, 1, Move.of("reroll", dice="0", paid=True))
    rerolled = events[0]
    assert isinstance(rerolled, DiceRerolled) and rerolled.cubes == 1
    assert state.hero("batman").zones.on("reroll") == 1
    assert refused(state, 1, Move.of("reroll", dice="2", paid=False)).code == "bad_reroll"


def test_free_rerolls_come_first() -> None:
    """VIII B/C: after a paid reroll no free one (here, none exist: refused either way)."""
    state, _ = _rolled(all_active(started()), 1)
    state, _ = play(state, 1, Move.of("reroll", dice="1", paid=True))
    assert refused(state, 1, Move.of("reroll", dice="1", paid=False)).code == "bad_reroll"
    state, events = play(state, 1, Move.of("reroll", dice="1", paid=True))
    assert state.roll is None  # the reroll space is saturated: the roll is resolved
    assert isinstance(events[-1], ComplexActionResolved) or any(
        isinstance(e, ComplexActionResolved) for e in events
    )


def test_picking_up_respects_encumbrance_and_the_heroes_win_with_the_ledger() -> None:
    """V·D·1 [a]-[b], [f]; the mission's end condition holds at once (IV C note)."""
    state, _ = _rolled(all_active(started()), 3)
    state, _ = play(state, 1, Move.of("keep"))
    state, _ = play(state, 1, Move.of("drop", hero="batman", item="submachine-gun"))
    assert ("submachine-gun", "office") in state.ground
    assert state.hero("batman").items == ("ledger",)
    # the manipulation space is saturated (3 of 3): no pick-up this turn
    saturated = refused(state, 1, Move.of("pick_up", hero="batman", item="submachine-gun"))
    assert saturated.code == "exertion_limit"
    assert [c.section for c in saturated.citations] == ["ix-i", "v-c-3-b-ii"]
    gordon = state.with_hero(replace(state.hero("commissioner-gordon"), area="office"))
    gordon, events = play(
        gordon, 1, Move.of("pick_up", hero="commissioner-gordon", item="submachine-gun")
    )
    assert events == [ItemPickedUp(seat=1, hero="commissioner-gordon", item="submachine-gun")]
    assert gordon.hero("commissioner-gordon").zones.on("manipulation") == 1
    heavy = gordon.with_hero(
        replace(
            gordon.hero("commissioner-gordon"), items=("submachine-gun", "tonfa", "submachine-gun")
        )
    )
    heavy = replace(heavy, ground=(("ledger", "office"),))
    assert refused(
        heavy, 1, Move.of("pick_up", hero="commissioner-gordon", item="ledger")
    ).code == ("too_encumbered")
    near = state.with_hero(replace(state.hero("batman"), area="loading-dock"))
    near, events = play(near, 1, Move.of("move", hero="batman", to="street"))
    assert events[-1] == GameFinished(seat=None, winner="heroes", condition="ledger-escapes")
    assert near.winner == "heroes" and to_act(near) == frozenset()
    assert refused(near, 1, Move.of("finish")).code == "game_over"


def test_every_offered_move_is_accepted_during_a_roll() -> None:
    state, _ = _rolled(all_active(started()), 1)
    for move in MOVES.legal_moves(state, 1):
        assert not isinstance(MOVES.decide(state, 1, move, random.Random(0)), Rejection), move


def test_throwing_equipment_along_the_line() -> None:
    """V·D·1 [e]: difficulty = distance; the item's encumbrance comes off the successes; short
    throws land that many moves along the line, a long enough one in the target area."""
    from rules_core.games.gotham_city_chronicles.events import ItemThrown, ThrowRolled

    base = all_active(started())
    gordon = replace(base.hero("commissioner-gordon"), items=("tonfa",))
    base = base.with_hero(gordon)
    throw = Move.of("throw", hero="commissioner-gordon", item="tonfa", to="chemical-vats", cubes=3)
    seen = set()
    for seed in range(60):
        before = base
        state, events = play(base, 1, throw, seed)
        rolled = events[0]
        assert isinstance(rolled, ThrowRolled) and rolled.difficulty == 2
        while state.roll is not None:
            before = state
            state, events = play(state, 1, Move.of("keep"))
        thrown = next(e for e in events if isinstance(e, ItemThrown))
        shown = sum(PACK.faces("yellow")[f] for f in rolled.faces)
        assert thrown.successes == max(shown - 2, 0)  # the tonfa's encumbrance of 2
        expected = {0: "street", 1: "warehouse-floor"}.get(thrown.successes, "chemical-vats")
        assert thrown.landed == expected
        told = GAME.narrate(before, thrown, None, False)  # what came off the successes
        plural = "" if thrown.successes == 1 else "es"
        count = f"{thrown.successes} success{plural}" if thrown.successes else "no success"
        assert told.endswith(f"({count} after its encumbrance of 2).")
        assert (("tonfa", expected) in state.ground) and "tonfa" not in state.hero(
            "commissioner-gordon"
        ).items
        seen.add(expected)
    assert len(seen) >= 2
    blind = Move.of("throw", hero="commissioner-gordon", item="tonfa", to="office", cubes=1)
    assert refused(base, 1, blind).code == "bad_target"
    home = Move.of("throw", hero="commissioner-gordon", item="tonfa", to="street", cubes=1)
    at_home = refused(base, 1, home)
    assert at_home.code == "no_such_area" and at_home.citations[0].section == "v-d-1-e"
    gadget = Move.of("throw", hero="batman", item="batarangs", to="walkway", cubes=1)
    assert refused(base, 1, gadget).code == "gadget_stays"  # V·D·2


def _with_smg(seats: int) -> GccState:
    state = all_active(started(seats))
    state = state.with_hero(replace(state.hero("batman"), items=("submachine-gun",)))
    gordon = replace(state.hero("commissioner-gordon"), area="office", items=("tonfa",))
    return state.with_hero(gordon)


def test_gordon_takes_the_submachine_gun_from_batman() -> None:
    """V·C·3 [b] example: Gordon, with Batman's agreement, takes the gun for one cube; his
    encumbrance becomes 5: a first-movement bonus of 1 and no retaliation (V·D·1 [a])."""
    from rules_core.games.gotham_city_chronicles.events import EquipmentHandedOver

    take = Move.of("take", hero="commissioner-gordon", item="submachine-gun", **{"from": "batman"})
    state, events = play(_with_smg(2), 1, take)  # one seat plays both: its move is the agreement
    assert events == [
        EquipmentHandedOver(
            seat=1,
            giver="batman",
            receiver="commissioner-gordon",
            item="submachine-gun",
            payer="commissioner-gordon",
        )
    ]
    gordon = state.hero("commissioner-gordon")
    assert gordon.items == ("tonfa", "submachine-gun") and gordon.zones.on("manipulation") == 1
    assert state.hero("batman").zones.on("manipulation") == 0
    board = PACK.hero("commissioner-gordon")
    assert board.move_bonus(5) == 1 and not board.skills[0].usable(5)


def test_a_hero_of_another_seat_must_agree() -> None:
    """V·D·1 [c]-[d]: asked of the seat that plays the other hero; declining costs nothing."""
    take = Move.of("take", hero="commissioner-gordon", item="submachine-gun", **{"from": "batman"})
    state, _ = play(_with_smg(4), 2, take)
    assert state.offer is not None and to_act(state) == {1}
    assert refused(state, 2, Move.of("finish")).code == "not_your_turn"
    declined, _ = play(state, 1, Move.of("decline"))
    assert declined.hero("batman").items == ("submachine-gun",)
    assert declined.hero("commissioner-gordon").zones.on("manipulation") == 0
    agreed, _ = play(state, 1, Move.of("agree"))
    assert agreed.hero("commissioner-gordon").items == ("tonfa", "submachine-gun")
    assert to_act(agreed) == {1, 2, 3}
    give = Move.of("give", hero="batman", item="submachine-gun", to="renee-montoya")
    assert refused(_with_smg(4), 1, give).code == "no_exchange"  # not in the same area


def test_an_exchange_declined_is_no_action_and_leaves_the_movement_going() -> None:
    """V·D·1 [c]-[d]: without the other hero's agreement there is no exchange, so the movement
    in progress (V·C·5 [k]) goes on with its move points; an agreed one is an action and ends
    it, the unused point lost."""
    from rules_core.games.gotham_city_chronicles.events import MovementEnded

    state = _with_smg(4)
    state = state.with_hero(replace(state.hero("batman"), area="loading-dock"))
    gordon = replace(state.hero("commissioner-gordon"), area="street")
    state = state.with_hero(replace(gordon, zones=replace(gordon.zones, reserve=10)))
    state = state.with_hero(replace(state.hero("renee-montoya"), area="street"))
    state, _ = play(state, 2, Move.of("move", hero="commissioner-gordon", to="loading-dock"))
    assert state.movement is not None and state.movement.points == 1
    take = Move.of("take", hero="commissioner-gordon", item="submachine-gun", **{"from": "batman"})
    asked, events = play(state, 2, take)
    assert not [e for e in events if isinstance(e, MovementEnded)]
    declined, _ = play(asked, 1, Move.of("decline"))
    assert declined.movement == state.movement  # the same movement, its point kept
    agreed, events = play(asked, 1, Move.of("agree"))
    assert events[0] == MovementEnded(seat=2, mover="commissioner-gordon", lost=1)
    assert agreed.movement is None and agreed.hero("commissioner-gordon").items[-1] == (
        "submachine-gun"
    )


def test_an_automatic_thought_the_mission_gives_the_heroes() -> None:
    """V·C·3 [b], V·C·4: one cube on the action's space, no dice, always a success."""
    import tomllib

    from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK, parse_pack
    from rules_core.games.gotham_city_chronicles.events import MissionActionDone
    from rules_core.games.gotham_city_chronicles.setup import opening
    from rules_core.games.gotham_city_chronicles.state import INITIAL
    from tests.rules_core.games.gotham_city_chronicles.test_movement import fold

    raw = tomllib.loads(REFERENCE_PACK.read_text())
    raw["mission"]["action"].append(
        {
            "id": "read-the-wiring",
            "name": "Read the Wiring",
            "side": "heroes",
            "action": "thought",
            "token": "bomb",
            "state": "unarmed",
            "effect": [{"op": "set_state", "token": "bomb", "state": "defused"}],
            "source": "reference",
        }
    )
    state = all_active(fold(INITIAL, opening(parse_pack(raw), 2)))
    state = state.with_hero(replace(state.hero("batman"), area="boiler-room"))
    move = Move.of("mission_action", hero="batman", action="read-the-wiring")
    state, events = play(state, 1, move)
    assert events[0] == MissionActionDone(
        seat=1, figure="batman", action="read-the-wiring", cubes=1
    )
    assert state.token("bomb").state == "defused"
    assert state.hero("batman").zones.on("thought") == 1
    assert refused(state, 1, move).code == "no_mission_action"
    assert refused(state, 1, Move.of("mission_action", hero="batman", action="open-safe")).code == (
        "no_mission_action"  # a complex one
    )


def test_the_table_shows_the_roll_waiting_for_a_reroll_or_a_keep() -> None:
    """Everyone sees Batman's safe roll waiting for a reroll or a keep."""
    state, rolled = _rolled(all_active(started()), 3)
    shown = GAME.view(state, 0)
    recorded = to_json(state.roll)
    assert state.roll is not None and isinstance(recorded, dict) and recorded
    roll = shown["roll"]
    assert isinstance(roll, dict) and {key: roll[key] for key in recorded} == recorded
    assert list(rolled.faces) == roll["faces"]
    assert isinstance(roll["shown"], list) and len(roll["shown"]) == len(state.roll.pool)


def test_a_thoughts_cubes_are_refused_citing_the_thought() -> None:
    """A thought follows the manipulation's steps (V·C·4), so its refusals cite the thought's
    own section (they cited the manipulation's)."""
    from rules_core.games.gotham_city_chronicles.energy import SPACES
    from rules_core.games.gotham_city_chronicles.manipulation import automatic_refusal

    state = all_active(started())
    hero = state.hero("batman")
    limit = state.board_pack.hero("batman").space("thought").limit
    spaces = tuple(
        limit if s == "thought" else n for s, n in zip(SPACES, hero.zones.spaces, strict=True)
    )
    full = replace(hero, zones=replace(hero.zones, spaces=spaces))
    saturated = automatic_refusal(state, full, "thought")
    assert saturated is not None and saturated.code == "exertion_limit"
    assert [c.section for c in saturated.citations] == ["ix-i", "v-c-4.automatic-thought"]
    empty = replace(hero, zones=replace(hero.zones, reserve=0))
    broke = automatic_refusal(state, empty, "thought")
    assert broke is not None and broke.code == "bad_cubes"
    assert [c.section for c in broke.citations] == ["v-c-4.automatic-thought", "ix-c"]


def test_a_complex_actions_result_tells_the_hindering_taken_off() -> None:
    """IX N: a complex manipulation's successes lose the hindering of the hero's area. Renee
    Montoya disarming the bomb beside the two thugs (menace 1 each) loses 2; the story said
    "0 successes against 2: it fails." after dice that showed two, with nothing to say why,
    while an attack's count names its hindering."""
    state = all_active(started())
    state = state.with_token(replace(state.token("bomb"), state="armed", countdown=2))
    state = state.with_hero(replace(state.hero("renee-montoya"), area="boiler-room"))
    disarm = Move.of("complex_action", hero="renee-montoya", action="disarm-bomb", cubes=3)
    state, events = play(state, 1, disarm)
    if state.roll is not None:
        state, events = play(state, 1, Move.of("keep"))
    resolved = next(e for e in events if isinstance(e, ComplexActionResolved))
    assert resolved.hindering == 2
    told = GAME.narrate(state, resolved, None, False)
    count = f"{resolved.successes} success" if resolved.successes else "No success"
    assert told.startswith(count) and "after 2 hindering against a difficulty of 2: it" in told


def test_a_complex_actions_result_names_the_difficulty_it_is_measured_against() -> None:
    """V·C·3 [a]: the successes are compared to the action's difficulty level. The story said
    "No success against 3: it fails.", a bare number; it now says what the 3 is, in the
    book's words ("a complex manipulation with a difficulty of 3")."""
    state = all_active(started())
    state, _ = _rolled(state, 0)
    state, events = play(state, 1, Move.of("keep"))
    resolved = next(e for e in events if isinstance(e, ComplexActionResolved))
    told = GAME.narrate(state, resolved, None, False)
    assert told == "No success against a difficulty of 3: it fails."
