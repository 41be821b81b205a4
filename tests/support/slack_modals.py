"""The Slack stand-in's modals and buttons, as Slack documents them: `views.open` / `views.update` (a
trigger_id is good once, for 3 seconds; a view with input blocks needs `submit`; a title is at most 24
characters), `users.lookupByEmail`, and the interactivity payloads a person's actions send over Socket
Mode: `block_actions` for a button, `view_submission` for a form (whose ack may carry
`response_action: errors`, keyed by block id). Mixed into `SlackStandIn`."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.support.slack_api import Sent

TRIGGER_LIFETIME = 3.0  # seconds: Slack's trigger_ids expire after 3 s
_TEAM, _APP = "T0STANDIN", "A0STANDIN"


class Modals:
    """What `SlackStandIn` gains for modals; it provides `views`, `triggers`, `users`, `push`, `new_ts`."""

    views: dict[str, dict[str, Any]]  # view id -> the open view, with the user it was opened for
    triggers: dict[str, tuple[str, float]]  # trigger_id -> (user, when issued); used once
    users: dict[str, dict[str, Any]]

    async def push(
        self,
        envelope_type: str,
        payload: dict[str, Any],
        *,
        retry_attempt: int = 0,
        retry_reason: str = "",
        envelope_id: str | None = None,
    ) -> Sent:
        raise NotImplementedError  # SlackStandIn's

    def new_ts(self) -> str:
        raise NotImplementedError

    def new_trigger(self, user: str) -> str:
        trigger_id = f"{len(self.triggers) + 1}.{time.monotonic_ns()}.trigger"
        self.triggers[trigger_id] = (user, time.monotonic())
        return trigger_id

    # ----- the Web API --------------------------------------------------------------------------------------

    def _m_views_open(self, args: dict[str, Any]) -> dict[str, Any]:
        issued = self.triggers.pop(str(args.get("trigger_id")), None)
        if issued is None:
            return {"ok": False, "error": "invalid_trigger_id"}
        if time.monotonic() - issued[1] > TRIGGER_LIFETIME:
            return {"ok": False, "error": "expired_trigger_id"}
        return self._show(_view_of(args), issued[0], None)

    def _m_views_update(self, args: dict[str, Any]) -> dict[str, Any]:
        view_id = str(args.get("view_id") or "")
        if view_id not in self.views:
            return {"ok": False, "error": "not_found"}
        return self._show(_view_of(args), self.views[view_id]["user"], view_id)

    def _show(self, view: Any, user: str, view_id: str | None) -> dict[str, Any]:
        if error := view_error(view):
            return {"ok": False, "error": error}
        view_id = view_id or f"V{len(self.views) + 1:08d}"
        self.views[view_id] = {**view, "id": view_id, "user": user}
        return {"ok": True, "view": {**view, "id": view_id}}

    def _m_users_lookupByEmail(self, args: dict[str, Any]) -> dict[str, Any]:
        wanted = str(args.get("email") or "").casefold()
        for user in self.users.values():
            if (
                str((user.get("profile") or {}).get("email") or "").casefold() == wanted
                and not user["deleted"]
            ):
                return {"ok": True, "user": user}
        return {"ok": False, "error": "users_not_found"}

    # ----- what a person does -------------------------------------------------------------------------------

    def open_views(self, user: str, callback_id: str) -> list[dict[str, Any]]:
        return [v for v in self.views.values() if v["user"] == user and v.get("callback_id") == callback_id]

    async def submit_view(self, user: str, view: dict[str, Any], answers: dict[str, str | None]) -> Sent:
        """The person fills in `view` (answers by block id; the rest keep their initial values) and
        presses its submit button: a `view_submission` payload as Slack sends it."""
        payload = {
            "type": "view_submission",
            "team": {"id": _TEAM, "domain": "standin"},
            "user": {"id": user, "username": user.lower(), "team_id": _TEAM},
            "api_app_id": _APP,
            "token": "verification-token-unused",
            "trigger_id": self.new_trigger(user),
            "view": {
                **{k: v for k, v in view.items() if k != "user"},
                "team_id": _TEAM,
                "app_id": _APP,
                "private_metadata": view.get("private_metadata", ""),
                "state": {"values": state_values(view, answers)},
                "hash": f"{time.monotonic_ns()}.hash",
            },
            "response_urls": [],
            "is_enterprise_install": False,
        }
        return await self.push("interactive", payload)

    async def press(
        self,
        user: str,
        channel: str,
        message: dict[str, Any],
        action_id: str,
        *,
        value: str | None = None,
        nth: int = 0,
    ) -> Sent:
        """The person presses the `nth` button `action_id` in `message` (as stored in the history; a Home
        tab view when `channel` is empty); `value` forges the button's value, as a hand-made payload could."""
        found = [
            (block, element)
            for block in message.get("blocks") or []
            for element in [
                *(block.get("elements") or []),
                *([block["accessory"]] if "accessory" in block else []),
            ]
            if element.get("action_id") == action_id
        ]
        if len(found) <= nth:
            raise AssertionError(f"no button {action_id} (#{nth}) in the message")
        block, element = found[nth]
        place: dict[str, Any] = (
            {
                "container": {"type": "message", "message_ts": message["ts"], "channel_id": channel},
                "channel": {"id": channel},
                "message": message,
            }
            if channel
            else {
                "container": {"type": "view", "view_id": "VHOME"},
                "view": {"id": "VHOME", "type": "home", **message},
            }
        )
        payload = {
            "type": "block_actions",
            "team": {"id": _TEAM},
            "user": {"id": user, "team_id": _TEAM},
            "api_app_id": _APP,
            **place,
            "trigger_id": self.new_trigger(user),
            "actions": [
                {
                    "type": "button",
                    "action_id": action_id,
                    "block_id": block.get("block_id", "b"),
                    "value": element.get("value") if value is None else value,
                    "action_ts": self.new_ts(),
                }
            ],
        }
        return await self.push("interactive", payload)


