"""Reading a card text written in a game's words back into canonical effects: the other half of
:mod:`amalogs.convert.text`. The reader is template-based and strict: it accepts exactly what
:func:`~amalogs.convert.text.say` writes (every candidate it finds is written again and must give the same
sentence), so ``read(say(e, w), w)`` is ``e`` (up to :func:`same_form`); :func:`read_text` reads a whole card
that :func:`~amalogs.convert.text.card_text` wrote (docs/rules.md §7, "Text in the target's words").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

from pydantic import TypeAdapter, ValidationError

from amalogs.convert.text import (
    ANY_COLOUR,
    CHOICES,
    FORBIDDEN,
    _BATTLE,
    _NUMBER,
    _TE,
    UNTRANSLATED,
    Words,
    _canonical,
    _card_word,
    _openings,
    _wrapped,
    equipped_words,
    say,
)
from amalogs.models.effects import Effect
from amalogs.ontology.terms import (
    CanonicalStat,
    ColourSlot,
    Family,
    Genus,
    UnifiedKeyword,
)

__all__ = ["read", "read_text", "same_form"]

def _alternatives(words: Sequence[str]) -> str:
    return "|".join(re.escape(x) for x in sorted(set(words), key=len, reverse=True) if x)


def _selector_pattern(w: Words) -> re.Pattern[str]:
    pb = w.pb
    nouns = [*([pb.others] if pb.others else []), pb.leader, pb.character, "カード", *(_card_word(n) for n in w.genera.values()),
             *(_card_word(str(g)) for g in Genus), *(str(f) for f in Family)]
    slots = {
        "side": f"(?P<side>{_alternatives([pb.self_side, pb.opponent_side])})?",
        "state": f"(?P<state>{_alternatives([pb.rested, pb.standing, pb.attacking_card])})?",
        "filter": "(?P<filter>.*?)",
        "character": f"(?P<noun>{_alternatives(nouns)})",
        "count": f"(?P<count>{re.escape(pb.every)}|\\d+(?:{re.escape(pb.counter)}|枚))",
    }
    pattern = re.escape(pb.selector)
    for name, group in slots.items():
        pattern = pattern.replace(re.escape("{" + name + "}"), group)
    return re.compile(pattern)


def _read_noun(w: Words, noun: str) -> dict[str, object]:
    if noun == w.pb.leader:
        return {"family": Family.CHARA, "leader": "only"}
    if w.pb.others is not None and noun == w.pb.others:
        return {"family": Family.CHARA, "leader": "not"}
    if noun == w.pb.character:
        return {"family": Family.CHARA}
    for genus, name in w.genera.items():
        if noun == _card_word(name):
            return {"genus": genus}
    for genus in Genus:
        if noun == _card_word(str(genus)):
            return {"genus": genus}
    for family in Family:
        if noun == str(family):
            return {"family": family}
    return {}


def _read_filter(w: Words, text: str) -> dict[str, object] | None:
    cost, ratio = w.cost
    sides = {w.battle_of(side)[0]: (side if w.two_values else None, w.battle_of(side)[1])
             for side in (["attack", "defence"] if w.two_values else [None])}  # label → (side, ratio)
    battle = "|".join(re.escape(label) for label in sides)
    keyword_names = {**{str(k): k for k in UnifiedKeyword}, **{v: k for k, v in w.keywords.items()}}
    pb = w.pb
    pattern = (f"(?P<other>{re.escape(pb.other)})?(?P<home>{re.escape(pb.on_home)}|{re.escape(pb.off_home)})?(?P<row>{re.escape(pb.front_row)}|{re.escape(pb.back_row)})?"
               f"(?P<others>{re.escape(pb.leader)}以外の)?"
               f"(?:{re.escape(w.trait)}「(?P<trait>[^」]+)」を持つ)?"
               f"(?:{re.escape(pb.keyword_open)}(?P<keyword>.+?){re.escape(pb.keyword_close)}を持つ)?"
               f"(?:{re.escape(cost)}(?P<min_cost>{_NUMBER})以上の)?(?:{re.escape(cost)}(?P<max_cost>{_NUMBER})以下の)?"
               f"(?:(?P<min_label>{battle})(?P<min_bp>{_NUMBER})以上の)?"
               f"(?:(?P<max_label>{battle})(?P<max_bp>{_NUMBER})以下の)?")
    m = re.fullmatch(pattern, text)
    if m is None:
        return None
    out: dict[str, object] = {}
    if m["other"]:
        out["other"] = True
    if m["home"]:
        out["home"] = "only" if m["home"] == pb.on_home else "not"
    if m["row"]:
        out["row"] = "front" if m["row"] == pb.front_row else "back"
    if m["others"]:
        out["leader"] = "not"
    if m["trait"]:
        out["trait"] = m["trait"]
    if m["keyword"]:
        if m["keyword"] not in keyword_names:
            return None
        out["keyword"] = keyword_names[m["keyword"]]
    labels = {m["min_label"], m["max_label"]} - {None}
    if len(labels) > 1:
        return None  # (one filter reads one battle value)
    side, bratio = sides[labels.pop()] if labels else (None, Fraction(1))
    if side is not None:
        out["battle"] = side
    for key, r in (("min_cost", ratio), ("max_cost", ratio), ("min_bp", bratio), ("max_bp", bratio)):
        if m[key]:
            value = _canonical(m[key], r)
            out[key] = int(value) if key.endswith("cost") and value.denominator == 1 else value
    return out


def _read_selector(w: Words, text: str) -> dict[str, object] | None:
    pb = w.pb
    if text == pb.this_character:
        return {"self_only": True, "side": "self"}
    if text == equipped_words(w):
        return {"attached": True, "side": "self"}
    m = _selector_pattern(w).fullmatch(text)
    if m is None:
        return None
    found = _read_filter(w, m["filter"])
    if found is None:
        return None
    side = {pb.self_side: "self", pb.opponent_side: "opponent"}.get(m["side"] or "", "any")
    state = {pb.rested: "rested", pb.standing: "standing", pb.attacking_card: "attacking"}.get(m["state"] or "")
    count = 0 if m["count"] == pb.every else int(re.match(r"\d+", m["count"])[0])  # type: ignore[index]
    return {**found, **_read_noun(w, m["noun"]), "side": side, "count": count,
            **({"state": state} if state else {})}


def _read_player(w: Words, text: str) -> str | None:
    return {w.pb.self_player: "self", w.pb.opponent_player: "opponent", w.pb.both_players: "both"}.get(text)


def _read_change(w: Words, text: str) -> Iterator[tuple[CanonicalStat, Fraction]]:
    """Every (stat, amount) a stat change may have been written from (the writer confirms which)."""
    pb = w.pb
    names = {name: stat for stat, (name, _) in reversed(list(w.stats.items()))}
    names.update({str(s): s for s in _BATTLE if s not in w.stats})
    pattern = re.escape(pb.stat_change).replace(re.escape("{stat}"), "(?P<stat>.+?)").replace(
        re.escape("{amount}"), f"(?P<amount>{_NUMBER})")
    head = text.split("、")[0].split("（")[0]
    m = re.fullmatch(pattern, head)
    if m is None or m["stat"] not in names:
        return
    stat = names[m["stat"]]
    ratio = w.stat(stat)[1] if stat in w.stats else Fraction(1)
    amount = _canonical(m["amount"], ratio)
    for candidate in (stat, CanonicalStat.BP, CanonicalStat.AP, CanonicalStat.DP):
        yield candidate, amount


def _parse_body(w: Words, body: str) -> Iterator[dict[str, object]]:
    """Candidate effects (as data) a body may have been written from."""
    pb = w.pb
    n = r"(\d+)"
    simple: list[tuple[str, Callable[[re.Match[str]], dict[str, object] | None]]] = [
        (f"カードを{n}枚{re.escape(pb.draw)}", lambda m: {"do": "draw", "count": int(m[1])}),
        (f"(.+?)はカードを{n}枚{re.escape(pb.draw)}",
         lambda m: {"do": "draw", "count": int(m[2]), "who": _read_player(w, m[1])}),
        (f"{re.escape(pb.hand)}を{n}枚{re.escape(pb.discard)}", lambda m: {"do": "discard", "count": int(m[1]),
                                                                          "who": "self"}),
        (f"(.+?)は{re.escape(pb.hand)}を{n}枚{re.escape(pb.discard)}",
         lambda m: {"do": "discard", "count": int(m[2]), "who": _read_player(w, m[1])}),
        (f"{re.escape(pb.deck)}の上から{n}枚を見て、好きな順番で{re.escape(pb.deck)}の上か下に置く",
         lambda m: {"do": "scout", "look": int(m[1])}),
        (f"{re.escape(pb.deck)}の上から{n}枚を{re.escape(pb.resource_zone)}に置き、{re.escape(pb.rest)}",
         lambda m: {"do": "gain_resource", "count": int(m[1]), "rested": True}),
        (f"{re.escape(pb.deck)}の上から{n}枚を{re.escape(pb.resource_zone)}に置く",
         lambda m: {"do": "gain_resource", "count": int(m[1]), "rested": False}),
        (f"(.+?)に{n}{re.escape(pb.damage)}を与える",
         lambda m: {"do": "player_damage", "amount": int(m[2]), "who": _read_player(w, m[1])}),
        (f"(.+?)の{re.escape(pb.life)}を{n}回復する",
         lambda m: {"do": "heal", "amount": int(m[2]), "who": _read_player(w, m[1])}),
        (re.escape(pb.boost).replace(re.escape("{amount}"), f"({_NUMBER})"),
         lambda m: {"do": "boost_attack", "amount": int(m[1])}),
        (f"(.+?)を{n}生み出す(?:（「(.+)」を出すコストにのみ使える）)?",
         lambda m: _read_produce(w, m[1], int(m[2]), m[3])),
        (f"(?:(.+?)は)?(.+?)カウンターを{n}個得る",
         lambda m: {"do": "add_counter", "counter": m[2], "count": int(m[3]),
                    "who": _read_player(w, m[1]) if m[1] else "self"}),
        (f"(?:(.+?)は)?{re.escape(pb.deck)}の上から{n}枚を{re.escape(pb.discard_pile)}に置く",
         lambda m: {"do": "mill", "count": int(m[2]), "who": _read_player(w, m[1]) if m[1] else "self"}),
        (f"{re.escape(pb.this_character)}は(.+)", lambda m: _read_forbid(m[1])),
        (f"{re.escape(pb.self_player)}の{re.escape(pb.hand)}の上限は{n}枚になる",
         lambda m: {"do": "hand_limit", "amount": int(m[1]), "when": "static"}),
        (f"{re.escape(pb.this_character)}がアタックする時、{re.escape(pb.opponent_side)}(.+)は無視される",
         lambda m: _read_ignored(w, m[1])),
        (f"{re.escape(pb.opponent_side)}裏向きのカードを見る", lambda m: {"do": "look"}),
        (f"{re.escape(pb.this_character)}をコストを支払わずに場に出す(。それを{re.escape(pb.rest)})?",
         lambda m: {"do": "put_into_play", "rested": bool(m[1])}),
    ]
    for pattern, make in simple:
        m = re.fullmatch(pattern, body)
        if m is not None and (made := make(m)) is not None and None not in made.values():
            yield made
    yield from _parse_targeted(w, body)
    yield from _parse_search(w, body)
    yield from _parse_choice(w, body)


def _read_forbid(text: str) -> dict[str, object] | None:
    actions = {words: action for action, words in FORBIDDEN.items()}
    read = [actions.get(part) for part in text.split("、")]
    return None if None in read else {"do": "forbid", "actions": read, "when": "static"}


def _read_ignored(w: Words, text: str) -> dict[str, object] | None:
    names = {f"{w.pb.keyword_open}{name}{w.pb.keyword_close}": k for k, name in
             {**{k: str(k) for k in UnifiedKeyword}, **w.keywords}.items()}
    keyword = names.get(text)
    return None if keyword is None else {"do": "ignore_keyword", "keyword": keyword, "when": "static"}


def slot_words(w: Words) -> dict[str, ColourSlot]:
    """Each word a converted text names a colour slot by: the game's own colours, a slot the game lacks in
    brackets (「〔カラーゲージ9〕」), and a slot's bare value (texts written before the brackets)."""
    return {**{str(s.value): s for s in ColourSlot}, **{f"〔カラーゲージ{s.value}〕": s for s in ColourSlot},
            **{name: slot for slot, name in w.colours.items()}}


