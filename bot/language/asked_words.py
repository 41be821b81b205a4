"""The words by which a question asks for each kind of answer: what is left (and the working days left,
which are not leave), what was granted or used, "so far", more than a day, now; for each statement the
question alone may ask, the words that ask it (`ASKS_FOR`); and the sentences of a message, a sentence
asking again ("작년 것도."), and the asker's own leave planned. Words only; the check that reads them is
bot/llm/choice/rules.py and bot/llm/choice/quotes.py."""

from __future__ import annotations

import re

from bot.language import words
from bot.language.question_words import HOW_MANY
from bot.language.words import pattern

LEFT = pattern(words.REMAINING | words.REMAINING_STATED)


ASKED_GRANT_WORDS = r"(?:연차|휴가)[^?]{0,8}(?:새로\s*)?들어(?:왔|온)|새로\s*(?:생겼|나왔|들어왔)|\bhow\s+(?:many|much)\b[^?]{0,25}\bdid\s+I\s+(?:get|receive)\b|부여|받은\s*연차(?!\s*(?:중|에서))|총\s*연차|받[는을]\s*지|(?:연차|몇\s*개|며칠)[^?]{0,6}받(?:았|은\s*(?:거|건))|\b(?:given|granted|entitled)\b|allowance|\b(?:did|do|will)\s+I\s+get\s+(?:more|fewer|less)\b"

# "How many did I get", "총 몇 개": a question that what was granted answers (beside "what was granted" asked).
GRANT_ASKED = re.compile(
    ASKED_GRANT_WORDS
    + r"|생기|생겨|생겼|나와|나왔|나오|나온|받[아았나은는을]|\b(?:get|got|getting|receive\w*|earn\w*|total|per\s+year|a\s+year)\b",
    re.I,
)

# "이번 달 남은 영업일", "working days left this month": days of the calendar left, not leave
WORKING_DAYS_LEFT = re.compile(
    r"남은\s*(?:영업일|근무일|평일|출근일)|(?:영업일|근무일|평일|출근일)\s*(?:이|은)?\s*(?:몇\s*일|며칠)\s*(?:이나\s*)?남|"
    r"\b(?:working|business|work)\s*days\s+(?:(?:are|do\s+(?:we|I)\s+have)\s+)?left\b",
    re.I,
)


SO_FAR = re.compile(r"so\s+far|to\s+date|until\s+now|지금까지|여태|현재까지|이때까지", re.I)
# "enough for a week off?", "3일 쉬어도 돼?": more than the one day enough(Y) answers for
MORE_THAN_A_DAY = re.compile(
    r"\b(?:a|the|full|whole|entire)\s+(?:full\s+)?week\b|\bweek\s+off\b|일주일|한\s*주\s*(?:통|내내|전체)|"
    r"\bmon\w*\s*(?:-|–|to|thru|through)\s*fri|월\s*[~-]\s*금|"
    r"(?<![\d.])(?:[2-9]|\d{2})\s*(?:full\s+)?(?:days?\b|일(?!\s*(?:부터|까지|에|날))|개)",
    re.I,
)

NOW = re.compile(r"\b(?:now|today)\b|오늘|지금", re.I)
# "연말까지 근무일 몇 일 남았어?", "working days left until Christmas": counted from today (or tomorrow)
LEFT_UNTIL = re.compile(
    r"까지[^?.!]{0,12}남|\b(?:until|till)\b[^?.!]{0,20}\bleft\b|\bleft\b[^?.!]{0,30}\b(?:until|till|before)\b",
    re.I,
)

USED_ASKED = pattern(
    words.USED
    | words.USED_STATED
    | words.WHEN
    | words.Words(en=(r"\buse\b", r"\busing\b", r"\btake\b", r"\bburn\w*", r"\bspend\b", r"\busage\b"))
)


