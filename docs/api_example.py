# %% [markdown]
# # amalogs from Python: a notebook-style walk-through
#
# Each `# %%` cell runs on its own in Jupyter, VS Code or Spyder; `python docs/api_example.py` runs them all
# in a few seconds. Only the facade (`import amalogs`) is used; `docs/api.md` describes every function.

# %% Load the data: the shipped games (and any of AMALOGS_DATA_ROOT; amalogs.load("my-data/") adds yours)
import amalogs

catalog = amalogs.load()
print("games:", ", ".join(f"{g.id} ({g.page.abbreviation})" for g in catalog.games.values()))

# %% Look a game, a card and the sample decks up, by the names a user types
bd = amalogs.game("BD")  # id, 略称 or name: "build-divide", "BD" and "ビルディバイド" are the same game
print("game:", bd.id, bd.profile.name, bd.page.abbreviation)
imp = amalogs.card("BD:spark-imp")
print("card:", imp.id, imp.name, imp.type, dict(imp.stats))
print("decks of BD:", amalogs.decks("BD"))

# %% The WE appraisal (WE考課) of a game, with its reasons
appraisal = amalogs.appraise_we("SGK")
print(f"WE appraisal of {appraisal.game}: WE{appraisal.we}, レンジ {appraisal.range}: {appraisal.criterion}")
for reason in appraisal.reasons:
    print(f"  {reason.question} {reason.answer} -> {reason.leads_to}")

# %% Convert a card and read its per-field fidelity rows
conversion = amalogs.convert_card("BD:spark-imp", to="SGK")
print(f"converted into {conversion.target_game}: {conversion.card.id} ({conversion.card.type})")
for row in conversion.fields:  # pandas.DataFrame(conversion.fields) makes a table of them
    print(f"  {row.field:<22} {row.fidelity.value:<12} {row.reason}")

# %% Convert a deck: the deck of the target game, what was done, and what it still breaks
deck = amalogs.convert_deck("BD:red-aggro", to="BJ")
print(f"converted deck: {deck.deck.name} ({deck.deck.game}), {sum(deck.deck.main.values())} main-deck cards")
print(f"  {len(deck.actions)} fix(es), {len(deck.unmet)} rule(s) still broken")

# %% Compare two games: the similarity breakdown
pair = amalogs.similarity("BD", "SGK")
print(f"similarity BD-SGK: {pair.similarity:.3f}")
for measure, distance in pair.distances.items():
    print(f"  {measure:<9} distance {distance:.3f}  weighted {pair.parts[measure]:.3f}")
nearest = max((r for r in amalogs.similarity_matrix() if r["a"] == "build-divide" and r["b"] != "build-divide"),
              key=lambda r: r["similarity"])
print(f"nearest game to BD: {nearest['b']} ({nearest['similarity']:.3f})")

# %% Play one refereed match
match = amalogs.play("BD:red-aggro", "GH:tidelight-guardians", seed=4)
print(f"match: winner seat {match.winner} ({match.winner_deck}) by {match.reason} after {match.turns} turns, "
      f"{len(match.events)} events")

# %% Play 200 seeded matches: one record (a plain dict) per match
records = amalogs.play_many("BD:red-aggro", "GH:tidelight-guardians", n=200, seed=1)
print(f"records: {len(records)}; the first: {records[0]}")
wins = {seat: sum(r["winner"] == seat for r in records) for seat in (1, 2, None)}
print(f"seat 1 won {wins[1]}, seat 2 won {wins[2]}, draws {wins[None]}")
# With pandas installed (it is not an amalogs dependency):
#   import pandas as pd; df = pd.DataFrame(records); df.groupby("winner").size()

# %% A small tournament: every deck named against every other, both seatings, 5 seeds each
rows = amalogs.tournament(["BD:red-aggro", "GH:tidelight-guardians", "SGK:takamori-kurenai"], n=5)
won: dict[str, int] = {}
for r in rows:
    if r["winner"] is not None:
        deck_won = r[f"deck{r['winner']}"]
        won[deck_won] = won.get(deck_won, 0) + 1
print(f"tournament: {len(rows)} matches; wins: {dict(sorted(won.items()))}")
