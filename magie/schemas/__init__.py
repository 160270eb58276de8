"""Organisations' schemas at scale: the migration executor that skips schemas already current, a new organisation's
schema from a migrated template, the PostgreSQL client tools, and a schema's catalog as comparable data."""
