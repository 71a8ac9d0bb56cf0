"""Small pieces of English shared by the games' stories."""

from __future__ import annotations

from collections.abc import Sequence


def listed(parts: Sequence[str]) -> str:
    """Words joined as a person lists them: "a", "a and b", "a, b and c" ("" for none)."""
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
