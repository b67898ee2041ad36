"""tests/run_once.py: a setup shared by pytest-xdist workers is made once, and remade after a failure."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.run_once import once_per_run


class _Factory:
    """The part of pytest.TempPathFactory that once_per_run uses, for one worker of a run."""

    def __init__(self, run: Path, worker: str) -> None:
        self.base = run / worker
        self.base.mkdir(parents=True, exist_ok=True)

    def getbasetemp(self) -> Path:
        return self.base

    def mktemp(self, name: str) -> Path:
        folder = self.base / name
        folder.mkdir()
        return folder


def test_workers_at_once_share_one_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    made: list[Path] = []
    results: list[tuple[Path, dict[str, Any]]] = []

    def make(folder: Path) -> dict[str, Any]:
        made.append(folder)
        time.sleep(0.2)  # the other workers arrive while this one builds
        (folder / "wheel").write_text("built", encoding="utf-8")
        return {"wheel": str(folder / "wheel")}

    def worker(name: str) -> None:
        results.append(once_per_run(_Factory(tmp_path, name), "thing", make))  # type: ignore[arg-type]

    threads = [threading.Thread(target=worker, args=(f"popen-gw{i}",)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(made) == 1
    assert len(results) == 3 and all(result == results[0] for result in results)
    assert Path(results[0][1]["wheel"]).read_text(encoding="utf-8") == "built"


def test_a_failed_build_is_made_again_from_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")

    def broken(folder: Path) -> dict[str, Any]:
        (folder / "half").write_text("", encoding="utf-8")
        raise RuntimeError("pip failed")

    with pytest.raises(RuntimeError):
        once_per_run(_Factory(tmp_path, "popen-gw0"), "thing", broken)
    folder, made = once_per_run(
        _Factory(tmp_path, "popen-gw1"), "thing", lambda f: {"files": sorted(p.name for p in f.iterdir())}
    )
    assert made == {"files": []} and folder == tmp_path / "shared-thing"


def test_without_xdist_it_is_a_plain_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    factory = _Factory(tmp_path, "basetemp")
    folder, made = once_per_run(factory, "thing", lambda f: {"at": str(f)})  # type: ignore[arg-type]
    assert folder == tmp_path / "basetemp" / "thing" and made == {"at": str(folder)}


@pytest.mark.parametrize("worker", ["popen-gw0", None], ids=["xdist", "no-xdist"])
def test_a_process_asks_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, worker: str | None) -> None:
    """Fixtures of several files in one worker (or one `pytest -n 0`) ask for one folder: it is made
    once, and each caller gets the answer as `make` gave it, whatever an earlier caller did to its own."""
    if worker is None:
        monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    else:
        monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
    factory = _Factory(tmp_path, worker or "basetemp")
    made: list[Path] = []

    def make(folder: Path) -> dict[str, Any]:
        made.append(folder)
        return {"at": str(folder), "notes": []}

    folder, first = once_per_run(factory, "thing", make)  # type: ignore[arg-type]
    first["notes"].append("changed by the first caller")
    assert once_per_run(factory, "thing", make) == (folder, {"at": str(folder), "notes": []})  # type: ignore[arg-type]
    assert made == [folder]
