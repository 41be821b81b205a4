"""The model's reading of the question, checked: each part it answers is quoted from the question, and
nothing the question asks is left outside every quote. Each part's statements are then held to the part's
own words (rules.py, `part_problems`): two asks are not answered by one, and a year of one
clause is not read as another's. What no quote covers is an aside or a story ("planning a trip", "my
sister's wedding is on June 13") unless it asks (`sentence_asks`), judged first by a closed class of
asking words (몇, 언제, how, what, a question mark after a word), which unlike the words for leave does not
grow with each new way of asking."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from bot.grounding.statements import Chosen, Problem
from bot.language.asked_words import ALSO, FRAME, REPORTED, SENTENCE, TAKING, WHAT_IF_ASKED
from bot.language.dates import MONTH_NAME, blank_dates, days_named
from bot.language.number_tokens import amounts_in
from bot.language.question_words import ASKING, DAYS_STATED, OWN_HOURS_A_DAY, TAKES_BACK
from bot.language.relative_days import YEAR_END, relative_days
from bot.language.told import is_told, opens_with_ask
from bot.language.words import LEAVE, pattern
from bot.language.years import asked_years
from bot.llm.choice.rules import asks_anything, unanswered

_MARKS = " ?!.~,;:…\"'()[]"
# A clause that gives the background of the question: a Korean connective ending it, "because"/"since"
_BACKGROUND = re.compile(
    r"(?:는데|은데|인데|해서|어서|아서|라서|니까|지만|그런데|거든요?)\s*[,.]?\s*$|^\s*(?:because|since|as)\b",
    re.I,
)
_SOMEONE_ELSE = re.compile(r"\b(?:she|he|they|her|his|their)\b|[가-힣]{2,4}\s*(?:씨|님)", re.I)
_PLANNED = re.compile(
    r"\b(?:gonna|going\s+to|will|plan\w*|want\w*|thinking\s+of|half|quarter)\b|'ll\b|"
    r"쓰려|쉬려|내려|예정|계획|반차|반반차",
    re.I,
)
_DATED_WEEKDAY = re.compile(rf"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+(?={MONTH_NAME}\s+\d)", re.I)


def is_whole(quote: str, question: str) -> bool:
    """Whether a quote is the whole question (most answers: one ask, quoted whole)."""
    return _compact(quote) == _compact(question)


def _compact(text: str) -> str:
    return re.sub(r"\s+", "", text.lower()).strip(_MARKS)


@dataclass(frozen=True)
class Quoted:
    """Where each part's quote stands in the question, and what lies outside every quote."""

    found: list[str]  # quotes found in the question, as written there
    missing: list[str]  # quotes that are not in it
    outside: list[str]  # the question's stretches no quote covers, within a sentence a quote is in
    sentences: list[str]  # its sentences no quote touches (a story told, an aside)
    taken_back: tuple[str, ...] = ()  # sentences the next one takes back ("반차 몇 번 썼어요? 아 아니다, …")

    def asked(self, question: str, today: date, chosen: Chosen) -> str:
        """The question less the sentences no quote touches that ask nothing and name nothing the
        statements are about (a story told around it): what the answer is held to. A sentence whose days or
        amounts the statements take is the ask's premise ("Pasted: Dec 24–29. How many days is this?")."""
        for sentence in self.sentences:
            if not _premise(sentence, today, chosen):
                question = question.replace(sentence, " ", 1)
        for sentence in self.taken_back:  # asked, then taken back: not asked
            question = question.replace(sentence, " ", 1)
        # beside a quote, what someone told the asker ("팀장님이 연말 전에 다 쓰라고 하셔서요") is a story too, and
        # so is a clause of background that asks nothing and names nothing the statements are not about ("남은
        # 연차 연말까지 다 써야 하는데,", "반반차를 자주 써서 그런데"): its figure words are told, not asked
        for stretch in self.outside:
            # (or a sentence told: "병가 끝나고 나니 날짜 감각이 없네요 ㅋㅋ")
            # (not a condition, "if i take", nor a plan, "gonna take a half day", whose what-if is asked)
            told = is_told(stretch) and not (
                WHAT_IF_ASKED.search(stretch) or TAKING.search(stretch) or _PLANNED.search(stretch)
            )
            background = (_BACKGROUND.search(stretch) or told) and not _unused(stretch, today, chosen)
            if (REPORTED.search(stretch) or background) and not sentence_asks(stretch, today, chosen):
                question = re.sub(
                    r"\s+".join(map(re.escape, stretch.split())), " ", question, count=1, flags=re.I
                )
        return question


