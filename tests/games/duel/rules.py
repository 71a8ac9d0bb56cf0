"""Duel: two seats, hidden hands, card effects, roles and an out-of-turn response.

A game built only from the engine's machinery (moves declared once, flow as data, the effect
registry, visibility declared once, the game's own words), to prove a new game is one package.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from rules_core.engine.content_limits import at_index
from rules_core.engine.declared import DeclaredGame, Handlers, Run
from rules_core.engine.effects import STANDARD, Effect, Operation, Whole
from rules_core.engine.flow import Flow, Phase, Phases, Prompt, others_clockwise
from rules_core.engine.info import GameInfo
from rules_core.engine.moves import MoveBook, MoveRule, ones
from rules_core.engine.types import JSON, Citation, GameEvent, Move, Outcome, Rejection
from rules_core.engine.visibility import Secret
from rules_core.engine.wording import no_such_move, takes_only
from tests.games.duel.events import (
    BOOK,
    EVENT_TYPES,
    Allowed,
    Blocked,
    CardDrawn,
    CardPlayed,
    CardsDealt,
    GameFinished,
    GameStarted,
    GoldGained,
    GoldStolen,
    Passed,
    TurnBegan,
    cite,
)

ROLES = ("the Hero", "the Rogue")
HAND = 3
GOAL = 5
PHASES = Phases((Phase("turn", ("play", "respond")),))
EFFECTS = STANDARD.extended(
    Operation("steal", {"amount": Whole(1, 5)}, words=lambda e: f"steal {e.get('amount')} gold")
).only("gain", "draw", "steal")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    suit: str
    effect: tuple[Effect, ...]

    @property
    def text(self) -> str:
        return ", then ".join(EFFECTS.say(step) for step in self.effect)


@dataclass(frozen=True, slots=True)
class Deck:
    """The twelve cards (the privacy checks read names and texts through `state.pack`)."""

    cards: tuple[Card, ...]

    def card(self, card_id: str) -> Card:
        return next(c for c in self.cards if c.id == card_id)


def _load() -> Deck:
    raw = tomllib.loads((Path(__file__).parent / "cards.toml").read_text())
    cards = []
    for i, entry in enumerate(raw["card"]):
        where = at_index("card", i)
        effect = EFFECTS.compile_all(
            entry["effect"], f"{where}.effect", {"resource": frozenset({"gold"})}
        )
        cards.append(Card(entry["id"], entry["name"], entry["suit"], effect))
    return Deck(tuple(cards))


DECK = _load()


@dataclass(frozen=True, slots=True)
class DuelState:
    flow: Flow
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    discard: tuple[str, ...]
    gold: tuple[int, ...]
    played: str  # the card waiting for the response
    over: bool
    winners: tuple[int, ...]

    @property
    def pack(self) -> Deck:
        return DECK


INITIAL = DuelState(Flow("turn", "play", 0), (), ((), ()), (), (0, 0), "", False, ())

REJECTIONS: dict[str, tuple[Citation, ...]] = {
    "bad_player_count": cite("overview"),
    "bad_options": cite("setup"),
    "game_over": cite("end"),
    "not_your_turn": cite("turn", "turn.respond"),
    "unknown_move": cite("turn"),
    "unexpected_parameter": cite("turn"),
    "respond_first": cite("turn.respond"),
    "nothing_to_respond": cite("turn.respond"),
    "card_not_in_hand": cite("turn", "turn.respond"),
    "wrong_suit": cite("turn.respond"),
    "deck_empty": cite("turn"),
    "cannot_pass": cite("turn"),
}


def _reject(code: str, message: str) -> Rejection:
    return Rejection(code, message, REJECTIONS[code])


def _name(card_id: str) -> str:
    return f"“{DECK.card(card_id).name}”"


def _other(seat: int) -> int:
    return others_clockwise(2, seat)[0]


# ---- evolve ---------------------------------------------------------------------------------


def _hand(state: DuelState, seat: int, hand: tuple[str, ...]) -> DuelState:
    hands = list(state.hands)
    hands[seat] = hand
    return replace(state, hands=tuple(hands))


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def _gold(state: DuelState, seat: int, amount: int) -> DuelState:
    gold = list(state.gold)
    gold[seat] += amount
    return replace(state, gold=tuple(gold))


def _on_started(state: DuelState, e: GameStarted) -> DuelState:
    return replace(INITIAL, deck=e.deck)


def _on_dealt(state: DuelState, e: CardsDealt) -> DuelState:
    assert e.seat is not None
    return _hand(replace(state, deck=state.deck[len(e.cards) :]), e.seat, e.cards)


def _on_drawn(state: DuelState, e: CardDrawn) -> DuelState:
    assert e.seat is not None
    return _hand(replace(state, deck=state.deck[1:]), e.seat, (*state.hands[e.seat], e.card))


def _on_played(state: DuelState, e: CardPlayed) -> DuelState:
    assert e.seat is not None
    state = _hand(state, e.seat, _without(state.hands[e.seat], e.card))
    respond = Prompt(_other(e.seat), "respond", must=True, about=(("card", e.card),))
    flow = state.flow.moved_on(PHASES).asked((respond,))
    return replace(state, played=e.card, flow=flow)


def _on_blocked(state: DuelState, e: Blocked) -> DuelState:
    assert e.seat is not None
    state = _hand(state, e.seat, _without(state.hands[e.seat], e.card))
    discard = (*state.discard, state.played, e.card)
    return replace(state, discard=discard, played="", flow=state.flow.closed(e.seat))


def _on_allowed(state: DuelState, e: Allowed) -> DuelState:
    assert e.seat is not None
    return replace(state, flow=state.flow.closed(e.seat))


def _on_gained(state: DuelState, e: GoldGained) -> DuelState:
    return _gold(state, e.owner, e.amount)


def _on_stolen(state: DuelState, e: GoldStolen) -> DuelState:
    return _gold(_gold(state, e.victim, -e.amount), e.thief, e.amount)


def _on_passed(state: DuelState, e: Passed) -> DuelState:
    return state


def _on_turn(state: DuelState, e: TurnBegan) -> DuelState:
    discard = (*state.discard, state.played) if state.played else state.discard
    return replace(state, discard=discard, played="", flow=state.flow.turn_of(e.player, PHASES))


def _on_finished(state: DuelState, e: GameFinished) -> DuelState:
    discard = (*state.discard, state.played) if state.played else state.discard
    return replace(state, discard=discard, played="", over=True, winners=e.winners)


HANDLERS: Handlers = {
    GameStarted: _on_started,
    CardsDealt: _on_dealt,
    CardDrawn: _on_drawn,
    CardPlayed: _on_played,
    Blocked: _on_blocked,
    Allowed: _on_allowed,
    GoldGained: _on_gained,
    GoldStolen: _on_stolen,
    Passed: _on_passed,
    TurnBegan: _on_turn,
    GameFinished: _on_finished,
}


# ---- moves ----------------------------------------------------------------------------------


def _playing(state: DuelState, seat: int) -> bool:
    return state.flow.step == "play" and seat == state.flow.current


def _responding(state: DuelState, seat: int) -> bool:
    return state.flow.prompt_for(seat) is not None


def _card_of(state: DuelState, seat: int, move: Move) -> Rejection | None:
    card = move.get("card")
    if not isinstance(card, str) or card not in state.hands[seat]:
        return _reject("card_not_in_hand", "You hold no such card.")
    return None


def _end_turn(run: Run[DuelState]) -> None:
    """The game ends (5 gold, or every card played) or the other seat's turn begins."""
    state = run.state
    rich = tuple(s for s in (0, 1) if state.gold[s] >= GOAL)
    if rich:
        run.emit(GameFinished(seat=None, winners=rich))
    elif not state.deck and not any(state.hands):
        best = max(state.gold)
        run.emit(GameFinished(seat=None, winners=tuple(s for s in (0, 1) if state.gold[s] == best)))
    else:
        run.emit(TurnBegan(seat=None, player=_other(state.flow.current)))


