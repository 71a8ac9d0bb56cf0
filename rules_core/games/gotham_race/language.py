"""Gotham Race in its players' words: move labels and the story of each event for one viewer.

A seat plays the figure of its start number (seat 0: Figure A); a figure is named "Figure A"
wherever a player reads it, mid-sentence too. A card is named by its text and
the deck on its back; a card the viewer may not see yet is only "a card" with its back.
"""

from __future__ import annotations

from rules_core.engine.types import GameEvent, Move
from rules_core.engine.wording import listed
from rules_core.games.gotham_race import track
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
from rules_core.games.gotham_race.state import FIGURE_NAMES, FIGURES, RaceState


def figure(index: int) -> str:
    """A figure by its name ("Figure A"), capitalised as the seats read it."""
    return f"Figure {FIGURE_NAMES[index]}"


def _card(state: RaceState, card_id: str) -> str:
    """A card by its text and the number on its back."""
    assert state.pack is not None
    return f"{_card_text(state, card_id)} (deck {state.pack.card(card_id).deck})"


def _card_text(state: RaceState, card_id: str) -> str:
    """A card by its text alone (where its deck is told beside it)."""
    assert state.pack is not None
    return f"“{state.pack.card(card_id).text}”"


def _cards(state: RaceState, card_ids: tuple[str, ...]) -> str:
    """Cards as a person lists them, in their order ("“A” (deck 1), “B” (deck 2) and …")."""
    return listed([_card(state, c) for c in card_ids])


def seat_names(state: RaceState) -> tuple[str, ...]:
    """Each seat's role: the figure it races."""
    return tuple(figure(f) for f, owner in enumerate(state.owners) if owner is not None)


def outcome(state: RaceState, winner: int) -> str:
    """Who won the race, in the box's words: the player of the figure furthest beyond the finish
    (an ownerless figure there wins it for nobody)."""
    return finish_words(state, winner, state.beyond)


def _backwards(state: RaceState, winner: int) -> bool:
    """Whether the figure went beyond the finish against the main direction (its far side)."""
    assert state.pack is not None
    return state.xs[winner] < state.finish - state.pack.track_length


def _level(state: RaceState, winner: int, beyond: tuple[int, ...]) -> str:
    """The figures as far beyond the finish as the winner, and why it ranks ahead of them: the
    book leaves a tie open and the figure ahead in the race wins it (README, 'finish'); on one
    square that is the inside lane ('questions.same-location'), else the winner crossed forwards
    and they the wrong way round, which ranks last ('questions.positions'). '' when none is."""
    level = [f for f in FIGURES if f != winner and beyond[f] == beyond[winner]]
    if not level:
        return ""
    letters = [FIGURE_NAMES[f] for f in level]
    names = letters[0] if len(letters) == 1 else f"{', '.join(letters[:-1])} and {letters[-1]}"
    them = "it" if len(level) == 1 else "them"
    same_square = all(state.xs[f] == state.xs[winner] for f in level)
    where = "on the inside lane" if same_square else "in the race"
    return f", level with Figure{'s' if len(level) > 1 else ''} {names} but ahead of {them} {where}"


def finish_words(state: RaceState, winner: int, beyond: tuple[int, ...]) -> str:
    """The end of the race: a player wins by their figure, never a figure by itself; when the
    figure furthest beyond the finish has no player, the race has no winner (README). A figure
    that crossed the line the wrong way round is told so ('questions.main-direction'), and one
    that wins a tie says whom it was level with and why it ranks ahead; then where each other
    figure ends (`_others`)."""
    squares = _squares(beyond[winner])
    name = figure(winner)
    backwards = _backwards(state, winner)
    level = _level(state, winner, beyond)
    if state.owners[winner] is None:
        way = ", the wrong way round" if backwards else ""
        won = (
            f"Ownerless {name} ends furthest beyond the finish ({squares}{way}{level}): "
            "no player wins the race."
        )
    else:
        way = ", having crossed it the wrong way round" if backwards else ""
        won = f"{name}'s player wins the race: {name} ends {squares} beyond the finish{way}{level}."
    return won + _others(state, winner, beyond)


