"""Charts drawn on the server as inline SVG: no script, nothing to download, readable without CSS. Each chart on
the dashboard sits beside the table of the same numbers and a CSV of them."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import formats
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

PALETTE = ("#2b7a4b", "#c0392b", "#7f8c8d", "#d68910", "#2e86c1", "#8e44ad", "#16a085", "#5d6d7e")


def _number(value: float) -> str:
    """A figure as the reader writes numbers ("46,15" in pt-BR, "46.15" in English), like the tables beside it."""
    return formats.localize(value, use_l10n=True)


def _svg(width: int, height: int, label: str, body: str) -> SafeString:
    return mark_safe(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
                     f'height="{height}" role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>'
                     f'{body}</svg>')


def share_bar(items: Sequence[tuple[str, float]], *, label: str, width: int = 640) -> SafeString:
    """One bar split into the items' shares (percent, summing to 100), with a legend below."""
    x, parts, legend = 0.0, [], []
    for index, (name, share) in enumerate(items):
        color = PALETTE[index % len(PALETTE)]
        w = width * share / 100
        if w > 0:
            parts.append(f'<rect x="{x:.2f}" y="0" width="{w:.2f}" height="28" fill="{color}">'
                         f'<title>{escape(name)}: {_number(share)}%</title></rect>')
        x += w
        column, row = index % 3, index // 3
        legend.append(f'<rect x="{column * 215}" y="{40 + row * 20}" width="12" height="12" fill="{color}"/>'
                      f'<text x="{column * 215 + 17}" y="{50 + row * 20}" font-size="12">{escape(name)} '
                      f'{_number(share)}%</text>')
    rows = (len(items) + 2) // 3
    return _svg(width, 44 + rows * 20, label, "".join(parts) + "".join(legend))


def bar_chart(items: Sequence[tuple[str, float]], *, label: str, unit: str = "", width: int = 640) -> SafeString:
    """Horizontal bars, one per item, longest = the largest value."""
    if not items:
        return _svg(width, 24, label, '<text x="0" y="16" font-size="12">—</text>')
    top = max(value for _, value in items) or 1
    left, bar = 200, width - 200 - 70
    body = []
    for index, (name, value) in enumerate(items):
        y = index * 24
        w = bar * value / top
        body.append(f'<text x="{left - 6}" y="{y + 15}" font-size="12" text-anchor="end">{escape(name)}</text>'
                    f'<rect x="{left}" y="{y + 3}" width="{w:.2f}" height="16" fill="{PALETTE[4]}">'
                    f'<title>{escape(name)}: {_number(value)}{escape(unit)}</title></rect>'
                    f'<text x="{left + w + 4:.2f}" y="{y + 15}" font-size="12">{_number(value)}{escape(unit)}</text>')
    return _svg(width, len(items) * 24 + 4, label, "".join(body))


def column_chart(items: Sequence[tuple[str, float]], *, label: str, unit: str = "", width: int = 640,
                 height: int = 180) -> SafeString:
    """Vertical columns in order (weeks), with the value above each and its label below."""
    if not items:
        return _svg(width, 24, label, '<text x="0" y="16" font-size="12">—</text>')
    top = max(value for _, value in items) or 1
    slot = width / len(items)
    plot = height - 40
    body = [f'<line x1="0" y1="{plot + 14}" x2="{width}" y2="{plot + 14}" stroke="#999"/>']
    for index, (name, value) in enumerate(items):
        h = plot * value / top
        x = index * slot + slot * 0.15
        body.append(f'<rect x="{x:.2f}" y="{plot + 14 - h:.2f}" width="{slot * 0.7:.2f}" height="{h:.2f}" '
                    f'fill="{PALETTE[3]}"><title>{escape(name)}: {_number(value)}{escape(unit)}</title></rect>'
                    f'<text x="{x + slot * 0.35:.2f}" y="{plot + 10 - h:.2f}" font-size="11" text-anchor="middle">'
                    f'{_number(value)}{escape(unit)}</text>'
                    f'<text x="{x + slot * 0.35:.2f}" y="{height - 4}" font-size="11" text-anchor="middle">'
                    f'{escape(name)}</text>')
    return _svg(width, height, label, "".join(body))
