"""The independent checker checks the sales' means of payment and the player terminals from the
export alone (SPEC R-SALE-4, R-MULTI-3; Cantabria II.1.a; Euskadi art. 3.6.a and b and
disposición adicional octava; docs/decisions.md 280-282, 300, 319): credit and cheques, a
machine beyond the hall's category, a seventh cartón a partida on one machine, an electronic
sale on no machine, a machine's cartón that repeats a paper one, limits other than the
regulation's or none at all (decision 333). Each mutated export below is one a hall could write
by mistake or on purpose; the checker must refuse it naming the rule, once.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.bootstrap import export_from_db
from app.cli import main
from app.config import default_hall_path, load_region, terminal_limits
from bingo.export import build_export
from tests.bingo.hallkit import make_hall
from tests.independent.check_export import check

# Paper first, then machines: (terminal, cartones, means) per partida.
PARTIDAS = (
    (("Terminal 1", 6, "card"), ("Terminal 2", 3, "cash"), ("Terminal 3", 6, "cash")),
    (
        ("Terminal 4", 2, "card"),
        ("Terminal 5", 6, "cash"),
        ("Terminal 6", 1, "card"),
        ("Terminal 1", 2, "card"),  # back in the second partida: still six machines
    ),
)


def basque_night(category: str = "tercera") -> dict[str, Any]:
    """A Basque hall of 3.ª (6 machines, 6 cartones a partida per machine): two partidas of 20
    paper cartones and three machines each, the six machines the category allows."""
    kit = make_hall(prima_cents=20_000, open_session=False, region="euskadi")
    limits = terminal_limits(load_region("euskadi"), category, "sala.toml")
    kit.svc.record_together(kit.hall.adopt_terminal_limits(limits))  # as the hall's start does
    kit.svc.use_terminal_limits(limits)
    assert kit.svc.record_ball_check("S1", "open", list(range(1, 91)))
    kit.svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    for winner, machines in zip((3, 40), PARTIDAS, strict=True):
        kit.svc.start_partida()
        kit.svc.sell_count("A", 10, payment="card")
        kit.svc.sell_count("A", 10)
        for terminal, count, means in machines:
            kit.svc.sell_count("A", count, electronic=True, payment=means, terminal=terminal)
        kit.svc.close_sale()
        kit.svc.confirm_data_shown()
        kit.finish_with_bingo(winner)
    export = build_export(kit.hall, kit.svc.card_sets.get)
    assert check(export) == []
    return export


@pytest.fixture(scope="module")
def night() -> dict[str, Any]:
    return basque_night()


def mutated(export: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> list[str]:
    out = copy.deepcopy(export)
    change(out["sessions"][0])
    return check(out)


def sale(session: dict[str, Any], partida: int, index: int) -> dict[str, Any]:
    found: dict[str, Any] = session["partidas"][partida]["sales"][index]
    return found


def named(problems: list[str], *words: str) -> bool:
    return any(all(w in p for w in words) for p in problems)


def test_the_export_carries_the_limits_and_each_sales_machine_and_means(
    night: dict[str, Any],
) -> None:
    session = night["sessions"][0]
    assert session["terminal_limits"]["machines_max"] == 6
    assert session["terminal_limits"]["cartones_max"] == 6
    assert sale(session, 0, 2) | {} == {
        "series": "A",
        "first": 21,
        "last": 26,
        "kind": "electronic",
        "payment": "card",
        "terminal": "Terminal 1",
    }


@pytest.mark.parametrize(
    ("means", "words"),
    [
        ("credit", ("paid on credit", "R-SALE-4")),
        ("cheque", ("paid by cheque", "R-SALE-4")),
        ("on_account", ("paid on account", "R-SALE-4")),
        ("deferred", ("paid deferred", "R-SALE-4")),
        ("bitcoin", ("payment 'bitcoin' is not an authorised means", "R-SALE-4")),
    ],
)
def test_a_sale_paid_on_credit_or_by_cheque_is_refused(
    night: dict[str, Any], means: str, words: tuple[str, ...]
) -> None:
    """R-SALE-4: on paper or on a machine, a cartón is paid at once, never on credit."""
    for partida, index in ((0, 0), (1, 4)):

        def pay(session: dict[str, Any], partida: int = partida, index: int = index) -> None:
            sale(session, partida, index)["payment"] = means

        problems = mutated(night, pay)
        assert named(problems, f"partida {partida + 1}", *words), problems


def test_a_machine_beyond_the_halls_category_is_refused(night: dict[str, Any]) -> None:
    """Euskadi art. 3.6.a: a hall of 3.ª has at most 6 machines installed; a seventh sold in the
    session, though each partida had no more than four (decision 319)."""
    problems = mutated(night, lambda s: sale(s, 1, 5).__setitem__("terminal", "Terminal 7"))
    assert named(problems, "7 machines sold in this session", "more than the 6", "3.6.a"), problems


def test_a_seventh_carton_a_partida_on_one_machine_is_refused(night: dict[str, Any]) -> None:
    """Euskadi art. 3.6.b (decision 282): 6 + 3 cartones on Terminal 1 in partida 1."""
    problems = mutated(night, lambda s: sale(s, 0, 3).__setitem__("terminal", "Terminal 1"))
    assert named(problems, "partida 1", "'Terminal 1' sold 9 cartones", "more than the 6", "3.6.b")


def test_a_machine_in_a_hall_of_no_category_is_refused(night: dict[str, Any]) -> None:
    """decision 281: a Basque hall whose settings do not say its category plays no machine."""
    problems = mutated(night, lambda s: s["terminal_limits"].__setitem__("category", None))
    assert named(problems, "'Terminal 1' sold", "no hall category", "3.6.a"), problems


def test_an_electronic_sale_on_no_machine_is_refused(night: dict[str, Any]) -> None:
    """decision 281: in a region that bounds its machines, electronic cartones are sold on one."""
    problems = mutated(night, lambda s: sale(s, 0, 2).pop("terminal"))
    assert named(problems, "sale #3 A 21-26 is electronic but names no machine"), problems


def test_a_machines_sale_of_paper_cartones_is_refused(night: dict[str, Any]) -> None:
    """A machine sells electronic cartones only (Euskadi art. 3.6: «en sustitución de los
    cartones»)."""
    problems = mutated(night, lambda s: sale(s, 0, 2).__setitem__("kind", "physical"))
    assert named(problems, "sold on machine 'Terminal 1' but its kind is not electronic"), problems


def test_a_machines_carton_that_repeats_a_paper_carton_is_refused_once(
    night: dict[str, Any],
) -> None:
    """R-SALE-2 (decision 5): paper and machines share one numbering; a machine's range moved
    onto the paper cartones is one fault, named once by the sales' overlap rule with its
    machine (one rule, one place)."""

    def onto_paper(session: dict[str, Any]) -> None:
        sale(session, 0, 2).update(first=5, last=10)

    problems = [p for p in mutated(night, onto_paper) if "5-10" in p]
    assert problems == [
        "session S1 partida 1: sales of series A overlap: 1-10 and 5-10 on machine 'Terminal 1' "
        "share cartones 5-10"
    ]


def without_limits(session: dict[str, Any]) -> None:
    del session["terminal_limits"]


@pytest.mark.parametrize(
    "change", [without_limits, lambda s: s.__setitem__("terminal_limits", None)]
)
def test_a_basque_session_whose_machines_sold_without_limits_is_refused(
    night: dict[str, Any], change: Callable[[dict[str, Any]], None]
) -> None:
    """Euskadi art. 3.6.a and b (decisions 300, 333): the region bounds its machines, so a
    session whose machines sold carries its limits; the checker does not need them to count."""
    assert named(mutated(night, change), "no terminal_limits", "3.6.a", "3.6.b")

    def and_a_ninth_carton(session: dict[str, Any]) -> None:
        change(session)
        sale(session, 0, 3)["terminal"] = "Terminal 1"

    problems = mutated(night, and_a_ninth_carton)
    assert named(problems, "'Terminal 1' sold 9 cartones", "more than the 6", "3.6.b"), problems


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("machines_max", 60, "machines_max is 60 but a hall of category tercera"),
        ("machines_max", None, "machines_max is None but a hall of category tercera"),
        ("cartones_max", None, "cartones_max is None but a hall of category tercera"),
        ("cartones_max", 60, "cartones_max is 60 but a hall of category tercera"),
        ("category", "primera", "machines_max is 6 but a hall of category primera"),
        ("category", "cuarta", "category 'cuarta' is not a hall category of the region euskadi"),
    ],
)
def test_limits_other_than_the_regulations_for_the_category_are_refused(
    night: dict[str, Any], field: str, value: object, words: str
) -> None:
    """Euskadi art. 3.6.a (12 machines in categoría especial and 1.ª, 8 in 2.ª, 6 in 3.ª) and
    3.6.b (6 a partida per machine): the checker knows them; an export's other figures are a
    problem, not the figures it is checked against (decision 333)."""
    problems = mutated(night, lambda s: s["terminal_limits"].__setitem__(field, value))
    assert named(problems, "terminal_limits", words, "the regulation's", "3.6") or named(
        problems, "terminal_limits", words, "3.6.a"
    ), problems


def test_a_seventh_machine_is_refused_whatever_limits_the_export_says(
    night: dict[str, Any],
) -> None:
    """Euskadi art. 3.6.a: `machines_max: 60` in a hall of 3.ª does not let a seventh machine
    sell, nor a tenth cartón on one (3.6.b) with `cartones_max: 60`."""

    def generous(session: dict[str, Any], partida: int, index: int, machine: str) -> None:
        session["terminal_limits"].update(machines_max=60, cartones_max=60)
        sale(session, partida, index)["terminal"] = machine

    problems = mutated(night, lambda s: generous(s, 1, 5, "Terminal 7"))
    assert named(problems, "7 machines sold in this session", "more than the 6", "3.6.a")
    problems = mutated(night, lambda s: generous(s, 0, 3, "Terminal 1"))
    assert named(problems, "'Terminal 1' sold 9 cartones", "more than the 6", "3.6.b")


def test_a_basque_region_file_names_the_region_when_the_hall_does_not(
    night: dict[str, Any],
) -> None:
    """The rules' region file (`rules.source.file`) says the region as much as `hall.region`:
    an export that says Cantabria for a hall played under the Basque file is still bounded."""
    export = copy.deepcopy(night)
    export["hall"]["region"] = "cantabria"
    export["rules"]["source"] = {
        "file": "config/regions/euskadi.toml",
        "version": "1996.2",
        "resolution": "Decreto 277/1996",
        "sha256": "0" * 64,
    }
    without_limits(export["sessions"][0])
    assert named(check(export), "no terminal_limits", "region euskadi", "3.6.a")


def test_a_basque_session_where_no_machine_sold_needs_no_limits(night: dict[str, Any]) -> None:
    """A session recorded before its limits were (decision 300) and with no machine's sale:
    nothing to bound, the export passes as it did."""

    def no_machines(session: dict[str, Any]) -> None:
        without_limits(session)
        for partida in session["partidas"]:
            partida["sales"] = [s for s in partida["sales"] if "terminal" not in s]

    problems = mutated(night, no_machines)
    assert not named(problems, "terminal_limits") and not named(problems, "machine"), problems


def test_an_export_without_limits_checks_no_machine_but_every_means() -> None:
    """Cantabria sets no figure: with no terminal_limits, 7 machines and 9 cartones on one are
    not problems, a cheque still is (R-SALE-4) and so are the export's bytes as before."""
    kit = make_hall(prima_cents=20_000, series=(("A", 1500, 100, False),), strips=300)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    for machine in range(1, 8):
        kit.svc.sell_count("A", 9, payment="card", terminal=f"T{machine}")
    kit.svc.close_sale()
    kit.svc.confirm_data_shown()
    kit.finish_with_bingo(3)
    export = build_export(kit.hall, kit.svc.card_sets.get)
    assert "terminal_limits" not in export["sessions"][0]
    assert check(export) == []
    problems = mutated(export, lambda s: sale(s, 0, 1).__setitem__("payment", "cheque"))
    assert problems == [
        "session S1 partida 1: sale #2 A 11-19 paid by cheque ('cheque'): cartones are paid at "
        "once by an authorised means (cash, card); credit and cheques are forbidden (R-SALE-4)"
    ]


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("machines_max", -1, "machines_max must be an integer of at least 0"),
        ("cartones_max", "6", "cartones_max must be an integer of at least 1"),
        ("category", 3, "category must be a hall category or null"),
    ],
)
def test_unreadable_limits_are_named(
    night: dict[str, Any], field: str, value: object, words: str
) -> None:
    problems = mutated(night, lambda s: s["terminal_limits"].__setitem__(field, value))
    assert named(problems, "terminal_limits", words), problems


