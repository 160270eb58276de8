"""`env_or_embedded`: the environment's URL when set, else the embedded server's (booted only then)."""

import pytest

from magie import embedded
from magie.settings import base


def test_the_environment_wins(monkeypatch):
    monkeypatch.setenv("MAGIE_TEST_URL", "redis://elsewhere:6379/0")
    monkeypatch.setattr(embedded, "embedded_redis_url", lambda data_dir: pytest.fail("booted an embedded server"))
    assert base.env_or_embedded("MAGIE_TEST_URL", "embedded_redis_url") == ("redis://elsewhere:6379/0", False)


@pytest.mark.parametrize("value", [None, ""])
def test_unset_or_empty_boots_the_embedded_server_under_the_data_dir(monkeypatch, value):
    if value is None:
        monkeypatch.delenv("MAGIE_TEST_URL", raising=False)
    else:
        monkeypatch.setenv("MAGIE_TEST_URL", value)
    monkeypatch.setattr(embedded, "embedded_postgres_uri", lambda data_dir: f"postgresql:///x?host={data_dir}")
    assert base.env_or_embedded("MAGIE_TEST_URL", "embedded_postgres_uri") == (
        f"postgresql:///x?host={base.DATA_DIR}", True)


def test_the_settings_name_servers_magie_embedded_has():
    assert callable(embedded.embedded_postgres_uri) and callable(embedded.embedded_redis_url)
