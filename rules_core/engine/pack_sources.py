"""Where a content pack's values come from: each source's form, and a rulebook source naming one of
the sections of the game's rulebook index.

Every pack marks its values (design.md, "Content packs"): `source = "reference"`, the project's
own value where the book is silent, or `source = "rulebook <section id>"`, the section of the
game's book (`rules_core/rulebooks/<book>.toml`) whose text or worked example gives it. Both
checks are here, one place for every game: `check_source`, called by each game's parser where it
reads a sourced table, checks the form (and, for a game whose reference values say why, that the
reason is given); `check_rulebook_sources`, run once over the whole pack, checks that the id
after "rulebook " is a section of that game's index, wherever in the pack the source stands.
A source naming no section is refused like any other pack fault, with a `ContentError`
`<path>: <rule>` naming the source's path and the unknown id, e.g.
`item[0].encumbrance.source: no section "v-d-9" in the index of the Batman: Gotham City
Chronicles rulebook (a rulebook source names a section by its id)`. A section's id is matched
exactly: a label (`V·D·1 [a]`) or another spelling is refused, the message giving the id it
stands for.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

from rules_core.engine.content_limits import at_key, fail, quote, walk
from rules_core.rulebooks.index import get_book

SOURCE_KEY: Final = "source"
REFERENCE: Final = "reference"  # the project's own value, where the book is silent
RULEBOOK: Final = "rulebook "  # a rulebook source's prefix; the section's id follows it


def check_source(entry: Mapping[str, object], where: str, reason: str | None = None) -> None:
    """Refuse a sourced table (at `where`) whose `source` is not "reference" or "rulebook
    <section id>", with `ContentError("<where>.source: ...")`; with `reason`, a reference
    entry must also give its reason as a text under that key (`<where>.<reason>: ...`)."""
    source = entry.get(SOURCE_KEY)
    named = isinstance(source, str) and source.startswith(RULEBOOK) and source[len(RULEBOOK) :]
    if not (source == REFERENCE or named):
        raise fail(at_key(where, SOURCE_KEY), 'must be "reference" or "rulebook <section id>"')
    if reason is not None and source == REFERENCE:
        why = entry.get(reason)
        if not isinstance(why, str) or not why.strip():
            raise fail(at_key(where, reason), "a reference value says why it was chosen")


def rulebook_sources(data: object) -> Iterator[tuple[str, str]]:
    """(path, section id) of every `source` in the pack that names a rulebook section, in
    document order (the pack's shape already checked: `check_pack_shape`)."""
    for value, path, _ in walk(data):
        found = value.get(SOURCE_KEY) if isinstance(value, dict) else None
        if isinstance(found, str) and found.startswith(RULEBOOK):
            yield at_key(path, SOURCE_KEY), found[len(RULEBOOK) :]


def check_rulebook_sources(data: object, book: str) -> None:
    """Refuse the first source of the pack naming a section that `book`'s index lacks, with
    `ContentError("<path>.source: no section ...")`; else return."""
    index = get_book(book)
    for path, section in rulebook_sources(data):
        try:
            index.section(section)
        except KeyError:
            meant = index.find(section) if section.strip() else None
            hint = (
                f"its id is {quote(meant.id)}"
                if meant is not None
                else "a rulebook source names a section by its id"
            )
            rule = f"no section {quote(section)} in the index of the {index.title} rulebook"
            raise fail(path, f"{rule} ({hint})") from None
