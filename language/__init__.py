"""Shared language toolkit: numbers, money, dates, Pix keys and wording markers.

Plain Python (no Django). Supported languages are the `Lang` values in `language.locales`.
Every finder returns spans over the *original* text so callers can quote or mask what was said.
"""
