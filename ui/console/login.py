"""Who sits at the console, and the jefe de sala's authorisation at the moment of an action
(R-ROLE-1, R-ROLE-2, R-ROLE-3; decisions 134, 136).

When the hall has operators the console opens only after a login (name and PIN). The service's
gate (``HallService.rights``) then knows who asks for every command, and for each action that
``bingo.rights.ACTIONS`` gives the jefe de sala it opens the supervisor override: the jefe de
sala types his own name and PIN there and then; a wrong one is refused, recorded and, repeated,
locked (``store.operators``). It is a modal dialog, unlike the console's others: the gate is
asked from inside the command, wherever in the console the command was given, and the command
waits for the answer. The service's lock is not held meanwhile, so the devices go on.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from bingo import rights as rt
from bingo.service import NotAuthorised, check_ask
from store.operators import Operator, OperatorBook, OperatorError
from ui.console.texts import t
from ui.widgets import set_pixel_font

#: The console's station name in the record's CommandBy and in the attempts table.
STATION = "consola"


class SecretDialog(QDialog):
    """A name and a PIN, checked by ``check`` when accepted: an error keeps the dialog open
    with the reason in red; the caller reads ``operator`` once it is accepted.
    """

    def __init__(
        self,
        title: str,
        explanation: str,
        check: Callable[[str, str], Operator],
        parent: QWidget | None = None,
        name: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setModal(True)
        self._check = check
        self.operator: Operator | None = None
        layout = QVBoxLayout(self)
        intro = QLabel(explanation)
        intro.setWordWrap(True)
        set_pixel_font(intro, 16, bold=True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.name = QLineEdit(name)
        self.name.setObjectName("operator_name")
        self.name.setMaxLength(64)
        self.pin = QLineEdit()
        self.pin.setObjectName("operator_pin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setMaxLength(rt.MAX_SECRET)
        form.addRow(t("Nombre"), self.name)
        form.addRow(t("PIN o contraseña"), self.pin)
        layout.addLayout(form)
        self.message = QLabel("")
        self.message.setObjectName("operator_message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b00020;")
        self.message.hide()
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setObjectName("operator_ok")
        self.ok.setText(t("Aceptar"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(t("Cancelar"))
        buttons.accepted.connect(self._try)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        (self.pin if name else self.name).setFocus()

    def _try(self) -> None:
        try:
            self.operator = self._check(self.name.text().strip(), self.pin.text())
        except OperatorError as exc:
            self.pin.clear()
            self.message.setText(str(exc))
            self.message.show()
            return
        self.accept()


class ConsoleRights:
    """The console's gate (``bingo.rights.Rights``): the operator logged in asks; the jefe de
    sala authorises in the override dialog.
    """

    def __init__(
        self,
        book: OperatorBook,
        operator: Operator,
        parent: QWidget | None = None,
        station: str = STATION,
    ) -> None:
        self.book = book
        self.operator = operator
        self.parent = parent
        self.station = station

    def asker(self) -> rt.Actor:
        return rt.Actor(self.operator.name, self.operator.role, self.station)

    def authorise(self, action: str) -> rt.Actor:
        check_ask(self.operator.name, self.operator.role, action)
        words = rt.words(action)
        dialog = SecretDialog(
            t("Autorización del jefe de sala"),
            t("{action}: lo autoriza el jefe de sala con su nombre y su PIN, ahora.").format(
                action=words[:1].upper() + words[1:]
            ),
            lambda name, pin: self.book.authorise(
                name, pin, self.station, action, self.operator.name
            ),
            self.parent,
        )
        dialog.setObjectName("override_dialog")
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.operator is None:
            self.book.record(self.operator.name, self.station, f"authorise:{action}", "refused")
            raise NotAuthorised(
                t("{action}: sin la autorización del jefe de sala no se hace").format(action=words)
            )
        return rt.Actor(
            self.operator.name, self.operator.role, self.station, dialog.operator.name, action
        )


def sign_in(
    book: OperatorBook, parent: QWidget | None = None, station: str = STATION
) -> ConsoleRights | None:
    """The login at the console's start; None when it was cancelled. Call only when the hall
    has operators (``book.has_operators()``): without them the console records no names.
    """
    dialog = SecretDialog(
        t("Acceso a la mesa de control"),
        t("Escriba su nombre de operador y su PIN."),
        lambda name, pin: book.verify(name, pin, station),
        parent,
    )
    dialog.setObjectName("login_dialog")
    if dialog.exec() != QDialog.DialogCode.Accepted or dialog.operator is None:
        return None
    return ConsoleRights(book, dialog.operator, parent, station)