# The statements that answer one particular question, and the words that ask it. A statement of these may
# stand beside an answer ("…, and 3 days expire on 31 December"); alone, it must be what the question asks:
# what was granted does not answer "what do I still have", nor the base rule "how does it work in my first
# year". Statements not listed (what is left, a what-if, a day, a span) answer any question of their figures.
# the days off in a row a plan makes, weekends and holidays included ("총 며칠 연속으로 쉬어?", "how many days
# in a row am I off?"), not how many one may take in a row (a house rule: "can I take 10 days in a row?")
IN_A_ROW_ASKED = re.compile(
    r"^(?!.*(?:\bcan\s+I\b|\bmay\s+I\b|allowed|최대|가능|할\s*수|쓸\s*수|규정|\bpolicy\b|\blimit)).*(?:"
    r"(?:며칠|몇\s*일)\s*(?:을\s*|이나\s*)?(?:연속|연달아|내리)|연속\s*(?:으로\s*)?(?:며칠|몇\s*일)|"
    r"(?:까지|총)\s*(?:총\s*)?(?:며칠|몇\s*일)\s*(?:을\s*|동안\s*)?쉬|\d+\s*일\s*(?:연속|연휴)|"
    r"(?:며칠|몇\s*일)\s*(?:붙어|이어)\s*(?:서\s*)?쉬|"
    r"\bdays?\s+(?:off\s+)?in\s+a\s+row\b|\bconsecutive\s+days?\b|\bhow\s+long\s+(?:a|of\s+a|is\s+the|will\s+the)\s+break\b)",
    re.I | re.S,
)

# when the Act's yearly grant reaches a size ("22개 받게 되는 건 몇 년도?", "when do I hit the 25-day cap?")
REACHES_ASKED = re.compile(
    r"(?:\d+\s*(?:개|일)|최대)[^?.]{0,20}(?:받게\s*되|받는|나오는|생기는|되는|로\s*늘|까지\s*늘)[^?.]{0,10}(?:몇\s*년도|언제)|"
    r"(?:몇\s*년도|언제)[^?.]{0,10}(?:\d+\s*(?:개|일)|최대)[^?.]{0,10}(?:받|되|늘|올라|이에요|예요|인가요)|"
    r"\b(?:which|what)\s+year\b[^?.]*\b(?:\d+|max\w*|cap)\b|"
    r"\b(?:when|how\s+long)\b[^?.]*\b(?:hits?|reach(?:es)?|gets?\s+to|go(?:es)?\s+up\s+to|first\s+get)\s+(?:the\s+)?\d+|"
    r"\bwhen\b[^?.]*\b(?:hit|reach)\s+the\s+(?:\d+[-\s]day\s+)?(?:max\w*|cap)\b|"
    # "20일 되려면 언제까지 다녀야 해?", "how long until I get 20 days a year?"
    r"(?<!\d)(?:1[2-9]|2[0-5])\s*(?:개|일)\s*(?:이|가)?\s*(?:되려면|받으려면|나오려면)|"
    # "16일은 언제부터 받아요?" (a year's grant; "다음 1개는 언제 생겨?" is the first year's next month)
    r"(?<!\d)(?:1[2-9]|2[0-5])\s*(?:개|일)\s*(?:은|는|을|를)?\s*언제(?:부터|쯤)?\s*(?:받|나와|나오|생겨|생기)|"
    r"\b(?:when|how\s+long)\b[^?.]*\b(?:get|have|receive)\s+\d+\s+days?(?:\s+(?:a|per|each)\s+year)?\b",
    re.I,
)
# when it next grows ("언제 늘어?", "when does my leave go up?"): the next grant says its size too
GROWS_ASKED = re.compile(
    r"언제\s*(?:쯤|부터)?\s*(?:연차가?\s*)?(?:늘|올라|많아)|"
    r"\bwhen\b[^?.]*\b(?:go(?:es)?\s+up|increase|grow)\b",
    re.I,
)

# Hours asked as a follow-up of its own ("what about in hours?", "시간으로는?"): what was just said
IN_HOURS_ALONE = r"^\s*(?:(?:and|so|ok|what\s+about|how\s+about|그럼)\s+)*(?:in\s+hours|시간으로\s*(?:는|하면|치면)?)\s*[?？]*\s*$"

