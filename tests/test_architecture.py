"""The shape of the code, checked: the layers hold (import-linter), the core knows nothing of Slack,
configuration is read in one place, a Caller is built in one place, the wheel holds `bot` only (with the
demo data), and the module table in docs/architecture.md matches the tree."""

from __future__ import annotations

import ast
import functools
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "bot"


@functools.cache
def _tree(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for every test here that reads it."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_core_tools_hr_and_llm_know_nothing_of_slack():
    for package in ("core", "tools", "hr", "llm", "ports", "domain"):
        for path in (PACKAGE / package).rglob("*.py"):
            bad = {n for n in _imports(path) if n.startswith(("bot.slack", "slack_bolt", "slack_sdk"))}
            assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_the_model_side_does_not_lean_on_the_grounding_check():
    for path in (PACKAGE / "llm").rglob("*.py"):
        assert "bot.grounding.check" not in _imports(path), path.relative_to(ROOT)


def test_the_core_reaches_tools_only_through_the_registry():
    # The prompt and the lookups name tools through `bot.tools.registry`; a tool module stays replaceable.
    for path in (PACKAGE / "core").rglob("*.py"):
        tools = {n for n in _imports(path) if n.startswith("bot.tools")}
        assert tools <= {"bot.tools.registry"}, (
            f"{path.relative_to(ROOT)} imports {tools - {'bot.tools.registry'}}"
        )


def test_the_import_contracts_hold():
    # The layers and forbidden imports of pyproject.toml's [tool.importlinter]; scripts/test runs it too.
    lint = Path(sys.executable).with_name("lint-imports")
    checked = subprocess.run([str(lint), "--no-cache"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert checked.returncode == 0, checked.stdout[-4000:] + checked.stderr[-2000:]


def test_only_config_reads_the_environment():
    for path in PACKAGE.rglob("*.py"):
        if path.name == "config.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "os.environ" not in text and "getenv" not in text, path.relative_to(ROOT)


def test_caller_is_built_only_in_the_directory():
    for path in PACKAGE.rglob("*.py"):
        if path.relative_to(PACKAGE).as_posix() == "hr/directory.py":
            continue
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Caller":
                pytest.fail(f"{path.relative_to(ROOT)} builds a Caller; only bot/hr/directory.py may")


def test_no_test_module_imports_another():
    for path in (ROOT / "tests").rglob("*.py"):
        shared = {n for n in _imports(path) if re.match(r"tests\.(test_|conftest)", n)}
        assert not shared, f"{path.name} imports {shared}: move what it shares to tests/support/"


# The stacks a command loads when it runs; `--version` and `--help` must not pay for them.
HEAVY_STACKS = {"slack_bolt", "slack_sdk", "anthropic", "sqlalchemy", "alembic", "aiohttp", "httpx"}


LIGHT_COMMANDS = [["--version"], ["--help"], ["data", "--help"]]


def test_the_command_line_imports_no_heavy_stack_before_a_command_runs():
    # A fresh interpreter (this one has every stack loaded already), one for the three: what is loaded is
    # listed right after each, so a stack one of them loads shows from that one on.
    probe = (
        "import contextlib, io, sys, bot.cli\n"
        f"for argv in {LIGHT_COMMANDS!r}:\n"
        "    with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "        bot.cli.main(argv)\n"
        f"    print(argv, sorted({{m for m in sys.modules if m.split('.')[0] in {sorted(HEAVY_STACKS)!r}}}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [f"{argv} []" for argv in LIGHT_COMMANDS]


def _packages_on_disk() -> set[str]:
    found = {"bot.fixtures"}  # mapped from the top-level fixtures/ folder
    for init in PACKAGE.rglob("__init__.py"):
        found.add(".".join(init.parent.relative_to(ROOT).parts))
    return found


def test_pyproject_lists_every_package_of_the_tree():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert set(config["tool"]["setuptools"]["packages"]) == _packages_on_disk()
    assert config["tool"]["setuptools"]["package-dir"] == {"bot.fixtures": "fixtures"}


def test_the_wheel_holds_bot_only_and_runs_the_demo_from_anywhere(tmp_path):
    # Built from a copy: setuptools writes build/ and *.egg-info beside the sources it builds.
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for name in ("bot", "fixtures"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "dist").mkdir()
    built = subprocess.run(
        # The PEP 517 hook pip would call, without pip (a second of start-up): the venv's setuptools (a dev
        # dependency) builds it, as `pip wheel --no-build-isolation` does.
        [
            sys.executable,
            "-c",
            "import sys; from setuptools import build_meta; build_meta.build_wheel(sys.argv[1])",
            str(tmp_path / "dist"),
        ],
        cwd=source,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    [wheel] = (tmp_path / "dist").glob("officebot-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
        assert tops == {"bot", wheel.name.split("-py3")[0] + ".dist-info"}
        assert "bot/fixtures/employees.json" in archive.namelist()
    # A fresh venv with the wheel unpacked into its site-packages; the dependencies come from this venv's
    # site-packages as a plain path entry (so this checkout's editable install is not active there).
    venv.create(tmp_path / "fresh", with_pip=False)
    [site] = (tmp_path / "fresh").glob("lib/python*/site-packages")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    python = tmp_path / "fresh" / "bin" / "python"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    # The real entry point (`python -m bot`, what the `officebot` script runs), the one demo process.
    demo = subprocess.run(
        [str(python), "-m", "bot", "demo"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env={"OFFICEBOT_AUDIT": str(elsewhere / "audit.jsonl")},
        timeout=120,
    )
    assert demo.returncode == 0, demo.stderr
    assert "| ④ 조회 실패" in demo.stdout
    where = subprocess.run(  # light: bot.fixtures imports nothing else
        [str(python), "-c", "import bot, bot.fixtures; print(bot.__file__); print(bot.fixtures.__file__)"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env={},
        timeout=60,
    )
    assert where.returncode == 0, where.stderr
    code, data = where.stdout.split()
    assert code == str(site / "bot" / "__init__.py")  # the installed package the demo ran…
    assert str(site / "bot" / "fixtures") in data  # …and its data, not the checkout's


def _documented_modules() -> set[str]:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    named: set[str] = set()
    for row in re.findall(r"^\| (`bot/[^|]+)\|", page, re.M):
        named.update(re.findall(r"`(bot/[^`]+)`", row))
    return named


def test_architecture_module_table_matches_the_tree():
    named = _documented_modules()
    on_disk = {
        p.relative_to(ROOT).as_posix()
        for p in PACKAGE.rglob("*.py")
        if p.name not in ("__init__.py", "__main__.py") or p.parent == PACKAGE / "tools"
    }
    missing = {m for m in on_disk if not any(m == n or (n.endswith("/") and m.startswith(n)) for n in named)}
    assert not missing, f"docs/architecture.md's module table does not mention {sorted(missing)}"
    stale = {n for n in named if not (ROOT / n).exists()}
    assert not stale, f"docs/architecture.md's module table names what is not in the tree: {sorted(stale)}"


def test_a_tool_can_read_leave_requests_but_never_change_one():
    """The tools' context holds a RequestReader: a type with no method that stores, moves or cancels a
    request, so a tool that tried would not type-check (the model drafts, a person's click acts)."""
    import typing

    from bot.ports.requests import RequestReader, RequestStore
    from bot.tools.registry import ToolContext

    reader = {name for name in dir(RequestReader) if not name.startswith("_")}
    writers = {"submit", "move", "record_refusal", "claim_reminder"}
    assert writers <= {name for name in dir(RequestStore) if not name.startswith("_")}
    assert reader and not reader & writers
    hints = typing.get_type_hints(ToolContext)
    assert hints["requests"] == RequestReader | None


def test_architecture_package_table_names_every_top_level_package():
    page = (ROOT / "docs" / "architecture.md").read_text()
    section = page.split("## Packages")[1].split("\n## ")[0]
    named = set(re.findall(r"^\| `(bot/[a-z_]+)/` \|", section, flags=re.M))
    on_disk = {p.parent.relative_to(ROOT).as_posix() for p in PACKAGE.glob("*/__init__.py")}
    assert named == on_disk
