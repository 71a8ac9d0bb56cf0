"""Chronicles: at a version inside a move where the game carries out a step of its own, nobody
is to act (rules version 18). A state view shows every version, part-way through a move too;
before, such versions named a seat and offered it moves the book forbids there: the heroes
their actions after their turn had ended, the villain a tile after its turn had ended, a
defense nobody is asked for, a hero's next move before the wounds of its fall were dealt."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from itertools import pairwise

from rules_core.engine import fold
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.gotham_city_chronicles.citations import BOOK
from rules_core.games.gotham_city_chronicles.events import (
    AttackCounted,
    HeroesFinished,
    HeroesTurnEnded,
    HeroWounded,
    TerrainDiceRolled,
    TerrainRolled,
)
from rules_core.games.gotham_city_chronicles.moves import MOVES, to_act
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.state import AreaToken, GccState
from tests.rules_core.games.gotham_city_chronicles.test_combat import (
    PUNCH,
    _gordon_beside_a_thug,
    _shown,
)
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    all_active,
    play,
    refused,
    started,
)
from tests.rules_core.games.gotham_city_chronicles.test_villain import VILLAIN

ANY = frozenset[str]()
# a step the book has the game carry out itself: after the event (key), the events it writes
# next in the same move (ANY: whatever comes next); nobody acts at the version between
BOOK_STEPS: Mapping[str, frozenset[str]] = {
    "heroes_turn_ended": ANY,  # V·B·7, IV: the end-game check, then the other side or upkeep
    "villain_turn_ended": ANY,  # VI·B·6, IV
    "movement_declared": ANY,  # V·C·5: the miniature moves
    "move_points_bought": ANY,  # V·C·5 [f]-[g]
    "blasted": ANY,  # X Blast: the explosions
    "event_triggered": ANY,  # VI·B·3 [d]: the event's effects, then its points
    # VI·B·3 [e], VI E: the event tile's points all spent or given up, its activation ends
    "reinforcement_points": frozenset({"tile_activation_ended"}),
    "reinforced": frozenset({"tile_activation_ended"}),
    "moved": frozenset({"terrain_dice_rolled"}),  # V·C·5 [i], IX Q: the destination's dice
    "exploded": frozenset({"area_dice_rolled"}),  # IX R: each miniature there rolls
    "dissipation_placed": frozenset({"area_dice_rolled"}),  # IX Q
    "heroes_turn_began": frozenset({"dissipation_turned"}),  # IX O: the side's tokens turn
    "villain_turn_began": frozenset({"dissipation_turned"}),
    "terrain_rolled": frozenset({"hero_wounded", "character_wounded", "area_dice_rolled"}),
    "defense_counted": frozenset({"hero_wounded", "character_wounded"}),  # VII H, IX A
    "defense_impossible": frozenset({"hero_wounded", "character_wounded"}),  # IX E 4
    "character_wounded": frozenset({"character_neutralized"}),  # IX B
    "hero_wounded": frozenset({"terrain_dice_rolled"}),  # V·C·5 [i]: a fall, then danger
    "character_neutralized": frozenset({"character_activation_ended", "tile_neutralized"}),
    # VII H (rules versions 16-17), IX E 4: the defense nobody is asked for
    "attack_counted": frozenset({"nothing_to_defend", "defense_rolled", "defense_impossible"}),
}
# VIII: dice with nothing left to reroll are counted at once, by the event that counts them
ROLLS = frozenset(
    {
        "attack_rolled",
        "defense_rolled",
        "dice_rerolled",
        "terrain_dice_rolled",
        "area_dice_rolled",
        "complex_action_rolled",
        "throw_rolled",
    }
)
COUNTED = frozenset(
    {
        "attack_counted",
        "defense_counted",
        "terrain_rolled",
        "complex_action_resolved",
        "item_thrown",
    }
)


def _the_games_step(event: GameEvent, following: GameEvent) -> bool:
    """Whether the book has the game write `following` after `event` by itself."""
    if event.type in ROLLS and following.type in COUNTED:
        return True
    steps = BOOK_STEPS.get(event.type)
    return steps is not None and (steps is ANY or following.type in steps)


def test_nobody_is_offered_a_move_at_a_step_the_game_takes_itself_in_played_games() -> None:
    """IV and the steps above: in twelve seeded games of random moves at 2 to 4 seats, at every
    version inside a move that falls between the game's own steps nobody is to act and nobody
    is offered a move; where a seat is named inside a move, every move offered is accepted."""
    between = 0
    for seed in range(12):
        players = 2 + seed % 3
        rng = random.Random(seed)
        state = fold_setup(players, seed)
        for step in range(GAME.info.longest_game):
            if GAME.outcome(state) is not None:
                break
            seat = rng.choice(sorted(GAME.to_act(state)))
            move = rng.choice(GAME.legal_moves(state, seat))
            events = GAME.decide(state, seat, move, random.Random(rng.random()))
            assert not isinstance(events, Rejection), (seed, step, move, events)
            inside = state
            for event, following in pairwise(events):
                inside = GAME.evolve(inside, event)
                at = (seed, step, move.type, event.type, following.type)
                if _the_games_step(event, following):
                    between += 1
                    assert GAME.to_act(inside) == frozenset(), at
                    for anyone in range(players):
                        assert GAME.legal_moves(inside, anyone) == [], at
                for named in GAME.to_act(inside):
                    for offered in GAME.legal_moves(inside, named)[:3]:
                        answer = GAME.decide(inside, named, offered, random.Random(0))
                        assert not isinstance(answer, Rejection), (at, offered, answer)
            state = fold(GAME, events, state)
        else:
            raise AssertionError(f"seed {seed}: the game did not end")
    assert between > 400  # the walk met the game's own steps often (491 at rules version 18)


def fold_setup(players: int, seed: int) -> GccState:
    state: GccState = fold(GAME, GAME.setup(players, {}, random.Random(seed)))
    return state


def test_after_the_heroes_turn_ends_they_are_offered_nothing() -> None:
    """V·B·7, IV: once the last heroes' seat finishes, the heroes' turn is over; at the version
    between its end and the villain's turn nobody is to act, and a heroes' move there is
    refused saying the game goes on first (before, the heroes' seat was offered its heroes'
    moves again)."""
    state = all_active(started())
    events = MOVES.decide(state, 1, Move.of("finish"), random.Random(0))
    assert not isinstance(events, Rejection)
    assert [type(e) for e in events[:2]] == [HeroesFinished, HeroesTurnEnded]
    ended = fold(GAME, events[:2], state)
    assert ended.flow.phase == "heroes" and ended.owing == "turn"
    assert to_act(ended) == frozenset() and GAME.legal_moves(ended, 1) == []
    answer = refused(ended, 1, Move.of("move", hero="batman", to="walkway"))
    assert (answer.code, answer.message) == (
        "step_pending",
        "The game first ends the turn and goes on to what follows it.",
    )
    assert {c.book for c in answer.citations} == {BOOK}
    assert "iv" in {c.section for c in answer.citations}
    after = fold(GAME, events[2:], ended)
    assert after.owing == "" and to_act(after) == {VILLAIN}


def test_the_defense_nobody_is_asked_for_is_not_offered_part_way() -> None:
    """VII H (rules version 16): Gordon's punch scores nothing; at the version between the
    attack's count and `nothing_to_defend` the villain is not named to defend (before, it was
    offered 'Defend with 0-3 cubes' there)."""
    before, events = _punch_of_no_success()
    counted = next(e for e in events if isinstance(e, AttackCounted))
    assert counted.successes == 0
    state = fold(GAME, events[: events.index(counted) + 1], before)
    assert state.fight is not None and state.fight.successes == 0
    assert to_act(state) == frozenset() and GAME.legal_moves(state, VILLAIN) == []
    answer = refused(state, VILLAIN, Move.of("defend", cubes=0))
    assert (answer.code, answer.message) == (
        "step_pending",
        "The game first takes the defense nobody is asked for.",
    )


def _punch_of_no_success() -> tuple[GccState, list[GameEvent]]:
    """Gordon's punch at the thug whose dice show nothing: the state before the move that
    counts it (the punch, or the keeping of its dice) and that move's events."""
    start = _gordon_beside_a_thug()
    for seed in range(300):
        state, events = play(start, 1, PUNCH, seed)
        rolled = events[0]
        if _shown(getattr(rolled, "pool", ()), getattr(rolled, "faces", ())) == 0:
            break
    if state.roll is None:
        return start, events
    return state, play(state, 1, Move.of("keep"))[1]


