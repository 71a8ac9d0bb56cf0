"""No id a content pack gives holds a character its game joins ids with (content_limits.PackIds).

Black Metro joins a choice's parts with "|", the cards of a part with ",", a mission card's copy
with "#" and a technology card's owner with "@" (pack.IDS): a mission "a,b" returned would be
read as the missions "a" and "b". Chronicles joins an attack or a skill to its characteristic
with ":" in the action a character declares, where a mission action's id stands too
(reading.IDS). Each of their parsers refuses such an id wherever the pack gives one, naming its
path; City Strategy, Gotham Race and No Man's Land join no ids, and read any text whole.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules_core.engine.content_limits import ContentError, PackIds
from rules_core.engine.wording import listed
from rules_core.games.black_metro import content as metro
from rules_core.games.black_metro.pack import IDS as METRO_IDS
from rules_core.games.gotham_city_chronicles import content as chronicles
from rules_core.games.gotham_city_chronicles.reading import IDS as CHRONICLES_IDS
from rules_core.games.gotham_city_strategy import content as strategy
from rules_core.games.gotham_race import content as race
from rules_core.games.no_mans_land import content as nml
from tests.rules_core.games.pack_mutations import edited

Parse = Callable[[object], object]
Place = tuple[str | int, ...]  # where an entry giving itself an id stands in the pack

# every kind of entry whose id each game's parser reads, the first of its kind
METRO_PLACES: tuple[Place, ...] = (
    ("unit", 0),
    ("district", 0),
    ("suit", 0),
    ("dice", 0),
    ("tile", 0),
    ("technology", 0),
    ("mission", 0),
    ("syndicate", 0),
    ("candidate", 0),
    ("opponent",),
)
CHRONICLES_PLACES: tuple[Place, ...] = (
    ("board", "area", 0),
    ("board",),
    ("item", 0),
    ("hero", 0),
    ("tile", 0),
    ("mission",),
    ("mission", "token", 0),
    ("mission", "action", 0),
    ("mission", "upkeep", 0),
    ("mission", "event_tile", "events", 0),
    ("mission", "end", 0),
)
JOINING = [
    pytest.param(metro.parse_pack, metro.REFERENCE_PACK, METRO_IDS, place, id=f"metro-{place}")
    for place in METRO_PLACES
] + [
    pytest.param(
        chronicles.parse_pack, chronicles.REFERENCE_PACK, CHRONICLES_IDS, place, id=f"gcc-{place}"
    )
    for place in CHRONICLES_PLACES
]


def _raw(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text())


def _path(place: Place) -> str:
    """`place` as a refusal names it (`mission.token[0]`)."""
    text = ""
    for step in place:
        text += f"[{step}]" if isinstance(step, int) else f".{step}" if text else step
    return text


def _with_id(place: Place, new: str) -> Callable[[dict[str, Any]], None]:
    def change(pack: dict[str, Any]) -> None:
        node: Any = pack
        for step in place:
            node = node[step]
        node["id"] = new

    return change


def test_the_games_declare_the_separators_their_moves_join_ids_with() -> None:
    assert METRO_IDS.separators == ("|", ",", "#", "@")
    assert CHRONICLES_IDS.separators == (":",)
    assert strategy.IDS.separators == race.IDS.separators == nml.IDS.separators == ()


@pytest.mark.parametrize(("parse", "reference", "ids", "place"), JOINING)
def test_an_id_holding_a_separator_is_refused_wherever_the_pack_gives_one(
    parse: Parse, reference: Path, ids: PackIds, place: Place
) -> None:
    raw = _raw(reference)
    parse(raw)  # the reference pack holds none
    joined = listed([f'"{s}"' for s in ids.separators])
    for separator in ids.separators:
        with pytest.raises(ContentError) as refused:
            parse(edited(raw, _with_id(place, f"left{separator}right")))
        assert str(refused.value) == (
            f'{_path(place)}.id: no "{separator}" in an id (the game joins ids with {joined})'
        )


@pytest.mark.parametrize(
    ("parse", "reference", "place", "copy"),
    [  # `copy`: what the card of the entry's first copy adds to its id
        pytest.param(strategy.parse_pack, strategy.REFERENCE_PACK, ("plot", 0), "", id="strategy"),
        pytest.param(race.parse_pack, race.REFERENCE_PACK, ("card", 0), "", id="race"),
        pytest.param(nml.parse_pack, nml.REFERENCE_PACK, ("falcone", 0), "-1", id="no-mans-land"),
    ],
)
def test_a_game_joining_no_ids_reads_any_id_whole(
    parse: Parse, reference: Path, place: Place, copy: str
) -> None:
    """Their moves name one card, block, district or piece a parameter: nothing splits an id,
    so one holding every other game's separators (and a space) is read as given."""
    new = "left|,:#@> right"
    pack: Any = parse(edited(_raw(reference), _with_id(place, new)))
    assert pack.card(new + copy).id == new + copy
