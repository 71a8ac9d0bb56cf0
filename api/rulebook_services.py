"""Writes for the rules reference: syncing the section index into the database, importing text."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from api.models import Rulebook, Section
from rules_core.rulebooks import Book, all_books, get_book
from rules_core.rulebooks.labels import ref_key
from rules_core.rulebooks.source_text import cut_sections, read_source
from rules_core.rulebooks.text_vectors import encode_sections, to_bytes


def _chapter(book: Book, section_id: str) -> str:
    """The top-level ancestor of a section."""
    current = book.section(section_id)
    while current.parent:
        current = book.section(current.parent)
    return current.id


@transaction.atomic
def rulebooks_sync() -> int:
    """Bring the database's books and sections in line with the index; imported text is kept."""
    count = 0
    for book in all_books():
        row, _ = Rulebook.objects.update_or_create(
            slug=book.slug, defaults={"title": book.title, "source": book.source, "form": book.form}
        )
        existing = {s.sid: s for s in Section.objects.filter(book=row)}
        keep: set[str] = set()
        for position, entry in enumerate(book.sections):
            values = {
                "ref_key": ref_key(entry.id),
                "label": entry.label,
                "label_key": ref_key(entry.label),
                "title": entry.title,
                "page": entry.page,
                "parent_sid": entry.parent or "",
                "chapter": _chapter(book, entry.id),
                "position": position,
                "summary": entry.summary,
                "keywords": " ".join(entry.keywords),
                "related": list(entry.related),
            }
            current = existing.get(entry.id)
            if current is None:
                Section.objects.create(book=row, sid=entry.id, **values)
            elif any(getattr(current, k) != v for k, v in values.items()):
                for key, value in values.items():
                    setattr(current, key, value)
                current.save()
            keep.add(entry.id)
            count += 1
        Section.objects.filter(book=row).exclude(sid__in=keep).delete()
    return count


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import found: sections given their original text, and sections not found."""

    book: str
    found: tuple[str, ...]
    missing: tuple[str, ...]
    stored: bool


@transaction.atomic
def rulebook_import(*, book: str, raw: str, allow_missing: bool = False) -> ImportReport:
    """Attach the original text of a user's rulebook file to the indexed sections, with its
    passages' sentence vectors (rules_core.rulebooks.text_vectors; recomputed at every import).

    Nothing is stored when a section is not found (likely the wrong file or edition), unless
    `allow_missing`: then the found sections get their text and the others lose theirs.
    """
    entry = get_book(book)
    rulebooks_sync()
    cut = cut_sections(entry, read_source(raw, entry.form))
    if cut.missing and not allow_missing:
        return ImportReport(book, tuple(cut.texts), cut.missing, stored=False)
    row = Rulebook.objects.get(slug=book)
    vectors = encode_sections(cut.texts)
    for section in Section.objects.filter(book=row):
        section.text = cut.texts.get(section.sid, "")
        found = vectors.get(section.sid)
        section.text_vectors = b"" if found is None else to_bytes(found)
        section.save(update_fields=["text", "text_vectors"])
    row.imported_at = timezone.now()
    row.save(update_fields=["imported_at"])
    return ImportReport(book, tuple(cut.texts), cut.missing, stored=True)
