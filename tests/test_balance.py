"""The balance report: win rates with Wilson intervals, ratings, unfair pairings and the WE line, worked out
from rows whose answer is known by hand; every format it writes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from amalogs.catalog import Catalog
from amalogs.report.balance import BALANCE_VERSION, balance, render

from .conftest import Cli


def row(deck1: str, deck2: str, winner: int | None, first: int = 1, players: str = "random", turns: int = 10,
        reason: str = "damage with no life left") -> dict[str, Any]:
    return {"version": 1, "seed": 1, "turn_cap": 60, "game1": deck1.partition(":")[0], "deck1": deck1,
            "player1": players, "game2": deck2.partition(":")[0], "deck2": deck2, "player2": players, "first": first,
            "winner": winner, "reason": reason if winner else "turn cap (60) reached: a draw", "turns": turns,
            "decisions": 5 * turns}


BD, GH, SGK = "build-divide:red-aggro", "guild-heroes:tidelight-guardians", "sengoku-taisen:hayama-midori"


def rows_known() -> list[dict[str, Any]]:
    """BD beats GH 7 times in 10 (both seatings), GH and SGK split 5–5, BD beats SGK 10–0, plus one draw."""
    out = []
    for k in range(10):
        bd_wins = k < 7
        out.append(row(BD, GH, 1 if bd_wins else 2) if k % 2 else row(GH, BD, 2 if bd_wins else 1, first=2))
        out.append(row(GH, SGK, 1 if k < 5 else 2, first=1 if k < 5 else 2))
        out.append(row(SGK, BD, 2))
    out.append(row(BD, SGK, None))
    return out


def test_win_rates_intervals_and_ratings_are_the_ones_worked_out_by_hand(catalog: Catalog) -> None:
    b = balance(rows_known(), catalog)
    (s,) = b.settings
    assert s.players == "random" and s.matches == 31
    bd_gh = s.game_rates["build-divide", "guild-heroes"]
    assert (bd_gh.wins, bd_gh.losses, bd_gh.draws) == (7, 3, 0)
    low, high = bd_gh.interval  # type: ignore[misc]
    assert low == pytest.approx(0.3968, abs=1e-4) and high == pytest.approx(0.8922, abs=1e-4)  # Wilson, 7 of 10
    assert s.game_rates["guild-heroes", "build-divide"].rate == pytest.approx(0.3)
    assert s.game_rates["build-divide", "sengoku-taisen"].draws == 1 and s.cap_draws == 1
    assert s.game_rating["build-divide"] > s.game_rating["guild-heroes"] > s.game_rating["sengoku-taisen"]
    flagged = {(f["favoured"], f["against"]): f for f in b.unfair_games}
    assert ("build-divide", "sengoku-taisen") in flagged and flagged["build-divide", "sengoku-taisen"]["certain"]
    assert flagged["build-divide", "guild-heroes"]["win_rate"] == 0.7 and not flagged["build-divide", "guild-heroes"]["certain"]
    assert ("guild-heroes", "sengoku-taisen") not in flagged and ("sengoku-taisen", "guild-heroes") not in flagged
    first = s.first_player  # the side that went first won: 5 of the GH–SGK, BD–GH ones where seat 1 won …
    assert first.wins + first.losses == 30


def test_the_we_line_and_the_player_comparison(catalog: Catalog) -> None:
    """Games of different WE: the fitted line's slope has the sign of the data; two player settings are compared
    pairing by pairing."""
    heavy = [g for g in catalog.games if g == "break-joker"][0]  # WE 4
    light = [g for g in catalog.games if g == "magic-the-gathering"][0]  # WE 2
    decks = {g: f"{g}:{sorted(catalog.decks(g))[0]}" for g in (heavy, light, "build-divide")}
    rows = []
    for k in range(20):
        rows.append(row(decks[heavy], decks[light], 1 if k < 16 else 2))  # the heavier game wins 80 %
        rows.append(row(decks[heavy], decks["build-divide"], 1 if k < 12 else 2))
        rows.append(row(decks["build-divide"], decks[light], 1 if k < 12 else 2))
        rows.append(row(decks[heavy], decks[light], 1 if k < 10 else 2, players="greedy"))
    b = balance(rows, catalog)
    assert [s.players for s in b.settings] == ["random", "greedy"]
    assert b.we_fit["random"]["slope"] > 0
    moves = b.drivers["players"]["largest_moves"]
    assert moves[0]["spread"] == pytest.approx(0.3)


def test_every_format_carries_its_version_and_escapes_names(catalog: Catalog) -> None:
    rows = rows_known() + [row("build-divide:<script>alert(1)</script>", GH, 1), row("=1+1", GH, 2)]
    b = balance(rows, catalog)
    data = json.loads(render(b, "json"))  # type: ignore[arg-type]
    assert data["format"] == "amalogs-balance" and data["version"] == BALANCE_VERSION
    html = render(b, "html")
    assert isinstance(html, str) and "<script>alert" not in html and "&lt;script&gt;" in html
    csv_text = render(b, "csv")
    assert isinstance(csv_text, str) and csv_text.startswith("version,") and ",'=1+1," in csv_text
    assert "format version 1" in render(b, "md")  # type: ignore[operator]
    for fmt, magic in (("png", b"\x89PNG"), ("svg", b"<?xml")):
        picture = render(b, fmt)
        assert isinstance(picture, bytes) and picture.startswith(magic)


def test_the_balance_command_reads_rows_files(cli: Cli, tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    rows.write_text("".join(json.dumps(r) + "\n" for r in rows_known()), encoding="utf-8")
    code, out, err = cli("balance", str(rows), "--report", str(tmp_path / "b.json"))
    assert code == 0, err
    assert "game pairings outside 40%–60%" in out and (tmp_path / "b.json").exists()
    (tmp_path / "bad.jsonl").write_text('{"version": 1}\n', encoding="utf-8")
    code, _, err = cli("balance", str(tmp_path / "bad.jsonl"))
    assert code == 1 and "bad.jsonl: line 1" in err
    (tmp_path / "empty.csv").write_text("", encoding="utf-8")
    code, _, err = cli("balance", str(tmp_path / "empty.csv"))
    assert code == 1 and "no rows" in err
