"""The deliverer of leave requests' messages (bot/slack/requests/request_delivery.py) against the Slack stand-in, on
both databases: a 429 waits and is tried again rather than given up; a process keeps a request's lease for
as long as one call takes, so another process cannot post the same message meanwhile; a request no
approver could be sent a card for tells its requester to ask HR; reminders go to approvers who can act
only."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import select, update

from bot.db.engine import create_engine
from bot.db.request_messages import SqlRequestOutbox
from bot.db.requests import SqlRequestStore
from bot.db.tables import employees, request_messages
from bot.domain.request_messages import RequestMessage
from bot.domain.requests import Actor, Draft
from bot.policy.company import CompanyPolicy
from tests.support.database import ScratchDatabase
from tests.support.delivery import care_for, delivery_for
from tests.support.slack import JIHOON, MINSU, SEOYEON
from tests.support.slack_api import SlackStandIn

TODAY = date(2026, 11, 29)
DAY = date(2026, 12, 21)


class Clock:
    """The outbox's and the store's now, moved by the test instead of waited for."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 3, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def _now() -> datetime:
    return datetime.now(UTC)


async def _submitted(db: ScratchDatabase, clock: Clock, policy: CompanyPolicy) -> int:
    store = SqlRequestStore(db.engine, clock=clock)
    submitted = await store.submit(Actor("E1001", MINSU), Draft("annual", DAY, DAY), policy, TODAY, "modal")
    assert submitted.request is not None
    return submitted.request.id


async def _states(db: ScratchDatabase) -> list[tuple[str, str, str | None]]:
    async with db.engine.connect() as connection:
        rows = await connection.execute(select(request_messages).order_by(request_messages.c.id))
        return [(row.kind, row.state, row.error) for row in rows]


def _posts_to(slack: SlackStandIn, user: str) -> list[Any]:
    return [c for c in slack.calls_to("chat.postMessage") if c.args["channel"] == user]


