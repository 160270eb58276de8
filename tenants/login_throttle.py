"""Staff sign-in throttling that a stranger cannot turn into a lockout of the real staff (django-axes handler).

The old rule locked an account after five failures from anywhere, so anyone who knew a username (`admin`, the
platform operator) could keep it locked forever from any address. The rules now, counted over the cool-off window
(`MAGIE_LOGIN_COOLOFF_MINUTES`, 15) in the organisation's own schema (the platform's in public):

1. **Pair**: an (address, username) pair is refused after `MAGIE_LOGIN_FAILURE_LIMIT` (5) failures. Another address
   signing in as the same username is not affected by it.
2. **Username under attack** (the slower, global limit): once a username has `MAGIE_LOGIN_USERNAME_ATTACK_FAILURES`
   (20) failures from all addresses together, each address gets only `MAGIE_LOGIN_FAILURE_LIMIT_UNDER_ATTACK` (2)
   failures for it instead of five. A password-guessing crowd spread over many addresses is slowed to two guesses
   per address per window, while an address that has not failed for that username still signs in with the right
   password (and second factor) at its first try: nothing a stranger does locks the real admin's own address.
3. **Address**: an address with `MAGIE_LOGIN_ADDRESS_FAILURE_LIMIT` (50) failures over any usernames is refused for
   every username (one address spraying many usernames). It locks only that address (or the network behind it).

A locked pair or address answers 429 without checking the password, so the lock gives no oracle. A success clears
that pair's failures only. An organisation's other admin (or the platform operator, in public) sees and clears
lockouts in Back office → Login lockouts. A second factor, when set up or required, is still asked after the
password: these rules slow guessing of passwords, the second factor makes a guessed password insufficient.
"""

from __future__ import annotations

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest


def _failures(request: HttpRequest, **match: str) -> int:
    """Failures within the cool-off window matching `match` (e.g. username and/or ip_address)."""
    since = get_cool_off_threshold(request)
    total = AccessAttempt.objects.filter(attempt_time__gte=since, **match).aggregate(
        n=Sum("failures_since_start"))["n"]
    return int(total or 0)


def username_under_attack(request: HttpRequest, username: str) -> bool:
    """True when `username` has failed, from all addresses together, often enough to tighten each address's limit."""
    return _failures(request, username=username) >= settings.MAGIE_LOGIN_USERNAME_ATTACK_FAILURES


def pair_failure_limit(request: HttpRequest, credentials: dict | None = None) -> int:
    """AXES_FAILURE_LIMIT: failures an (address, username) pair may have, lower while the username is under attack."""
    username = get_client_username(request, credentials)
    if username and username_under_attack(request, username):
        return settings.MAGIE_LOGIN_FAILURE_LIMIT_UNDER_ATTACK
    return settings.MAGIE_LOGIN_FAILURE_LIMIT


class StaffLoginHandler(AxesDatabaseHandler):
    """django-axes' database handler with the three rules of this module: the pair counts (AXES_LOCKOUT_PARAMETERS
    is the (username, ip_address) pair), and an address over its own limit is refused too."""

    def is_locked(self, request, credentials: dict | None = None) -> bool:
        return super().is_locked(request, credentials) or self._address_over_limit(request)

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs) -> None:
        """Record the failure (axes flags the request when its pair reaches the limit), and flag it too when its
        address has reached the address limit, so the middleware answers 429 either way."""
        super().user_login_failed(sender, credentials, request, **kwargs)
        if request is not None and not getattr(request, "axes_locked_out", False) and (
                self._address_over_limit(request)):
            request.axes_locked_out = True
            request.axes_credentials = credentials

    @staticmethod
    def _address_over_limit(request: HttpRequest) -> bool:
        address = getattr(request, "axes_ip_address", "") or ""
        return bool(address) and (
            _failures(request, ip_address=address) >= settings.MAGIE_LOGIN_ADDRESS_FAILURE_LIMIT)
