"""The words that never change what a leave question's figures are. Everything else in a question must be
read by its reading (bot/llm/coverage.py), or the offline model declines honestly.

A whitelist, short on purpose: a word missing here costs an honest "I can't answer that offline"; a word
wrongly here can cost a wrong answer ("summer vacation", "work anniversary" were answered with the bare
balance while the check only listed the words to look for). So a word belongs here only if it says
nothing about *which* figure, year, day, amount or person is asked. English words are matched whole and
lower-case; Korean ones as a stem followed by particles or endings, so the lists hold stems, not forms.
"""

from __future__ import annotations

import re

# ----- English ---------------------------------------------------------------------------------------
_EN_GROUPS: tuple[str, ...] = (
    # function words: articles, the asker's pronouns, auxiliaries, prepositions that name no date,
    # the tail of a contraction whose head was read ("last year's" → "s")
    "a an the i me my mine i'm i've i'd we our us you your it its is are am was were be been do does did "
    "done doing don't have has had will would can could should to of in on at for with from by as and or so just "
    "still yet now currently right then there this that these those them they any some all not no much "
    "many s far didn't didnt bc because again forgot forget barely "
    "about actually through exactly under per u also btw anything something into say says across whatever",
    # question words and asking ("can you tell me", "please check", "what about …")
    "what what's whats how how's hows tell show check see know find let look looking up pull please pls "
    "plz quick question wondering want wanted like need get got give given",
    # greetings, thanks, politeness and chat noise
    "hi hello hey hiya yo morning afternoon evening thanks thank thx cheers ok okay sure bot lol ugh basically "
    "omg wow haha",
    # chat shorthand: right now, at the moment, though, "hw" for how
    "rn atm tho hw",
    # hedges and checking: "really", "even", "double check", "sanity check", "I feel like", "kinda"
    "really even double sanity kinda sorta feel think thought guess wait hmm correct honestly hiya",
    # set side by side or itemised: the figures a balance states together ("got vs used", "break it down")
    "vs versus break breakdown down",
    # leave vocabulary: the figures a lookup states in any case (granted, used, remaining)
    "leave leaves vacation vacations pto day days off out annual paid remaining remain remains left "
    "balance balances available unused leftover used use usage using take taking taken took spent burn burned burnt "
    "total allowance entitlement entitled grant grants granted count number amount batch ones come comes",
)
EN_WORDS: frozenset[str] = frozenset(word for group in _EN_GROUPS for word in group.split())
# Words about the list of days taken: read only by a reading that looks the records up.
EN_RECORDS: frozenset[str] = frozenset(["records", "record", "history", "dates", "list"])

