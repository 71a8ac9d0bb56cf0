"""A move book takes a posted move only in a form its type is offered in now: the check's
verdict on the values stands, but a parameter left out, added or blank (null or "") where no
offered move has it so is refused, in words, under the code of a parameter the type does not
take; a type offered in several forms at once takes each of them."""

from __future__ import annotations

import random

from rules_core.engine.moves import MoveBook, MoveRule, form
from rules_core.engine.types import Citation, GameEvent, Move, Rejection

CITED = (Citation("duel", "turn"),)


def _reject(code: str, words: str) -> Rejection:
    return Rejection(code, words, CITED)


def _fights(state: int, seat: int) -> list[Move]:
    """A fight in a district, with a card or without (a type of two forms at once); a weapon
    named, or "" for none."""
    return [
        Move.of("fight", district=1),
        Move.of("fight", district=1, card="c1"),
        Move.of("fight", district=2, weapon=""),
        Move.of("fight", district=2, weapon="axe"),
    ]


def _lenient(state: object, seat: int, move: Move) -> Rejection | None:
    """A check that reads what is missing or null as nothing (as a game's check might)."""
    return None


def _apply(state: object, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    return [GameEvent(seat)]


def _label(state: object, seat: int, move: Move) -> str:
    return "Fight"


BOOK: MoveBook[int] = MoveBook(
    rules=(MoveRule("fight", ("district", "card", "weapon"), _fights, _lenient, _apply, _label),),
    precheck=lambda state, seat: None,
    unknown=lambda name: _reject("unknown_move", "no such move"),
    unexpected=lambda name, takes: _reject("unexpected_parameter", "takes only"),
)


def _refusal(move: Move) -> Rejection | None:
    return BOOK.refusal(0, 0, move)


def test_a_form_is_the_names_and_where_a_value_is_blank() -> None:
    assert form(Move.of("fight", district=2, weapon="")) == (
        ("district", None),
        ("weapon", "empty"),
    )
    assert form(Move.of("fight", card=None, district=0)) == (("card", "null"), ("district", None))


def test_every_offered_form_is_taken_and_so_is_another_value_the_check_lets_through() -> None:
    for move in _fights(0, 0):
        assert _refusal(move) is None
        assert isinstance(BOOK.decide(0, 0, move, random.Random(0)), list)
    assert _refusal(Move.of("fight", district=3, card="c9")) is None  # values are the check's


def test_a_parameter_left_out_or_added_is_refused_naming_the_forms_offered() -> None:
    for move in (
        Move.of("fight"),
        Move.of("fight", card="c1"),
        Move.of("fight", card="c1", weapon="axe", district=1),
    ):
        refused = _refusal(move)
        assert isinstance(refused, Rejection)
        assert (refused.code, refused.citations) == ("unexpected_parameter", CITED)
        assert refused.message == (
            "The “fight” move is offered now only with “district”, or with “card” and"
            " “district”, or with “district” and “weapon”: leave none out and add none."
        )


def test_a_blank_where_no_offered_move_has_one_is_refused() -> None:
    refused = _refusal(Move.of("fight", district=1, card=None))
    assert isinstance(refused, Rejection) and refused.code == "unexpected_parameter"
    assert refused.message == (
        "The “fight” move is never offered with “card” null or empty: give a value."
    )
    empty = _refusal(Move.of("fight", district=1, card=""))
    assert isinstance(empty, Rejection) and "“card” null or empty" in empty.message
    null_weapon = _refusal(Move.of("fight", district=2, weapon=None))  # offered "" is not null
    assert isinstance(null_weapon, Rejection) and "“weapon” null" in null_weapon.message
    assert _refusal(Move.of("fight", district=7, weapon="")) is None  # a blank offered so


def test_a_type_not_offered_now_that_its_check_lets_through_says_so() -> None:
    closed: MoveBook[int] = MoveBook(
        rules=(MoveRule("fight", ("district",), lambda s, seat: [], _lenient, _apply, _label),),
        precheck=BOOK.precheck,
        unknown=BOOK.unknown,
        unexpected=BOOK.unexpected,
    )
    refused = closed.refusal(0, 0, Move.of("fight", district=1))
    assert isinstance(refused, Rejection)
    assert refused.message == (
        "The “fight” move is not offered now: ask for the legal moves to see what you may do."
    )


def test_the_forms_are_those_of_the_state_and_seat_asked_not_of_the_last_listing() -> None:
    """The book reads the last legal moves it listed again only for that very state and seat
    (a bot lists them, then plays one): another state, or another seat, is asked afresh."""

    def by_state(state: tuple[int], seat: int) -> list[Move]:  # a card is played from state 2 on
        card = {"card": "c1"} if state[0] + seat >= 2 else {}
        return [Move.of("fight", district=1, **card)]

    book: MoveBook[tuple[int]] = MoveBook(
        rules=(MoveRule("fight", ("district", "card"), by_state, _lenient, _apply, _label),),
        precheck=lambda state, seat: None,
        unknown=BOOK.unknown,
        unexpected=BOOK.unexpected,
    )
    bare, carded = Move.of("fight", district=1), Move.of("fight", district=1, card="c1")
    one, two = (1,), (2,)
    assert book.legal_moves(one, 0) == [bare]
    assert book.refusal(one, 0, bare) is None and book.refusal(one, 0, carded) is not None
    assert book.refusal(two, 0, carded) is None and book.refusal(two, 0, bare) is not None
    assert book.refusal(one, 1, carded) is None and book.refusal(one, 1, bare) is not None
    assert book.refusal((1,), 0, bare) is None  # an equal state, not the one listed: asked again


def test_offers_only_says_whether_a_move_is_the_one_on_offer_and_stops_at_another() -> None:
    """`offers_only(state, seat, m)` is `legal_moves(state, seat) == [m]`, and it asks no rule
    after the first that offers another move (a game checks it after every move)."""
    asked: list[str] = []

    def offering(name: str, moves: list[Move]) -> MoveRule[int]:
        def offers(state: int, seat: int) -> list[Move]:
            asked.append(name)
            return moves if state else []

        return MoveRule(name, ("to",), offers, _lenient, _apply, _label)

    finish = Move.of("finish")
    book: MoveBook[int] = MoveBook(
        rules=(offering("walk", [Move.of("walk", to=1)]), offering("finish", [finish])),
        precheck=lambda state, seat: _reject("not_your_turn", "wait") if seat else None,
        unknown=BOOK.unknown,
        unexpected=BOOK.unexpected,
    )
    alone: MoveBook[int] = MoveBook(
        rules=(offering("finish", [finish]),),
        precheck=book.precheck,
        unknown=BOOK.unknown,
        unexpected=BOOK.unexpected,
    )
    assert not book.offers_only(1, 0, finish) and asked == ["walk"]  # stopped at the walk
    assert alone.offers_only(1, 0, finish) and alone.legal_moves(1, 0) == [finish]
    assert not alone.offers_only(0, 0, finish)  # nothing on offer
    assert not alone.offers_only(1, 1, finish)  # not this seat's turn
    assert not alone.offers_only(1, 0, Move.of("finish", to=2))  # another move of the type
