"""Moving your figures (turn.move): henchmen entering a block together must outnumber the
enemy henchmen there, who then flee; a plan that cannot be finished is refused step by step."""

from __future__ import annotations

import pytest

from rules_core.engine import Move, fold
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy import GAME, planning
from rules_core.games.gotham_city_strategy.events import FightResolved
from rules_core.games.gotham_city_strategy.figure_events import (
    HenchmenSentHome,
    MovementEnded,
    MovePlanned,
)
from rules_core.games.gotham_city_strategy.state import BATCAVE, HIDEOUT, GcsState
from rules_core.games.gotham_city_strategy.turn_events import CardDrawn, TurnStarted
from tests.rules_core.games.gotham_city_strategy.table import (
    ACE,
    PACK,
    Dice,
    act,
    at_step,
    blocks,
    events_of,
    ready,
    refused,
    with_player,
)

UNION = PACK.block_index("union-station")
DOCKS = PACK.block_index("dixon-docks")


def henchmen(source: int, target: int, count: int) -> Move:
    return Move.of("move_henchmen", source=source, target=target, count=count)


def moving(hideout: int, on_map: tuple[int, ...], villain_at: int = HIDEOUT) -> GcsState:
    """The Joker starts moving (1 information paid) against 2 Penguin henchmen on Ace Chemicals."""
    state = at_step(ready(["joker", "penguin"]), "actions")
    state = with_player(
        state, 0, hideout_henchmen=hideout, henchmen=on_map, information=1, villain_at=villain_at
    )
    state = with_player(state, 1, henchmen=blocks(ace_chemicals=2))
    return act(state, 0, Move.of("move"))


def test_the_villain_moves_once_in_a_move_and_never_to_where_he_stands() -> None:
    """turn.move: the 1 information moves each of the player's figures to a new place; the
    villain, once given a destination, is not moved again in the same move, and moving him to
    the place he stands is refused, each with the reason (neither is offered, so only the
    check refuses one posted)."""
    state = moving(hideout=1, on_map=blocks(union_station=1), villain_at=UNION)
    here = refused(state, 0, Move.of("move_villain", to=UNION))
    assert (here.code, here.message) == ("cannot_move", "Your villain is on Union Station already.")
    state = act(state, 0, Move.of("move_villain", to=DOCKS))
    again = refused(state, 0, Move.of("move_villain", to=HIDEOUT))
    assert again.message == "Your villain has been moved this turn already."
    assert state.plan is not None and state.plan.villain_to == DOCKS


def test_henchmen_from_several_places_together_outnumber_the_enemy() -> None:
    """Two from the hideout and one from Union Station enter a block held by two."""
    state = moving(hideout=2, on_map=blocks(union_station=1))
    state = act(state, 0, henchmen(HIDEOUT, ACE, 2))
    assert refused(state, 0, Move.of("done_moving")).code == "cannot_move"
    assert Move.of("done_moving") not in GAME.legal_moves(state, 0)
    state = act(state, 0, henchmen(UNION, ACE, 1))
    assert Move.of("done_moving") in GAME.legal_moves(state, 0)
    state = act(state, 0, Move.of("done_moving"))
    assert state.players[0].henchmen[ACE] == 3
    assert state.players[1].henchmen[ACE] == 0 and state.players[1].hideout_henchmen == 2


def test_henchmen_that_cannot_outnumber_may_not_start_in() -> None:
    """With three henchmen, the villain already moved elsewhere: one may go in only while two
    can follow (in one step or two); sending one elsewhere would strand it, so it is refused."""
    state = moving(hideout=3, on_map=blocks(), villain_at=DOCKS)
    state = act(state, 0, Move.of("move_villain", to=HIDEOUT))
    state = act(state, 0, henchmen(HIDEOUT, ACE, 1))
    elsewhere = henchmen(HIDEOUT, UNION, 1)
    assert elsewhere not in GAME.legal_moves(state, 0)
    rejection = refused(state, 0, elsewhere)
    # the block left short is named, not the free one the step goes to ("the 0 enemy henchmen
    # there"), nor the villain, who has moved already
    assert "2 more henchmen into Ace Chemicals" in rejection.message
    assert "Union Station" not in rejection.message and "villain" not in rejection.message
    assert henchmen(HIDEOUT, ACE, 1) in GAME.legal_moves(state, 0)