def _squares(n: int) -> str:
    return f"{n} square{'s' if n != 1 else ''}"


def _others(state: RaceState, winner: int, beyond: tuple[int, ...]) -> str:
    """Where every figure but the winner ends ('finish'): those beyond the finish too, furthest
    first (track.finishing_order), then those short of it, the fewest squares from crossing
    it first (the shorter way round, track.to_cross; ties: ahead in the race first), each told
    by the squares it has still to go to cross it ("15 squares from crossing the finish")."""
    assert state.pack is not None
    length = state.pack.track_length
    over = [f for f in track.finishing_order(state.xs, state.lanes, beyond) if f != winner]
    short = [f for f in track.ranking(state.xs, state.lanes) if f != winner and not beyond[f]]
    short.sort(key=lambda f: track.to_cross(state.xs[f], state.finish, length)[0])
    told = []
    for f in over:
        way = ", having crossed it the wrong way round" if _backwards(state, f) else ""
        told.append(f"{_named(state, f)} also ends {_squares(beyond[f])} beyond the finish{way}")
    for f in short:
        n, backwards = track.to_cross(state.xs[f], state.finish, length)
        way = " the wrong way round" if backwards else ""
        where = square(state.xs[f], length)
        # squares to go to stand beyond the line, one more than to the finish's square: told as
        # that, not as how far short of the finish the figure stands
        to_go = f"{_squares(n)} from crossing the finish{way}"
        told.append(f"{_named(state, f)} ends on {where}, {to_go}")
    return f" The others: {'; '.join(told)}." if told else ""


def _named(state: RaceState, f: int) -> str:
    """A figure as the end of the race lists it: "(ownerless)" after one nobody races."""
    return figure(f) + (" (ownerless)" if state.owners[f] is None else "")


def _player(state: RaceState, seat: int | None) -> str:
    return "The game" if seat is None else f"{figure(seat)}'s player"


def describe_move(state: RaceState, seat: int, move: Move) -> str:
    """A legal move as its button reads."""
    if move.type == "draw":
        return f"Draw a card from deck {move.get('deck')}"
    card = move.get("card")
    if move.type == "place" and isinstance(card, str) and state.pack is not None:
        return f"Place {_card(state, card)} face down"
    return move.type


def narrate(state: RaceState, event: GameEvent, seat: int | None, reveal: bool) -> str:
    """What `event` did, as `seat` may know it (`state` is the state before the event)."""
    if isinstance(event, GameStarted):
        people = event.players
        return (
            f"The race begins with {people} player{'s' if people != 1 else ''}; every figure "
            "stands at the start and the four decks are shuffled."
        )
    if isinstance(event, CardsDealt):
        own = reveal or event.seat == seat
        who = _player(state, event.seat)
        if own:
            return f"{who} is dealt {_cards(state, event.cards)}."
        return f"{who} is dealt one card from each deck."
    if isinstance(event, RoundStarted):
        order = ", ".join(figure(f) for f in event.order)
        return f"Round {event.round} begins: cards are placed in the order {order}."
    if isinstance(event, CardDrawn):
        who = _player(state, event.seat)
        if reveal or event.seat == seat:
            return f"{who} draws {_card_text(state, event.card)} from deck {event.deck}."
        return f"{who} draws a card from deck {event.deck}."
    if isinstance(event, DecksReplenished):
        return _replenished(state)
    if isinstance(event, CardPlaced):
        owner = state.owners[event.figure]
        if event.seat is None:
            shown = reveal
            lead = f"The top card of deck {event.deck} is placed face down for ownerless "
        else:
            shown = reveal or (seat is not None and owner == seat)
            lead = f"{_player(state, event.seat)} places a card face down for "
        lead += figure(event.figure)
        if event.seat is None:  # its lead names the deck
            return f"{lead}: {_card_text(state, event.card)}." if shown else f"{lead}."
        return f"{lead}: {_card(state, event.card)}." if shown else f"{lead} (deck {event.deck})."
    if isinstance(event, OwnerlessPassed):
        return f"Deck {event.deck} is empty: ownerless {figure(event.figure)} places nothing."
    if isinstance(event, DepositRevealed):
        return f"The placed cards are turned face up: {_cards(state, event.cards)}."
    if isinstance(event, CardResolved):
        return _resolved(state, event)
    if isinstance(event, RoundEnded):
        return f"Round {event.round} ends with no figure beyond the finish: the race goes on."
    if isinstance(event, GameFinished):
        return finish_words(state, event.winner, event.beyond)
    return event.type.replace("_", " ")


