"""What a day is, from the calendar, as code writes it ("공휴일(기독탄신일)", "a weekend day"), and the days
of the holidays a question names by name ("크리스마스", "Chuseok"): for the statements about a day
(bot/grounding/statements.py) and the check that they are about a day the question asks."""

from __future__ import annotations

import re
from datetime import date, timedelta
from functools import lru_cache

from bot.calendar import Day, public_holidays
from bot.language.clause_words import HOLIDAY_NICKNAMES
from bot.language.holiday_words import (
    AFTER,
    ALIASES,
    AROUND,
    BARE_SEOLLAL,
    BEFORE,
    BREAK,
    DAY_AFTER,
    DAY_AFTER_BEFORE_NAME,
    DAY_BEFORE,
    DAY_BEFORE_BEFORE_NAME,
    ITSELF,
    SUBSTITUTE,
    WEEK,
    WEEK_AFTER,
    WEEK_BEFORE,
    WEEKDAY_NAMED,
)


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
    text = BARE_SEOLLAL.sub("설날", text)
    # A question may write a name in any case ("christmas"): it is read, not checked as prose.
    names = re.compile(_holiday_names(today.year).pattern, re.I)
    # a substitute day is named by its word, or is part of the break asked ("설 연휴", "Seollal break")
    substitute = SUBSTITUTE.search(text) is not None or BREAK.search(text) is not None
    for match in names.finditer(text):
        typed, eve = match.group("name"), bool(match.group("eve"))
        before = DAY_BEFORE.match(text, match.end()) is not None  # the holiday and the day before it
        itself = ITSELF.match(text, match.end()) is not None  # "추석 당일": not the days around it
        after = bool(
            DAY_AFTER.match(text, match.end()) or DAY_AFTER_BEFORE_NAME.search(text, 0, match.start())
        )
        # "the day before Christmas Eve": the day before the day named (not the holiday's own day before)
        before_name = DAY_BEFORE_BEFORE_NAME.search(text, 0, match.start()) is not None
        shift = -int(eve) + int(after) - int(before_name)
        for year in (today.year - 1, today.year, today.year + 1):
            for day, holiday in public_holidays(year).items():
                named = f"{holiday.name_ko} {holiday.name_en}"
                if ((itself or after or before_name) and AROUND.search(named)) or (
                    SUBSTITUTE.search(named) and not substitute
                ):
                    continue
                if _is(typed, holiday.name_ko.lower()) or _is(typed, holiday.name_en.lower()):
                    found.add(day + timedelta(days=shift))
                    found |= {day - timedelta(days=1)} if before else set()
    return found


def is_substitute(day: date) -> bool:
    """Whether the calendar has `day` as a substitute holiday (대체 휴일, "Alternative holiday for …"), by
    the words `holiday_days_named` reads a holiday's names with."""
    holiday = public_holidays(day.year).get(day)
    return holiday is not None and bool(SUBSTITUTE.search(f"{holiday.name_ko} {holiday.name_en}"))


def _is(typed: str, name: str) -> bool:
    typed = typed.lower()
    return typed in name or ALIASES.get(typed, "\0") in name


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


def holiday_windows(text: str, today: date) -> list[tuple[date, date]]:
    """The spans of days around each holiday `text` names, by the words beside its name (within a few
    words): a week before its first day, a week after its last, or the calendar weeks it falls in."""
    windows: list[tuple[date, date]] = []
    names = re.compile(_holiday_names(today.year).pattern, re.I)
    for match in names.finditer(text):
        near = text[max(0, match.start() - 20) : match.end() + 20]
        days = sorted(holiday_days_named(match.group(0), today))
        for cluster in _clusters(days):
            first, last = cluster[0], cluster[-1]
            weekday = WEEKDAY_NAMED.search(near) is not None
            monday = first - timedelta(days=first.weekday())
            if WEEK_BEFORE.search(near):  # "크리스마스 전주": the calendar week before its week
                windows.append((monday - timedelta(days=7), monday - timedelta(days=1)))
            elif weekday and BEFORE.search(near):
                windows.append((first - timedelta(days=7), first - timedelta(days=1)))
            if weekday and AFTER.search(near):
                windows.append((last, last + timedelta(days=7)))
            if WEEK_AFTER.search(near):  # "크리스마스 다음 주": the calendar week after its week
                following = last + timedelta(days=7 - last.weekday())
                windows.append((following, following + timedelta(days=6)))
            elif WEEK.search(near) and not WEEK_BEFORE.search(near):
                windows.append((monday, last + timedelta(days=6 - last.weekday())))
    return windows


def _clusters(days: list[date]) -> list[list[date]]:
    """Days a few apart, together: one holiday's days (설날 and the days around it) in one year."""
    clusters: list[list[date]] = []
    for day in days:
        if clusters and (day - clusters[-1][-1]).days <= 3:
            clusters[-1].append(day)
        else:
            clusters.append([day])
    return clusters
