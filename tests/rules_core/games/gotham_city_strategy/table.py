"""A Gotham City Strategy table for tests: a game past set-up, scripted dice, moves through
`decide`, and quick edits of a player or a block count."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rules_core.engine import GameEvent, Move, Rejection, fold
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy import GAME
from rules_core.games.gotham_city_strategy.choices import current
from rules_core.games.gotham_city_strategy.events import FightResolved
from rules_core.games.gotham_city_strategy.state import GcsState

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

PACK = GAME._pack({})
ACE = PACK.block_index("ace-chemicals")


class Dice(random.Random):
    """An rng whose `choice` returns scripted faces (shuffles stay seeded)."""

    def __init__(self, *faces: str) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def choice(self, seq: SupportsLenAndGetItem[Any]) -> Any:
        return self.faces.pop(0) if self.faces else seq[0]


def ready(villains: Sequence[str], seed: int = 1, variant: bool = False) -> GcsState:
    """A game past set-up (starting threats placed on the first legal blocks), no threats left."""
    options: dict[str, Any] = {"villains": list(villains), "variant": variant}
    state = fold(GAME, GAME.setup(len(villains), options, random.Random(seed)))
    while state.phase == "setup" or current(state) is not None:
        (seat,) = GAME.to_act(state)
        state = act(state, seat, GAME.legal_moves(state, seat)[0])
    players = tuple(updated(p, threats=(0,) * 12) for p in state.players)
    return updated(state, players=players)


def at_step(state: GcsState, step: str, **changes: Any) -> GcsState:
    """The state moved to `step` of the current turn, with no decision waiting."""
    return updated(state, flow=updated(state.flow, step=step, prompts=()), **changes)


def act(state: GcsState, seat: int, move: Move, rng: random.Random | None = None) -> GcsState:
    return fold(GAME, events_of(state, seat, move, rng), state)


def events_of(
    state: GcsState, seat: int, move: Move, rng: random.Random | None = None
) -> list[GameEvent]:
    result = GAME.decide(state, seat, move, rng or random.Random(0))
    assert not isinstance(result, Rejection), result
    return result


def refused(state: GcsState, seat: int, move: Move) -> Rejection:
    result = GAME.decide(state, seat, move, random.Random(0))
    assert isinstance(result, Rejection)
    assert result.citations
    return result


def with_player(state: GcsState, seat: int, **changes: Any) -> GcsState:
    players = list(state.players)
    players[seat] = updated(players[seat], **changes)
    return updated(state, players=tuple(players))


def blocks(**counts: int) -> tuple[int, ...]:
    values = [0] * 12
    for name, count in counts.items():
        values[PACK.block_index(name.replace("_", "-"))] = count
    return tuple(values)


def fight(**changes: Any) -> FightResolved:
    """A fight on Diamond Row the Joker entered against Batman, each rolling a 2, with changes."""
    base = FightResolved(
        seat=None,
        block=0,
        aggressor=0,
        defender=-1,
        aggressor_face="2",
        defender_face="2",
        aggressor_total=2,
        defender_total=3,
        winner=-1,
    )
    return updated(base, **changes)
