"""The published region files, read by the independent checker itself: the regulator's list of
their SHA-256 and, given them (``check_export.py --regions DIR``), the files themselves, so that
every figure an export's rules carry is compared with the published file it names.

Part of ``check_export.py`` (which calls it), in a module of its own; like it, it imports
nothing but the standard library, and it reads the region files' TOML itself.

- The list (``--published LIST.toml``, or ``DIR/published.toml``): ``[[file]]`` tables with
  ``region``, ``version`` and ``sha256``. Every ``rules.source`` must name a published version
  and carry its SHA-256 (decision 116).
- The files (``--regions DIR``): every ``*.toml`` of the folder but the list is a region file
  whose bytes' SHA-256 is a published one, or the folder is refused (exit 2): the figures are
  compared only with a file the regulator published. The file of a rules' ``source`` is the one
  whose bytes have the published SHA-256 of its region and version; rules without a source
  must have the figures of one of the region's published files given.
- The figures: each key of the file's ``[rules]`` the export's rules carry is the file's (the
  ``[bola_loca] from`` percentage less the hall's ``bola_loca_bp``, decisions 11 and 50);
  ``bola_loca_bp`` is at most ``[bola_loca] max_bp``; ``source.resolution`` is the file's. A
  partida's ``interconnected`` figures (``contribution_bp``, ``fund_max_cents``,
  ``reserve_max_cents``, and the ``ball_limit`` of an announced fund by the ``scale``) are the
  file's ``[interconnected]`` (of the rules' file, or else the newest given of the region that
  has one: decision 295); a simultaneous partida's ``line_bp`` is the file's and its
  ``bingo_bp`` the rest of ``payout_bp`` (decision 298); the auxiliary machines' limits are the
  file's ``[hall]`` (check_terminals.py, decision 333); the prima's amounts are checked against
  the file's minimum, maximum and step, and the bola loca numbers drawn before each partida
  are the file's ``bola_loca_count``.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__:
    from . import check_terminals
else:  # run as a script
    import check_terminals

LIST_NAME = "published.toml"
INTERCONNECTED = ("contribution_bp", "fund_max_cents", "reserve_max_cents")


class MissingFile(ValueError):
    """The export names a published file that is not among the files given: nothing compared."""


@dataclass(frozen=True)
class Published:
    """One published region file: the regulator's list names each version's SHA-256. In the
    list of game files, ``region`` holds the game's id."""

    region: str
    version: str
    sha256: str


def read_published(text: str, kind: str = "region") -> list[Published]:
    """The regulator's list of published region files, TOML: one ``[[file]]`` table each with
    ``region``, ``version`` and ``sha256`` (other keys, e.g. ``resolution``, are ignored); with
    ``kind="game"``, the list of game files (``game`` in place of ``region``).
    Raises ValueError when the list cannot be used.
    """
    data = tomllib.loads(text)
    files = data.get("file")
    if not isinstance(files, list) or not files:
        raise ValueError("no [[file]] tables")
    out: list[Published] = []
    for i, entry in enumerate(files, 1):
        keys = (kind, "version", "sha256")
        values = [entry.get(k) if isinstance(entry, dict) else None for k in keys]
        if not all(isinstance(v, str) and v for v in values):
            raise ValueError(f"[[file]] #{i} needs {kind}, version and sha256 as text")
        out.append(Published(*values))
    return out


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    return value if isinstance(value, dict) else {}


