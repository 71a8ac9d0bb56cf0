"""Gotham Race events: frozen dataclasses, one evolve handler each (see rules.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.fork_shuffle import UnseenCardsShuffled
from rules_core.engine.types import Citation, GameEvent, Hidden
from rules_core.engine.upcasting import cited_as_stored
from rules_core.engine.visibility import ACTOR, NOBODY_COUNT, NOBODY_COUNTS
from rules_core.games.gotham_race.citations import CARD_SECTIONS, cite
from rules_core.games.gotham_race.content import Pack


@dataclass(frozen=True, slots=True)
class GameStarted(GameEvent):
    """Figures on their start spaces, owners fixed, the four decks shuffled (order recorded)."""

    type: ClassVar[str] = "game_started"
    in_words: ClassVar[str] = (
        "The figures line up at the start, each player takes a figure, and the four decks are "
        "shuffled."
    )
    secret: ClassVar[Mapping[str, Hidden]] = {"decks": NOBODY_COUNTS, "pack.cards": NOBODY_COUNT}
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "preparation.four-players", "game-play.first-round", "fewer-players"
    )
    players: int
    owners: tuple[int | None, ...]
    decks: tuple[tuple[str, ...], ...]
    pack: Pack


@dataclass(frozen=True, slots=True)
class CardsDealt(GameEvent):
    """A player takes the top card of each of the four decks."""

    type: ClassVar[str] = "cards_dealt"
    in_words: ClassVar[str] = "A player takes the top card of each of the four decks."
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite("preparation.four-players")
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundStarted(GameEvent):
    """A new round: the placement order, last position first, outer lane first on a square."""

    type: ClassVar[str] = "round_started"
    in_words: ClassVar[str] = (
        "A new round begins, and the figures place their cards from last place forward, the outer "
        "lane first on a shared square."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "game-play.following-rounds", "game-play.example-2", "game-play.first-round"
    )
    round: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardDrawn(GameEvent):
    """The player to place takes the top card of a deck of their choice."""

    type: ClassVar[str] = "card_drawn"
    in_words: ClassVar[str] = "A player draws the top card of a deck of their choice."
    secret: ClassVar[Mapping[str, Hidden]] = {"card": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "game-play.first-round", "game-play.following-rounds"
    )
    deck: int
    card: str


@dataclass(frozen=True, slots=True)
class DecksReplenished(GameEvent):
    """A deck ran out: the discards, sorted by back and shuffled, go under their decks."""

    type: ClassVar[str] = "decks_replenished"
    in_words: ClassVar[str] = (
        "A deck has run out, so the played cards are sorted by their backs, shuffled and put under "
        "their decks."
    )
    secret: ClassVar[Mapping[str, Hidden]] = {"added": NOBODY_COUNTS}
    citations: ClassVar[tuple[Citation, ...]] = cite("questions.decks-exhausted")
    added: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class CardPlaced(GameEvent):
    """A card goes face down on the deposit pile for a figure (seat None: an ownerless figure)."""

    type: ClassVar[str] = "card_placed"
    in_words: ClassVar[str] = (
        "A card goes face down on the pile for a figure, from a player's hand or from the top of a "
        "deck for a figure nobody races."
    )
    secret: ClassVar[Mapping[str, Hidden]] = {"card": ACTOR}  # ownerless figures' cards: nobody's
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "game-play.first-round", "game-play.following-rounds", "questions.card-backs"
    )
    may_cite: ClassVar[tuple[Citation, ...]] = cite("fewer-players")
    figure: int
    deck: int
    card: str

    def cited(self) -> tuple[Citation, ...]:
        """An ownerless figure's card (no seat placed it) is the rule of the 1 to 3 player game."""
        return self.citations if self.seat is not None else (*self.citations, *self.may_cite)


