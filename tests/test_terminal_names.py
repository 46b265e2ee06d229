"""Names from files and programs (bot specs in results and journals, seat kinds in the
history, a bot program's hello) reach the terminal with their control characters
shown, never obeyed, and cut to a sane length (`dominoes_arcade.printable`):
``ESC ] 0 ; PWN BEL`` would set the terminal's title, ``ESC [ 2 J`` clear it."""

from __future__ import annotations

import json
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest
import tomli_w
from typer.testing import CliRunner

from dominoes_arcade import history, printable
from dominoes_arcade.cli import app
from dominoes_arcade.engine.match import random_game

EXAMPLES = Path(__file__).parent.parent / "tournaments" / "examples"
HOSTILE = "\x1b]0;PWN\x07\x1b[2J\x9b31m[bold]x"
"""Sets the title, clears the screen, a C1 CSI, and markup for good measure."""
SHOWN = "\\x1b]0;PWN\\x07\\x1b[2J\\x9b31m[bold]x"
CONTROLS = [chr(code) for code in (*range(0x20), *range(0x7F, 0xA0))]


def assert_printable(output: str) -> None:
    found = sorted({f"0x{ord(c):02x}" for c in output if c in CONTROLS and c != "\n"})
    assert not found, f"control characters printed: {found}"


def renamed(value, old: str, new: str):
    """`value` (a parsed results file) with every string `old` outside the game's
    options (where "random" is a value, not a bot) replaced by `new`."""
    if isinstance(value, dict):
        return {key: item if key == "options" else renamed(item, old, new) for key, item in value.items()}
    if isinstance(value, list):
        return [renamed(item, old, new) for item in value]
    return new if value == old else value


def hostile_run(folder: Path, old: str, new: str) -> tuple[Path, Path]:
    """The Necropolis example run with bot `old` renamed `new`: its results and journal."""
    folder.mkdir(parents=True, exist_ok=True)
    document = renamed(tomllib.loads((EXAMPLES / "necropolis.results.toml").read_text(encoding="utf-8")), old, new)
    results = folder / "necropolis.results.toml"
    results.write_text(tomli_w.dumps(document), encoding="utf-8")
    lines = []
    for line in (EXAMPLES / "necropolis.journal.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        record["seats"] = [new if seat == old else seat for seat in record["seats"]]
        lines.append(json.dumps(record) + "\n")
    journal = folder / "necropolis.journal.jsonl"
    journal.write_text("".join(lines), encoding="utf-8")
    return results, journal


def invoke(*args: str):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def test_printable_shows_control_characters_and_cuts_names():
    assert printable.visible(HOSTILE) == SHOWN
    assert printable.visible("bidi \u202e and a lone \ud800") == "bidi \\u202e and a lone \\ud800"
    assert printable.visible("ok: cmd:./bot [/x] é ✓") == "ok: cmd:./bot [/x] é ✓"
    long = printable.name("b" * 2_000_000)
    assert long == "b" * printable.NAME_LIMIT + f"… ({2_000_000 - printable.NAME_LIMIT} more characters)"


def test_tournament_show_prints_hostile_names_visibly(tmp_path):
    results, _ = hostile_run(tmp_path, "random", HOSTILE)
    shown = invoke("tournament", "show", str(results))
    assert shown.exit_code == 0, shown.output
    assert SHOWN in shown.output
    assert_printable(shown.output)


def test_tournament_compare_prints_hostile_names_visibly_and_cut(tmp_path):
    _, journal = hostile_run(tmp_path / "a", "random", HOSTILE)
    _, other = hostile_run(tmp_path / "b", "greedy", HOSTILE + "B" * 5000)
    compared = invoke("tournament", "compare", str(journal), str(other))
    assert compared.exit_code == 0, compared.output
    assert SHOWN in compared.output and "B" * 100 not in compared.output
    assert_printable(compared.output)


def test_stats_prints_hostile_kinds_visibly(tmp_path):
    for seed in (1, 2):
        history.append_history(history.history_line(random_game("necropolis", seed), ["human", HOSTILE], [0],
                                                    demo=False))
    table = invoke("stats")
    assert table.exit_code == 0, table.output
    assert SHOWN in table.output
    assert_printable(table.output)
    as_json = invoke("stats", "--json")
    assert json.loads(as_json.stdout)[0]["opponents"] == HOSTILE  # JSON escapes it, and keeps it whole
    assert_printable(as_json.stdout)


def test_replay_check_quotes_a_hostile_step_visibly(tmp_path):
    record = json.loads((EXAMPLES / "necropolis.journal.jsonl").read_text(encoding="utf-8").splitlines()[0])
    record["steps"][3] = "1 n" + HOSTILE
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    checked = invoke("replay", str(path), "--check")
    assert checked.exit_code == 1
    assert SHOWN in checked.output
    assert_printable(checked.output)
    analysed = invoke("analyse", str(path))
    assert analysed.exit_code == 1 and SHOWN in analysed.output
    assert_printable(analysed.output)


def test_bot_check_shows_a_hostile_hello_name_visibly_and_cut(tmp_path):
    program = tmp_path / "hostile_bot.py"
    program.write_text(textwrap.dedent(f"""\
        import json, sys
        for line in sys.stdin:
            kind = json.loads(line).get("type")
            if kind == "hello":
                name = {HOSTILE!r} + "n" * 2_000_000
                print(json.dumps({{"type": "hello", "protocol": 1, "name": name, "games": [{HOSTILE!r}]}}),
                      flush=True)
            elif kind == "quit":
                break
        """), encoding="utf-8")
    checked = invoke("bot", "check", f"cmd:{sys.executable} {program}", "--game", "necropolis")
    assert checked.exit_code == 1, checked.output  # it plays none of the games checked
    assert f"name '{SHOWN}" in checked.output and f"its hello names '{SHOWN}'" in checked.output
    assert len(checked.output) < 5_000
    assert_printable(checked.output)


@pytest.mark.parametrize("name", [HOSTILE, "mathtext $\\frac$ that does not parse"])
def test_tournament_report_draws_hostile_names_without_warnings(tmp_path, recwarn, name):
    results, _ = hostile_run(tmp_path, "random", name)
    out = tmp_path / "report.html"
    made = invoke("tournament", "report", str(results), "--out", str(out))
    assert made.exit_code == 0, made.output
    assert not [str(w.message) for w in recwarn.list if "Glyph" in str(w.message)]
    page = out.read_text(encoding="utf-8")
    assert_printable(page.replace("\t", " ").replace("\r", " "))
    assert html_escaped(printable.visible(name)) in page


def html_escaped(text: str) -> str:
    import html

    return html.escape(text, quote=True)
