"""Gotham Race: the GameSpec (setup, decide, legal moves, queries) for 1 to 4 players; each
event's effect on the state is in evolve.py, the refusals in refusals.py, what a seat sees in
view.py."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from functools import lru_cache

from rules_core.engine.content_limits import limits_json
from rules_core.engine.declared import DeclaredGame
from rules_core.engine.fork_shuffle import engine_story
from rules_core.engine.info import GameInfo
from rules_core.engine.moves import MoveBook, MoveRule, carried_in, ones
from rules_core.engine.option_checks import options_problem, read_pack
from rules_core.engine.types import JSON, Citation, GameEvent, Move, Outcome, Rejection
from rules_core.engine.visibility import Secret
from rules_core.engine.wording import no_such_move, takes_only
from rules_core.games.gotham_race import language, track, view
from rules_core.games.gotham_race.citations import BOOK
from rules_core.games.gotham_race.content import (
    DECKS,
    EFFECTS,
    IDS,
    MOST_PLAYERS,
    NUMBER_RANGES,
    REFERENCE,
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
from rules_core.games.gotham_race.evolve import HANDLERS
from rules_core.games.gotham_race.refusals import REFUSAL_WORDS, REJECTIONS, reject
from rules_core.games.gotham_race.state import FIGURE_NAMES, FIGURES, INITIAL, RaceState

_DRAWS = {d: Move.of("draw", deck=d) for d in DECKS}  # moves are values: made once


@lru_cache(maxsize=4096)  # a card id may come from a custom pack: kept for the recent ones
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
    # the events change, so a game of version 2 is checked by its chain and replay);
    # 4: a placed card also cites 'game-play.first-round', where the book has a card placed face
    # down on the deposit (later rounds place 'in the same way'): stored citations change again;
    # 5: nobody acts between a deck running out and the played cards going back under the decks
    # ('questions.decks-exhausted'; a state view there named the player to place, and a move
    # there left the deck empty for the next player): refill_pending. Since then the service's
    # state view names nobody at any version inside a move, for every game, from the log
    # (api.selectors._inside_a_move), and no move is posted but at a head, where no deck ever
    # waits for its refill (the move that empties one always writes it), so the game's own check
    # and its refusal were dropped: no head, move or view changed;
    # 6: a win cites Example 3 only past a finish a card moved and the main direction's rule
    # when won backwards (`game_finished` version 2 records `finish_moved`, `backwards`); a
    # version-1 one keeps the citations it was stored with (`old_citations`), so older games
    # replay and are served as stored, checked by their chain and replay
    rules_version = 6
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
                "limits": limits_json(ids=IDS),
                "ranges": NUMBER_RANGES,
                "effects": EFFECTS.schema(),  # the card operations and their parameters
            }
        }

    def _pack(self, options: Mapping[str, JSON]) -> Pack:
        content = options.get("content")
        return REFERENCE if content is None else parse_pack(content)

    def validate_options(self, players: int, options: Mapping[str, JSON]) -> Rejection | None:
        if not self.min_players <= players <= self.max_players:
            return reject("bad_player_count", "Gotham Race is for 1 to 4 players.")
        problem = options_problem(self.title, self.options_schema(), options)
        pack = read_pack(lambda: self._pack(options)) if problem is None else problem
        return reject("bad_options", pack) if isinstance(pack, str) else None

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
        self.handlers = HANDLERS
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
            unknown=lambda kind: reject("unknown_move", no_such_move("Gotham Race")),
            unexpected=lambda kind, takes: reject("unexpected_parameter", takes_only(kind, takes)),
            # the card placed: one id, carried by `card_placed.card` (face down for a figure
            # nobody races); the deck drawn from: a number
            carries={"draw": ones("deck"), "place": {"card": carried_in("card_placed.card")}},
        )

    def _precheck(self, state: RaceState, seat: int) -> Rejection | None:
        """Whatever the move: the race is on, and the figure to place is this seat's."""
        if state.phase == "over":
            over = "" if state.winner is None else f" {language.outcome(state, state.winner)}"
            return reject("game_over", f"The race is over.{over}")
        figure = state.current_figure
        if figure is None:
            return reject("not_your_turn", "No figure is to place a card now.")
        if state.owners[figure] != seat:
            # the turn as it stands: a draw still to come, or only the placing
            to_do = "place a card" if state.drawn else "draw and place a card"
            return reject(
                "not_your_turn", f"It is {language.figure(figure)}'s turn to {to_do}, not yours."
            )
        return None

    # draw: one card from a deck of the player's choice, once a turn

    def _offer_draw(self, state: RaceState, seat: int) -> list[Move]:
        return [] if state.drawn else [_DRAWS[d] for d in DECKS if state.decks[d - 1]]

    def _check_draw(self, state: RaceState, seat: int, move: Move) -> Rejection | None:
        if state.drawn:
            return reject("already_drawn", "You have drawn this round: now place a card.")
        deck = move.get("deck")
        if not isinstance(deck, int) or isinstance(deck, bool) or deck not in DECKS:
            return reject("bad_deck", "Draw from deck 1, 2, 3 or 4 (the number on the back).")
        if not state.decks[deck - 1]:
            return reject(
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
        if not state.drawn or state.pack is None:
            return []
        return [_placing(c) for c in state.pack.one_of_each(state.hands[seat])]

    def _check_place(self, state: RaceState, seat: int, move: Move) -> Rejection | None:
        if not state.drawn:
            return reject("must_draw_first", "Draw a card from one of the decks before placing.")
        card = move.get("card")
        if not isinstance(card, str):
            return reject("card_not_in_hand", "Name the card from your hand to place.")
        if card not in state.hands[seat]:
            return reject("card_not_in_hand", "That card is not in your hand.")
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
                        seat=None,
                        winner=winner,
                        winner_seat=state.owners[winner],
                        beyond=beyond,
                        backwards=track.through_backwards(
                            state.xs[winner], state.finish, pack.track_length
                        ),
                        finish_moved=state.finish != pack.finish,
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
        return view.view(state, seat, reveal)

    def evaluate(self, state: RaceState, seat: int) -> float:
        if state.phase == "over":
            return 1.0 if state.winner is not None and state.owners[state.winner] == seat else 0.0
        if state.pack is None or seat not in state.owners:
            return 0.0
        length = state.pack.track_length
        # squares still to go to get beyond the finish, the shorter way round
        remaining = [track.to_cross(x, state.finish, length)[0] for x in state.xs]
        mine = remaining[state.owners.index(seat)]
        rival = min(r for f, r in enumerate(remaining) if state.owners[f] != seat)
        return 1.0 / (1.0 + math.exp((mine - rival) / 3.0))

    def secrets(self, state: RaceState) -> tuple[Secret, ...]:
        return view.secrets(state)


def refill_due(state: RaceState) -> bool:
    """Whether a deck has run out with played cards on the discard pile, which go back under
    their decks at once ('questions.decks-exhausted'): only part-way through a move, between
    the card that emptied the deck (or the round's end) and the refill, which the same move
    writes (a version inside a move, where the service's state view names nobody)."""
    return state.phase == "placing" and not all(state.decks) and bool(state.discard)


def _replenish_if_exhausted(state: RaceState, rng: random.Random) -> DecksReplenished | None:
    """When a deck is empty and there are discards, they go back shuffled under their decks."""
    if not refill_due(state):
        return None
    assert state.pack is not None
    added = []
    for deck in DECKS:
        cards = [c for c in state.discard if state.pack.card(c).deck == deck]
        rng.shuffle(cards)
        added.append(tuple(cards))
    return DecksReplenished(seat=None, added=tuple(added))