def _read_produce(w: Words, colours: str, amount: int, for_card: str | None) -> dict[str, object] | None:
    names = slot_words(w)
    slots: list[object] = []
    for word in colours.split("か"):
        slot = "any" if word == ANY_COLOUR else names.get(word)
        if slot is None:
            return None
        slots.append(slot)
    return {"do": "produce", "colours": slots, "amount": amount, **({"for_card": for_card} if for_card else {}),
            "when": "activated"}


def _parse_choice(w: Words, body: str) -> Iterator[dict[str, object]]:
    """A choice: each option read as a body of its own (with what its wrapping says), in every combination."""
    before, _, after = w.pb.choose_one.partition("{}")
    if not (body.startswith(before) and body.endswith(after)) or len(body) <= len(before) + len(after):
        return
    parts = body[len(before): len(body) - len(after)].split(CHOICES)
    if len(parts) < 2:
        return
    readings: list[list[dict[str, object]]] = []
    for part in parts:
        found = []
        for inner, extra in _bodies(w, part):
            for data in _parse_body(w, inner):
                candidate = {**data, **extra}
                if "until" not in candidate and data["do"] in ("modify", "grant_keyword"):
                    candidate["until"] = "permanent"
                if data["do"] != "choose" and _says(w, candidate, part):
                    found.append(candidate)
        if not found:
            return
        readings.append(found)
    for combination in product(*readings):
        yield {"do": "choose", "options": list(combination)}