ASKS_FOR: dict[str, re.Pattern[str]] = {
    "grows_to": re.compile(
        rf"{REACHES_ASKED.pattern}|{GROWS_ASKED.pattern}|늘|올라|몇\s*년도|"
        r"\b(?:grow|go(?:es)?\s+up|increase|reach|hit|cap|max\w*|get\s+to)\b",
        re.I,
    ),
    "in_a_row": IN_A_ROW_ASKED,
    "granted": GRANT_ASKED,
    "compare:granted": GRANT_ASKED,
    "compare:used": USED_ASKED,
    "used": USED_ASKED,
    "expiring": pattern(
        words.EXPIRY
        | words.Words(
            ko=("언제까지",),
            en=(
                r"\buntil\b",
                r"\bby\s+when\b",
                r"\blast\s+day\s+(?:I\s+can|to)\s+(?:use|take)\b",
                r"\bwhat\s+happens\s+to\b",
                r"\b(?:vanish|disappear)\w*",
            ),
        )
    ),
    # what is left, in hours: asked with what is left or how many ("can I take leave in hours?" asks a rule)
    "hours_left": re.compile(
        rf"^(?=.*(?:{pattern(words.HOURS).pattern}))(?=.*(?:{LEFT.pattern}|{HOW_MANY.pattern}))|{IN_HOURS_ALONE}",
        re.I | re.S,
    ),
    "share_used": re.compile(
        r"%|퍼센트|프로|비율|\w*[률율]|percent\w*|share|proportion|how\s+much\s+of|what\s+part", re.I
    ),
    "service_years": re.compile(
        r"근속|입사|몇\s*년|다닌|일한|\b(?:how\s+long|years?\s+of\s+service|tenure|anniversary|joined|been\s+here)\b",
        re.I,
    ),
    "act_rule:base": re.compile(
        r"법|규정|기준|원칙|첫\s*해\s*(?:이후|지나|끝나|다음|후)|1\s*년\s*(?:후|뒤|지나)|"
        r"\b(?:law|legal\w*|statut\w*|act|rules?|minimum|normally)\b|\bafter\s+(?:my|the)\s+first\s+year\b",
        re.I,
    ),
    # the next grant, asked as next or by when ("right now" asks what there is now)
    "next_grant": re.compile(
        pattern(words.NEXT_GRANT).pattern
        + r"|다음|언제|내년|새해|\bnext\b|\bwhen\b|anniversary|생기|생겨|생길|나와|나오|늘어|받[아을나]|\bget\b|\bgrow|\bincrease|"
        r"\bgo(?:es)?\s+up\b",
        re.I,
    ),
    # the Act's leave that has arisen and can be used now: asked as the law's, as arisen, or as now
    "current_days": re.compile(
        r"법|발생|생긴|생겼|생겨|쌓|지금|현재|당장|쓸\s*수\s*있|사용\s*가능|\b(?:law|legal\w*|statut\w*|arisen|accru\w*|"
        r"earned|entitle\w*|now|rn|currently|current|available|usable|can\s+I\s+use)\b",
        re.I,
    ),
    # half days still possible: asked as what is left or can still be taken, not as those taken
    "half_days_left": re.compile(
        LEFT.pattern + r"|더|아직|\b(?:more|still|another|can\s+I)\b|몇\s*(?:번|개)\s*(?:쓸|낼)\s*수", re.I
    ),
    # asked to request, or how: not a question of something else ("what's the wifi password?")
    "how_to_request": re.compile(
        r"신청|요청|올리|올려|상신|결재|승인|취소|내려면|쓰려면|\b(?:request\w*|apply|book|submit|put\s+in|file|sign\s+up|"
        r"cancel\w*|withdraw|approv\w*|"
        r"how\s+(?:do|can|should)\s+I|how\s+to)\b",
        re.I,
    ),
    "act_rule:max": re.compile(r"최대|상한|한도|최고|\b(?:max\w*|cap|limit|most|ceiling)\b", re.I),
    "act_rule:extra": re.compile(
        r"가산|추가|늘어|더\s*(?:받|생)|장기|\b(?:extra|additional|more|long\s+service|increase\w*)\b", re.I
    ),
}

# Where a sentence ends: its mark, then space; a line break.
# (a decimal point is no sentence's end: "7.5일 남았다고 했잖아요")
# (an emoji ends one too: "Back from Seollal 😅 How many working days are there in March?")
_ENDS = ".!?？~…\n\U0001f300-\U0001faff\u2600-\u27bf"
SENTENCE = re.compile(rf"(?:(?<=\d)\.(?=\d)|[^{_ENDS}])+(?:[{_ENDS}]+|$)")