def quoted(question: str, quotes: Sequence[str]) -> Quoted:
    """Each quote found in the question — spacing aside ("몇개" is "몇 개"), and a quote cut short with "…"
    found piece by piece, in order, covering what it cut — and the stretches no quote covers: the
    sentences no quote touches, and the rest."""
    plain = question.lower()
    letters = [i for i, ch in enumerate(plain) if not ch.isspace()]  # where each letter of `compact` is
    compact = "".join(plain[i] for i in letters)
    covered = [False] * len(plain)
    found: list[str] = []
    missing: list[str] = []
    for quote in quotes:
        pieces = [_compact(piece) for piece in re.split(r"\.\.\.+|…", quote)]
        spans: list[tuple[int, int]] = []
        start = 0
        for piece in filter(None, pieces):
            at = compact.find(piece, start)
            found_at = (at, at + len(piece)) if at >= 0 else _loosely(compact, piece, start)
            if found_at is None:
                break
            spans.append((letters[found_at[0]], letters[found_at[1] - 1] + 1))
            start = found_at[1]
        if not spans or len(spans) < len(list(filter(None, pieces))):
            missing.append(quote)
            continue
        found.append(" … ".join(question[a:b] for a, b in spans))
        first, last = spans[0][0], spans[-1][1]  # what "…" cut out is of the same ask
        covered[first:last] = [True] * (last - first)
    sentences: list[str] = []
    taken_back: list[str] = []
    found_sentences = list(SENTENCE.finditer(question))
    for at, match in enumerate(found_sentences):
        if match.group().strip(_MARKS) and not any(covered[match.start() : match.end()]):
            after = found_sentences[at + 1].group() if at + 1 < len(found_sentences) else ""
            if not TAKES_BACK.search(after):  # taken back by the next sentence: no ask, no aside
                sentences.append(match.group())
            else:
                taken_back.append(match.group())
            covered[match.start() : match.end()] = [True] * (match.end() - match.start())
    stretches = re.split(r"\x00+", "".join("\x00" if c else ch for ch, c in zip(plain, covered, strict=True)))
    # marks kept: "?" asks — but one opening a stretch closes the quote before it ("오늘 며칠이에요? 병가 …")
    outside = [re.sub(r"^[\s?？!.,~…]+", "", re.sub(r"\s+", " ", s)).strip() for s in stretches]
    return Quoted(found, missing, [s for s in outside if s.strip(_MARKS)], sentences, tuple(taken_back))


LEAVE_NAMED = pattern(LEAVE)
_TAG_ONLY = re.compile(
    r"(?:\b(?:is\s+it|isn'?t\s+it|right|correct|true|yes|no)\b|맞(?:지|죠|나요|아요|아|음|니)?|이에요|예요|인가요|"
    r"인지|이야|야|요|[ㅎㅋㅠㅜ]+|\s)*",
    re.I,
)


