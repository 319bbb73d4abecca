"""A card's text in a game's own words: canonical effects and unified keywords written with the game's
phrasebook (its page's ``[phrasebook]``) and its printed stat and keyword names, and read back.

:func:`say` writes one canonical effect as one sentence (``None`` for a ``native`` effect, which only its own
game can say); :func:`card_text` writes a whole card (a keyword line, one line per effect, and the original
sentence of each effect no other game can say, marked :data:`UNTRANSLATED`). :mod:`amalogs.convert.reading`
reads them back: ``read(say(e, w), w)`` is ``e`` (docs/rules.md §7, "Text in the target's words").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from amalogs.catalog import Game
from amalogs.convert.index import per_game
from amalogs.models.effects import CardFilter, Condition, Effect, Native, Payment, Selector
from amalogs.models.mapping import DEFAULT_PHRASEBOOK, Phrasebook
from amalogs.ontology.terms import (
    FAMILY_OF,
    CanonicalStat,
    ColourSlot,
    Family,
    Genus,
    UnifiedKeyword,
)

__all__ = ["UNTRANSLATED", "CardText", "Words", "card_text", "equipped_words", "in_words", "is_event", "say", "spoken",
           "words_of"]

UNTRANSLATED = "〔未訳〕"
"""Marks a sentence kept as its own game printed it: an effect only that game can carry out (``native``)."""

_BATTLE = (CanonicalStat.BP, CanonicalStat.AP, CanonicalStat.DP, CanonicalStat.SP, CanonicalStat.HP)
_NUMBER = r"[+-]?\d+(?:\.\d+)?(?:/\d+)?"
_AnyEffect = Any  # one model of the Effect union (mypy cannot narrow the union by ``do``)


def _openings(pb: Phrasebook) -> dict[str, str]:
    """Timing (``Effect.when``) → the words that open its sentence."""
    return {"play": pb.on_play, "attack": pb.on_attack, "block": pb.on_block, "hit": pb.on_hit,
            "destroyed": pb.on_destroyed, "leave": pb.on_leave, "boost": pb.on_boost, "ridden": pb.on_ridden,
            "life": pb.on_life,
            "check": pb.on_check,
            "start-of-turn": pb.on_start_of_turn, "end-of-turn": pb.on_end_of_turn, "static": pb.static,
            "activated": pb.activated}


@dataclass(frozen=True, slots=True)
class Words:
    """Everything the writer and the reader need about one game's wording."""

    game: str
    pb: Phrasebook
    stats: dict[CanonicalStat, tuple[str, Fraction]]
    """Canonical stat → (the printed name of the game's stat for it, its adjust ratio)."""
    keywords: dict[UnifiedKeyword, str]
    """Unified keyword → the printed name of the game's keyword for it."""
    keyword_ids: dict[str, str]
    """Printed keyword name → native keyword id."""
    genera: dict[Genus, str]
    """Genus → the printed name of the game's first card type of it."""
    colours: dict[ColourSlot, str]
    """Colour slot → the printed name of the game's colour in it."""
    trait: str
    """The printed name of the stat holding 特徴 (属性, クラン …), or 特徴."""
    cost: tuple[str, Fraction]
    """The printed name and ratio of the stat holding 大コスト, or コスト."""

    def stat(self, stat: CanonicalStat) -> tuple[str, Fraction]:
        """A stat's printed name and ratio; the canonical name (ratio 1) where the game prints none."""
        return self.stats.get(stat, (str(stat), Fraction(1)))

    @property
    def battle(self) -> tuple[str, Fraction]:
        """The battle value damage and BP filters are counted in: BP, else DP (AP/DP games), else BP by name."""
        for stat in (CanonicalStat.BP, CanonicalStat.DP, CanonicalStat.HP):
            if stat in self.stats:
                return self.stats[stat]
        return (str(CanonicalStat.BP), Fraction(1))

    @property
    def two_values(self) -> bool:
        """Whether its characters print an attack and a defence value (AP and DP or HP), not one BP."""
        return CanonicalStat.BP not in self.stats and CanonicalStat.AP in self.stats and (
            CanonicalStat.DP in self.stats or CanonicalStat.HP in self.stats)

    def battle_of(self, side: str | None) -> tuple[str, Fraction]:
        """The battle value a filter of that side (attack, defence, None) is counted in: in a game of two values
        its attack or defence stat (defence for none: the value it names), else its one battle value."""
        if side == "attack" and self.two_values:
            return self.stats[CanonicalStat.AP]
        return self.battle


