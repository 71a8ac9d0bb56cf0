"""Hidden values are taken out of JSON wherever they stand; everything else is left alone."""

from __future__ import annotations

from rules_core.engine.hiding import json_strings, without_hidden
from rules_core.engine.types import JSON


def test_every_hidden_string_leaf_becomes_none() -> None:
    value: JSON = {"type": "place", "card": "1-04", "cards": ["2-01", "1-04"], "deck": 2, "x": None}
    shown = without_hidden(value, frozenset({"1-04", "2-01"}))
    assert shown == {"type": "place", "card": None, "cards": [None, None], "deck": 2, "x": None}
    assert without_hidden(value, frozenset()) == value


def test_json_strings_walks_keys_and_leaves() -> None:
    assert sorted(json_strings({"a": ["b", {"c": "d"}], "e": 1})) == ["a", "b", "c", "d", "e"]
