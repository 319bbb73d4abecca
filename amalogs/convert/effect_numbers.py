"""A converted card's effect amounts fitted to the target's printed numbers (docs/rules.md §7, "Effects in the
target game"): an amount of damage or a change of a battle value is rounded half up to the target's printed step
of that value (at least one step when it was not zero), so no converted card prints a fraction — 「0.5ダメージ」
or 「アタック+0.5」 in a game of whole numbers — and the referee carries out the number the card prints. Player
damage and life gain are rescaled by the two games' starting life (a 3-damage burn spell of a 20-life game takes
one fort of four, not three), rounded half up, at least 1. The effect's row says what changed."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from amalogs.convert.curve import GameCurves, price_filter_level
from amalogs.convert.effects import GameFacts
from amalogs.convert.index import GameIndex
from amalogs.models.effects import CardFilter
from amalogs.ontology.terms import CanonicalStat

__all__ = ["Fitted", "fit_effects", "price_filters"]

_BATTLE = (CanonicalStat.BP, CanonicalStat.DP, CanonicalStat.HP, CanonicalStat.AP)


@dataclass(frozen=True, slots=True)
class Fitted:
    """One effect whose amount was fitted: the amount before and after, and the printed step, with its stat."""

    before: Fraction
    after: Fraction
    step: Fraction
    stat: str
    lives: tuple[str, int, int] | None = None
    """For player damage and life gain: the source game and the two starting lives it was rescaled by."""
    why: str | None = None
    """For another change (a level in a filter priced as a cost): what changed and why."""

    def reason(self, game: str) -> str:
        if self.why is not None:
            return self.why
        if self.lives is not None:
            source, mine, theirs = self.lives
            return (f"its amount {_show(self.before)} is {_show(self.after)} in {game}: player damage and life gain are "
                    f"rescaled by the starting life ({mine} in {source}, {theirs} in {game}), rounded half up, at "
                    "least 1")
        return (f"its amount {_show(self.before)} is {_show(self.after)} in {game}, whose {self.stat} is printed in "
                f"steps of {_show(self.step)} (canonical units): rounded, never a fraction")


def _show(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def _step(ix: GameIndex, wanted: tuple[CanonicalStat, ...]) -> tuple[Fraction, str] | None:
    """The canonical size of one printed step of the first of ``wanted`` the game prints, with the stat's id."""
    for canonical in wanted:
        for stat_id, mapped in ix.status.items():
            if mapped is canonical and stat_id in ix.stats:
                step = ix.stats[stat_id].step or 1
                return Fraction(step) * ix.ratios.get(stat_id, Fraction(1)), stat_id
    return None


def _rescale_life(e: Any, ix: GameIndex, source: GameFacts | None) -> tuple[Any, Fitted | None]:
    """Player damage or life gain by the share of the starting life it is: amount × the target's / the source's
    starting life, rounded half up, at least 1."""
    mine, theirs = (source.life_start if source is not None else 0), ix.facts.life_start
    if not mine or not theirs or mine == theirs:
        return e, None
    amount = Fraction(e.amount)
    new = Fraction(max(1, int(amount * theirs / mine + Fraction(1, 2))))
    if new == amount:
        return e, None
    return e.model_copy(update={"amount": int(new)}), Fitted(amount, new, Fraction(1), "life",
                                                             (source.game if source else "?", mine, theirs))


def _fit(amount: Fraction, step: Fraction) -> Fraction:
    if amount == 0 or (amount / step).denominator == 1:
        return amount
    steps = abs(amount) / step
    whole = max(1, int(steps + Fraction(1, 2)))  # half up, at least one step
    return whole * step * (1 if amount > 0 else -1)


def fit_effects(effects: tuple[Any, ...], ix: GameIndex,
                source: GameFacts | None = None) -> tuple[tuple[Any, ...], dict[int, Fitted]]:
    """The effects with their amounts fitted to the target (index ``ix``; ``source``: the source game's facts, for
    player damage and life gain), and what changed, by position (an effect of a choice is fitted inside it; the
    choice's position reports the first change)."""
    out: list[Any] = []
    changed: dict[int, Fitted] = {}
    for k, e in enumerate(effects):
        fitted, change = _fit_one(e, ix, source)
        if e.do == "choose":
            options, found = [], None
            for option in e.options:
                new, option_change = _fit_one(option, ix, source)
                options.append(new)
                found = found or option_change
            moved = any(new is not option for new, option in zip(options, e.options, strict=True))
            fitted, change = (e.model_copy(update={"options": options}) if moved else e), found
        out.append(fitted)
        if change is not None:
            changed[k] = change
    return tuple(out), changed


def _fit_one(e: Any, ix: GameIndex, source: GameFacts | None = None) -> tuple[Any, Fitted | None]:
    target = getattr(e, "target", None)
    if (source is not None and not source.leader and ix.facts.leader and target is not None and target.leader is None
            and not target.self_only and not target.attached):  # (the source has no leader, so none of the cards it
        #   names is one: in a game with leaders they stay the others — ヴァンガード's リアガード, not its vanguard)
        e = e.model_copy(update={"target": target.model_copy(update={"leader": "not"})})
    pay = getattr(e, "pay", None)
    if pay is not None and pay.loyalty > 0 and not ix.facts.loyalty:  # (docs/rules.md §7, "Costs with no
        #   counterpart": a loyalty ability that adds counters is used once a turn at no cost where there are none)
        e = e.model_copy(update={"pay": pay.model_copy(update={"loyalty": 0, "once_per_turn": True}), "cost": None})
    if e.do in ("player_damage", "heal"):
        return _rescale_life(e, ix, source)
    if e.do == "damage":
        wanted: tuple[CanonicalStat, ...] = _BATTLE
    elif e.do == "modify":
        wanted = (e.stat, *_BATTLE) if e.stat is not CanonicalStat.SP else (CanonicalStat.SP,)
    else:
        return e, None
    found = _step(ix, wanted)
    if found is None:
        return e, None
    step, stat_id = found
    amount = Fraction(e.amount)
    new = _fit(amount, step)
    if new == amount:
        return e, None
    value: Fraction | int = int(new) if new.denominator == 1 else new
    return e.model_copy(update={"amount": value}), Fitted(amount, new, step, stat_id)


def price_filters(effects: tuple[Any, ...], changed: dict[int, Fitted], source: GameCurves,
                  target: GameCurves, game: str) -> tuple[Any, ...]:
    """A level game's effects with the levels their filters name (「グレード1以下」) as the target's 大コスト
    (:func:`~amalogs.convert.curve.price_filter_level`); ``changed`` gets each effect's reason."""
    def priced(f: Any, why: list[str]) -> Any:
        if not isinstance(f, CardFilter) or (f.max_cost is None and f.min_cost is None):
            return f
        update: dict[str, int] = {}
        for key in ("max_cost", "min_cost"):
            level = getattr(f, key)
            found = price_filter_level(Fraction(level), source, target) if level is not None else None
            if found is not None and found[0] != level:
                update[key] = int(found[0])
                why.append(f"its filter's {found[1]}")
        return f.model_copy(update=update) if update else f

    out = []
    for k, e in enumerate(effects):
        why: list[str] = []
        update = {name: new for name in ("target", "filter")
                  if (part := getattr(e, name, None)) is not None and (new := priced(part, why)) is not part}
        if update:
            e = e.model_copy(update=update)
            before = changed.get(k)
            text = "; ".join(why)
            changed[k] = Fitted(Fraction(0), Fraction(0), Fraction(1), "大コスト",
                                why=f"{before.reason(game)}; {text}" if before else text)
        out.append(e)
    return tuple(out)
