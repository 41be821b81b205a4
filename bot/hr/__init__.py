"""HR data: who is asking (the directory), and HR's files imported into and exported from the database.
The values are in `bot/domain/`, the ports in `bot/ports/hr.py`, their SQL in `bot/db/hr.py`."""