def _carry_out(run: Run[DuelState], seat: int, card: str) -> None:
    for step in DECK.card(card).effect:
        amount = step.get("amount")
        assert isinstance(amount, int)
        if step.op == "gain":
            run.emit(GoldGained(seat=seat, owner=seat, amount=amount))
        elif step.op == "draw":
            for _ in range(min(amount, len(run.state.deck))):
                run.emit(CardDrawn(seat=seat, card=run.state.deck[0]))
        elif step.op == "steal":
            taken = min(amount, run.state.gold[_other(seat)])
            if taken:
                run.emit(GoldStolen(seat=seat, thief=seat, victim=_other(seat), amount=taken))


def _play_check(state: DuelState, seat: int, move: Move) -> Rejection | None:
    if not _playing(state, seat):
        return _reject("respond_first", "First let the played card through or block it.")
    return _card_of(state, seat, move)


def _play(state: DuelState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    return [CardPlayed(seat=seat, card=str(move.get("card")))]


def _draw_check(state: DuelState, seat: int, move: Move) -> Rejection | None:
    if not _playing(state, seat):
        return _reject("respond_first", "First let the played card through or block it.")
    return None if state.deck else _reject("deck_empty", "The deck is empty.")


def _draw(state: DuelState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    run.emit(CardDrawn(seat=seat, card=state.deck[0]))
    _end_turn(run)
    return run.events


def _pass_check(state: DuelState, seat: int, move: Move) -> Rejection | None:
    if not _playing(state, seat):
        return _reject("respond_first", "First let the played card through or block it.")
    if state.deck or state.hands[seat]:
        return _reject("cannot_pass", "Play a card or draw one: you pass only with neither.")
    return None


def _pass(state: DuelState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    run.emit(Passed(seat=seat))
    _end_turn(run)
    return run.events


def _block_check(state: DuelState, seat: int, move: Move) -> Rejection | None:
    if not _responding(state, seat):
        return _reject("nothing_to_respond", "No card is waiting for your response.")
    refused = _card_of(state, seat, move)
    if refused is not None:
        return refused
    if DECK.card(str(move.get("card"))).suit != DECK.card(state.played).suit:
        suit = DECK.card(state.played).suit
        return _reject("wrong_suit", f"Only a card of the same suit ({suit}) blocks it.")
    return None


def _block(state: DuelState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    run.emit(Blocked(seat=seat, card=str(move.get("card"))))
    _end_turn(run)
    return run.events


def _allow_check(state: DuelState, seat: int, move: Move) -> Rejection | None:
    if not _responding(state, seat):
        return _reject("nothing_to_respond", "No card is waiting for your response.")
    return None


def _allow(state: DuelState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    run.emit(Allowed(seat=seat))
    _carry_out(run, state.flow.current, state.played)
    _end_turn(run)
    return run.events


def _waiting(state: DuelState) -> frozenset[int]:
    """The seats the duel waits for: nobody before its first event, once it is over, nor while
    a card answered (let through or blocked) takes effect before the next turn."""
    if state.over or state == INITIAL:
        return frozenset()
    if state.flow.step == "respond" and not state.flow.prompts:
        return frozenset()
    return state.flow.to_act()


def _precheck(state: DuelState, seat: int) -> Rejection | None:
    if state.over:
        return _reject("game_over", "The duel is over.")
    if not _waiting(state):
        return _reject("not_your_turn", "The duel has not been dealt yet.")
    if seat not in _waiting(state):
        waiting = ROLES[min(_waiting(state))]
        return _reject("not_your_turn", f"The duel is waiting for {waiting}.")
    return None


MOVES: MoveBook[DuelState] = MoveBook(
    rules=(
        MoveRule(
            "play",
            ("card",),
            lambda s, seat: (
                [Move.of("play", card=c) for c in sorted(set(s.hands[seat]))]
                if _playing(s, seat)
                else []
            ),
            _play_check,
            _play,
            lambda s, seat, m: f"Play {_name(str(m.get('card')))}",
        ),
        MoveRule(
            "draw",
            (),
            lambda s, seat: [Move.of("draw")] if _playing(s, seat) and s.deck else [],
            _draw_check,
            _draw,
            lambda s, seat, m: "Draw a card",
        ),
        MoveRule(
            "pass",
            (),
            lambda s, seat: (
                [Move.of("pass")] if _playing(s, seat) and not s.deck and not s.hands[seat] else []
            ),
            _pass_check,
            _pass,
            lambda s, seat, m: "Pass",
        ),
        MoveRule(
            "block",
            ("card",),
            lambda s, seat: (
                [
                    Move.of("block", card=c)
                    for c in sorted(set(s.hands[seat]))
                    if DECK.card(c).suit == DECK.card(s.played).suit
                ]
                if _responding(s, seat)
                else []
            ),
            _block_check,
            _block,
            lambda s, seat, m: f"Block with {_name(str(m.get('card')))}",
        ),
        MoveRule(
            "allow",
            (),
            lambda s, seat: [Move.of("allow")] if _responding(s, seat) else [],
            _allow_check,
            _allow,
            lambda s, seat, m: f"Let {_name(s.played)} through",
        ),
    ),
    precheck=_precheck,
    unknown=lambda kind: _reject("unknown_move", no_such_move("Duel")),
    unexpected=lambda kind, takes: _reject("unexpected_parameter", takes_only(kind, takes)),
    carries={"play": ones("card"), "draw": {}, "pass": {}, "block": ones("card"), "allow": {}},
)


# ---- the game -------------------------------------------------------------------------------


class Duel(DeclaredGame[DuelState]):
    slug = "duel"
    title = "Duel (test game)"
    book = BOOK
    min_players = 2
    max_players = 2
    state_type = DuelState
    event_types: Mapping[str, type[GameEvent]] = EVENT_TYPES
    rejections: Mapping[str, tuple[Citation, ...]] = REJECTIONS
    rejection_words: Mapping[str, str] = {}
    info = GameInfo(
        roles="the Hero or the Rogue",
        chance=True,
        hidden_information=True,
        simultaneous=False,
        longest_game=200,
    )
    rules_version = 1
    search_iterations = 50
    lost_value_mark = 0.15
    moves = MOVES
    handlers = HANDLERS

    def options_schema(self) -> dict[str, JSON]:
        return {}

    def validate_options(self, players: int, options: Mapping[str, JSON]) -> Rejection | None:
        if players != 2:
            return _reject("bad_player_count", "Duel is for two players.")
        if options:
            return _reject("bad_options", "Duel takes no options.")
        return None

    def initial_state(self) -> DuelState:
        return INITIAL

    def setup(
        self, players: int, options: Mapping[str, JSON], rng: random.Random
    ) -> list[GameEvent]:
        deck = [c.id for c in DECK.cards]
        rng.shuffle(deck)
        run = Run(INITIAL, HANDLERS)
        run.emit(GameStarted(seat=None, deck=tuple(deck)))
        for seat in range(players):
            run.emit(CardsDealt(seat=seat, cards=run.state.deck[:HAND]))
        run.emit(TurnBegan(seat=None, player=0))
        return run.events

    def to_act(self, state: DuelState) -> frozenset[int]:
        return _waiting(state)

    def outcome(self, state: DuelState) -> Outcome | None:
        if not state.over:
            return None
        names = " and ".join(ROLES[s] for s in state.winners)
        verb = "wins" if len(state.winners) == 1 else "share the win"
        return Outcome(winners=state.winners, summary=f"{names[0].upper()}{names[1:]} {verb}.")

    def narrate(self, state: DuelState, event: GameEvent, seat: int | None, reveal: bool) -> str:
        who = "" if event.seat is None else ROLES[event.seat]
        mine = reveal or (seat is not None and seat == event.seat)
        text = ""
        if isinstance(event, GameStarted):
            text = f"the duel begins: {len(event.deck)} cards are shuffled"
        elif isinstance(event, CardsDealt):
            shown = ", ".join(_name(c) for c in event.cards)
            text = f"{who} is dealt " + (shown if mine else f"{len(event.cards)} cards")
        elif isinstance(event, CardDrawn):
            text = f"{who} draws " + (_name(event.card) if mine else "a card")
        elif isinstance(event, CardPlayed):
            text = f"{who} plays {_name(event.card)} ({DECK.card(event.card).text})"
        elif isinstance(event, Blocked):
            text = f"{who} blocks it with {_name(event.card)}"
        elif isinstance(event, Allowed):
            text = f"{who} lets it through"
        elif isinstance(event, GoldGained):
            text = f"{ROLES[event.owner]} gains {event.amount} gold"
        elif isinstance(event, GoldStolen):
            text = f"{ROLES[event.thief]} steals {event.amount} gold from {ROLES[event.victim]}"
        elif isinstance(event, Passed):
            text = f"{who} passes"
        elif isinstance(event, TurnBegan):
            text = f"{ROLES[event.player]}'s turn begins"
        elif isinstance(event, GameFinished):
            names = " and ".join(ROLES[s] for s in event.winners)
            text = f"{names} {'wins' if len(event.winners) == 1 else 'share'} the duel"
        return f"{text[0].upper()}{text[1:]}." if text else ""

    def seat_names(self, state: DuelState) -> tuple[str, ...]:
        return tuple(role[4:].capitalize() for role in ROLES)

    def view(self, state: DuelState, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
        shown = reveal or state.over

        def card(card_id: str) -> JSON:
            c = DECK.card(card_id)
            return {"id": c.id, "name": c.name, "suit": c.suit, "text": c.text}

        hands: dict[str, JSON] = {
            str(s): [card(c) for c in hand] if shown or s == seat else {"count": len(hand)}
            for s, hand in enumerate(state.hands)
        }
        return {
            "step": state.flow.step,
            "current": state.flow.current,
            "prompts": [
                {"seat": p.seat, "kind": p.kind, "card": card(str(p.get("card")))}
                for p in state.flow.prompts
            ],
            "gold": list(state.gold),
            "deck": [card(c) for c in state.deck] if shown else {"count": len(state.deck)},
            "discard": [card(c) for c in state.discard],
            "played": card(state.played) if state.played else None,
            "hands": hands,
            "winners": list(state.winners),
        }

    def evaluate(self, state: DuelState, seat: int) -> float:
        if state.over:
            return 1.0 if seat in state.winners else 0.0
        lead = state.gold[seat] - state.gold[_other(seat)]
        return min(1.0, max(0.0, 0.5 + lead / (2 * GOAL)))

    def secrets(self, state: DuelState) -> tuple[Secret, ...]:
        if state.over:
            return ()
        found = [
            Secret(("deck", i), c, "deck", frozenset(), "card") for i, c in enumerate(state.deck)
        ]
        found += [
            Secret(("hands", s, i), c, "hand", frozenset({s}), "card")
            for s, hand in enumerate(state.hands)
            for i, c in enumerate(hand)
        ]
        return tuple(found)
