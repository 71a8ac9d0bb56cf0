"""What Black Metro declares hidden (view.py), checked by value: the declarations drive the
privacy checks and the bots' determinization, so a card declared with the wrong back, kind or
holders, or not declared at all, is a leak or a wrong belief waiting."""

from __future__ import annotations

from rules_core.engine.updating import updated
from rules_core.engine.visibility import Path
from rules_core.games.black_metro.language import ASKED
from rules_core.games.black_metro.state import PHASES, BlackMetroState, Exchange, Fortification
from rules_core.games.black_metro.view import secrets
from tests.rules_core.games.black_metro import helpers as table
from tests.rules_core.games.black_metro.helpers import GAME
from tests.rules_core.json_shapes import arr, obj, objs
from tests.rules_core.random_play import random_steps

RED, GREEN, BLUE = table.RED, table.GREEN, table.BLUE


def _table() -> BlackMetroState:
    """The example round, with Green holding two downed technologies, Blue's mission revealed
    by the penalty dice, and two fortunes on the discard: one face up, one face down by Red."""
    state = table.example_round()
    green = updated(
        state.player(GREEN), downed=(f"expiditry-matrix@{GREEN}", f"voltaic-edge@{GREEN}")
    )
    blue = state.player(BLUE)
    state = state.with_player(GREEN, green)
    state = state.with_player(BLUE, updated(blue, revealed=blue.missions[:1]))
    deck = state.fortune_deck
    state = state.fortunes_off_top(2)
    return state.discarded(deck[:1]).discarded(deck[1:2], face_down_by=RED)


def test_decks_hands_missions_downed_technologies_and_face_down_discards_are_declared() -> None:
    state = _table()
    nobody: frozenset[int] = frozenset()
    expected: set[tuple[Path, str, str, frozenset[int], str]] = {
        (("fortune_deck", i), c, "deck", nobody, "fortune")
        for i, c in enumerate(state.fortune_deck)
    }
    expected |= {
        (("mission_deck", i), c, "deck", nobody, "mission")
        for i, c in enumerate(state.mission_deck)
    }
    at = len(state.fortune_discard) - 1  # Red's face-down fortune, the top of the discard
    red_face_down = (
        ("fortune_discard", at),
        state.fortune_discard[at],
        "face_down",
        frozenset({RED}),
        "fortune",
    )
    expected.add(red_face_down)
    for seat, player in enumerate(state.players):
        mine = frozenset({seat})
        expected |= {
            (("players", seat, "hand", i), c, "hand", mine, "fortune")
            for i, c in enumerate(player.hand)
        }
        expected |= {
            (("players", seat, "missions", i), c, "hand", mine, "mission")
            for i, c in enumerate(player.missions)
            if c not in player.revealed
        }
        expected |= {
            (("players", seat, "downed", i), c, "face_down", mine, f"technology {seat}")
            for i, c in enumerate(player.downed)
        }
    declared = {(s.path, s.value, s.kind, s.seen_by, s.back) for s in secrets(state)}
    assert declared == expected
    # what the table holds makes every kind of declaration count
    assert state.fortune_deck and state.mission_deck and state.player(GREEN).downed
    assert state.player(BLUE).revealed and state.discard_placers[-2:] == (-1, RED)
    assert not any(s.path == ("fortune_discard", at - 1) for s in secrets(state))  # face up
    revealed = state.player(BLUE).revealed[0]
    assert revealed not in {s.value for s in secrets(state)}  # the dice made it public


def test_a_finished_game_hides_nothing() -> None:
    assert secrets(updated(_table(), over=True)) == ()


def test_the_table_names_fortifications_the_player_to_move_and_an_exchange_in_the_games_words() -> (
    None
):
    state = table.example_round()
    at = state.district(3)
    fortified = (Fortification(GREEN, "blockade"), Fortification(RED, "support-base"))
    state = state.with_district(3, updated(at, fortifications=fortified))
    state = updated(state, exchange=Exchange("dominance", RED, BLUE, 3, ("J-hearts", "Q-spades")))
    shown = GAME.view(state, BLUE)
    assert objs(shown["districts"])[2]["fortifications"] == [
        {"owner": "Green", "kind": "blockade"},
        {"owner": "Red", "kind": "support base"},
    ]
    assert shown["current"] == "Red"
    assert shown["exchange"] == {
        "attacker": "Red",
        "defender": "Blue",
        "district": 3,
        "cards": ["the jack of hearts", "the queen of spades"],
    }
    alone = updated(state, exchange=Exchange("assignment", RED, -1, 3, ("J-hearts",)))
    assert obj(GAME.view(alone, BLUE)["exchange"])["defender"] == ""


