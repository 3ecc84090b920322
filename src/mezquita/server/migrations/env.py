"""Alembic environment: runs on the connection `store.migrate` passes in."""

from alembic import context

from mezquita.server.models import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
