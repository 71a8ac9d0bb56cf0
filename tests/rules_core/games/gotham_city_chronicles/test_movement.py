"""The movement action through the move book: the book's movement examples, the costs, bought
move points, falls, refusals with citations, and the heroes' turn around it."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.gotham_city_chronicles.content import Pack, load_pack
from rules_core.games.gotham_city_chronicles.events import (
    DiceRerolled,
    HeroesTurnEnded,
    HeroWounded,
    Moved,
    MovementDeclared,
    MovementEnded,
    MovePointsBought,
    TerrainDiceRolled,
    TerrainRolled,
    VillainTurnBegan,
)
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.moves import MOVES, to_act
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.setup import hero_seats, opening
from rules_core.games.gotham_city_chronicles.state import INITIAL, GccState
from rules_core.rulebooks.index import get_book

PACK = load_pack()
HEROES = 1  # with two seats, seat 1 plays every hero


def fold(state: GccState, events: Iterable[GameEvent]) -> GccState:
    for event in events:
        state = HANDLERS[type(event)](state, event)
    return state


def play(state: GccState, seat: int, move: Move, seed: int = 0) -> tuple[GccState, list[GameEvent]]:
    events = MOVES.decide(state, seat, move, random.Random(seed))
    assert not isinstance(events, Rejection), events
    return fold(state, events), events


def refused(state: GccState, seat: int, move: Move) -> Rejection:
    result = MOVES.decide(state, seat, move, random.Random(0))
    assert isinstance(result, Rejection), result
    book = get_book("gotham-city-chronicles")
    for citation in result.citations:
        book.section(citation.section)
    return result


def started(seats: int = 2, pack: Pack = PACK) -> GccState:
    return fold(INITIAL, opening(pack, seats))


def all_active(state: GccState) -> GccState:
    for hero in state.heroes:
        state, _ = play(state, hero.seat, Move.of("stance", hero=hero.id, stance="active"))
    return state


def test_heroes_are_shared_among_the_heroes_seats() -> None:
    assert hero_seats(3, 2) == (1, 1, 1)
    assert hero_seats(3, 3) == (1, 2, 1)
    assert hero_seats(3, 4) == (1, 2, 3)
    state = started(4)
    assert to_act(state) == {1, 2, 3}
    assert state.hero("batman").area == "office"


def test_batmans_movement_into_killer_crocs_area() -> None:
    """V·C·5 example, through decide: the first movement's pool of 2, a simple move for 1,
    and the unspent point lost at the movement's end."""
    state = all_active(started())
    state, events = play(state, HEROES, Move.of("move", hero="batman", to="walkway"))
    assert events[0] == MovementDeclared(seat=1, mover="batman", points=2, first=True)
    moved = events[1]
    assert isinstance(moved, Moved)
    assert (moved.kind, moved.cost, moved.hindering) == ("simple", 1, 0)
    assert state.hero("batman").area == "walkway"
    state, events = play(state, HEROES, Move.of("end_movement"))
    assert events == [MovementEnded(seat=1, mover="batman", lost=1)]
    # the unit named, as the movement's pool is ("moves with 2 move points"), not "1 point"
    assert GAME.narrate(state, events[0], None, False) == (
        "Batman's movement ends; 1 move point lost."
    )
    assert state.movement is None


def test_renee_montoyas_climb_with_bought_move_points() -> None:
    """V·C·5 example, through decide: a simple move for 1 of her 2 points, then the level 2
    climb into Batman's and Killer Croc's area costs 3: 2 cubes buy the 2 missing points."""
    state = all_active(started())
    state, _ = play(state, HEROES, Move.of("move", hero="batman", to="walkway"))
    state, _ = play(state, HEROES, Move.of("end_movement"))
    state, events = play(state, HEROES, Move.of("move", hero="renee-montoya", to="loading-pit"))
    assert [type(e) for e in events] == [MovementDeclared, Moved]
    assert state.movement is not None and state.movement.points == 1
    reserve = state.hero("renee-montoya").zones.reserve
    state, events = play(state, HEROES, Move.of("move", hero="renee-montoya", to="walkway"))
    bought, climb = events
    assert bought == MovePointsBought(seat=1, mover="renee-montoya", cubes=2, points=2)
    assert isinstance(climb, Moved) and (climb.kind, climb.level, climb.cost) == ("climb", 2, 3)
    montoya = state.hero("renee-montoya")
    assert montoya.area == "walkway"
    assert montoya.zones.on("movement") == 2 and montoya.zones.reserve == reserve - 2
    assert state.movement is not None and state.movement.points == 0


