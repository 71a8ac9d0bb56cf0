"""Gotham City Strategy's one-move prompts (bench/one_move_prompts.py with --game
gotham-city-strategy, at 2 and 4 players unless told otherwise), kept for the command its
README cites.

    PYTHONPATH=. .venv/bin/python bench/gcs_one_move_prompts.py [--seeds 20] [--players 2 4]"""

from __future__ import annotations

import sys

from bench.one_move_prompts import main

if __name__ == "__main__":
    if "--players" not in sys.argv:
        sys.argv += ["--players", "2", "4"]
    main("gotham-city-strategy")
