"""A core game's facts as its rule profile and AMALOGS page declare them, read once when a match starts.

The referee takes every fact the data declares from here — the opening hand, the hand limit, the first
player's draw, life, resources, summoning sickness, the damage and life systems, the unified keyword map — so a
change to the data is a change to the match, and no game module repeats a fact its data holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from amalogs.catalog import Game
from amalogs.models.ontology import Ontology
from amalogs.ontology.terms import FAMILY_OF

__all__ = ["GameRules", "rules_of"]


@dataclass(frozen=True, slots=True)
class GameRules:
    """What the referee reads of one game's data."""

    game: str
    starting_hand: int
    hand_limit: int | None
    first_player_skips_draw: bool
    life: int  # life cards, walls, forts, HP … at the start
    life_maximum: int | None
    life_tiers: tuple[tuple[int, int], ...]  # (cards, defence in thousandths) in the order attacks reach them (forts)
    starting_resources: int
    resources_maximum: int | None
    summoning_sickness: bool
    damage_system: str  # SPS or DDS (the page's keyword rule)
    life_system: str  # the page's life system (シールドライフ, フォートライフ, ライフポイント …)
    dds_hits_with_ap: bool  # a DDS attacker deals its AP to this player's life (else SP 1), per the resolution table
    hp_system: bool  # HP制: damage on this game's characters stays, and an SPS character deals it its SP
    unified: Mapping[str, str]  # native keyword → its unified keyword (the page's 統一キーワード能力)
    mulligans: int  # how many times a player may mulligan ([setup.mulligan] times; 0: none)
    damage_cleanup: str  # when damage on its characters resets (ダメージクリンナップ: エンドフェイズ, 戦闘終了時, 持続, なし)
    # native card type → its canonical genus and family (the page's card types), for filters that name one
    genera: Mapping[str, tuple[str, str]] = field(default_factory=lambda: MappingProxyType({}))


_CACHE: dict[tuple[int, int], tuple[Game, GameRules]] = {}


def _toughness_unit(game: Game) -> float:
    """Thousandths of a canonical point per printed point of the stat that says how much damage a character
    withstands (its DP, or BP): a fort's defence is printed in the same units."""
    native = next((e.native for e in game.page.status if e.stat is not None and e.stat.value in ("DP", "BP")), None)
    return float(1000 * (game.page.ratio_of(native) if native else 1))


def rules_of(game: Game, ontology: Ontology) -> GameRules:
    """The referee's reading of a game's profile and page (worked out once per loaded game)."""
    key = (id(game), id(ontology))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is game:
        return hit[1]
    profile, page = game.profile, game.page
    resolution = {(str(getattr(r.attacker, "value", r.attacker)), str(getattr(r.defender, "value", r.defender))):
                  r.formula for r in ontology.resolution}
    life_system, damage_system = page.life_system().value, page.damage_system().value
    # The published rule keys on the defender's damage system: a DDS hit on a player of an SPS game is worth SP 1
    # whatever form its life takes; the project's decisions by life system (AP against life points, forts …)
    # apply to DDS games (docs/rules.md §3, Cross-system resolution).
    formula = (resolution.get(("DDS", damage_system), "1") if damage_system == "SPS"
               else resolution.get(("DDS", life_system)) or resolution.get(("DDS", damage_system), "1"))
    mulligan = profile.setup.mulligan
    rules = GameRules(
        game=game.id,
        starting_hand=profile.setup.starting_hand,
        hand_limit=profile.turn.hand_limit,
        first_player_skips_draw=bool(profile.turn.first_player_skips_draw),
        life=profile.life.starting,
        life_maximum=profile.life.maximum,
        life_tiers=tuple((t.count, round((t.defence or 0) * _toughness_unit(game))) for t in profile.life.tiers),
        starting_resources=profile.resources.starting,
        resources_maximum=profile.resources.maximum,
        summoning_sickness=bool(profile.battle.summoning_sickness),
        damage_system=damage_system,
        life_system=life_system,
        dds_hits_with_ap=formula in ("AP", "AP+SP"),
        hp_system=getattr(page.stat_system(), "value", None) == "HP制",
        unified=MappingProxyType({e.native: e.unified.value for e in page.unified_keywords if e.unified}),
        mulligans=mulligan.times if mulligan.kind != "none" else 0,
        damage_cleanup=page.damage_cleanup.timing.value,
        genera=MappingProxyType({e.native: (e.genus.value, FAMILY_OF[e.genus].value)
                                 for e in page.card_types if e.genus is not None}),
    )
    _CACHE[key] = (game, rules)
    return rules
