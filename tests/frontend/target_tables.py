"""The tables the play page's target tests draw (test_targets.py, test_target_words.py): real
seats' views with their real legal moves, each game's board and panel drawn from them under node
(panels/board_targets.js)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules_core.engine import GameSpec, fold, get_game
from tests.frontend.node_script import STATIC, node_output

GAMES = Path(__file__).resolve().parents[2] / "rules_core" / "games"
SCRIPT = Path(__file__).parent / "panels" / "board_targets.js"


def offered(game: GameSpec[Any], state: Any, seat: int) -> list[dict[str, Any]]:
    """The seat's legal moves as the legal-moves answer gives them."""
    return [
        {"move": m.to_json(), "label": game.describe_move(state, seat, m)}
        for m in game.legal_moves(state, seat)
    ]


def targeted(
    slug: str, view: Any, seat: int, moves: list[dict[str, Any]], steps: Sequence[Any] = ()
) -> dict[str, Any]:
    """`targets`: the highlighted targets, each {group, target, name, role, tabindex, pressed,
    description (what its aria-describedby names, in words; None without), text (its words as
    seen)}; `steps`: after each step ({tab: group}, {key}, {click: target}), {focus, picked,
    pressed, shown, prevented}."""
    board = GAMES / slug.replace("-", "_") / "board.js"
    given = {"view": view, "moves": moves, "steps": list(steps)}
    drawn: dict[str, Any] = node_output(
        [str(SCRIPT), str(STATIC), str(board), slug, str(seat)], given
    )
    return drawn


def black_metro_assigning() -> tuple[GameSpec[Any], Any, int]:
    """A two-player Black Metro played by its first offered moves until a seat may assign."""
    from tests.rules_core.games.black_metro.helpers import started

    game: GameSpec[Any] = get_game("black-metro")
    state = started(2)
    for _ in range(200):
        seat = min(state.waiting())
        moves = game.legal_moves(state, seat)
        if any(m.type == "assign" for m in moves):
            return game, state, seat
        events = game.decide(state, seat, moves[0], random.Random(0))
        assert isinstance(events, list), events
        state = fold(game, events, state)
    raise AssertionError("no assignment in 200 moves")


def _set_up(slug: str, players: int, seed: int = 1) -> tuple[GameSpec[Any], Any]:
    game: GameSpec[Any] = get_game(slug)
    return game, fold(game, game.setup(players, {}, random.Random(seed)))


def _played(game: GameSpec[Any], state: Any, seat: int, move: dict[str, Any]) -> Any:
    chosen = next(m for m in game.legal_moves(state, seat) if m.to_json() == move)
    events = game.decide(state, seat, chosen, random.Random(0))
    assert isinstance(events, list), events
    return fold(game, events, state)


def strategy_setting_up() -> tuple[str, GameSpec[Any], Any, int]:
    """Gotham City Strategy's set-up: a threat placed on a block of the seat's choice."""
    game, state = _set_up("gotham-city-strategy", 2)
    return "gotham-city-strategy", game, state, min(game.to_act(state))


def _first_moves_until(slug: str, kind: str) -> tuple[str, GameSpec[Any], Any, int]:
    """`slug` for two, played by its first offered moves until a seat is offered a move of
    `kind`: that table and seat."""
    game, state = _set_up(slug, 2)
    for _ in range(50):
        seat = min(game.to_act(state))
        moves = game.legal_moves(state, seat)
        if any(m.type == kind for m in moves):
            return slug, game, state, seat
        state = _played(game, state, seat, moves[0].to_json())
    raise AssertionError(f"no {kind} move in 50 moves")


def strategy_playing() -> tuple[str, GameSpec[Any], Any, int]:
    """Gotham City Strategy: a seat may play a card of its hand."""
    return _first_moves_until("gotham-city-strategy", "play")


def metro_assigning() -> tuple[str, GameSpec[Any], Any, int]:
    return ("black-metro", *black_metro_assigning())


def metro_returning_a_mission() -> tuple[str, GameSpec[Any], Any, int]:
    """Black Metro's set-up: a mission of the seat's returned to the mission deck."""
    return _first_moves_until("black-metro", "return_mission")