def _parse_targeted(w: Words, body: str) -> Iterator[dict[str, object]]:
    pb = w.pb
    verbs = {pb.destroy: "destroy", pb.rest: "rest", pb.stand: "stand", pb.to_hand: "return_to_hand"}
    for verb, kind in verbs.items():
        if body.endswith(f"を{verb}") and (sel := _read_selector(w, body[: -len(verb) - 1])) is not None:
            yield {"do": kind, "target": sel}
    m = re.fullmatch(f"(.+)に({_NUMBER}){re.escape(pb.damage)}を与える", body)
    if m is not None and (sel := _read_selector(w, m[1])) is not None:
        yield {"do": "damage", "amount": _canonical(m[2], w.battle[1]), "target": sel}
    m = re.fullmatch(f"(.+)は{re.escape(pb.keyword_open)}(.+?){re.escape(pb.keyword_close)}を得る", body)
    if m is not None and (sel := _read_selector(w, m[1])) is not None:
        names = {**{str(k): k for k in UnifiedKeyword}, **{v: k for k, v in w.keywords.items()}}
        if m[2] in names:
            yield {"do": "grant_keyword", "keyword": names[m[2]], "target": sel}
    for cut in (i for i, ch in enumerate(body) if ch == "の"):
        sel = _read_selector(w, body[:cut])
        if sel is None:
            continue
        for stat, amount in _read_change(w, body[cut + 1:]):
            yield {"do": "modify", "stat": stat, "amount": amount, "target": sel}