# Asking again, in a sentence of its own with no question word: "작년 것도.", "and last year too".
ALSO = re.compile(
    r"것도|거도|건도|도요|도\s*[.?!~]*$|\b(?:also|too|as\s+well|what\s+about|how\s+about)\b", re.I
)


# The asker taking leave, as a plan or a condition: a premise of the ask ("Say I take 3 days in March.",
# "3월 13일에 쉬면"), not a story ("팀장님이 연말 전에 소진하라고 하셔서요").
TAKING = re.compile(
    r"(?:쓰|쉬|내|빼)면|(?:쓸|쉴|낼|뺄)\s*(?:거|건데|예정|까|려)|(?:쓰|쉬|내)려(?!가)|"
    r"\b(?:if|say|when|once)\s+I\b|\bI(?:'m|\s+am)?\s+(?:going\s+to\s+|want\s+to\s+|plan\s+to\s+|will\s+|'ll\s+)?"
    r"(?:take|taking|book|booking)\b|\b(?:thinking\s+of|planning\s+(?:on|to))\s+(?:tak|book|us)\w*",
    re.I,
)


# The words that ask each of the choice's questions (bot/llm/choice/rules.py `_ASKED`), by its name there.

# the next grant
NEXT_GRANT_ASKED = pattern(
    words.Words(
        ko=(
            r"(?:다음|담)\s*연차",
            r"연차\s*발생일",
            r"^(?!.*(?:1\s*년\s*미만|1\s*년\s*(?:이\s*)?안|첫\s*해|신입)).*"
            # "새로 생겨" or a future ("생길", "나올"); "며칠 나와?" asks what one gets now, or next
            r"(?:(?:내년|다음|앞으로).{0,15})?(?:몇\s*일|며칠|몇\s*개)\s*(?:새로\s*(?:생겨|생기|나와|나오)|생길|나올)|"
            r"(?:내년|다음|앞으로).{0,15}(?:몇\s*일|며칠|몇\s*개)\s*(?:생겨|생기|나와|나오)",
            r"다음\s*(?:발생|부여)",
            r"다음\s*(?:엔|에는|에)?\s*언제\s*(?:쯤\s*)?(?:생|나와|나오|받)",
            # what comes once a year of service completes ("입사 1년 되면 몇 개 생겨요?")
            r"(?:되면|지나면|채우면|넘으면)\s*(?:연차\s*)?(?:가\s*|는\s*)?(?:몇\s*일|며칠|몇\s*개)\s*(?:생겨|생기|생길|나와|나오|나올|받)",
        ),
        en=(
            *words.NEXT_GRANT.en,
            r"next\s+(?:batch|lot|round|set)\b",
            r"\bnext\s+(?:work\s+)?anniversary\b",
            r"\bget\s+next\s+time\b",
            r"\bnext\s+year'?s\s+(?:leave|allowance|grant|days|pto)\b",
        ),
    )
)

# what has arisen so far
ARISEN_ASKED = re.compile(
    r"^(?=.*(?:몇|얼마|how\s+many|how\s+much))(?=.*(?:(?:지금까지|여태|현재까지)[^?.]*(?:생|쌓|발생)|"
    r"built\s+up|accru|earned\s+so\s+far))",
    re.I | re.S,
)

# "연차 며칠 나와?": the days one gets, now or at the next grant (either answers it)
GRANT_SIZE_ASKED = re.compile(r"(?:몇\s*일|며칠|몇\s*개)\s*(?:씩\s*)?(?:생겨|생기|나와|나오)")

# the first year's rule
FIRST_YEAR_ASKED = re.compile(
    r"첫\s*해(?!\s*(?:이후|지나|끝나|다음|후))|첫\s*1?\s*년|입사\s*1\s*년\s*(?:미만|안)|(?:1|일)\s*년\s*(?:이\s*|도\s*)?(?:미만|안\s*[됐된돼되]|못\s*[채됐된])|"
    r"신입(?!\s*(?:인데요?|이라서?|이에요|입니다|이거든요?|임)(?![가-힣]))|올해\s*입사|입사\s*(?:한\s*지|하고)?\s*\d{1,2}\s*개월(?!\s*(?:차|째))|\b\d{1,2}\s+months?\s+(?:in|ago|since)|(?<!after my )(?<!after the )(?:first|1st)[\s-]+year|new\s+hire|joined\s+this\s+year|"
    r"less\s+than\s+a\s+year",
    re.I,
)

