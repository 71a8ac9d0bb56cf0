"""People's comments on a game's events, within the limits per author and per game."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from api.errors import InvalidRequest, LimitReached
from api.models import Annotation, Game
from rules_core.engine.content_limits import hidden_control, shows_nothing


def annotation_add(*, game: Game, seq: int, text: str, author: str) -> Annotation:
    """A person's comment on one event of a game; `author` is the seat's (or user's) name.
    Each author may leave GOTHAM_ANNOTATIONS_PER_AUTHOR on a game, and a game holds at most
    GOTHAM_ANNOTATIONS_PER_GAME (a replay carries every comment to every reader)."""
    if not 1 <= seq <= game.version:
        raise InvalidRequest(f"seq must be between 1 and {game.version}.")
    if shows_nothing(text):  # spaces alone never get here: the input refuses them as no text
        raise InvalidRequest(
            "A comment shows nothing (blank braille cells draw as spaces): write one that can "
            "be read."
        )
    control = hidden_control(text)
    if control is not None:  # every reader of the replay sees it: it must read as it shows
        raise InvalidRequest(
            f"A comment is text and line breaks, without control characters ({control})."
        )
    people = Annotation.objects.filter(game=game, source=Annotation.Source.PERSON)
    mine, everyone = settings.GOTHAM_ANNOTATIONS_PER_AUTHOR, settings.GOTHAM_ANNOTATIONS_PER_GAME
    with transaction.atomic():  # counted and added under the game's lock: parallel posts wait
        Game.objects.select_for_update().filter(pk=game.pk).first()
        if people.filter(author=author).count() >= mine:
            raise LimitReached(
                f"{author} has left the {mine} comments one author may leave on a game."
            )
        if people.count() >= everyone:
            raise LimitReached(f"This game holds the {everyone} comments a game may hold.")
        return Annotation.objects.create(
            game=game, seq=seq, source=Annotation.Source.PERSON, author=author, text=text
        )