def test_a_second_movement_has_no_first_movement_bonus() -> None:
    """V·C·5 [c]: the bonus only for the hero's first movement of the turn."""
    state = all_active(started())
    state, _ = play(state, HEROES, Move.of("move", hero="batman", to="walkway"))
    state, _ = play(state, HEROES, Move.of("end_movement"))
    state, events = play(state, HEROES, Move.of("move", hero="batman", to="office"))
    declared, bought, _ = events
    assert declared == MovementDeclared(seat=1, mover="batman", points=0, first=False)
    # leaving Croc costs 1 + his size 3: two cubes at two points each
    assert isinstance(bought, MovePointsBought) and (bought.cubes, bought.points) == (2, 4)


def test_any_other_action_ends_the_movement_and_its_unused_points_are_lost() -> None:
    """V·C·5 [k], V·B·5: a movement is one action; picking something up (or any other hero's
    action) ends it, so moving again is a new movement from no points that must buy them."""
    state = all_active(started())
    state = replace(state, ground=(("ledger", "loading-pit"),))
    state, _ = play(state, HEROES, Move.of("move", hero="renee-montoya", to="loading-pit"))
    assert state.movement is not None and state.movement.points == 1  # her bonus 2, cost 1
    state, events = play(state, HEROES, Move.of("pick_up", hero="renee-montoya", item="ledger"))
    assert events[0] == MovementEnded(seat=1, mover="renee-montoya", lost=1)
    assert state.movement is None
    reserve = state.hero("renee-montoya").zones.reserve
    state, events = play(state, HEROES, Move.of("move", hero="renee-montoya", to="warehouse-floor"))
    assert events[0] == MovementDeclared(seat=1, mover="renee-montoya", points=0, first=False)
    assert isinstance(events[1], MovePointsBought)
    assert state.hero("renee-montoya").zones.reserve == reserve - events[1].cubes

    # another hero's action ends it too
    state = all_active(started())
    state, _ = play(state, HEROES, Move.of("move", hero="renee-montoya", to="loading-pit"))
    cubes = Move.of("complex_action", hero="batman", action="open-safe", cubes=1)
    state, events = play(state, HEROES, cubes)
    assert events[0] == MovementEnded(seat=1, mover="renee-montoya", lost=1)
    assert state.movement is None


def test_moving_out_of_killer_crocs_area_is_hindered() -> None:
    """IX N: leaving Croc's area costs his size more (Batman alone with him)."""
    state = all_active(started())
    state, _ = play(state, HEROES, Move.of("move", hero="batman", to="walkway"))
    state, events = play(state, HEROES, Move.of("move", hero="batman", to="office"))
    moved = events[-1]
    assert isinstance(moved, Moved) and (moved.hindering, moved.cost) == (3, 4)


def test_a_fall_rolls_yellow_dice_for_wounds() -> None:
    """V·C·5 [i]: as many yellow dice as the fall's level; the reroll step (VIII); a wound per
    success of the dice kept."""
    state = all_active(started())
    state, _ = play(state, HEROES, Move.of("move", hero="batman", to="walkway"))
    for seed in range(40):
        falling, events = play(
            state, HEROES, Move.of("move", hero="batman", to="loading-pit"), seed
        )
        thrown = events[-1]
        assert isinstance(thrown, TerrainDiceRolled)
        assert (thrown.dice, thrown.reason) == (("yellow", "yellow"), "fall")
        assert falling.roll is not None and falling.roll.purpose == "terrain"
        assert to_act(falling) == {HEROES}  # Batman's player decides the rerolls
        assert refused(falling, HEROES, Move.of("end_movement")).code == "roll_pending"
        after, events = play(falling, HEROES, Move.of("keep"))
        rolled = events[0]
        assert isinstance(rolled, TerrainRolled) and rolled.faces == thrown.faces
        shown = sum(PACK.faces("yellow")[f] for f in rolled.faces)
        assert rolled.wounds == shown
        wounds = [e for e in events if isinstance(e, HeroWounded)]
        assert [w.wounds for w in wounds] == ([shown] if shown else [])
        assert after.hero("batman").zones.wounds == shown
        assert after.roll is None
        assert after.movement is not None or after.hero("batman").zones.neutralized


