"""HR's data in and out of the database (`bot/db/import_export/`): the import, its dry run and its
problems, the export, and `data check`. Named here so the terminal's `data` commands and HR's uploads in
Slack reach storage through `bot.services`, the one door."""

from __future__ import annotations

from bot.db.import_export import (
    ImportRefused,
    ImportSummary,
    check_data,
    differences_from_the_act,
    export_data,
    import_files,
)

__all__ = [
    "ImportRefused",
    "ImportSummary",
    "check_data",
    "differences_from_the_act",
    "export_data",
    "import_files",
]
