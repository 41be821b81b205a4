"""The numbers of the Labour Standards Act (근로기준법) on annual leave, named once.

§60: 15 days after a year of service with at least 80 % attendance (①); under a year, one day per month
of full attendance, at most 11 (②); one more day for every two years of service after the first, at most
25 in all (④). An answer may state these without a lookup; the named-figures check writes them
against this table (`STATUTE.base_days` and so on).
"""

from __future__ import annotations

from decimal import Decimal
from types import MappingProxyType

STATUTE: MappingProxyType[str, Decimal] = MappingProxyType(
    {
        "base_days": Decimal(15),  # §60①: after a year with ≥ 80 % attendance
        "attendance_pct": Decimal(80),  # §60①
        "first_year_max_days": Decimal(11),  # §60②: one a month of full attendance in the first year
        "extra_every_years": Decimal(2),  # §60④: one more day for every two years after the first
        "extra_days": Decimal(1),  # §60④
        "max_days": Decimal(25),  # §60④: the cap, extra days included
    }
)