def test_a_fall_may_be_rerolled_with_cubes_to_take_fewer_wounds() -> None:
    """VIII: the players may always reroll after any roll; a paid die costs a cube on the
    reroll space, and the wounds are those of the dice kept."""
    state = all_active(started())
    state, _ = play(state, HEROES, Move.of("move", hero="batman", to="walkway"))

    def fall_wounds(seed: int) -> int:
        """The yellow dice of Batman's fall to the loading pit, with the rng seeded `seed`."""
        fallen, _ = play(state, HEROES, Move.of("move", hero="batman", to="loading-pit"), seed)
        assert fallen.roll is not None
        return sum(PACK.faces("yellow")[f] for f in fallen.roll.faces)

    seed = next(n for n in range(200) if fall_wounds(n))
    falling, _ = play(state, HEROES, Move.of("move", hero="batman", to="loading-pit"), seed)
    assert falling.roll is not None
    reserve = falling.hero("batman").zones.reserve
    again, events = play(falling, HEROES, Move.of("reroll", dice="0,1", paid=True), 3)
    assert isinstance(events[0], DiceRerolled) and events[0].cubes == 2
    assert again.hero("batman").zones.reserve == reserve - 2
    if again.roll is not None:  # room left on the reroll space: Batman keeps the dice
        again, kept_events = play(again, HEROES, Move.of("keep"))
        events += kept_events
    rolled = next(e for e in events if isinstance(e, TerrainRolled))
    faces = list(falling.roll.faces)
    for index, face in zip(events[0].dice, events[0].faces, strict=True):
        faces[index] = face
    assert rolled.faces == tuple(faces)  # the wounds are those of the rerolled dice
    kept = sum(PACK.faces("yellow")[f] for f in faces)
    assert again.hero("batman").zones.wounds == kept == rolled.wounds
    assert again.roll is None


def test_entering_dangerous_terrain_rolls_dice_that_may_be_rerolled_too() -> None:
    """IX Q: the chemical vats' yellow dice, with their reroll step like any roll (VIII)."""
    state = all_active(started())
    gordon = replace(state.hero("commissioner-gordon"), area="warehouse-floor")
    state = state.with_hero(gordon)
    for brute in ("brutes-with-chains-1", "brutes-with-chains-2"):  # nobody hinders the move
        state = state.with_character(replace(state.character(brute), area="street"))
    move = Move.of("move", hero="commissioner-gordon", to="chemical-vats")
    entering, events = play(state, HEROES, move)
    thrown = events[-1]
    assert isinstance(thrown, TerrainDiceRolled) and thrown.reason == "dangerous"
    assert entering.roll is not None and entering.roll.seat == HEROES
    after, events = play(entering, HEROES, Move.of("keep"))
    rolled = events[0]
    assert isinstance(rolled, TerrainRolled) and rolled.reason == "dangerous"
    assert after.hero("commissioner-gordon").zones.wounds == rolled.wounds
    assert after.roll is None and after.hero("commissioner-gordon").area == "chemical-vats"


