"""Gotham Race: the GameSpec (setup, decide, evolve, legal moves, views) for 1 to 4 players."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from rules_core.engine.content_limits import limits_json
from rules_core.engine.declared import DeclaredGame
from rules_core.engine.fork_shuffle import engine_story
from rules_core.engine.info import GameInfo
from rules_core.engine.moves import MoveBook, MoveRule
from rules_core.engine.types import JSON, Citation, GameEvent, Move, Outcome, Rejection
from rules_core.engine.updating import updated, with_item, without_one
from rules_core.engine.visibility import Secret
from rules_core.engine.wording import no_such_move, takes_only
from rules_core.games.gotham_race import language, track
from rules_core.games.gotham_race.citations import BOOK, cite
from rules_core.games.gotham_race.content import (
    DECKS,
    EFFECTS,
    MOST_PLAYERS,
    NUMBER_RANGES,
    REFERENCE,
    ContentError,
    Pack,
    parse_pack,
)
from rules_core.games.gotham_race.events import (
    EVENT_TYPES,
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
    UnseenShuffled,
)
from rules_core.games.gotham_race.state import FIGURE_NAMES, FIGURES, INITIAL, Placed, RaceState

REJECTIONS: dict[str, tuple[Citation, ...]] = {
    "bad_player_count": cite("the-game", "fewer-players"),
    "bad_options": cite("preparation", "board"),
    "game_over": cite("finish"),
    "not_your_turn": cite(
        "game-play.following-rounds", "game-play.example-2", "game-play.first-round"
    ),
    "unknown_move": cite("game-play.following-rounds"),
    "unexpected_parameter": cite("game-play.following-rounds"),
    "already_drawn": cite("game-play.first-round", "game-play.following-rounds"),
    "must_draw_first": cite("game-play.first-round", "game-play.following-rounds"),
    "bad_deck": cite("game-play.first-round", "questions.card-backs", "board"),
    "deck_empty": cite("questions.decks-exhausted"),
    "card_not_in_hand": cite("game-play.first-round", "preparation.four-players"),
}

# each code in words: the move refused, and when (a rulebook section lists it where the game
# applies the section; tests/rules_core/engine/test_citations.py checks every code has one)
REFUSAL_WORDS: dict[str, str] = {
    "bad_player_count": "Starting a race with no players or with more than four.",
    "bad_options": (
        "Starting a race with an option it does not know, or with a card set it cannot use."
    ),
    "game_over": "Making any move once the race is over.",
    "not_your_turn": "Drawing or placing a card when it is another figure's turn to place.",
    "unknown_move": (
        "Making a move the race does not have, when a player only draws and places cards."
    ),
    "unexpected_parameter": (
        "Giving a move a detail it does not take, such as naming a card while drawing."
    ),
    "already_drawn": "Drawing a second card in the same round instead of placing one.",
    "must_draw_first": "Placing a card before drawing one this round.",
    "bad_deck": "Drawing from anything but one of the four numbered decks.",
    "deck_empty": "Drawing from a deck that has no cards left.",
    "card_not_in_hand": "Placing a card that is not in your hand.",
}


def _reject(code: str, message: str) -> Rejection:
    return Rejection(code, message, REJECTIONS[code])


_DRAWS = {d: Move.of("draw", deck=d) for d in DECKS}  # moves are values: made once


@cache
def _placing(card: str) -> Move:
    return Move.of("place", card=card)


class GothamRace(DeclaredGame[RaceState]):
    """The game object registered under `gotham-race`."""

    slug = "gotham-race"
    title = "Gotham Race"
    book = BOOK
    min_players = 1
    max_players = MOST_PLAYERS
    state_type = RaceState
    event_types: Mapping[str, type[GameEvent]] = EVENT_TYPES
    rejections: Mapping[str, tuple[Citation, ...]] = REJECTIONS
    rejection_words: Mapping[str, str] = REFUSAL_WORDS
    info = GameInfo(
        roles="a figure, A to D, by start number (figures without a player race on their own)",
        chance=True,
        hidden_information=True,
        simultaneous=False,
        longest_game=2000,
    )
    # see GameSpec.rules_version; 2: a figure a lap apart on a square holds a lane there too;
    # 3: an ownerless figure's card and win also cite 'fewer-players' (the stored citations of
    # the events change, so a game of version 2 is checked by its chain and replay)
    rules_version = 3
    search_iterations = 400  # bench/bots.py measures strength at this budget
    lost_value_mark = 0.15  # the replay analysis marks a move that loses this much value

    # ---- options and set-up -------------------------------------------------------------

    def options_schema(self) -> dict[str, JSON]:
        return {
            "content": {
                "type": "object",
                "description": "a content pack replacing the reference pack (same schema as "
                "rules_core/games/gotham_race/content/reference.toml, as JSON); refused above "
                "`limits`, or with a number outside its range in `ranges`",
                "default": None,
                "limits": limits_json(),
                "ranges": NUMBER_RANGES,
                "effects": EFFECTS.schema(),  # the card operations and their parameters
            }
        }

    def _pack(self, options: Mapping[str, JSON]) -> Pack:
        content = options.get("content")
        return REFERENCE if content is None else parse_pack(content)

    def validate_options(self, players: int, options: Mapping[str, JSON]) -> Rejection | None:
        if not self.min_players <= players <= self.max_players:
            return _reject("bad_player_count", "Gotham Race is for 1 to 4 players.")
        unknown = set(options) - {"content"}
        if unknown:
            return _reject("bad_options", f"unknown options: {', '.join(sorted(unknown))}")
        content = options.get("content")
        if content is not None and not isinstance(content, dict):
            return _reject("bad_options", "option 'content' must be an object")
        try:
            self._pack(options)
        except ContentError as error:
            return _reject("bad_options", f"content pack: {error}")
        return None

    def initial_state(self) -> RaceState:
        return INITIAL

    def setup(
        self, players: int, options: Mapping[str, JSON], rng: random.Random
    ) -> list[GameEvent]:
        pack = self._pack(options)
        decks = []
        for deck in DECKS:
            cards = [c.id for c in pack.cards if c.deck == deck]
            rng.shuffle(cards)
            decks.append(tuple(cards))
        owners = tuple(f if f < players else None for f in FIGURES)
        events: list[GameEvent] = [
            GameStarted(seat=None, players=players, owners=owners, decks=tuple(decks), pack=pack)
        ]
        state = self.evolve(INITIAL, events[0])
        for seat in range(players):
            dealt = CardsDealt(seat=seat, cards=tuple(d[0] for d in state.decks))
            events.append(dealt)
            state = self.evolve(state, dealt)
        start = RoundStarted(seat=None, round=1, order=track.placement_order(state.xs, state.lanes))
        events.append(start)
        state = self.evolve(state, start)
        events.extend(self._advance(state, rng))
        return events

    # ---- decide (evolve, legal moves, labels and secrecy follow from DeclaredGame) -------

    unseen_shuffled = UnseenShuffled  # a fork's new deal (DeclaredGame)

    def __init__(self) -> None:
        self.handlers = _HANDLERS
        self.moves: MoveBook[RaceState] = MoveBook(
            rules=(
                MoveRule(
                    "draw",
                    ("deck",),
                    offers=self._offer_draw,
                    check=self._check_draw,
                    apply=self._draw,
                    label=language.describe_move,
                ),
                MoveRule(
                    "place",
                    ("card",),
                    offers=self._offer_place,
                    check=self._check_place,
                    apply=self._place,
                    label=language.describe_move,
                ),
            ),
            precheck=self._precheck,
            unknown=lambda kind: _reject("unknown_move", no_such_move("Gotham Race")),
            unexpected=lambda kind, takes: _reject("unexpected_parameter", takes_only(kind, takes)),
        )

    def _precheck(self, state: RaceState, seat: int) -> Rejection | None:
        """Whatever the move: the race is on and the figure to place is this seat's."""
        if state.phase == "over":
            over = "" if state.winner is None else f" {language.outcome(state, state.winner)}"
            return _reject("game_over", f"The race is over.{over}")
        figure = state.current_figure
        if figure is None:
            return _reject("not_your_turn", "No figure is to place a card now.")
        if state.owners[figure] != seat:
            return _reject(
                "not_your_turn",
                f"It is {language.figure(figure)}'s turn to place a card, not yours.",
            )
        return None

    # draw: one card from a deck of the player's choice, once a turn

    def _offer_draw(self, state: RaceState, seat: int) -> list[Move]:
        return [] if state.drawn else [_DRAWS[d] for d in DECKS if state.decks[d - 1]]

    def _check_draw(self, state: RaceState, seat: int, move: Move) -> Rejection | None:
        if state.drawn:
            return _reject("already_drawn", "You have drawn this round: now place a card.")
        deck = move.get("deck")
        if not isinstance(deck, int) or isinstance(deck, bool) or deck not in DECKS:
            return _reject("bad_deck", "Draw from deck 1, 2, 3 or 4 (the number on the back).")
        if not state.decks[deck - 1]:
            return _reject(
                "deck_empty",
                f"Deck {deck} has run out, and there are no played cards to refill it until this"
                " round's cards are discarded: draw from another deck.",
            )
        return None

    def _draw(self, state: RaceState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
        deck = int(move.get("deck"))  # type: ignore[arg-type]
        drawn = CardDrawn(seat=seat, deck=deck, card=state.decks[deck - 1][0])
        events: list[GameEvent] = [drawn]
        replenish = _replenish_if_exhausted(self.evolve(state, drawn), rng)
        if replenish is not None:
            events.append(replenish)
        return events

    # place: a card of the hand face down for the player's figure, after drawing

    def _offer_place(self, state: RaceState, seat: int) -> list[Move]:
        if not state.drawn:
            return []
        return [_placing(c) for c in sorted(set(state.hands[seat]))]

    def _check_place(self, state: RaceState, seat: int, move: Move) -> Rejection | None:
        if not state.drawn:
            return _reject("must_draw_first", "Draw a card from one of the decks before placing.")
        card = move.get("card")
        if not isinstance(card, str):
            return _reject("card_not_in_hand", "Name the card from your hand to place.")
        if card not in state.hands[seat]:
            return _reject("card_not_in_hand", "That card is not in your hand.")
        return None

    def _place(
        self, state: RaceState, seat: int, move: Move, rng: random.Random
    ) -> list[GameEvent]:
        card, figure = str(move.get("card")), state.current_figure
        assert state.pack is not None and figure is not None
        placed = CardPlaced(seat=seat, figure=figure, deck=state.pack.card(card).deck, card=card)
        return [placed, *self._advance(self.evolve(state, placed), rng)]

    def _advance(self, state: RaceState, rng: random.Random) -> list[GameEvent]:
        """The game's own steps until a player must act: ownerless cards, resolving, next round."""
        events: list[GameEvent] = []

        def emit(event: GameEvent) -> None:
            nonlocal state
            events.append(event)
            state = self.evolve(state, event)

        assert state.pack is not None
        pack = state.pack
        while state.phase == "placing":
            figure = state.current_figure
            if figure is not None:
                if state.owners[figure] is not None:
                    return events
                deck = track.ranking(state.xs, state.lanes).index(figure) + 1
                if not state.decks[deck - 1]:
                    emit(OwnerlessPassed(seat=None, figure=figure, deck=deck))
                    continue
                emit(CardPlaced(seat=None, figure=figure, deck=deck, card=state.decks[deck - 1][0]))
                replenish = _replenish_if_exhausted(state, rng)
                if replenish is not None:
                    emit(replenish)
                continue
            emit(DepositRevealed(seat=None, cards=tuple(p.card for p in state.deposit)))
            landmarks = dict(pack.landmarks)
            for placed in state.deposit:
                card = pack.card(placed.card)
                subject = track.ranking(state.xs, state.lanes)[card.deck - 1]
                xs, lanes, finish = track.apply_effect(
                    state.xs,
                    state.lanes,
                    state.finish,
                    subject,
                    card.effect,
                    landmarks,
                    pack.track_length,
                )
                emit(
                    CardResolved(
                        seat=None,
                        card=card.id,
                        deck=card.deck,
                        subject=subject,
                        xs=xs,
                        lanes=lanes,
                        finish=finish,
                    )
                )
            winner, beyond = track.winner(state.xs, state.lanes, state.finish, pack.track_length)
            if winner is not None:
                emit(
                    GameFinished(
                        seat=None, winner=winner, winner_seat=state.owners[winner], beyond=beyond
                    )
                )
                return events
            emit(RoundEnded(seat=None, round=state.round))
            replenish = _replenish_if_exhausted(state, rng)
            if replenish is not None:
                emit(replenish)
            order = track.placement_order(state.xs, state.lanes)
            emit(RoundStarted(seat=None, round=state.round + 1, order=order))
        return events

    # ---- queries --------------------------------------------------------------------------

    def to_act(self, state: RaceState) -> frozenset[int]:
        figure = state.current_figure
        if figure is None:
            return frozenset()
        owner = state.owners[figure]
        return frozenset() if owner is None else frozenset({owner})

    def outcome(self, state: RaceState) -> Outcome | None:
        if state.phase != "over" or state.winner is None:
            return None
        owner = state.owners[state.winner]
        name = FIGURE_NAMES[state.winner]
        return Outcome(
            winners=() if owner is None else (owner,),
            summary=language.outcome(state, state.winner),
            details=(("winner_figure", name), ("ownerless_win", owner is None)),
        )

    def narrate(self, state: RaceState, event: GameEvent, seat: int | None, reveal: bool) -> str:
        return engine_story(event) or language.narrate(state, event, seat, reveal)

    def seat_names(self, state: RaceState) -> tuple[str, ...]:
        return language.seat_names(state)

    def view(self, state: RaceState, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
        pack = state.pack
        if pack is None:
            return {"phase": state.phase}
        finished = reveal or state.phase == "over"
        ranks = track.ranking(state.xs, state.lanes)
        figures: list[JSON] = [
            {
                "figure": FIGURE_NAMES[f],
                "owner": state.owners[f],
                "x": state.xs[f],
                "square": state.xs[f] % pack.track_length,
                "lane": state.lanes[f],
                "rank": ranks.index(f) + 1,
                "beyond_finish": track.beyond_finish(state.xs[f], state.finish, pack.track_length),
            }
            for f in FIGURES
        ]
        deposit: list[JSON] = []
        for placed in state.deposit:
            owner = state.owners[placed.figure]
            visible = finished or state.revealed or (seat is not None and owner == seat)
            deposit.append(
                {
                    "figure": FIGURE_NAMES[placed.figure],
                    "seat": owner,
                    "deck": pack.card(placed.card).deck,
                    "card": _card_json(pack, placed.card) if visible else None,
                }
            )
        hands: dict[str, JSON] = {}
        for s, hand in enumerate(state.hands):
            if finished or s == seat:
                hands[str(s)] = [_card_json(pack, c) for c in hand]
            else:
                hands[str(s)] = {
                    "count": len(hand),
                    "backs": sorted(pack.card(c).deck for c in hand),
                }
        current = state.current_figure
        return {
            "phase": state.phase,
            "round": state.round,
            "seat": seat,
            "track_length": pack.track_length,
            "finish": state.finish,
            "finish_square": state.finish % pack.track_length,
            "landmarks": {name: square for name, square in pack.landmarks},
            "figures": figures,
            "ranking": [FIGURE_NAMES[f] for f in ranks],
            "placement_order": [FIGURE_NAMES[f] for f in state.order],
            "current_figure": None if current is None else FIGURE_NAMES[current],
            "drawn": state.drawn,
            "decks": [list(d) if finished else {"count": len(d)} for d in state.decks],
            "discard": [_card_json(pack, c) for c in state.discard],
            "deposit": deposit,
            "hands": hands,
            "winner": None if state.winner is None else FIGURE_NAMES[state.winner],
        }

    def evaluate(self, state: RaceState, seat: int) -> float:
        if state.phase == "over":
            return 1.0 if state.winner is not None and state.owners[state.winner] == seat else 0.0
        if state.pack is None or seat not in state.owners:
            return 0.0
        length = state.pack.track_length
        remaining = [
            min(state.finish - x, x - (state.finish - length)) + 1 for x in state.xs
        ]  # squares still to go to get beyond the finish, the shorter way round
        mine = remaining[state.owners.index(seat)]
        rival = min(r for f, r in enumerate(remaining) if state.owners[f] != seat)
        return 1.0 / (1.0 + math.exp((mine - rival) / 3.0))

    def secrets(self, state: RaceState) -> tuple[Secret, ...]:
        """The decks (nobody), each hand (its holder) and the cards placed face down (the
        placing figure's player, until the pile is turned; an ownerless figure's: nobody)."""
        if state.pack is None or state.phase == "over":
            return ()
        pack = state.pack

        def back(card: str) -> str:
            return str(pack.card(card).deck)

        found = [
            Secret(("decks", d, i), card, "deck", frozenset(), back(card))
            for d, deck in enumerate(state.decks)
            for i, card in enumerate(deck)
        ]
        found += [
            Secret(("hands", s, i), card, "hand", frozenset({s}), back(card))
            for s, hand in enumerate(state.hands)
            for i, card in enumerate(hand)
        ]
        if not state.revealed:
            for i, placed in enumerate(state.deposit):
                owner = state.owners[placed.figure]
                seen = frozenset() if owner is None else frozenset({owner})
                found.append(
                    Secret(
                        ("deposit", i, "card"), placed.card, "face_down", seen, back(placed.card)
                    )
                )
        return tuple(found)


def _card_json(pack: Pack, card_id: str) -> JSON:
    card = pack.card(card_id)
    return {"id": card.id, "deck": card.deck, "text": card.text}


def _replenish_if_exhausted(state: RaceState, rng: random.Random) -> DecksReplenished | None:
    """When a deck is empty and there are discards, they go back shuffled under their decks."""
    if all(state.decks) or not state.discard:
        return None
    assert state.pack is not None
    added = []
    for deck in DECKS:
        cards = [c for c in state.discard if state.pack.card(c).deck == deck]
        rng.shuffle(cards)
        added.append(tuple(cards))
    return DecksReplenished(seat=None, added=tuple(added))


# ---- evolve handlers: one per event -------------------------------------------------------------


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


_HANDLERS: dict[type[GameEvent], Callable[[RaceState, Any], RaceState]] = {
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
