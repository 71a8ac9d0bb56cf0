"""Section references in any common spelling: `V·C·1 [a]`, `V.C.1.a`, `v c 1 a`, `VC1a`, ids."""

from __future__ import annotations

import re

_NOT_ALNUM = re.compile(r"[^a-z0-9]+")


def ref_key(ref: str) -> str:
    """A spelling-independent key: lowercase letters and digits only (`V·C·1 [a]` -> `vc1a`)."""
    return _NOT_ALNUM.sub("", ref.lower())