# ----- Korean ----------------------------------------------------------------------------------------
# Whole words: the asker, all of it ("다 썼어?", "둘 다", "각각": the years they go with are read).
_KO_WORDS: tuple[str, ...] = (
    "나 난 나는 내 내가 저 저는 제 제가 우리 저희 본인 다 둘 각각 같이 한번에 한꺼번에 전부 모두 총 "
    "좀 혹시 그럼 근데 그리고 지금 현재 아직 네 예 ㅋㅋ ㅠㅠ 같은데 말이야 입니다 "
    # chat shorthand that names no figure: "잔여연차 ㅇㄷ?" (어디: where is it), "ㄱㄱ", "ㅇㅇ"
    "ㅇㄷ ㅇㅇ ㄱㄱ 걸로 ㅎㅎ ㅠ ㅜㅜ",
    # "거의 다 쓴 듯" (it seems): no figure
    "듯",
    # the days named taken whole ("21일부터 31일까지 통으로"): the dates read say which days, this no figure
    "통으로 통째로 풀로",
    # "기억이 안남" (I don't remember): says nothing of the figures
    "기억이 기억 안남",
    # hedges and exclamations: "정확히", "진짜", "그냥", "헐", "설마" (the figure asked is the reading's)
    "정확히 정확하게 진짜 그냥 헐 실제로 설마 아마 대충",
    # connectives and chat endings that name nothing: "그래서", "써야됨" (must), "몇 개 나옴?" (comes out)
    "그래서 그러면 그니까 됨 나옴",
)
# Nouns (taking particles, a copula, or 하다/되다: "연차는", "확인해줘", "차감되나요").
_KO_NOUNS: tuple[str, ...] = (
    # question words and asking ("몇 개", "며칠", "확인 부탁드립니다")
    "몇 며칠 몇일 얼마 얼마나 개 일 수 거 것 건 게 확인 조회 궁금 부탁 정리 환산 어떻게 안녕 감사 수고 실례 기준",
    # "작년 연차 중에 소멸된 거": among the leave a reading already names (the year and figure are read)
    "중",
    # leave vocabulary: the figures a lookup states in any case (granted, used, remaining)
    "연차 연챠 년차 휴가 잔여 잔량 미사용 사용량 사용 일수 부여 발생 가능 유급 연간 개수 날 차감 현황",
    # the same in Konglish: "리프 밸런스 체크", "연차 리메이닝 몇 데이?"
    "밸런스 리메이닝 리프 데이 체크",
    # which half of the day: a half day costs the same in the morning or the afternoon
    "오전 오후",
)
# Verb stems (taking verb endings: "남았나요", "썼더라", "보여줘", "생기나요").
_KO_VERBS: tuple[str, ...] = (
    # asking, showing, confirming ("알려줘", "보여주세요", "뽑아줘", "맞죠?", "어땠어?")
    "알 알려 말해 보여 봐 볼 뽑아 맞 어때 어땠 되 돼 됐 있 주 줘 바라 바랍",
    # counting as, converting ("반차로 치면", "시간으로 환산하면"): the unit is read by the reading, or not
    "치",
    # leave vocabulary: remaining, used, granted, taking a day off
    "남 남았 남앗 쓰 써 썼 쓴 쓸 내 냈 낼 받 생기 생겨 생길 생긴 나와 나오 쉬",
)
# ("내역 좀 쭉 보여줘": all of the list)
KO_RECORDS: frozenset[str] = frozenset(["내역", "기록", "리스트", "목록", "날짜", "리스트업", "쭉"])
_PARTICLE = (
    r"은|는|이|가|을|를|의|도|만|에|에서|에는|엔|으로|로|랑|이랑|과|와|하고|부터|까지|들|좀|별|"
    r"이야|야|이에요|예요|이요|요|임|인가|인지|이었|였|이지|이면|면"
)
_VERB_ENDING = (
    r"(?:았|었|였|어|아|여|해|했|은|는|을|음|임|나|니|냐|요|지|죠|까|고|서|면|으면|더라|던가|던|래|세요|"
    r"시|셨|신|실|겠|기|게|거|건|걸|데|줘|주|줄|드려|드립|드리|니다|습니다|있|야|도|될|된|돼|되|ㅂ니다|립니다|세여|세용|랑|용)*"
)
# after a noun: particles, a copula's or 하다's endings ("며칠이었어", "확인 부탁드립니다", "비교해줘")
_NOUN_ENDING = re.compile(rf"(?:{_PARTICLE})*(?:(?:하|해|한|했|할|함|합|되|돼|됐|된|될)?{_VERB_ENDING}|해용)")
_VERB_ENDING_RE = re.compile(_VERB_ENDING)
_KO_EXACT = frozenset(" ".join(_KO_WORDS).split())
_NOUNS = tuple(sorted(" ".join(_KO_NOUNS).split(), key=len, reverse=True))
_VERBS = tuple(sorted(" ".join(_KO_VERBS).split(), key=len, reverse=True))
# Words of any script (a word in another script is not in the vocabulary either); digits are numbers,
# read or not by the coverage check itself.
_TOKEN = re.compile(r"[가-힣ㄱ-ㅎㅏ-ㅣ]+|[A-Za-z]+(?:'[A-Za-z]+)?|[^\W\d_]+")
# A token of bare jamo only, except ㄴ ("ㄴㄴ": no, which may take back what was said).
_JAMO_ONLY = re.compile(r"[ㄱ-ㄳㄷ-ㅎㅏ-ㅣ]+")
# The asker describing themselves ("저 신입인데", "new here", "I'm a new hire"): the asker, not new hires as
# a group ("신입은 연차 몇 개 받아?" asks a rule, about_someone_else); it names no figure.
SELF_DESCRIBED = re.compile(
    r"(?:(?:저는?|나는?|제가|내가)\s*|(?<![가-힣]))(?:아직\s*)?신입(?:\s*사원)?\s*(?:인데요?|이라서?|이에요|입니다|이거든요?|임)(?![가-힣])|"
    r"\b(?:i'?m|i\s+am)\s+(?:a\s+|still\s+)?new(?:\s+(?:hire|employee|joiner|starter))?(?:\s+here)?\b|"
    r"\bnew\s+here\b|"
    r"(?:제|내|저의|나의)\s*사번\s*(?:은|는|이)?\s*[A-Za-z]{1,3}-?\d{3,6}\s*(?:인데요?|이고|이에요|입니다)?|"
    r"\bmy\s+(?:employee\s+)?(?:id|number)\s+(?:is\s+)?[A-Za-z]{1,3}-?\d{3,6}\b",
    re.I,
)
# "time off": leave; "this time", "at the time" are not.
_TIME_OFF = re.compile(r"\btime\s+off\b", re.I)
# "quick one", "quick q": a question's opener, not a number of days
# Openers that name no figure: "quick q", and trying the bot for the first time ("이 봇 오늘 처음 써봐요",
# "hi bot, first time here", "sorry for the dumb q")
_OPENER = re.compile(
    r"\bquick\s+(?:one|q|question)\b|"
    r"(?:이\s*)?봇\s*(?:을|를)?\s*(?:오늘\s*)?처음\s*(?:써\s*봐요|써\s*보는데요?|써\s*봐|사용해\s*봐요)|"
    r"(?:오늘\s*)?처음\s*(?:써\s*보는데요?|써\s*봐요|사용해\s*보는데요?)|"
    r"\b(?:hi|hello|hey)\s+bot\b|\bfirst\s+time\s+(?:here|using\s+(?:this|the\s+bot|you))\b|"
    r"\b(?:sorry\s+(?:for\s+the\s+)?)?(?:dumb|stupid|silly)\s+(?:q|question)\b",
    re.I,
)


