"""What a replay shows of a move: the parameters its events hide from the viewer are withheld,
read as each game declares its parameters (`Carries`)."""

from __future__ import annotations

from api.shown_moves import Hidden, declared, move_shown
from rules_core.engine import get_game
from rules_core.engine.moves import LISTED, ONE, carried_in
from rules_core.engine.types import JSON
from rules_core.games.black_metro.carried import WAY

DISCARD: dict[str, JSON] = {"seat": 1, "type": "resolve_roll", "choice": "2-hearts,2-spades"}
PLACED = {"card": carried_in("card_placed.card")}  # Gotham Race's place


def test_what_an_events_data_hides_is_its_differing_fields_and_their_values() -> None:
    full: JSON = {"owner": 1, "cards": ["2-hearts", "2-spades"], "count": 2}
    shown: JSON = {"owner": 1, "cards": [None, None], "count": 2}
    assert Hidden.between("fortunes_discarded", full, shown) == Hidden(
        frozenset({"fortunes_discarded.cards"}), frozenset({"2-hearts", "2-spades"})
    )
    assert Hidden.between("fortunes_discarded", full, full) == Hidden(
        shown=frozenset({"2-hearts", "2-spades"})
    )
    assert Hidden.between("x", None, None) == Hidden()
    assert Hidden.between("x", {"card": "7"}, None) == Hidden()
    # a value the viewer is shown elsewhere in the event is not hidden; what it is shown is
    full = {"deck": "blue", "cards": ["7", "blue-3"], "top": "blue-3"}
    drawn = {"deck": "blue", "cards": [None, None], "top": "blue-3"}
    assert Hidden.between("card_drawn", full, drawn) == Hidden(
        frozenset({"card_drawn.cards"}),
        frozenset({"7"}),
        frozenset({"blue", "blue-3"}),
        frozenset({("card_drawn.deck", "blue"), ("card_drawn.top", "blue-3")}),
    )


def test_a_value_another_event_of_the_move_shows_is_not_withheld() -> None:
    """Gotham Race: the last card placed, the pile turned (every card shown), the discards
    shuffled back under the decks (their order hidden, so their ids are in a hidden field)."""
    placed = Hidden.between("card_placed", {"card": "1-02"}, {"card": "1-02"})
    turned = Hidden.between("pile_turned", {"cards": ["1-02", "3-01"]}, {"cards": ["1-02", "3-01"]})
    put_back = Hidden.between(
        "decks_replenished", {"added": [["1-02"], ["3-01"]]}, {"added": [{"count": 1}] * 2}
    )
    place: dict[str, JSON] = {"seat": 3, "type": "place", "card": "1-02"}
    for carries in (PLACED, None):  # as declared, and as an undeclared parameter is read
        assert move_shown(place, placed | turned | put_back, carries) == place
        assert move_shown(place, put_back, carries)["card"] is None  # where nothing shows it
    # a field's name is no value shown: a kind hidden stays hidden beside a key of its name
    gained = Hidden.between("technology_gained", {"kind": "resource"}, {"kind": None})
    paid = Hidden.between("resource_changed", {"resource": 2}, {"resource": 2})
    sort: dict[str, JSON] = {"seat": 0, "type": "x", "sort": "resource"}
    assert move_shown(sort, gained | paid)["sort"] is None
    assert move_shown(sort, gained | paid, {"sort": ONE})["sort"] is None


def test_a_parameter_carried_by_a_hidden_field_is_withheld() -> None:
    hidden = Hidden.between("technology_gained", {"kind": "neuro"}, {"kind": None})
    gain: dict[str, JSON] = {"seat": 1, "type": "gain_technology", "kind": "neuro"}
    assert move_shown(gain, hidden, {"kind": carried_in("technology_gained.kind")}) == {
        **gain,
        "kind": None,
    }
    # a short value, or a number, is withheld by its field all the same
    short = Hidden.between("card_placed", {"card": "7"}, {"card": None})
    assert move_shown({"type": "place", "card": "7"}, short, PLACED)["card"] is None
    number = Hidden.between("die_chosen", {"die": 3}, {"die": None})
    die = {"die": carried_in("die_chosen.die")}
    assert move_shown({"type": "pick", "die": 3}, number, die)["die"] is None
    assert move_shown({"type": "pick", "die": 3}, Hidden() | number, die)["die"] is None


def test_an_unrelated_events_hidden_field_of_the_parameters_name_withholds_nothing() -> None:
    """Black Metro: the relic player's option of the event die ("first") is public; a later
    event of the move asking another player for discards hides its own `choice` (the rest of
    that player's way, here none). Undeclared, the field of the same name withheld it."""
    asked = Hidden.between(
        "discards_asked", {"owner": 0, "choice": ""}, {"owner": 0, "choice": None}
    )
    chosen: dict[str, JSON] = {"seat": 1, "type": "resolve_roll", "choice": "first"}
    assert move_shown(chosen, asked, {"choice": WAY}) == chosen
    assert move_shown(chosen, asked)["choice"] is None  # read as undeclared: over-hidden


def test_a_hidden_id_inside_anothers_id_withholds_nothing_but_a_whole_part_does() -> None:
    """No Man's Land with a pack whose crimes are fire-1, fire-10 and bushfire-1: a fire-1
    drawn (hidden from the heroes) names no other crime committed face up."""
    drawn = Hidden.between("cards_drawn", {"cards": ["fire-1"]}, {"cards": [None]})
    crime = {"card": carried_in("crime_hidden.card"), "district": ONE, "face_down": ONE}
    for other in ("bushfire-1", "fire-10", "fire-1-b"):
        move: dict[str, JSON] = {"type": "crime", "card": other, "district": "docks"}
        assert move_shown(move, drawn, crime) == move
        assert move_shown(move, drawn)["card"] is None  # read as undeclared: over-hidden
    assert move_shown({"type": "crime", "card": "fire-1"}, drawn, crime)["card"] is None