def test_a_falls_wounds_in_dangerous_terrain_are_followed_by_its_dice_with_nobody_asked() -> None:
    """V·C·5 [i], IX Q: Batman falls from the walkway into the loading pit, made dangerous by a
    gas token; once his fall's dice are kept, its wounds and then the dangerous terrain's dice
    follow in the same move, and at the versions between nobody is to act (before, his player
    was offered his next moves between the wounds and the gas's dice)."""
    state = all_active(started())
    state, _ = play(state, 1, Move.of("move", hero="batman", to="walkway"))
    gassed = replace(state, area_tokens=(AreaToken("gas", "loading-pit", "villain"),))
    fall = Move.of("move", hero="batman", to="loading-pit")
    for seed in range(200):
        falling, _ = play(gassed, 1, fall, seed)
        assert falling.roll is not None and falling.roll.action == "fall"
        if _shown(falling.roll.pool, falling.roll.faces):
            break
    events = MOVES.decide(falling, 1, Move.of("keep"), random.Random(0))
    assert not isinstance(events, Rejection)
    assert [type(e) for e in events[:3]] == [TerrainRolled, HeroWounded, TerrainDiceRolled]
    inside = falling
    for event in events[:2]:
        inside = GAME.evolve(inside, event)
        assert to_act(inside) == frozenset() and GAME.legal_moves(inside, 1) == [], event.type
