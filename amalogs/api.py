"""The Python facade: a few documented functions over the loader, the WE appraisal, conversion, comparison and the
referee, for a notebook or a script (``import amalogs``; ``docs/api.md`` walks through them).

Every function is a thin layer over the code the command line runs, so it answers as ``amalogs`` does:

- names are taken as users type them: a game by id, 略称 or name (``"BD"``, ``"build-divide"``,
  ``"ビルディバイド"``), a card as ``GAME:CARD`` (``"BD:spark-imp"``), a deck as ``GAME`` (its first sample
  deck), ``GAME:DECK`` (``"BD:red-aggro"``) or a deck file (``"decks/mine.toml"``, checked as ``amalogs validate``
  checks it);
- bad input raises :class:`~amalogs.errors.AmalogsError` (or a subclass) whose message is one line naming what
  is wrong, with a suggestion where there is one (``unknown game 'guild'; did you mean 'guild-heroes'?``);
- ``catalog=None`` means the shipped data plus the data roots named in ``AMALOGS_DATA_ROOT`` (see :func:`load`);
  loading is cached, so passing nothing costs nothing after the first call.

Seats are numbered 1 and 2 in what the facade returns (:class:`PlayedMatch` and the row records alike), as
the rows files and the balance report number them; only a match's raw ``events`` keep the log's seats 0 and 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from amalogs.errors import AmalogsError, cut

if TYPE_CHECKING:
    from amalogs.catalog import Catalog, Game
    from amalogs.compare.similarity import Breakdown
    from amalogs.convert.decks import DeckConversion
    from amalogs.convert.native import Conversion
    from amalogs.models.cards import Card
    from amalogs.ontology.we import Appraisal
    from amalogs.referee.sessions.sides import Side

__all__ = [
    "AmalogsError",
    "PlayedMatch",
    "appraise_we",
    "card",
    "convert_card",
    "convert_deck",
    "decks",
    "game",
    "load",
    "play",
    "play_many",
    "similarity",
    "similarity_matrix",
    "tournament",
]

Players = str | tuple[str, str]
"""Who plays: one name for both seats (``"greedy"``) or one per seat (``("greedy", "random")``); a name is
``random``, ``greedy``, ``search`` or ``search:N`` (N iterations a decision), also written ``"greedy,random"``."""


# --- the data --------------------------------------------------------------------------------------------------


def load(data_root: str | Path | Sequence[str | Path] | None = None, *, lenient: bool = False) -> Catalog:
    """The catalog: the shipped games, then those of ``AMALOGS_DATA_ROOT``, then ``data_root`` (one folder or
    several), each validated as ``amalogs validate`` validates it.

    Strict by default: any invalid file raises :class:`~amalogs.catalog.DataErrors` (one line: the first problem's
    file, key and what was expected, and how many more there are). ``lenient=True`` leaves a game with problems
    out (``catalog.left_out`` says why) and keeps the others, as the command line does. Loads are cached.

    >>> cat = load()
    >>> sorted(cat.games)[:2]
    ['break-joker', 'build-divide']
    """
    from amalogs.catalog import load_catalog

    if data_root is None:
        roots: list[str | Path] = []
    elif isinstance(data_root, str | Path):
        roots = [data_root]
    elif isinstance(data_root, Sequence) and all(isinstance(r, str | Path) for r in data_root):
        roots = list(data_root)
    else:
        raise AmalogsError(f"data_root: expected a folder (str or Path) or a list of them, got {cut(data_root)}")
    return load_catalog(roots, lenient=lenient)


def game(name: str | Game, catalog: Catalog | None = None) -> Game:
    """A game by id, 略称, Japanese or English name or alias (case and width do not matter). The result carries
    the rule profile (``.profile``) and the AMALOGS page (``.page``).

    >>> game("BD").id
    'build-divide'
    """
    from amalogs.catalog import Game

    if isinstance(name, Game):
        return name
    return _catalog(catalog).game(_text(name, "game"))


def card(ref: str, catalog: Catalog | None = None) -> Card:
    """One card, named ``GAME:CARD`` (the card's id or its printed name after the colon).

    >>> card("BD:spark-imp").type
    'unit'
    """
    game_name, card_id = _split(_text(ref, "card"), "card")
    return _catalog(catalog).card(game_name, card_id)[1]


def decks(game_name: str | Game | None = None, catalog: Catalog | None = None) -> list[str]:
    """The sample decks, as ``GAME:DECK`` names :func:`play`, :func:`convert_deck` and :func:`tournament` take:
    one game's, or (with no game) every game's, in load order.

    >>> decks("BD")
    ['build-divide:black-eclipse', 'build-divide:blue-white-control', 'build-divide:red-aggro']
    """
    cat = _catalog(catalog)
    chosen = list(cat.games.values()) if game_name is None else [game(game_name, cat)]
    return [f"{g.id}:{deck_id}" for g in chosen for deck_id in sorted(cat.decks(g.id))]


# --- appraisal, conversion, comparison ---------------------------------------------------------------------------


def appraise_we(game_name: str | Game, catalog: Catalog | None = None) -> Appraisal:
    """The WE appraisal (WE考課) of a game, from its rule profile, as ``amalogs we GAME`` prints it: ``.we`` (1–4),
    ``.range`` (レンジ = 5 − WE), ``.criterion`` and ``.reasons`` (each step: question, answer, where it leads).

    >>> a = appraise_we("ビルディバイド")
    >>> (a.we, a.range)
    (3, 2)
    """
    from amalogs.ontology.we import appraise

    return appraise(game(game_name, catalog).profile)


def convert_card(ref: str | Card, to: str | Game, *, source: str | Game | None = None,
                 catalog: Catalog | None = None, scale: str = "amalogs") -> Conversion:
    """Convert a card into another game (native → canonical → native), as ``amalogs convert`` does.

    ``ref`` is ``GAME:CARD``, or a :class:`~amalogs.models.cards.Card` of your own with ``source`` naming its
    game (it is checked against that game's profile first). The result has ``.card`` (the target game's card),
    ``.fields`` (one row per field: ``field``, ``source``, ``canonical``, ``target``, ``fidelity``, ``reason``),
    ``.lost`` (the dropped fields), ``.canonical``, ``.target_game`` and ``.scale``. ``scale`` is ``"amalogs"``
    (the adjust ratios only) or ``"curve"`` (battle values on the target game's printed curve by 大コスト, read
    from the catalog's card sets; docs/rules.md §7).

    >>> conv = convert_card("BD:spark-imp", to="SGK")
    >>> conv.target_game
    'sengoku-taisen'
    """
    from amalogs.convert import convert_card as convert
    from amalogs.convert.curve import check_scale
    from amalogs.models.cards import Card

    chosen = check_scale(scale)
    cat = _catalog(catalog)
    target = game(to, cat)
    if isinstance(ref, Card):
        if source is None:
            raise AmalogsError(f"convert_card: a Card object needs source= (the game of card {cut(ref.id)})")
        origin = game(source, cat)
        _check_card(ref, origin)
        native = ref
    else:
        if source is not None:
            raise AmalogsError("convert_card: source= is for a Card object; a GAME:CARD name says its game itself")
        game_name, card_id = _split(_text(ref, "card"), "card")
        origin, native = cat.card(game_name, card_id)
    return convert(native, origin, target, scale=chosen, source_cards=cat.cards(origin.id),
                   target_cards=cat.cards(target.id))


def convert_deck(deck: str | Path, to: str | Game, catalog: Catalog | None = None, *,
                 scale: str = "amalogs") -> DeckConversion:
    """Convert a deck into another game, as ``amalogs convert-deck`` does: every card converted, then fitted to
    the target's construction rules where that invents nothing.

    ``deck`` is ``GAME`` (its first sample deck), ``GAME:DECK`` or a deck file. The result has ``.deck`` (the
    target game's deck, with the converted cards it defines in ``.deck.cards``), ``.conversions`` (source card id
    → its card conversion with fidelity rows), ``.actions`` (what was done to meet the rules) and ``.unmet`` (the
    rules it still breaks, each with its reason). ``scale`` is ``"amalogs"`` or ``"curve"``, as for
    :func:`convert_card`.

    >>> convert_deck("BD:red-aggro", to="BJ").deck.game
    'break-joker'
    """
    from amalogs.convert.curve import check_scale
    from amalogs.convert.decks import convert_deck as convert

    chosen = check_scale(scale)
    cat = _catalog(catalog)
    target = game(to, cat)
    side = _side(deck, cat)
    return convert(side.deck, side.game, cat.cards(side.game.id), target, cat.cards(target.id), scale=chosen,
                   target_decks=[d for d, _ in cat.decks(target.id).values()])


def similarity(a: str | Game, b: str | Game, catalog: Catalog | None = None) -> Breakdown:
    """How close two games are, as ``amalogs compare A B`` ends: ``.similarity`` (1 − distance), ``.distance``,
    ``.distances`` (the measures of :data:`amalogs.compare.similarity.MEASURE_WEIGHTS`: ``concepts``, ``turn``,
    ``hand``, ``resources``, ``life``, ``attacks``, ``fighters``, ``layout``, ``mechanisms``, ``systems``, ``we``,
    each in [0, 1]) and ``.parts`` (each measure times its weight; they add up to ``.distance``). See
    :mod:`amalogs.compare.similarity`.

    >>> round(similarity("BD", "BD").similarity, 3)
    1.0
    """
    from amalogs.compare.similarity import Resolver, compare, signature

    cat = _catalog(catalog)
    return compare(signature(game(a, cat)), signature(game(b, cat)), Resolver(cat.ontology))


def similarity_matrix(games: Sequence[str | Game] = (), catalog: Catalog | None = None) -> list[dict[str, Any]]:
    """Every ordered pair of the games named (default: every game), itself included, as records (plain dicts):
    ``a``, ``b`` (game ids), ``similarity``, ``distance`` and each measure's distance (``concepts``, ``turn``,
    ``hand``, ``resources``, ``life``, ``attacks``, ``systems``, ``we``). ``pandas.DataFrame(records).pivot(index="a", columns="b", values="similarity")`` is the
    matrix ``amalogs similarity`` prints.

    >>> len(similarity_matrix(["BD", "GH", "SGK"]))
    9
    """
    from amalogs.compare.similarity import matrix

    cat = _catalog(catalog)
    if isinstance(games, str):
        raise AmalogsError(f"similarity_matrix: expected a list of games, got the text {cut(games)}")
    chosen = [game(g, cat) for g in games] if games else list(cat.games.values())
    return [{"a": b.a, "b": b.b, "similarity": b.similarity, "distance": b.distance, **b.distances}
            for row in matrix(chosen, cat.ontology) for b in row]


# --- the referee ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayedMatch:
    """One refereed match (:func:`play`). Seats are 1 and 2, as in the row records; ``events`` is the match's
    event log as ``amalogs match --log`` writes it (seats 0 and 1 there, as in every log)."""

    games: tuple[str, str]
    """Each seat's game id."""
    decks: tuple[str, str]
    """Each seat's deck: ``GAME:DECK``, or the deck file as it was named."""
    players: tuple[str, str]
    seed: int
    turn_cap: int
    first: int
    """The seat that took the first turn (1 or 2)."""
    winner: int | None
    """The winning seat (1 or 2), or None for a draw."""
    reason: str
    """How it ended, e.g. ``damage with no life left``."""
    turns: int
    decisions: int
    events: list[dict[str, Any]]

    @property
    def winner_deck(self) -> str | None:
        """The winning seat's deck (None for a draw)."""
        return None if self.winner is None else self.decks[self.winner - 1]

    def record(self) -> dict[str, Any]:
        """The match as a row record: the dict :func:`play_many` gives for the same decks, seed and players."""
        from amalogs.referee.sessions.tournament import ROWS_VERSION

        return {"version": ROWS_VERSION, "seed": self.seed, "turn_cap": self.turn_cap,
                "game1": self.games[0], "deck1": self.decks[0], "player1": self.players[0],
                "game2": self.games[1], "deck2": self.decks[1], "player2": self.players[1],
                "first": self.first, "winner": self.winner, "reason": self.reason, "turns": self.turns,
                "decisions": self.decisions}


def play(a: str | Path, b: str | Path, seed: int = 1, players: Players = ("random", "random"), *,
         turn_cap: int = 60, catalog: Catalog | None = None) -> PlayedMatch:
    """Referee one seeded match of deck ``a`` (seat 1) against deck ``b`` (seat 2), as ``amalogs match A B --seed
    SEED`` does; the same arguments give the same match. A match still going after ``turn_cap`` turns is a draw.

    ``a`` and ``b`` are ``GAME`` (its first sample deck), ``GAME:DECK`` or deck files; ``players`` one name for
    both seats or one per seat (random, greedy, search, search:N; a human plays at the terminal: ``amalogs match
    --p1 human``).

    >>> m = play("BD:red-aggro", "GH:tidelight-guardians", seed=4)
    >>> m.winner in (1, 2, None)
    True
    """
    from amalogs.referee.sessions.runner import play_match
    from amalogs.referee.sessions.sides import deck_ref

    cat = _catalog(catalog)
    pair = _players(players)
    _at_least(turn_cap, 1, "turn_cap")
    sides = (_side(a, cat), _side(b, cat))
    result = play_match(cat, sides, _int(seed, "seed"), pair, turn_cap)
    winner = result.outcome.winner
    return PlayedMatch(
        games=(sides[0].game.id, sides[1].game.id), decks=(deck_ref(sides[0]), deck_ref(sides[1])), players=pair,
        seed=seed, turn_cap=turn_cap, first=result.first + 1,
        winner=None if winner is None else winner + 1, reason=result.outcome.reason, turns=result.outcome.turns,
        decisions=result.decisions, events=result.events,
    )


def play_many(a: str | Path, b: str | Path, n: int, seed: int = 1, players: Players = ("random", "random"), *,
              turn_cap: int = 60, jobs: int | None = 1, rows: str | Path | None = None,
              catalog: Catalog | None = None) -> list[dict[str, Any]]:
    """Referee ``n`` seeded matches of ``a`` (seat 1) against ``b`` (seat 2), seeds ``seed … seed+n−1``, as
    ``amalogs match A B -n N --rows FILE`` does, and return one record per match in seed order: plain dicts with
    the keys of :data:`amalogs.referee.ROW_FIELDS` (``seed``, ``game1``, ``deck1``, ``player1``, …, ``first``,
    ``winner`` (1, 2 or None), ``reason``, ``turns``, ``decisions``), which ``pandas.DataFrame(records)`` takes as
    they are.

    ``jobs``: processes to play in (None: every core); the records are the same for any number. ``rows``: also
    write them to this ``.jsonl`` or ``.csv`` file as they come; a file already holding the first rows of the same
    batch is resumed, one holding anything else is refused.

    >>> records = play_many("BD", "GH", n=3)
    >>> [r["seed"] for r in records]
    [1, 2, 3]
    """
    from amalogs.referee.sessions.tournament import batch_rows

    cat = _catalog(catalog)
    pair = _players(players)
    _at_least(n, 1, "n")
    _at_least(turn_cap, 1, "turn_cap")
    if jobs is not None:
        _at_least(jobs, 1, "jobs")
    sides = (_side(a, cat), _side(b, cat))
    return batch_rows(cat, sides, _int(seed, "seed"), n, pair, turn_cap, jobs, rows=_path(rows))


def tournament(decks: Sequence[str | Path] = (), n: int = 1, seed: int = 1,
               players: Players | list[Players] = "random", *, turn_cap: int = 60, jobs: int | None = 1,
               scheduler: str = "local", rows: str | Path | None = None,
               catalog: Catalog | None = None) -> list[dict[str, Any]]:
    """A tournament, as ``amalogs tournament`` plays it: every deck named against every other, both seatings, ``n``
    seeds each (the two seatings share their seeds), and one record per match in schedule order (the same keys as
    :func:`play_many`'s).

    ``decks``: ``GAME:DECK``, ``GAME`` (every sample deck of the game) or deck files; none: every shipped deck.
    ``players``: one setting (a name, or a pair for the two seats) or a list of settings to compare, each played
    in full. ``jobs``: processes (None: every core); ``scheduler``: ``local``, ``dask`` or ``tcp://HOST:PORT``;
    ``rows``: also write the records to this file (resumed as :func:`play_many` resumes).

    >>> records = tournament(["BD:red-aggro", "GH:tidelight-guardians"], n=2)
    >>> len(records)
    4
    """
    from amalogs.referee.sessions.tournament import entries, run_tournament

    cat = _catalog(catalog)
    settings = [_players(p) for p in players] if isinstance(players, list) else [_players(players)]
    if not settings or len(set(settings)) < len(settings):
        raise AmalogsError(f"players: give each setting once (got {cut(players)})")
    _at_least(n, 1, "n")
    _at_least(turn_cap, 1, "turn_cap")
    if jobs is not None:
        _at_least(jobs, 1, "jobs")
    if isinstance(decks, str | Path):
        raise AmalogsError(f"decks: expected a list of decks, got {cut(str(decks))} (write [{cut(str(decks))}])")
    if not isinstance(decks, Sequence):
        raise AmalogsError(f"decks: expected a list of decks, got {type(decks).__name__}")
    chosen = entries(cat, [_text(d, "deck", allow_path=True) for d in decks])
    return run_tournament(cat, chosen, n, _int(seed, "seed"), settings, turn_cap, jobs, _text(scheduler, "scheduler"),
                          _path(rows))


# --- helpers -------------------------------------------------------------------------------------------------------


def _catalog(catalog: Catalog | None) -> Catalog:
    if catalog is None:
        return load()
    from amalogs.catalog import Catalog

    if not isinstance(catalog, Catalog):
        raise AmalogsError(f"catalog: expected what amalogs.load() returns, got {type(catalog).__name__}")
    return catalog


def _text(value: object, what: str, *, allow_path: bool = False) -> str:
    """A name as the user passed it, refused in one line when it is not text."""
    if allow_path and isinstance(value, Path):
        return str(value)
    if not isinstance(value, str):
        raise AmalogsError(f"{what}: expected a name (text), got {type(value).__name__} {cut(value)}")
    return value


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise AmalogsError(f"{what}: expected a whole number, got {cut(value)}")
    return value


def _at_least(value: object, low: int, what: str) -> None:
    if _int(value, what) < low:
        raise AmalogsError(f"{what} must be at least {low}, got {value}")


def _path(value: str | Path | None) -> Path | None:
    return None if value is None else Path(_text(value, "rows", allow_path=True))


def _split(ref: str, what: str) -> tuple[str, str]:
    """``GAME:ITEM`` cut at its last colon (a 略称 may hold a slash, never a colon)."""
    name, colon, item = ref.rpartition(":")
    if not colon or not name or not item:
        raise AmalogsError(f"expected GAME:{what.upper()} (for example BD:spark-imp), got {cut(ref)}")
    return name, item


def _side(spec: str | Path, catalog: Catalog) -> Side:
    from amalogs.referee.sessions.sides import resolve_side

    return resolve_side(catalog, _text(spec, "deck", allow_path=True))


def _players(players: object) -> tuple[str, str]:
    """A player setting: one name for both seats, ``"P1,P2"``, or a pair; each name checked now (a bad name
    would otherwise surface only once the matches run, perhaps in a worker process)."""
    from amalogs.referee.players import make_player

    if isinstance(players, str):
        names = [p.strip() for p in players.split(",")]
        names = names * 2 if len(names) == 1 else names
    elif isinstance(players, tuple | list) and all(isinstance(p, str) for p in players):
        names = list(players)
    else:
        names = []
    if len(names) != 2 or not all(names):
        raise AmalogsError(f"players: expected one player for both seats ('greedy') or two (('greedy', 'random')), "
                           f"got {cut(players)}")
    for name in names:
        if name == "human":
            raise AmalogsError("players: a human plays at the terminal (amalogs match BD GH --p1 human), not from "
                               "Python")
        make_player(name)
    return names[0], names[1]


def _check_card(native: Card, origin: Game) -> None:
    """Refuse a hand-made card its game's profile does not allow, with the lines ``amalogs validate`` prints."""
    from amalogs.cardcheck import check_cards
    from amalogs.models.cards import CardSet

    problems = list(check_cards(CardSet(game=origin.id, cards=(native,)), origin.profile))
    if problems:
        key, message = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise AmalogsError(f"card {cut(native.id)} of {origin.id}: {key}: {message}{more}")
