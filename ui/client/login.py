"""Who sits at a station, and the jefe de sala's override there (R-ROLE-1, R-ROLE-2, R-ROLE-3;
decisions 136, 200-203).

A station logs in at the hall server with the same dialog the local console shows
(``ui.console.login.SecretDialog``): the name and PIN go to ``POST /api/v1/login`` and the
token it gives is carried by every request from then on (``Link.authorize``), the stream's too.
A command whose action needs the jefe de sala opens the override dialog at the station: what he
types is sent with the command itself, and the server checks it when the command runs; a wrong
PIN is refused there with the server's words, the dialog stays open, and the same command (the
same ids) may be sent again with the right one. Nothing is applied until the server accepts it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QWidget

from bingo import rights as rt
from bingo.service import NotAuthorised
from store.operators import Operator, OperatorError
from ui.client.link import Link, ServerRefused
from ui.client.remote import Send
from ui.console.login import SecretDialog
from ui.console.texts import t

#: The server's refusals of a name and PIN: shown in the dialog, which stays open.
SECRET_REFUSALS = frozenset({"login_failed", "not_authorised"})


def _operator(name: str, role: str) -> Operator:
    return Operator(name=name, role=role, created_at="", disabled_at=None)


def sign_in(link: Link, parent: QWidget | None = None, name: str = "") -> bool:
    """The station's login at the server; False when it was cancelled."""

    def check(name: str, pin: str) -> Operator:
        try:
            return _operator(*link.login(name, pin))
        except ServerRefused as exc:  # a wrong PIN, a lock, a server away: said in the dialog
            raise OperatorError(str(exc)) from None

    dialog = SecretDialog(
        t("Acceso a la mesa de control"),
        t("Escriba su nombre de operador y su PIN (servidor {url}).").format(url=link.base_url),
        check,
        parent,
        name,
    )
    dialog.setObjectName("login_dialog")
    return dialog.exec() == QDialog.DialogCode.Accepted and dialog.operator is not None


class StationOverride:
    """``RemoteService.override``: the jefe de sala's name and PIN for one action, sent with it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent

    def __call__(self, action: str, send: Send) -> Any:
        words = rt.words(action)
        outcome: dict[str, Any] = {}

        def check(name: str, pin: str) -> Operator:
            try:
                outcome["answer"] = send({"name": name, "pin": pin})
            except ServerRefused as exc:
                if exc.code in SECRET_REFUSALS:
                    raise OperatorError(str(exc)) from None
                outcome["refused"] = exc  # a rule, a stale state, the link: shown by the console
            return _operator(name, rt.JEFE_DE_SALA)

        dialog = SecretDialog(
            t("Autorización del jefe de sala"),
            t("{action}: lo autoriza el jefe de sala con su nombre y su PIN, ahora.").format(
                action=words[:1].upper() + words[1:]
            ),
            check,
            self.parent,
        )
        dialog.setObjectName("override_dialog")
        if dialog.exec() != QDialog.DialogCode.Accepted or not outcome:
            raise NotAuthorised(
                t("{action}: sin la autorización del jefe de sala no se hace").format(action=words)
            )
        refused = outcome.get("refused")
        if isinstance(refused, ServerRefused):
            raise refused
        return outcome["answer"]
