"""manage.py simulate GAME --bots mcts,random --games N: a bot tournament with win rates."""

from __future__ import annotations

import os
import random
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules_core.bots import BOTS
from rules_core.bots.tournament import Match, Tally, play_games, seating
from rules_core.engine import fold, get_game

MAX_JOBS = os.cpu_count() or 1


def progress_bar(done: int, total: int, width: int = 30) -> str:
    filled = int(width * done / max(total, 1))
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"


class Command(BaseCommand):
    help = "Play bots against each other and print win rates (95% intervals) and time per move."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game")
        parser.add_argument("--bots", default="mcts,random", help="comma-separated, one per seat")
        parser.add_argument("--games", type=int, default=20)
        parser.add_argument("--players", type=int, help="seats (default: one per bot named)")
        parser.add_argument("--iterations", type=int, help="mcts iterations per move")
        parser.add_argument("--seconds", type=float, help="mcts seconds per move")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument(
            "--jobs", type=int, default=1, help=f"processes (1 to {MAX_JOBS}, this machine's cores)"
        )
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="NAME",
            help="switch on one of the game's on/off options (see the catalog), e.g. variant",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            spec = get_game(options["game"])
        except KeyError:
            raise CommandError(f"no game {options['game']!r}") from None
        bots = [b.strip() for b in options["bots"].split(",") if b.strip()]
        unknown = [b for b in bots if b not in BOTS]
        if unknown or not bots:
            raise CommandError(f"unknown bots {unknown}; bots: {', '.join(sorted(BOTS))}")
        players = options["players"] or len(bots)
        if not spec.min_players <= players <= spec.max_players:
            raise CommandError(
                f"{spec.slug} is for {spec.min_players} to {spec.max_players} players"
            )
        bot_options = {k: options[k] for k in ("iterations", "seconds") if options[k] is not None}
        switches = {
            name
            for name, entry in spec.options_schema().items()
            if isinstance(entry, dict) and entry.get("type") == "boolean"
        }
        wrong = sorted(set(options["option"]) - switches)
        if wrong:
            raise CommandError(
                f"{spec.slug} has no on/off option {wrong}; it has {sorted(switches)}"
            )
        if not 1 <= options["jobs"] <= MAX_JOBS:
            raise CommandError(f"--jobs is 1 to {MAX_JOBS} (this machine's cores)")
        game_options = dict.fromkeys(options["option"], True)
        matches = [
            Match(
                spec.slug,
                tuple(seating(bots, players, number)),
                options["seed"] + number,
                game_options,
                bot_options,
            )
            for number in range(options["games"])
        ]
        tally = Tally()
        for result in play_games(matches, options["jobs"]):
            tally.add(result)
            sys.stderr.write(f"\r{progress_bar(tally.games, options['games'])}")
        sys.stderr.write("\n")
        self.stdout.write(
            f"{spec.slug}: {tally.games} games, {players} seats; "
            f"{tally.no_seat_won} won by no seat (counted apart)"
        )
        self.stdout.write(
            f"{'bot':<8} {'win rate':>9} {'95% interval':>16} {'decided':>8} {'s/move':>8}"
        )
        for bot in dict.fromkeys(bots):
            rate, low, high, n = tally.rate(bot)
            self.stdout.write(
                f"{bot:<8} {rate:>9.1%} {f'{low:.1%}-{high:.1%}':>16} {n:>8} "
                f"{tally.seconds_per_move(bot):>8.3f}"
            )
        names = spec.seat_names(fold(spec, spec.setup(players, game_options, random.Random(0))))
        self.stdout.write(f"{'seat':<16} {'win rate':>9} {'95% interval':>16} {'decided':>8}")
        for seat in range(players):
            rate, low, high, n = tally.seat_rate(seat)
            name = f"{seat} {names[seat]}" if seat < len(names) else str(seat)
            self.stdout.write(f"{name[:16]:<16} {rate:>9.1%} {f'{low:.1%}-{high:.1%}':>16} {n:>8}")
