"""Rule coverage: every playable game cites at least 95% of its book's normative sections."""

from __future__ import annotations

import pytest

from rules_core.engine import all_games
from rules_core.engine.citations import rule_coverage
from rules_core.rulebooks import get_book
from rules_core.rulebooks.index import NO_RULE_REASONS


@pytest.mark.parametrize("slug", [g.slug for g in all_games()])
def test_a_playable_game_cites_its_books_normative_sections(slug: str) -> None:
    spec = next(g for g in all_games() if g.slug == slug)
    coverage = rule_coverage(get_book(spec.book), all_games())
    uncited = [s.id for s in coverage.normative if s.id not in coverage.cited]
    assert coverage.share >= 0.95, f"{coverage.headline()}; uncited: {uncited}"


def test_sections_marked_as_stating_no_rule_are_left_out_of_the_count() -> None:
    book = get_book("gotham-city-strategy")
    marked = [s for s in book.sections if s.no_rule]
    assert {s.no_rule for s in marked} <= set(NO_RULE_REASONS)
    assert "components" in {s.id for s in marked}
    coverage = rule_coverage(book, all_games())
    assert len(coverage.normative) == len(book.sections) - len(marked)
    assert coverage.headline().startswith(
        f"gotham-city-strategy: {coverage.normative_cited} of {len(coverage.normative)} normative"
    )


def test_the_headline_rounds_the_share_down_so_one_section_left_is_not_all() -> None:
    book = get_book("gotham-city-chronicles")
    coverage = rule_coverage(book, all_games())
    normative = [s.id for s in coverage.normative]
    all_but_one: dict[str, tuple[str, ...]] = {section: ("event x",) for section in normative[1:]}
    headline = type(coverage)(book, all_but_one).headline()
    assert headline.endswith(
        f"{len(normative) - 1} of {len(normative)} normative sections cited (99%)"
    )