def _says(w: Words, data: dict[str, object], part: str) -> bool:
    """Whether an option read as ``data`` is written as ``part`` (so only the readings that say it are combined)."""
    try:
        option = _effects().validate_python({**data, "when": "play"})
    except ValidationError:
        try:  # (a change for that battle needs a battle's timing)
            option = _effects().validate_python({**data, "when": "attack"})
        except ValidationError:
            return False
    return _wrapped(w, option) == part


def _parse_search(w: Words, body: str) -> Iterator[dict[str, object]]:
    pb = w.pb
    deck, hand = re.escape(pb.deck), re.escape(pb.hand)
    whole = re.fullmatch(f"{deck}から(.+?)(\\d+)枚を探し、{hand}に加え、{deck}をシャッフルする", body)
    top = re.fullmatch(f"{deck}の上から(\\d+)枚を見て、(.+?)(\\d+)枚を{hand}に加え、残りを好きな順番で{deck}の下に置く",
                       body)
    found = (0, whole[1], int(whole[2])) if whole else (int(top[1]), top[2], int(top[3])) if top else None
    if found is None:
        return
    look, what, take = found
    nouns = sorted({pb.character, "カード", *(_card_word(n) for n in w.genera.values()),
                    *(_card_word(str(g)) for g in Genus), *(str(f) for f in Family)}, key=len, reverse=True)
    for noun in nouns:
        if what.endswith(noun) and (f := _read_filter(w, what[: -len(noun)])) is not None:
            yield {"do": "search", "look": look, "take": take, "filter": {**f, **_read_noun(w, noun)}}


