"""The game row no longer holds the whole head state (rewritten on every move): the head is read
from each process's cache, or folded from the latest snapshot and the few events after it."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("api", "0009_search_ranked_in_python")]

    operations = [migrations.RemoveField(model_name="game", name="state")]
