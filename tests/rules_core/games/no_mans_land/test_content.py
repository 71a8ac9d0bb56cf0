"""The No Man's Land content pack: the reference loads, and the schema check refuses a pack that
breaks it with the path and the reason."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest

from rules_core.games.no_mans_land.content import (
    REFERENCE,
    REFERENCE_PACK,
    ContentError,
    parse_pack,
)


def raw() -> dict[str, Any]:
    with REFERENCE_PACK.open("rb") as handle:
        return tomllib.load(handle)


def test_the_reference_pack_has_the_books_c_plus_1_city_hall() -> None:
    assert REFERENCE.district("city-hall").c_plus_1
    assert len(REFERENCE.falcone_cards()) == 16 and len(REFERENCE.signal_cards()) == 8


def test_every_value_of_the_reference_pack_names_its_source() -> None:
    data = raw()
    for table in ("counters", "hands", "movement", "crimefighting"):
        for entry in data[table].values():
            assert entry["source"] == "reference" and entry["why"]
    for kind in ("district", "hero", "falcone", "batsignal"):
        for entry in data[kind]:
            assert (entry["source"] == "reference" and entry["why"]) or entry["source"].startswith(
                "rulebook "
            )


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(ContentError) as caught:
        parse_pack(data)
    return str(caught.value)


def test_a_reference_value_without_its_reason_is_refused() -> None:
    data = copy.deepcopy(raw())
    del data["counters"]["supply"]["why"]
    assert "counters.supply" in refused(data)


def test_districts_must_name_each_other_as_neighbours() -> None:
    data = copy.deepcopy(raw())
    data["district"][1]["neighbours"] = ["narrows"]
    assert "must name each other" in refused(data)


def test_a_boost_is_a_crimefighting_card() -> None:
    data = copy.deepcopy(raw())
    data["batsignal"][0]["timing"] = "start"
    assert "boost" in refused(data)