def test_finishing_short_does_not_offer_the_villain_once_he_has_moved() -> None:
    state = moving(hideout=3, on_map=blocks(), villain_at=DOCKS)
    state = act(state, 0, Move.of("move_villain", to=HIDEOUT))
    state = act(state, 0, henchmen(HIDEOUT, ACE, 1))
    message = refused(state, 0, Move.of("done_moving")).message
    assert message.endswith("move 2 more henchmen into Ace Chemicals.")


def test_the_one_step_that_makes_up_a_short_block_is_the_games_own() -> None:
    """Rules version 9: two henchmen sent into a block held by two, with the villain moved and
    one henchman left, can be made up one way only (the plan and the figures are seen by all):
    that step is taken unasked, and the move then finishes. Rules version 10 writes that step by
    nobody, the game's own (version 9 wrote it as the seat's move)."""
    state = moving(hideout=3, on_map=blocks(), villain_at=DOCKS)
    state = act(state, 0, Move.of("move_villain", to=HIDEOUT))
    events = events_of(state, 0, henchmen(HIDEOUT, ACE, 2))
    planned = [e for e in events if isinstance(e, MovePlanned)]
    assert [p.plan.henchmen for p in planned] == [
        ((HIDEOUT, ACE, 2),),
        ((HIDEOUT, ACE, 2), (HIDEOUT, ACE, 1)),
    ]
    assert [p.seat for p in planned] == [0, None] and MovementEnded(seat=0) in events
    after = act(state, 0, henchmen(HIDEOUT, ACE, 2))
    assert after.players[0].henchmen[ACE] == 3 and after.players[1].henchmen[ACE] == 0


def test_two_henchmen_alone_cannot_enter_a_block_held_by_two() -> None:
    state = moving(hideout=2, on_map=blocks(), villain_at=DOCKS)
    state = act(state, 0, Move.of("move_villain", to=HIDEOUT))
    assert henchmen(HIDEOUT, ACE, 2) not in GAME.legal_moves(state, 0)
    assert refused(state, 0, henchmen(HIDEOUT, ACE, 2)).code == "cannot_move"
    assert henchmen(HIDEOUT, UNION, 2) in GAME.legal_moves(state, 0)


def test_the_villain_entering_with_them_makes_the_enemy_henchmen_flee() -> None:
    state = moving(hideout=1, on_map=blocks(union_station=1))
    state = act(state, 0, henchmen(HIDEOUT, ACE, 1))  # the villain can still follow
    assert Move.of("move_villain", to=UNION) not in GAME.legal_moves(state, 0)
    assert henchmen(UNION, ACE, 1) in GAME.legal_moves(state, 0)  # a second way: asked
    state = act(state, 0, Move.of("move_villain", to=ACE))
    state = act(state, 0, Move.of("done_moving"))
    assert state.players[0].villain_at == ACE and state.players[0].henchmen[ACE] == 1
    assert state.players[1].henchmen[ACE] == 0


