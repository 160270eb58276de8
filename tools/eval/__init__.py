"""Evaluation harnesses (not production code): the guards' fact suite (`python -m tools.eval.guards`)."""
