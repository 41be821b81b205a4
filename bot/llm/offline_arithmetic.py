"""The offline model's arithmetic on a lookup, in words: what a what-if leaves (days, half days, a span's
working days), whether the balance is enough, a claimed figure checked, a share used, hours left, the
difference between two years, the half days taken. Each figure it states is one the check can name and
evaluate. Apart from the phrasebook (offline_lines.py), which says what needs no computing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from bot.domain.leave import Balance, LeaveTaken, format_days
from bot.text import balance_sentence, day_word


def what_if(balance: Balance, days: Decimal, korean: bool, halves: int | None = None) -> str:
    """ "3일 쓰면 며칠 남아?": the balance, then the arithmetic on it ("반차 3번": 3 half days)."""
    left = balance.remaining - days
    asked, rest = format_days(days), format_days(left)
    if halves is not None:
        if korean:
            after = (
                f" 반차 {halves}번은 {asked}일이라, 쓰면 {rest}일이 남아요."
                if left >= 0
                else f" 반차 {halves}번은 {asked}일이라 연차가 모자라요."
            )
        else:
            after = (
                f" {halves} half days are {asked} {day_word(asked)}; after them you'd have {rest} {day_word(rest)} left."
                if left >= 0
                else f" {halves} half days are {asked} {day_word(asked)}: that is more than you have."
            )
        return balance_sentence(balance, korean) + after
    if left < 0:
        after = (
            f" {asked}일을 쓰기에는 연차가 모자라요."
            if korean
            else f" That is not enough to take {asked} {day_word(asked)}."
        )
    else:
        after = (
            f" {asked}일을 쓰면 {rest}일이 남아요."
            if korean
            else f" If you take {asked} {day_word(asked)}, you'd have {rest} {day_word(rest)} left."
        )
    return balance_sentence(balance, korean) + after


def what_if_span(balance: Balance, taken: Sequence[tuple[date, date, Decimal, int]], korean: bool) -> str:
    """ "12월 28일부터 30일까지 쉬면 며칠 남아?", "Dec 24 (half day) and 28": the balance, the working days of
    one stretch (the calendar's), and what is left after each day or stretch, its working days times its
    size (a sentence apart from the days listed, so no span is written beside the figure)."""
    left = balance.remaining - sum((size * working for *_, size, working in taken), Decimal(0))
    rest, said = format_days(left), [_day_said(a, b, size, korean) for a, b, size, n in taken if n]
    if len(taken) == 1 and taken[0][2] == 1 and said:
        counted = format_days(Decimal(taken[0][3]))
        if korean:
            after = f"{said[0]} 근무일은 {counted}일이라, " + (
                f"쉬면 {rest}일이 남아요." if left >= 0 else "쉬기에는 연차가 모자라요."
            )
        else:
            after = f"{said[0]} has {counted} working {day_word(counted)}; " + (
                f"after taking them you'd have {rest} {day_word(rest)} left."
                if left >= 0
                else "that is more than you have."
            )
        return balance_sentence(balance, korean) + " " + after
    # Code writes what a day off is ({day(…)}: a weekend, a holiday with its name); the rest are listed.
    off = [
        f'{_day_said(a, a, Decimal(1), korean)}{"은" if korean else " is"} {{day("{a}")}}'
        for a, *_, n in taken
        if not n
    ]
    if korean:  # the days in a sentence apart: the figure's sentence names no span it does not count
        listing = f"{', '.join(said)} 쉬는 경우예요. " if said else ""
        after = f"{listing}남는 연차는 {rest}일이에요." if left >= 0 else f"{listing}연차가 모자라요."
        return " ".join([balance_sentence(balance, korean), *(f"{day}이에요." for day in off), after])
    listing = f"That is {', '.join(said[:-1])}{' and ' * (len(said) > 1)}{said[-1]} off. " if said else ""
    after = f"You'd have {rest} {day_word(rest)} left." if left >= 0 else "That is more than you have."
    return " ".join([balance_sentence(balance, korean), *(f"{day}." for day in off), listing + after])


def _day_said(first: date, last: date, size: Decimal, korean: bool) -> str:
    half = "" if size == 1 else " 반차" if korean else " (half day)"
    if korean:
        return (
            f"{first.month}월 {first.day}일{f'부터 {last.month}월 {last.day}일까지' * (last != first)}{half}"
        )
    return f"{first:%B} {first.day}{f' to {last:%B} {last.day}' * (last != first)}{half}"


def arithmetic(kind: str, balances: Sequence[Balance], korean: bool, figure: str | None = None) -> str:
    """A share used, hours left, the difference or total of one figure over two years, the half days
    left: the figures it is worked out from, then the result (each a named figure the check evaluates)."""
    if kind in ("difference", "total"):
        return (
            _two_years(kind, figure or "used", balances[0], balances[1], korean) if len(balances) == 2 else ""
        )
    return "\n".join(_on_one(kind, b, korean) for b in balances)


def _on_one(kind: str, b: Balance, korean: bool) -> str:
    granted, used, left = format_days(b.granted), format_days(b.used), format_days(b.remaining)
    if kind == "percent":
        if not b.granted:
            return balance_sentence(b, korean)
        share = format_days((b.used / b.granted * 100).quantize(Decimal("0.1"), ROUND_HALF_UP).normalize())
        if korean:
            return f"{b.year}년에 부여된 연차 {granted}일 중 {used}일을 사용해서, 사용률은 {share}%예요."
        return f"In {b.year}, of the {granted} days granted, you used {used}: {share}% of your leave."
    if kind == "hours_left":
        if b.remaining <= 0:  # nothing left: no hours either (said without a number to name)
            return balance_sentence(b, korean) + (
                " 남은 시간도 없어요." if korean else " No hours are left either."
            )
        hours = format_days(b.remaining * 8)
        if korean:
            return f"{b.year}년 남은 연차는 {left}일이고, 시간으로는 {hours}시간이에요."
        return f"In {b.year} you have {left} {day_word(left)} of annual leave left, which is {hours} hours."
    # halves_left: only where the balance is whole half days
    halves = b.remaining / Decimal("0.5")
    if halves <= 0:
        return balance_sentence(b, korean) + (
            " 반차로 쓸 수 있는 연차가 없어요." if korean else " No half days are left to take."
        )
    if halves != halves.to_integral_value():  # a quarter day over: the whole half days, and that quarter
        whole = format_days((b.remaining - Decimal("0.25")) / Decimal("0.5"))
        if korean:
            return (
                f"{b.year}년 남은 연차는 {left}일이라, 반차로는 {whole}번 더 쓸 수 있고 반반차만큼이 남아요."
            )
        return f"In {b.year} you have {left} {day_word(left)} left, so you can still take {whole} half days, and a quarter day is left over."
    count = format_days(halves)
    if korean:
        return f"{b.year}년 남은 연차는 {left}일이라, 반차로는 {count}번 더 쓸 수 있어요."
    return f"In {b.year} you have {left} {day_word(left)} left, so you can still take {count} half days."


# How each figure is said: Korean (the word before 연차), English (the verb phrase after "you").
_FIGURE_WORDS = {
    "used": ("썼", "used {}"),
    "granted": ("부여받았", "were granted {}"),
    "remaining": ("남았", "have {} left"),
}


def _two_years(kind: str, figure: str, first: Balance, second: Balance, korean: bool) -> str:
    """One figure of two years, then their difference, said with the year that has more (the larger minus
    the smaller, so the direction is the code's), or their total."""
    ko, en = _FIGURE_WORDS[figure]
    x, y = getattr(first, figure), getattr(second, figure)
    a, b = format_days(x), format_days(y)
    if korean:
        said = f"{first.year}년에는 연차를 {a}일 {ko}고, {second.year}년에는 {b}일 {ko}어요. "
    else:
        said = f"In {first.year} you {en.format(_days(a))}, and in {second.year} you {en.format(_days(b))}. "
    if kind == "total":
        total = format_days(x + y)
        return said + (
            f"합치면 {total}일이에요." if korean else f"Together that is {total} {day_word(total)}."
        )
    if x == y:
        return said + ("같아요." if korean else "The same in both years.")
    more, less = (first.year, second.year) if x > y else (second.year, first.year)
    gap = format_days(abs(x - y))
    if korean:
        return said + f"{more}년에 {less}년보다 {gap}일 더 {ko}어요."
    return said + f"In {more} you {en.format(_days(gap) + ' more')} than in {less}."


def _days(amount: str) -> str:
    return f"{amount} {day_word(amount)}"


def enough_for(balance: Balance, days: Decimal, korean: bool) -> str:
    enough = balance.remaining >= days
    remaining = format_days(balance.remaining)
    if korean:
        verdict = "충분히 남아 있어요" if enough else "모자라요"
        return f"{balance.year}년 남은 연차는 {remaining}일이라 {verdict}."
    verdict = "that covers it" if enough else "that is not enough"
    return (
        f"You have {remaining} {day_word(remaining)} of annual leave left for {balance.year}, so {verdict}."
    )


def check_claim(balance: Balance, claimed: Decimal, korean: bool) -> str:
    """ "I have 12 days left, right?": yes, or no with the right figure."""
    if balance.remaining == claimed:
        return ("네, 맞아요. " if korean else "Yes, that's right. ") + balance_sentence(balance, korean)
    said = format_days(claimed)
    if korean:
        return f"아니에요, {said}일이 아니에요. {balance_sentence(balance, korean)}"
    return f"Not quite, not {said}. {balance_sentence(balance, korean)}"


def half_days(taken: LeaveTaken, size: Decimal, korean: bool) -> str:
    """How many half days (0.5-day records; 반반차: 0.25) the year's records hold, and on which dates."""
    halves = [r for r in taken.records if r.days == size]
    word_ko = "반반차" if size == Decimal("0.25") else "반차"
    word_en = "quarter day" if size == Decimal("0.25") else "half day"
    if not taken.records and taken.undated:
        return (
            f"{taken.year}년에는 날짜별 기록이 없어서 {word_ko} 횟수를 알 수 없어요."
            if korean
            else f"For {taken.year} your HR data has no dated records, so I can't count {word_en}s."
        )
    if not halves:
        return (
            f"{taken.year}년에는 {word_ko} 기록이 없어요."
            if korean
            else f"You took no {word_en}s in {taken.year}."
        )
    if korean:
        dates = ", ".join(f"{r.taken_on.month}월 {r.taken_on.day}일" for r in halves)
        return f"{taken.year}년에 {word_ko}를 {len(halves)}번 썼어요: {dates}."
    dates = ", ".join(f"{r.taken_on.strftime('%B')} {r.taken_on.day}" for r in halves)
    times = "once" if len(halves) == 1 else f"{len(halves)} times"
    return f"You took a {word_en} {times} in {taken.year}: {dates}."
