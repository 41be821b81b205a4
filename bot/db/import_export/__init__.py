"""HR data in and out of the database as files: `officebot data import / export / check`.

One concept per module, in the order an import runs:
  schema      the CSV columns and the value rules (ids, dates, years, day amounts, booleans), shared
  cells       a CSV cell kept from running as a spreadsheet formula on export, restored on import
  reading     what the files say, row by row, and every problem as `file:line: column: reason`
  csv_reader  employees.csv, grants.csv, leave.csv
  json_reader {"employees": [...]}, the bundled demo data's format
  plan        what the import changes, and the problems only the database can show
  writer      the changes, in the import's one transaction
  importer    `import_files`: read, plan, write, all or nothing
  stored      one snapshot of the stored data, a batch of employees at a time
  exporter    `export_data`: CSV or JSON the importer reads back unchanged
  requests_part  the leave requests an export writes too (export only: the readers skip them)
  check       `check_data`: what is wrong with the stored data; `differences_from_the_act`: grants
              unlike the Act's under the company policy
  batches     long lists cut into statements

The names below are the package's public face; everything else is for its own modules.
"""

from bot.db.import_export.check import check_data, differences_from_the_act
from bot.db.import_export.exporter import export_data
from bot.db.import_export.importer import ImportRefused, ImportSummary, import_files
from bot.db.import_export.schema import EMPLOYEE_COLUMNS, GRANT_COLUMNS, LEAVE_COLUMNS

__all__ = [
    "EMPLOYEE_COLUMNS",
    "GRANT_COLUMNS",
    "LEAVE_COLUMNS",
    "ImportRefused",
    "ImportSummary",
    "check_data",
    "differences_from_the_act",
    "export_data",
    "import_files",
]
