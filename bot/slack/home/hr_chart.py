"""HR's usage chart: annual leave days taken per month this year against last year, and the days lapsing
in the next 60 days, drawn as a PNG with matplotlib, uploaded to Slack with `files_upload_v2` (private to
the app: no channel, no public URL) and shown on the Home tab by an image block naming the file's id.

Uploaded once per change of the figures it draws (the digest of them is the key in `Deps.charts`), not on
every render: a Home tab opened twenty times a day costs two Web API calls once. The labels are English
and figures only: matplotlib's bundled font has no Hangul, and a server's fonts are not ours to rely on."""

from __future__ import annotations

import hashlib
import io
import logging
from collections.abc import Sequence
from decimal import Decimal

from slack_sdk.errors import SlackApiError

from bot.slack.deps import Deps

log = logging.getLogger(__name__)

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def usage_png(
    year: int,
    this_year: Sequence[Decimal],
    last_year: Sequence[Decimal],
    lapsing: Decimal,
    lapsing_by_month: Sequence[Decimal] = (),
) -> bytes:
    """The chart as PNG bytes. matplotlib is imported here, on first use: it costs half a second to load,
    which nothing but an HR render should pay. `Figure` (not pyplot): no global state, safe off the main
    thread, nothing left open."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(8, 3.2), dpi=100)
    axes = figure.subplots()
    months = range(12)
    width = 0.27
    axes.bar(
        [m - width for m in months],
        [float(d) for d in last_year],
        width,
        label=str(year - 1),
        color="#b0b7c3",
    )
    axes.bar(list(months), [float(d) for d in this_year], width, label=str(year), color="#2f6fdf")
    if any(lapsing_by_month):  # by the month of the last usable day (this year's; the title has them all)
        lapses = [float(d) for d in lapsing_by_month]
        axes.bar([m + width for m in months], lapses, width, label="lapsing", color="#e0533d")
    axes.set_xticks(list(months), MONTHS)
    axes.set_ylabel("annual leave days taken")
    axes.set_title(
        f"Leave taken per month, {year} vs {year - 1} · lapsing in the next 60 days: {lapsing} days"
    )
    axes.legend(loc="best")
    figure.tight_layout()
    out = io.BytesIO()
    # No version stamp in the file: the same figures make the same bytes.
    figure.savefig(out, format="png", metadata={"Software": None})
    return out.getvalue()


async def chart_file(
    deps: Deps,
    year: int,
    this_year: Sequence[Decimal],
    last_year: Sequence[Decimal],
    lapsing: Decimal,
    lapsing_by_month: Sequence[Decimal] = (),
) -> str | None:
    """The Slack file id of the chart of these figures (uploaded now if it was not yet), or None when it
    could not be made or uploaded: the tab is shown without it, and the next render tries again."""
    figures = (year, list(this_year), list(last_year), lapsing, list(lapsing_by_month))
    key = hashlib.sha256(repr(figures).encode()).hexdigest()
    if (known := deps.charts.get(key)) is not None:
        return known
    try:
        png = usage_png(year, this_year, last_year, lapsing, lapsing_by_month)
        response = await deps.client.files_upload_v2(
            content=png, filename=f"leave-usage-{year}.png", title=f"Leave usage {year}"
        )
    except (SlackApiError, OSError, ValueError) as exc:
        log.warning("could not upload HR's usage chart (%s)", exc.__class__.__name__)
        return None
    files = response.get("files") or [response.get("file") or {}]
    file_id = files[0].get("id") if files else None
    if not file_id:
        return None
    deps.charts[key] = str(file_id)
    return str(file_id)
