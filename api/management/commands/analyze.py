"""manage.py analyze GAME_ID: run the replay analysis here, with a progress bar."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from api import analysis_services
from api.limits import ANALYSIS_ITERATIONS, ANALYSIS_SECONDS
from api.management.commands.simulate import progress_bar
from api.models import Event, Game


class Command(BaseCommand):
    help = "Analyse every decision of a game into annotations (as POST .../analysis/ does)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_id", type=int)
        parser.add_argument("--iterations", type=int, default=200)
        parser.add_argument("--seconds", type=float, default=0.5)

    def handle(self, *args: Any, **options: Any) -> None:
        game = Game.objects.filter(pk=options["game_id"]).first()
        if game is None:
            raise CommandError(f"no game {options['game_id']}")
        if not Event.objects.filter(game=game, move__isnull=False).exists():
            raise CommandError("the game has no moves to analyse")
        for name, (least, most) in (
            ("iterations", ANALYSIS_ITERATIONS),
            ("seconds", ANALYSIS_SECONDS),
        ):
            if not least <= options[name] <= most:
                raise CommandError(f"--{name} must be from {least} to {most}")
        analysis = analysis_services.analysis_begin(
            game=game, iterations=options["iterations"], seconds=options["seconds"]
        )
        while True:
            run = analysis_services.game_analyze(analysis_id=analysis.pk, seconds=1.0)
            analysis.refresh_from_db()
            sys.stderr.write(f"\r{progress_bar(analysis.done, analysis.total)}")
            if not run.more:
                break
        sys.stderr.write("\n")
        marks = game.annotations.filter(source="analysis", data__mark=True).count()
        self.stdout.write(
            f"game {game.pk}: {analysis.done} decisions analysed, {marks} marked as losing value"
        )
