"""What a converted card does: its text rewritten in the target's words, each canonical effect judged in the
target (works, works differently, cannot work), its keywords and the spell speed it is played at
(docs/rules.md §7, "Text in the target's words" and "Effects in the target game")."""

from __future__ import annotations

from amalogs.convert.builder import _Builder
from amalogs.convert.canonical import printed_speed, type_speed
from amalogs.convert.effect_numbers import Fitted
from amalogs.convert.effects import CANNOT, DIFFERENT, WORKS, judge
from amalogs.convert.fidelity import Fidelity
from amalogs.convert.text import card_text, is_event, words_of
from amalogs.models.effects import Effect, GrantKeyword, Native, Selector
from amalogs.ontology.terms import UnifiedKeyword
from amalogs.ontology.terms import SpellSpeed

__all__: list[str] = []


def _text(b: _Builder, type_id: str, effects: tuple[Effect, ...] | None = None,
          kept: tuple[Effect, ...] = (), unmet: frozenset[int] = frozenset()) -> str | None:
    """The target card's text: the source's canonical effects (``effects``: as fitted to the target's numbers) and
    unified keywords in the target's words (docs/rules.md §7, "Text in the target's words"), less the triggers the
    card cannot meet in the target (``unmet``: their positions); the same text in the same game."""
    cc = b.cc
    if b.same:
        b.report("text", cc.text, "—", cc.text, Fidelity.EXACT, "same game")
        return cc.text
    shown = tuple(e for k, e in enumerate(cc.effects if effects is None else effects) if k not in unmet)
    written = card_text(shown + kept, cc.keywords, words_of(b.target), event=is_event(b.target, type_id),
                        original=cc.text)
    fitted = 0 if effects is None else sum(a != e for a, e in zip(cc.effects, effects, strict=True))
    new = written.text or None
    equip, phrase = b.equip_cost(), words_of(b.target).pb.equip_ability
    if equip is not None and phrase:  # (its equip ability, as the target prints it: 装備{1})
        new = "\n".join(filter(None, (new, phrase.replace("N", str(equip)))))
    missing = [str(k) for k in cc.keywords if k not in b.ix.natives] + list(cc.unmapped_keywords)
    where = f"rewritten in {b.target.id}'s words ({b.target.page.abbreviation}'s phrasebook)"
    if new is None:
        b.report("text", cc.text, "—", None, Fidelity.DROPPED,
                 f"nothing of it has a place in {b.target.id}: no effect, and no keyword {b.target.id} has"
                 + (f" ({'; '.join(_unsaid(b, 0, 0, [], 0, len(unmet)))})" if unmet else ""))
    elif written.untranslated or written.printed_costs or missing or fitted or unmet:
        said = f"{written.said} of {len(cc.effects)} effect{'' if len(cc.effects) == 1 else 's'}"
        b.report("text", cc.text, "—", new, Fidelity.APPROXIMATED,
                 f"{where}: {said}; " + "; ".join(_unsaid(b, written.untranslated, written.printed_costs, missing,
                                                          fitted, len(unmet))))
    else:
        b.report("text", cc.text, "—", new, Fidelity.EXACT,
                 f"{where}: every effect and keyword ({written.said} effect{'' if written.said == 1 else 's'})")
    return new


def _unsaid(b: _Builder, untranslated: int, printed_costs: int, missing: list[str], fitted: int = 0,
            unmet: int = 0) -> list[str]:
    """What a rewritten text could not say, for the reason of its row: each kind with how many."""
    parts = []
    if unmet:
        parts.append(f"{unmet} trigger{'s' if unmet > 1 else ''} the card cannot meet in {b.target.id} left out, so "
                     f"{'they are' if unmet > 1 else 'it is'} not printed as if {'they' if unmet > 1 else 'it'} would "
                     "fire (see the effect rows)")
    if fitted:
        parts.append(f"{fitted} effect{'s' if fitted > 1 else ''} fitted to {b.target.id}'s numbers, targets and costs "
                     "(see the effect rows)")
    if missing:
        n = len(missing)
        parts.append(f"{n} keyword{'s' if n > 1 else ''} with no counterpart in {b.target.id} left out "
                     f"({', '.join(missing)}; see the keyword rows)")
    if untranslated:
        n = untranslated
        parts.append(f"{n} effect{'s' if n > 1 else ''} only {b.cc.game} can carry out: "
                     f"{'their sentences are' if n > 1 else 'its sentence is'} kept as printed, marked 〔未訳〕 "
                     "(untranslated)")
    if printed_costs:
        n = printed_costs
        parts.append(f"{n} cost{'s' if n > 1 else ''} with no structured payment kept as printed")
    return parts


_OUTCOME = {WORKS: Fidelity.EXACT, DIFFERENT: Fidelity.APPROXIMATED, CANNOT: Fidelity.DROPPED}