def test_refusals_cite_the_book() -> None:
    state = started()
    assert refused(state, 1, Move.of("move", hero="batman", to="walkway")).code == "stance_step"
    state, _ = play(state, 1, Move.of("stance", hero="batman", stance="resting"))
    assert refused(state, 1, Move.of("stance", hero="batman", stance="active")).code == (
        "stance_taken"
    )
    state, _ = play(state, 1, Move.of("stance", hero="commissioner-gordon", stance="active"))
    state, _ = play(state, 1, Move.of("stance", hero="renee-montoya", stance="active"))
    assert refused(state, 1, Move.of("move", hero="batman", to="walkway")).code == "not_active"
    gordon = "commissioner-gordon"
    assert refused(state, 1, Move.of("move", hero=gordon, to="office")).code == "no_move_there"
    assert refused(state, 1, Move.of("move", hero=gordon, to="moon")).code == "no_such_area"
    assert refused(state, 1, Move.of("move", hero="robin", to="street")).code == "not_your_hero"
    assert refused(state, 1, Move.of("end_movement")).code == "not_moving"
    assert refused(state, 1, Move.of("fly")).code == "unknown_move"


def test_the_villain_may_not_move_in_the_heroes_turn() -> None:
    """IV, V B: out of turn, refused with citations."""
    state = all_active(started())
    refusal = refused(state, 0, Move.of("move", hero="batman", to="walkway"))
    assert refusal.code == "not_your_turn"
    assert {c.section for c in refusal.citations} >= {"v-b", "iv"}


def test_over_occupation_and_the_exertion_limit_refuse_a_move() -> None:
    """V·C·5 [d] and [f]."""
    state = all_active(started(4))
    state, _ = play(state, 3, Move.of("move", hero="renee-montoya", to="loading-pit"))
    state, _ = play(state, 3, Move.of("move", hero="renee-montoya", to="walkway"))
    # Croc 3 + Montoya 2 = 5 of 8 on the walkway: Batman fits, a size 4 would not
    state, _ = play(state, 1, Move.of("move", hero="batman", to="walkway"))
    assert state.load("walkway") == 7
    gordon = "commissioner-gordon"
    state, _ = play(state, 2, Move.of("move", hero=gordon, to="warehouse-floor"))
    assert refused(state, 2, Move.of("move", hero=gordon, to="walkway")).code == "over_occupied"
    # Montoya's movement space holds 2 of its 3 cubes; a new movement has no bonus, and leaving
    # Croc (size 3) beside Batman (2) costs 2: two cubes, one more than the space takes
    assert state.hero("renee-montoya").zones.on("movement") == 2
    refusal = refused(state, 3, Move.of("move", hero="renee-montoya", to="office"))
    assert refusal.code == "cannot_buy_move_points"


def test_every_move_offered_is_accepted() -> None:
    state = all_active(started())
    for move in MOVES.legal_moves(state, 1):
        assert not isinstance(MOVES.decide(state, 1, move, random.Random(0)), Rejection), move
    assert MOVES.legal_moves(state, 0) == []


def test_the_heroes_turn_ends_when_every_heroes_seat_has_finished() -> None:
    """V·B·4-7, then the villain's turn: his cubes recover (VI·B·1)."""
    state = all_active(started(3))
    state, _ = play(state, 1, Move.of("move", hero="batman", to="walkway"))
    state, events = play(state, 1, Move.of("finish"))
    assert isinstance(events[0], MovementEnded)
    assert to_act(state) == {2}
    state, events = play(state, 2, Move.of("finish"))
    assert [type(e) for e in events[1:]] == [HeroesTurnEnded, VillainTurnBegan]
    assert to_act(state) == {0}
    assert state.hero("batman").zones.fatigue == 0
    assert state.flow.phase == "villain"


def test_a_reroll_reads_as_the_dice_it_rerolls_and_what_it_costs() -> None:
    """Each die is named by its place and the face it shows, so two yellow dice are two
    different choices (both read "Reroll one yellow die for one cube" before)."""
    state = all_active(started())
    state, _ = play(state, HEROES, Move.of("move", hero="batman", to="walkway"))
    falling, _ = play(state, HEROES, Move.of("move", hero="batman", to="loading-pit"), 5)
    assert falling.roll is not None and falling.roll.faces == (4, 2)  # one success, a blank
    labels = [
        GAME.describe_move(falling, HEROES, m)
        for m in GAME.legal_moves(falling, HEROES)
        if m.type == "reroll"
    ]
    assert labels == [
        "Reroll the first die (yellow: one success) for one cube",
        "Reroll the second die (yellow: no success) for one cube",
    ]  # a die at a time (rules version 25: both together was a third move)


