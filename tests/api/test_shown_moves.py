"""What a replay shows of a move: the parameters its events hide from the viewer are withheld."""

from __future__ import annotations

from api.shown_moves import Hidden, move_shown
from rules_core.engine.types import JSON

DISCARD: dict[str, JSON] = {"seat": 1, "type": "resolve_roll", "choice": "2-hearts,2-spades"}


def test_what_an_events_data_hides_is_its_differing_fields_and_their_values() -> None:
    full: JSON = {"owner": 1, "cards": ["2-hearts", "2-spades"], "count": 2}
    shown: JSON = {"owner": 1, "cards": [None, None], "count": 2}
    assert Hidden.between(full, shown) == Hidden(
        frozenset({"cards"}), frozenset({"2-hearts", "2-spades"})
    )
    assert Hidden.between(full, full) == Hidden(shown=frozenset({"2-hearts", "2-spades"}))
    assert Hidden.between(None, None) == Hidden()


def test_a_value_another_event_of_the_move_shows_is_not_withheld() -> None:
    """Gotham Race: the last card placed, the pile turned (every card shown), the discards
    shuffled back under the decks (their order hidden, so their ids are in a hidden field)."""
    placed = Hidden.between({"card": "1-02"}, {"card": "1-02"})
    turned = Hidden.between({"cards": ["1-02", "3-01"]}, {"cards": ["1-02", "3-01"]})
    put_back = Hidden.between({"added": [["1-02"], ["3-01"]]}, {"added": [{"count": 1}] * 2})
    place: dict[str, JSON] = {"seat": 3, "type": "place", "card": "1-02"}
    assert move_shown(place, placed | turned | put_back) == place
    assert move_shown(place, put_back)["card"] is None  # hidden where nothing shows it
    # a field's name is no value shown: a kind hidden stays hidden beside a key of its name
    gained = Hidden.between({"kind": "resource"}, {"kind": None})
    paid = Hidden.between({"resource": 2}, {"resource": 2})
    assert move_shown({"seat": 0, "type": "x", "sort": "resource"}, gained | paid)["sort"] is None


def test_a_parameter_named_as_a_hidden_field_is_withheld() -> None:
    hidden = Hidden.between({"owner": 1, "choice": "|no"}, {"owner": 1, "choice": None})
    assert move_shown({"seat": 1, "type": "resolve_roll", "choice": "|no"}, hidden) == {
        "seat": 1,
        "type": "resolve_roll",
        "choice": None,
    }


def test_a_parameter_naming_a_hidden_value_is_withheld_even_inside_a_longer_string() -> None:
    hidden = Hidden.between({"cards": ["2-hearts", "2-spades"]}, {"cards": [None, None]})
    assert move_shown(DISCARD, hidden)["choice"] is None


def test_what_the_events_show_stays_shown() -> None:
    """A draw's deck is public while the card drawn is not; a short hidden value ("7") is not
    looked for inside other parameters, where it would hide every number."""
    hidden = Hidden.between({"deck": 1, "card": "7"}, {"deck": 1, "card": None})
    draw: dict[str, JSON] = {"seat": 0, "type": "draw", "deck": 1, "note": "77"}
    assert move_shown(draw, hidden) == draw
    assert move_shown(DISCARD, Hidden()) == DISCARD
    # who moved and the kind of move are always shown, whatever is hidden
    everything = Hidden(frozenset({"seat", "type", "choice"}), frozenset({"resolve_roll"}))
    assert move_shown(DISCARD, everything) == {**DISCARD, "choice": None}


def test_a_hidden_field_another_event_shows_with_the_parameters_value_withholds_nothing() -> None:
    """Gotham Race with two players: a seat places its own card (its event shows it to that
    seat), then cards go face down for the figures nobody races (their events hide them from
    everybody): the seat's move still names its own card to that seat."""
    own = Hidden.between({"figure": 1, "card": "3-03"}, {"figure": 1, "card": "3-03"})
    ownerless = Hidden.between({"figure": 2, "card": "2-04"}, {"figure": 2, "card": None})
    place: dict[str, JSON] = {"seat": 1, "type": "place", "card": "3-03"}
    assert move_shown(place, own | ownerless) == place
    assert move_shown({**place, "card": "2-04"}, own | ownerless)["card"] is None
    other = Hidden.between({"figure": 1, "card": "3-03"}, {"figure": 1, "card": None})
    assert move_shown(place, other | ownerless)["card"] is None  # the other seat saw neither
