"""Settings shared by every environment; values come from gotham.settings.environment.

Not used on its own: `development` (what `dev.py run` and manage.py use), `test` and
`production` build on it.
"""

from __future__ import annotations

from gotham.settings.environment import BASE_DIR, ENV, database_config

SECRET_KEY = ENV.secret_key
DEBUG = bool(ENV.debug)
ALLOWED_HOSTS = list(ENV.allowed_hosts)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "api",
    "frontend",
]

MIDDLEWARE = [
    "gotham.middleware.RequestLimitsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "gotham.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "gotham.urls"
CSRF_FAILURE_VIEW = "frontend.views.csrf_failure"  # a form refused by the check, in words
WSGI_APPLICATION = "gotham.wsgi.application"
ASGI_APPLICATION = "gotham.asgi.application"

X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# every page and answer: scripts and styles only from this site, nothing inline, no framing
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'"
)
# the API's browsable docs (Swagger UI) style themselves inline: styles only, never scripts
CONTENT_SECURITY_POLICY_BY_PATH = {
    "/api/docs/": CONTENT_SECURITY_POLICY.replace(
        "style-src 'self'", "style-src 'self' 'unsafe-inline'"
    )
}

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": database_config(ENV.database_url)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "build" / "static"  # `collectstatic` fills it; WhiteNoise serves it

# Costs a caller controls, each refused above its limit (the catalog states them: api/limits.py)
# Packages whose sub-packages are games (rules_core.games is always searched).
GOTHAM_GAME_PACKAGES: list[str] = ["rules_core.games"]
GOTHAM_MAX_BODY_BYTES = 262_144  # a request body; larger is 413
DATA_UPLOAD_MAX_MEMORY_SIZE = GOTHAM_MAX_BODY_BYTES
GOTHAM_MAX_JSON_DEPTH = 32  # nesting of a JSON body
GOTHAM_STREAM_MAX_SECONDS = 600  # one live stream's duration
GOTHAM_STREAMS_PER_CALLER = 4  # open live streams per seat (or per address for spectators)
GOTHAM_ANALYSIS_STARTS_PER_HOUR = 20  # analyses one address may start in an hour
GOTHAM_FORKS_PER_HOUR = 30  # forks one address may make in an hour (each copies a whole log)
GOTHAM_GAMES_PER_HOUR = 120  # games one address may create in an hour
GOTHAM_BOT_GAMES_PER_HOUR = 20  # of those, games with a bot seat (bots spend worker time)
GOTHAM_ANALYSIS_MAX_SECONDS = 1800  # worker time one analysis may spend in all
# thinking time the bots of one game may spend in all; past it they play one move ahead
# (greedy, a few ms a move) to the end, so no game's bots hold a worker without end
GOTHAM_BOT_SECONDS_PER_GAME = 900
GOTHAM_ANNOTATIONS_PER_AUTHOR = 200  # comments one seat (or user) may leave on one game
GOTHAM_ANNOTATIONS_PER_GAME = 1000  # comments on one game from everybody
GOTHAM_AUTOPILOT_CHANGES_PER_SEAT = 20  # times a seat may be handed to a bot or taken back

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": [],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": ["api.parsing.LimitedJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Gotham rules engine API",
    "DESCRIPTION": "Event-sourced tabletop games with rulebook citations.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

CELERY_BROKER_URL = ENV.redis_url or "memory://"
CELERY_RESULT_BACKEND = ENV.redis_url or None
CELERY_TASK_ALWAYS_EAGER = ENV.celery_eager
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

if ENV.redis_url:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": ENV.redis_url,
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

GOTHAM_SNAPSHOT_EVERY = ENV.snapshot_every
# Rule search: BM25F, then the top candidates re-ranked by the sentence model (about 6 ms of CPU
# per question with the 8-bit pass: README, "Look a rule up"); RULES_SEARCH_SEMANTIC=0 keeps
# BM25F alone (a few ms). RULES_SEARCH_ENCODER picks how the question is encoded for the
# re-ranking: `model` (default, the better answers) or `words` (static word vectors, under a
# millisecond; see rules_core.rulebooks.question_encoder).
RULES_SEARCH_SEMANTIC = ENV.rules_search_semantic
RULES_SEARCH_ENCODER = ENV.rules_search_encoder
GOTHAM_REDIS_URL = ENV.redis_url
GOTHAM_TASKS_IN_THREADS = ENV.tasks_in_threads
if ENV.redis_url:
    # a task whose worker died unacknowledged is handed out again after this long
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": ENV.visibility_timeout,
        "unacked_restore_interval": 1,
        "unacked_restore_throttle": 1,
    }
# a task works at most this long, then queues its own continuation (kept below the visibility
# timeout so a task is only handed out again when its worker really died)
GOTHAM_TASK_SLICE_SECONDS = 20.0
# a slice runs at most one more bot move or judged decision past its end (each bounded by the
# bot and analysis limits: 10 s of search); past these the worker stops the task
GOTHAM_TASK_SOFT_TIME_LIMIT = 60
GOTHAM_TASK_TIME_LIMIT = 90
GOTHAM_BOT_DELAY_SECONDS = ENV.bot_delay_seconds
# a game whose bot is to act (or that names nobody to act) with nothing appended this long has
# lost its task (a broker restarted without its queue, a server stopped mid-turn): the longest a
# live task goes without appending is the broker's hand-over of a dead worker's task plus one run
GOTHAM_BOTS_STALLED_SECONDS = ENV.visibility_timeout + GOTHAM_TASK_TIME_LIMIT

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