def test_the_table_says_what_each_district_and_syndicate_does() -> None:
    """The board prints each district's effects and each syndicate card its backing: a seat
    reads them in words, a battlefield marked as one."""
    state = table.example_round()
    shown = GAME.view(state, BLUE)
    bank = objs(shown["districts"])[2]
    assert bank["name"] == "Gilded Bank"
    assert bank["effects"] == ["get 3 gold", "inflict 3 strain, then get 3 gold"]
    assert bank["battlefield"] is False
    zone = objs(shown["districts"])[11]
    assert zone["battlefield"] is True
    assert arr(zone["effects"])[0] == "acquire 1 power"
    trainers = arr(shown["syndicates"])[0]
    assert trainers == {
        "name": "Fortitude Trainers",
        "turned": True,
        "backing": "2 power to the one player with the most strain",
    }


def test_a_held_missions_options_are_told_to_its_holder_only() -> None:
    state = table.example_round()
    card = state.player(BLUE).missions[0]
    mine = objs(GAME.view(state, BLUE)["players"])[BLUE]["missions"]
    assert mine == [
        {
            "id": card,
            "name": "“Defend Strategic Positions”",
            "options": [
                "personnel beside your blockade at 1 district, for 1 power",
                "personnel beside your blockade at 2 districts, for 2 power",
                "personnel beside your blockade at 3 districts, for 3 power",
            ],
            "known_to": "",  # nobody else knows it
        }
    ]
    theirs = objs(GAME.view(state, RED)["players"])[BLUE]["missions"]
    assert theirs == {"count": 1, "yours": []}  # none Red put back


def test_a_candidate_and_technologies_are_told_with_what_they_do() -> None:
    state = table.started(2)
    banker = next(c.id for c in state.the_pack().candidates if c.name == "The Banker")
    player = updated(state.player(RED), candidate=banker, technologies=(f"calm-protocol@{RED}",))
    state = state.with_player(RED, player)
    red = objs(GAME.view(state, GREEN)["players"])[RED]
    assert red["candidate_text"] == (
        "The Banker: get 1 gold each standby; at 03 Gilded Bank: get 2 gold"
    )
    assert red["technology_texts"] == ["Calm Protocol (neuro, level 1): heal 1 strain each standby"]
    # face up, so open to the table by card too: the card the frequency jammer's move names
    assert red["technology_ids"] == [f"calm-protocol@{RED}"]


def test_a_downed_technology_shows_no_card_to_the_others() -> None:
    """A technology lies face down, hidden from the other players, until it is charged
    (appendix.science): the view names only the charged ones' cards, and counts the rest."""
    state = table.started(2)
    player = updated(
        state.player(RED), technologies=(f"calm-protocol@{RED}",), downed=(f"voltaic-edge@{RED}",)
    )
    red = objs(GAME.view(state.with_player(RED, player), GREEN)["players"])[RED]
    assert red["technology_ids"] == [f"calm-protocol@{RED}"] and red["downed"] == {"count": 1}
    assert "voltaic-edge" not in str(red)


def test_what_each_player_is_asked_is_told_in_the_games_words() -> None:
    """The view's `asked` names each decision waiting as a player would say it, not by the
    game's internal name for it: at the set-up, returning a mission to the deck's bottom."""
    state = table.started(3)
    asked = objs(GAME.view(state, None)["asked"])
    assert [a["what"] for a in asked] == ["return a mission to the bottom of the mission deck"] * 3
    seen: set[str] = set()
    for seed in range(4):  # every decision met in a few random games has its words
        for step in random_steps(GAME, seed, 400, players=2 + seed % 3):
            seen |= {p.kind for p in step.state.flow.prompts}
            for item in objs(GAME.view(step.state, step.seat)["asked"]):
                assert "_" not in str(item["what"])
    assert seen <= set(ASKED) and len(seen) > 10


def test_the_step_of_the_round_is_told_in_the_games_words() -> None:
    """The view's `step` read the game's internal name for it ("return_mission", "more",
    "districts"); no client reads it, so it says what the table is doing, naming the player
    whose turn it is and where they assign."""
    assert GAME.view(table.started(3), None)["step"] == (
        "each player returns a mission to the bottom of the mission deck"
    )
    state = table.example_round()
    assert GAME.view(state, None)["step"] == "Red assigns personnel to a district"
    state, _ = table.play(state, RED, "assign", district=1, unit="subordinate")
    assert (
        GAME.view(state, BLUE)["step"] == "Red may assign more personnel to 01 Shadowforge Factory"
    )
    standby = updated(state, flow=updated(state.flow, phase="standby", step="missions"))
    assert GAME.view(standby, None)["step"] == "each player may fulfil one standby mission"
    resolving = updated(
        state, resolving=3, flow=updated(state.flow, phase="resolution", step="districts")
    )
    assert GAME.view(resolving, None)["step"] == (
        "the districts are resolved in initiative order: 03 Gilded Bank now"
    )
    assert GAME.view(updated(state, over=True), None)["step"] == "the game is over"
    for phase in PHASES.phases:  # every step of the round has words of its own
        for step in phase.steps:
            at = updated(state, flow=updated(state.flow, phase=phase.name, step=step))
            said = str(GAME.view(at, None)["step"])
            assert said and "_" not in said and said != step, (phase.name, step, said)
