"""amalogs: the AMALOGS (アマログス) cross-game ontology, comparisons and referee for trading card games."""

__version__ = "0.1.0"
__all__ = ["__version__"]
