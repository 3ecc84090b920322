"""Alembic migrations shipped with the package; `store.migrate` runs them at start."""
