"""Rule search compares a question with the imported book text too: each section keeps its text's
passage vectors, computed at import (a book imported before has none until imported again)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('api', '0010_head_state_from_snapshots'),
    ]

    operations = [
        migrations.AddField(
            model_name='section',
            name='text_vectors',
            field=models.BinaryField(blank=True, default=b'', help_text="the text's passages as sentence vectors (rules_core.rulebooks.text_vectors)"),
        ),
    ]
