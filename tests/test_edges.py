"""The command line's edges (issue 31): seeds bounded where they are read, outputs checked before the work starts,
a closed stdout and an ASCII output encoding, saves and logs that vouch for their whole header, files that are
not regular refused at once, and data that says something impossible refused."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from amalogs.referee.sessions.seal import SEED_MAX, commitment_of, seal_of, unsealed_field

from .conftest import USER_ROOT, Cli

AMALOGS = [sys.executable, "-m", "amalogs"]


def _run(*args: str, env: dict[str, str] | None = None, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*AMALOGS, *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})}, check=False, **kwargs)  # type: ignore[call-overload]


# --- seeds ------------------------------------------------------------------------------------------------------


def test_a_seed_past_64_bits_is_one_line_and_nothing_is_written(cli: Cli, tmp_path: Path) -> None:
    save = tmp_path / "x.json"
    for seed in ("99999999999999999999999999999", "-1", str(SEED_MAX + 1)):
        code, out, err = cli("match", "BD", "GH", "--seed", seed, "--save", str(save))
        assert code == 2 and len(err.strip().splitlines()) == 1, err
        assert "--seed" in err and "2**64 - 1" in err and "Traceback" not in err
        assert not save.exists()
    code, _, err = cli("match", "BD", "GH", "--seed", str(SEED_MAX), "-n", "2")
    assert code == 1 and "the last seed" in err and len(err.strip().splitlines()) == 1
    for command in (("tournament", "BD", "GH"), ("meta",)):
        code, _, err = cli(*command, "--seed", "-5")
        assert code == 2 and "is not a seed" in err and len(err.strip().splitlines()) == 1


def test_the_largest_seed_plays_saves_logs_and_replays(cli: Cli, tmp_path: Path) -> None:
    seed = str(SEED_MAX)
    log, save = tmp_path / "m.jsonl", tmp_path / "m.json"
    assert cli("match", "BD", "GH", "--seed", seed, "--quiet", "--log", str(log), "--save", str(save))[0] == 0
    code, out, _ = cli("replay", str(log))
    assert code == 0 and "replayed identically" in out
    assert json.loads(save.read_text(encoding="utf-8"))["seed"] == SEED_MAX


def test_every_usage_error_is_one_line(cli: Cli) -> None:
    for args in (("match", "BD", "GH", "--turn-cap", "0"), ("match", "--bogus"), ("--bogus",),
                 ("match", "BD", "GH", "--seed", "seven")):
        code, out, err = cli(*args)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "-h" in err, (args, err)


# --- outputs ------------------------------------------------------------------------------------------------------


def test_an_output_that_cannot_be_written_is_refused_before_the_matches_start(cli: Cli, tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    unwritable = [a_file / "rows.csv"]
    if os.geteuid() != 0:  # root may write into any folder; the read-only /sys refuses it
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        unwritable.append(locked / "rows.csv")
    if Path("/sys").is_dir():
        unwritable.append(Path("/sys/amalogs-rows.csv"))
    for rows in unwritable:
        start = time.monotonic()
        code, out, err = cli("match", "BD", "GH", "-n", "400", "--rows", str(rows))
        assert code == 1 and err.startswith(f"amalogs: cannot write {rows}") and len(err.strip().splitlines()) == 1
        assert time.monotonic() - start < 20 and "wins" not in out  # no match was played
    code, _, err = cli("match", "BD", "GH", "--quiet", "--log", str(a_file / "m.jsonl"))
    assert code == 1 and "cannot write" in err


def test_a_closed_stdout_ends_quietly_with_a_non_zero_code(tmp_path: Path) -> None:
    for args in (("games",), ("--version",), ("match", "BD", "GH", "--seed", "2", "--save", str(tmp_path / "s.json"))):
        done = subprocess.run(" ".join([*AMALOGS, *args]) + " >&-", shell=True, capture_output=True, text=True,
                              timeout=120, check=False)
        assert done.returncode == 1 and "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))["type"] == "amalogs-save"  # nothing lost
    full = subprocess.run([*AMALOGS, "games"], stdout=open(os.devnull, "w") if not Path("/dev/full").exists()  # noqa: SIM115
                          else open("/dev/full", "w"), stderr=subprocess.PIPE, text=True, timeout=60, check=False)
    assert full.returncode == 1 and "Traceback" not in full.stderr


def test_an_ascii_output_falls_back_with_a_note(tmp_path: Path) -> None:
    done = _run("games", env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "cannot show Japanese" in done.stderr and "PYTHONIOENCODING=utf-8" in done.stderr
    assert "?" in done.stdout and done.stdout.isascii()


# --- saves and logs vouch for their header ------------------------------------------------------------------------


def test_an_edited_save_header_is_refused_naming_the_field(cli: Cli, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    assert cli("match", "BD", "GH", "--seed", "4", "--save", str(save), "--stop-after", "30")[0] == 0
    good = json.loads(save.read_text(encoding="utf-8"))
    assert good["version"] == 2 and {"games", "players", "turn_cap", "seed", "deal"} <= set(good["seal"])
    for field, value in (("turn_cap", 61), ("players", ["human", "random"]), ("seed", 5), ("rulings", True),
                         ("decks", ["red-aggro" if good["decks"][0] != "red-aggro" else "black-eclipse",
                                    good["decks"][1]])):
        edited = tmp_path / f"{field}.json"
        edited.write_text(json.dumps({**good, field: value}), encoding="utf-8")
        code, _, err = cli("resume", str(edited))
        assert code == 1 and f"{field}: edited since the save was written" in err, (field, err)
        assert json.loads(edited.read_text(encoding="utf-8"))[field] == value  # left as it was
    code, _, err = cli("resume", str(save), "--stop-after", "1")
    assert code == 0, err


def test_an_edited_log_header_is_refused_naming_the_field(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    assert cli("match", "BD", "GH", "--seed", "4", "--quiet", "--log", str(log))[0] == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    for field, value in (("players", ["human", "random"]), ("turn_cap", 59), ("rulings", True)):
        edited = tmp_path / f"{field}.jsonl"
        edited.write_text("\n".join([json.dumps({**head, field: value}), *lines[1:]]) + "\n", encoding="utf-8")
        code, _, err = cli("replay", str(edited))
        assert code == 1 and f"header.{field}: edited since the log was written" in err, (field, err)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")  # the seal taken off
    code, _, err = cli("replay", str(cut))
    assert code == 1 and "seal" in err


def test_a_version_1_log_still_replays_and_says_it_has_no_seal(cli: Cli, tmp_path: Path) -> None:
    old = Path(__file__).parent / "data" / "playthroughs" / "BD-vs-BD-seed3.jsonl"
    code, out, _ = cli("replay", str(old))
    assert code == 0 and "replayed identically" in out and "version 1" in out


def test_what_is_not_a_regular_file_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for args in (("resume", str(fifo)), ("replay", str(fifo)), ("position", str(fifo)), ("match", "--from", str(fifo)),
                 ("deck", "check", str(fifo)), ("position", "--from-log", str(fifo), "--at", "3"),
                 ("resume", str(tmp_path)), ("replay", "/dev/zero")):
        start = time.monotonic()
        done = _run(*args)
        assert done.returncode == 1 and time.monotonic() - start < 30, args
        assert len(done.stderr.strip().splitlines()) == 1 and "not a file" in done.stderr, (args, done.stderr)


def test_the_deal_commitment_is_sha256_of_the_seed_and_salt() -> None:
    import hashlib

    assert commitment_of(7, "ab" * 16) == hashlib.sha256(b"amalogs-deal:7:" + b"ab" * 16).hexdigest()
    assert seal_of({"a": 1}) != seal_of({"a": 2}) and unsealed_field({"a": 2}, seal_of({"a": 1})) == "a"
    assert unsealed_field({"a": 1}, {**seal_of({"a": 1}), "b": "0"}) == "b"


# --- impossible data ------------------------------------------------------------------------------------------


def _user_copy(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    shutil.copytree(USER_ROOT, root)
    return root


def test_a_user_game_that_reuses_a_shipped_abbreviation_is_refused_naming_both_files(cli: Cli, tmp_path: Path) -> None:
    root = _user_copy(tmp_path)
    page = root / "mappings" / "battle-spirits.toml"
    page.write_text(page.read_text(encoding="utf-8").replace('abbreviation = "BS"', 'abbreviation = "BD"'),
                    encoding="utf-8")
    code, out, _ = cli("validate", str(root))
    assert code == 1 and f"{page}: abbreviation: 'BD' is already the 略称 of ビルディバイド" in out
    assert "mappings/build-divide.toml" in out and "give it its own id and 略称" in out
    code, out, err = cli("--data-root", str(root), "show", "BD")
    assert code == 0 and "ビルディバイド" in out and "left out game 'battle-spirits'" in err  # never shadowed


@pytest.mark.parametrize("players", [0, 1])
def test_a_game_of_fewer_than_two_players_is_refused(cli: Cli, tmp_path: Path, players: int) -> None:
    root = _user_copy(tmp_path)
    profile = root / "games" / "battle-spirits" / "game.toml"
    text = profile.read_text(encoding="utf-8")
    profile.write_text(text.replace('multiplayer = "Two players."', f'players = {players}\nmultiplayer = "x"'),
                       encoding="utf-8")
    code, out, _ = cli("validate", str(root))
    assert code == 1 and f"overview.players: a game of {players} player(s) cannot be played" in out, out


def test_a_zone_mapped_twice_and_a_negative_printed_stat_are_refused(cli: Cli, tmp_path: Path) -> None:
    root = _user_copy(tmp_path)
    page = root / "mappings" / "battle-spirits.toml"
    text = page.read_text(encoding="utf-8")
    first = text.index("[[permanent_types]]")
    end = text.index("[[", first + 5)
    page.write_text(text[:end] + text[first:end] + text[end:], encoding="utf-8")
    code, out, _ = cli("validate", str(root))
    assert code == 1 and "is mapped twice" in out, out
    folder = tmp_path / "data" / "games" / "build-divide"
    folder.mkdir(parents=True)
    shipped = Path(__file__).parents[1] / "games" / "build-divide" / "cards.toml"
    cards = folder / "cards.toml"
    cards.write_text(shipped.read_text(encoding="utf-8").replace("power = 1000,", "power = -1000,", 1),
                     encoding="utf-8")
    code, out, _ = cli("validate", str(cards))
    assert code == 1 and "power" in out and "greater than or equal to 0" in out, out


def test_an_edited_meta_save_header_is_refused_naming_the_field(cli: Cli, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert cli("meta", "--seed", "4", "--quiet", "--save", str(save), "--turn-cap", "1")[0] == 0
    good = json.loads(save.read_text(encoding="utf-8"))
    assert good["version"] == 2 and "seal" in good
    forged = {**good, "header": {**good["header"], "players": ["random", "greedy"]}}
    save.write_text(json.dumps(forged), encoding="utf-8")
    code, _, err = cli("resume", str(save))
    assert code == 1 and "header.players: edited since the save was written" in err, err
