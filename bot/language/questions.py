"""Reading the user's question: whether it asks for a leave balance (in days), a rule or hours, and
whether it is about someone else. (Which years it names: `bot/language/years.py`.)

Shared by the offline model (to decide which lookups to request) and the grounding check (to run the
lookup itself when the model did not), so both read a question the same way: "남은 연차 시간으로 알려줘" is
an hours question to both. Plain rules, no model, over the words beside it in `bot/language`.
"""

from __future__ import annotations

import re

from bot.language import people, words
from bot.language.accounted import SELF_DESCRIBED
from bot.language.question_words import COLLEAGUES_FIGURE, OWN, THIRD_PERSON_ASKED
from bot.language.words import pattern

# A balance question names leave *and* asks for a quantity. "연차 신청은 어떻게 해?" names leave but asks
# for no amount, so a model that answers it without a lookup is doing the right thing.
_LEAVE = pattern(words.LEAVE)
_QUANTITY = pattern(words.DAYS_QUANTITY)
_HOW_MUCH = pattern(words.HOW_MUCH)
_FIGURE = pattern(words.FIGURES)
# "연차 balance 어디서 봐?", "how do I check my balance?": about the figures, but asking where or how.
_HOW_TO = pattern(words.PROCEDURE, words.ASKING_HOW)
_HOURS = pattern(words.HOURS)
_RULE = pattern(words.RULES)


def asks_about_rules(text: str) -> bool:
    """Whether the question asks a leave rule (carry-over, expiry, payout, limits), not an amount."""
    return bool(_RULE.search(text))


def asks_in_hours(text: str) -> bool:
    """Whether the question asks for leave in hours (the HR data keeps days only)."""
    return bool(_HOURS.search(text))


def asks_for_balance(text: str) -> bool:
    """Whether the question asks how much leave the asker was granted, used or has left (in days)."""
    if not _LEAVE.search(text) or about_someone_else(text) or asks_in_hours(text):
        return False
    if _RULE.search(text):  # "how many days carry over?": a rule, whatever the quantity words
        return False
    if _QUANTITY.search(text):
        return True
    return bool((_HOW_MUCH.search(text) or _FIGURE.search(text)) and not _HOW_TO.search(text))


