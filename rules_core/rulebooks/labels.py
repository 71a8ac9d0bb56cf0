"""Section references in any common spelling: `V·C·1 [a]`, `V.C.1.a`, `v c 1 a`, `VC1a`, ids."""

from __future__ import annotations

import re

_NOT_ALNUM = re.compile(r"[^a-z0-9]+")


def ref_key(ref: str) -> str:
    """A spelling-independent key: lowercase letters and digits only (`V·C·1 [a]` -> `vc1a`).

    It can be ambiguous (`VII I` and `VIII` both give `viii`); `separated_key` keeps the parts.
    """
    return _NOT_ALNUM.sub("", ref.lower())


def separated_key(ref: str) -> str:
    """Lowercase parts joined by '-' (`V·C·1 [a]`, `V.C.1.a`, `v c 1 a` -> `v-c-1-a`)."""
    return _NOT_ALNUM.sub("-", ref.lower()).strip("-")