def unaccounted(text: str, records: bool = False) -> list[str]:
    """The words of `text` (what a reading left unread of a question) that are not in the vocabulary;
    `records`: the reading lists the days taken, so words asking for that list are read."""
    left = []
    for token in _TOKEN.findall(_TIME_OFF.sub("off", _OPENER.sub(" ", SELF_DESCRIBED.sub(" ", text)))):
        if "가" <= token[0] <= "힣":  # "있나요ㅠㅠ", "같은데ㅋ": the sigh or laugh after a word is chat noise
            token = token.rstrip("ㄱㅋㅎㅠㅜ")
        lower = token.lower()
        if lower in EN_WORDS or lower in _KO_EXACT or (records and lower in EN_RECORDS | KO_RECORDS):
            continue
        if _typo_of_a_known_word(lower):  # "lft", "mnay": a slip of the thumb, still a word of no figure
            continue
        if _JAMO_ONLY.fullmatch(token):
            continue  # chat shorthand in bare consonants and vowels ("ㅎㅇ", "ㅋㅋㅋ", "ㅜㅜ"): no figure
        if _known_korean(token, records):
            continue  # a stem and its endings, or endings left after a word that was read ("작년에" → "에")
        if _spaced_out(token, records):
            continue  # words typed without their spaces ("몇개남음", "쓸수있어요"), each one of no figure
        left.append(token)
    return left