def _read_payment(w: Words, text: str) -> dict[str, object] | None:
    pb = w.pb
    names: dict[str, ColourSlot | str] = {**slot_words(w), "任意": "any"}
    pay: dict[str, Any] = {}
    for token in text.split("、"):
        if token == "1ターンに1回":
            pay["once_per_turn"] = True
        elif m := re.fullmatch("([＋−])(\\d+)", token):
            pay["loyalty"] = int(m[2]) if m[1] == "＋" else -int(m[2])
        elif token in (f"{pb.hand}から", f"{pb.discard_pile}から"):
            pay["zone"] = "hand" if token == f"{pb.hand}から" else "discard"
        elif token == f"{pb.this_character}を{pb.rest}":
            pay["rest_self"] = True
        elif token == f"このカードを{pb.discard}":
            pay["discard_self"] = True
        elif token == "このカードを除外する":
            pay["exile_self"] = True
        elif m := re.fullmatch(f"{re.escape(pb.deck)}の上から(\\d+)枚を{re.escape(pb.discard_pile)}に置く", token):
            pay["deck_top"] = int(m[1])
        elif m := re.fullmatch(f"{re.escape(pb.hand)}を(\\d+)枚{re.escape(pb.discard)}", token):
            pay["discard"] = int(m[1])
        elif m := re.fullmatch(re.escape(pb.counter_blast).replace(r"\{\}", r"(\d+)"), token):
            pay["counter_blast"] = int(m[1])
        elif m := re.fullmatch(re.escape(pb.soul_blast).replace(r"\{\}", r"(\d+)"), token):
            pay["soul_blast"] = int(m[1])
        elif m := re.fullmatch(f"{re.escape(pb.self_player)}のライフを(\\d+)払う", token):
            pay["life"] = int(m[1])
        elif m := re.fullmatch(f"{re.escape(pb.resource_zone)}のカードを(\\d+)枚{re.escape(pb.deck)}の下に戻す", token):
            pay["return_resources"] = int(m[1])
        elif (m := re.fullmatch(r"(.+?)(\d+)", token)) and m[1] in names:
            pay.setdefault("resources", {})[names[m[1]]] = int(m[2])
        else:
            return None
    return pay


