"""No Man's Land in words: the story of a fight and of a short supply reads as a person says it
(found by a rules-lawyer play-test: "Falcone Thug, Two-Face arrested", "holds only 0")."""

from __future__ import annotations

from dataclasses import replace

from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.events import (
    CardsDealt,
    CardsDrawn,
    DistrictDestroyed,
    FightResolved,
)
from rules_core.games.no_mans_land.state import Piece
from tests.rules_core.games.no_mans_land.helpers import GAME, crimes, gordons, opening


def _fight(arrested: tuple[str, ...], crime: str = "heist-1") -> str:
    state = replace(
        gordons("crimefighting"),
        crimes=crimes(("docks", crime, False)) if crime else (),
        villains=tuple(Piece(v, "docks") for v in arrested),
    )
    fought = FightResolved(
        seat=GORDON,
        district="docks",
        card="",
        crime=crime,
        heroes=9,
        opposition=7,
        stopped=True,
        arrested=arrested,
    )
    return GAME.narrate(state, fought, None, False)


def test_a_fight_that_stops_a_crime_lists_those_arrested_as_a_person_lists_them() -> None:
    assert _fight(("thug-2", "croc-1")).endswith(
        "; the crime is stopped; Falcone Thug and Killer Croc are arrested."
    )
    assert _fight(("thug-2",)).endswith("; the crime is stopped; Falcone Thug is arrested.")
    assert _fight(("thug-2", "thug-3", "croc-1"), crime="").endswith(
        "; Falcone Thug, Falcone Thug and Killer Croc are arrested."
    )


def test_cards_burnt_dealt_or_drawn_are_listed_as_a_person_lists_them() -> None:
    """The fire and Falcone's draws read "Falcone Thug, Falcone Thug with it" and "draws
    Protection Racket, Falcone Thug": a list closes with "and", as the arrests do."""
    state = opening()
    burnt = DistrictDestroyed(
        seat=None, district="docks", card="arson-1", removed=("thug-2", "two-face-1")
    )
    assert GAME.narrate(state, burnt, GORDON, False) == (
        "Arson burns down the Docks, taking Falcone Thug and Two-Face with it."
    )
    drawn = CardsDrawn(seat=FALCONE, cards=("racket-1", "thug-1", "croc-1"))
    assert GAME.narrate(state, drawn, FALCONE, False) == (
        "Falcone draws Protection Racket, Falcone Thug and Killer Croc."
    )
    dealt = CardsDealt(seat=FALCONE, cards=("racket-1", "thug-1"))
    assert GAME.narrate(state, dealt, FALCONE, False) == (
        "Falcone is dealt Protection Racket and Falcone Thug."
    )
    assert GAME.narrate(state, drawn, GORDON, False) == "Falcone draws 3 cards."


def test_a_lost_fight_against_characters_alone_arrests_nobody() -> None:
    """A fight lost where Falcone has characters and no crime read "nothing changes", though
    the Batsignal card played with it was spent."""
    state = replace(gordons("crimefighting"), crimes=(), villains=(Piece("croc-1", "docks"),))
    lost = FightResolved(
        seat=GORDON,
        district="docks",
        card="batman-1",
        crime="",
        heroes=2,
        opposition=3,
        stopped=False,
        arrested=(),
    )
    assert GAME.narrate(state, lost, None, False) == (
        "Gordon's heroes fight at the Docks with Batman Strikes: strength 2 against 3 (Killer"
        " Croc); nobody is arrested."
    )


def test_two_characters_of_one_name_in_one_district_are_moved_by_their_number() -> None:
    """The board numbers two Falcone Thugs standing together in the order their district lists
    them ("Falcone Thug (2) in the Narrows"); their moves' buttons say which, as a lone one's
    does not."""
    from tests.frontend.target_tables import falcone_moving

    _, game, state, seat = falcone_moving()
    moves = [m for m in game.legal_moves(state, seat) if m.type == "move"]
    words = {str(m.get("piece")): game.describe_move(state, seat, m) for m in moves}
    assert words["thug-1"].startswith("Move Falcone Thug (1) from the Narrows to ")
    assert words["thug-3"].startswith("Move Falcone Thug (2) from the Narrows to ")
    assert words["penguin-1"].startswith("Move the Penguin from the Narrows to ")
