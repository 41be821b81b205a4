"""Issue 35, the hostile-text sweep: every message and view the request, draft, Home, notice and digest
builders make, rendered with hostile text in every field a person or HR can fill (names, the reason, the
decision note, who decided, leave type names, a failure shown on Home), and rendered again with plain
text in the same fields. In what hostile text makes there is no live mention, channel or link, no `&`,
`<`, `>` left unescaped, no line more than plain text makes, no control or bidi character, and every Block
Kit limit holds.

The builders are pure and are called directly; the limits and the character rules are written out here,
not imported, so the sweep checks the product against Slack's numbers, not against itself."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot.domain.leave import Balance, LeaveRecord
from bot.domain.people import Employee
from bot.domain.request_messages import MESSAGE_KINDS
from bot.domain.requests import Away, Checked, Draft, LeaveRequest
from bot.policy.entitlement import entitlement
from bot.policy.grants import Employment, LeaveRules
from bot.policy.notices import schedule
from bot.ports.notices import DueNotice
from bot.slack.answering import draft_views
from bot.slack.home import home_view
from bot.slack.jobs import absence_digest, notices
from bot.slack.requests import request_messages, request_views

HOSTILE = (
    "<https://evil.example/login|click here to confirm>",
    "<!channel>",
    "<!here>",
    "<!everyone>",
    "<!subteam^S123>",
    "<@U999>",
    "<#C123|general>",
    "a\n*✅ 팀장 사전 승인됨*",
    "남은 연차 15일\r\n→ 승인 후 14일",
    "\u2028*✅ HR 확인 완료*\u2029",
    "nul\x00byte",
    "\x1b[31m빨강\x1b[0m",
    "\u202eevil\u202c \u2066isolate\u2069 \u200fmark",
    "R&D &amp; <b>",
    "<" * 3000,
    "&" * 3000,
    "가" * 3000,
    "\x00" * 3000,
    '"\\' * 1500,
    "<!channel> a\n" * 300,
)
PLAIN = "Kim"  # the same fields filled with harmless text: how many lines each text has by itself

# Slack's limits (Block Kit reference).
SECTION_TEXT, CONTEXT_TEXT, BUTTON_VALUE, BUTTON_TEXT, OPTION_TEXT = 3000, 2000, 2000, 75, 75
HEADER_TEXT, LABEL_TEXT, TITLE_TEXT, MESSAGE_TEXT = 150, 2000, 24, 40000
MESSAGE_BLOCKS, VIEW_BLOCKS = 50, 100

SEOYEON_SLACK = "U0456EFGH"  # the one mention code may build: from a Slack user id it looked up
_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_LIVE = re.compile(r"<[@!#]|<https?:|<mailto:", re.IGNORECASE)
_ENTITY = re.compile(r"&(?:amp|lt|gt);")

# A zone with no abbreviation: its time is labelled with the offset ("UTC-03:00"), the longest label.
LONGEST_ZONE_LABEL = ZoneInfo("America/Sao_Paulo")


@dataclass(frozen=True)
class Surface:
    """One message or view a builder makes: its name, and `text` / `blocks` / a view, as sent."""

    name: str
    kind: str  # "message", "view", or "text" (a message's text alone)
    made: Any


def _request(text: str, state: str = "pending", moved_from: str | None = None) -> LeaveRequest:
    return LeaveRequest(
        12,
        "E1001",
        "E1002",
        text,  # the leave type: HR's data names it
        date(2026, 12, 21),
        date(2026, 12, 22),
        "full",
        Decimal(2),
        text,
        state,  # type: ignore[arg-type]
        datetime(2026, 11, 29, 3, 0, tzinfo=UTC),
        decided_by=text,
        decided_at=datetime(2026, 11, 30, 1, 0, tzinfo=UTC),
        decision_note=text,
        moved_from=moved_from,  # type: ignore[arg-type]
    )


def _notice(name: str, number: int) -> DueNotice:
    grants = entitlement(Employment(date(2024, 3, 4)), LeaveRules(), date(2026, 3, 4))
    scheduled = next(n for n in schedule(grants) if n.arises_on == date(2026, 3, 4) and n.notice == number)
    return DueNotice(Employee(name, name, "x@example.com"), scheduled, Decimal(15))


def surfaces(text: str) -> Iterator[Surface]:
    """Everything the builders make with `text` in every field a person or HR fills."""
    for korean in (True, False):
        lang = "ko" if korean else "en"
        pending = _request(text)
        declined = _request(text, "declined", "pending")
        checked = Checked(
            Draft(text, date(2026, 12, 21), date(2026, 12, 22), "full", text),
            days=Decimal(2),
            balance_before=Decimal("7.5"),
            balance_after=Decimal("5.5"),
        )
        away = [Away(text, date(2026, 12, 21), date(2026, 12, 21), "pending")] * 8
        summary = request_views.request_summary(pending, text, korean, checked)
        team = request_views.team_line(away, korean)
        assert team is not None
        card_text = f"{summary}\n{team}"
        told = f"{summary}\n{'승인을 요청했어요.' if korean else 'Sent for approval.'}"
        line = request_views.decision_line(declined, text, korean, zone=LONGEST_ZONE_LABEL)
        yield Surface(
            f"approver card {lang}",
            "message",
            {"text": card_text, "blocks": request_views.approver_card(card_text, 12, korean)},
        )
        yield Surface(
            f"requester card {lang}",
            "message",
            {"text": told, "blocks": request_views.requester_card(told, 12, korean)},
        )
        yield Surface(
            f"decided card {lang}",
            "message",
            {
                "text": summary,
                "blocks": request_views.decided_card(
                    summary, declined, text, korean, zone=LONGEST_ZONE_LABEL
                ),
            },
        )
        yield Surface(f"decision line {lang}", "text", f"휴가 신청 #12: {line}\n{summary}")
        # What the outbox delivers (bot/slack/requests/request_messages.py), each kind in each state it can meet.
        reader = request_messages.Reader(
            korean,
            text,
            request_views.Decider(text),
            date(2026, 11, 29),
            LONGEST_ZONE_LABEL,
            checked,
            tuple(away),
        )
        for state, moved_from in (
            ("pending", None),
            ("approved", "pending"),
            ("declined", "pending"),
            ("cancelled", "approved"),
            ("expired", "pending"),
        ):
            for kind in MESSAGE_KINDS:
                said = request_messages.rendered(kind, _request(text, state, moved_from), reader)
                if said is not None:
                    message = {"text": said[0], "blocks": said[1]}
                    yield Surface(f"{kind} {state} {lang}", "message", message)
        yield Surface(
            f"home requests {lang}",
            "view",
            home_view.home_view(
                [
                    home_view.YearOnHome(2026, Balance(2026, Decimal(15), Decimal("7.5"))),
                    home_view.YearOnHome(2027, None, failure=text),
                ],
                [LeaveRecord(date(2026, 11, 2), Decimal(1), text)] * 6,
                date(2026, 11, 29),
                korean,
                requests=request_views.home_requests([pending] * 12, [(pending, text)] * 12, korean),
            ),
        )
        yield Surface(f"refused home {lang}", "view", home_view.refused_view(text))
        yield Surface(
            f"request form {lang}",
            "view",
            # Leave types themselves are lowercase words (the HR import's rule); the draft's reason is typed.
            request_views.request_form(("annual", "sick"), True, date(2026, 11, 29), korean, checked.draft),
        )
        yield Surface(f"decline form {lang}", "view", request_views.decline_form(12, korean))
        draft_blocks = draft_views.draft_card(checked, korean)
        draft_text = draft_blocks[0]["text"]["text"]
        yield Surface(f"draft card {lang}", "message", {"text": draft_text, "blocks": draft_blocks})
        yield Surface(
            f"closed draft card {lang}",
            "message",
            {"text": draft_text, "blocks": draft_views.closed_card(draft_text, "신청했어요 · #12 승인 대기")},
        )
        for number in (1, 2):
            yield Surface(
                f"notice {number} {lang}", "text", notices.notice_text(_notice(text, number), korean)
            )
    yield Surface(
        "notices summary", "text", notices.summary_text(date(2026, 3, 4), [_notice(text, 1)] * 3, [])
    )
    yield Surface(
        "announcement",
        "text",
        request_views.announcement(_request(text, "approved", "pending"), text),
    )
    yield Surface(
        "announcement cancelled",
        "text",
        request_views.announcement(_request(text, "cancelled", "approved"), text),
    )
    yield Surface(
        "absence digest",
        "text",
        absence_digest.digest_text(date(2026, 12, 1), [(text, "pm"), (text, "full")]),
    )


def _leaves(made: Any, path: str = "") -> Iterator[tuple[str, str, Any]]:
    """(path, key, string) for every string in `made`, and its parent object (for the text's type)."""
    if isinstance(made, dict):
        for key, value in made.items():
            if isinstance(value, str):
                yield f"{path}.{key}", key, made
            else:
                yield from _leaves(value, f"{path}.{key}")
    elif isinstance(made, list):
        for number, value in enumerate(made):
            yield from _leaves(value, f"{path}[{number}]")


def texts(surface: Surface) -> dict[str, tuple[str, str]]:
    """path → (how Slack reads it: mrkdwn, plain, value, input, other; the string)."""
    if surface.kind == "text":
        return {"text": ("mrkdwn", surface.made)}
    found: dict[str, tuple[str, str]] = {}
    for path, key, parent in _leaves(surface.made):
        value = parent[key]
        if key == "text" and parent.get("type") == "plain_text":
            found[path] = ("plain", value)
        elif key == "text" and (parent.get("type") == "mrkdwn" or path == ".text"):
            found[path] = ("mrkdwn", value)
        elif key == "value":
            found[path] = ("value", value)  # a button's or an option's: data sent back, never shown
        elif key == "initial_value":
            found[path] = ("input", value)  # what the person edits: their own text, never rendered
        else:
            found[path] = ("other", value)
    return found


def _hidden(character: str) -> bool:
    return character != "\n" and (
        unicodedata.category(character) in ("Cc", "Cs", "Zl", "Zp") or character in _BIDI
    )


@pytest.mark.parametrize("hostile", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_text_renders_as_text_everywhere(hostile: str):
    plain_made = {s.name: texts(s) for s in surfaces(PLAIN)}
    for surface in surfaces(hostile):
        where = surface.name
        shown = texts(surface)
        assert shown.keys() <= plain_made[where].keys(), where  # no more than plain text makes
        for path, (how, value) in shown.items():
            assert not any(_hidden(c) for c in value), (where, path, value[:80])
            if how in ("mrkdwn", "plain", "other"):
                live = _LIVE.findall(value.replace(f"<@{SEOYEON_SLACK}>", ""))
                assert not live, (where, path, value[:200])
            if how == "mrkdwn":
                assert "<" not in value and ">" not in value, (where, path, value[:200])
                assert value.count("&") == len(_ENTITY.findall(value)), (where, path, value[:200])
                lines = len(value.splitlines())
                assert lines <= len(plain_made[where][path][1].splitlines()), (where, path, value[:200])
        _assert_limits(surface, shown)
        # What the code says after the person's text is never cut off by it: the balance, who and when.
        if where.startswith(("approver card", "requester card")):
            assert ("승인 후 5.5일" if where.endswith("ko") else "5.5 days after approval") in _section(
                surface
            )
        if where.startswith("decided card"):
            assert surface.made["blocks"][-1]["elements"][0]["text"].endswith("· 2026-11-29 22:00 UTC-03:00")


def _section(surface: Surface) -> str:
    return str(surface.made["blocks"][0]["text"]["text"])


def _assert_limits(surface: Surface, shown: dict[str, tuple[str, str]]) -> None:
    where, made = surface.name, surface.made
    if surface.kind == "text":
        assert len(made) <= MESSAGE_TEXT, where
        return
    blocks = made["blocks"]
    assert len(blocks) <= (VIEW_BLOCKS if surface.kind == "view" else MESSAGE_BLOCKS), where
    if surface.kind == "message":
        assert len(made["text"]) <= MESSAGE_TEXT, where
    for title in ("title", "submit", "close"):
        if title in made:
            assert len(made[title]["text"]) <= TITLE_TEXT, where
    for block in blocks:
        kind = block["type"]
        if kind == "section":
            assert len(block["text"]["text"]) <= SECTION_TEXT, (where, len(block["text"]["text"]))
        if kind == "context":
            assert all(len(e["text"]) <= CONTEXT_TEXT for e in block["elements"]), where
        if kind == "header":
            assert len(block["text"]["text"]) <= HEADER_TEXT, where
        if kind == "input":
            assert len(block["label"]["text"]) <= LABEL_TEXT, where
            for chosen in block["element"].get("options", []):
                assert len(chosen["text"]["text"]) <= OPTION_TEXT, where
            initial = block["element"].get("initial_value")
            if initial is not None and "max_length" in block["element"]:
                assert len(initial) <= block["element"]["max_length"], where
        elements = [*block.get("elements", []), *([block["accessory"]] if "accessory" in block else [])]
        for element in elements:
            if element.get("type") == "button":
                assert len(element["value"]) <= BUTTON_VALUE, (where, len(element["value"]))
                assert len(element["text"]["text"]) <= BUTTON_TEXT, where


def test_a_draft_reason_full_of_control_characters_keeps_its_buttons_value_within_slacks_limit():
    checked = Checked(Draft("annual", date(2026, 12, 21), date(2026, 12, 21), "full", "\x01" * 500))
    [_, actions] = draft_views.draft_card(checked, True)
    for element in actions["elements"]:
        assert len(element["value"]) <= BUTTON_VALUE
        assert draft_views.draft_of(element["value"]) == replace_reason(checked.draft, "")
    assert json.loads(actions["elements"][0]["value"])[-1] == ""


def replace_reason(draft: Draft, reason: str) -> Draft:
    return Draft(draft.leave_type, draft.start, draft.end, draft.part, reason)


def test_who_decided_is_a_mention_only_when_code_gives_a_slack_user_id():
    declined = _request("x", "declined", "pending")
    assert "<@U0456EFGH>" in request_views.decision_line(
        declined, request_views.Decider("E1002", SEOYEON_SLACK), True, zone=LONGEST_ZONE_LABEL
    )
    for forged in ("<@U999>", "U999> <!channel", "E1002"):
        line = request_views.decision_line(
            declined, request_views.Decider(forged, forged), True, zone=LONGEST_ZONE_LABEL
        )
        assert "<@" not in line.replace("&lt;@", "") and "<!" not in line


def test_the_unusable_characters_are_the_categories_the_rule_names_at_every_code_point():
    import sys
    import unicodedata

    from bot.domain.typed_text import BIDI_CONTROLS, TAGS, UNUSABLE_CATEGORIES, first_unusable, unusable

    differ = [
        hex(point)
        for point in range(sys.maxunicode + 1)
        if unusable(chr(point))
        != (
            unicodedata.category(chr(point)) in UNUSABLE_CATEGORIES
            or chr(point) in BIDI_CONTROLS
            or point in TAGS
        )
    ]
    assert differ == []
    assert first_unusable("a\nb", lines=True) is None and first_unusable("a\nb\rc", lines=True) == "\r"
    assert first_unusable("a\nb") == "\n"
