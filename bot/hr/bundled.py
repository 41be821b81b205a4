"""The bundled demo HR data: five employees, 2024–2026, in the JSON import format. Its single source is
the top-level fixtures/ folder, shipped inside the package as `bot.fixtures`."""

from __future__ import annotations

from datetime import date
from importlib import resources
from pathlib import Path

# The data's examples ("올해" = 2026) read as written on this date, so demo and chat on the bundled data
# keep it (unless OFFICEBOT_TODAY says otherwise) and still work in later years.
BUNDLED_DATA_TODAY = date(2026, 11, 29)


def bundled_data_path() -> Path:
    """The file on disk (the package is installed unpacked, as pip does)."""
    return Path(str(resources.files("bot.fixtures").joinpath("employees.json")))
