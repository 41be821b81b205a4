"""The column type of amounts of leave: exact decimals, NUMERIC(7, 2) on PostgreSQL. SQLite has no decimal
type (a NUMERIC column there turns 7.5 into a float), so there the same column holds the decimal's text."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import Numeric, String, TypeDecorator
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeEngine


class Days(TypeDecorator[Decimal]):
    """Days of leave as an exact Decimal, whatever the database."""

    impl = Numeric(7, 2)
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "sqlite":
            return dialect.type_descriptor(String(16))
        return dialect.type_descriptor(Numeric(7, 2, asdecimal=True))

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if isinstance(value, float):
            raise TypeError("days must be a Decimal or an int, never a float")
        return format(Decimal(value), "f") if dialect.name == "sqlite" else Decimal(value)

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        return None if value is None else Decimal(str(value))
