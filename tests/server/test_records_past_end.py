"""A read of the record past its end is said as such, not as a broken record (issue 20, item 5):
``/api/v1/records?after=N`` beyond the last record answered 503 "no está íntegro", a false
integrity alarm; and each page of the replica is read alone, not the whole record after it.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.server.kit import MESA, Client, Server, open_session


def test_records_after_the_end_are_no_integrity_alarm(servers: Callable[..., Server]) -> None:
    server = servers()
    console = Client(server)
    open_session(console)
    assert console.login(*MESA).status_code == 200
    auth = {"Authorization": f"Bearer {console.token}"}
    last = console.state()["version"]

    def records(after: int) -> tuple[int, dict[str, object]]:
        answer = console.http.get(f"{server.url}/api/v1/records?after={after}", headers=auth)
        return answer.status_code, answer.json()

    status, body = records(last + 5)
    assert status == 409, body
    error = body["error"]
    assert isinstance(error, dict) and error["code"] == "after_past_end"
    assert f"termina en el {last}" in str(error["message"]) and "íntegro" not in str(body)
    status, body = records(last)  # at the very end: nothing more, no error
    assert status == 200 and body["records"] == [] and body["more"] is False
    status, body = records(1)
    assert status == 200 and len(body["records"]) == last - 1  # type: ignore[arg-type]