def _bodies(w: Words, text: str) -> Iterator[tuple[str, dict[str, object]]]:
    """The body of a sentence (after its opening and cost) with what its wrapping said: optional, until."""
    pb = w.pb
    wrapped: list[tuple[str, dict[str, object]]] = [(text, {})]
    for template, until in ((pb.this_turn, "end-of-turn"), (pb.this_battle, "end-of-battle"),
                            (pb.until_next_turn, "next-turn")):
        before, _, after = template.partition("{}")
        if text.startswith(before) and text.endswith(after) and len(text) > len(before) + len(after):
            wrapped.append((text[len(before): len(text) - len(after)], {"until": until}))
    for body, extra in wrapped:
        yield body, extra
        if body.endswith("（任意）"):
            yield body.removesuffix("（任意）"), {**extra, "optional": True}
        if body.endswith("もよい"):
            stem = body.removesuffix("もよい")
            for end, te in _TE:
                if stem.endswith(te):
                    yield stem[: -len(te)] + end, {**extra, "optional": True}


def _conditions(w: Words, text: str) -> Iterator[tuple[str, dict[str, object]]]:
    """The text, and the text after each condition clause it may open with (what :func:`condition` writes)."""
    yield text, {}
    pb = w.pb
    turn: dict[str, object] = {}
    for words, side in ((pb.own_turn, "own"), (pb.opponent_turn, "opponent")):
        if text.startswith(words):
            text, turn = text[len(words):], {"turn": side}
            yield text, {"condition": turn}
            break
    start = 0
    while (k := text.find("なら、", start)) >= 0:
        start = k + 1
        found: dict[str, object] = dict(turn)
        for part in text[:k].split("で、"):
            read = _read_condition_part(w, part)
            if read is None:
                break
            if "count" in read and "count" in found:  # at least and at most: one count with both bounds
                found["count"] = {**found["count"], **read["count"]}  # type: ignore[dict-item]
            else:
                found.update(read)
        else:
            yield text[k + 3:], {"condition": found}


def _read_condition_part(w: Words, part: str) -> dict[str, object] | None:
    pb = w.pb
    if part == f"{pb.this_character}が{pb.leader}":
        return {"place": "leader"}
    if part == f"{pb.this_character}が{pb.others if pb.others is not None else pb.leader + '以外'}":
        return {"place": "not-leader"}
    if part == pb.behind:
        return {"behind": True}
    if part == pb.territory_open:
        return {"rule": "territory-open"}
    stacked = re.fullmatch(f"{re.escape(pb.this_character)}の下にカードが(\\d+)枚以上重なっている", part)
    if stacked is not None:
        return {"under": int(stacked[1])}
    held = re.fullmatch("(?P<who>.+?)に(?P<name>.+?)カウンターが(?P<n>\\d+)個以上ある", part)
    if held is not None and held["who"] in (pb.self_player, pb.opponent_player):
        side = "self" if held["who"] == pb.self_player else "opponent"
        return {"counter": {"name": held["name"], "side": side, "at_least": int(held["n"])}}
    counters = _alternatives([pb.counter, "枚"])
    m = re.fullmatch(f"(?P<pre>.*?)が(?P<n>\\d+)(?P<c>{counters})(?P<op>以上|以下)(?P<post>.*)", part)
    if m is None:
        return None
    chosen = _read_selector(w, f"{m['pre']}1{m['c']}{m['post']}")
    if chosen is None or chosen.get("self_only"):
        return None
    chosen.pop("count", None)
    return {"count": {**chosen, "at_least" if m["op"] == "以上" else "at_most": int(m["n"])}}


def _first_saying(w: Words, body: str, known: dict[str, object], sentence: str, event: bool) -> Effect | None:
    """The first effect a body can be read as (with what the sentence around it said) that says the sentence."""
    for inner, extra in _bodies(w, body):
        for data in _parse_body(w, inner):
            candidate = {**data, **extra, **known}
            if "until" not in candidate and data["do"] in ("modify", "grant_keyword"):
                candidate["until"] = "permanent"
            try:
                effect = _effects().validate_python(candidate)
            except ValidationError:
                continue
            if say(effect, w, event=event) == sentence:
                return effect
    return None


