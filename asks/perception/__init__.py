"""Perception: what a customer message says (request kind, slot values, wording markers).

`contract` holds the versioned pydantic models; `builtin` the deterministic rule-based perceiver.
Plain Python, no Django.
"""