# the Act's maximum
ACT_MAXIMUM_ASKED = re.compile(
    r"(?:법|law|statut|legal|\bact\b)[^?.]*?(?:최대|상한|한도|max|cap\b|limit|ceiling)|"
    r"(?:최대|상한|한도|max|cap\b|limit|ceiling)[^?.]*?(?:법|law|statut|legal|\bact\b)|"
    # the first year's at most ("입사 첫해에는 최대 몇 개까지 생겨요?"): the rule's, not what one has now
    r"(?:첫\s*해|첫\s*1?\s*년|first\s+year)[^?.]*?(?:최대|상한|at\s+most|max)",
    re.I,
)

# years of service
SERVICE_ASKED = re.compile(
    r"근속(?!\s*\d)(?!\s*(?:연수|기간|년수)?\s*에\s*따[라른])|몇\s*년\s*(?:째|차|다녔|일했|됐)|입사한\s*지\s*얼마나\s*(?:됐|되었)|how\s+long\s+have\s+I\s+(?:\w+\s+)?(?:been|worked)|"
    r"how\s+many\s+(?:years|yrs)\s+have\s+I|years?\s+of\s+service",
    re.I,
)

# a request made
REQUEST_MADE_ASKED = re.compile(
    r"\b(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:book|request|put\s+in|submit|file)\b"
    r"(?=[^?]*\b(?:off|leave|vacation|pto|request)\b)|"
    r"(?:연차|반차|휴가)[^?]{0,20}(?:신청|올려|상신)\s*(?:해\s*)?(?:줘|주세요|줄래|주실래|줄\s*수)",
    re.I,
)

# why the grant is its size
WHY_GRANT_ASKED = re.compile(
    r"(?:왜|어째서|어떻게\s*(?:계산|나온|정해))[^?]*(?:\d+\s*(?:일|개)|연차|받)|"
    r"\bwhy(?:'s|\s+is|\s+do|\s+does|\s+did)?\b[^?]*(?:\d+\s*days?|grant|get|allowance|entitle)",
    re.I,
)

# what a day is
DAY_ASKED = re.compile(
    r"쉬는\s*날|공휴일|휴일|평일|무슨\s*요일|요일\s*(?:이(?!랑)|뭐|좀|맞)|"
    r"\b(?:a\s+holiday|public\s+holiday|working\s+day|work\s*day|business\s+day|what\s+day)\b",
    re.I,
)

# a total
TOTAL_ASKED = re.compile(
    r"합쳐|합치|합계|총합|모두\s*합|\b(?:combined|in\s+total|altogether|added\s+up|sum)\b|"
    r"\btotal\b[^?]*\b(?:across|over|both)\b|\bacross\s+(?:20\d\d|both|the\s+two)\b",
    re.I,
)

# a comparison
COMPARISON_ASKED = re.compile(
    r"더\s*(?:많|적)|어디가\s*더|보다\s*(?:많|적|더)|비교|\bvs\.?\b|\bversus\b|\bcompared?\b|"
    r"\b(?:more|less|fewer)\b[^?]*\bthan\b[^?]*\b(?:year|20\d\d)\b",
    re.I,
)

# what would be left
WHAT_IF_ASKED = re.compile(
    r"(?:쓰|쉬|내|빼)면\s*(?:[^?]{0,12})(?:남|모자|부족|충분)|(?:쓴|쉰|낸)다면|"
    # "다음주 목금 쉬고 싶은데 그러면 몇 개 남아요?": a plan, then what it leaves
    r"(?:쓰|쉬|내|빼)(?:고\s*싶|려고|려는|려구)[^?]{0,20}(?:그러면|그럼|그렇게\s*하면)\s*(?:[^?]{0,12})남|"
    r"\bif\s+I\s+(?:take|use|book|took|used)\b[^?]*\b(?:left|remain\w*|have)\b|"
    r"\bafter\s+(?:taking|I\s+take)\b[^?]*\b(?:left|remain\w*|have)\b|"
    # "what's left after?", "how many would I have left after it?", "what would that leave me with?"
    r"\b(?:left|remain\w*)\s+(?:over\s+)?after\b|\bafter\s+(?:that|it|this|those|them)\b[^?]*\b(?:left|remain\w*)\b|"
    r"\b(?:would|will)\s+(?:that|it|this)\s+leave\s+me\b|\b(?:will|would)\s+I\s+have\s+(?:left\s+)?after\b|"
    # "12월 21일부터 24일까지 휴가 내면 며칠 빠져요? 그럼 올해 몇 개 남아요?": a plan, then what it leaves
    r"(?:쓰|쉬|내|빼)면[^.]{0,40}[?？]\s*(?:그러면|그럼)\s*[^?]{0,12}남",
    re.I,
)

