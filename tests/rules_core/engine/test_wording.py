"""Lists in words."""

from __future__ import annotations

from rules_core.engine.wording import listed


def test_a_list_reads_as_a_person_says_it() -> None:
    assert listed([]) == ""
    assert listed(["Batman"]) == "Batman"
    assert listed(["Batman", "Robin"]) == "Batman and Robin"
    assert listed(["Batman", "Commissioner Gordon", "Renee Montoya"]) == (
        "Batman, Commissioner Gordon and Renee Montoya"
    )
