"""Storage: games, seats, the append-only event log, snapshots, idempotency records, annotations."""

from __future__ import annotations

from django.db import models

from api.limits import SEAT_NAME_CHARS


class Game(models.Model):
    """One game of a registered GameSpec; `version` is the seq of its last event."""

    class Status(models.TextChoices):
        ACTIVE = "active"
        FINISHED = "finished"

    game = models.CharField(max_length=64, db_index=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    version = models.PositiveIntegerField(default=0)
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)
    seed = models.BigIntegerField(help_text="server-side secret; never shown to players")
    rules_version = models.PositiveSmallIntegerField(
        default=1, help_text="the game's GameSpec.rules_version when this game was created"
    )
    seeded = models.BooleanField(
        default=False, help_text="the creator chose the seed, so could know every deal"
    )
    forked_from = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="forks",
        help_text="the finished game this one was forked from (its first fork_at events copied)",
    )
    fork_at = models.PositiveIntegerField(null=True, blank=True)
    decided_from = models.PositiveIntegerField(
        default=1,
        help_text="the first seq verify_log re-decides under this game's rules: a fork of a game "
        "of older rules copies events those decided (checked by their chain and replay only)",
    )
    bot_seconds = models.FloatField(
        default=0.0, help_text="thinking time its bots have spent (GOTHAM_BOT_SECONDS_PER_GAME)"
    )
    earlier_seeds = models.JSONField(
        default=list,
        blank=True,
        help_text="[[last_seq, seed], ...]: the events up to last_seq were decided with that seed "
        "(a fork's copied events); later events with `seed`. Server-side secrets.",
    )
    head_hash = models.CharField(max_length=64, default="")
    bot_seats = models.JSONField(default=list, help_text="indexes of the seats bots play")
    to_act = models.JSONField(default=list)
    outcome = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk} (v{self.version}, {self.status})"

    def seed_for(self, seq: int) -> int:
        """The secret seed that decided the events from `seq` on (a fork's copied events were
        decided with the seeds of the games it came from)."""
        for last_seq, seed in self.earlier_seeds:
            if seq <= last_seq:
                return int(seed)
        return self.seed


class Seat(models.Model):
    """A seat at a game: a person (with a secret token, stored hashed) or a bot."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=SEAT_NAME_CHARS, blank=True)
    bot = models.CharField(max_length=32, blank=True)
    bot_options = models.JSONField(default=dict, blank=True)
    token_hash = models.CharField(max_length=64, blank=True, db_index=True)
    autopilot = models.CharField(
        max_length=32, blank=True, help_text="the bot playing a person's seat for them, if any"
    )

    class Meta:
        ordering = ["game", "index"]
        constraints = [models.UniqueConstraint(fields=["game", "index"], name="unique_seat")]

    def __str__(self) -> str:
        return f"seat {self.index} of game {self.game_id}"


class Event(models.Model):
    """One entry of a game's append-only log, chained by hash to the one before."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=64)
    schema = models.PositiveSmallIntegerField(
        default=1, help_text="the version of the event's data when written (older is upcast)"
    )
    seat = models.SmallIntegerField(null=True)
    data = models.JSONField()
    citations = models.JSONField(default=list)
    move = models.JSONField(
        null=True, blank=True, help_text="on the first event of a move's events: the move itself"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="unique_event_seq")]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.seq} {self.type}"


class Snapshot(models.Model):
    """The folded state of a game at `seq`, so reading the head costs the same at any length."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    state = models.JSONField()
    rules_version = models.PositiveSmallIntegerField(
        default=1, help_text="states of other rules versions are not read (the log is re-folded)"
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="unique_snapshot")]


class IdempotencyRecord(models.Model):
    """The first answer to a move POSTed with an Idempotency-Key, returned again on a retry."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="idempotency_records")
    key = models.CharField(max_length=200)
    seat = models.PositiveSmallIntegerField()
    request_hash = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat", "key"], name="unique_idempotency_key")
        ]


class Analysis(models.Model):
    """A replay analysis of a game by a bot, run on a worker; progress is `done` of `total`."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="analysis")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=0, help_text="the log length analysed")
    settings = models.JSONField(default=dict)
    spent_seconds = models.FloatField(default=0.0, help_text="worker time spent so far")
    error = models.TextField(blank=True)
    made_by = models.PositiveSmallIntegerField(
        default=1,
        help_text="the analysis version that made it (bots.analysis.analysis_version of its game)",
    )
    updated_at = models.DateTimeField(auto_now=True)


class Annotation(models.Model):
    """A note on one event of a game: from analysis or from a person."""

    class Source(models.TextChoices):
        ANALYSIS = "analysis"
        PERSON = "person"
        TABLE = "table"  # who plays a seat changed (autopilot)

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="annotations")
    seq = models.PositiveIntegerField()
    source = models.CharField(max_length=16, choices=Source.choices)
    # a seat's name or a signed-in user's (Django's usernames take 150 characters)
    author = models.CharField(max_length=150, blank=True)
    text = models.TextField(blank=True)
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq", "id"]
        indexes = [models.Index(fields=["game", "seq"])]


class Rulebook(models.Model):
    """A rulebook whose section index the service holds (loaded from rules_core/rulebooks)."""

    slug = models.SlugField(max_length=64, unique=True)
    title = models.CharField(max_length=200)
    source = models.CharField(max_length=200, help_text="the file name import_rulebook expects")
    form = models.CharField(max_length=16)
    imported_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.title


class Section(models.Model):
    """One indexed section: our summary always, the book's own text once it has been imported."""

    book = models.ForeignKey(Rulebook, on_delete=models.CASCADE, related_name="sections")
    sid = models.CharField("section id", max_length=120)
    ref_key = models.CharField(max_length=120, db_index=True)
    label = models.CharField(max_length=60, blank=True)
    label_key = models.CharField(max_length=60, blank=True, db_index=True)
    title = models.CharField(max_length=200)
    page = models.PositiveIntegerField(null=True, blank=True)
    parent_sid = models.CharField(max_length=120, blank=True)
    chapter = models.CharField(max_length=120, blank=True, help_text="the top-level section")
    position = models.PositiveIntegerField()
    summary = models.TextField()
    keywords = models.TextField(blank=True, help_text="space-separated")
    related = models.JSONField(default=list)
    text = models.TextField(blank=True, help_text="the book's original text, from import_rulebook")
    text_vectors = models.BinaryField(
        blank=True,
        default=b"",
        help_text="the text's passages as sentence vectors (rules_core.rulebooks.text_vectors)",
    )

    class Meta:
        ordering = ["book", "position"]
        constraints = [models.UniqueConstraint(fields=["book", "sid"], name="unique_section")]

    def __str__(self) -> str:
        return f"{self.book.slug} {self.label or self.sid} {self.title}"