# what days off take ("12/21부터 31일까지 쉬면 며칠 필요해?", "how many days would that use?"): a count
DAYS_TAKEN_ASKED = re.compile(
    r"(?:쓰|쉬|내)(?:면|려면)\s*(?:[^?]{0,12})(?:필요|들어|드나|드는|빠지|빠져|빠짐|차감)|"
    r"(?:쓰|쉬|내)(?:면|려면)\s*(?:[^?]{0,12})(?:며칠|몇\s*(?:일|개))\s*(?:써야|내야|써|빠)|"
    r"\bhow\s+many\s+(?:leave\s+|annual\s+|vacation\s+)?days\s+(?:would|will|does)\s+(?:that|it|this)\s+(?:take|use|eat|cost)\b",
    re.I,
)

# annual leave beside another kind
ANNUAL_BESIDE_OTHER_ASKED = re.compile(
    r"(?:병가|sick|경조)[^?]{0,40}?(?:랑|이랑|하고|과|와|and|&|,)\s*(?:how\s+many\s+)?(?:연차|annual|vacation|pto)|"
    r"(?:연차|annual|vacation|pto)[^?]{0,12}(?:랑|이랑|하고|과|와|and|&|,)\s*(?:병가|sick|경조)",
    re.I,
)

# another kind of leave
OTHER_KIND_ASKED = re.compile(
    r"(?<!except )(?<!excluding )(?<!not counting )(?<!without )(?<!not counting my )(?:병가|sick|경조|대체\s*휴무|보상\s*휴가|special\s+leave|comp(?:ensatory)?\s+(?:day|leave|time))"
    r"(?!\s*(?:은|는)?\s*(?:빼고|제외|말고))",
    re.I,
)

# records by date
RECORDS_ASKED = re.compile(
    # (not "which days are the Seollal holidays?": the calendar's)
    r"날짜별|언제\s*언제|기록|내역|\b(?:which\s+days|what\s+dates)\b(?!\s+(?:are|is|were)\b[^?]*\bholidays?\b)|"
    r"\brecords?\b|\bhistory\b",
    re.I,
)
# Another kind of leave left out ("병가는 빼고", "not counting sick days"): annual leave is asked, and a
# balance is of annual leave only
KIND_LEFT_OUT = re.compile(
    r"(?:병가|\bsick(?:\s+(?:leave|days?))?)\s*(?:는|은|을|를)?\s*(?:빼고|제외(?:하고)?|말고)|"
    r"\b(?:excluding|except|without|not\s+counting|not)\s+(?:my\s+|the\s+)?sick\b",
    re.I,
)
# "when did I take sick leave?", "언제 썼더라": the days taken, by their dates (not a count of them)
TAKEN_WHEN_ASKED = re.compile(
    r"\b(?:when|what\s+days?|what\s+dates?)\s+did\s+I\s+(?:take|use|have)\b(?!\s+\d)|"
    r"\bwhen\s+was\s+my\s+(?:last\s+|first\s+)?(?:day\s+off|leave|vacation|holiday|half[-\s]day)\b|"
    r"언제\s*(?:썼|쉬었|쉰|냈|사용했)",
    re.I,
)

