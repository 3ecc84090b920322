"""Accounts: name rules, password hashing (argon2id), session and CSRF secrets, the tokens of
an account's seats (their rate limits are rows of `limits.LIMITS`).

An account is optional: guests play with seat tokens as before. A session is a random cookie
(``SESSION_COOKIE``, HttpOnly, SameSite=Lax) whose SHA-256 is stored; it is made anew at every
login and deleted at logout. A seat taken while logged in belongs to the account: its token is
derived from the account's ``seat_key`` (so each of its browsers can be handed it again), and
acting for it needs the account's session as well as the token.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from .errors import MatchError
from .status import HUMAN, OPEN

SESSION_COOKIE = "mezquita_session"
CSRF_HEADER = "x-csrf"  # the session's CSRF token, sent by the page with every change
SESSION_DAYS = 30
NAME_LENGTH = (3, 24)
PASSWORD_LENGTH = (8, 128)
#: Unicode categories refused in a name: control, format, line and paragraph separators,
#: private use, unassigned
REFUSED_CATEGORIES = {"Cc", "Cf", "Zl", "Zp", "Co", "Cn"}
BOT_PREFIX = "bot:"  # the profiles of bot levels (``bot:hard``); no account may take one


def profiles(seats: list[str], names: list[str | None], accounts: list) -> list[str | None]:
    """Per seat, the profile (``/player/<name>``) of who holds it: an account's name, a bot's
    level (``bot:<level>``), or None for a guest or a free seat (``accounts``, per seat, may
    stop short: the seats after it are nobody's)."""
    held = [*accounts, *[None] * (len(seats) - len(accounts))]
    return [name if account is not None else None if kind in (HUMAN, OPEN) else BOT_PREFIX + kind
            for kind, name, account in zip(seats, names, held, strict=True)]

_hasher = PasswordHasher()  # argon2id, RFC 9106's second recommended profile (64 MiB, t=3)


@dataclass(frozen=True)
class Account:
    """A logged-in player, as a request's session shows them."""

    id: int
    name: str
    seat_key: bytes
    csrf: str


class AccountError(MatchError):
    """A refused account request (bad name or password, name taken...)."""


def clean_account_name(name: str) -> tuple[str, str]:
    """``(name, key)``: the name as kept (NFKC, spaces trimmed and single) and its key (case
    folded), unique among accounts; `AccountError` if it is not acceptable."""
    if not isinstance(name, str):
        raise AccountError("a name is text")
    name = unicodedata.normalize("NFKC", name)
    refused = sorted({f"U+{ord(c):04X}" for c in name
                      if unicodedata.category(c) in REFUSED_CATEGORIES})
    if refused:
        raise AccountError(f"a name may not hold control or formatting characters "
                           f"({', '.join(refused[:5])})")
    name = " ".join(name.split())  # only spaces are left: trimmed, single
    if not NAME_LENGTH[0] <= len(name) <= NAME_LENGTH[1]:
        raise AccountError(f"a name has {NAME_LENGTH[0]} to {NAME_LENGTH[1]} characters")
    key = name_key(name)
    if key.startswith(BOT_PREFIX):
        raise AccountError(f"names starting with {BOT_PREFIX!r} are the bots'")
    return name, key


def name_key(name: str) -> str:
    """The case-insensitive key of a name (NFKC of its case fold)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def check_password(password: str) -> str:
    """``password`` if acceptable (8 to 128 characters); `AccountError` otherwise."""
    if not isinstance(password, str) or not PASSWORD_LENGTH[0] <= len(password) <= PASSWORD_LENGTH[1]:
        raise AccountError(f"a password has {PASSWORD_LENGTH[0]} to {PASSWORD_LENGTH[1]} "
                           "characters")
    return password


def hash_password(password: str) -> str:
    """The argon2id hash of ``password`` (slow by design: call it off the event loop)."""
    return _hasher.hash(password)


@cache
def dummy_hash() -> str:
    """The hash an unknown name's login is checked against (made once, at start)."""
    return _hasher.hash(secrets.token_urlsafe(16))


def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored``; an unknown name (``stored`` None) is checked
    against a dummy hash, so both answers take the same time."""
    try:
        return _hasher.verify(stored or dummy_hash(), password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


def new_secret() -> str:
    """A fresh session id or CSRF token."""
    return secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    """The stored form of a session id."""
    return hashlib.sha256(secret.encode()).hexdigest()


def seat_token(seat_key: bytes, match_id: str, seat: int) -> str:
    """The token of ``seat`` of ``match_id`` held by the account whose key is ``seat_key``."""
    return hmac.new(seat_key, f"seat:{match_id}:{seat}".encode(), "sha256").hexdigest()[:32]


