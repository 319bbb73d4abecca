"""Rich renderables for the terminal (and, later, exporters for files)."""