# ----- someone else -------------------------------------------------------------------------------------
# A leave question about another person must be declined, never answered with the asker's own figures
# (in Korean "이서연 연차 며칠 남았어?" answered with a bare balance reads as 이서연's).
_PARTICLE_AFTER = r"(?:의|은|는|이|가|도|\s|$)"
_OTHER_MARKERS = re.compile(
    r"@\S|\(another person / 다른 사람\)|다른\s*(?:사람|직원|분|팀원)|남의|"
    # a title or relation as the one asked about: "팀장님 연차", "사수의 휴가", "팀원들은 며칠" (not "팀장님이
    # 승인하면" or "팀장님한테 신청": the asker's own question that names a role)
    rf"(?:{words.alternation(people.TITLES, people.RELATIONS)})(?:님)?(?:들)?(?:의|은|는|이|가|도|께서)?"
    r"(?=[\s?.!,~]|$)(?!\s*(?:아직|이미|벌써|다시|또)?\s*(?:안\s*)?(?:승인|결재|반려|허락|확인|물어|묻|궁금|시켜|말해|한테|에게|께|가[는요서]|갈|하|해|했|날|회의|미팅))"
    # nor the one who told the asker something ("팀장님이 연말 전에 다 쓰라고 하셔서요"): reported speech
    r"(?![^?.!]{0,40}?(?:라고|하래|쓰래|래서|라셔|라며|라네))|"
    r"걔|쟤|그\s*(?:사람|분|친구)|그녀|"
    rf"(?!(?:{words.alternation(people.TITLES, people.RELATIONS)})님)[가-힣]{{2,4}}\s*(?:씨|님){_PARTICLE_AFTER}|"
    r"(?<![A-Za-z0-9])(?!FY)[A-Za-z]{1,3}-?\d{3,6}(?![A-Za-z0-9])|"  # an employee id: E1002, EMP-1234
    r"\b(?:someone|somebody|anyone|anybody|everyone|everybody)\b|\bother\s+(?:people|person|employees?)\b|"
    r"\bnew\s+(?:hires?|employees?|joiners?|starters?)\b|신입|신규\s*입사자|"
    r"누가|누구|(?<![가-힣])사람(?:들)?(?![가-힣])|"  # "연차 쓴 사람", "누가 연차 썼어?"
    # (not a team in a clause of background: "저희 팀은 시간 단위로 계획을 짜서요, 남은 연차 …")
    r"(?:우리|저희)\s*팀(?!장)(?!(?:(?!몇|며칠|남)[^,.?!])*(?:서요|해서|라서|어서|아서|는데|니까)\s*[,.]?\s)|"
    r"\b(?:our|the)\s+team\b|"
    r"\b(?:is|was|will)\s+(?!I\b)(?-i:[A-Z][a-z]+)\s+(?:be\s+)?(?:on|off|out|away|taking|using)\b|"
    r"[가-힣A-Za-z0-9]+팀\s*(?:전체|원|원들|사람들|의)|"  # "개발2팀 전체", "디자인팀 사람들"
    r"\b(?:does|did|has|will|can)\s+(?:he|she|they(?!\s+(?:expire|lapse|carry|roll|count|disappear|reset|vanish|go)))\b|\b(?:he|she)\s+(?:still\s+)?(?:has|have|had|took|used)\b|"
    rf"\b(?:my|our|the)\s+(?:{'|'.join(people.RELATIONS_EN)})s?\b(?!'s\s+(?:approval|sign)|\s+(?:to\s+)?approv)|\b(?:his|her|their)\s+(?:leave|vacation|pto|balance|days)\b|"
    r"\b(?:does|did|has|will)\s+(?!(?:I|that|this|it|you|we|those|these|there)\b)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+(?:have|has|take|get|use)|"
    r"\b(?!I\b)(?-i:[A-Z][a-z]+)\s+(?:still\s+)?has\s+(?:left|used|taken|remaining|got)\b|"  # "days Minji has left"
    r"\b(?!I\b)(?!(?:year|today|month|week|yesterday|tomorrow|this|last|next|my|everyone|it)(?:'s|’s))[A-Z][a-z]+(?:'s|’s)\s+(?:leave|vacation|pto|balance|annual|remaining|days|time)|"
    # "John from sales", "Mina in marketing", "Kim on the design team"
    rf"\b(?!I\b)[A-Z][a-z]+\s+(?:from|in|on)\s+(?:the\s+)?(?:{'|'.join(d for d in people.DEPARTMENTS_EN if d != 'it')}|(?-i:IT)\b|"
    r"[a-z]+\s+(?:team|department))\b",
    re.I,
)
# A full Korean name (surname + given name) before the leave words: "이서연 연차", "박서준의 휴가".
_LEAVE_TALK_KO = "|".join((*words.LEAVE.ko, *words.REMAINING.ko, *words.DAYS_QUANTITY.ko, "몇"))
_KOREAN_NAME = re.compile(
    rf"(?<![가-힣])([{people.SURNAMES}][가-힣]{{2}})(?:의|이|가|은|는|도)?\s*(?:{_LEAVE_TALK_KO})"
)
# The bot's own Korean words (소멸, 반반차, 사용한…) start words, not names.
_VOCABULARY_KO = tuple(
    sorted(
        {
            word
            for value in vars(words).values()
            if isinstance(value, words.Words)
            for word in value.ko
            if re.fullmatch(r"[가-힣]{2,}", word)
        },
        key=len,
        reverse=True,
    )
)
_NOT_NAME_START = re.compile(rf"^(?:{'|'.join((*people.NOT_NAME_STARTS, *_VOCABULARY_KO))})")


def names_someone_else(text: str) -> bool:
    """Whether the question names someone else by a marker (a title, a role, a mention, an id, "씨"), not
    by the syllables of a bare Korean name: what the number check may rely on. "저 신입인데": the asker."""
    return bool(_OTHER_MARKERS.search(_without_the_asker(text)))


def _without_the_asker(text: str) -> str:
    """`text` less the asker describing themselves ("저 신입인데"); once they are new themselves, new hires
    as a group ("신입은 연차 어떻게 생겨요?") are people like the asker, no one else."""
    described = SELF_DESCRIBED.sub(" ", text)
    return _NEW_HIRES.sub(" ", described) if described != text else described


_NEW_HIRES = re.compile(r"신입|신규\s*입사자|\bnew\s+(?:hires?|employees?|joiners?|starters?)\b", re.I)


def theirs(text: str) -> bool:
    """With someone else named, whether the question is theirs: their figure ("manager's", "does she"), or
    no first person asking beside them ("어제 친구 결혼식 갔다가 … 나 작년에 연차 몇 개 날렸지?" is the asker's).
    The number check and the offline model read it alike."""
    return bool(COLLEAGUES_FIGURE.search(text) or THIRD_PERSON_ASKED.search(text) or not OWN.search(text))


def about_someone_else(text: str) -> bool:
    """Whether the question asks about another person's leave (a name, a title, a mention, an id)."""
    if names_someone_else(text):
        return True
    text = _without_the_asker(text)
    return any(
        match.group(1) not in people.NOT_NAMES
        and not _NOT_NAME_START.match(match.group(1))
        and match.group(1)[-1] not in _VERB_ENDINGS
        for match in _KOREAN_NAME.finditer(text)
    )


# A word ending like a verb ("하는데", "가려고", "쉬려면") is no name.
_VERB_ENDINGS = frozenset("데고면요까며히피")  # and an adverb's ("정확히", "어차피")
