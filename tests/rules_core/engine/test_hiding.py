"""Every string of JSON data is found, keys and leaves, wherever it stands."""

from __future__ import annotations

from rules_core.engine.hiding import json_strings


def test_json_strings_walks_keys_and_leaves() -> None:
    assert sorted(json_strings({"a": ["b", {"c": "d"}], "e": 1})) == ["a", "b", "c", "d", "e"]
    assert sorted(json_strings({"a": ["b", {"c": "d"}], "e": 1}, keys=False)) == ["b", "d"]
