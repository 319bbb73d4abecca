"""Converted decks that play (issue 33, part 5): the committed trials in ``reports/conversion/`` — every sample deck
converted into every other game, played in seeded matches against the target's own sample decks — are legal, play
a card in every match, and are linked from the README; ``amalogs report --check`` keeps them current (a subset is
played again there)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.report.conversion_trials import MATCHES, _read, trial_texts, trials

ROOT = Path(__file__).parent.parent
ROWS = ROOT / "reports" / "conversion" / "rows.json"


def test_every_converted_sample_deck_is_legal_and_plays_a_card_in_every_match(catalog: Catalog) -> None:
    found = trials(catalog)
    decks = sum(len(catalog.decks(g)) for g in catalog.games)
    assert len(found) == decks * (len(catalog.games) - 1)
    assert [f"{t.source}:{t.deck}>{t.target}: {t.unmet}" for t in found if t.unmet] == []
    rows = _read(ROWS)
    assert len(rows) == len(found) * MATCHES
    silent = [f"{r['source']}:{r['deck']} into {r['target']}, match {r['match']}" for r in rows if r["played"] == 0]
    assert silent == []
    targets = {r["target"] for r in rows}
    assert targets == set(catalog.games)
    print(f"\n{len(found)} converted decks, {len(rows)} matches; fewest cards played in a match: "
          f"{min(r['played'] for r in rows)}; won {sum(r['result'] == 'won' for r in rows)}")


def test_the_table_is_in_reports_and_linked_from_the_readme(catalog: Catalog) -> None:
    texts = trial_texts(catalog, ROOT / "reports")
    table = texts["conversion/decks.md"]
    assert "## Win rate of the converted decks, by game" in table and "| from \\ into |" in table
    assert (ROOT / "reports" / "conversion" / "decks.md").read_text(encoding="utf-8") == table
    assert "conversion/decks.html" in texts  # (the HTML index links the page as .html)
    assert "reports/conversion/decks.md" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("text", ["", "[]", '{"format": "amalogs-conversion-trials", "version": 9, "rows": []}',
                                  '{"format": "other", "version": 1, "rows": []}', "{not json"])
def test_a_broken_rows_file_is_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "rows.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AmalogsError) as info:
        _read(path)
    assert str(path) in str(info.value) and "\n" not in str(info.value)
    json.dumps(str(info.value))
