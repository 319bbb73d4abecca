"""Comparing games: graphs, similarity measures, card-pool statistics, comparison tables."""