def _view_of(args: dict[str, Any]) -> Any:
    view = args.get("view")
    return json.loads(view) if isinstance(view, str) else view


def view_error(view: Any) -> str | None:
    """Slack's rules for a modal that the bot could break."""
    if not isinstance(view, dict) or view.get("type") != "modal":
        return "invalid_arguments"
    blocks = view.get("blocks") or []
    title = (view.get("title") or {}).get("text") or ""
    if not title or len(title) > 24 or len(blocks) > 100:
        return "invalid_arguments"
    if any(b.get("type") == "input" for b in blocks) and not view.get("submit"):
        return "invalid_arguments"  # "must define submit to use an input block in modals"
    ids = [b.get("block_id") for b in blocks if b.get("block_id")]
    if len(ids) != len(set(ids)):
        return "invalid_arguments"
    for block in blocks:
        element = block.get("element") or {}
        initial = element.get("initial_option")
        if initial is not None and initial not in (element.get("options") or []):
            return "invalid_arguments"
    return None


def state_values(view: dict[str, Any], answers: dict[str, str | None]) -> dict[str, Any]:
    """`view.state.values` as Slack sends it: each input block's element by block and action id."""
    values: dict[str, Any] = {}
    for block in view.get("blocks") or []:
        if block.get("type") != "input":
            continue
        element = block["element"]
        kind = element["type"]
        given = answers.get(block["block_id"], _initial(element))
        if kind == "static_select":
            options = {o["value"]: o for o in element.get("options") or []}
            state: dict[str, Any] = {"type": kind, "selected_option": options.get(given or "")}
        elif kind == "datepicker":
            state = {"type": kind, "selected_date": given}
        else:
            state = {"type": kind, "value": given}
        values[block["block_id"]] = {element["action_id"]: state}
    return values


def _initial(element: dict[str, Any]) -> str | None:
    if element.get("initial_option"):
        return str(element["initial_option"]["value"])
    return element.get("initial_date") or element.get("initial_value")