def test_a_simulated_basque_night_with_its_machines_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`bingo-hall simulate` in a Basque hall of 3.ª sells on its six machines: the real export
    passes every check, the machines' and the means' included."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    text = default_hall_path().read_text("utf-8")
    text = text.replace('id = "cantabria-001"', 'id = "euskadi-001"', 1)
    text = text.replace('region = "cantabria"', 'region = "euskadi"\ncategory = "tercera"', 1)
    settings = tmp_path / "euskadi.toml"
    settings.write_text(text, "utf-8")
    url = f"sqlite:///{tmp_path / 'night.sqlite'}"
    argv = ["simulate", "--db", url, "--config", str(settings), "--seed", "5", "--partidas", "8"]
    assert main([*argv, "-q"]) == 0
    capsys.readouterr()
    export = export_from_db(url, None)
    session = export["sessions"][0]
    machines = {s["terminal"] for p in session["partidas"] for s in p["sales"] if "terminal" in s}
    assert session["terminal_limits"]["machines_max"] == 6 and len(machines) == 6
    assert check(export) == []
    # The inspection's mutations of this export (decision 333): each refused.
    assert named(mutated(export, without_limits), "no terminal_limits", "region euskadi")
    generous = mutated(export, lambda s: s["terminal_limits"].__setitem__("machines_max", 60))
    assert named(generous, "machines_max is 60 but a hall of category tercera", "3.6.a")


def test_an_export_taken_while_the_machines_buy_passes() -> None:
    """An open partida's sale is not over: its prizes are not fixed yet (0) and nothing is
    shared (no residues); the export taken then passes, its machines and means checked."""
    kit = make_hall(prima_cents=20_000)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    kit.svc.sell_count("A", 6, payment="card", terminal="Terminal 1")
    export = build_export(kit.hall, kit.svc.card_sets.get)
    assert export["sessions"][0]["partidas"][0]["line_prize_cents"] == 0
    assert check(export) == []
    problems = mutated(export, lambda s: sale(s, 0, 1).__setitem__("payment", "credit"))
    assert named(problems, "paid on credit", "R-SALE-4"), problems
