"""Playing Black Metro through `decide` in the tests: set-ups, moves, and a table laid out as the
book's example round lays it (round 3, Red, Green and Blue)."""

from __future__ import annotations

import random

from rules_core.engine.types import GameEvent, Move, Rejection, Scalar
from rules_core.engine.updating import updated
from rules_core.games.black_metro.game import BlackMetro
from rules_core.games.black_metro.state import BlackMetroState, Fortification

GAME = BlackMetro()
RED, GREEN, BLUE = 0, 1, 2
MISSIONS = {
    RED: "secure-the-district#1",
    GREEN: "believe-in-destiny#1",
    BLUE: "defend-strategic-positions#1",
}


def started(players: int, seed: int = 1, first_game: bool = False) -> BlackMetroState:
    state = GAME.initial_state()
    for event in GAME.setup(players, {"first_game": first_game}, random.Random(seed)):
        state = GAME.evolve(state, event)
    return state


def play(
    state: BlackMetroState, seat: int, move_type: str, **params: Scalar
) -> tuple[BlackMetroState, list[GameEvent]]:
    """The move decided and its events folded; fails the test if the move is refused."""
    move = Move.of(move_type, **params)
    assert move in GAME.legal_moves(state, seat), (move, GAME.legal_moves(state, seat)[:20])
    events = GAME.decide(state, seat, move, random.Random(0))
    assert not isinstance(events, Rejection), events
    for event in events:
        state = GAME.evolve(state, event)
    return state, events


def told(state: BlackMetroState, events: list[GameEvent], seat: int | None = None) -> list[str]:
    """The story of each of `events` (decided at `state`) as `seat` reads it, told as the API
    tells it: from the table just before the event."""
    stories = []
    for event in events:
        stories.append(GAME.narrate(state, event, seat, False))
        state = GAME.evolve(state, event)
    return stories


def refused(state: BlackMetroState, seat: int, move_type: str, **params: Scalar) -> Rejection:
    result = GAME.decide(state, seat, Move.of(move_type, **params), random.Random(0))
    assert isinstance(result, Rejection), result
    return result


def through_setup(state: BlackMetroState, seed: int = 0) -> BlackMetroState:
    """Every set-up decision taken by the first offer."""
    rng = random.Random(seed)
    while state.phase == "setup":
        seat = min(GAME.to_act(state))
        move = GAME.legal_moves(state, seat)[0]
        events = GAME.decide(state, seat, move, rng)
        assert not isinstance(events, Rejection), events
        for event in events:
            state = GAME.evolve(state, event)
    return state


def example_round() -> BlackMetroState:
    """Round 3 of the book's example, before Red's first assignment: Red holds the relic,
    Blue has 2 blockades at 11 Astral Tower and Green 1 at 03 Gilded Bank."""
    state = through_setup(started(3, first_game=True))
    players = list(state.players)
    hideouts = {RED: (2, 2, 0), GREEN: (2, 2, 0), BLUE: (2, 3, 0)}
    hands = {
        RED: ("J-hearts", "Q-diamonds"),
        GREEN: ("Q-spades", "K-clubs", "3-diamonds", "J-spades", "4-hearts", "2-clubs"),
        BLUE: ("K-hearts",),
    }
    held = {c for h in hands.values() for c in h}
    deck = tuple(c for c in (*state.fortune_deck, *state.fortune_discard) if c not in held)
    missions = tuple(c for c in state.mission_deck if c not in MISSIONS.values())
    for seat in (RED, GREEN, BLUE):
        player = players[seat]
        backup = (10 - hideouts[seat][0], 5 - hideouts[seat][1], 1)
        players[seat] = updated(
            player,
            hideout=hideouts[seat],
            backup=backup,
            hand=hands[seat],
            gold=2,
            intel=4,
            drakownium=1,
            strain=10 if seat == GREEN else 3,
            fortifications=(3 - (2 if seat == BLUE else 1 if seat == GREEN else 0), 1),
            science=1 if seat == BLUE else 0,
            missions=(MISSIONS[seat],),
            mission_knowers=(-1,),
        )
    districts = list(state.districts)
    districts[10] = updated(
        districts[10],
        fortifications=(Fortification(BLUE, "blockade"), Fortification(BLUE, "blockade")),
    )
    districts[2] = updated(districts[2], fortifications=(Fortification(GREEN, "blockade"),))
    state = updated(
        state,
        players=tuple(players),
        districts=tuple(districts),
        relic=RED,
        round=3,
        fortune_deck=deck,
        fortune_knowers=(-1,) * len(deck),
        fortune_discard=(),
        mission_deck=missions,
        mission_knowers=(-1,) * len(missions),
        syndicates=(
            ("fortitude-trainers", True),
            *[(s, t) for s, t in state.syndicates if s != "fortitude-trainers"][:3],
        ),
        flow=updated(state.flow, current=RED, step="assign", phase="assignment", prompts=()),
    )
    return state