def _known_piece(piece: str, records: bool) -> bool:
    """A piece of a run-together token: a word of two syllables or more, not an ending alone, or one of the
    few one-syllable words that run into the next ("몇개", "쓸수", "남은거"). Single syllables in general
    would make day names of innocent pieces ("수"+"요"+"일")."""
    if len(piece) == 1:
        return piece in _RUN_TOGETHER
    return not _NOUN_ENDING.fullmatch(piece) and _known_korean(piece, records)


_PARTICLES_ONLY = re.compile(rf"(?:{_PARTICLE})+")
_RUN_TOGETHER = frozenset("몇개수쓸할다거건게좀총것됨")


def _known_korean(token: str, records: bool) -> bool:
    """A Korean word of the vocabulary: an exact word, a stem and its endings, or endings alone."""
    return (
        token in _KO_EXACT
        or (records and token in KO_RECORDS)
        or bool(_NOUN_ENDING.fullmatch(token))
        or _korean_known(token, records)
    )


def _spaced_out(token: str, records: bool) -> bool:
    """Whether a Korean token the vocabulary does not know whole is two or more of its words run together
    (chat drops the spaces): each piece is read as a word of its own would be, so a piece the reading must
    read ("반차" in "오후반차") leaves the whole unaccounted, as it would with its space."""
    if not ("가" <= token[0] <= "힣") or len(token) < 3:
        return False
    known = [True] + [False] * len(token)  # known[i]: token[:i] splits into known words
    for end in range(1, len(token) + 1):
        known[end] = any(
            known[start]
            and (
                _known_piece(token[start:end], records)
                # a particle closing the run ("지금까지", "남은거요"), after a word of its own
                or (
                    end == len(token)
                    and start > 1
                    and _PARTICLES_ONLY.fullmatch(token[start:end]) is not None
                )
            )
            for start in range(end)
        )
    return known[len(token)]


def _typo_of_a_known_word(token: str) -> bool:
    """Whether an English token is one slip (a letter left out, added, changed or two swapped) from a word of
    the vocabulary of four letters or more that begins with the same letter: such a word never changes the
    figures, so neither does its typo. (Not "hour" for "our": the first letter is kept.)"""
    if len(token) < 3 or not token.isascii() or not token.isalpha() or token in _WORDS_OF_THEIR_OWN:
        return False
    return any(
        len(word) >= 4 and word[0] == token[0] and abs(len(word) - len(token)) <= 1 and _one_slip(token, word)
        for word in EN_WORDS
    )


# Words one slip from the vocabulary that are words of their own and may change the figures ("till" is no
# "tell", "lost" no "most").
_WORDS_OF_THEIR_OWN = frozenset(
    {"till", "lose", "lost", "less", "next", "last", "half", "sick", "hour", "over"}
)


def _one_slip(a: str, b: str) -> bool:
    if len(a) == len(b):
        differ = [i for i in range(len(a)) if a[i] != b[i]]
        swapped = len(differ) == 2 and differ[1] == differ[0] + 1 and a[differ[0]] == b[differ[1]]
        return len(differ) == 1 or (swapped and a[differ[1]] == b[differ[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def _korean_known(token: str, records: bool) -> bool:
    """A stem and its endings; a noun of two syllables or more may be followed by another ("잔여일수")."""
    nouns = _NOUNS + tuple(KO_RECORDS) if records else _NOUNS
    for stem in nouns:
        if token.startswith(stem):
            rest = token[len(stem) :]
            if _NOUN_ENDING.fullmatch(rest) or (len(stem) > 1 and _korean_known(rest, records)):
                return True
            if stem in ("몇", "얼마") and _korean_known(rest, records):  # "몇개", "몇일임"
                return True
    return any(token.startswith(stem) and _VERB_ENDING_RE.fullmatch(token[len(stem) :]) for stem in _VERBS)