def _build(game: Game) -> Words:
    profile, page = game.profile, game.page
    printed = {s.id: s for s in profile.stats}
    stats: dict[CanonicalStat, tuple[str, Fraction]] = {}
    trait, cost = "特徴", ("コスト", Fraction(1))
    for entry in page.status:
        stat = printed.get(entry.native)
        if stat is None or entry.stat is None:
            continue
        if entry.stat in _BATTLE and stat.kind == "number":
            stats.setdefault(entry.stat, (stat.name, page.ratio_of(stat.id)))
        elif entry.stat is CanonicalStat.TRAIT and trait == "特徴":
            trait = stat.name
        elif entry.stat is CanonicalStat.TOTAL_COST and cost[0] == "コスト":
            cost = (stat.name, page.ratio_of(stat.id))
    names = {k.id: k.name for k in profile.keywords}
    keywords: dict[UnifiedKeyword, str] = {}
    for k in page.unified_keywords:
        if k.unified is not None and k.native in names:
            keywords.setdefault(k.unified, names[k.native])
    types = {t.id: t.name for t in profile.card_types}
    genera: dict[Genus, str] = {}
    for t in page.card_types:
        if t.genus is not None and t.native in types:
            genera.setdefault(t.genus, types[t.native])
    colour_names = {c.id: c.name for c in profile.colours}
    colours: dict[ColourSlot, str] = {}
    for c in page.colours:
        colours.setdefault(c.slot, colour_names.get(c.native, c.native))
    return Words(game=game.id, pb=page.phrasebook or DEFAULT_PHRASEBOOK, stats=stats, keywords=keywords,
                 keyword_ids={v: k for k, v in names.items()}, genera=genera, colours=colours, trait=trait, cost=cost)


words_of = per_game(_build)
"""A game's wording, built on first use."""


# --- numbers ---------------------------------------------------------------------------------------------------

