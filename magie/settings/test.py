"""Test settings: the same real PostgreSQL and broker, tasks run inline unless a test starts a real worker.

A test run is a development deployment (local keys under the data folder) even against a real DATABASE_URL; the
environment variable is set before base.py reads it, so worker and server processes the tests start inherit it.
Tests of the production configuration start their own processes with their own environment.
"""

import os

os.environ.setdefault("MAGIE_DEPLOYMENT", "development")
os.environ.setdefault("MAGIE_SIMULATOR", "true")  # off unless enabled: the tests of the simulator use it
# The repo's fake OpenAI-compatible server listens on 127.0.0.1 (a random port): listed explicitly, as an operator
# would list a local model server; nothing else internal is allowed.
os.environ.setdefault("MAGIE_MODEL_URL_ALLOWLIST", "https://api.openai.com/v1,http://127.0.0.1:*/v1")

from magie.settings.base import *  # noqa: E402, F403

CELERY_TASK_ALWAYS_EAGER = True
# The webhook publishes a stored body's task on the request thread, in close(): Django's test client calls close()
# before it returns, so a test reads what its request published. The servers tests start (magie.settings.base) hand
# it to their publishing thread, as production does (whatsapp.publisher, tested through the real server).
WHATSAPP_PUBLISH_AFTER_RESPONSE = "inline"
# Many tests post badly signed webhooks from 127.0.0.1 within a minute: the per-address hold-back
# (whatsapp.strangers) is exercised by its own tests, which lower this.
WHATSAPP_SIGNATURE_FAILURES_LIMIT = 1_000_000
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # speed; real hashing is Django's job
# The test process uses plain connections (pytest-django builds and flushes the test database through them); the
# processes the tests start — `manage.py up`, servers, workers — run magie.settings.base, pool included.
DATABASES["default"]["OPTIONS"].pop("pool", None)  # noqa: F405
DATABASES["default"]["CONN_MAX_AGE"] = 60  # noqa: F405
# Templates render {% static %} without a collected manifest.
STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}  # noqa: F405
