"""The model's reading of the question, shown as parts and checked (the offline model's own check, bot/llm/choice/quotes.py): every ask
has a part quoting it, a quote is the question's own words, and each part's statements are held to its own
words. The questions here are worded apart from the held-out answer sets."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from bot.calendar import working_days
from bot.domain.leave import Balance
from bot.grounding.facts import Evidence
from bot.grounding.shape import Part
from bot.grounding.statements import Chosen, Written
from bot.llm.choice.check import write_checked
from bot.llm.choice.quotes import quoted, sentence_asks

TODAY = date(2026, 11, 29)


def answer(question: str, *parts: tuple[str, list[str]]) -> Written:
    evidence = Evidence(
        balances={
            2026: Balance(2026, Decimal(15), Decimal("7.5")),
            2025: Balance(2025, Decimal(15), Decimal(12)),
        },
        question=question,
        today=TODAY,
    )
    return write_checked([Part(asks, tuple(say)) for asks, say in parts], evidence, "연차" in question)


def reasons(written: Written) -> str:
    return " | ".join(p.reason for p in written.problems)


def test_an_ask_outside_every_part_stops_the_answer():
    question = "How many days have I used this year, and what do I have left?"
    one = answer(question, ("How many days have I used this year", ["used(2026)"]))
    assert 'leaves out "and what do i have left", which asks something' in reasons(one)
    both = answer(
        question,
        ("How many days have I used this year", ["used(2026)"]),
        ("what do I have left?", ["remaining(2026)"]),
    )
    assert both.holds, both.problems


def test_a_part_is_held_to_its_own_year_where_the_whole_question_names_both():
    question = "2025년 연차는 몇 개 썼고, 올해는 몇 개 남았어?"
    # Read whole, both years are named and stated, so their figures crossed over pass...
    assert write_checked(["used(2026)", "remaining(2025)"], _evidence(question), True).holds
    # ...read by parts, the year of the first clause is 2025, not 2026.
    crossed = answer(
        question, ("2025년 연차는 몇 개 썼고", ["used(2026)"]), ("올해는 몇 개 남았어?", ["remaining(2026)"])
    )
    assert 'for "2025년 연차는 몇 개 썼고": states figures of 2026' in reasons(crossed)
    right = answer(
        question, ("2025년 연차는 몇 개 썼고", ["used(2025)"]), ("올해는 몇 개 남았어?", ["remaining(2026)"])
    )
    assert right.holds, right.problems


def _evidence(question: str) -> Evidence:
    return Evidence(
        balances={
            2026: Balance(2026, Decimal(15), Decimal("7.5")),
            2025: Balance(2025, Decimal(15), Decimal(12)),
        },
        question=question,
        today=TODAY,
    )


def test_a_part_that_names_no_year_takes_the_rest_of_the_questions():
    question = "작년엔 몇 개 썼어? 남은 건?"
    written = answer(question, ("작년엔 몇 개 썼어?", ["used(2025)"]), ("남은 건?", ["remaining(2025)"]))
    assert written.holds, written.problems
    english = "what did I use in 2025, and how about what was left?"
    written = answer(
        english, ("what did I use in 2025", ["used(2025)"]), ("how about what was left?", ["remaining(2025)"])
    )
    assert written.holds, written.problems


def test_an_aside_needs_no_part_and_a_quote_is_found_loosely():
    question = "Hi!  How many days do I have LEFT this year?? asking for my holiday plans"
    written = answer(question, ("how many days do i have left this year", ["remaining(2026)"]))
    assert written.holds, written.problems
    assert not sentence_asks("asking for my holiday plans", TODAY) and not sentence_asks("hi!", TODAY)
    assert sentence_asks("and when do they run out?", TODAY)
    assert sentence_asks("그리고 3일 더 쓰면", TODAY)  # an amount of days, no question word
    assert sentence_asks("in 2025?", TODAY)  # a year, asked
    assert not sentence_asks("my sister's wedding is on March 14.", TODAY)  # a story's date is its own


def test_a_quote_that_is_not_the_questions_words_is_held_to_the_whole_question():
    # a paraphrase reads nothing: a right answer to the whole question holds, a wrong one is stopped
    # for what the whole question asks, and a second ask it leaves out is still owed
    question = "올해 남은 연차 알려줘"
    assert answer(question, ("올해 남은 휴가 알려줘", ["remaining(2026)"])).holds
    assert "the question asks" in reasons(answer(question, ("올해 남은 휴가 알려줘", ["used(2026)"])))
    both = "올해 남은 연차 알려줘. 작년엔 몇 개 썼어?"
    assert not answer(both, ("올해 남은 휴가 알려줘", ["remaining(2026)"])).holds


def test_the_stretches_outside_the_quotes_are_what_no_quote_covers():
    read = quoted("A? B and C?", ["a?", "c"])
    # (the "?" opening the stretch closes the quote before it: it asks nothing of the stretch)
    assert read.found == ["A", "C"] and read.missing == [] and read.outside == ["b and"]
    # spacing aside, and a quote cut short with an ellipsis found piece by piece, in order
    read = quoted("올해 연차 몇개 남았고, 작년엔 몇 개 썼어?", ["올해 연차 몇 개 남았고", "작년엔 … 썼어"])
    assert (read.missing == [] and read.outside == []) or read.outside == ["몇 개"]
    assert quoted("how many left this year", ["this year … how many"]).missing == ["this year … how many"]


def test_the_shape_before_parts_reads_as_one_part_quoting_the_whole_question():
    question = "2025년 연차는 몇 개 썼고, 올해는 몇 개 남았어?"
    old = write_checked(["used(2025)", "remaining(2026)"], _evidence(question), True)
    whole = answer(question, (question, ["used(2025)", "remaining(2026)"]))
    assert old.holds and whole.holds and old.text == whole.text


def test_a_korean_part_left_out_is_named_with_its_words():
    question = "올해 몇 개 썼어? 그리고 남은 건 몇 개야?"
    one = answer(question, ("올해 몇 개 썼어?", ["used(2026)"]))
    assert 'leaves out "그리고 남은 건 몇 개야", which asks something' in reasons(one)
    both = answer(
        question, ("올해 몇 개 썼어?", ["used(2026)"]), ("그리고 남은 건 몇 개야?", ["remaining(2026)"])
    )
    assert both.holds, both.problems


def test_a_premise_outside_the_quotes_is_part_of_the_ask_whose_figures_it_gives():
    question = "Say I take 3 days in March. What would I have left then?"
    premise = answer(question, ("What would I have left then?", ["what_if(2026, q(3))"]))
    assert premise.holds, premise.problems
    # the same words with the what-if left out: the 3 days are an ask nobody answered
    bare = answer(question, ("What would I have left then?", ["remaining(2026)"]))
    assert 'leaves out "say i take 3 days in march"' in reasons(bare).lower()


def test_a_premise_whose_kind_the_statements_answer_is_no_ask_left_out():
    # after the twenty-third sets: an aside naming what the answer gives ("back from sick leave") or a
    # phrase with 얼마 that asks nothing ("입사한 지 얼마 안 됐는데") is part of the ask, not another one
    question = "이제 막 복귀했는데 올해 연차 몇 개 남았어요?"
    assert answer(question, ("올해 연차 몇 개 남았어요?", ["remaining(2026)"])).holds
    assert not sentence_asks("입사한 지 얼마 안 됐는데", TODAY)
    assert sentence_asks("얼마나 남았어", TODAY)
    # the premise names what is left; an answer of what was used leaves it unanswered
    question = "Got like 7 days left I think. How many did I use this year?"
    assert answer(question, ("How many did I use this year?", ["used(2026)"])).problems


def test_a_pasted_calendar_labels_ask_nothing():
    # "what:" and "when:" are the labels of a pasted invite, not questions
    from bot.language.question_words import ASKING

    assert not ASKING.search("what: jeju trip (ooo) when: thu") and ASKING.search("what is left")


def test_a_story_told_around_the_question_is_not_an_ask_and_its_dates_are_its_own():
    # after the twenty-seventh sets: a sentence no quote touches, with no asking word, is a story
    question = (
        "My brother's wedding is on March 21, I fly out the day before. How many days did I use in 2025?"
    )
    written = answer(question, ("How many days did I use in 2025?", ["used(2025)"]))
    assert written.holds, written.problems
    # ...but a sentence with a question mark asking what no statement says is an ask left out
    question = "내 연차 언제 소멸돼? 그리고 지금 총 몇 개 남았어?"
    left_out = answer(question, ("내 연차 언제 소멸돼?", ["expiring(2026)"]))
    assert 'leaves out "그리고 지금 총 몇 개 남았어"' in reasons(left_out)


def test_a_question_taken_back_by_the_next_sentence_is_no_ask():
    question = "올해 반반차 몇 번 썼지? 아 아니다. 올해 쓴 연차 전체 며칠이야?"
    written = answer(question, ("올해 쓴 연차 전체 며칠이야?", ["used(2026)"]))
    assert written.holds, written.problems


def test_a_what_if_asked_is_answered_by_what_would_be_left():
    question = "12월 28일에 연차 쓰면 몇 개 남아?"
    assert "what would be left" in reasons(answer(question, (question, ["remaining(2026)"])))


def _answer_on(today: date, question: str, *parts: tuple[str, list[str]]) -> Written:
    evidence = Evidence(
        balances={
            2027: Balance(2027, Decimal(16), Decimal(0)),
            2026: Balance(2026, Decimal(15), Decimal("7.5")),
            2025: Balance(2025, Decimal(15), Decimal(12)),
        },
        question=question,
        today=today,
        calendar=lambda first, last: working_days(first, last).working,
    )
    return write_checked([Part(asks, tuple(say)) for asks, say in parts], evidence, True)


def test_right_readings_of_asides_frames_and_colleagues_hold():
    # a colleague's ask declined in its own part leaves the rest of the question the asker's
    colleague = "부장님은 올해 연차 얼마나 남으셨대요? 제 것도 같이 봐주세요"
    assert answer(
        colleague,
        ("부장님은 올해 연차 얼마나 남으셨대요?", ["only_own_leave()"]),
        ("제 것도 같이 봐주세요", ["remaining(2026)"]),
    ).holds
    # "둘 다" is what the frame asks for: the asks beside it
    both = "올해 쓴 연차 몇 개야? 남은 건 몇 개고? 둘 다 알려줘"
    assert answer(
        both, ("올해 쓴 연차 몇 개야?", ["used(2026)"]), ("남은 건 몇 개고?", ["remaining(2026)"])
    ).holds
    # expense or tax paperwork is no question of leave payout
    paperwork = "올해 연차 몇 개 남았어? 비용정산 서류 때문에"
    assert answer(paperwork, ("올해 연차 몇 개 남았어?", ["remaining(2026)"])).holds
    # the year's end is when a plan falls, not days to take
    plan = "연말에 한꺼번에 쉬려고 하는데 올해 남은 연차 몇 개야?"
    assert answer(plan, ("올해 남은 연차 몇 개야?", ["remaining(2026)"])).holds
    # "so far" is no count of the days until a day
    assert answer("올해 지금까지 몇 일 썼지?", ("올해 지금까지 몇 일 썼지?", ["used(2026)"])).holds


def test_a_grant_of_a_year_still_to_come_answers_the_next_grant():
    question = "내년엔 연차 몇 개 나와요?"
    assert _answer_on(date(2026, 12, 10), question, (question, ["granted(2027)"])).holds
    assert not _answer_on(date(2026, 12, 10), question, (question, ["granted(2026)"])).holds


def test_working_days_left_until_a_day_count_from_tomorrow():
    question = "12월 24일까지 근무일 며칠 남았어?"
    sunday = date(2026, 12, 13)
    held = _answer_on(sunday, question, (question, ['working_days("2026-12-14", "2026-12-24")']))
    assert held.holds, held.problems
    early = _answer_on(sunday, question, (question, ['working_days("2026-12-07", "2026-12-24")']))
    assert not early.holds


def test_wrong_choices_of_the_forty_second_kinds_are_stopped():
    # a holiday the calendar dates needs no date asked for
    assert "names its day" in reasons(
        answer("Is New Year's Day a holiday?", ("Is New Year's Day a holiday?", ["ask_a_date()"]))
    )
    # a plan, then what it leaves, is a what-if
    plan = "다음주 월화 쉬고 싶은데 그럼 연차 몇 개 남아?"
    assert not answer(plan, (plan, ["remaining(2026)"])).holds
    # the first year's at most is the rule's, not what one has now
    first = "입사 첫해엔 연차 최대 몇 개까지 나와요?"
    assert not answer(first, (first, ["current_days()"])).holds
    # a figure asked in a sentence of its own is owed beside HR's rule
    rule = "Can unused days roll over to next year? And how many unused days do I have?"
    assert not answer(rule, (rule, ["ask_hr()"])).holds


def test_a_story_told_after_a_quoted_question_mark_asks_nothing():
    # "오늘 며칠이에요? 병가 끝나고 …": the mark closes the quote before; the told sentence after it (and its
    # sick leave) is the asker's story, not an ask about another kind of leave
    question = "오늘 며칠이에요? 병가 끝나고 나니 날짜 감각이 없네요 ㅋㅋ 크리스마스까지 며칠 남았는지랑, 연차는 이제 거의 없죠?"
    read = quoted(question, ["오늘 며칠이에요?", "크리스마스까지 며칠 남았는지", "연차는 이제 거의 없죠?"])
    assert read.outside[0] == "병가 끝나고 나니 날짜 감각이 없네요 ㅋㅋ"
    assert "병가" not in read.asked(question, date(2026, 12, 10), Chosen())
