"""Every input is untrusted, and so is every output built from it: files are written only where they may be
(regular files, never overwritten without --force, no temporary file left behind), HTML is escaped, CSV
cells cannot run as spreadsheet formulas, names reach the terminal without control sequences, and a closed
or full stdout ends quietly."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from amalogs.cli.output import clean
from amalogs.compare.table import csv_cell

from .conftest import USER_ROOT, Cli

ROOT = Path(__file__).resolve().parents[1]


def _root(tmp_path: Path, name: str, abbreviation: str = "EV") -> Path:
    """A data root of one user game (tests/data/user-root's, as `evil-game`) with the given name and 略称
    (TOML escapes allowed, e.g. \\u001b)."""
    root = tmp_path / "root"
    (root / "games" / "evil-game").mkdir(parents=True)
    (root / "mappings").mkdir()
    profile = (USER_ROOT / "games" / "battle-spirits" / "game.toml").read_text(encoding="utf-8")
    for old, new in [('id = "battle-spirits"', 'id = "evil-game"'), ('name = "バトルスピリッツ"', f'name = "{name}"'),
                     ('aliases = ["バトスピ"]', "aliases = []")]:
        assert old in profile, old
        profile = profile.replace(old, new, 1)
    page = (USER_ROOT / "mappings" / "battle-spirits.toml").read_text(encoding="utf-8")
    for old, new in [('game = "battle-spirits"', 'game = "evil-game"'),
                     ('abbreviation = "BS"', f'abbreviation = "{abbreviation}"')]:
        assert old in page, old
        page = page.replace(old, new, 1)
    (root / "games" / "evil-game" / "game.toml").write_text(profile, encoding="utf-8")
    (root / "mappings" / "evil-game.toml").write_text(page, encoding="utf-8")
    return root


def _one_line_error(code: int, err: str, *parts: str) -> None:
    assert code == 1, err
    assert err.startswith("amalogs: ") and err.count("\n") == 1 and "Traceback" not in err, err
    for part in parts:
        assert part in err, (part, err)


# --- only regular files -----------------------------------------------------------------------------------


def test_a_device_as_out_is_refused_and_left_alone(cli: Cli) -> None:
    before = os.stat("/dev/null")
    code, _, err = cli("table", "--format", "csv", "--out", "/dev/null", "--force")
    _one_line_error(code, err, "/dev/null", "character device")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no fifos here")
def test_a_fifo_as_out_is_refused_and_left_alone(cli: Cli, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, _, err = cli("table", "--out", str(fifo), "--force")  # would block forever if it were opened
    _one_line_error(code, err, str(fifo), "fifo")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_a_directory_as_out_is_refused(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    code, _, err = cli("convert-deck", "BD:red-aggro", "--to", "BJ", "--out", str(folder), "--force")
    _one_line_error(code, err, str(folder), "is a directory")
    assert folder.is_dir() and not any(folder.iterdir())


def test_a_symlink_as_out_is_refused_and_neither_it_nor_its_file_changes(cli: Cli, tmp_path: Path) -> None:
    real = tmp_path / "real.csv"
    real.write_text("mine\n", encoding="utf-8")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    for force in ([], ["--force"]):
        code, _, err = cli("table", "--format", "csv", "--out", str(link), *force)
        _one_line_error(code, err, str(link), "symbolic link", "refusing")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") == "mine\n"


# --- no overwriting without --force ---------------------------------------------------------------------


@pytest.mark.parametrize("command", [
    ["table", "--format", "csv", "--out", "{out}"],
    ["graph", "BD", "--format", "json", "--out", "{out}"],
    ["convert", "BD:spark-imp", "--to", "GH", "--out", "{out}"],
    ["convert-deck", "BD:red-aggro", "--to", "BJ", "--out", "{out}"],
    ["position", str(ROOT / "tests" / "positions" / "x-gh-3-4-blocks-bd-5000.toml"), "--out", "{out}"],
    ["match", "BD", "BD", "--seed", "3", "--quiet", "--log", "{out}"],
    ["match", "BD", "BD", "--seed", "3", "--quiet", "--save", "{out}"],
], ids=["table", "graph", "convert", "convert-deck", "position", "match-log", "match-save"])
def test_an_existing_file_is_refused_without_force_and_replaced_with_it(cli: Cli, tmp_path: Path,
                                                                         command: list[str]) -> None:
    out = tmp_path / "out.txt"
    out.write_text("precious\n", encoding="utf-8")
    args = [a.replace("{out}", str(out)) for a in command]
    code, stdout, err = cli(*args)
    _one_line_error(code, err, f"{out} exists: add --force to overwrite it")
    assert out.read_text(encoding="utf-8") == "precious\n"
    assert "Result" not in stdout  # refused before any work: no match was played
    code, _, err = cli(*args, "--force")
    assert code == 0, err
    assert out.read_text(encoding="utf-8") != "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_resume_rewrites_its_own_save_but_not_an_existing_log(cli: Cli, tmp_path: Path) -> None:
    save, log = tmp_path / "m.json", tmp_path / "m.jsonl"
    assert cli("match", "BD", "GH", "--seed", "5", "--quiet", "--save", str(save), "--stop-after", "10")[0] == 0
    log.write_text("precious\n", encoding="utf-8")
    code, _, err = cli("resume", str(save), "--quiet", "--log", str(log))
    _one_line_error(code, err, f"{log} exists: add --force")
    assert log.read_text(encoding="utf-8") == "precious\n"
    assert len(json.loads(save.read_text(encoding="utf-8"))["actions"]) == 10
    code, out, _ = cli("resume", str(save), "--stop-after", "5")  # its own save file: no --force needed
    assert code == 0 and "stopped after 15 decisions" in out
    code, _, err = cli("resume", str(save), "--quiet", "--log", str(log), "--force")
    assert code == 0, err
    assert json.loads(log.read_text(encoding="utf-8").splitlines()[0])["type"] == "header"


def test_schema_refuses_existing_files_and_writes_none_of_them(cli: Cli, tmp_path: Path) -> None:
    (tmp_path / "mapping.schema.json").write_text("{}\n", encoding="utf-8")
    code, _, err = cli("schema", "--out", str(tmp_path))
    _one_line_error(code, err, "mapping.schema.json exists: add --force")
    assert [p.name for p in tmp_path.iterdir()] == ["mapping.schema.json"]
    assert cli("schema", "--out", str(tmp_path), "--force")[0] == 0
    assert len(list(tmp_path.iterdir())) == 4
    assert json.loads((tmp_path / "mapping.schema.json").read_text(encoding="utf-8")) != {}


def test_report_rewrites_its_own_folder_without_force(cli: Cli, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """`amalogs report` regenerates its reports folder; only the text reports are compared here (the
    pictures take long), so the pictures are left out."""
    from amalogs.report import generate

    out = tmp_path / "reports"
    out.mkdir()
    (out / "comparison.md").write_text("old\n", encoding="utf-8")
    real = generate.build_reports

    def texts_only(catalog: object, folder: Path | None = None) -> generate.Report:
        return generate.Report(real(catalog, folder).texts, {})  # type: ignore[arg-type]

    from amalogs.report import balance_reports

    monkeypatch.setattr(generate, "build_reports", texts_only)
    tiny = balance_reports.Tournament("rows-random.csv", "random", 1, all_decks=False)
    monkeypatch.setattr(balance_reports, "TOURNAMENTS", (tiny,))  # one match per pairing, not the whole report
    from amalogs.report import conversion_trials

    monkeypatch.setattr(conversion_trials, "MATCHES", 1)  # one match per converted deck, not twenty
    code, _, err = cli("report", "--out", str(out))
    assert code == 0, err
    assert (out / "comparison.md").read_text(encoding="utf-8").startswith("# AMALOGS comparison")


# --- no temporary file left behind ----------------------------------------------------------------------


@pytest.mark.parametrize(("failing", "existing"), [("replace", True), ("link", False), ("chmod", False)])
def test_a_failed_write_leaves_no_temporary_file(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 failing: str, existing: bool) -> None:
    out = tmp_path / "table.csv"
    if existing:
        out.write_text("old\n", encoding="utf-8")

    def no_space(*_: object, **__: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, failing, no_space)
    code, _, err = cli("table", "--format", "csv", "--out", str(out), *(["--force"] if existing else []))
    monkeypatch.undo()
    _one_line_error(code, err, f"cannot write {out}", "No space left on device")
    assert sorted(p.name for p in tmp_path.iterdir()) == (["table.csv"] if existing else [])
    if existing:
        assert out.read_text(encoding="utf-8") == "old\n"


# --- HTML and CSV ---------------------------------------------------------------------------------------


def test_html_output_escapes_a_script_in_a_game_name(cli: Cli, tmp_path: Path) -> None:
    root = _root(tmp_path, "<script>alert(1)</script>", abbreviation="<u>EV")
    out = tmp_path / "table.html"
    code, _, err = cli("--data-root", str(root), "table", "--format", "html", "--out", str(out))
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;u&gt;EV" in page
    assert "<script" not in page and "<u>" not in page
    code, printed, _ = cli("--data-root", str(root), "table", "--format", "html")
    assert code == 0 and "<script" not in printed and "&lt;script&gt;" in printed


def test_html_documents_escape_the_title_and_raw_html_but_keep_cell_line_breaks() -> None:
    from amalogs.compare.table import html_document

    page = html_document("<i>x</i>", "# a <img src=x onerror=alert(1)>\n\n| a |\n|---|\n| one<br>two |\n\n"
                         "<div onclick=x>block</div>\n\n[link](javascript:alert(1))\n")
    assert "<title>&lt;i&gt;x&lt;/i&gt;</title>" in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page and "<img" not in page
    assert "one<br>two" in page and "&lt;div onclick=x&gt;" in page and 'href="javascript' not in page


def test_csv_cells_cannot_run_as_formulas_but_numbers_stay_numbers(cli: Cli, tmp_path: Path) -> None:
    root = _root(tmp_path, "=1+1", abbreviation="-3000")
    out = tmp_path / "table.csv"
    code, _, err = cli("--data-root", str(root), "table", "--format", "csv", "--out", str(out))
    assert code == 0, err
    rows = {row[0]: row for row in csv.reader(io.StringIO(out.read_text(encoding="utf-8-sig")))}  # a row per game
    header, evil = rows["game"], rows["evil-game"]
    assert evil[header.index("name")] == "'=1+1"
    assert evil[header.index("略称")] == "-3000"
    for formula in ["=1+1", "+A1", "-x", "@SUM(A1)", "=HYPERLINK(\"http://x\")", "\t=1"]:
        assert csv_cell(formula) == "'" + formula
    for plain in ["-3000", "+5", "-1.5", "2e3", "3000", "—", "name", ""]:
        assert csv_cell(plain) == plain


# --- the terminal ---------------------------------------------------------------------------------------


def test_a_name_with_an_escape_sequence_prints_without_it(cli: Cli, tmp_path: Path) -> None:
    root = _root(tmp_path, "Evil\\u001b[31mRed\\u001b]0;pwned\\u0007", abbreviation="E\\u009b2JV")
    for command in (["games"], ["show", "evil-game"], ["we", "evil-game"], ["compare", "evil-game", "BD"],
                    ["table"], ["games", "--format", "json"]):
        code, out, err = cli("--data-root", str(root), *command)
        assert code == 0, err
        assert "\x1b" not in out and "\x9b" not in out and "\x07" not in out, command
    code, out, _ = cli("--data-root", str(root), "games")
    assert "EvilRed" in out and "pwned" not in out


def test_clean_strips_control_sequences_and_keeps_newlines_and_tabs() -> None:
    assert clean("a\x1b[1;31mb\x1b[0m") == "ab"
    assert clean("a\x1b]0;title\x07b\x1b]8;;http://x\x1b\\c") == "abc"
    assert clean("a\x9b2Jb\x1bcc\x00d\x7fe\x85f") == "abcdef"
    assert clean("ビルディバイド\tBD\nnext") == "ビルディバイド\tBD\nnext"


# --- a closed or full stdout ----------------------------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_stdout_ends_quietly_with_a_non_zero_code() -> None:
    with open("/dev/full", "w") as full:
        for command in (["games"], ["games", "--format", "json"], ["cards", "BD"]):
            done = subprocess.run([sys.executable, "-m", "amalogs", *command], check=False, stdout=full, stderr=subprocess.PIPE,
                                  text=True, timeout=120, env={**os.environ, "AMALOGS_DEBUG": ""})
            assert done.returncode != 0, command
            assert "internal error" not in done.stderr and "Traceback" not in done.stderr, done.stderr
            assert "Exception ignored" not in done.stderr, done.stderr


def test_a_closed_stdout_ends_quietly_with_a_non_zero_code() -> None:
    reader, writer = os.pipe()
    os.close(reader)  # `| head -0`: nobody reads
    try:
        done = subprocess.run([sys.executable, "-m", "amalogs", "cards", "BD"], check=False, stdout=writer,
                              stderr=subprocess.PIPE, text=True, timeout=120, env={**os.environ, "AMALOGS_DEBUG": ""})
    finally:
        os.close(writer)
    assert done.returncode != 0
    assert done.stderr == "", done.stderr


# --- options --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["match", "BD", "BD", "-n", "0"],
    ["match", "BD", "BD", "-n", "-3"],
    ["match", "BD", "BD", "--turn-cap", "0"],
    ["--width", "0", "games"],
])
def test_counts_below_one_are_refused(cli: Cli, args: list[str]) -> None:
    code, out, err = cli(*args)
    assert code == 2 and "Invalid value" in err and "Result" not in out
    assert "Traceback" not in err


def test_n_matches_with_a_log_write_one_log_per_match(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "out.jsonl"
    code, out, err = cli("match", "BD", "GH", "--seed", "7", "-n", "2", "--log", str(log))
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out-1.jsonl", "out-2.jsonl"]
    heads = [json.loads((tmp_path / f"out-{k}.jsonl").read_text(encoding="utf-8").splitlines()[0]) for k in (1, 2)]
    assert [h["seed"] for h in heads] == [7, 8]
    assert "out-1.jsonl" in out and "out-2.jsonl" in out
    for k in (1, 2):
        code, out, _ = cli("replay", str(tmp_path / f"out-{k}.jsonl"))
        assert code == 0 and "replayed identically" in out
    single = tmp_path / "single.jsonl"
    assert cli("match", "BD", "GH", "--seed", "8", "--quiet", "--log", str(single))[0] == 0
    assert single.read_text(encoding="utf-8") == (tmp_path / "out-2.jsonl").read_text(encoding="utf-8")
    # an existing log is refused before any match is played, and none is written
    (tmp_path / "out-1.jsonl").unlink()
    code, _, err = cli("match", "BD", "GH", "--seed", "7", "-n", "2", "--log", str(log))
    _one_line_error(code, err, "out-2.jsonl exists: add --force")
    assert not (tmp_path / "out-1.jsonl").exists()
    assert cli("match", "BD", "GH", "--seed", "7", "-n", "2", "--log", str(log), "--force")[0] == 0
    assert (tmp_path / "out-1.jsonl").exists()