async def test_a_card_slack_holds_back_with_a_429_is_tried_again_not_given_up(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    clock = Clock()
    request_id = await _submitted(seeded_database, clock, CompanyPolicy(approvers=("E1002",)))
    delivery = delivery_for(seeded_database.engine, slack, clock)
    slack.rate_limit_once("chat.postMessage", retry_after=5)
    await delivery.deliver(request_id)
    assert ("approver_card", "owed", None) in await _states(seeded_database)  # waiting, not failed
    assert len(_posts_to(slack, SEOYEON)) == 1  # the refused call
    clock.now += timedelta(seconds=6)  # Slack's Retry-After has passed
    await delivery.sweep()
    await delivery.close()
    assert [s for _, s, _ in await _states(seeded_database)] == ["sent", "sent"]
    assert len(_posts_to(slack, SEOYEON)) == 2 and len(slack.history[f"D{SEOYEON}"]) == 1


async def test_a_long_call_keeps_the_lease_so_another_process_does_not_post_it_too(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    clock = Clock()
    request_id = await _submitted(seeded_database, clock, CompanyPolicy(approvers=("E1002",)))
    second = create_engine(seeded_database.database)
    try:
        # A lease of 0.3 s, renewed every 0.1 s by whoever delivers (real time: it is the lease's own).
        one = delivery_for(seeded_database.engine, slack, _now, "one", lease=0.3, renew_every=0.1)
        two = delivery_for(second, slack, _now, "two", lease=0.3, renew_every=0.1)
        release = slack.hold_once("chat.postMessage")  # the card's post takes as long as the test says
        first = asyncio.ensure_future(one.deliver(request_id))
        await slack.wait_for(lambda c: c.method == "chat.postMessage")
        await asyncio.sleep(0.6)  # twice the lease: without renewal it would have run out
        await two.deliver(request_id)  # another process's sweep: the lease is still held
        release.set()
        await first
        await one.close()
        await two.close()
    finally:
        await second.dispose()
    assert len(_posts_to(slack, SEOYEON)) == 1 and len(_posts_to(slack, MINSU)) == 1


async def test_a_request_no_approver_could_be_sent_tells_its_requester_to_ask_hr(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    clock = Clock()
    # The only approver, E1005, has no Slack account that is theirs to act with.
    request_id = await _submitted(seeded_database, clock, CompanyPolicy(approvers=("E1005",)))
    delivery = delivery_for(seeded_database.engine, slack, clock)
    await delivery.deliver(request_id)
    await delivery.close()
    assert [(kind, state) for kind, state, _ in await _states(seeded_database)] == [
        ("approver_card", "failed"),
        ("requester_sent", "sent"),
        ("requester_unrouted", "sent"),
    ]
    [told] = [c for c in _posts_to(slack, MINSU) if "HR에 문의해 주세요" in c.args["text"]]
    assert told.args["text"].startswith(f"휴가 신청 #{request_id}: 승인할 사람에게 알리지 못했어요.")


async def test_a_guest_approver_is_not_reminded(seeded_database: ScratchDatabase, slack: SlackStandIn):
    clock = Clock()
    async with seeded_database.engine.begin() as connection:  # Minsu's manager is Jihoon…
        await connection.execute(
            update(employees).where(employees.c.employee_id == "E1001").values(manager_id="E1003")
        )
    await _submitted(seeded_database, clock, CompanyPolicy())
    slack.users[JIHOON]["is_restricted"] = True  # …who became a guest after the request was made
    clock.now += timedelta(days=4)  # two working days later: reminder 1 is due
    done = await care_for(seeded_database.engine, slack, clock).round()
    assert done.reminded  # claimed as due…
    assert _posts_to(slack, JIHOON) == []  # …but nothing of Minsu's leave went to the guest


class _SteppedInto(SqlRequestOutbox):
    """An outbox a test steps into: `before[n]` runs just before its nth look at what is owed, `after[n]`
    just after that look read (a decision another process, or a click on this one, commits meanwhile)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.looks = 0
        self.before: dict[int, Callable[[], Awaitable[None]]] = {}
        self.after: dict[int, Callable[[], Awaitable[None]]] = {}

    async def owed(self, request_id: int) -> list[RequestMessage]:
        self.looks += 1
        if (step := self.before.pop(self.looks, None)) is not None:
            await step()
        found = await super().owed(request_id)
        if (step := self.after.pop(self.looks, None)) is not None:
            await step()
        return found


def _approve(
    db: ScratchDatabase, clock: Clock, policy: CompanyPolicy, request_id: int
) -> Callable[[], Awaitable[None]]:
    async def approve() -> None:
        store = SqlRequestStore(db.engine, clock=clock)
        moved = await store.move(request_id, "approve", Actor("E1002", SEOYEON), policy, TODAY, "card")
        assert moved.moved

    return approve


async def test_a_decision_committed_while_a_delivery_looks_is_delivered_as_decided(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    """A delivery under way (another round of the submission's, the sweep's) reads what is owed and the
    request: a decision committed between the two reads is still told as decided, and the card edited."""
    clock = Clock()
    policy = CompanyPolicy(approvers=("E1002",))
    request_id = await _submitted(seeded_database, clock, policy)
    outbox = _SteppedInto(seeded_database.engine, clock=clock)
    delivery = delivery_for(seeded_database.engine, slack, clock, outbox=outbox)
    await delivery.deliver(request_id)  # the card and the requester's note
    [card] = [m for m in slack.history[f"D{SEOYEON}"] if m.get("bot_id")]
    outbox.before[outbox.looks + 1] = _approve(seeded_database, clock, policy, request_id)
    await delivery.deliver(request_id)
    await delivery.close()
    [edit] = slack.calls_to("chat.update")
    assert (edit.args["channel"], edit.args["ts"]) == (f"D{SEOYEON}", card["ts"])
    assert "승인됨" in str(edit.args["blocks"])
    [told] = [c for c in _posts_to(slack, MINSU) if c.args["text"].startswith(f"휴가 신청 #{request_id}: ")]
    assert "승인됨" in told.args["text"]


async def test_a_delivery_asked_for_while_the_last_look_runs_goes_round_again(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    """A decision whose delivery is asked for while the request's delivery makes its last look (which read
    before the decision committed) is delivered then, not left for the next sweep."""
    clock = Clock()
    policy = CompanyPolicy(approvers=("E1002",))
    request_id = await _submitted(seeded_database, clock, policy)
    outbox = _SteppedInto(seeded_database.engine, clock=clock)
    delivery = delivery_for(seeded_database.engine, slack, clock, outbox=outbox)
    await delivery.deliver(request_id)
    approve = _approve(seeded_database, clock, policy, request_id)

    async def decided_and_delivered() -> None:  # the click's own call, while the request is being delivered
        await approve()
        await delivery.deliver(request_id)

    # The round finds nothing owed; the look after it reads nothing either, then the decision commits.
    outbox.after[outbox.looks + 2] = decided_and_delivered
    await delivery.deliver(request_id)
    await delivery.close()
    assert [c.args["channel"] for c in slack.calls_to("chat.update")] == [f"D{SEOYEON}"]
    assert any("승인됨" in c.args["text"] for c in _posts_to(slack, MINSU))
