"""The database: one SQLAlchemy async engine (SQLite embedded by default, PostgreSQL in production), its
tables, and the Alembic migrations that create them."""
