"""Load and query the rulebook section index (rules_core/rulebooks/<book>.toml, see FORMAT.md)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules_core.engine.types import Citation
from rules_core.rulebooks.labels import ref_key, separated_key

INDEX_DIR = Path(__file__).parent

# Why a section states no rule (FORMAT.md, `no_rule`): such sections are left out of rule coverage.
NO_RULE_REASONS: dict[str, str] = {
    "credits": "credits",
    "components": "a list of components",
    "contents": "a table of contents",
    "story": "story or background",
    "overview": "an overview that its own sections state as rules",
    "example": "a worked example illustrating rules stated elsewhere",
    "heading": "a heading whose rules all sit in its subsections",
}


@dataclass(frozen=True, slots=True)
class Section:
    """One indexed section of a rulebook."""

    book: str
    id: str
    title: str
    summary: str
    heading: str
    label: str = ""
    page: int | None = None
    parent: str | None = None
    keywords: tuple[str, ...] = ()
    questions: tuple[str, ...] = ()  # what a player would ask that this section answers
    related: tuple[str, ...] = ()
    order: int = 0
    no_rule: str = ""  # a key of NO_RULE_REASONS when the section states no rule
    mode: bool = False  # opens a way of playing chosen before the game (solo, a variant, fewer
    # players): it and its subsections state rules that hold only then

    @property
    def normative(self) -> bool:
        """Whether the section states a rule (coverage counts only these)."""
        return not self.no_rule


_NOT_CHAPTERS = frozenset({"contents", "credits"})  # pages about the book, not of the game


@dataclass(frozen=True, slots=True)
class Book:
    """A rulebook's index: its sections in the order the book gives them."""

    slug: str
    title: str
    source: str
    form: str
    sections: tuple[Section, ...]
    colophon: str = ""  # where the source's back matter begins (publisher, address): no section's
    # the search box's example on the game's pages: a question of the game, and the section the
    # search answers it with first (checked by tests/frontend/test_pages.py)
    search_example: str = ""
    search_example_section: str = ""

    def section(self, section_id: str) -> Section:
        """The section with this id; KeyError when there is none."""
        return self._by_id()[section_id]

    def find(self, ref: str) -> Section | None:
        """A section by its id, or by the book's label in any common spelling, else None.

        Tried in turn: the id; the parts of `ref` matching an id or a label part by part
        (`V.C.1.a`, `v c 1 a`); the letters and digits alone (`VC1a`), first in book order.
        """
        by_id = self._by_id()
        if ref in by_id:
            return by_id[ref]
        parts = separated_key(ref)
        if not parts:
            return None
        for section in self.sections:
            if parts in (section.id, separated_key(section.label)):
                return section
        compact = ref_key(ref)
        for section in self.sections:
            if compact in (ref_key(section.id), ref_key(section.label)):
                return section
        return None

    def distinct_title(self, section_id: str) -> str:
        """The section's title, followed by the titles of the sections it sits in (nearest
        first, as few as tell it apart) when another section of the book has the same title and
        no label tells them apart: "Movement phase (Gordon's turn)", "Resolution Phase (Phases,
        Troubleshooting)"."""
        section = self.section(section_id)
        twins = [s for s in self.sections if s.title == section.title and s.id != section.id]
        if section.label or not twins:
            return section.title
        own = self._ancestor_titles(section)
        others = [self._ancestor_titles(twin) for twin in twins]
        for depth in range(1, len(own) + 1):
            if all(other[:depth] != own[:depth] for other in others):
                return f"{section.title} ({', '.join(own[:depth])})"
        return f"{section.title} ({', '.join(own)})" if own else section.title

    def _ancestor_titles(self, section: Section) -> tuple[str, ...]:
        titles: list[str] = []
        while section.parent is not None:
            section = self.section(section.parent)
            titles.append(section.title)
        return tuple(titles)

    def children(self, section_id: str | None) -> tuple[Section, ...]:
        return tuple(s for s in self.sections if s.parent == section_id)

    @property
    def chapters(self) -> tuple[Section, ...]:
        """The book's top-level sections in its order, without its table of contents and
        credits: what a reader who names only the game is shown."""
        return tuple(s for s in self.children(None) if s.no_rule not in _NOT_CHAPTERS)

    def _by_id(self) -> dict[str, Section]:
        return _section_map(self)