@dataclass(frozen=True, slots=True)
class OwnerlessPassed(GameEvent):
    """An ownerless figure's deck is empty even after reshuffling: it places no card this round."""

    type: ClassVar[str] = "ownerless_passed"
    in_words: ClassVar[str] = (
        "A figure nobody races finds its deck empty even after reshuffling, so it places no card "
        "this round."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("fewer-players", "questions.decks-exhausted")
    figure: int
    deck: int


@dataclass(frozen=True, slots=True)
class DepositRevealed(GameEvent):
    """The pile is turned over: its cards, in the order they are carried out."""

    type: ClassVar[str] = "deposit_revealed"
    in_words: ClassVar[str] = (
        "The pile of placed cards is turned over, so the first card placed is the first carried "
        "out."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("game-play.race", "game-play.example-2")
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardResolved(GameEvent):
    """One card carried out for the figure then holding its rank; the positions after it."""

    type: ClassVar[str] = "card_resolved"
    in_words: ClassVar[str] = (
        "A card from the pile is carried out for the figure holding its rank, and the figures or "
        "the finish sign move."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "game-play.race",
        "questions.action-cards",
        "questions.positions",
        "questions.same-location",
        "questions.main-direction",
    )
    may_cite: ClassVar[tuple[Citation, ...]] = cite(*CARD_SECTIONS.values())
    card: str
    deck: int
    subject: int
    xs: tuple[int, ...]
    lanes: tuple[int, ...]
    finish: int

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *cite(CARD_SECTIONS[self.deck]))


@dataclass(frozen=True, slots=True)
class RoundEnded(GameEvent):
    """All cards carried out and nobody beyond the finish: the cards go to the discard pile."""

    type: ClassVar[str] = "round_ended"
    in_words: ClassVar[str] = (
        "Every card of the round has been carried out with no figure beyond the finish, so the "
        "cards go to the discard pile."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("finish")
    round: int


@dataclass(frozen=True, slots=True)
class GameFinished(GameEvent):
    """After the round's cards, a figure stands beyond the finish: the furthest beyond wins.
    `backwards`: the winner went through the line against the main direction; `finish_moved`:
    a card had moved the finish sign off its start space (both False in a version-1 event, of
    rules version 5 and older, which cited Example 3 however the race was won and keeps those
    citations: `old_citations`)."""

    type: ClassVar[str] = "game_finished"
    in_words: ClassVar[str] = (
        "After the round's cards a figure stands beyond the finish: the player of the one "
        "furthest beyond wins the race (nobody does if that figure has no player)."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (cited_as_stored,)
    citations: ClassVar[tuple[Citation, ...]] = cite("finish")
    # through the line backwards, past a moved finish (the book's example of it), a winning
    # figure without a player
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "questions.main-direction", "finish.example-3", "fewer-players"
    )
    winner: int
    winner_seat: int | None
    beyond: tuple[int, ...]
    backwards: bool = False
    finish_moved: bool = False
    old_citations: bool = False

    def cited(self) -> tuple[Citation, ...]:
        """The finish, and what of the way it was won the book says apart: against the main
        direction, past a finish a card moved, and a winning figure without a player racing by
        the rule of the 1 to 3 player game."""
        ownerless = cite("fewer-players") if self.winner_seat is None else ()
        if self.old_citations:
            return (*self.citations, *cite("finish.example-3"), *ownerless)
        backwards = cite("questions.main-direction") if self.backwards else ()
        moved = cite("finish.example-3") if self.finish_moved else ()
        return (*self.citations, *backwards, *moved, *ownerless)


@dataclass(frozen=True, slots=True)
class UnseenShuffled(UnseenCardsShuffled):
    """A fork's new deal: the cards nobody had seen shuffled again (rules_core.engine.fork_shuffle),
    citing the set-up that shuffled them first."""

    citations: ClassVar[tuple[Citation, ...]] = GameStarted.citations


EVENT_TYPES: dict[str, type[GameEvent]] = {
    cls.type: cls
    for cls in (
        GameStarted,
        CardsDealt,
        RoundStarted,
        CardDrawn,
        DecksReplenished,
        CardPlaced,
        OwnerlessPassed,
        DepositRevealed,
        CardResolved,
        RoundEnded,
        GameFinished,
        UnseenShuffled,
    )
}