# the days taken, listed ("list every day I took off", "쓴 날짜 좀 쭉"): a list, not the latest alone
LIST_ASKED = re.compile(
    r"(?:쓴|썼던|쉰)\s*날짜|날짜\s*(?:좀\s*)?(?:쭉|다|전부)|\blist\b|\b(?:all|every)\s+(?:the\s+)?days?\s+I\b",
    re.I,
)
# half days left, counted ("남은 연차 반차로 쪼개 쓰면 몇 번?", "how many half days can I still take?")
HALVES_LEFT_ASKED = re.compile(
    r"반차로\s*[^?]{0,20}몇\s*(?:번|개|회)|\bhow\s+many\s+(?:more\s+)?half[-\s]?days?\s+(?:can|could|do)\s+I\b|"
    r"\b(?:as|in)\s+(?:half[-\s]?days|halves)\b",
    re.I,
)

# the latest leave
LATEST_ASKED = re.compile(
    r"마지막(?:으로)?\s*(?:연차|휴가|반차)?\s*(?:쓴|썼)|\bwhen\s+did\s+I\s+last\b|"
    r"\b(?:last|most\s+recent)\s+(?:time\s+I|day\s+off|leave|vacation)",
    re.I,
)

# how to request
HOW_TO_ASKED = re.compile(
    r"신청\s*(?:은\s*)?(?:어떻게|방법|하려면|어디)|어떻게\s*(?:신청|올려|내)|"
    r"how\s+(?:do|can|should)\s+I\s+(?:\w+ly\s+)?(?:apply|request|book|submit|put\s+in)",
    re.I,
)

# a share
SHARE_ASKED = re.compile(
    # (not how sure the person is: "I'm 99% sure", "100프로 확실")
    r"(?:%|퍼센트|프로(?!젝트))(?!\s*(?:sure|certain|positive|확실|확신|맞))|비율|사용률|소진율|\b(?:percent\w*|share\s+of|proportion|fraction)\b",
    re.I,
)


# The frame of a request, asking nothing of its own: "could you tell me", "please", "알려 주세요".
FRAME = re.compile(
    r"\b(?:could|can|would|will)\s+(?:you|u)\b|\b(?:please|pls|plz|kindly|tell\s+me|show\s+me|let\s+me\s+know|"
    r"and|also|i'd\s+like\s+to\s+know|i\s+want\s+to\s+know|hi|hello|hey|thanks?)\b|"
    r"혹시|좀|둘\s*다|전부|\bboth\b|알려\s*(?:줘|주세요|주실래요|주시겠어요|주시고|주시면|줄\s*수\s*있[어나]요|주실\s*수\s*있[어나]요)|(?<![가-힣])(?:아참|아|참|음)(?![가-힣])|부탁(?:해|드려|드립니다)\w*|그리고|안녕하세요",
    re.I,
)


# "지난 추석", "last Chuseok": the holiday's last occurrence, not its next.
LAST_ONE = re.compile(r"지난|작년|저번|\b(?:last|past|previous)\b", re.I)

# What someone told the asker, reported ("팀장님이 다 쓰라고 하셔서요", "my manager told me to use them"): a story.
REPORTED = re.compile(
    r"(?:라고|하래|쓰래|래서|라셔|라며|라네|다던데|다더라)\s*(?:하셔서|해서|하시네|하셨|했|그러|말)?|"
    r"\b(?:told|asked)\s+(?:me|us)\s+to\b",
    re.I,
)
# The whole reported clause, from its start to the telling verb ("팀장님이 연말 전에 다 쓰라고 하시는데ㅠ").
REPORTED_CLAUSE = re.compile(
    r"[^?.!]*?(?:라고|하래|쓰래|라며)\s*(?:하셔서|하시는데|하시네요?|하셨어요?|하셨는데|해서|했는데|그러셔서|그러시는데)[ㅠㅜ~!.,\s]*"
)


# ----- the rest of the check's table (bot/llm/choice/rules.py `_ASKED`), by its row ---------------------------
# what is left, or "how many days do I have (now)" (the offline model asks which)
LEFT_ASKED = re.compile(
    LEFT.pattern
    + r"|how\s+many\s+(?!(?:years?|yrs|hours?|hrs)\b)(?:\w+\s+){0,3}(?:do|have)\s+I\s+(?:have|got)\b(?!\s+(?:per|a|each|every)\s+year)",
    re.I,
)
# what was used: "did I use / take more …", "have I taken", "usage"
# "작년 연차 다 썼나?", "did I use it all up?": whether any is left, which what is left answers as well
USED_UP = re.compile(
    r"(?<![가-힣])다\s*(?:썼|쓴|써\s*버렸|소진)|\bused?\s+(?:it\s+|them\s+|everything\s+)?(?:all|up)\b(?!\s+(?:to|until|till|so\s+far))|\ball\s+used\b",
    re.I,
)


