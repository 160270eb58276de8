"""Inbox tests use the root conftest fixtures (the browser ones included)."""