@pytest.mark.parametrize(("faces", "joker_wins"), [(("2", "1"), True), (("bat", "1"), False)])
def test_enemy_henchmen_a_card_put_on_batmans_block_flee_the_villain_entering_it(
    faces: tuple[str, str], joker_wins: bool
) -> None:
    """turn.move: henchmen flee a villain entering their block with no other villain there;
    Batman is no villain. A card may put henchmen on Batman's block (turn.plot.batman-blocks),
    so the Penguin's two stand there with him when the Joker walks in with one: they flee
    before the fight, and whoever wins it, no block holds two villains' henchmen (rules
    version 11; before, they stayed, beside the Joker's once he beat Batman)."""
    assert PACK.batman[0].fight == 1  # Batman at his first level rolls 1 + 1
    state = updated(ready(["joker", "penguin"]), batman_at=ACE, batman_level=1)
    state = at_step(state, "actions")
    state = with_player(state, 0, hideout_henchmen=1, information=1)
    state = with_player(state, 1, henchmen=blocks(ace_chemicals=2))
    state = act(state, 0, Move.of("move"))
    state = act(state, 0, Move.of("move_villain", to=ACE))
    events = events_of(state, 0, henchmen(HIDEOUT, ACE, 1), Dice(*faces))
    fled = [e for e in events if isinstance(e, HenchmenSentHome)]
    assert [(e.block, e.spare, e.by) for e in fled] == [(ACE, 0, "move")]
    fight = next(e for e in events if isinstance(e, FightResolved))
    assert events.index(fled[0]) < events.index(fight) and (fight.winner == 0) is joker_wins
    state = fold(GAME, events, state)
    assert state.players[1].henchmen[ACE] == 0 and state.players[1].hideout_henchmen == 2
    assert state.batman_at == (BATCAVE if joker_wins else ACE)
    assert state.players[0].henchmen[ACE] == (1 if joker_wins else 0)


def finishes(state: GcsState) -> bool:
    """Whether offered steps lead to `done_moving`: greedily, a step into a block still short."""
    for _ in range(12):
        if state.plan is None:  # finished as the game's own step: nothing else could move
            return True
        offered = GAME.legal_moves(state, 0)
        if Move.of("done_moving") in offered:
            return True
        short = planning.shortfalls(state, 0, state.plan)
        helping = [
            m
            for m in offered
            if m.get("target") in short or (m.type == "move_villain" and m.get("to") in short)
        ]
        if not helping:
            return False
        state = act(state, 0, helping[0])
    return False


def test_every_offered_plan_step_can_be_finished() -> None:
    """No offered step leads to a plan that cannot be carried out."""
    state = moving(hideout=4, on_map=blocks())  # short plans with more than one way on
    frontier, seen, short = [state], 0, 0
    while frontier and seen < 300:
        here = frontier.pop()
        seen += 1
        assert finishes(here)
        if here.plan is None:
            continue
        short += bool(planning.shortfalls(here, 0, here.plan))
        steps = [
            m for m in GAME.legal_moves(here, 0) if m.type in ("move_henchmen", "move_villain")
        ]
        frontier += [act(here, 0, m) for m in steps[::7]]
    assert seen > 20 and short > 5


def test_a_move_with_nothing_left_to_move_and_the_turn_after_it_end_unasked() -> None:
    """Rules version 8: once the villain has moved and no henchman is left to move, "Finish
    moving" would be the only move, so the move is finished as the game's own step; having
    moved, recruiting is over too (turn), so the turn ends and the card is drawn unasked. A
    turn not moved in is still ended by its player, even when the screen holds too little to
    move or recruit: that is hidden from the others, whom an unasked end would show it."""
    state = moving(hideout=0, on_map=blocks())
    events = events_of(state, 0, Move.of("move_villain", to=UNION))
    assert MovementEnded(seat=0) in events
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    assert [e.seat for e in drawn] == [0] and TurnStarted(seat=1) in events
    after = act(state, 0, Move.of("move_villain", to=UNION))
    assert after.current == 1 and after.players[0].villain_at == UNION
    short = at_step(with_player(ready(["joker", "penguin"]), 0, information=0, money=0), "actions")
    assert GAME.legal_moves(short, 0) == [Move.of("end_turn")]
    assert GAME.to_act(short) == {0}