def test_the_roll_waiting_for_rerolls_shows_its_faces_in_words_to_every_seat() -> None:
    """VIII, II dice: the dice are rolled in the open; the view says what each shows, in the
    labels' words, before the roller chooses what to reroll."""
    state = all_active(started())
    state, _ = play(state, HEROES, Move.of("move", hero="batman", to="walkway"))
    falling, _ = play(state, HEROES, Move.of("move", hero="batman", to="loading-pit"), 5)
    for seat in (0, HEROES, None):
        roll = GAME.view(falling, seat)["roll"]
        assert isinstance(roll, dict)
        assert roll["summary"] == "Batman's dice show one success"
        assert roll["shown"] == [
            "The first die (yellow: one success)",
            "The second die (yellow: no success)",
        ]
    assert GAME.view(state, HEROES)["roll"] is None


def test_an_end_condition_met_by_a_move_ends_the_game_before_the_fall_is_rolled() -> None:
    """IV C note, V·C·5 [h]-[i]: the mission's goal (a hero carrying the Ledger in the street) is
    met once the miniature is moved; the game ends there and then, before the destination's
    effects (the fall's dice and their reroll step) that could wound the hero."""
    from rules_core.games.gotham_city_chronicles.events import GameFinished

    state = all_active(started())
    batman = replace(state.hero("batman"), area="neighbouring-roof", items=("ledger",))
    state = state.with_hero(batman)
    state, events = play(state, HEROES, Move.of("move", hero="batman", to="street"))
    assert isinstance(events[-1], GameFinished) and events[-1].winner == "heroes"
    assert not any(isinstance(e, TerrainDiceRolled) for e in events)
    assert state.roll is None and state.winner == "heroes"


def test_a_neutralized_hero_stays_in_its_area_for_occupation_and_hindering() -> None:
    """IX B takes a neutralized character's miniature off the board, not a hero's (the hero rests
    and recovers, V·B·3): the reference reading keeps the hero's miniature present, so its size
    counts toward the area's occupation (III D, IX H) and a move out of the area (IX N), and its
    menace toward an action's hindering (README: readings)."""
    from rules_core.games.gotham_city_chronicles import geometry
    from rules_core.games.gotham_city_chronicles.energy import Zones

    state = all_active(started())
    gordon = state.hero("commissioner-gordon")
    down = replace(gordon, area="walkway", zones=Zones(0, wounds=gordon.zones.total))
    state = state.with_hero(down)
    assert state.hero("commissioner-gordon").zones.neutralized
    croc = PACK.tile("killer-croc")
    assert state.load("walkway") == croc.size + PACK.hero("commissioner-gordon").size
    others = state.occupants("walkway", leaving_out="killer-croc-1")
    assert geometry.move_hindering(croc.side, others) == PACK.hero("commissioner-gordon").size
    assert geometry.action_hindering(croc.side, others) == PACK.hero("commissioner-gordon").menace


def test_a_move_that_buys_move_points_says_so_in_its_label() -> None:
    """V·C·5 [f]: a move the pool cannot pay for takes cubes from the reserve; its label says
    how many before it is chosen (it read "Move Batman to the Foreman's Office" alone, the
    cubes told only once spent), and a move the pool pays for reads as before."""
    state = all_active(started())
    first = GAME.describe_move(state, HEROES, Move.of("move", hero="batman", to="walkway"))
    assert first == "Move Batman to the Walkway"
    state, _ = play(state, HEROES, Move.of("move", hero="batman", to="walkway"))
    state, _ = play(state, HEROES, Move.of("end_movement"))
    again = Move.of("move", hero="batman", to="office")
    assert GAME.describe_move(state, HEROES, again) == (
        "Move Batman to the Foreman's Office, buying 4 move points for 2 cubes"
    )
    _, events = play(state, HEROES, again)
    assert MovePointsBought(seat=1, mover="batman", cubes=2, points=4) in events
