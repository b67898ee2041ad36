"""Benchmark: `scaffold upgrade FLEET --commit --json` over many projects in one command.

Makes a fleet in a temporary folder: projects of every kind and language at every past template
version scaffold ships (each rendered as that release made it, committed in a repository of its
own), plus some already up to date, round-robin up to --projects. Then, each in a new process
(wrapped so that the figures are that command's and its children's only):
1. `scaffold upgrade FLEET --commit --json`: every project upgraded and committed;
2. the same again: every project is now up to date (the no-op path, before anything renders);
and the same two over a fleet a quarter the size, to show whether memory grows with the fleet.
Prints wall time, CPU (user + system, git's children included) in all and per project, and the
peak resident memory of the largest process. Goals (figures only, no pass/fail): <= 0.5 s of CPU
a project without conflicts; the no-op pass <= 0.3 s a project; peak memory flat in the number
of projects.

Run: python bench/upgrade_fleet.py [--projects 100]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from scaffold import __version__  # noqa: E402
from scaffold.projects.kinds import KINDS  # noqa: E402
from scaffold.projects.templates.store import current_version, known_versions  # noqa: E402
from tests.past_projects import write_past_project  # noqa: E402

# Child of a fresh wrapper process: its RUSAGE_CHILDREN is this command's and its children's alone.
_MEASURED = (
    "import json, resource, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
    "wall = time.perf_counter() - start\n"
    "use = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(json.dumps({'code': done.returncode, 'wall': wall, 'cpu': use.ru_utime + use.ru_stime,"
    " 'peak_kib': use.ru_maxrss, 'stdout': done.stdout, 'stderr': done.stderr[-2000:]}))\n"
)


def _flavours() -> list[tuple[str, str, str | None]]:
    """(kind, language, template version) of each past release, and None: made today."""
    found: list[tuple[str, str, str | None]] = []
    for kind in KINDS.values():
        for language in kind.places:
            template = kind.for_language(language).template
            current = current_version(template)
            found += [
                (kind.name, language, v.version) for v in known_versions(template) if v.version != current
            ]
            found.append((kind.name, language, None))
    return found


def _contract(kind: str, language: str, version: str | None) -> str:
    """The contract revision a release recorded, as the upgrade matrices make them: the newest
    for today's template and the compiled languages' past ones; revision 2 for past Python ones,
    the first revision before Python template 1.2.0."""
    if version is None or language != "python":
        return {"plugin": "1.2.0+r3", "module": "2026.1.1+r3"}[kind]
    if language == "python" and tuple(map(int, version.split("."))) < (1, 2, 0):
        return {"plugin": "1.2.0", "module": "2026.1.1"}[kind]
    return {"plugin": "1.2.0+r2", "module": "2026.1.1+r2"}[kind]


def make_fleet(folder: Path, count: int) -> None:
    for index, (kind, language, version) in zip(range(count), itertools.cycle(_flavours()), strict=False):
        project_kind = KINDS[kind].for_language(language)
        name = f"acme-{kind}-{index:03d}"
        answers = {
            "project_name": name,
            "contract_version": _contract(kind, language, version),
            "scaffold_version": __version__ if version is None else "1.0.0",
        }
        if language != "python":
            answers["language"] = language
            if language == "go" and version == "1.0.0":
                answers["example"] = False  # Go template 1.0.0 had no example
        made = version or current_version(project_kind.template)
        write_past_project(project_kind, answers, made, folder / f"{kind}s" / name)


def _measure(fleet: Path, env: dict[str, str]) -> dict[str, object]:
    command = [sys.executable, "-m", "scaffold", "upgrade", str(fleet), "--commit", "--json"]
    result = subprocess.run(
        [sys.executable, "-c", _MEASURED, *command], capture_output=True, text=True, check=True, env=env
    )
    measured: dict[str, object] = json.loads(result.stdout)
    if measured["code"] not in (0, 3):
        raise SystemExit(
            f"the upgrade exited {measured['code']}:\n{measured['stderr']}\n{measured['stdout'][-3000:]}"
        )
    return measured


def _line(label: str, count: int, measured: dict[str, object]) -> str:
    report = json.loads(str(measured["stdout"]))
    cpu, wall, peak = float(measured["cpu"]), float(measured["wall"]), int(measured["peak_kib"])  # type: ignore[arg-type]
    return (
        f"  {label:34} {count:4d} projects  wall {wall:7.1f} s  CPU {cpu:7.1f} s  "
        f"CPU a project {cpu / count:5.2f} s  peak {peak / 1024:6.1f} MiB  ({report['message']})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--projects", type=int, default=100)
    args = parser.parse_args()
    sizes = [max(1, args.projects // 4), args.projects]
    with tempfile.TemporaryDirectory(prefix="fleet-bench-") as work:
        base = Path(work)
        env = {**os.environ, "SCAFFOLD_HOME": str(base / "home"), "PYTHONPATH": str(REPO)}
        env.update(GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@localhost")
        env.update(GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@localhost")
        os.environ["SCAFFOLD_HOME"] = env["SCAFFOLD_HOME"]
        print(f"scaffold {__version__}: {len(_flavours())} kinds x languages x releases, round-robin")
        for size in sizes:
            fleet = base / f"fleet-{size}"
            start = time.perf_counter()
            make_fleet(fleet, size)
            print(f"fleet of {size}: made in {time.perf_counter() - start:.1f} s")
            print(_line("upgrade --commit (all behind)", size, _measure(fleet, env)))
            print(_line("upgrade again (all up to date)", size, _measure(fleet, env)))


if __name__ == "__main__":
    main()
