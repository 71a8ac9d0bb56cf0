"""No id a content pack gives is blank, one of the words its game's moves use for themselves, or
the id of another thing its game's moves and records name alike (content_limits.PackIds,
`check_distinct`, declared once per game).

Black Metro reads a choice's part by its id alone as a fortune, a technology, a syndicate or a
unit, and the words "advance" and "no" before any id (pack.IDS); Chronicles tells a miniature, a
tile, an item, an area, a token or a mission's effect by its id alone, and the river's event tile
is "event" (reading.IDS); City Strategy's card parameter names any of its three kinds of card;
No Man's Land's piece a hero or one of Falcone's cards (checked when a game is made: a stored
game's pack is read again as it was). Each refusal names the path of the id and of the thing
that has it already.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules_core.engine.content_limits import ContentError
from rules_core.engine.types import Rejection
from rules_core.games.black_metro import content as metro
from rules_core.games.gotham_city_chronicles import content as chronicles
from rules_core.games.gotham_city_strategy import content as strategy
from rules_core.games.gotham_race import content as race
from rules_core.games.no_mans_land import content as nml
from rules_core.games.no_mans_land.rules import NoMansLand
from tests.rules_core.games.pack_mutations import edited, set_at

Change = Callable[[dict[str, Any]], None]


def _raw(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text())


def _renamed(old: str, new: str) -> Change:
    """Give the thing whose id is `old` the id `new`, wherever the pack names it."""

    def rename(node: Any) -> Any:
        if isinstance(node, dict):
            return {key: rename(value) for key, value in node.items()}
        if isinstance(node, list):
            return [rename(value) for value in node]
        return new if node == old else node

    def change(pack: dict[str, Any]) -> None:
        pack.update(rename(pack))

    return change


def _refusal(parse: Callable[[object], object], reference: Path, change: Change) -> str:
    raw = _raw(reference)
    parse(raw)  # the reference pack is accepted
    with pytest.raises(ContentError) as refused:
        parse(edited(raw, change))
    return str(refused.value)


SHOWS_NOTHING = "a text must show something (not only spaces or blank cells)"
BLANK = "an id may not be blank (empty or only spaces)"
METRO_WORDS = (
    "is a word the game's moves use for themselves, not an id (the game's words: "
    '"advance" and "no")'
)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            set_at("technology", 2, "id", to="K-spades"),
            'technology[2].id: "K-spades" is already the id of a fortune card (fortunes.ranks)',
        ),
        (
            set_at("technology", 0, "id", to="Joker-2"),
            'technology[0].id: "Joker-2" is already the id of a fortune card (fortunes.jokers)',
        ),
        (
            set_at("syndicate", 0, "id", to="Q-hearts"),
            'syndicate[0].id: "Q-hearts" is already the id of a fortune card (fortunes.ranks)',
        ),
        (
            set_at("syndicate", 0, "id", to="paragon"),
            'syndicate[0].id: "paragon" is already the id of a unit (unit[1].id)',
        ),
        (
            set_at("syndicate", 5, "id", to="siege-doctrine"),
            'syndicate[5].id: "siege-doctrine" is already the id of a technology'
            " (technology[7].id)",
        ),
        (set_at("syndicate", 0, "id", to="advance"), f'syndicate[0].id: "advance" {METRO_WORDS}'),
        (set_at("syndicate", 5, "id", to="no"), f'syndicate[5].id: "no" {METRO_WORDS}'),
        (set_at("technology", 3, "id", to="no"), f'technology[3].id: "no" {METRO_WORDS}'),
        (set_at("syndicate", 0, "id", to="  "), f"syndicate[0].id: {BLANK}"),
        (set_at("candidate", 1, "id", to="\t"), f"candidate[1].id: {BLANK}"),
        (
            set_at("district", 4, "id", to="shadowforge-factory"),
            'district[4].id: "shadowforge-factory" is already the id of a district'
            " (district[0].id)",
        ),
    ],
)
def test_black_metro_refuses_ids_a_choice_or_a_card_would_read_as_another_thing(
    change: Change, message: str
) -> None:
    assert _refusal(metro.parse_pack, metro.REFERENCE_PACK, change) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            _renamed("renee-montoya", "thugs-with-crowbar-2"),
            'hero[2].id: "thugs-with-crowbar-2" is already the id of a character'
            " (mission.place[4])",
        ),
        (
            _renamed("batman", "thugs-with-crowbar-3"),
            'hero[0].id: "thugs-with-crowbar-3" is already the id of a character (mission.pool[0])',
        ),
        (
            _renamed("ledger", "office"),
            'item[5].id: "office" is already the id of an area (board.area[7].id)',
        ),
        (
            set_at("mission", "upkeep", 0, "id", to="disarm-bomb"),
            'mission.upkeep[0].id: "disarm-bomb" is already the id of a mission action'
            " (mission.action[2].id)",
        ),
        (
            set_at("mission", "end", 2, "id", to="bomb-exploded"),
            'mission.end[2].id: "bomb-exploded" is already the id of an end of the mission'
            " (mission.end[1].id)",
        ),
        (set_at("hero", 1, "id", to=" "), f"hero[1].id: {BLANK}"),
    ],
)
def test_chronicles_refuses_ids_its_words_would_read_as_another_thing(
    change: Change, message: str
) -> None:
    assert _refusal(chronicles.parse_pack, chronicles.REFERENCE_PACK, change) == message


def test_chronicles_refuses_a_tile_with_the_event_tiles_id() -> None:
    """The river's "event" is the event tile: a tile "event" would be activated as it."""

    def change(pack: dict[str, Any]) -> None:
        _renamed("killer-croc", "event")(pack)
        pack["mission"]["river"] = ["thugs-with-crowbar", "brutes-with-chains", "event"]

    assert _refusal(chronicles.parse_pack, chronicles.REFERENCE_PACK, change) == (
        'tile[0].id: "event" is a word the game\'s moves use for themselves, not an id (the'
        ' game\'s words: "event")'
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            set_at("plot", 0, "id", to="joker-laughing-gas"),
            'plot[0].id: "joker-laughing-gas" is already the id of an ability card (ability[0].id)',
        ),
        (
            set_at("plot", 2, "id", to="batman-01"),
            'plot[2].id: "batman-01" is already the id of a Batman card (batman_card[0].id)',
        ),
        (set_at("plot", 3, "id", to=" "), f"plot[3].id: {BLANK}"),
        (set_at("block", 2, "id", to="\u2003"), f"block[2].id: {BLANK}"),
    ],
)
def test_city_strategy_refuses_a_card_id_of_another_card_and_blank_ids(
    change: Change, message: str
) -> None:
    assert _refusal(strategy.parse_pack, strategy.REFERENCE_PACK, change) == message


