"""What a day is, from the calendar, as code writes it ("공휴일(기독탄신일)", "a weekend day"), and the days
of the holidays a question names by name ("크리스마스", "Chuseok"): for the statements about a day
(bot/grounding/statements.py) and the check that they are about a day the question asks."""

from __future__ import annotations

import re
from datetime import date, timedelta
from functools import lru_cache

from bot.calendar import Day, public_holidays
from bot.language.clause_words import HOLIDAY_NICKNAMES


def what_day(day: Day, korean: bool) -> str:
    """What a day is, from the calendar: "공휴일(기독탄신일)" / "a public holiday (Christmas Day)", a company
    day off, a weekend day, or a working day."""
    names = [(h.name_ko if korean else h.name_en, h.kind) for h in day.holidays]
    off = [
        (f"공휴일({name})" if korean else f"a public holiday ({name})")
        if kind == "public"
        else (f"회사 휴무일({name})" if korean else f"a company day off ({name})")
        for name, kind in names
    ]
    if day.weekend:
        off.insert(0, "주말" if korean else "a weekend day")
    if not off:
        return "근무일" if korean else "a working day"
    return ("이자 " if korean else " and ").join(off)


def holiday_days_named(text: str, today: date) -> set[date]:
    """The days of the holidays `text` names by name ("크리스마스", "Chuseok"), in the year before, this year
    and the next; an eve ("Christmas Eve", "크리스마스 이브") names the day before."""
    found: set[date] = set()
    # A question may write a name in any case ("christmas"): it is read, not checked as prose.
    names = re.compile(_holiday_names(today.year).pattern, re.I)
    for match in names.finditer(text):
        typed, eve = match.group("name"), bool(match.group("eve"))
        before = _DAY_BEFORE.match(text, match.end()) is not None  # the holiday and the day before it
        itself = _ITSELF.match(text, match.end()) is not None  # "추석 당일": not the days around it
        for year in (today.year - 1, today.year, today.year + 1):
            for day, holiday in public_holidays(year).items():
                if itself and _AROUND.search(f"{holiday.name_ko} {holiday.name_en}"):
                    continue
                if _is(typed, holiday.name_ko.lower()) or _is(typed, holiday.name_en.lower()):
                    found.add(day - timedelta(days=1) if eve else day)
                    found |= {day - timedelta(days=1)} if before else set()
    return found


# "크리스마스 … 그 전날", "Christmas, and the day before": the day before the holiday just named.
_DAY_BEFORE = re.compile(r".{0,30}?(?:그\s*)?전\s*날|.{0,30}?the\s+day\s+before", re.I | re.S)
_ITSELF = re.compile(r"\s*(?:당일|itself\b|proper\b)", re.I)
_AROUND = re.compile(r"전날|다음날|The day (?:preceding|following)")


def _is(typed: str, name: str) -> bool:
    typed = typed.lower()
    return typed in name or _ALIASES.get(typed, "\0") in name


# The names people use for a holiday, and the word of the library's name they stand for.
_ALIASES = {
    "크리스마스": "기독탄신일",
    "성탄절": "기독탄신일",
    "xmas": "christmas",
    "설 연휴": "설날",
    "구정": "설날",
}
_ALIASES |= {"seollal": "korean new year", "lunar new year": "korean new year", "한가위": "추석"}


@lru_cache(maxsize=4)
def _holiday_names(year: int) -> re.Pattern[str]:
    """The public holidays' names as the calendar's library gives them (Korean and English, three years
    around this one), and the names people use beside them."""
    names = set(HOLIDAY_NICKNAMES)
    for around in (year - 1, year, year + 1):
        for holiday in public_holidays(around).values():
            for name in (*holiday.name_ko.split("; "), *holiday.name_en.split("; ")):
                names.add(
                    re.sub(
                        r"^(?:The day (?:preceding|following)|Alternative holiday for) |\s*\(.*\)$|\s*(?:전날|다음날)$",
                        "",
                        name,
                    ).strip()
                )
    names.discard("")
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    # Case kept: "before the new year" names no holiday, "New Year's Day" does.
    return re.compile(
        rf"(?<![가-힣\w])(?P<name>{alternatives})(?P<eve>\s*(?:Eve\b|eve\b|이브|전날)|'s Eve\b)?"
    )
