"""Rule search ranks in Python, the same on every database (issue 19): the FTS5 table (SQLite) and
the tsvector column (PostgreSQL) it used to rank with are no longer written or read."""

from importlib import import_module

from django.db import migrations


def drop_fts(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute("DROP TABLE IF EXISTS api_section_fts")


def create_fts(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(import_module("api.migrations.0003_section_fts").CREATE)


class Migration(migrations.Migration):
    dependencies = [("api", "0008_forks")]
    operations = [
        migrations.RunPython(drop_fts, create_fts),
        migrations.RemoveField(model_name="section", name="search_vector"),
    ]
