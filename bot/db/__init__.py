"""The database: one SQLAlchemy async engine (SQLite embedded by default, PostgreSQL in production), its
tables, the Alembic migrations that create them, and the SQL implementations of the ports in
`bot/ports/` (HR reads, audit, inbox, feedback)."""
