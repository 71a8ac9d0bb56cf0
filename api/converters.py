"""URL converters: a row id in a path is a whole number the database can hold."""

from __future__ import annotations

from django.urls import register_converter


class RowIdConverter:
    """At most 18 digits, so any id in a path fits a 64-bit integer column (else 404)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(RowIdConverter, "id")
