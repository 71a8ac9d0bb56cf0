"""A posted move is one of the offered forms, in every game: its whole numbers are not taken
as true, false or a fraction, and no parameter is left out, added or null where the legal moves
never have it so.

In Python true == 1 and 1.0 == 1, so a check that asks whether a posted move is among the
offered ones, or whether a district is among the numbers allowed, would let `true` pass for 1
and then fail on it (int("True")). A game's check may also read a parameter left out, or a null,
as the value an offered move spells out (an attack's weapon left out as bare hands), which would
give one choice two spellings in the log. Each game is played at random and, at every step, the
offered moves are posted in other forms: each must be refused, or be another offered move.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_core.engine import GameSpec, all_games
from rules_core.engine.moves import MoveBook
from rules_core.engine.types import Move, Rejection, Scalar
from rules_core.rulebooks import resolve
from tests.rules_core.random_play import each_param_replaced, random_steps, variants_decided

STEPS = 400
FORM_SEEDS = (3, 4)
KIND_SEEDS = (3, 4, 5, 6)
LEFT_OUT = object()  # a parameter posted without its value (left out of the move)


def _other_kinds(value: Scalar) -> list[Scalar]:
    """A whole number as a fraction, and as a bool (for 0 and 1); nothing for other values."""
    if type(value) is not int:
        return []
    kinds: list[Scalar] = [float(value)]
    return kinds + ([bool(value)] if value in (0, 1) else [])


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_a_whole_number_posted_as_another_kind_is_refused(spec: GameSpec[Any]) -> None:
    """Random games from KIND_SEEDS, until one has offered a whole-number parameter (No Man's
    Land offers one only at a C+1 district's income, which seed 3 no longer reaches in 400
    steps since its rules version 10)."""
    tried = 0
    for seed in KIND_SEEDS:
        for other, answer in variants_decided(
            spec, seed, STEPS, lambda move: each_param_replaced(move, _other_kinds)
        ):
            tried += 1
            assert isinstance(answer, Rejection), (spec.slug, other)
        if tried:
            return
    pytest.skip(f"{spec.slug} offered no whole-number parameter in {STEPS} steps of each seed")


def _book(spec: GameSpec[Any]) -> MoveBook[Any]:
    """The game's declared moves (every registered game declares them in a MoveBook)."""
    book = getattr(spec, "moves", None)
    assert isinstance(book, MoveBook), f"{spec.slug} declares no MoveBook"
    return book


def _with(move: Move, name: str, value: object) -> Move:
    """`move` with `name` set to `value` (added where it is missing), or left out (LEFT_OUT)."""
    params = {k: v for k, v in move.params if k != name}
    if value is not LEFT_OUT:
        params[name] = value  # type: ignore[assignment]
    return Move(move.type, tuple(sorted(params.items())))


def _other_forms(book: MoveBook[Any], move: Move, offered: list[Move]) -> list[Move]:
    """`move` with one parameter left out, or null; with each parameter its type takes but it
    lacks added as null, "" or a value another offered move of its type holds; with a
    parameter no move takes."""
    rule = book.rule(move.type)
    assert rule is not None
    forms = [_with(move, name, value) for name, _ in move.params for value in (LEFT_OUT, None)]
    for name in (p for p in rule.params if move.get(p, LEFT_OUT) is LEFT_OUT):  # type: ignore[arg-type]
        seen = {m.get(name) for m in offered if m.type == move.type and m.get(name) is not None}
        forms += [_with(move, name, value) for value in (None, "", *sorted(seen, key=repr))]
    return [*forms, _with(move, "no_such_parameter", 1)]


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
@pytest.mark.parametrize("seed", FORM_SEEDS)
def test_a_move_posted_in_a_form_the_legal_moves_never_offer_is_refused(
    spec: GameSpec[Any], seed: int
) -> None:
    """Every offered move with one parameter left out, set to null or added is refused in
    words, with the code and citations of a parameter the move does not take (or one of the
    game's own refusals) — unless that form is itself offered, as a move of a type with several
    shapes may be (a fight with a card or without): then it is accepted as exactly that move."""
    book, refused, accepted = _book(spec), 0, 0
    for step in random_steps(spec, seed, STEPS):
        for move in step.offered:
            posted = Move.from_json(move.to_json())  # as a client posts it back: accepted
            assert not isinstance(
                spec.decide(step.state, step.seat, posted, random.Random()), Rejection
            )
            for form in _other_forms(book, move, step.offered):
                answer = spec.decide(step.state, step.seat, form, random.Random(step.number))
                if not isinstance(answer, Rejection):
                    assert form in step.offered, (spec.slug, step.number, form)
                    accepted += 1
                    continue
                refused += 1
                assert answer.code and answer.message and answer.citations, answer
                for citation in answer.citations:
                    resolve(citation)
                assert "no_such_parameter" not in answer.message  # never what was posted
    assert refused, f"{spec.slug}: no other form was tried in {STEPS} steps"


# the forms an input audit found accepted (as the same events as an offered move) before a
# posted move had to be one of the offered forms: game, move type, parameter, value posted
AUDITED = (
    ("gotham-city-chronicles", "attack", "weapon", LEFT_OUT),  # read as bare hands
    ("gotham-city-chronicles", "attack", "second", ""),
    ("gotham-city-chronicles", "attack", "lines", None),
    ("gotham-city-chronicles", "defend", "lines", None),
    ("gotham-city-chronicles", "blast", "lines", None),
    ("gotham-city-chronicles", "complex_action", "lines", None),
    ("gotham-city-strategy", "place_threat", "source", None),
    ("gotham-city-strategy", "end_turn", "card", None),
)


@pytest.mark.parametrize(("slug", "kind", "name", "value"), AUDITED, ids=lambda c: str(c))
def test_the_forms_the_input_audit_found_are_refused_naming_what_is_offered(
    slug: str, kind: str, name: str, value: object
) -> None:
    """Each is refused wherever it is posted; where the game's own check would have let it
    through, in the words that say which forms are offered."""
    spec = next(s for s in all_games() if s.slug == slug)
    unexpected = _book(spec).unexpected(kind, ())
    found = 0
    for seed in range(40):
        for step in random_steps(spec, seed, STEPS):
            for move in (m for m in step.offered if m.type == kind):
                form = _with(move, name, value)
                if form in step.offered:
                    continue  # another offered move (a type with several shapes)
                answer = spec.decide(step.state, step.seat, form, random.Random(0))
                assert isinstance(answer, Rejection), (step.number, form)
                if (answer.code, answer.citations) == (unexpected.code, unexpected.citations):
                    assert answer.message.startswith(f"The “{kind.replace('_', ' ')}” move is ")
                    found += 1
            if found >= 3:
                return
    assert found, f"no {kind} offered in {slug}'s first games where its check takes that form"