def _replenished(state: RaceState) -> str:
    """The refill ('questions.decks-exhausted'): the deck that ran out by its number, and the
    played cards sorted by their backs, shuffled and put under their decks, not mixed in."""
    empty = [str(d) for d, cards in enumerate(state.decks, start=1) if not cards]
    if len(empty) == 1:
        ran_out = f"Deck {empty[0]} has run out"
    elif empty:
        ran_out = f"Decks {', '.join(empty[:-1])} and {empty[-1]} have run out"
    else:
        ran_out = "A deck has run out"
    return (
        f"{ran_out}: the played cards are sorted by their backs, shuffled and put under their"
        " decks."
    )


def square(x: int, length: int) -> str:
    """A race coordinate as a place on the track: its square round the circle, and how far
    from the start when that number alone would mislead: a figure gone backwards past the start
    ("square 34, 6 behind the start", not far ahead) or forwards a lap round ("square 0, 40
    ahead of the start", not back at the start)."""
    if x < 0:
        return f"square {x % length}, {-x} behind the start"
    if x >= length:
        return f"square {x % length}, {x} ahead of the start"
    return f"square {x}"


def _resolved(state: RaceState, event: CardResolved) -> str:
    """A card's effect: the figures it moved (not those that only shifted in a lane where they
    stand because another left; a swap on one square trades lanes), or where the finish sign
    went (a finish card acts on no figure: its back names none in its text)."""
    assert state.pack is not None
    length = state.pack.track_length
    effect = state.pack.card(event.card).effect
    if effect.op == "finish":
        where = f"the {effect.landmark} ({square(event.finish, length)})"
        sign = "already stands at" if event.finish == state.finish else "moves to"
        return f"{_card(state, event.card)} is carried out: the finish sign {sign} {where}."
    swap = effect.op == "swap"
    movers = [
        (f, x, lane)
        for f, (x, lane) in enumerate(zip(event.xs, event.lanes, strict=True))
        if x != state.xs[f] or (swap and lane != state.lanes[f])
    ]
    moved = [
        f"{figure(f)} to {square(x, length)}" + (f" (lane {lane + 1})" if lane else "")
        for f, x, lane in movers
    ]
    effects = []
    if swap and len(movers) == 2:
        (one, x, lane), (other, other_x, other_lane) = movers
        both = f"{figure(one)} and {figure(other)}"
        if x == other_x:  # on one square a swap trades lanes
            effects.append(
                f"{both} trade lanes on {square(x, length)}, {figure(one)} to lane {lane + 1} "
                f"and {figure(other)} to lane {other_lane + 1}"
            )
        else:
            effects.append(f"{both} trade places, " + " and ".join(moved))
    elif moved:
        first, *others = moved
        effects.append(", ".join([first.replace(" to ", " moves to ", 1), *others]))
    if event.finish != state.finish:
        effects.append(f"the finish sign moves to {square(event.finish, length)}")
    played = f"{_card(state, event.card)} is played for {figure(event.subject)}"
    return f"{played}: {'; '.join(effects) or 'nothing moves'}."
