"""The bounded memo: the entries added last are kept, the one added longest ago goes first."""

from __future__ import annotations

import pytest

from rules_core.engine.recent import Recent


def test_past_its_size_the_entry_added_longest_ago_is_forgotten() -> None:
    memo: Recent[str, int] = Recent(2)
    memo.put("a", 1)
    memo.put("b", 2)
    memo.put("a", 3)  # added again: "b" is now the oldest
    memo.put("c", 4)
    assert len(memo) == 2
    assert "b" not in memo and memo.get("b") is None
    assert memo.get("a") == 3 and memo.get("c") == 4


def test_get_or_make_makes_only_what_is_missing() -> None:
    memo: Recent[str, list[int]] = Recent(4)
    made: list[str] = []

    def make(key: str) -> list[int]:
        made.append(key)
        return [len(key)]

    first = memo.get_or_make("ab", lambda: make("ab"))
    assert memo.get_or_make("ab", lambda: make("ab")) is first
    assert made == ["ab"]
    memo.clear()
    assert len(memo) == 0 and memo.get_or_make("ab", lambda: make("ab")) == [2]
    assert made == ["ab", "ab"]


def test_a_memo_keeps_at_least_one_entry() -> None:
    with pytest.raises(ValueError):
        Recent(0)