def _number(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    as_float = float(value)
    return str(as_float) if Fraction(str(as_float)) == value else f"{value.numerator}/{value.denominator}"


def _printed(value: Fraction, ratio: Fraction, sign: bool = False) -> str:
    """A canonical amount in the printed units of a stat with this adjust ratio (``+2`` at 1/1000: ``+2000``)."""
    native = Fraction(value) / ratio
    text = _number(native)
    return f"+{text}" if sign and native >= 0 else text


def _canonical(text: str, ratio: Fraction) -> Fraction:
    return Fraction(text.lstrip("+")) * ratio


# --- writing -----------------------------------------------------------------------------------------------

def _keyword(w: Words, keyword: UnifiedKeyword) -> str:
    pb = w.pb
    return f"{pb.keyword_open}{w.keywords.get(keyword, str(keyword))}{pb.keyword_close}"


def _noun(w: Words, f: CardFilter) -> str:
    """The cards a selector or filter names: the leader, the characters but the leader (where the game has one word
    for them), the character word, a card type of a genus (+カード), or カード."""
    if isinstance(f, Selector) and f.leader == "only":
        return w.pb.leader
    if isinstance(f, Selector) and f.leader == "not" and w.pb.others is not None:
        return w.pb.others
    if f.genus is not None:
        return _card_word(w.genera.get(f.genus, str(f.genus)))
    if f.family is Family.CHARA:
        return w.pb.character
    if f.family is not None:
        return str(f.family)
    return "カード"


def _card_word(name: str) -> str:
    """Cards of a type: its name + カード (ユニットカード), once (ゲーム用カード)."""
    return name if name.endswith("カード") else f"{name}カード"


def _filter(w: Words, f: CardFilter) -> str:
    parts = []
    if isinstance(f, Selector):
        if f.other:
            parts.append(w.pb.other)
        if f.home is not None:
            parts.append(w.pb.on_home if f.home == "only" else w.pb.off_home)
        if f.row is not None:
            parts.append(w.pb.front_row if f.row == "front" else w.pb.back_row)
        if f.leader == "not" and w.pb.others is None:
            parts.append(f"{w.pb.leader}以外の")
    if f.trait:
        parts.append(f"{w.trait}「{f.trait}」を持つ")
    if f.keyword is not None:
        parts.append(f"{_keyword(w, f.keyword)}を持つ")
    cost, ratio = w.cost
    battle, bratio = w.battle_of(f.battle)
    for label, r, low, high in ((cost, ratio, f.min_cost, f.max_cost), (battle, bratio, f.min_bp, f.max_bp)):
        if low is not None:
            parts.append(f"{label}{_printed(Fraction(low), r)}以上の")
        if high is not None:
            parts.append(f"{label}{_printed(Fraction(high), r)}以下の")
    return "".join(parts)


def in_words(e: Effect, w: Words) -> Effect:
    """The effect as a game's words say it (and its referee reads it): a battle-value filter names a side in a game
    of two values (defence where none was named: the value it prints) and none in a game of one (BP is both)."""
    def side(f: Any) -> Any:
        if not isinstance(f, CardFilter) or (f.max_bp is None and f.min_bp is None):
            return f
        wanted = (f.battle or "defence") if w.two_values else None
        return f if f.battle == wanted else f.model_copy(update={"battle": wanted})

    update: dict[str, Any] = {}
    for name in ("target", "filter"):
        part = getattr(e, name, None)
        if part is not None and (new := side(part)) is not part:
            update[name] = new
    given: list[Any] = list(getattr(e, "options", None) or ())  # (a choice's options alike)
    options = [in_words(o, w) for o in given]
    if any(a is not b for a, b in zip(options, given, strict=True)):
        update["options"] = options
    condition = getattr(e, "condition", None)
    if condition is not None and condition.count is not None and (new := side(condition.count)) is not condition.count:
        update["condition"] = condition.model_copy(update={"count": new})
    return e.model_copy(update=update) if update else e


def equipped_words(w: Words) -> str:
    """The character an equipment card is attached to, in a game's words."""
    return w.pb.equipped or f"装備した{w.pb.character}"


def _selector(w: Words, s: Selector) -> str:
    pb = w.pb
    if s.self_only:
        return pb.this_character
    if s.attached:
        return equipped_words(w)
    side = {"self": pb.self_side, "opponent": pb.opponent_side, "any": ""}[s.side]
    state = {"rested": pb.rested, "standing": pb.standing, "attacking": pb.attacking_card, None: ""}[s.state]
    noun = _noun(w, s)
    counter = pb.counter if noun == pb.character else "枚"
    count = pb.every if s.count == 0 else f"{s.count}{counter}"
    return pb.selector.format(side=side, state=state, filter=_filter(w, s), character=noun, count=count)


def _player(w: Words, who: str) -> str:
    return {"self": w.pb.self_player, "opponent": w.pb.opponent_player, "both": w.pb.both_players}[who]


def _change(w: Words, stat: CanonicalStat, amount: Fraction) -> str:
    """A stat changed by an amount, in the game's stats: BP in an AP/DP game names both; AP or DP in a game with
    one battle value names it, for that side only; DP in a game of HP names its HP."""
    pb = w.pb

    def one(s: CanonicalStat) -> str:
        name, ratio = w.stat(s)
        return pb.stat_change.format(stat=name, amount=_printed(amount, ratio, sign=True))

    if stat in w.stats:
        return one(stat)
    if stat is CanonicalStat.DP and CanonicalStat.HP in w.stats:  # (HP counts as DP one for one: ポケモンカード's HP)
        return one(CanonicalStat.HP)
    if stat is CanonicalStat.BP and CanonicalStat.AP in w.stats and CanonicalStat.DP in w.stats:
        return f"{one(CanonicalStat.AP)}、{one(CanonicalStat.DP)}"
    if stat in (CanonicalStat.AP, CanonicalStat.DP) and CanonicalStat.BP in w.stats:
        side = pb.attacking if stat is CanonicalStat.AP else pb.defending
        return f"{one(CanonicalStat.BP)}（{side}のみ）"
    return one(stat)


def _body(w: Words, e: _AnyEffect) -> str:
    pb, kind = w.pb, e.do
    if kind == "draw":
        head = "" if e.who == "self" else f"{_player(w, e.who)}は"
        return f"{head}カードを{e.count}枚{pb.draw}"
    if kind == "discard":
        head = "" if e.who == "self" else f"{_player(w, e.who)}は"
        return f"{head}{pb.hand}を{e.count}枚{pb.discard}"
    if kind == "damage":
        return f"{_selector(w, e.target)}に{_printed(e.amount, w.battle[1])}{pb.damage}を与える"
    if kind in ("destroy", "rest", "stand", "return_to_hand"):
        verb = {"destroy": pb.destroy, "rest": pb.rest, "stand": pb.stand, "return_to_hand": pb.to_hand}[kind]
        return f"{_selector(w, e.target)}を{verb}"
    if kind == "search":
        what = f"{_filter(w, e.filter)}{_noun(w, e.filter)}{e.take}枚"
        if e.look == 0:
            return f"{pb.deck}から{what}を探し、{pb.hand}に加え、{pb.deck}をシャッフルする"
        return (f"{pb.deck}の上から{e.look}枚を見て、{what}を{pb.hand}に加え、残りを好きな順番で{pb.deck}の下に置く")
    if kind == "scout":
        return f"{pb.deck}の上から{e.look}枚を見て、好きな順番で{pb.deck}の上か下に置く"
    if kind == "gain_resource":
        put = f"{pb.deck}の上から{e.count}枚を{pb.resource_zone}に置"
        return f"{put}き、{pb.rest}" if e.rested else f"{put}く"
    if kind == "player_damage":
        return f"{_player(w, e.who)}に{e.amount}{pb.damage}を与える"
    if kind == "boost_attack":
        return pb.boost.format(amount=_printed(Fraction(e.amount), Fraction(1), sign=True))
    if kind == "grant_keyword":
        return f"{_selector(w, e.target)}は{_keyword(w, e.keyword)}を得る"
    if kind == "heal":
        return f"{_player(w, e.who)}の{pb.life}を{e.amount}回復する"
    if kind == "modify":
        return f"{_selector(w, e.target)}の{_change(w, e.stat, e.amount)}"
    if kind == "choose":
        return pb.choose_one.format(CHOICES.join(_wrapped(w, option) for option in e.options))
    if kind == "produce":
        colours = "か".join(ANY_COLOUR if c == "any" else _colour(w, c) for c in e.colours)
        only = f"（「{e.for_card}」を出すコストにのみ使える）" if e.for_card else ""
        return f"{colours}を{e.amount}生み出す{only}"
    if kind == "add_counter":
        head = "" if e.who == "self" else f"{_player(w, e.who)}は"
        return f"{head}{e.counter}カウンターを{e.count}個得る"
    if kind == "mill":
        head = "" if e.who == "self" else f"{_player(w, e.who)}は"
        return f"{head}{pb.deck}の上から{e.count}枚を{pb.discard_pile}に置く"
    if kind == "forbid":
        return f"{pb.this_character}は" + "、".join(FORBIDDEN[a] for a in e.actions)
    if kind == "hand_limit":
        return f"{pb.self_player}の{pb.hand}の上限は{e.amount}枚になる"
    if kind == "ignore_keyword":
        return f"{pb.this_character}がアタックする時、{pb.opponent_side}{_keyword(w, e.keyword)}は無視される"
    if kind == "look":
        return f"{pb.opponent_side}裏向きのカードを見る"
    if kind == "put_into_play":
        return f"{pb.this_character}をコストを支払わずに場に出す" + (f"。それを{pb.rest}" if e.rested else "")
    raise ValueError(f"no sentence for a {kind} effect")


FORBIDDEN = {"attack": "アタックできない", "block": "ブロックできない", "effect-damage": "効果によるダメージを受けない"}
"""A forbid effect's actions, as the card says them."""

ANY_COLOUR = "好きな色"
"""A produce effect's ``any`` colour."""

CHOICES = "／"
"""Between the options of a choice (what :attr:`Phrasebook.choose_one` holds)."""


def _wrapped(w: Words, e: _AnyEffect) -> str:
    """An effect's body with what its sentence says around it: may (optional), for how long (until)."""
    if e.do == "native":
        return str(e.text)  # (an option only its own game can carry out: its own words)
    body = _body(w, e)
    if e.optional:  # (a choice that may be declined: its last option's verb is not the one that may be left out)
        body = f"{body}（任意）" if e.do == "choose" else _optional(body)
    until = getattr(e, "until", None)
    if e.do in ("modify", "grant_keyword") and until in _UNTIL:
        body = getattr(w.pb, _UNTIL[until]).format(body)
    return body


_UNTIL = {"end-of-turn": "this_turn", "end-of-battle": "this_battle", "next-turn": "until_next_turn"}
"""A duration → the phrasebook key that says it around an effect (lasting for good: nothing)."""


_TE = (("する", "して"), ("く", "いて"), ("ぐ", "いで"), ("す", "して"), ("う", "って"), ("つ", "って"),
       ("む", "んで"), ("ぶ", "んで"), ("ぬ", "んで"), ("る", "て"))
"""Dictionary form → て form, by ending (verbs in る are taken as ichidan: 与える, 捨てる, 得る, させる)."""


def _optional(body: str) -> str:
    """'may do it': the final verb in its て form + もよい (捨ててもよい), else （任意）."""
    for end, te in _TE:
        if body.endswith(end):
            return f"{body[: -len(end)]}{te}もよい"
    return f"{body}（任意）"


def _cost(w: Words, e: _AnyEffect) -> str | None:
    if e.pay is not None:
        return "、".join(_payment(w, e.pay)) or e.cost
    return e.cost  # type: ignore[no-any-return]


def _payment(w: Words, pay: Payment) -> list[str]:
    pb = w.pb
    tokens = ["1ターンに1回"] if pay.once_per_turn else []
    if pay.loyalty:  # (as a planeswalker prints it: ＋1, −2)
        tokens.append(f"＋{pay.loyalty}" if pay.loyalty > 0 else f"−{-pay.loyalty}")
    if pay.zone != "field":
        tokens.append(f"{pb.hand if pay.zone == 'hand' else pb.discard_pile}から")
    if pay.rest_self:
        tokens.append(f"{pb.this_character}を{pb.rest}")
    for slot, amount in pay.resources.items():
        tokens.append(f"{_colour(w, slot)}{amount}")
    if pay.deck_top:
        tokens.append(f"{pb.deck}の上から{pay.deck_top}枚を{pb.discard_pile}に置く")
    if pay.discard:
        tokens.append(f"{pb.hand}を{pay.discard}枚{pb.discard}")
    if pay.discard_self:
        tokens.append(f"このカードを{pb.discard}")
    if pay.exile_self:
        tokens.append("このカードを除外する")
    if pay.counter_blast:
        tokens.append(pb.counter_blast.format(pay.counter_blast))
    if pay.soul_blast:
        tokens.append(pb.soul_blast.format(pay.soul_blast))
    if pay.life:
        tokens.append(f"{pb.self_player}のライフを{pay.life}払う")
    if pay.return_resources:
        tokens.append(f"{pb.resource_zone}のカードを{pay.return_resources}枚{pb.deck}の下に戻す")
    return tokens


def _colour(w: Words, slot: ColourSlot | str) -> str:
    """A colour of a cost or of produced mana in the game's words; a canonical slot the game has no colour for is
    named as a slot of the カラーゲージ in brackets (「〔カラーゲージ9〕1」, never 「91」: what asks it cannot work
    there; :func:`amalogs.convert.reading.slot_words` reads it back)."""
    if slot == "any":
        return "任意"
    if isinstance(slot, ColourSlot):
        named = w.colours.get(slot)
        return named if named is not None else f"〔カラーゲージ{slot.value}〕"
    return str(slot)


def say(e: Effect, w: Words, *, event: bool = False) -> str | None:
    """One canonical effect as one sentence in a game's words, or None for a ``native`` effect. ``event``: the
    card is not a character, so an effect on play needs no opening (it is the card's own effect)."""
    if isinstance(e, Native):
        return None
    d: _AnyEffect = e
    opening = "" if e.when == "play" and event else _openings(w.pb)[e.when]
    body = _wrapped(w, d)
    cost = _cost(w, d)
    return f"{opening}{cost + '：' if cost else ''}{condition(w, e.condition)}{body}。"


def condition(w: Words, c: Condition | None) -> str:
    """An effect's condition as the clause before its body (``相手のターン中、このユニットがリアガードなら、``), or ''."""
    if c is None:
        return ""
    pb = w.pb
    turn = {"own": pb.own_turn, "opponent": pb.opponent_turn, None: ""}[c.turn]
    parts = []
    if c.place is not None:
        if c.place == "leader":
            parts.append(f"{pb.this_character}が{pb.leader}")
        else:
            parts.append(f"{pb.this_character}が{pb.others if pb.others is not None else pb.leader + '以外'}")
    if c.behind:
        parts.append(pb.behind)
    if c.rule == "territory-open":
        parts.append(pb.territory_open)
    if c.under is not None:
        parts.append(f"{pb.this_character}の下にカードが{c.under}枚以上重なっている")
    if c.counter is not None:
        who = pb.self_player if c.counter.side == "self" else pb.opponent_player
        parts.append(f"{who}に{c.counter.name}カウンターが{c.counter.at_least}個以上ある")
    if c.count is not None:
        n = c.count
        chosen = Selector(side=n.side, leader=n.leader, row=n.row, state=n.state,
                          **n.model_dump(include=set(CardFilter.model_fields)))
        noun = _noun(w, chosen)
        counter = pb.counter if noun == pb.character else "枚"
        for bound, words in ((n.at_least, "以上"), (n.at_most, "以下")):
            if bound is not None:
                parts.append(pb.selector.format(
                    side={"self": pb.self_side, "opponent": pb.opponent_side, "any": ""}[n.side],
                    state={"rested": pb.rested, "standing": pb.standing, None: ""}[n.state or None],
                    filter=_filter(w, chosen),
                    character=noun, count=f"が{bound}{counter}{words}"))
    return turn + ("で、".join(parts) + "なら、" if parts else "")


# --- whole cards -------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CardText:
    """A card's text in a game's words, and how much of it was said."""

    text: str
    said: int
    """Effects written in the game's words (a keyword the keyword line already says counts)."""
    untranslated: int
    """Effects kept as their own game printed them (``native``), marked :data:`UNTRANSLATED`."""
    printed_costs: int
    """Costs kept as printed (an effect with a printed cost and no structured ``pay``)."""


def _keyword_line(w: Words, names: Sequence[str]) -> str:
    pb = w.pb
    return pb.keyword_separator.join(f"{pb.keyword_open}{n}{pb.keyword_close}" for n in names)


def _is_keyword_line(line: str) -> bool:
    """A line of bracketed names only (【デコイ】【ブリッツ】): the card's keywords, no sentence."""
    return re.fullmatch("(?:【[^】]+】)+", line.strip()) is not None


def _originals(text: str | None, effects: Sequence[Effect]) -> list[str | None]:
    """The original sentence of each effect: lines (else sentences) matched to effects in order when their
    numbers agree; otherwise the whole text (keyword lines aside) stands for the first native effect."""
    if not text:
        return [None] * len(effects)
    lines = [ln for ln in text.split("\n") if ln.strip() and not _is_keyword_line(ln)]
    sentences = [s + "。" for s in "".join(lines).split("。") if s.strip()]
    for pieces in (lines, sentences):
        if len(pieces) == len(effects):
            return list(pieces)
    out: list[str | None] = [None] * len(effects)
    first = next((i for i, e in enumerate(effects) if isinstance(e, Native)), None)
    if first is not None:
        out[first] = "".join(lines) or text
    return out


def _by_keyword(e: Effect, keywords: Sequence[UnifiedKeyword], w: Words) -> bool:
    """Whether an effect is the card's own keyword, which the keyword line says (it has it for good)."""
    d: _AnyEffect = e
    return bool(d.do == "grant_keyword" and d.when == "static" and d.until == "permanent" and d.target.self_only
                and d.keyword in keywords and d.keyword in w.keywords)


def spoken(effects: Sequence[Effect], keywords: Sequence[UnifiedKeyword], w: Words) -> tuple[Effect, ...]:
    """The effects :func:`card_text` writes as sentences: all but ``native`` ones and the card's own keywords."""
    return tuple(e for e in effects if not isinstance(e, Native) and not _by_keyword(e, keywords, w))


def is_event(game: Game, type_id: str) -> bool:
    """Whether a card type's effects on play need no opening: it is not a character (an event, an item …)."""
    from amalogs.convert.index import index_of

    genus = index_of(game).genera.get(type_id)
    return genus is None or FAMILY_OF[genus] is not Family.CHARA


def card_text(effects: Sequence[Effect], keywords: Sequence[UnifiedKeyword], w: Words, *, event: bool,
              original: str | None) -> CardText:
    """A card's text in the game's words: its keywords on one line (by the game's own names for them), then
    one sentence per effect; an effect the game's words cannot say keeps its original sentence, marked
    :data:`UNTRANSLATED`. A card's keyword written as an effect (it has it for good) is said by the keyword
    line alone."""
    names = [w.keywords[k] for k in keywords if k in w.keywords]
    lines: list[str] = []
    said = untranslated = printed = 0
    originals = _originals(original, effects)
    for e, source in zip(effects, originals, strict=True):
        if _by_keyword(e, keywords, w):
            said += 1
            continue
        sentence = say(e, w, event=event)
        if sentence is None:
            untranslated += 1
            if source is not None:
                lines.append(f"{UNTRANSLATED}{source}")
            continue
        said += 1
        printed += e.pay is None and e.cost is not None
        lines.append(sentence)
    pb = w.pb
    names = [n for n in names if not any(ln.startswith(f"{pb.keyword_open}{n}{pb.keyword_close}") for ln in lines)]
    if names:  # a keyword the opening of a sentence already says (【クイック】 before a life trigger) is not repeated
        lines.insert(0, _keyword_line(w, names))
    return CardText("\n".join(lines), said, untranslated, printed)