def read(sentence: str, w: Words, *, event: bool = False) -> Effect | None:
    """The canonical effect a sentence written by :func:`say` (with the same ``event``) says, or None when it
    is no such sentence."""
    if not sentence.endswith("。"):
        return None
    text = sentence[:-1]
    openings = sorted(((words, when) for when, words in _openings(w.pb).items()), key=lambda x: len(x[0]),
                      reverse=True)
    if event:
        openings.append(("", "play"))
    for opening, when in openings:
        if not text.startswith(opening):
            continue
        rest = text[len(opening):]
        costs: list[tuple[str, dict[str, object]]] = [(rest, {})]
        for k in (k for k, ch in enumerate(rest) if ch == "："):  # (a choice's words may hold one too)
            head, body = rest[:k], rest[k + 1:]
            pay = _read_payment(w, head)
            costs.append((body, {"cost": head, **({"pay": pay} if pay is not None else {})}))
        for whole, cost in costs:
            for body, given in _conditions(w, whole):
                effect = _first_saying(w, body, {**given, **cost, "when": when}, sentence, event)
                if effect is not None:
                    return effect
    return None


@cache
def _effects() -> TypeAdapter[Effect]:
    """The validator of one canonical effect (built on first use: building it takes a while)."""
    return TypeAdapter(Effect)


def same_form(e: Effect) -> dict[str, object]:
    """An effect as the text says it: its printed cost words aside (a cost is said from its structure, ``pay``),
    and a selector of the card itself, or of the character it is attached to, as just that (its other conditions
    are ignored)."""
    data = e.model_dump(exclude={"cost"})
    for part in (data, *data.get("options", ())):  # (a choice's options alike)
        target = part.get("target")
        if isinstance(target, dict) and target.get("self_only"):
            part["target"] = {"self_only": True}
        elif isinstance(target, dict) and target.get("attached"):
            part["target"] = {"attached": True}
    data["has_cost"] = e.cost is not None or e.pay is not None
    return data



def read_text(text: str, w: Words, *, event: bool) -> tuple[tuple[str, ...], tuple[Effect, ...], tuple[str, ...]]:
    """A card text written by :func:`card_text` (and a converted equipment's equip line), read back: the native
    keyword ids of its keyword line, its effects, and the lines it kept untranslated."""
    keywords: list[str] = []
    effects: list[Effect] = []
    kept: list[str] = []
    pb = w.pb
    for i, line in enumerate(text.split("\n") if text else ()):
        if line.startswith(UNTRANSLATED):
            kept.append(line.removeprefix(UNTRANSLATED))
            continue
        if i == 0 and (ids := _read_keywords(w, line)) is not None:
            keywords += ids
            continue
        if pb.equip_ability and re.fullmatch(re.escape(pb.equip_ability).replace("N", r"\d+"), line):
            continue  # (an equipment's equip ability: its cost is the card's equip-cost stat, not an effect)
        effect = read(line, w, event=event)
        if effect is None:
            raise ValueError(f"{line!r} is not a sentence of {w.game}'s phrasebook ({pb.character} …)")
        effects.append(effect)
    return tuple(keywords), tuple(effects), tuple(kept)


def _read_keywords(w: Words, line: str) -> list[str] | None:
    pb = w.pb
    if pb.keyword_separator:
        tokens = line.split(pb.keyword_separator)
    else:
        tokens = re.findall(f"{re.escape(pb.keyword_open)}.+?{re.escape(pb.keyword_close)}", line)
        if "".join(tokens) != line:
            return None
    names = [t.removeprefix(pb.keyword_open).removesuffix(pb.keyword_close) for t in tokens]
    if not names or any(n not in w.keyword_ids for n in names):
        return None
    return [w.keyword_ids[n] for n in names]
