"""The hall's lock (requirements/hall.lock) against pyproject.toml: every dependency the hall
installs is pinned there, with hashes, at a version its range allows; a range changed without
`make lock` fails here, not at a hall's install.
"""

from __future__ import annotations

import re
import tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from tests.server.kit import ROOT


def pins(lock: str) -> dict[str, tuple[Version, int]]:
    """Each package of a lock: its version and how many hashes it carries."""
    found: dict[str, tuple[Version, int]] = {}
    for block in re.split(r"\n(?=[A-Za-z0-9])", lock):
        head = re.match(r"([A-Za-z0-9._-]+)==([^ \\\n]+)", block)
        if head:
            found[canonicalize_name(head[1])] = (Version(head[2]), block.count("--hash=sha256:"))
    return found


def test_every_dependency_of_the_hall_is_pinned_with_hashes_within_its_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    listed = [*project["dependencies"], *extras["ui"], *extras["postgres"]]
    wanted = [Requirement(r) for r in listed]
    locked = pins((ROOT / "requirements" / "hall.lock").read_text())
    for requirement in wanted:
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{name} no está en requirements/hall.lock: make lock"
        version, hashes = locked[name]
        assert requirement.specifier.contains(version), f"{name} {version}: make lock"
        assert hashes > 0, name
    assert all(hashes > 0 for _version, hashes in locked.values())
    for tool in ("setuptools", "wheel"):  # the package is built at the hall with no network
        assert canonicalize_name(tool) in locked


def test_the_installer_is_pinned_with_hashes() -> None:
    locked = pins((ROOT / "requirements" / "installer.lock").read_text())
    assert list(locked) == ["uv"] and locked["uv"][1] > 0
