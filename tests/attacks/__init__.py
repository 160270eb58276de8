"""Attack cases, written as an attacker would try them, through the real views, webhook and pipeline."""
