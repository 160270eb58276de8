"""Test settings: the same real PostgreSQL and broker, tasks run inline unless a test starts a real worker."""

from magie.settings.base import *  # noqa: F403

CELERY_TASK_ALWAYS_EAGER = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # speed; real hashing is Django's job
