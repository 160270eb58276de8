"""Browser tests use the shared fixtures of the root conftest (`browser`, `page`, `site`)."""
