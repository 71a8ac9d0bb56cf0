"""How each Gotham Race event changes the state: one handler per event type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_core.engine.types import GameEvent
from rules_core.engine.updating import updated, with_item, without_one
from rules_core.games.gotham_race.events import (
    CardDrawn,
    CardPlaced,
    CardResolved,
    CardsDealt,
    DecksReplenished,
    DepositRevealed,
    GameFinished,
    GameStarted,
    OwnerlessPassed,
    RoundEnded,
    RoundStarted,
)
from rules_core.games.gotham_race.state import INITIAL, Placed, RaceState


def _on_game_started(state: RaceState, e: GameStarted) -> RaceState:
    return updated(
        INITIAL,
        phase="new",
        players=e.players,
        owners=e.owners,
        xs=(0, 0, 0, 0),
        lanes=(3, 2, 1, 0),
        finish=e.pack.finish,
        decks=e.decks,
        hands=tuple(() for _ in range(e.players)),
        beyond=(0, 0, 0, 0),
        pack=e.pack,
    )


def _on_cards_dealt(state: RaceState, e: CardsDealt) -> RaceState:
    assert e.seat is not None
    decks = tuple(without_one(d, c) for d, c in zip(state.decks, e.cards, strict=True))
    return updated(state, decks=decks, hands=with_item(state.hands, e.seat, e.cards))


def _on_round_started(state: RaceState, e: RoundStarted) -> RaceState:
    return updated(
        state,
        phase="placing",
        round=e.round,
        order=e.order,
        turn=0,
        drawn=False,
        revealed=False,
        deposit=(),
    )


def _on_card_drawn(state: RaceState, e: CardDrawn) -> RaceState:
    assert e.seat is not None
    decks = with_item(state.decks, e.deck - 1, without_one(state.decks[e.deck - 1], e.card))
    hands = with_item(state.hands, e.seat, state.hands[e.seat] + (e.card,))
    return updated(state, decks=decks, hands=hands, drawn=True)


def _on_decks_replenished(state: RaceState, e: DecksReplenished) -> RaceState:
    decks = tuple(d + a for d, a in zip(state.decks, e.added, strict=True))
    return updated(state, decks=decks, discard=())


def _on_card_placed(state: RaceState, e: CardPlaced) -> RaceState:
    deposit = (*state.deposit, Placed(e.figure, e.card))
    if e.seat is None:
        decks = with_item(state.decks, e.deck - 1, without_one(state.decks[e.deck - 1], e.card))
        return updated(state, decks=decks, deposit=deposit, turn=state.turn + 1, drawn=False)
    hands = with_item(state.hands, e.seat, without_one(state.hands[e.seat], e.card))
    return updated(state, hands=hands, deposit=deposit, turn=state.turn + 1, drawn=False)


def _on_ownerless_passed(state: RaceState, e: OwnerlessPassed) -> RaceState:
    return updated(state, turn=state.turn + 1, drawn=False)


def _on_deposit_revealed(state: RaceState, e: DepositRevealed) -> RaceState:
    return updated(state, revealed=True)


def _on_card_resolved(state: RaceState, e: CardResolved) -> RaceState:
    return updated(state, xs=e.xs, lanes=e.lanes, finish=e.finish)


def _on_round_ended(state: RaceState, e: RoundEnded) -> RaceState:
    return updated(state, discard=state.discard + tuple(p.card for p in state.deposit), deposit=())


def _on_game_finished(state: RaceState, e: GameFinished) -> RaceState:
    return updated(state, phase="over", winner=e.winner, beyond=e.beyond)


HANDLERS: dict[type[GameEvent], Callable[[RaceState, Any], RaceState]] = {
    GameStarted: _on_game_started,
    CardsDealt: _on_cards_dealt,
    RoundStarted: _on_round_started,
    CardDrawn: _on_card_drawn,
    DecksReplenished: _on_decks_replenished,
    CardPlaced: _on_card_placed,
    OwnerlessPassed: _on_ownerless_passed,
    DepositRevealed: _on_deposit_revealed,
    CardResolved: _on_card_resolved,
    RoundEnded: _on_round_ended,
    GameFinished: _on_game_finished,
}
