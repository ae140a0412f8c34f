"""Payment and the player terminals (auxiliary machines): how a sale may be paid, and how many
machines and cartones a region allows (SPEC R-SALE-4, R-MULTI-3; docs/decisions.md 280-284).

Pure: the figures come from the region's file (``app.config``), the paragraphs they rest on with
them; this module only says yes or no, naming the rule.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from bingo import events as ev
from bingo.errors import DomainError
from bingo.i18n import _

#: The authorised means of payment, a closed list (decision 280). ``cash`` is the default: a
#: sale recorded without a means was paid in cash, as every sale before the means existed.
CASH = "cash"
PAYMENT_MEANS: dict[str, str] = {
    CASH: _("efectivo"),
    "card": _("tarjeta"),
}
#: What the regulation forbids by name, refused with its paragraph.
FORBIDDEN_MEANS: dict[str, str] = {
    "credit": _("a crédito"),
    "cheque": _("con cheque"),
    "on_account": _("a cuenta"),
    "deferred": _("con pago diferido"),
}
#: Where each region forbids them (Euskadi names only loans; it allows "dinero de curso legal"
#: and whatever other means is authorised, so a closed list refuses the rest).
PAYMENT_RULES: dict[str, str] = {
    "cantabria": "Cantabria II.1.a («quedando prohibida su entrega a cuenta o su abono mediante "
    "cheque, así como la práctica de operaciones a crédito»; la venta electrónica, «siempre que "
    "su contravalor se abone simultáneamente»)",
    "euskadi": "Euskadi, disposición adicional octava («entrega de dinero de curso legal… "
    "cualquier otro medio legal de pago, quedando en todo caso prohibida la práctica de "
    "operaciones de préstamo a los jugadores»)",
}


def payment_rule(region: str) -> str:
    return PAYMENT_RULES.get(region, PAYMENT_RULES["cantabria"])


def check_payment(payment: str, region: str) -> None:
    """A sale's means of payment: one of ``PAYMENT_MEANS``, paid at that moment. Credit, cheque,
    on account and deferred payment are refused naming the paragraph (R-SALE-4).
    """
    if payment in PAYMENT_MEANS:
        return
    allowed = ", ".join(f"{code} ({words})" for code, words in PAYMENT_MEANS.items())
    if payment in FORBIDDEN_MEANS:
        raise DomainError(
            _("no se venden cartones {how}: se pagan en el acto ({allowed}); {rule}").format(
                how=FORBIDDEN_MEANS[payment], allowed=allowed, rule=payment_rule(region)
            ),
            "R-SALE-4",
        )
    raise DomainError(
        _("medio de pago desconocido: {payment!r} (autorizados: {allowed}); {rule}").format(
            payment=payment, allowed=allowed, rule=payment_rule(region)
        ),
        "R-SALE-4",
    )


MAX_TERMINAL = 40  # characters of a machine's name: an operator's name (decision 130)


@dataclass(frozen=True)
class TerminalLimits:
    """A region's limits on its auxiliary machines, for a hall of one category: at most
    ``machines_max`` machines, at most ``cartones_max`` cartones a partida per machine and
    player (Euskadi art. 3.6.a and b; decision 281). None: the region sets no figure.
    """

    machines_max: int | None = None
    cartones_max: int | None = None
    machines_rule: str = ""
    cartones_rule: str = ""
    # Why no machine may play: the region bounds them by the hall's category, which the hall's
    # settings do not say ("" when they do).
    no_category: str = ""
    category: str = ""  # the hall's category they are for ("" when its settings do not say it)

    def to_event(self) -> ev.TerminalLimitsAdopted:
        return ev.TerminalLimitsAdopted(
            category=self.category,
            machines_max=self.machines_max,
            cartones_max=self.cartones_max,
            machines_rule=self.machines_rule,
            cartones_rule=self.cartones_rule,
        )

    @classmethod
    def from_event(cls, event: ev.TerminalLimitsAdopted) -> TerminalLimits:
        return cls(
            machines_max=event.machines_max,
            cartones_max=event.cartones_max,
            machines_rule=event.machines_rule,
            cartones_rule=event.cartones_rule,
            no_category=_(
                "la categoría de la sala no está dicha en su configuración ([hall] category): "
                "ninguna máquina auxiliar puede jugar; {rule}"
            ).format(rule=event.machines_rule)
            if not event.category
            else "",
            category=event.category,
        )

    def differences(self, other: TerminalLimits) -> list[str]:
        """What ``other`` changes of these limits, in the hall's words."""
        said = [
            ("[hall] category", self.category or "sin decir", other.category or "sin decir"),
            ("máquinas auxiliares", self.machines_max, other.machines_max),
            ("cartones por máquina y partida", self.cartones_max, other.cartones_max),
        ]
        return [f"{what}: {was} → {now}" for what, was, now in said if was != now]

    @property
    def bounded(self) -> bool:
        return self.machines_max is not None or self.cartones_max is not None

    def check_machine(self, in_use: Collection[str], terminal: str) -> None:
        """``terminal`` may play beside the machines ``in_use``: those connected and those that
        sold in the session, each installed in the hall (decision 319).
        """
        if self.no_category:
            raise DomainError(self.no_category, "R-MULTI-3")
        if self.machines_max is None or terminal in in_use:
            return
        if len(set(in_use)) >= self.machines_max:
            raise DomainError(
                _(
                    "la sala ya tiene {n} máquinas auxiliares en juego en la sesión, el máximo "
                    "de su categoría: la máquina {terminal} no puede jugar; {rule}"
                ).format(n=len(set(in_use)), terminal=terminal, rule=self.machines_rule),
                "R-MULTI-3",
            )

    def check_cartones(self, terminal: str, already: int, adding: int) -> None:
        """``adding`` more cartones for the player of ``terminal``, who has ``already``."""
        if self.cartones_max is None or already + adding <= self.cartones_max:
            return
        left = max(0, self.cartones_max - already)
        raise DomainError(
            _(
                "en una partida se juegan como mucho {n} series por máquina y jugador: la máquina "
                "{terminal} ya tiene {already} y pide {adding} (quedan {left}); {rule}"
            ).format(
                n=self.cartones_max,
                terminal=terminal,
                already=already,
                adding=adding,
                left=left,
                rule=self.cartones_rule,
            ),
            "R-MULTI-3",
        )


def check_terminal_name(terminal: str) -> None:
    if not terminal:
        return
    if len(terminal) > MAX_TERMINAL or not terminal.isprintable() or terminal != terminal.strip():
        raise DomainError(
            _("nombre de máquina no válido: {t!r} (de 1 a {n} caracteres imprimibles)").format(
                t=terminal[:MAX_TERMINAL], n=MAX_TERMINAL
            ),
            "R-MULTI-3",
        )