def _landmark(name: str) -> Change:
    def change(pack: dict[str, Any]) -> None:
        pack["landmarks"][name] = {"value": 5, "source": "reference"}

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (set_at("card", 0, "id", to=""), f"card[0].id: {BLANK}"),
        (set_at("card", 7, "id", to="   "), f"card[7].id: {BLANK}"),
        (_landmark(""), f'landmarks[""]: {BLANK}'),
        (_landmark(" "), f'landmarks[" "]: {BLANK}'),
    ],
)
def test_gotham_race_refuses_a_blank_card_id_or_landmark(change: Change, message: str) -> None:
    """A move placing the card "" was read as one naming no card (a blank parameter)."""
    assert _refusal(race.parse_pack, race.REFERENCE_PACK, change) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            set_at("hero", 1, "id", to="penguin-1"),
            'hero[1].id: "penguin-1" is already the id of a card of Falcone\'s deck'
            " (falcone[2].id)",
        ),
        (
            set_at("hero", 2, "id", to="thug-4"),
            'hero[2].id: "thug-4" is already the id of a card of Falcone\'s deck (falcone[0].id)',
        ),
        # a blank id is refused first by the check of every text of a new game's pack
        (set_at("batsignal", 1, "id", to=" "), f"batsignal[1].id: {SHOWS_NOTHING}"),
        (_renamed("gordon", "\t"), f"hero[0].id: {SHOWS_NOTHING}"),
    ],
)
def test_no_mans_land_refuses_such_a_pack_for_a_new_game_only(change: Change, message: str) -> None:
    """A piece moved is a hero or a character card, the hero looked for first: a hero
    "penguin-1" would stand for the Penguin's card. A stored game's pack is read again as it
    was (parse_pack accepts it); a new game's is refused, a 400 `bad_options`."""
    pack = edited(_raw(nml.REFERENCE_PACK), change)
    nml.parse_pack(pack)  # a stored game's pack still reads
    refused = NoMansLand().validate_options(2, {"content": pack})
    assert isinstance(refused, Rejection)
    assert (refused.code, refused.message) == ("bad_options", f"content pack: {message}")
