"""Which rulebook sections a game cites, and from where (event types and rejection codes)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rules_core.engine.spec import GameSpec
from rules_core.engine.types import Citation
from rules_core.rulebooks.index import Book, Section


@dataclass(frozen=True, slots=True)
class CitationUse:
    """One place a game cites a section: an event type or a rejection code, and it in words."""

    citation: Citation
    game: str
    kind: str  # "event" | "rejection"
    name: str
    words: str  # the event's `in_words` or the code's refusal words (see `in_words`)


def in_words(words: str, name: str) -> str:
    """`words`, or, where a game has none yet, its name spelt out ("deck empty")."""
    return words or name.replace("_", " ")


def citation_uses(spec: GameSpec[Any]) -> list[CitationUse]:
    """Every citation a game's events and rejections carry."""
    uses = [
        CitationUse(c, spec.slug, "event", name, in_words(event_type.in_words, name))
        for name, event_type in spec.event_types.items()
        for c in (*event_type.citations, *event_type.may_cite)
    ]
    uses += [
        CitationUse(
            c, spec.slug, "rejection", code, in_words(spec.rejection_words.get(code, ""), code)
        )
        for code, citations in spec.rejections.items()
        for c in citations
    ]
    return uses


@dataclass(frozen=True, slots=True)
class Coverage:
    """How much of a book's rules the registered games cite, and from where."""

    book: Book
    cited: dict[str, tuple[str, ...]]  # section id -> "event x" / "rejection y", sorted

    @property
    def normative(self) -> tuple[Section, ...]:
        """The sections that state a rule (those not marked `no_rule` in the index)."""
        return tuple(s for s in self.book.sections if s.normative)

    @property
    def normative_cited(self) -> int:
        return sum(1 for s in self.normative if s.id in self.cited)

    @property
    def share(self) -> float:
        """Cited normative sections over all normative sections (0 for a book without any)."""
        normative = len(self.normative)
        return self.normative_cited / normative if normative else 0.0

    def headline(self) -> str:
        """`<book>: X of Y normative sections cited (Z%)`, Z rounded down (one left is not 100%)."""
        return (
            f"{self.book.slug}: {self.normative_cited} of {len(self.normative)} "
            f"normative sections cited ({math.floor(self.share * 100)}%)"
        )


def rule_coverage(book: Book, games: Iterable[GameSpec[Any]]) -> Coverage:
    """Which sections of `book` the events and rejections of `games` cite."""
    cited: dict[str, set[str]] = {}
    for spec in games:
        for use in citation_uses(spec):
            if use.citation.book == book.slug:
                cited.setdefault(use.citation.section, set()).add(f"{use.kind} {use.name}")
    return Coverage(book, {section: tuple(sorted(names)) for section, names in cited.items()})
