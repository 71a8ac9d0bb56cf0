"""Full-text search over sections: an FTS5 table on SQLite (PostgreSQL searches the rows)."""

from django.db import migrations

CREATE = """
CREATE VIRTUAL TABLE IF NOT EXISTS api_section_fts USING fts5(
    book UNINDEXED, title, label, keywords, summary, text,
    tokenize = 'porter unicode61 remove_diacritics 2'
)
"""


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(CREATE)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute("DROP TABLE IF EXISTS api_section_fts")


class Migration(migrations.Migration):
    dependencies = [("api", "0002_rulebooks")]
    operations = [migrations.RunPython(create, drop)]