def _loosely(text: str, quote: str, start: int) -> tuple[int, int] | None:
    """Where `quote` stands in `text` with a particle or a word of a few letters dropped ("금요일 평일" for
    "금요일이 평일", "반차 쓰면" for "반차 1번 쓰면"): its letters in order, no gap over 3 letters, and 3 or a fifth
    of the quote in all; None when it is not there so."""
    for begin in [i for i in range(start, len(text)) if text[i] == quote[0]]:
        at, gaps = begin, 0
        for letter in quote[1:]:
            found = text.find(letter, at + 1, at + 5)
            if found < 0:
                break
            gaps += found - at - 1
            at = found
        else:
            if gaps <= max(3, len(quote) // 5):
                return begin, at + 1
    return None


def sentence_asks(sentence: str, today: date, chosen: Chosen | None = None) -> bool:
    """Whether a stretch no quote covers asks something left unanswered: an asking word (without a question
    mark, only if what it asks is unanswered: "입사한 지 얼마나 됐는지 헷갈려서요" tells a question); a
    question mark with something unanswered; "… too" with a year, a date or a kind ("작년 것도."); a figure
    with an amount no statement is about; or the asker's leave planned on days or in amounts no statement
    is about. A story's dates, numbers and figure words ("my sister's wedding is on June 13") are its own."""
    chosen = chosen or Chosen()
    # "could you tell me", "알려 주세요", "…도 알려주세요": the frame of the asks quoted beside it
    if re.fullmatch(r"(?:도|요|은|는|를|을|\s)*", FRAME.sub("", sentence).strip(_MARKS + "-—")):
        return False
    # ...and a tag or an ending left after a quote ("이에요", "맞지", "is it", "ㅎㅎ"): the quoted ask's own
    if _TAG_ONLY.fullmatch(FRAME.sub("", sentence).strip(_MARKS + "-—")):
        return False
    amount = DAYS_STATED.search(blank_dates(sentence))
    named = asked_years(sentence, today) or days_named(sentence) or amount
    known, open_ask = asks_anything(sentence), bool(unanswered(sentence, chosen, today))
    unused = _unused(sentence, today, chosen)
    # the days taken are those the taking names ("the wedding is on Sat Oct 10 so I want to take Thu Oct 8
    # and Fri Oct 9 off": the 10th is the story's); in Korean the days come before the verb
    taking = TAKING.search(sentence)
    taken = sentence[taking.start() :] if taking and taking.group(0).isascii() else sentence
    # "연말에 몰아서 쉬려고 하는데": the year's end is when, not days to take
    taken = YEAR_END.sub(" ", taken)
    # A sentence told, not asked: no question mark, no asking word opening it, no request ("tell me",
    # "wondering", "알려", "궁금"), and in Korean a telling ending ("…모르더라고요", "…합니다"): its asking
    # words are embedded in a story ("I have no idea what state my leave is in", "whatever that means")
    told = is_told(sentence)
    return bool(
        # (without a question mark, an asking word the check cannot read asks only beside leave or as the
        # stretch opens, "also is there a max I'll hit": "we're trying to figure out who covers" is a story)
        (
            not told
            and ASKING.search(sentence)
            and (
                "?" in sentence
                or open_ask
                or (not known and (bool(LEAVE_NAMED.search(sentence)) or opens_with_ask(sentence)))
            )
        )
        or ("?" in sentence and open_ask)
        or (not told and ALSO.search(sentence) and (named or known))
        or (known and unused and amount)
        or (taking and _unused(taken, today, chosen))
    )


def _unused(stretch: str, today: date, about: Chosen) -> bool:
    """Whether a stretch names a year, a day (by its date or relative to today: each reading) or an amount
    of days no statement is about."""
    years = set(asked_years(stretch, today)) - about.years
    days = {(m, d) for m, d in days_named(stretch)} - {(d.month, d.day) for d in about.days | about.ends}
    # (compared as month and day: a day named may be no date at all, "2월 30일")
    days = {
        (m, d)
        for m, d in days
        if not any((a.month, a.day) <= (m, d) <= (b.month, b.day) for a, b in about.spans if a.year == b.year)
    }
    blanked = blank_dates(stretch)
    amounts = amounts_in(blanked) if DAYS_STATED.search(blanked) else set()
    # "taking 2 half days next week" taken as q(2): its days say when, the what-if what
    # (a weekday beside a date is that date's: "Thu Oct 8" names October 8, not the coming Thursday)
    readings = [
        span for span in relative_days(_DATED_WEEKDAY.sub(" ", stretch), today) if span != (today, today)
    ]
    covered = any(a <= d <= b for a, b in readings for d in about.days | about.ends)
    if readings and not amounts & about.taken and not covered:
        return True
    return bool(years or days or amounts - about.taken - about.stated - about.parts)


def _premise(sentence: str, today: date, about: Chosen) -> bool:
    """Whether a sentence names years, days or amounts, all of them ones the statements are about."""
    named = (  # a year alone: any story's
        days_named(sentence) or relative_days(sentence, today) or DAYS_STATED.search(blank_dates(sentence))
    )
    # ...or some of them ("3 days for a wedding and another 2 around Christmas. If I take both…"): the ask's
    # premise still, whose other figures the answer owes
    taken = amounts_in(blank_dates(sentence)) & about.taken
    # ...or years the statements are about, each ("I need the leave I used every year from 2021 to 2026.
    # Can you give me each year?": the years are the ask's)
    years = set(asked_years(sentence, today))
    if len(years) > 1 and years <= about.years:
        return True
    if OWN_HOURS_A_DAY.search(sentence) and "hours_left" in about.kinds:  # "part-time, 4-hour shifts."
        return True
    return bool(named) and (not _unused(sentence, today, about) or bool(taken))


def reading_problems(read: Quoted, today: date, chosen: Chosen) -> list[Problem]:
    """What no quote covers asks nothing. A quote not found in the question (a paraphrase, words reordered)
    reads nothing: its part is held to the whole question instead, so nothing is left outside it."""
    problems: list[Problem] = []
    if not read.missing:
        # (someone else's story beside their ask declined in a part: "Minji … wondering how many she has")
        theirs = "only_own_leave" in chosen.kinds and bool(chosen.kinds - {"only_own_leave"})
        asking = [
            s
            for s in [*read.outside, *read.sentences]
            if sentence_asks(s, today, chosen) and not (theirs and _SOMEONE_ELSE.search(s))
        ]
        problems += [
            Problem(
                "say",
                f'leaves out "{stretch.strip(_MARKS)}", which asks something; give it a part of its own',
            )
            for stretch in asking
        ]
    return problems
