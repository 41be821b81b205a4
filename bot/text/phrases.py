"""The phrasebook's plain phrases: every fixed sentence OfficeBot says to a person, in Korean and English.

A reply is in Korean when the question has Hangul in it, else English. Sentences that go to someone
whose language is not known yet (a refusal before any question is read) carry both languages.
A Korean sentence never carries an English reason inside it: failure reasons have their own phrases.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.language.words import KOREAN_LEAVE_TYPE_NAMES


@dataclass(frozen=True)
class Phrase:
    ko: str
    en: str

    def pick(self, korean: bool) -> str:
        return self.ko if korean else self.en


# ----- the loop's own answers (no model text to post) -------------------------------------------------
REFUSAL = Phrase("죄송하지만 그 요청에는 답할 수 없어요.", "Sorry, I can't help with that request.")
TRUNCATED = Phrase("(답변이 길어 중간에 잘렸어요.)", "(The answer was cut short.)")
NO_ANSWER = Phrase(
    "답을 만들지 못했어요. 질문을 조금 바꿔서 다시 물어봐 주세요.",
    "I couldn't put an answer together. Please try rephrasing the question.",
)
TOO_LONG = Phrase(
    "대화가 너무 길어졌어요. 새 대화(새 스레드)에서 다시 물어봐 주세요.",
    "This conversation has grown too long. Please ask again in a new thread.",
)
ROUND_LIMIT = Phrase(
    "조회를 여러 번 반복해도 답을 마치지 못했어요.", "I stopped after too many lookups without finishing."
)
MODEL_DOWN = Phrase(
    "죄송해요, 지금 AI 모델에 연결할 수 없어요. 잠시 후 다시 물어봐 주세요.",
    "Sorry, I can't reach the AI model right now. Please try again in a moment.",
)
FOUND_SO_FAR = Phrase("지금까지 조회한 결과:", "What I found so far:")
# A lookup's audit record could not be written, so its result is not shown (fail closed).
# The named-figures check could not render an answer twice: what was looked up is said plainly instead.
VERIFIED_ONLY = Phrase(
    "(답변의 수치를 확인할 수 없어서, 조회한 수치만 그대로 알려드려요.)",
    "(I couldn't verify the numbers in my answer, so here are just the figures I looked up.)",
)
UNVERIFIED = Phrase(
    "죄송해요, 답변의 수치를 확인하지 못했어요. 질문을 조금 바꿔서 다시 물어봐 주세요.",
    "Sorry, I couldn't verify the numbers in my answer. Please try rephrasing the question.",
)
NOT_RECORDED = Phrase(
    "죄송해요, 지금은 연차 정보를 보여 드릴 수 없어요. 잠시 후 다시 물어봐 주세요.",
    "Sorry, I can't show your leave information right now. Please try again in a moment.",
)

# ----- Slack: while working, usage, hints, apologies --------------------------------------------------
WORKING = Phrase("잔여 연차 조회 중…", "Looking up your leave…")
STILL_WORKING = Phrase("아직 조회 중이에요… 조금만 기다려 주세요.", "Still working on it…")
TOO_SLOW = Phrase(
    "죄송해요, 답을 만드는 데 너무 오래 걸려 멈췄어요. 잠시 후 다시 물어봐 주세요.",
    "Sorry, that took too long and I stopped. Please ask again in a moment.",
)

LEAVE_USAGE = (
    "*/leave* — 연차 조회 · annual leave\n"
    "• `/leave` — 올해 남은 연차 (this year's balance)\n"
    "• `/leave 작년엔 며칠 썼어?` — 질문하기 (ask a question)\n"
    "• `/leave trace 올해 연차 며칠 남았어?` — 답과 함께 단계별 trace (answer plus every step)\n"
    "• `/leave request` — 휴가 신청 양식 (the form to request leave)\n"
    "• `/leave help` — 이 도움말 (this help)\n"
    "답은 나에게만 보여요. Answers are visible only to you. DM me for a conversation with follow-ups."
)

SOMETHING_WENT_WRONG = "죄송해요, 처리 중 문제가 생겼어요. 잠시 후 다시 시도해 주세요. Sorry, something went wrong; please try again."

QUESTION_TOO_LONG = (
    "질문이 너무 길어요. {limit:,}자 이내로 줄여서 다시 물어봐 주세요. "
    "Your message is too long; please shorten it to {limit:,} characters or fewer and ask again."
)
RESTARTED = Phrase(
    "죄송해요, 답하는 도중에 제가 다시 시작되어 이 질문에 답하지 못했어요. 다시 물어봐 주세요.",
    "Sorry, I was restarted before I could answer this. Please ask again.",
)
CANNOT_TAKE_QUESTIONS = (
    "죄송해요, 지금은 질문을 받을 수 없어요. 잠시 후 다시 시도해 주세요. "
    "Sorry, I can't take questions right now; please try again in a minute."
)
SLOW_DOWN = (
    "질문이 너무 잦아요. 1분에 {limit}번까지 답할 수 있어요. 잠시 후 다시 물어봐 주세요. "
    "You're asking faster than I can answer: up to {limit} questions a minute. Please try again shortly."
)
ONLY_TEXT = (
    "저는 글로 쓴 질문만 읽을 수 있어요. 파일 대신 질문을 글로 보내 주세요. "
    "I can only read text; please type your question instead of sending a file."
)
MISCONFIGURED = Phrase(
    "죄송해요, 봇 설정에 문제가 있어 지금은 답할 수 없어요. 관리자에게 알렸어요.",
    "Sorry, the bot is misconfigured and can't answer right now. An admin has been told.",
)

# ----- Slack: the first moment in the DM, and while working ----------------------------------------------
GREETING = Phrase(
    "안녕하세요! 남은 연차나 연차를 쓴 날짜를 물어보세요. 답은 인사 데이터에서 바로 조회해요.",
    "Hi! Ask me how much annual leave you have left, or when you took it. I look it up in the HR data.",
)
PROMPTS_TITLE = Phrase("이렇게 물어보세요", "Try asking")
# (title, message) pairs shown above the composer; the message is what Slack sends when one is clicked.
SUGGESTED_PROMPTS = (
    Phrase("올해 연차 며칠 남았어?", "How many days of leave do I have left this year?"),
    Phrase("작년엔 며칠이었지?", "How many did I have left last year?"),
    Phrase("올해 언제 연차 썼어?", "When did I take leave this year?"),
)
# A streamed answer's task cards: one per lookup ("연차 조회 2026"), and the model reading the question.
TASK_TITLES = {
    "get_leave_balance": Phrase("연차 조회", "Leave balance"),
    "list_leave_taken": Phrase("휴가 기록 조회", "Leave records"),
    "count_working_days": Phrase("근무일 계산", "Working days"),
    "get_day": Phrase("날짜 확인", "Date check"),
    "get_leave_entitlement": Phrase("법정 연차 계산", "Statutory leave"),
    "draft_leave_request": Phrase("휴가 신청 초안", "Leave request draft"),
}
TASK_READING = Phrase("질문 읽는 중", "Reading your question")
PLAN_PARALLEL = Phrase("{count}가지를 함께 조회해요", "Looking up {count} things at once")
# Rotated by Slack under the thread while the bot works (assistant.threads.setStatus `loading_messages`).
LOADING_MESSAGES = (
    Phrase("인사 데이터에서 연차를 찾고 있어요…", "Finding your leave in the HR data…"),
    Phrase("부여·사용 일수를 확인하고 있어요…", "Checking days granted and used…"),
    Phrase("답을 정리하고 있어요…", "Putting the answer together…"),
)

ASK_HINT = (
    "연차에 대해 물어보세요. 예: `올해 연차 며칠 남았어?` · Ask about your annual leave, "
    "e.g. `How many days of leave do I have left this year?` (add `--trace` to see every step)"
)

# ----- Slack: feedback on answers ---------------------------------------------------------------------------
FEEDBACK_GOOD = Phrase("도움이 됐어요", "Helpful")
FEEDBACK_BAD = Phrase("아쉬워요", "Not helpful")
FEEDBACK_THANKS = Phrase(
    "의견 고마워요! 답을 더 낫게 만드는 데 쓸게요.",
    "Thanks for the feedback! It helps make the answers better.",
)

# ----- Slack: the Home tab ----------------------------------------------------------------------------------
HOME_TITLE = Phrase("내 연차", "My annual leave")
HOME_REMAINING = Phrase("{year}년 남은 연차 *{remaining}일*", "{year}: *{remaining} days* left")
HOME_FIGURES = Phrase("부여 {granted}일 · 사용 {used}일", "{granted} granted · {used} used")
HOME_AS_OF = Phrase(
    "기준일 {today} · 인사 데이터에서 바로 읽은 값이에요", "As of {today}, read straight from the HR data"
)
# The Act's leave for the person (get_leave_entitlement), computed by code.
HOME_NEXT_GRANT = Phrase("다음 연차 *{days}일* · {date} 발생", "Next leave: *{days} days* on {date}")
# `grants=imported`, HR's data holding no later grant: the Act's next grant, said as the Act's.
HOME_NEXT_GRANT_ACT = Phrase(
    "근로기준법상 다음 연차 *{days}일* · {date} 발생 (인사 데이터에는 아직 없음)",
    "Next leave under the Act: *{days} days* on {date} (not in HR's data yet)",
)
HOME_EXPIRY = Phrase(
    "가장 가까운 소멸 · {days}일은 {date}까지 (다음 날 소멸)",
    "Nearest expiry: {days} days usable through {date}",
)
HOME_RECENT = Phrase("*최근 휴가 기록*", "*Recent leave*")
HOME_NO_RECORDS = Phrase("최근 2년 동안 휴가 기록이 없어요.", "No leave recorded in the last two years.")
HOME_ASK = Phrase(
    "더 궁금한 건 *메시지* 탭에서 물어보세요. 예: `올해 언제 연차 썼어?`",
    "Anything else? Ask in the *Messages* tab, e.g. `When did I take leave this year?`",
)


def leave_type_name(kind: str, korean: bool) -> str:
    return KOREAN_LEAVE_TYPE_NAMES.get(kind, kind) if korean else kind


# ----- who may ask (shown before any question is read, so in both languages where it matters) ---------
REFUSED_BOT = "Bots cannot look up leave balances."
REFUSED_DEACTIVATED = "This Slack account is deactivated."
REFUSED_GUEST = "Guest accounts cannot look up leave balances. 게스트 계정은 연차를 조회할 수 없습니다."
REFUSED_OTHER_WORKSPACE = "Accounts from other workspaces cannot look up leave balances."
REFUSED_UNMATCHED = (
    "I couldn't match your Slack account to an employee record; please ask HR to add your "
    "Slack ID or email. 슬랙 계정과 일치하는 직원 정보를 찾지 못했습니다. 인사팀에 문의해 주세요."
)
REFUSED_UNKNOWN_SLACK_USER = (
    "I couldn't find your Slack account; please ask HR for help. "
    "슬랙 계정을 확인하지 못했습니다. 인사팀에 문의해 주세요."
)
# A leave request form sent again after its first sending was stored but timed out, with other dates.
# At the top of the leave request form when nobody could approve the person's requests (Slack shows a
# submission's errors only under an input field, where nothing about this can be fixed).
REQUEST_NO_APPROVER = Phrase(
    ":warning: 지금은 신청을 승인할 사람이 없어요: HR 데이터에 관리자가 없고 정책에 승인자도 없어요. "
    "HR에 관리자 지정을 요청해 주세요.",
    ":warning: Nobody can approve your requests yet: the HR data names no manager for you and the policy "
    "no approvers. Ask HR to set your manager.",
)
REQUEST_ALREADY_SENT = Phrase(
    "이미 #{id}로 신청됐어요. 바꾸려면 그 신청을 취소하고 다시 신청해 주세요.",
    "Already submitted as #{id}. To change it, cancel that request and submit it again.",
)