def test_each_refused_henchmen_step_says_why_in_the_games_words() -> None:
    """turn.move: every refusal of a henchmen step, word for word, with its code and section
    (the Batman block's is in test_refusals.py)."""
    state = moving(hideout=2, on_map=blocks(union_station=1))

    def told(move: Move, at: GcsState = state) -> str:
        rejection = refused(at, 0, move)
        assert rejection.code == "cannot_move"
        assert [c.section for c in rejection.citations] == ["turn.move"]
        return rejection.message

    name_them = "Name the block or the hideout the henchmen leave, and the one they go to."
    assert told(Move.of("move_henchmen", target=ACE, count=1)) == name_them
    assert told(Move.of("move_henchmen", source=ACE, count=1)) == name_them
    assert told(henchmen(HIDEOUT - 1, ACE, 1)) == name_them
    assert told(henchmen(12, ACE, 1)) == name_them
    elsewhere = "The henchmen go to another block or to the hideout."
    assert told(henchmen(UNION, UNION, 1)) == elsewhere
    assert told(henchmen(UNION, 12, 1)) == elsewhere
    assert told(henchmen(UNION, HIDEOUT - 1, 1)) == elsewhere
    only_one = "Only 1 of your henchmen at Union Station may still move."
    assert told(henchmen(UNION, ACE, 2)) == only_one
    assert told(henchmen(UNION, ACE, 0)) == only_one
    assert told(Move.of("move_henchmen", source=UNION, target=ACE)) == only_one
    guarded = with_player(moving(hideout=2, on_map=blocks(union_station=1)), 1, villain_at=DOCKS)
    assert told(henchmen(HIDEOUT, DOCKS, 1), guarded) == (
        "Henchmen may enter another villain's block only with yours."
    )
    alone = moving(hideout=2, on_map=blocks(), villain_at=DOCKS)
    alone = act(alone, 0, Move.of("move_villain", to=HIDEOUT))
    assert told(henchmen(HIDEOUT, ACE, 2), alone) == (
        "To enter Ace Chemicals your henchmen together must outnumber the 2 enemy henchmen"
        " there, and you have too few left to move."
    )
    short = moving(hideout=3, on_map=blocks(), villain_at=DOCKS)
    short = act(short, 0, Move.of("move_villain", to=HIDEOUT))
    short = act(short, 0, henchmen(HIDEOUT, ACE, 1))
    assert told(henchmen(HIDEOUT, UNION, 1), short) == (
        "Your henchmen must outnumber the enemy henchmen where they enter, and after that step"
        " too few would be left to move 2 more henchmen into Ace Chemicals."
    )
    # the mover's own henchmen where the step goes are no enemies to outnumber: the step is
    # refused for the block it leaves short, not for its own target
    joined = moving(hideout=2, on_map=blocks(union_station=1), villain_at=DOCKS)
    joined = act(joined, 0, Move.of("move_villain", to=HIDEOUT))
    joined = act(joined, 0, henchmen(HIDEOUT, ACE, 1))
    assert told(henchmen(HIDEOUT, UNION, 1), joined) == (
        "Your henchmen must outnumber the enemy henchmen where they enter, and after that step"
        " too few would be left to move 2 more henchmen into Ace Chemicals."
    )


def test_henchmen_moved_leave_their_place_and_arrive_in_theirs() -> None:
    """From the hideout and from a block, to a block and back to the hideout: each place
    loses or gains exactly the henchmen moved, and only the mover's."""
    state = moving(hideout=3, on_map=blocks(union_station=2))
    state = act(state, 0, henchmen(HIDEOUT, DOCKS, 2))
    state = act(state, 0, henchmen(UNION, HIDEOUT, 1))
    state = act(state, 0, Move.of("done_moving"))
    joker, penguin = state.players[0], state.players[1]
    assert joker.hideout_henchmen == 2
    assert joker.henchmen == blocks(union_station=1, dixon_docks=2)
    assert penguin.henchmen == blocks(ace_chemicals=2)
