"""Starting the game (starting.*, solo.setup.*) through decide, at 1 to 4 players."""

import pytest

from rules_core.engine.types import Citation, Move
from tests.rules_core.games.black_metro.helpers import GAME, play, refused, started, through_setup


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_decks_shuffled_syndicates_revealed_and_two_missions_each(players: int) -> None:
    state = started(players)
    pack = state.the_pack()
    assert len(state.fortune_deck) == 55 and state.fortune_deck != pack.fortune_ids()
    if players == 1:
        assert state.relic == state.overlord == 1  # the relic goes to the opposition
        assert [s for s, _ in state.syndicates] == [
            "builders-union",
            "armed-patrollers",
            "researchers-study",
        ]
    else:
        assert 0 <= state.relic < players
        assert len(state.syndicates) == players + 1
    assert not any(turned for _, turned in state.syndicates)
    for seat in range(players):
        assert len(state.player(seat).missions) == 2
    assert len(state.mission_deck) == 26 - 2 * players
    assert state.phase == "setup" and state.step == "return_mission"


def test_a_returned_mission_goes_to_the_bottom_of_the_deck() -> None:
    state = started(2)
    seat = min(GAME.to_act(state))
    card = state.player(seat).missions[1]
    state, _ = play(state, seat, "return_mission", card=card)
    assert state.player(seat).missions == started(2).player(seat).missions[:1]
    assert state.mission_deck[-1] == card


def test_a_mission_to_return_left_unnamed_is_asked_for_not_called_undrawn() -> None:
    state = started(2)
    seat = min(GAME.to_act(state))
    unnamed = refused(state, seat, "return_mission")
    assert (unnamed.code, unnamed.message) == ("mission_not_held", "Name the mission to return.")
    other = refused(state, seat, "return_mission", card="no-such-mission#1")
    assert other.message == "You can return only a mission you drew."


def test_candidates_are_chosen_in_turn_from_the_first_player() -> None:
    state = started(3, seed=4)
    first = state.relic
    while state.step == "return_mission":
        seat = min(GAME.to_act(state))
        state, _ = play(state, seat, "return_mission", card=state.player(seat).missions[0])
    assert state.step == "choose_candidate"
    (chooser,) = GAME.to_act(state)
    banker = Move.of("choose_candidate", candidate="banker")
    assert GAME.describe_move(state, chooser, banker) == (  # the choice says what it brings
        "Choose The Banker: get 1 gold each standby; at 03 Gilded Bank: get 2 gold"
    )
    order = []
    while state.phase == "setup":
        (seat,) = GAME.to_act(state)
        order.append(seat)
        other = (seat + 1) % 3
        rejection = refused(state, other, "choose_candidate", candidate="gambler")
        assert rejection.code == "not_your_turn"
        assert Citation("black-metro", "advanced.golden.timing") in rejection.citations
        pick = "technologist" if "technologist" in state.candidates_left else "banker"
        if pick == "banker" and "banker" not in state.candidates_left:
            pick = state.candidates_left[0]
        state, _ = play(state, seat, "choose_candidate", candidate=pick)
        if state.flow.prompts and state.flow.prompts[0].kind == "gain_technology":
            (asked,) = GAME.to_act(state)
            wrong = refused(state, asked, "gain_technology", kind="psionic")
            assert (wrong.code, wrong.message) == (
                "no_such_technology",
                "Choose the type of technology to gain among those with a level you do not hold "
                "yet: neuro, logistic, battle, resource.",
            )
            state, _ = play(state, asked, "gain_technology", kind="battle")
            assert state.player(asked).downed == (f"voltaic-edge@{asked}",)
    assert order == [first, (first + 1) % 3, (first + 2) % 3]
    assert all(p.candidate_charged for p in state.players)
    technologist = state.player(first)
    assert technologist.candidate == "technologist"
    assert (technologist.intel, technologist.strain, technologist.hideout) == (3, 3, (2, 0, 0))
    assert state.phase == "assignment" and state.round == 1
    assert state.flow.current == first


def test_the_first_game_set_up() -> None:
    state = through_setup(started(4, first_game=True))
    for player in state.players:
        assert (player.gold, player.intel, player.strain) == (3, 2, 3)
        assert player.hideout == (2, 0, 0) and player.backup == (8, 5, 1)
        assert player.candidate == "" and len(player.missions) == 1
    assert state.phase == "assignment" and state.flow.current == state.relic


def test_the_colonel_starts_with_a_paragon_in_the_hideout() -> None:
    state = started(2, seed=2)
    while state.step == "return_mission":
        seat = min(GAME.to_act(state))
        state, _ = play(state, seat, "return_mission", card=state.player(seat).missions[0])
    (seat,) = GAME.to_act(state)
    state, _ = play(state, seat, "choose_candidate", candidate="colonel")
    (other,) = GAME.to_act(state)
    state, _ = play(state, other, "choose_candidate", candidate="gambler")
    assert state.player(seat).hideout == (1, 1, 0)
    assert len(state.player(other).hand) == 2  # the gambler draws 2 fortunes


def test_solo_strong_candidates_pay_and_the_overlord_is_prepared() -> None:
    state = started(1)
    state, _ = play(state, 0, "return_mission", card=state.player(0).missions[0])
    state, _ = play(state, 0, "choose_candidate", candidate="colonel")
    player = state.player(0)
    assert player.strain == 3 + 2
    assert player.overwhelmed == (1, 0, 0) and player.hideout == (0, 1, 0)
    overlord = state.player(1)
    assert overlord.downed == ("voltaic-edge@1",)
    # 7 subordinates and 3 paragons; the overlord, holding the relic, has assigned one already
    on_board = [d.personnel[1] for d in state.districts if sum(d.personnel[1])]
    assert overlord.hideout == (6, 3, 0) and on_board == [(1, 0, 0)]