@dataclass(frozen=True)
class RegionFile:
    """One published region file as its bytes say it."""

    name: str  # the file's name in the folder given
    entry: Published
    data: dict[str, Any]

    @property
    def label(self) -> str:
        return f"{self.entry.region} {self.entry.version}"

    @property
    def rules(self) -> dict[str, Any]:
        return _table(self.data, "rules")

    @property
    def interconnected(self) -> dict[str, Any] | None:
        table = self.data.get("interconnected")
        return table if isinstance(table, dict) else None

    def scale_limit(self, fund_cents: int) -> int | None:
        """The balls within which a fund of ``fund_cents`` is won by the file's scale; None below
        its first step (not in play, decision 287)."""
        limit = None
        for step in (self.interconnected or {}).get("scale", []):
            if (
                isinstance(step, list)
                and len(step) == 2
                and _int(step[0])
                and fund_cents >= step[0]
            ):
                limit = step[1]
        return limit

    def terminal_limits(self) -> check_terminals.RegionLimits | None:
        """The auxiliary machines' limits of the file's ``[hall]``; None: it sets none."""
        hall, said = _table(self.data, "hall"), _table(self.data, "paragraphs")
        machines = hall.get("auxiliary_machines_max")
        cartones = hall.get("series_per_machine_player_max")
        if not isinstance(machines, dict) or not _int(cartones):
            return None

        def rule(key: str) -> str:
            paragraph = said.get(key)
            short = paragraph.split(" («")[0] if isinstance(paragraph, str) else f"[hall] {key}"
            return f"{short}, published file {self.label}"

        return check_terminals.RegionLimits(
            machines={k: v for k, v in machines.items() if _int(v)},
            cartones=cartones,
            machines_rule=rule("auxiliary_machines_max"),
            cartones_rule=rule("series_per_machine_player_max"),
        )

    def prima_bounds(self) -> tuple[int, int, int] | None:
        """The prima's minimum, maximum and step in cents (R-PRIMA-2), when the file says them."""
        keys = ("prima_min_cents", "prima_max_cents", "prima_step_cents")
        values = [self.rules.get(k) for k in keys]
        if not all(_int(v) and v > 0 for v in values):
            return None
        return values[0], values[1], values[2]

    def differences(self, rules: dict[str, Any]) -> list[str]:
        """Each figure of ``rules`` (an export's) that is not this file's."""
        bola = _table(self.data, "bola_loca")
        taken_from = bola.get("from", "bingo_bp")
        taken = rules.get("bola_loca_bp")
        out = []
        for key, figure in self.rules.items():
            if key not in rules:
                continue
            expected = figure
            if key == taken_from and _int(figure) and _int(taken):
                expected = figure - taken  # the hall's bola loca comes out of it (decision 11)
            if rules[key] != expected or type(rules[key]) is not type(expected):
                found = _show(rules[key])
                if expected != figure:
                    out.append(
                        f"{key} {found} is not the published file's {figure} less the "
                        f"bola_loca_bp {taken}, {expected} ({self.label})"
                    )
                else:
                    out.append(
                        f"{key} {found} is not the published file's {_show(figure)} ({self.label})"
                    )
        ceiling = bola.get("max_bp", 0)
        if _int(taken) and _int(ceiling) and taken > ceiling:
            out.append(
                f"bola_loca_bp {taken} is above the published file's [bola_loca] max_bp "
                f"{ceiling} ({self.label})"
            )
        source = rules.get("source")
        resolution = _table(self.data, "region").get("resolution")
        if isinstance(source, dict) and source.get("resolution") != resolution:
            out.append(
                f"source resolution {_show(source.get('resolution'))} is not the published "
                f"file's {_show(resolution)} ({self.label})"
            )
        return out