USED_ASKED_WORDS = pattern(
    words.USED
    | words.Words(
        ko=words.USED_STATED.ko,
        en=(
            r"\busage\b",
            r"\b(?:end(?:ed)?\s+up\s+)using\b",
            r"\b(?:did|have|had)\s+I\s+(?:\w+\s+)?(?:use|take|taken)\b",
            r"\bI(?:'ve|\s+have)?\s+(?:already\s+)?(?:took|taken)\b",
        ),
    )
)
# a company rule: carry-over or payout (carrying days over, whatever they are called)
COMPANY_RULE_ASKED = re.compile(
    rf"{pattern(words.CARRY_OVER_OR_PAY).pattern}|carr(?:y|ies|ied)\s+(?:[\w']+\s+){{0,4}}?(?:over|forward)",
    re.I,
)
# half or quarter days taken, counted ("올해 반차 몇 번 썼어?", "how many half days have I taken?")
HALVES_TAKEN_ASKED = re.compile(
    r"(?:반반차|반차)\s*(?:를|을)?\s*(?:몇\s*(?:번|회|개)|횟수)\s*(?:나\s*)?(?:썼|쓴|사용했|냈)|"
    r"\bhow\s+many\s+(?:half|quarter)[-\s]?days?\s+(?:have|did)\s+I\s+(?:taken|take|used|use)\b",
    re.I,
)
DAYS_UNTIL_ASKED = re.compile(
    r"(?<!지금)(?<!여태)(?<!이제)(?<!현재)까지\s*(?:며칠|몇\s*일)(?![^?.]{0,6}(?:쉬|연속|연휴))|\bhow\s+many\s+days\s+(?:till|until|to|before)\b|\bdays\s+(?:till|until)\b",
    re.I,
)
WORKING_DAYS_ASKED = re.compile(
    r"평일|영업일|근무일|출근일|출근(?:해야)?\s*(?:하는|되는|할|될)\s*날|\b(?:working|business|work)\s*days\b|\bworkdays\b",
    re.I,
)
# hours of leave left, each anywhere in the question ("남은 연차 시간으로", "hrs of PTO left")
HOURS_ASKED = re.compile(
    rf"^(?=.*(?:{LEFT.pattern}))(?=.*(?:{pattern(words.LEAVE).pattern}))(?=.*(?:{pattern(words.HOURS).pattern}|\bhrs\b))|"
    + r"^\W*(?:how\s+many\s+)?hours?\s+(?:of\s+\w+\s+)?(?:do\s+i\s+have\s+)?left\b|"  # "hours left?"
    + IN_HOURS_ALONE,
    re.I | re.S,
)
WHY_FIFTEEN_ASKED = re.compile(r"(?:왜|어째서|\bwhy\b)[^?\d]*(?<![\d.])15(?![\d.])", re.I)
PENDING_ASKED = re.compile(
    r"(?:승인|결재)\s*(?:대기|기다리)|대기\s*(?:중|걸린|상태)|pending|(?:awaiting|waiting\s+(?:on|for))\s+approval",
    re.I,
)
GRANTED_ASKED = re.compile(ASKED_GRANT_WORDS, re.I)
EXTRA_DAYS_ASKED = re.compile(
    r"가산|장기\s*근속|(?:2|두)\s*년\s*마다|extra\s+(?:leave|days?)|long\s+service|every\s+(?:two|2)\s+years|"
    # "근속 연수에 따라 늘어나는 규정", "how it grows with years of service": the rule of the extra days
    r"근속\s*(?:연수|기간|년수)?\s*에\s*따[라른]|\bgrows?\s+with\s+(?:years\s+of\s+)?service\b",
    re.I,
)
GROWING_ASKED = re.compile(
    r"(?:계속|앞으로|매년|해마다)\s*(?:도\s*)?(?:계속\s*)?늘어|\bkeep\s+(?:going\s+up|growing)", re.I
)
