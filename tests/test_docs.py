"""The documentation holds together: the README stays short enough to find the two commands in, and every
link from README.md or docs/*.md to a file of this repository (and to a heading in it) resolves, so moving a
page or renaming a heading cannot leave a reader at a dead end."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_MAX_LINES = 200

FENCE = re.compile(r"^```.*?^```", re.M | re.S)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} +(.+?) *#*$", re.M)


def _prose(page: Path) -> str:
    # Code blocks are examples, not links to follow.
    return FENCE.sub("", page.read_text(encoding="utf-8"))


def _anchors(page: Path) -> set[str]:
    """The ids GitHub gives the page's headings: lower case, punctuation dropped, spaces to hyphens, and a
    repeated id numbered (-1, -2, …)."""
    anchors: set[str] = set()
    for heading in HEADING.findall(_prose(page)):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        candidate, n = slug, 0
        while candidate in anchors:
            n += 1
            candidate = f"{slug}-{n}"
        anchors.add(candidate)
    return anchors


def _local_links(page: Path) -> list[str]:
    return [t for t in LINK.findall(_prose(page)) if not re.match(r"[a-z][a-z0-9+.-]*:", t)]


def test_the_readme_is_at_most_200_lines():
    lines = len((ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; move detail into docs/"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_local_link_resolves(page: Path):
    broken = []
    for target in _local_links(page):
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
            broken.append(f"{target} (no such heading)")
    assert not broken, f"{page.relative_to(ROOT)} links to {broken}"


def test_the_link_checker_sees_links_and_headings():
    # Guards the checker itself: a regex that matched nothing would pass every page.
    readme = ROOT / "README.md"
    assert "docs/architecture.md" in _local_links(readme)
    assert "the-durable-inbox" in _anchors(ROOT / "docs" / "production.md")


def test_every_test_the_reliability_page_names_exists():
    """docs/reliability.md lists each fault with the test that shows it handled: a renamed or removed test
    must not leave the page pointing at nothing."""
    page = (ROOT / "docs" / "reliability.md").read_text(encoding="utf-8")
    named = set(re.findall(r"\b(test_[a-z0-9_]+)\b(?!\.py)", page))  # test functions, not test files
    defined = {
        match
        for path in (ROOT / "tests").rglob("test_*.py")
        for match in re.findall(r"def (test_[a-z0-9_]+)\(", path.read_text(encoding="utf-8"))
    }
    assert named and not named - defined, sorted(named - defined)


# "979 tests": a count typed by hand, stale after the next change. How many there are is what pytest says
# (`pytest --collect-only -q`, as docs/testing.md tells); the pages say how to get it, never the number.
# decisions.md is history: its counts are measurements of their day, dated there.
TEST_COUNT = re.compile(r"\b\d[\d,]*\s+(?:\w+\s+)?tests?\b")


@pytest.mark.parametrize("page", [p for p in PAGES if p.name != "decisions.md"], ids=lambda p: p.name)
def test_no_page_types_a_count_of_the_tests(page: Path):
    assert TEST_COUNT.findall(page.read_text(encoding="utf-8")) == []


def test_the_count_check_sees_a_typed_count():
    assert TEST_COUNT.findall("979 tests (`pytest --collect-only -q`); the 116 PostgreSQL tests") == [
        "979 tests",
        "116 PostgreSQL tests",
    ]


def test_the_lesson_reading_path_is_short_and_exists():
    """docs/lesson.md's reading path: at most 6 files and 700 lines, every one of them in the tree."""
    lesson = (ROOT / "docs" / "lesson.md").read_text()
    table = lesson.split("## The five steps")[0]
    files = re.findall(r"^\| \d \| `([^`]+)` \|", table, flags=re.M)
    assert 1 <= len(files) <= 6
    lines = sum(len((ROOT / name).read_text().splitlines()) for name in files)
    assert lines <= 700, f"the lesson's reading path is {lines} lines"
    assert "docs/lesson.md" in (ROOT / "README.md").read_text()


def test_one_dm_opens_at_most_twelve_files_and_each_exists():
    page = (ROOT / "docs" / "architecture.md").read_text()
    section = page.split("## One DM, file by file")[1].split("\n## ")[0]
    files = re.findall(r"^\| \d+ \| `([^`]+)` \|", section, flags=re.M)
    assert 1 <= len(files) <= 12
    assert all((ROOT / name).is_file() for name in files), files
