"""A label in any common spelling gives one key."""

import pytest

from rules_core.rulebooks.labels import ref_key


@pytest.mark.parametrize(
    "spelling", ["V·C·1 [a]", "V.C.1.a", "v c 1 a", "VC1a", "v-c-1-a", "V C 1 (a)"]
)
def test_spellings_share_a_key(spelling: str) -> None:
    assert ref_key(spelling) == "vc1a"


def test_different_labels_differ() -> None:
    assert ref_key("VI·D·3 [a] ii") == "vid3aii" != ref_key("VI·D·3 [a] i")
    assert ref_key("IX L") != ref_key("IX")
