"""manage.py verify_log [GAME_ID]: hash chains, snapshots, every move re-decided by the rules."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.log_check import log_problems, redecided
from api.models import Game


class Command(BaseCommand):
    help = "Verify the hash chain and snapshots of one game (or every game); non-zero on a problem."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_id", nargs="?", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.all().order_by("id")
        if options["game_id"] is not None:
            games = games.filter(pk=options["game_id"])
            if not games.exists():
                raise CommandError(f"no game {options['game_id']}")
        broken = 0
        for game in games.iterator():
            problems = list(log_problems(game))
            if problems:
                broken += 1
                for problem in problems:
                    self.stderr.write(f"game {game.pk}: {problem}")
            elif redecided(game):
                self.stdout.write(f"game {game.pk}: ok ({game.version} events)")
            else:
                self.stdout.write(
                    f"game {game.pk}: ok ({game.version} events; played under rules version "
                    f"{game.rules_version}: chain and replay checked, moves not re-decided)"
                )
        if broken:
            raise CommandError(f"{broken} game(s) with a broken log")
