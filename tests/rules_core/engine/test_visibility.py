"""Who sees what: secrets of a state dealt again for a seat that cannot see them, and an
event's declared secrets masked for every seat that may not see them."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

import pytest

from rules_core.engine.types import EVERYONE, JSON, GameEvent, Hidden
from rules_core.engine.visibility import (
    ACTOR,
    NOBODY_COUNT,
    NOBODY_COUNTS,
    SCREEN,
    Secret,
    hidden_values,
    masked,
    redact_event,
    replace_all,
    resample,
    value_at,
)


def test_a_secret_is_hidden_from_spectators_and_from_seats_not_allowed() -> None:
    secret = Secret(("hands", 0), "ace", "hand", frozenset({0}))
    assert not secret.hidden_from(0)
    assert secret.hidden_from(1)
    assert secret.hidden_from(None)


def test_hidden_values_are_the_card_ids_a_seat_may_not_see() -> None:
    secrets = [
        Secret(("hands", 0), "ace", "hand", frozenset({0})),
        Secret(("deck", 0), "king", "deck", frozenset()),
        Secret(("table", 0), "queen", "face_down", frozenset({1})),
        Secret(("money", 1), 5, SCREEN, frozenset({1})),
    ]
    assert hidden_values(secrets, 0) == {"king", "queen"}
    assert hidden_values(secrets, 1) == {"ace", "king"}
    assert hidden_values(secrets, None) == {"ace", "king", "queen"}


@pytest.mark.parametrize(
    ("value", "mask", "shown"),
    [
        (["a", "b"], "count", {"count": 2}),
        (("a",), "count", {"count": 1}),
        ([["a", "b"], ["c"], 7], "counts", [{"count": 2}, {"count": 1}, {"count": 1}]),
        (["a", "b"], "null", [None, None]),
        ("a", "count", None),
        ("a", "counts", None),
        (3, "null", None),
    ],
)
def test_a_masked_value_shows_only_its_size(value: JSON, mask: str, shown: JSON) -> None:
    assert masked(value, mask) == shown


@dataclass(frozen=True, slots=True)
class Dealt(GameEvent):
    type: ClassVar[str] = "dealt"
    secret: ClassVar[Mapping[str, Hidden]] = {
        "card": ACTOR,
        "deck": NOBODY_COUNT,
        "piles": NOBODY_COUNTS,
        "screen.money": Hidden("field:owner"),
    }
    card: str
    deck: tuple[str, ...]
    piles: tuple[tuple[str, ...], ...]
    screen: Mapping[str, int]
    owner: int
    note: str


def dealt(seat: int | None) -> Dealt:
    return Dealt(seat, "ace", ("k", "q"), (("j",), ()), {"money": 4, "info": 1}, 1, "open")


def test_an_event_shows_each_seat_only_what_it_may_see() -> None:
    event = dealt(0)
    assert redact_event(event, 0, finished=False) == {
        "card": "ace",
        "deck": {"count": 2},
        "piles": [{"count": 1}, {"count": 0}],
        "screen": {"money": None, "info": 1},
        "owner": 1,
        "note": "open",
    }
    assert redact_event(event, 1, finished=False) == {
        "card": None,
        "deck": {"count": 2},
        "piles": [{"count": 1}, {"count": 0}],
        "screen": {"money": 4, "info": 1},
        "owner": 1,
        "note": "open",
    }
    spectator = redact_event(event, None, finished=False)
    assert spectator["card"] is None and spectator["screen"] == {"money": None, "info": 1}
    assert event.screen == {"money": 4, "info": 1}  # the event itself is left as it was


def test_a_field_naming_everyone_hides_its_part_from_nobody() -> None:
    """`EVERYONE` in the named field: a card once seen face up, shown to seats and spectators."""
    event = Dealt(None, "ace", (), (), {"money": 4, "info": 1}, EVERYONE, "open")
    for seat in (0, 1, None):
        assert redact_event(event, seat, finished=False)["screen"] == {"money": 4, "info": 1}
        assert not Hidden("field:owner").hides_from(event, seat)
    assert Hidden("field:owner").hides_from(dealt(0), None)
    assert Hidden("field:owner").hides_from(dealt(0), 0)
    assert not Hidden("field:owner").hides_from(dealt(0), 1)


@dataclass(frozen=True, slots=True)
class Drawn(GameEvent):
    type: ClassVar[str] = "drawn"
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": Hidden("field:owner,knower")}
    owner: int
    knower: int
    cards: tuple[str, ...]


def test_a_part_naming_two_fields_is_seen_by_the_seat_each_holds() -> None:
    """A card drawn that another seat put back in the deck: its drawer and that seat see it."""
    event = Drawn(None, 1, 2, ("ace",))
    assert Hidden("field:owner,knower").seen_by(event) == {1, 2}
    for seat, shown in ((0, [None]), (1, ["ace"]), (2, ["ace"]), (None, [None])):
        assert redact_event(event, seat, finished=False)["cards"] == shown
    nobody_else = Drawn(None, 1, -1, ("ace",))  # a field holding no seat adds nobody
    assert [redact_event(nobody_else, s, False)["cards"] for s in (0, 1, 2)] == [
        [None],
        ["ace"],
        [None],
    ]
    everyone = Drawn(None, 1, EVERYONE, ("ace",))
    assert not any(Hidden("field:owner,knower").hides_from(everyone, s) for s in (0, 2, None))


def test_a_finished_game_hides_nothing_and_the_seat_is_never_in_the_data() -> None:
    shown = redact_event(dealt(0), None, finished=True)
    assert shown["card"] == "ace" and shown["deck"] == ["k", "q"]
    assert "seat" not in shown and "seat" not in redact_event(dealt(0), 0, finished=False)


def test_the_games_own_step_is_seen_by_nobody() -> None:
    assert redact_event(dealt(None), 0, finished=False)["card"] is None


@dataclass(frozen=True, slots=True)
class Table:
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    money: tuple[int, ...]


TABLE = Table(hands=(("a1", "a2"), ("b1",)), deck=("c1", "c2", "x1"), money=(5, 9))
TABLE_SECRETS = [
    Secret(("hands", 0, 0), "a1", "hand", frozenset({0}), "red"),
    Secret(("hands", 0, 1), "a2", "hand", frozenset({0}), "red"),
    Secret(("hands", 1, 0), "b1", "hand", frozenset({1}), "red"),
    Secret(("deck", 0), "c1", "deck", frozenset(), "red"),
    Secret(("deck", 1), "c2", "deck", frozenset(), "red"),
    Secret(("deck", 2), "x1", "deck", frozenset(), "blue"),
    Secret(("money", 0), 5, SCREEN, frozenset({0})),
    Secret(("money", 1), 9, SCREEN, frozenset({1})),
]


def test_resampling_deals_again_only_what_the_seat_cannot_see_by_back() -> None:
    seen: set[tuple[str, ...]] = set()
    for seed in range(40):
        sample = resample(TABLE, TABLE_SECRETS, 0, random.Random(seed), lambda s: 0)
        assert sample.hands[0] == ("a1", "a2")  # its own hand stays
        assert sample.deck[2] == "x1"  # the only blue-backed card cannot swap with red ones
        assert sorted([*sample.hands[1], *sample.deck[:2]]) == ["b1", "c1", "c2"]
        assert sample.money == (5, 0)  # its own screen stays, the other is the guess
        seen.add((*sample.hands[1], *sample.deck[:2]))
    assert len(seen) == 6  # every deal of the three unseen red cards turns up


def test_a_sample_depends_only_on_what_the_seat_can_see() -> None:
    """Two tables that differ only in where the cards seat 0 cannot see lie give seat 0 the
    same samples: its bot cannot learn the hidden arrangement from them."""
    swapped = Table(hands=(("a1", "a2"), ("c2",)), deck=("b1", "c1", "x1"), money=(5, 9))
    swapped_secrets = [
        *TABLE_SECRETS[:2],
        Secret(("hands", 1, 0), "c2", "hand", frozenset({1}), "red"),
        Secret(("deck", 0), "b1", "deck", frozenset(), "red"),
        Secret(("deck", 1), "c1", "deck", frozenset(), "red"),
        *TABLE_SECRETS[5:],
    ]
    for seed in range(5):
        assert resample(TABLE, TABLE_SECRETS, 0, random.Random(seed)) == resample(
            swapped, swapped_secrets, 0, random.Random(seed)
        )


def test_without_a_guess_a_screen_total_is_left_as_it_is() -> None:
    sample = resample(TABLE, TABLE_SECRETS, None, random.Random(3))
    assert sample.money == (5, 9)


def test_value_at_follows_a_dotted_path_and_is_none_where_there_is_none() -> None:
    data: JSON = {"a": {"b": {"c": 3}}, "d": [1]}
    assert value_at(data, "a.b.c") == 3
    assert value_at(data, "a.b") == {"c": 3}
    assert value_at(data, "a.x.c") is None
    assert value_at(data, "d.0") is None


@dataclass(frozen=True, slots=True)
class _Seat:
    hand: tuple[str, ...]
    money: int


@dataclass(frozen=True, slots=True)
class _Table:
    seats: tuple[_Seat, ...]
    deck: tuple[str, ...]


def test_replace_all_changes_every_path_and_nothing_else() -> None:
    table = _Table((_Seat(("a", "b"), 1), _Seat(("c",), 2)), ("d", "e", "f"))
    changed = replace_all(
        table,
        [
            (("seats", 0, "hand", 1), "x"),
            (("seats", 0, "hand", 0), "y"),
            (
                (
                    "seats",
                    1,
                    "money",
                ),
                9,
            ),
            (("deck", 2), "z"),
        ],
    )
    assert changed == _Table((_Seat(("y", "x"), 1), _Seat(("c",), 9)), ("d", "e", "z"))
    assert table == _Table((_Seat(("a", "b"), 1), _Seat(("c",), 2)), ("d", "e", "f"))
    assert replace_all(table, []) == table
    assert replace_all(table, [((), "whole")]) == "whole"
