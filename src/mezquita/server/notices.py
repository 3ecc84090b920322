"""Turn notices for slow games: a player who is away when their turn comes is told.

An account may give an e-mail address and/or a webhook URL (``PUT /api/me/notices``). When a
move leaves one of its seats to move in a *slow* match (no clock, or a bank of at least
`SLOW_BANK`) and no socket of that seat is open, the match's owner sends one notice for that
turn: the `notified` row it inserts first makes every other try, on any instance, a no-op.
A notice names the game, the other players and the link back to the match (the account's
session finds its seat there), and nothing a view hides: no card, no hand, no score. E-mail
goes through the operator's SMTP server (``--smtp``); a webhook gets a JSON POST, only to a
public address unless the operator allows private ones (``--webhook-private``). A notice that
cannot be delivered is logged and not retried: the player still finds the turn waiting.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import smtplib
import socket
from email.message import EmailMessage
from urllib.parse import urlsplit

import httpx

from mezquita.engine import seat_name
from mezquita.web import catalogue

from .errors import MatchError
from .hubstate import HubState
from .match import Match
from .status import HUMAN, MatchStatus
from .store import StoreUnavailable

log = logging.getLogger("mezquita.server")
SLOW_BANK = 3600.0  # seconds of a clock's bank from which a match counts as slow
SEND_SECONDS = 10.0  # one delivery gives up after this
EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s.]+(\.[^@\s.]+)+")


def clean_email(text: str | None) -> str | None:
    """``text`` as an e-mail address (``None`` for none); `MatchError` if it is not one."""
    if not text or not text.strip():
        return None
    text = text.strip()
    if len(text) > 254 or not EMAIL.fullmatch(text):
        raise MatchError("that is not an e-mail address")
    return text


def clean_webhook(text: str | None, allow_private: bool = False) -> str | None:
    """``text`` as a webhook URL (``None`` for none): https (http too where private addresses
    are allowed), a host, at most 500 characters; `MatchError` otherwise."""
    if not text or not text.strip():
        return None
    text = text.strip()
    parts = urlsplit(text)
    schemes = ("https", "http") if allow_private else ("https",)
    if len(text) > 500 or parts.scheme not in schemes or not parts.hostname or parts.username:
        raise MatchError(f"a webhook is a {' or '.join(schemes)} URL with a host, at most 500 "
                         "characters")
    return text


def public_host(host: str) -> bool:
    """Whether every address ``host`` resolves to is public (no loopback, private network,
    link-local or reserved address: a webhook must not reach into the server's network)."""
    try:
        found = socket.getaddrinfo(host, None)
    except OSError:
        return False
    addresses = {ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found}
    return bool(addresses) and all(a.is_global for a in addresses)


class Delivery:
    """Sends notices: e-mail through one SMTP server, webhooks over HTTP."""

    def __init__(self, smtp: str = "", mail_from: str = "mezquita@localhost",
                 allow_private: bool = False) -> None:
        host, _, port = smtp.partition(":")
        self.smtp = (host, int(port or 25)) if host else None
        self.mail_from = mail_from
        self.allow_private = allow_private

    async def mail(self, to: str, notice: dict) -> None:
        """E-mail ``notice`` to ``to`` (nothing without an SMTP server)."""
        if self.smtp is None:
            return
        host, port = self.smtp
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.mail_from, to, notice["title"]
        message.set_content(f"{notice['text']}\n\n{notice['url']}\n\n-- \nYou get this because "
                            "your Mezquita account asked to be told of its turns in slow games; "
                            "change that in the lobby, under your account.\n")

        def send() -> None:
            with smtplib.SMTP(host, port, timeout=SEND_SECONDS) as server:
                server.send_message(message)
        await asyncio.to_thread(send)

    async def post(self, url: str, notice: dict) -> None:
        """POST ``notice`` as JSON to ``url``, if its host is public (or private ones are
        allowed); no redirects are followed."""
        host = urlsplit(url).hostname or ""
        if not self.allow_private and not await asyncio.to_thread(public_host, host):
            raise OSError(f"webhook host {host!r} is not a public address")
        async with httpx.AsyncClient(timeout=SEND_SECONDS, follow_redirects=False) as client:
            answer = await client.post(url, json=notice)
            answer.raise_for_status()


def turn_notice(match: Match, seat: int, turn: int, public_url: str, lang: str = "en") -> dict:
    """What the notice of ``seat``'s ``turn`` says, in ``lang``: the game, the other players
    and the link; nothing hidden."""
    words, names = catalogue(lang), match.display_names(lang)
    game = match.game.info.name
    others = ", ".join(seat_name(i, lang, names) for i in range(len(names)) if i != seat)
    return {"event": "your_turn", "match": match.id, "game": match.game.info.id, "seat": seat,
            "turn": turn, "lang": lang,
            "title": words["notice.title"].format(game=game),
            "text": words["notice.text"].format(game=game, players=others),
            "url": f"{public_url.rstrip('/')}/match/{match.id}"}


class Notices(HubState):
    """`Hub`'s turn notices."""

    delivery: Delivery  # set by `Hub.__init__`

    def tell_turn(self, match: Match) -> None:
        """After a move, on the match's owner: a notice for each seat now to move that an
        account holds, in a slow match, with no socket open."""
        clocks = match.clocks
        if (match.status != MatchStatus.RUNNING or not match.owned
                or (clocks is not None and clocks.clock.bank < SLOW_BANK)):
            return
        here = {client.seat for client in match.clients}
        for seat in match.state.to_move():
            account = match.row.accounts[seat]
            if match.row.seats[seat] == HUMAN and account is not None and seat not in here:
                # the turn is the move since which the seat waits: in a simultaneous phase
                # the others' moves meanwhile do not make it a new one
                turn = match.waiting_since.get(seat, len(match.state.history))
                self.scheduler.spawn(self._tell(match, seat, account, turn))

    async def _tell(self, match: Match, seat: int, account: int, turn: int) -> None:
        try:
            where = (await self.store.call(self.store.notice_settings, [account])).get(account)
            if where is None or not await self.store.call(self.store.claim_notice, match.id,
                                                          seat, turn):
                return
        except StoreUnavailable:
            return  # told nothing: the turn waits for the player all the same
        notice = turn_notice(match, seat, turn, self.settings.public_url, where["lang"])
        for kind, send in (("webhook", self.delivery.post), ("email", self.delivery.mail)):
            if where[kind]:
                try:
                    await send(where[kind], notice)
                except (OSError, httpx.HTTPError, smtplib.SMTPException) as err:
                    log.warning("turn notice (%s) of match %s seat %s not delivered: %s", kind,
                                match.id, seat, err)
