"""Small games written as data for tests, built in a temporary folder from the rule-games' shield game
(tests/data/rule-games/games/shield-duel): an HP-system game (HP制, damage that stays)."""

from __future__ import annotations

from pathlib import Path

from .conftest import DATA

SOURCE = DATA / "rule-games"  # the shield game the HP game is written from

# No shipped game is HP制, so a small one is written into a temporary data root: its creatures print an
# attack (AP) and HP (HP), adjust ratio 1/10 for both; a striker prints an attack only (an AP-only card).

HP_GAME = "hp-skirmish"
HP_CARDS = f"""game = "{HP_GAME}"

[[cards]]
id = "ember-pup"
name = "ほのおの子犬"
en = "Ember Pup"
type = "creature"
colours = ["fire"]
stats = {{ cost = 3, attack = 30, hp = 120 }}

[[cards]]
id = "dart-hawk"
name = "ダートホーク"
en = "Dart Hawk"
type = "striker"
colours = ["water"]
stats = {{ cost = 2, attack = 40 }}
"""


def _edit(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new)
    return text


def build_hp_game(root: Path) -> Path:
    """Write the HP-system game into ``root`` (a data folder) and return it."""
    (root / "games" / HP_GAME).mkdir(parents=True)
    (root / "mappings").mkdir()
    profile = (SOURCE / "games" / "shield-duel" / "game.toml").read_text(encoding="utf-8")
    stats = '''[[stats]]
id = "attack"
name = "ワザ"
en = "Attack"
kind = "number"
description = "The damage the creature deals in battle."

[[stats]]
id = "hp"
name = "HP"
en = "HP"
kind = "number"
description = "The damage the creature can take; damage stays on it until it leaves play."

[[stats]]
id = "cost"'''
    profile = _edit(
        profile,
        ('id = "shield-duel"', f'id = "{HP_GAME}"'),
        ('name = "シールドデュエル"', 'name = "HPスカーミッシュ"'),
        ('en = "Shield Duel"', 'en = "HP Skirmish"'),
        ('colour_rule = "one-of-colour"\n', ''),
        ('blockers = "keyword"\nblocker_keyword = "blocker"\n', ''),
        ('damage_carries_over = false', 'damage_carries_over = true'),
        ('damage_cleanup = "There is no damage to clean up: battles are decided at once."',
         'damage_cleanup = "None: damage stays on a creature until it leaves play."'),
        ('description = "Fights in the battle zone."',
         'stats = ["cost", "attack", "hp"]\ndescription = "Fights in the battle zone."'),
        ('description = "A one-shot effect."',
         ('stats = ["cost"]\ndescription = "A one-shot effect."\n\n[[card_types]]\nid = "striker"\nname = "ストライカー"\n'
          'en = "Striker"\nstats = ["cost", "attack"]\ndescription = "Strikes from the back row: an attack and no HP."')),
        (('[[stats]]\nid = "power"\nname = "パワー"\nen = "Power"\nkind = "number"\ndescription = "Battle strength."\n\n'
          '[[stats]]\nid = "cost"'), stats),
    )
    page = _edit(
        (SOURCE / "mappings" / "shield-duel.toml").read_text(encoding="utf-8"),
        ('game = "shield-duel"', f'game = "{HP_GAME}"'),
        ('abbreviation = "SD"', 'abbreviation = "HPS"'),
        ('stat = "power"\nratio = "1/1000"', 'stat = "attack"\nratio = "1/10"\n\n[[adjust]]\nstat = "hp"\nratio = "1/10"'),
        ('rule = "BP制"\nnote = "Power."', 'rule = "HP制"\nnote = "Damage stays on a creature."'),
        ('native = "power"\nstat = "BP"', 'native = "attack"\nstat = "AP"\n\n[[status]]\nnative = "hp"\nstat = "HP"'),
        ('native = "spell"\ngenus = "イベント"', 'native = "spell"\ngenus = "イベント"\n\n[[card_types]]\nnative = "striker"\ngenus = "キャラ"'),
        ('timing = "なし"', 'timing = "持続"'),
    )
    (root / "games" / HP_GAME / "game.toml").write_text(profile, encoding="utf-8")
    (root / "games" / HP_GAME / "cards.toml").write_text(HP_CARDS, encoding="utf-8")
    (root / "mappings" / f"{HP_GAME}.toml").write_text(page, encoding="utf-8")
    return root