def _show(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return str(value) if _int(value) else repr(value)


def _region(export: dict[str, Any], rules: dict[str, Any]) -> str | None:
    """The hall's region, or else the region of the file the rules name."""
    hall = export.get("hall")
    region = hall.get("region") if isinstance(hall, dict) else None
    if isinstance(region, str):
        return region
    source = rules.get("source")
    file = source.get("file") if isinstance(source, dict) else None
    return file.rsplit("/", 1)[-1].removesuffix(".toml") if isinstance(file, str) else None


class RegionFiles:
    """The published region files given, each verified by the SHA-256 of the bytes read."""

    def __init__(self, folder: Path, published: list[Published], files: list[RegionFile]) -> None:
        self.folder = folder
        self.published = published
        self.files = files

    def _of(self, region: str | None) -> list[RegionFile]:
        """The files of ``region`` given, oldest first (the list's order: lines are only added)."""
        order = {p.sha256: i for i, p in enumerate(self.published)}
        found = [f for f in self.files if f.entry.region == region]
        return sorted(found, key=lambda f: order[f.entry.sha256])

    def file_for(self, export: dict[str, Any], rules: object, where: str) -> RegionFile | None:
        """The published file the rules name (``source``: region and version), None when they
        name an unpublished one (a problem of the published list's check) or carry no source.
        Raises MissingFile when that published file is not among those given."""
        if not isinstance(rules, dict) or not isinstance(rules.get("source"), dict):
            return None
        region, version = _region(export, rules), rules["source"].get("version")
        entries = [p for p in self.published if p.region == region and p.version == version]
        for file in self.files:
            if file.entry in entries:
                return file
        if not entries:
            return None
        raise MissingFile(
            f"{where} name the published file {region} {version}, which is not among the region "
            f"files given in {self.folder} (sha256 {entries[0].sha256}): nothing was compared"
        )

    def figures_file(self, export: dict[str, Any], rules: object) -> RegionFile | None:
        """The file whose figures the rules are: the one they name, or for rules that name none
        the region's file given whose figures they have, else the newest given."""
        if not isinstance(rules, dict):
            return None
        if isinstance(rules.get("source"), dict):
            return self.file_for(export, rules, "rules")
        given = self._of(_region(export, rules))
        same = [f for f in given if not f.differences(rules)]
        return (same or given or [None])[-1]

    def rules_problems(self, export: dict[str, Any], rules: object, where: str) -> list[str]:
        """Each figure of ``rules`` that is not the published file's (see the module's text)."""
        if not isinstance(rules, dict):
            return []
        file = self.file_for(export, rules, where)
        if file is not None:
            return [f"{where}: {d}" for d in file.differences(rules)]
        if isinstance(rules.get("source"), dict):
            return []  # an unpublished version: the published list's check names it
        region = _region(export, rules)
        given = self._of(region)
        if not given:
            raise MissingFile(
                f"{where} name no region file and the region {region!r} has none among the "
                f"region files given in {self.folder}: nothing was compared"
            )
        if any(not f.differences(rules) for f in given):
            return []  # rules made before region files had a version: one of them
        return [
            f"{where}: {d}; the rules name no region file, and their figures are those of no "
            f"published file of {region} given"
            for d in given[-1].differences(rules)
        ]

    def interconnected_file(self, export: dict[str, Any], rules: object) -> RegionFile | None:
        """The file whose ``[interconnected]`` a partida's figures are: the rules' file, or the
        newest given of the region that has one (a hall keeps the version it adopted while a
        later one adds the prize, decision 295)."""
        if not isinstance(rules, dict):
            rules = {}
        file = self.figures_file(export, rules)
        if file is not None and file.interconnected is not None:
            return file
        later = [f for f in self._of(_region(export, rules)) if f.interconnected is not None]
        return later[-1] if later else None

    def prima_bounds(self, export: dict[str, Any], rules: object) -> tuple[int, int, int] | None:
        """The prima's bounds of the rules' file (R-PRIMA-2), None without one."""
        file = self.figures_file(export, rules)
        return file.prima_bounds() if file is not None else None

    def bola_loca_count(self, export: dict[str, Any], rules: object) -> int | None:
        """The bola loca numbers drawn before each partida by the rules' file (V.2.c)."""
        file = self.figures_file(export, rules)
        count = file.rules.get("bola_loca_count") if file is not None else None
        return count if _int(count) else None

    def terminal_limits(
        self, export: dict[str, Any], rules: object
    ) -> dict[str, check_terminals.RegionLimits | None]:
        """The machines' limits of each region given (check_terminals' ``known``): for the
        rules' region those of the rules' file, else of its newest file given."""
        file = self.figures_file(export, rules)
        regions = sorted({f.entry.region for f in self.files})
        out = {region: self._of(region)[-1].terminal_limits() for region in regions}
        if file is not None:
            out[file.entry.region] = file.terminal_limits()
        return out


def _published_bytes(
    folder: Path, published: list[Published], skip: Path | None, what: str
) -> list[tuple[str, Published, dict[str, Any]]]:
    """Each ``*.toml`` of ``folder`` but the list ``skip`` and any ``published.toml``: its name,
    its published entry and its TOML, refused unless the SHA-256 of the bytes read is a
    published one. Raises ValueError (OSError when the folder cannot be read) with the reason."""
    if not folder.is_dir():
        raise ValueError(f"{folder} is not a folder")
    by_digest = {p.sha256: p for p in published}
    out = []
    for path in sorted(folder.glob("*.toml")):
        if path.name == LIST_NAME or (skip is not None and path.resolve() == skip.resolve()):
            continue
        raw = path.read_bytes()
        digest = hashlib.sha256(raw).hexdigest()
        entry = by_digest.get(digest)
        if entry is None:
            raise ValueError(
                f"{path.name} is not a published {what} file: the SHA-256 of its bytes "
                f"{digest} is not in the published list (an edited file is not compared with)"
            )
        try:
            data = tomllib.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ValueError(f"{path.name} cannot be read as TOML: {exc}") from None
        out.append((path.name, entry, data))
    if not out:
        raise ValueError(f"{folder} holds no {what} file (*.toml)")
    return out


def read_region_files(folder: Path, published: list[Published], skip: Path | None) -> RegionFiles:
    """The region files in ``folder``, each verified against ``published`` (the list ``skip``
    is not one). Raises ValueError (OSError when the folder cannot be read) with the reason."""
    found = _published_bytes(folder, published, skip, "region")
    return RegionFiles(folder, published, [RegionFile(*f) for f in found])


def _sessions(export: dict[str, Any]) -> Iterator[dict[str, Any]]:
    sessions = export.get("sessions")
    for session in sessions if isinstance(sessions, list) else []:
        if isinstance(session, dict):
            yield session


def _objects(raw: object) -> Iterable[dict[str, Any]]:
    return [item for item in raw if isinstance(item, dict)] if isinstance(raw, list) else []


def problems(export: dict[str, Any], files: RegionFiles) -> list[str]:
    """Every figure of the export's rules, its sessions' own rules, its partidas' interconnected
    figures and its simultaneous partidas' percentages that is not the published file's.
    Raises MissingFile when a file the export names is not among those given."""
    out = files.rules_problems(export, export.get("rules"), "rules")
    for session in _sessions(export):
        where = f"session {session.get('id')}"
        own = session.get("rules")
        if own is not None:
            out += files.rules_problems(export, own, f"{where} rules")
        rules = own if isinstance(own, dict) else export.get("rules")
        out += _interconnected(export, rules, session, where, files)
        out += _simultaneous(export, rules, session, where, files)
    return out


def _interconnected(
    export: dict[str, Any], rules: object, session: dict[str, Any], where: str, files: RegionFiles
) -> list[str]:
    out = []
    for partida in _objects(session.get("partidas")):
        ic = partida.get("interconnected")
        if not isinstance(ic, dict):
            continue
        here = f"{where} partida {partida.get('number')} interconnected"
        file = files.interconnected_file(export, rules)
        if file is None:
            out.append(
                f"{here}: none of the published region files given regulates the "
                "interconnected prize ([interconnected]): its figures are not the regulator's"
            )
            continue
        table = file.interconnected or {}
        for key in INTERCONNECTED:
            if key in ic and ic[key] != table.get(key):
                out.append(
                    f"{here}: {key} {_show(ic[key])} is not the published file's "
                    f"{_show(table.get(key))} ({file.label})"
                )
        amount = ic.get("amount_cents")
        if ic.get("announced", True) is True and _int(amount):
            expected = file.scale_limit(amount)
            if ic.get("ball_limit") != expected:
                out.append(
                    f"{here}: ball_limit {_show(ic.get('ball_limit'))} for a fund of {amount} "
                    f"cents is not the published file's scale, {_show(expected)} ({file.label})"
                )
    return out


def _simultaneous(
    export: dict[str, Any], rules: object, session: dict[str, Any], where: str, files: RegionFiles
) -> list[str]:
    """A simultaneous partida keeps the region's line and gives the bingo the rest of the
    whole payout (decision 298): the file's figures, not the hall's after its bola loca."""
    file = files.figures_file(export, rules)
    if file is None or "simultaneous_partidas" not in session:
        return []
    payout, line = file.rules.get("payout_bp"), file.rules.get("line_bp")
    out = []
    for partida in _objects(session.get("simultaneous_partidas")):
        here = f"{where} simultaneous partida {partida.get('partida')}"
        expected = {
            "line_bp": line,
            "bingo_bp": payout - line if _int(payout) and _int(line) else None,
        }
        for key, figure in expected.items():
            if key in partida and partida[key] != figure:
                out.append(
                    f"{here}: {key} {_show(partida[key])} is not the published file's "
                    f"{_show(figure)} ({file.label})"
                )
    return out


# --------------------------------------------------------------------------------------------
# The published game files (bingo derivado and bingo plus): ``--games FOLDER``


def _game_figures(data: dict[str, Any]) -> dict[str, Any]:
    """What an export's ``games`` entry says of the game, from the file (its names aside)."""
    game, carton, plan = _table(data, "game"), _table(data, "carton"), _table(data, "plan")
    combinations = []
    for entry in _objects(data.get("combination")):
        row: dict[str, Any] = {"code": entry.get("code"), "kind": entry.get("kind")}
        if "drawings" in entry:  # "X" the cell that counts, as [row, column] from 0
            row["drawings"] = [
                sorted(
                    [r, k] for r, line in enumerate(drawing) for k, x in enumerate(line) if x == "X"
                )
                for drawing in entry["drawings"]
            ]
        combinations.append(row)
    figure = "price_multiple_bp" if plan.get("kind") == "instantaneo" else "basis_points"
    figures: dict[str, Any] = {"kind": plan.get("kind"), "min_payout_bp": plan.get("min_payout_bp")}
    if "balls" in plan:
        figures["balls"] = plan["balls"]
    figures["prizes"] = [
        {"combination": p.get("combination"), figure: p.get(figure)}
        for p in _objects(plan.get("prize"))
    ]
    return {
        "modality": game.get("modality"),
        "numbers": _table(data, "numbers").get("count"),
        "carton": {k: carton.get(k) for k in ("rows", "columns", "numbers", "placement")},
        "combinations": combinations,
        "plan": figures,
    }


def _diff(found: object, expected: object, path: str) -> list[str]:
    """Each place where ``found`` (the export's) is not ``expected`` (the file's)."""
    if isinstance(expected, dict):
        if not isinstance(found, dict):
            return [f"{path} {_show(found)} is not the published file's object"]
        return [d for k, v in expected.items() for d in _diff(found.get(k), v, f"{path} {k}")]
    if isinstance(expected, list):
        if not isinstance(found, list) or len(found) != len(expected):
            size = len(found) if isinstance(found, list) else _show(found)
            return [f"{path} has {size} entries, the published file's {len(expected)}"]
        if expected and not isinstance(expected[0], dict | list):
            return (
                []
                if found == expected
                else [f"{path} {found} is not the published file's {expected}"]
            )
        return [
            d
            for i, (f, e) in enumerate(zip(found, expected, strict=True), 1)
            for d in _diff(f, e, f"{path} #{i}")
        ]
    if found != expected or type(found) is not type(expected):
        return [f"{path} {_show(found)} is not the published file's {_show(expected)}"]
    return []


@dataclass(frozen=True)
class GameFiles:
    """The published game files given, each verified by the SHA-256 of the bytes read."""

    folder: Path
    published: list[Published]  # ``region`` holds the game's id
    files: dict[str, tuple[Published, dict[str, Any]]]  # by SHA-256


def read_game_files(folder: Path) -> GameFiles:
    """The game files in ``folder`` and their list ``folder/published.toml`` (``[[file]]`` with
    ``game``, ``version``, ``sha256``). Raises ValueError or OSError with the reason."""
    published = read_published((folder / LIST_NAME).read_text(encoding="utf-8"), "game")
    found = _published_bytes(folder, published, None, "game")
    return GameFiles(folder, published, {e.sha256: (e, data) for _n, e, data in found})


def game_problems(export: dict[str, Any], files: GameFiles) -> list[str]:
    """Each game the export played that is not a published version (by its SHA-256), and each
    of its figures (plan, prizes, combinations, cartón, numbers) that is not the published
    file's. Raises MissingFile when a published file it names is not among those given."""
    out = []
    games = export.get("games")
    for obj in _objects(games):
        ident, version, digest = obj.get("id"), obj.get("version"), obj.get("sha256")
        where = f"game {ident}"
        same = [p for p in files.published if p.region == ident and p.version == version]
        if not same:
            out.append(f"{where}: version {_show(version)} is not a published version of it")
            continue
        if all(p.sha256 != digest for p in same):
            out.append(
                f"{where}: sha256 {digest if isinstance(digest, str) else _show(digest)} is "
                f"not the published file of version "
                f"{version} (published: {', '.join(p.sha256 for p in same)})"
            )
        given = [files.files[p.sha256] for p in same if p.sha256 in files.files]
        if not given:
            raise MissingFile(
                f"{where} names the published file {ident} {version}, which is not among the "
                f"game files given in {files.folder}: nothing was compared"
            )
        entry, data = given[0]
        label = f"{entry.region} {entry.version}"
        out += [f"{where}: {d.strip()} ({label})" for d in _diff(obj, _game_figures(data), "")]
    return out


# --------------------------------------------------------------------------------------------
# What the command line gives


@dataclass(frozen=True)
class Reference:
    """The published list and files given (each None when not given)."""

    published: list[Published] | None = None
    regions: RegionFiles | None = None
    games: GameFiles | None = None

    def problems(self, export: dict[str, Any]) -> list[str]:
        """What the published files given say of the export's figures; raises MissingFile when
        it names a published file that is not among them."""
        out = problems(export, self.regions) if self.regions is not None else []
        return out + (game_problems(export, self.games) if self.games is not None else [])


def read_reference(listing: str | None, regions: str | None, games: str | None) -> Reference:
    """The list (``--published``), region files (``--regions``, their list the one given or
    else the folder's ``published.toml``) and game files (``--games``) the command line names.
    Raises ValueError with the message saying which cannot be used and why."""
    folder = Path(regions) if regions is not None else None
    if folder is not None and not folder.is_dir():
        raise ValueError(f"cannot use the region files in {folder}: it is not a folder")
    if listing is None and folder is not None:
        listing = str(folder / LIST_NAME)
    published = files = game_files = None
    if listing is not None:
        try:
            published = read_published(Path(listing).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise ValueError(f"cannot read the published list {listing}: {exc}") from None
    if folder is not None and published is not None:
        try:
            files = read_region_files(folder, published, Path(listing or ""))
        except (OSError, ValueError) as exc:
            raise ValueError(f"cannot use the region files in {folder}: {exc}") from None
    if games is not None:
        try:
            game_files = read_game_files(Path(games))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise ValueError(f"cannot use the game files in {games}: {exc}") from None
    return Reference(published, files, game_files)
