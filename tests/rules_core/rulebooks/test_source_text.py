"""Cutting a rulebook file into sections: markup and white space do not matter, order does."""

import json

import pytest

from rules_core.rulebooks.index import Book, Section
from rules_core.rulebooks.source_text import cut_sections, read_source


def book(*headings: str, form: str = "text") -> Book:
    sections = tuple(
        Section(book="b", id=f"s{i}", title=h, summary="x" * 20, heading=h)
        for i, h in enumerate(headings)
    )
    return Book("b", "B", "b.txt", form, sections)


def test_sections_run_to_the_next_heading() -> None:
    text = "Intro\n## The   Turn\nDo things.\n**Scoring** count points\n"
    cut = cut_sections(book("the turn", "SCORING"), text)
    assert cut.missing == ()
    assert cut.texts["s0"] == "## The   Turn\nDo things."
    assert cut.texts["s1"] == "**Scoring** count points"


def test_html_tags_are_ignored_but_angle_brackets_in_text_are_kept() -> None:
    text = "<td>Dice <b>table</b></td> then 3 < 5 and 6 > 2 Next part"
    cut = cut_sections(book("dice table", "3 < 5", "next part"), text)
    assert cut.missing == ()


def test_headings_are_found_in_order_only() -> None:
    cut = cut_sections(book("second", "first"), "first ... second ...")
    assert cut.missing == ("s1",)


def test_json_pages_are_joined_with_page_markers() -> None:
    text = read_source(json.dumps(["page one", "page two"]), "json-pages")
    assert "[page 1]\npage one" in text and "[page 2]\npage two" in text
    with pytest.raises(ValueError):
        read_source(json.dumps({"not": "pages"}), "json-pages")
    with pytest.raises(ValueError):
        read_source("x", "pdf")


def test_the_last_section_stops_at_the_colophon_and_leftovers_are_tidied() -> None:
    plain = book("the turn", "scoring")
    with_colophon = Book("b", "B", "b.txt", "text", plain.sections, colophon="Publisher Ltd ~")
    text = (
        "The turn\nA con-trolled move.\n[Image of a runner]\nScoring\nCount.\n"
        "Publisher Ltd ~ Str. 10"
    )
    assert cut_sections(plain, text).texts["s1"].endswith("Str. 10")
    cut = cut_sections(with_colophon, text)
    assert cut.texts["s1"] == "Scoring\nCount."
    assert cut.texts["s0"] == "The turn\nA con-trolled move."  # "controlled" is not in this book
    spelt = "The turn\nA con-trolled move, controlled.\nScoring\n"
    assert cut_sections(plain, spelt).texts["s0"] == "The turn\nA controlled move, controlled."


def test_json_pages_nested_past_the_parsers_depth_are_refused_in_words() -> None:
    # the import stopped with a RecursionError's traceback instead of saying what is wrong
    with pytest.raises(ValueError, match="JSON array of page strings"):
        read_source("[" * 100_000 + "]" * 100_000, "json-pages")
