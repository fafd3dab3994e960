"""Rules engines, one package per game (standard library and data files only)."""