def metro_discarding() -> tuple[str, GameSpec[Any], Any, int]:
    """Black Metro: Green discards a fortune for Blue's blockade where she played one."""
    from tests.rules_core.games.black_metro.helpers import GREEN
    from tests.rules_core.games.black_metro.test_assignment import _discarding

    return "black-metro", get_game("black-metro"), _discarding(), GREEN


def metro_rerolling() -> tuple[str, GameSpec[Any], Any, int]:
    """Black Metro: Blue may discard a fortune to reroll the fortune dice (two jokers held, one
    offered: they are alike), or keep the roll."""
    from rules_core.engine.updating import updated
    from rules_core.games.black_metro import facilities
    from rules_core.games.black_metro.run import Run
    from tests.rules_core.games.black_metro.helpers import BLUE, example_round

    state = example_round()
    hand = ("Joker-1", "Joker-2", "4-clubs")
    run = Run(state.with_player(BLUE, updated(state.player(BLUE), hand=hand)))
    facilities.roll(run, BLUE, "fortune", 2, random.Random(1))
    return "black-metro", get_game("black-metro"), run.state, BLUE


def metro_attacking() -> tuple[str, GameSpec[Any], Any, int]:
    """Black Metro's example round: Red asserts dominance at 03 Gilded Bank and may attack
    Green or Blue with the jack of hearts or the queen of diamonds."""
    from tests.rules_core.games.black_metro import test_example_round as example
    from tests.rules_core.games.black_metro.helpers import RED

    return "black-metro", get_game("black-metro"), example._assigned(), RED


