"""A caller's hourly allowances: games, forks, games with a bot seat and analyses, each
counted in the clock's hour (api.rate_limits) and refused past its setting with a 429."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings

from api.errors import RateLimited
from api.rate_limits import rate_limit_give_back, rate_limit_take
from rules_core.engine.wording import counted


def within_hour(name: str, caller: str, limit: int, what: tuple[str, str], done: str) -> None:
    """Count one use of `name` by `caller` in the clock's hour: RateLimited past `limit`, saying
    how many of `what` (one, several) may be `done` from one address and when the hour ends."""
    wait = rate_limit_take(f"{name}:{caller}", limit=limit, window=3600)
    if wait is not None:
        raise RateLimited(
            f"At most {counted(limit, *what)} an hour may be {done} from one address; try again"
            f" in {wait} s.",
            extra={"retry_after": wait},
        )


def bot_game_allowed(caller: str, *, counted: str | None) -> None:
    """Count a game with a bot seat (a new one, a fork, or one a seat's autopilot gives its
    first bot) against the caller's hour of them. Refused, it gives back the use just
    `counted` in the hour of games or forks: a refused request costs nothing."""
    limit = settings.GOTHAM_BOT_GAMES_PER_HOUR
    bot_games = ("game with a bot seat", "games with a bot seat")
    try:
        within_hour("bot-games", caller, limit, bot_games, "created")
    except RateLimited:
        if counted is not None:
            hour_given_back(caller, counted)
        raise


def hour_given_back(caller: str, *names: str) -> None:
    """Give back the use of each of `names` just counted for `caller` in the clock's hour: the
    request it counted was refused after all, and a refused request costs nothing."""
    for name in names:
        rate_limit_give_back(f"{name}:{caller}", window=3600)


@contextmanager
def hour_given_back_if_refused(caller: str, *names: str) -> Iterator[None]:
    """The rest of a request the hour has just counted under each of `names`: refused there
    (by any error: a name reading as a role, a set-up refusing its content pack, a move
    appended at the same time), each use is given back, as a refused request costs nothing."""
    try:
        yield
    except Exception:
        hour_given_back(caller, *names)
        raise