def test_a_hidden_id_joined_with_others_in_a_parameter_is_withheld() -> None:
    hidden = Hidden.between("fortunes_discarded", {"cards": ["2-hearts"]}, {"cards": [None]})
    assert move_shown(DISCARD, hidden, {"choice": WAY})["choice"] is None
    assert move_shown(DISCARD, hidden)["choice"] is None
    fulfil: dict[str, JSON] = {"type": "fulfil_mission", "discard": "Joker-1,2-hearts"}
    assert move_shown(fulfil, hidden, {"discard": LISTED})["discard"] is None
    # the rest of a way, hidden as one value, in a way that names it among other parts
    rest = Hidden.between(
        "discards_asked", {"choice": "research:voltaic-edge|war-chest#1"}, {"choice": None}
    )
    way: dict[str, JSON] = {"type": "resolve_roll", "choice": "|research:voltaic-edge|war-chest#1"}
    assert move_shown(way, rest, {"choice": WAY})["choice"] is None
    # ... an id of a pack holding a joining character is still found, part by part
    odd = Hidden.between("step_chosen", {"cards": ["odd:id#1"]}, {"cards": [None]})
    assert move_shown({"type": "s", "choice": "2|odd:id#1"}, odd, {"choice": WAY})["choice"] is None
    # a part of a hidden way the parameter lacks leaves it shown; an empty hidden value names
    # nothing
    assert move_shown({"type": "s", "choice": "research:voltaic-edge"}, rest, {"choice": WAY}) == {
        "type": "s",
        "choice": "research:voltaic-edge",
    }
    empty = Hidden.between("discards_asked", {"choice": "|"}, {"choice": None})
    assert move_shown({"type": "s", "choice": ""}, empty, {"choice": WAY})["choice"] == ""
    nothing = Hidden.between("discards_asked", {"choice": ""}, {"choice": None})
    assert move_shown({"type": "s", "card": ""}, nothing, {"card": ONE})["card"] == ""


def test_an_undeclared_parameter_is_withheld_where_a_hidden_value_lies_anywhere_in_it() -> None:
    """A game with no `MoveBook` (or a type its book does not know): its parameters' parts
    cannot be told apart, so a hidden value of SHORTEST_NAME characters or more inside one
    withholds it."""
    hidden = Hidden.between("cards_drawn", {"cards": ["fire-1"]}, {"cards": [None]})
    assert move_shown({"type": "t", "note": "bushfire-1"}, hidden)["note"] is None
    short = Hidden.between("card_drawn", {"card": "7"}, {"card": None})
    assert move_shown({"type": "t", "note": "77"}, short)["note"] == "77"
    three = Hidden.between("card_drawn", {"card": "ace"}, {"card": None})  # SHORTEST_NAME long
    assert move_shown({"type": "t", "note": "races"}, three)["note"] is None


def test_what_the_events_show_stays_shown() -> None:
    """A draw's deck is public while the card drawn is not; a short hidden value ("7") is not
    looked for inside other parameters, where it would hide every number."""
    hidden = Hidden.between("card_drawn", {"deck": 1, "card": "7"}, {"deck": 1, "card": None})
    draw: dict[str, JSON] = {"seat": 0, "type": "draw", "deck": 1, "note": "77"}
    assert move_shown(draw, hidden) == draw
    assert move_shown(draw, hidden, {"deck": ONE, "note": ONE}) == draw
    assert move_shown(DISCARD, Hidden()) == DISCARD
    # who moved and the kind of move are always shown, whatever is hidden
    fields = frozenset({"e.seat", "e.type", "e.choice"})
    everything = Hidden(fields, frozenset({"resolve_roll", "1"}))
    assert move_shown(DISCARD, everything) == {**DISCARD, "choice": None}
    tied = {"choice": carried_in("e.choice"), "seat": ONE, "type": ONE}
    assert move_shown(DISCARD, everything, tied) == {**DISCARD, "choice": None}


def test_a_hidden_field_another_event_shows_with_the_parameters_value_withholds_nothing() -> None:
    """Gotham Race with two players: a seat places its own card (its event shows it to that
    seat), then cards go face down for the figures nobody races (their events hide them from
    everybody): the seat's move still names its own card to that seat."""
    own = Hidden.between(
        "card_placed", {"figure": 1, "card": "3-03"}, {"figure": 1, "card": "3-03"}
    )
    ownerless = Hidden.between(
        "card_placed", {"figure": 2, "card": "2-04"}, {"figure": 2, "card": None}
    )
    place: dict[str, JSON] = {"seat": 1, "type": "place", "card": "3-03"}
    other = Hidden.between(
        "card_placed", {"figure": 1, "card": "3-03"}, {"figure": 1, "card": None}
    )
    for carries in (PLACED, None):
        assert move_shown(place, own | ownerless, carries) == place
        assert move_shown({**place, "card": "2-04"}, own | ownerless, carries)["card"] is None
        assert move_shown(place, other | ownerless, carries)["card"] is None  # nobody showed it
        # ... until the pile is turned in the same move: its card resolved in the open
        resolved = Hidden.between("card_resolved", {"card": "3-03"}, {"card": "3-03"})
        assert move_shown(place, other | ownerless | resolved, carries) == place
        assert move_shown({**place, "card": "2-04"}, other | resolved, carries)["card"] is None


def test_each_game_declares_how_its_moves_parameters_name_things() -> None:
    race = get_game("gotham-race")
    assert declared(race, {"type": "place"}) == PLACED
    assert declared(race, {"type": "no_such_move"}) is None
    assert declared(object(), {"type": "place"}) is None