def metro_attacking_at_a_district() -> tuple[str, GameSpec[Any], Any, int]:
    """Black Metro's example round: Green may play a fortune at its district to attack Red or
    Blue there, or use the district's effect."""
    from tests.rules_core.games.black_metro.helpers import GREEN, RED, example_round, play

    state = example_round()
    state, _ = play(state, RED, "assign", district=1, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    state, _ = play(state, GREEN, "assign", district=6, unit="subordinate")
    return "black-metro", get_game("black-metro"), state, GREEN


def metro_giving_the_relic() -> tuple[str, GameSpec[Any], Any, int]:
    """Black Metro's example round: Red, Green and Blue each dominated a district; Red, who
    holds the relic, gives it to Green or Blue."""
    from rules_core.engine.updating import updated
    from rules_core.games.black_metro import dominance
    from rules_core.games.black_metro.run import Run
    from tests.rules_core.games.black_metro.helpers import BLUE, GREEN, RED, example_round

    state = example_round()
    asserted = (RED, GREEN, BLUE, *(-1,) * (len(state.asserted) - 3))
    run = Run(updated(state, asserted=asserted))
    dominance._city(run)
    return "black-metro", get_game("black-metro"), run.state, RED


def metro_jamming() -> tuple[str, GameSpec[Any], Any, int]:
    """Black Metro: Blue, The Technologist, researches a level 1 technology: his frequency
    jammer may down Red's Voltaic Edge or Green's Calm Protocol."""
    from tests.rules_core.games.black_metro import test_example_round as example
    from tests.rules_core.games.black_metro.helpers import BLUE, GREEN, RED, play
    from tests.rules_core.games.black_metro.test_abilities import _with

    state = _with(example._dominated(), BLUE, candidate="technologist", candidate_charged=True)
    state = _with(state, RED, technologies=("voltaic-edge@0",))
    state = _with(state, GREEN, technologies=("calm-protocol@1",))
    state, _ = play(state, BLUE, "use_effect", effect=1, choice="")
    state, _ = play(state, BLUE, "done_resolving")
    state, _ = play(state, RED, "done_resolving")
    state, _ = play(state, BLUE, "use_effect", effect=1, choice="research:trading-platform")
    return "black-metro", get_game("black-metro"), state, BLUE


def falcones_first_turn() -> tuple[str, GameSpec[Any], Any, int]:
    """No Man's Land: Falcone recruits and plays cards of his hand, some at districts."""
    game, state = _set_up("no-mans-land", 2)
    return "no-mans-land", game, state, 0


def gordon_signalling() -> tuple[str, GameSpec[Any], Any, int]:
    """No Man's Land: Gordon, at the start of his turn, may play Rapid Response, or Oracle's
    Tip at the Docks."""
    from tests.rules_core.games.no_mans_land.helpers import START_HAND, at_gordons_start

    return "no-mans-land", get_game("no-mans-land"), at_gordons_start(START_HAND), 1


def gordon_moving() -> tuple[str, GameSpec[Any], Any, int]:
    """No Man's Land: Gordon's heroes move to districts of the board."""
    game, state = _set_up("no-mans-land", 2)
    return "no-mans-land", game, _played(game, state, 0, {"type": "end"}), 1


def gordon_fighting() -> tuple[str, GameSpec[Any], Any, int]:
    """No Man's Land: Gordon fights the face-down crime at the Docks, with Batman Strikes or
    without a card."""
    from tests.rules_core.games.no_mans_land.helpers import gordons

    return "no-mans-land", get_game("no-mans-land"), gordons("crimefighting"), 1


def falcone_moving() -> tuple[str, GameSpec[Any], Any, int]:
    """No Man's Land: Falcone moves his characters, two Falcone Thugs and the Penguin in the
    Narrows, a third thug in Park Row (a crime in the Narrows, Gordon's heroes at their posts)."""
    from dataclasses import replace

    from rules_core.games.no_mans_land.state import Piece
    from tests.rules_core.games.no_mans_land.helpers import falcones_movement

    on_board = ("thug-1", "penguin-1", "thug-3")
    state = falcones_movement()
    state = replace(
        state,
        falcone_hand=tuple(c for c in state.falcone_hand if c not in on_board),
        falcone_deck=tuple(c for c in state.falcone_deck if c not in on_board),
        villains=(*(Piece(c, "narrows") for c in on_board), *state.villains),
    )
    return "no-mans-land", get_game("no-mans-land"), state, 0


def race_drawing() -> tuple[str, GameSpec[Any], Any, int]:
    """Gotham Race: a deck drawn from by picking it."""
    game, state = _set_up("gotham-race", 2)
    return "gotham-race", game, state, 0


def race_placing() -> tuple[str, GameSpec[Any], Any, int]:
    """Gotham Race: a card of the hand placed by picking it."""
    game, state = _set_up("gotham-race", 2)
    return "gotham-race", game, _played(game, state, 0, {"type": "draw", "deck": 1}), 0


def heroes_moving() -> tuple[str, GameSpec[Any], Any, int]:
    """Chronicles: the heroes, all active, move to areas and act on figures."""
    from tests.rules_core.games.gotham_city_chronicles.test_movement import (
        HEROES,
        all_active,
        started,
    )

    return (
        "gotham-city-chronicles",
        get_game("gotham-city-chronicles"),
        all_active(started()),
        HEROES,
    )


def villain_activating() -> tuple[str, GameSpec[Any], Any, int]:
    """Chronicles: the villain activates a tile of the river."""
    from tests.rules_core.games.gotham_city_chronicles.test_movement import (
        HEROES,
        started,
    )

    game: GameSpec[Any] = get_game("gotham-city-chronicles")
    state = started()
    while not any(m.type == "activate" for m in game.legal_moves(state, 0)):
        state = _played(game, state, HEROES, game.legal_moves(state, HEROES)[0].to_json())
    return "gotham-city-chronicles", game, state, 0


TABLES = [
    strategy_setting_up,
    strategy_playing,
    metro_assigning,
    metro_returning_a_mission,
    metro_discarding,
    metro_rerolling,
    metro_attacking,
    metro_attacking_at_a_district,
    metro_giving_the_relic,
    metro_jamming,
    falcones_first_turn,
    gordon_signalling,
    gordon_moving,
    gordon_fighting,
    falcone_moving,
    race_drawing,
    race_placing,
    heroes_moving,
    villain_activating,
]


def figures_named(move: dict[str, Any]) -> set[str]:
    """The figures a Chronicles move names: the hero or character acting, the figure it acts on
    (attacked, attracted, given an item or asked for one)."""
    named = [move.get(key) for key in ("hero", "character", "target", "from")]
    return {str(f) for f in [*named, move.get("to") if move["type"] == "give" else None] if f}
