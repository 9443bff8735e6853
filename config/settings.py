"""Settings for Marque-carte, read from the environment.

Every variable is listed in the README's configuration table. Bad values stop the
start-up with ImproperlyConfigured and a message naming the variable
(see ``config/env.py``).
"""

from datetime import timedelta
from pathlib import Path

from csp.constants import NONE, SELF

from config.env import (
    allowed_hosts,
    caches,
    channel_layers,
    csrf_trusted_origins,
    database_config,
    env_bool,
    env_choice,
    env_int,
    env_list,
    env_str,
    secret_key,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", True)
SECRET_KEY = secret_key(DEBUG)
ALLOWED_HOSTS = allowed_hosts(DEBUG)
CSRF_TRUSTED_ORIGINS = csrf_trusted_origins()

# Daphne serves the app from its own command (`make run`); it is not an installed app,
# because its AppConfig imports Twisted (~0.3 s) into every manage.py command,
# score_game included.
INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "axes",  # login throttling
    "csp",
    # The simple config leaves TEMPLATES alone; the loaders are spelled out below.
    "template_partials.apps.SimpleAppConfig",
    "scorekeeper",
    "referee",
    "leagues",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.headers.SecurityHeadersMiddleware",  # Permissions-Policy, CORP, noindex on secret URLs
    # Pages go out compressed (a sheet is ~5 KB instead of ~60); Django's GZip
    # middleware pads responses against BREACH. Static files come pre-compressed.
    "django.middleware.gzip.GZipMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.middleware.not_allowed.FormOnlyAddressMiddleware",  # our page for a GET on a form's address
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its own answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        # No APP_DIRS: it cannot be combined with explicit loaders. The partials
        # loader wraps the cached one, so "page.html#partial" names a partial.
        "OPTIONS": {
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
            "builtins": ["template_partials.templatetags.partials"],
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": database_config(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'data' / 'db.sqlite3'}"),
        BASE_DIR,
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CHANNEL_LAYERS = channel_layers(env_str("REDIS_URL"))
CACHES = caches(env_str("REDIS_URL"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses a locked-out login before checking it
    "django.contrib.auth.backends.ModelBackend",
]
# Login throttling: 5 failures for one username from one address lock it for 15 minutes.
# Organisers sign in once per device; a guessing script is stopped after five tries.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked.html"
AXES_VERBOSE = False
# The address is the one config/proxy.py settled on: the trusted proxy's X-Real-IP, else the peer.
AXES_CLIENT_IP_CALLABLE = "config.proxy.client_address"

# Proxies whose X-Real-IP is believed (config/proxy.py); nobody by default. The
# production recipe (tools/serve_prod.sh) sets 127.0.0.1: its nginx.
TRUSTED_PROXIES = env_list("DJANGO_TRUSTED_PROXIES", [])

# Limits against abuse (docs/deploy.md, "What is capped"). Each refusal says why.
# Join-code guesses a minute (referee/limits/guesses.py): a phone's typos lock only
# that phone; the address's cap is high enough for a bar whose phones share one Wi-Fi.
GUESSES_PER_DEVICE = env_int("GUESSES_PER_DEVICE", 10, minimum=1)
GUESSES_PER_ADDRESS = env_int("GUESSES_PER_ADDRESS", 60, minimum=1)
# Joins and join requests a minute at one table from phones that are not at it: seats and
# the referee's role, and spectators, each counted apart (a flood of spectators never keeps
# a player from sitting), and one device's share of each a minute.
JOINS_PER_TABLE = env_int("JOINS_PER_TABLE", 30, minimum=1)
JOINS_PER_DEVICE = env_int("JOINS_PER_DEVICE", 3, minimum=1)
SPECTATORS_PER_TABLE = env_int("SPECTATORS_PER_TABLE", 20, minimum=0)
SPECTATORS_PER_DEVICE = env_int("SPECTATORS_PER_DEVICE", 2, minimum=1)  # spectators one device holds at a table
JOIN_REQUESTS_PENDING = env_int("JOIN_REQUESTS_PENDING", 5, minimum=1)  # per table; one per device
# A live table's sockets (referee/limits/gates.py): messages a second (and at once)
# per member, and per client address over all its sockets.
SOCKET_MESSAGES_RATE = env_int("SOCKET_MESSAGES_RATE", 8, minimum=1)
SOCKET_MESSAGES_BURST = env_int("SOCKET_MESSAGES_BURST", 20, minimum=1)
ADDRESS_MESSAGES_RATE = env_int("ADDRESS_MESSAGES_RATE", 60, minimum=1)
ADDRESS_MESSAGES_BURST = env_int("ADDRESS_MESSAGES_BURST", 150, minimum=1)
ADDRESS_SOCKETS_RATE = env_int("ADDRESS_SOCKETS_RATE", 2, minimum=1)  # live tables' sockets opened a second
ADDRESS_SOCKETS_BURST = env_int("ADDRESS_SOCKETS_BURST", 40, minimum=1)  # ... and at once
# ... those two for the sockets of spectators and of phones not yet known; one device's share
# of them (a device is its cookie; the phones of an address without one share one share).
DEVICE_SOCKETS_RATE = env_int("DEVICE_SOCKETS_RATE", 1, minimum=1)
DEVICE_SOCKETS_BURST = env_int("DEVICE_SOCKETS_BURST", 10, minimum=1)
# Round saves a minute per game and device (scorekeeper/views/game/rounds.py).
ROUND_SAVES_PER_MINUTE = env_int("ROUND_SAVES_PER_MINUTE", 12, minimum=1)

# Content-Security-Policy (django-csp): scripts, styles and everything else from this
# site only. No inline script, style or hx-on handler anywhere (htmx's own indicator
# style is turned off in base.html's htmx-config); WebSockets to this host are 'self'.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "leagues:index"

# French first: French is both the default language and the language the
# templates are written in; locale/en holds the English catalogue.
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "Europe/Paris"

STATIC_URL = "static/"
# Where `collectstatic` writes and WhiteNoise and nginx read; another folder lets two
# instances on one machine (the recipe's tests) collect without racing each other.
STATIC_ROOT = Path(env_str("DJANGO_STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# The web app manifest under its own type, when WhiteNoise serves it (nginx: its template).
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json"}
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed names need `collectstatic` first (`make run` does it);
    # with debug on, and in tests (tests/conftest.py), plain names are served.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# HTTPS. With debug off everything defaults to on; each can be turned off for
# a deployment that needs it (e.g. TLS ended by a proxy that already redirects).
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
# Health checks come over plain HTTP from the machine itself (docs/deploy.md).
SECURE_REDIRECT_EXEMPT = [r"^healthz(/live)?$"]
if env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", not DEBUG)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {
        "handlers": ["console"],
        "level": env_choice(
            "DJANGO_LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
        ),
    },
}
