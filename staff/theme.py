"""The organisation's colours in the theme: one brand colour becomes unfold's 50…950 primary palette.

The palette keeps the brand colour's hue and chroma (OKLCH) and walks a fixed lightness ladder, so every weight
stays readable on the theme's light and dark backgrounds whatever colour an organisation chooses.
"""

from __future__ import annotations

import math

from django.http import HttpRequest

DEFAULT_BRAND_COLOUR = "#4f46e5"
PLATFORM_COLOUR = "#334155"
# weight → (lightness %, share of the brand colour's chroma), after Tailwind's palettes.
LADDER = {"50": (97.5, 0.12), "100": (94.5, 0.25), "200": (90.0, 0.45), "300": (83.0, 0.7), "400": (72.0, 0.9),
          "500": (63.0, 1.0), "600": (55.0, 1.0), "700": (49.0, 0.92), "800": (43.0, 0.8), "900": (38.0, 0.68),
          "950": (29.0, 0.55)}


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def hex_to_oklch(colour: str) -> tuple[float, float, float]:
    """`#rrggbb` → (lightness 0–1, chroma, hue in degrees), by Björn Ottosson's OKLab matrices."""
    r, g, b = (_linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    l_ = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b) ** (1 / 3)
    m_ = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b) ** (1 / 3)
    s_ = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b) ** (1 / 3)
    lightness = 0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_
    a = 1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_
    b_ = 0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_
    return lightness, math.hypot(a, b_), math.degrees(math.atan2(b_, a)) % 360


def palette(colour: str) -> dict[str, str]:
    """The 11 weights of unfold's primary palette for one brand colour, as `oklch(…)` strings."""
    _, chroma, hue = hex_to_oklch(colour)
    chroma = min(chroma, 0.3)
    return {weight: f"oklch({light:.1f}% {chroma * share:.3f} {hue:.1f})" for weight, (light, share) in LADDER.items()}


def primary_colours(request: HttpRequest) -> dict[str, str]:
    """unfold's `COLORS.primary` callback: the organisation's brand colour on its host, the platform's elsewhere."""
    tenant = getattr(request, "tenant", None)
    if tenant is None or tenant.is_platform:
        return palette(PLATFORM_COLOUR)
    return palette(tenant.brand_colour or DEFAULT_BRAND_COLOUR)


def site_header(request: HttpRequest) -> str:
    tenant = getattr(request, "tenant", None)
    return tenant.name if tenant is not None and not tenant.is_platform else "Magie"


def stylesheet(request: HttpRequest) -> str:
    from django.templatetags.static import static

    return static("staff/staff.css")