# each book's sections by id, found by the book's identity: a frozen dataclass's hash is worked
# out afresh from all its sections on every call (0.3 ms a book), which a cache keyed by the book
# itself paid on every lookup (three a rule search, one a citation). The book is kept beside its
# map, so its id is never another object's.
_SECTION_MAPS: dict[int, tuple[Book, dict[str, Section]]] = {}


def _section_map(book: Book) -> dict[str, Section]:
    held = _SECTION_MAPS.get(id(book))
    if held is None:
        held = _SECTION_MAPS[id(book)] = (book, {s.id: s for s in book.sections})
    return held[1]


class IndexFormatError(ValueError):
    """An index file that breaks FORMAT.md."""


def load_book(path: Path) -> Book:
    """Read one index file and check ids, parents and related links."""
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    slug = data["book"]
    sections: list[Section] = []
    for order, raw in enumerate(data.get("section", [])):
        sections.append(
            Section(
                book=slug,
                id=raw["id"],
                title=raw["title"],
                summary=raw["summary"].strip(),
                heading=raw["heading"],
                label=raw.get("label", ""),
                page=raw.get("page"),
                parent=raw.get("parent") or None,
                keywords=tuple(raw.get("keywords", ())),
                questions=tuple(raw.get("questions", ())),
                related=tuple(raw.get("related", ())),
                order=order,
                no_rule=raw.get("no_rule", ""),
                mode=raw.get("mode", False),
            )
        )
    ids = [s.id for s in sections]
    if len(set(ids)) != len(ids):
        raise IndexFormatError(f"{path.name}: duplicate section ids")
    known = set(ids)
    for s in sections:
        if s.no_rule and s.no_rule not in NO_RULE_REASONS:
            raise IndexFormatError(
                f"{path.name}: {s.id} no_rule {s.no_rule!r} is not one of {sorted(NO_RULE_REASONS)}"
            )
        if not isinstance(s.mode, bool):
            raise IndexFormatError(f"{path.name}: {s.id} mode is true or false")
        missing = ({s.parent} if s.parent else set()) | set(s.related)
        if not missing <= known:
            raise IndexFormatError(
                f"{path.name}: {s.id} links to unknown {sorted(missing - known)}"
            )
    parents = {s.id: s.parent for s in sections}
    for s in sections:  # each chain of parents reaches the top (a cycle would never end)
        seen, up = {s.id}, s.parent
        while up is not None:
            if up in seen:
                raise IndexFormatError(f"{path.name}: {s.id} sits inside itself through {up}")
            seen.add(up)
            up = parents[up]
    example = data.get("search_example", {})
    answer = example.get("section", "")
    if answer and answer not in known:
        raise IndexFormatError(f"{path.name}: search_example links to unknown {answer!r}")
    return Book(
        slug,
        data["title"],
        data["source"],
        data["form"],
        tuple(sections),
        colophon=data.get("colophon", ""),
        search_example=example.get("question", ""),
        search_example_section=answer,
    )


_PACKAGED: list[Path] = []  # index files that game packages ship with themselves


def add_index(path: Path) -> None:
    """A game package's own section index (a game outside this folder brings its book along)."""
    if path not in _PACKAGED:
        _PACKAGED.append(path)
        all_books.cache_clear()


@cache
def all_books() -> tuple[Book, ...]:
    """Every indexed book, by slug."""
    files = [*INDEX_DIR.glob("*.toml"), *_PACKAGED]
    return tuple(sorted((load_book(p) for p in files), key=lambda b: b.slug))


def get_book(slug: str) -> Book:
    """The book with this slug; KeyError when there is none."""
    for book in all_books():
        if book.slug == slug:
            return book
    raise KeyError(slug)


def resolve(citation: Citation) -> Section:
    """The section a citation points at; KeyError when it points at none."""
    return get_book(citation.book).section(citation.section)
