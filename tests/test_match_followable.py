"""A play-by-play a new user can follow: every effect in words (its card, what it did, by how much), draws with
the hand they leave, both sides' status at every turn, and a result panel with the final status and the event
that decided the match — checked on the output of `amalogs match` itself."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from .conftest import Cli

MATCHES = [
    # (the command's decks and seed, the card the decisive event must name)
    (("BD:red-aggro", "GH:tidelight-guardians", "--seed", "4"), "灰燼の竜戦士"),
    (("SGK:takamori-kurenai", "BJ", "--seed", "2"), "仮面ライダーカガリビ 烈火フォーム"),
]

LIFE = r"(?:life|life cards|shields|forts|castle walls|HP|damage|prizes left) \d+"
"""Life in a game's own terms, as a status line gives it."""

AMOUNTED = {"modify", "damage", "draw", "player_damage", "boost_attack", "discard", "heal", "gain_resource",
            "search", "scout"}
"""The effects that have an amount (a number of points or cards) to say."""


def _run(cli: Cli, args: tuple[str, ...], tmp_path: Path,
         width: str = "120") -> tuple[list[str], list[dict[str, object]]]:
    log = tmp_path / f"m-{width}.jsonl"
    code, out, err = cli("--width", width, "match", *args, "--log", str(log))
    assert code == 0, err
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()[1:]]
    return out.splitlines(), events


def _panel(lines: list[str]) -> list[str]:
    start = next(k for k, line in enumerate(lines) if "Result" in line and line.startswith("╭"))
    return [line.strip("│ ").rstrip() for line in lines[start + 1:] if line.startswith("│")]


@pytest.mark.parametrize(("args", "decisive_card"), MATCHES)
def test_every_effect_says_its_card_and_amount(cli: Cli, tmp_path: Path, args: tuple[str, ...],
                                               decisive_card: str) -> None:
    lines, events = _run(cli, args, tmp_path)
    names = ("P1 " + args[0].split(":")[0], "P2 " + args[1].split(":")[0])
    effects = [e for e in events if e["type"] == "effect"]
    assert effects, "the match should carry out some effects"
    # an effect line: "  P1 BD 鬨の声: 熾火の従騎士 パワー +5000 this turn"
    said = [line for line in lines if re.match(rf"^  ({'|'.join(names)}) [^:]+: \S", line)]
    assert len(said) >= len(effects)
    for line in said:
        assert not line.split(": ", 1)[1].startswith(("→", "None")), line
    for event in effects:
        mine = [line for line in said if line.startswith(f"  {names[int(str(event['seat']))]} ")]
        assert mine, event
        if event["effect"] in AMOUNTED:
            assert any(re.search(r"\d", line.split(": ", 1)[1]) for line in mine), event
    changed = r" [+-]\d+( \((attacking|defending)\))? (this turn|while it stays on the field)$"
    modify = [line for line in said if re.search(changed, line)]
    assert len(modify) == sum(1 for e in effects if e["effect"] == "modify")


@pytest.mark.parametrize(("args", "decisive_card"), MATCHES)
def test_no_raw_verbs_and_draws_give_the_hand(cli: Cli, tmp_path: Path, args: tuple[str, ...],
                                              decisive_card: str) -> None:
    lines, events = _run(cli, args, tmp_path)
    text = "\n".join(lines)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), re.findall(r"\b[a-z]+_[a-z_]+\b", text)
    assert "None" not in text and "→ modify" not in text and "→ boost" not in text
    draws = [line for line in lines if re.search(r" draws 1 \(hand \d+\)$", line)]
    assert draws and len(draws) <= sum(1 for e in events if e["type"] == "draw")


@pytest.mark.parametrize(("args", "decisive_card"), MATCHES)
def test_each_turn_shows_both_sides_status(cli: Cli, tmp_path: Path, args: tuple[str, ...],
                                           decisive_card: str) -> None:
    lines, events = _run(cli, args, tmp_path)
    names = ("P1 " + args[0].split(":")[0], "P2 " + args[1].split(":")[0])
    turns = [k for k, line in enumerate(lines) if re.search(r"Turn \d+ — P[12]", line)]
    assert len(turns) == sum(1 for e in events if e["type"] == "turn")
    ends = [*turns[1:], next(k for k, line in enumerate(lines) if line.startswith("╭"))]
    for start, end in zip(turns, ends):
        section = lines[start:end]
        for name in names:
            assert any(re.match(rf"^  {name} +{LIFE}( · |$)", line) for line in section), (name, section)
            status = next(line for line in section if re.match(rf"^  {name} +{LIFE}", line))
            if name.endswith(("BD", "GH", "SGK")):
                assert re.search(r"hand \d+", status), status


@pytest.mark.parametrize(("args", "decisive_card"), MATCHES)
def test_the_result_panel_names_the_decisive_event_and_the_final_state(cli: Cli, tmp_path: Path,
                                                                       args: tuple[str, ...],
                                                                       decisive_card: str) -> None:
    lines, events = _run(cli, args, tmp_path)
    panel = _panel(lines)
    assert panel[0].startswith(("Winner: P", "Draw"))
    end = next(e for e in events if e["type"] == "end")
    assert str(end["reason"]) in panel
    decisive = next(line for line in panel if line.startswith("decisive: "))
    assert decisive_card in decisive
    assert re.search(r"attacks with|damage", decisive)
    first = decisive.removeprefix("decisive: ").split("; ")[0]
    assert any(line.strip().endswith(first) for line in lines[:-len(panel)]), first  # said in the play-by-play too
    finals = [line for line in panel if line.startswith("final: ")]
    assert len(finals) == 2 and all(re.match(rf"final: {LIFE}", line) for line in finals)


@pytest.mark.parametrize(("args", "decisive_card"), MATCHES)
def test_the_output_keeps_within_80_columns(cli: Cli, tmp_path: Path, args: tuple[str, ...],
                                            decisive_card: str) -> None:
    lines, _ = _run(cli, args, tmp_path, width="80")
    lines = [line for line in lines if not line.startswith("wrote ")]  # the log's path is the test's, not ours
    assert max(cell_len(line) for line in lines) <= 80
    assert any(re.search(r"\w+: .*[+-]\d|: \d+ damage", line) for line in lines)


def test_quiet_prints_the_result_alone(cli: Cli) -> None:
    code, out, _ = cli("match", "BD:red-aggro", "GH:tidelight-guardians", "--seed", "4", "--quiet")
    assert code == 0 and "Result" in out and "Winner: P1 BD" in out
    assert "Turn 1" not in out and "draws" not in out and "decisive" not in out and "final:" not in out
