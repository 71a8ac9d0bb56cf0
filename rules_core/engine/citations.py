"""Which rulebook sections a game cites, and from where (event types and rejection codes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_core.engine.spec import GameSpec
from rules_core.engine.types import Citation


@dataclass(frozen=True, slots=True)
class CitationUse:
    """One place a game cites a section: an event type or a rejection code."""

    citation: Citation
    game: str
    kind: str  # "event" | "rejection"
    name: str


def citation_uses(spec: GameSpec[Any]) -> list[CitationUse]:
    """Every citation a game's events and rejections carry."""
    uses = [
        CitationUse(c, spec.slug, "event", name)
        for name, event_type in spec.event_types.items()
        for c in (*event_type.citations, *event_type.may_cite)
    ]
    uses += [
        CitationUse(c, spec.slug, "rejection", code)
        for code, citations in spec.rejections.items()
        for c in citations
    ]
    return uses
