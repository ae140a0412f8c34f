"""``bingo-hall reclamacion file|settle|list``: claims about a session, kept in the hall's
record, where they hold its acta (R-ACTA-5).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any

from app.cli_input import EXIT_OK, iso_date
from app.hall_cli import add_common, open_named_hall, today


def cmd_reclamacion(args: argparse.Namespace) -> int:
    """Claims about a session, kept in the hall's record: they hold its acta (R-ACTA-5)."""
    with open_named_hall(args, writes=args.action != "list") as engine:
        service = engine.service
        if args.action == "file":
            rid = service.file_reclamacion(
                args.session, args.date or today(), args.subject, args.reference or ""
            )
            print(
                f"reclamación {rid} registrada: el acta de la sesión {args.session} y su "
                "registro se conservan hasta que conste cumplida su resolución firme"
            )
        elif args.action == "settle":
            settled = args.date or today()
            service.settle_reclamacion(args.id, settled, args.note or "")
            print(f"reclamación {args.id}: resolución firme cumplida el {settled}")
        else:
            claims = sorted(service.hall.reclamaciones.values(), key=lambda c: (c.filed, c.id))
            if args.json:
                rows = [{"hall_id": service.hall_id, **dataclasses.asdict(c)} for c in claims]
                print(json.dumps(rows, ensure_ascii=False, indent=1))
                return EXIT_OK
            if not claims:
                print("no consta ninguna reclamación")
            for c in claims:
                state = f"cumplida el {c.settled}" if c.settled else "PENDIENTE"
                ref = f" [{c.reference}]" if c.reference else ""
                print(f"{c.id}{ref}: sesión {c.session_id}, presentada el {c.filed}, {state}")
                print(f"    {c.subject}" + (f" — {c.note}" if c.note else ""))
    return EXIT_OK


def add_reclamacion(sub: Any) -> None:
    """``reclamacion file|settle|list``."""
    p = sub.add_parser(
        "reclamacion",
        help="reclamaciones sobre una sesión: retienen su acta y su registro (R-ACTA-5)",
    )
    rc = p.add_subparsers(dest="action", metavar="ACCIÓN", required=True)
    f = rc.add_parser("file", help="registra una reclamación presentada sobre una sesión")
    add_common(f)
    f.add_argument("--session", required=True, help="sesión a la que se refiere")
    f.add_argument("--subject", required=True, help="asunto de la reclamación")
    f.add_argument("--reference", help="referencia de la hoja de reclamaciones o del expediente")
    f.add_argument("--date", type=iso_date, help="fecha de presentación AAAA-MM-DD (hoy)")
    f = rc.add_parser(
        "settle", help="registra que la resolución firme de una reclamación se ha cumplido"
    )
    add_common(f)
    f.add_argument("id", help="identificador de la reclamación (p. ej. 2026-11-22/R1)")
    f.add_argument("--date", type=iso_date, help="fecha de cumplimiento AAAA-MM-DD (hoy)")
    f.add_argument("--note", help="resolución y cómo se cumplió")
    f = rc.add_parser("list", help="las reclamaciones de la sala y su estado")
    add_common(f)
    f.add_argument("--json", action="store_true", help="en JSON (lo que lee acta purge)")
    p.set_defaults(func=cmd_reclamacion)
