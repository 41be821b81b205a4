"""The ports: async protocols for what answering needs from outside (HR reads, the audit sink, the inbox,
feedback), with the values they exchange. No SQLAlchemy here; the SQL implementations are in `bot/db/`."""
