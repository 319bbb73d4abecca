"""WE考課 (WE appraisal): the WE (weight) and レンジ (range) of a core game, from its rule profile.

WE is how much game progress a core game can make; the scale runs 1–4 and レンジ = 5 − WE. The
appraisal is a fixed procedure over the profile's resource facts (``[resources]`` in ``game.toml``);
every step it takes is recorded as a reason, so ``amalogs we GAME`` can print why.

The criteria. WE2 and WE3 are the published ones; WE1 and WE4 are the project's definitions.

- **WE4**: play is not limited by any resource. Either nothing costs a resource, or the whole pool is
  there from the first turn and never builds up (no ramp), so a player can do from turn one all it will
  ever do. (The published WE4, 遊戯王, has no resource cost at all.)
- **WE3**: resources build up, but the player never has to find particular cards for them: they arrive
  automatically every turn (a separate resource deck, a counter), or most cards can serve as one.
- **WE2**: resources build up and specific resource cards must be drawn from the main deck
  (the common design of the late 1990s and 2000s).
- **WE1**: as WE2, and progress is held back further: paying uses the resource cards up for good, or
  resources are not kept from one turn to the next.
"""

from __future__ import annotations

from dataclasses import dataclass

from amalogs.models.game import GameProfile

__all__ = ["Appraisal", "Reason", "appraise", "range_of", "CRITERIA"]

CRITERIA: dict[int, str] = {
    4: "play is not limited by any resource (no costs, or a full pool from the first turn)",
    3: "resources build up without searching: automatic every turn, or most cards can be one",
    2: "resources build up, but specific resource cards must be drawn from the main deck",
    1: "as WE2, and resources are used up when paid or are not kept between turns",
}
"""One line per WE: the criterion that grants it."""


@dataclass(frozen=True, slots=True)
class Reason:
    """One step of the appraisal: the question, the profile's answer, and where it leads."""

    question: str
    answer: str
    leads_to: str


@dataclass(frozen=True, slots=True)
class Appraisal:
    """The result of :func:`appraise`."""

    game: str
    we: int
    reasons: tuple[Reason, ...]

    @property
    def range(self) -> int:
        return range_of(self.we)

    @property
    def criterion(self) -> str:
        return CRITERIA[self.we]


def range_of(we: int) -> int:
    """レンジ for a WE: every published page pairs them as 5 − WE."""
    return 5 - we


def appraise(profile: GameProfile) -> Appraisal:
    """Run the WE appraisal over a rule profile.

    >>> from amalogs.catalog import load_catalog
    >>> a = appraise(load_catalog().game("build-divide").profile)
    >>> (a.we, a.range)
    (3, 2)
    """
    r = profile.resources
    reasons: list[Reason] = []

    def step(question: str, answer: str, leads_to: str) -> None:
        reasons.append(Reason(question, answer, leads_to))

    def done(we: int) -> Appraisal:
        return Appraisal(profile.id, we, tuple(reasons))

    if not r.costs or r.source == "none":
        step("Does anything cost a resource?", "no", "WE4: nothing limits play")
        return done(4)
    step("Does anything cost a resource?", f"yes: {r.payment}", "go on")
    if not r.grows:
        step("Do the available resources build up turn by turn?", "no: the pool is full from the start", "WE4")
        return done(4)
    step("Do the available resources build up turn by turn?", "yes", "go on")
    if r.counter is not None or r.deck is not None:
        how = ("they are points on a counter that grows every turn, not cards" if r.counter is not None else
               f"dedicated resource cards come from a separate resource deck ({r.deck}) every turn, never from "
               "the main deck")
        step("Must specific resource cards be found in the deck?", f"no: {how}", "WE3")
        return done(3)
    if r.source in ("automatic", "any-card", "deck-top"):
        how = {
            "automatic": "they arrive automatically every turn, whatever is drawn",
            "any-card": "most cards can serve as a resource",
            "deck-top": "they are paid from the deck itself",
        }[r.source]
        step("Must specific resource cards be found in the deck?", f"no: {how}", "WE3")
        return done(3)
    step("Must specific resource cards be found in the deck?", "yes: dedicated resource cards", "WE2 at most")
    if r.consumed_on_use or not r.kept_between_turns:
        why = "paying uses them up for good" if r.consumed_on_use else "they are not kept between turns"
        step("Is progress held back further?", f"yes: {why}", "WE1")
        return done(1)
    step("Is progress held back further?", "no: resource cards stay and are reused", "WE2")
    return done(2)