def _effect(b: _Builder, e: Effect, fitted: Fitted | None = None, unmet: bool = False) -> None:
    """One canonical effect, judged in the target: works (exact), works differently (approximated, the reason
    says how) or cannot work (dropped) (docs/rules.md §7, "Effects in the target game"); an amount fitted to the
    target's printed numbers (``fitted``) works differently, and the reason says so."""
    if b.same:
        b.report("effects", e, e.do, WORKS, Fidelity.EXACT, "same game")
        return
    if isinstance(e, Native):
        b.report("effects", e, "native", CANNOT, Fidelity.DROPPED,
                 f"only {b.cc.game} can carry this out; in {b.target.id} it would fizzle (立ち消え)")
        return
    verdict = judge(e, b.cc.facts, b.ix.facts)
    if unmet:
        b.report("effects", e, e.do, CANNOT, Fidelity.DROPPED,
                 f"{verdict.reason}; left out of the converted card, which does not print it")
        return
    if fitted is not None and verdict.outcome != CANNOT:
        reason = fitted.reason(b.target.id)
        why = reason if verdict.outcome == WORKS else f"{verdict.reason}; {reason}"
        b.report("effects", e, e.do, DIFFERENT, Fidelity.APPROXIMATED, why)
        return
    b.report("effects", e, e.do, verdict.outcome, _OUTCOME[verdict.outcome], verdict.reason)


def _spell_speed(b: _Builder, type_id: str, keywords: tuple[str, ...]) -> None:
    """The spell speed (SS1, SS2 and battle timing, SS3) the converted card is played at, against the source's:
    from the keywords that carry a speed, a battle timing printed in the text (戦国大戦TCG's 「（戦闘中にも使える）」)
    and a card type played at a speed of its own (an instant)."""
    cc = b.cc
    source = cc.spell_speed
    speeds = [sp for k in keywords if k in b.ix.keywords and (sp := b.ix.keywords[k].spell_speed) is not None]
    if (words := printed_speed(b.target, cc.text)) is not None:
        speeds.append(words[0])
    if (typed := type_speed(b.target, type_id)) is not None:
        speeds.append(typed)
    target = max(speeds, default=SpellSpeed.SS1)
    src, tgt = f"SS{int(source)}", f"SS{int(target)}"
    if b.same or source == target:
        b.report("spell speed", src, src, tgt, Fidelity.EXACT,
                 "same game" if b.same else f"{cc.speed_rule or src}; the same speed in {b.target.id}")
        return
    how = ("no keyword, printed timing or card type of its own that plays it faster: main timing only"
           if target < source else "a keyword, printed timing or card type of the target plays it at that speed")
    b.report("spell speed", src, src, tgt, Fidelity.APPROXIMATED,
             f"{cc.speed_rule or src}; in {b.target.id} it is {tgt} ({how})")


REFEREE_KEYWORDS = frozenset({UnifiedKeyword.DECOY, UnifiedKeyword.HASTE, UnifiedKeyword.FIRST_STRIKE,
                              UnifiedKeyword.GUARDIAN, UnifiedKeyword.PIERCE})
"""The unified keywords the referee applies by their AMALOGS meaning in any game (a card's own or granted)."""


def kept_keywords(b: _Builder) -> tuple[Effect, ...]:
    """A card's own unified keywords the target has no keyword for but the referee applies by their AMALOGS
    meaning: kept as a rule of the card (a static grant of the keyword to itself), as a granted keyword is."""
    if b.same:
        return ()
    own = {e.keyword for e in b.cc.effects
           if e.do == "grant_keyword" and e.when == "static" and e.target.self_only}  # (already a rule of the card)
    return tuple(GrantKeyword(do="grant_keyword", when="static", keyword=k, target=Selector(side="self", self_only=True),
                              until="permanent")
                 for k in b.cc.keywords if k not in b.ix.natives and k in REFEREE_KEYWORDS and k not in own)


def _keywords(b: _Builder) -> tuple[str, ...]:
    cc = b.cc
    if b.same:
        for kw in cc.native_keywords:
            b.report("keywords", kw, "—", kw, Fidelity.EXACT, "same game")
        return cc.native_keywords
    natives = b.ix.natives
    out: list[str] = []
    for unified in cc.keywords:
        if unified in natives:
            out.append(natives[unified])
            b.report("keywords", unified, unified, natives[unified], Fidelity.EXACT, f"unified keyword {unified}")
        elif unified in REFEREE_KEYWORDS:
            b.report("keywords", unified, unified, f"({unified})", Fidelity.APPROXIMATED,
                     f"{b.target.id} has no keyword that unifies to {unified}: kept with its AMALOGS meaning as a rule "
                     "of the card (it gives itself the keyword, in the text), which the referee carries out, as it "
                     "does a granted keyword")
        else:
            b.report("keywords", unified, unified, None, Fidelity.DROPPED,
                     f"{b.target.id} has no keyword that unifies to {unified}")
    for kw in cc.unmapped_keywords:
        b.report("keywords", kw, "—", None, Fidelity.DROPPED, f"{kw} of {cc.game} has no unified form")
    return tuple(dict.fromkeys(out))
