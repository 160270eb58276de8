"""Multilingual turns rendered from SGD values (filled below)."""

from __future__ import annotations


def cases(corpus_path):
    return []
