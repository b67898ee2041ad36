"""Missing tools end in one clear ToolMissingError naming the fix: Chromium, Playwright, npm."""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from pathlib import Path

import pytest

from scaffold.errors import ToolMissingError
from scaffold.host import browser
from scaffold.host import runtime as host_runtime
from scaffold.specs import catalog

SPEC = catalog.load_shipped("dashboard-module", "2026.1.1")


def _script(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_chromium_from_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _script(tmp_path / "my-chromium", "#!/bin/sh\n")
    monkeypatch.setenv("SCAFFOLD_CHROMIUM", str(fake))
    assert browser.chromium_executable() == fake


def test_chromium_env_pointing_nowhere(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SCAFFOLD_CHROMIUM", str(tmp_path / "missing"))
    with pytest.raises(
        ToolMissingError, match="SCAFFOLD_CHROMIUM is set to .*missing, which is not an executable"
    ):
        browser.chromium_executable()


def test_chromium_on_path_is_resolved(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real = _script(tmp_path / "real-chromium", "#!/bin/sh\n")
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "chromium").symlink_to(real)
    monkeypatch.delenv("SCAFFOLD_CHROMIUM", raising=False)
    monkeypatch.setattr(browser, "DEBIAN_CHROMIUM", tmp_path / "no-debian-chromium")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert browser.chromium_executable() == real


def test_chromium_absent_says_how_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SCAFFOLD_CHROMIUM", raising=False)
    monkeypatch.setattr(browser, "DEBIAN_CHROMIUM", tmp_path / "no-debian-chromium")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(ToolMissingError) as caught:
        browser.chromium_executable()
    assert "apt-get install -y chromium" in str(caught.value)


def test_debian_binary_preferred_over_wrapper(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    debian = _script(tmp_path / "chromium-real", "#!/bin/sh\n")
    monkeypatch.delenv("SCAFFOLD_CHROMIUM", raising=False)
    monkeypatch.setattr(browser, "DEBIAN_CHROMIUM", debian)
    assert browser.chromium_executable() == debian


def test_playwright_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)
    with pytest.raises(ToolMissingError) as caught:
        browser.sync_playwright_factory()
    assert "pip install 'contract-scaffold[check]'" in str(caught.value)


def test_npm_missing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(ToolMissingError, match="npm is not installed"):
        host_runtime.ensure_runtime(SPEC, cache=tmp_path / "cache")


def test_npm_failure_is_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _script(
        bin_dir / "npm",
        "#!/bin/sh\necho 'npm error code E404' >&2\necho 'npm error 404 Not Found - GET https://registry.example/react' >&2\nexit 1\n",
    )
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    with pytest.raises(ToolMissingError) as caught:
        host_runtime.ensure_runtime(SPEC, cache=tmp_path / "cache")
    message = str(caught.value)
    assert "npm could not fetch react@18.3.1: npm error 404 Not Found" in message
    assert "npm config get registry" in message


def test_npm_failure_never_relays_a_registry_credential(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """npm names the registry URL it failed on as configured: a token in its path or userinfo."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _script(
        bin_dir / "npm",
        "#!/bin/sh\necho 'npm error 401 Unauthorized - GET "
        "https://npm.example.test/k3yAbCdEf0123456789xyz/acme/react - "
        "https://deploy:hunter2pass@npm.example.test/react' >&2\nexit 1\n",
    )
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    with pytest.raises(ToolMissingError) as caught:
        host_runtime.ensure_runtime(SPEC, cache=tmp_path / "cache")
    message = str(caught.value)
    assert "npm error 401 Unauthorized - GET https://npm.example.test/***/acme/react" in message
    assert "k3yAbCdEf0123456789xyz" not in message
    assert "hunter2pass" not in message and "https://***@npm.example.test/react" in message


def _fake_cache(tmp_path: Path) -> Path:
    cache = tmp_path / "cache"
    for folder, name in (
        ("react@18.3.1", "react.production.min.js"),
        ("react-dom@18.2.0", "react-dom.production.min.js"),
        ("react-hook-form@7.54.2", "index.umd.js"),
    ):
        (cache / folder).mkdir(parents=True)
        (cache / folder / name).write_text("/* cached */", encoding="utf-8")
    return cache


def test_cached_runtime_needs_no_npm(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    cache = _fake_cache(tmp_path)
    cached = hashlib.sha256(b"/* cached */").hexdigest()
    pins = dict.fromkeys(host_runtime.pinned_files(), cached)
    monkeypatch.setattr(host_runtime, "pinned_files", lambda: pins)
    monkeypatch.setenv("PATH", str(tmp_path))
    scripts = host_runtime.ensure_runtime(SPEC, cache=cache)
    assert [s.global_name for s in scripts] == ["React", "ReactDOM", "ReactHookForm"]
    assert scripts[0].path == cache / "react@18.3.1" / "react.production.min.js"


def test_a_cached_file_with_other_bytes_than_the_pinned_ones_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cache = _fake_cache(tmp_path)  # a tampered cache: the bytes are not React's
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(ToolMissingError) as caught:
        host_runtime.ensure_runtime(SPEC, cache=cache)
    message = str(caught.value)
    assert "is not the published react@18.3.1 umd/react.production.min.js" in message
    assert "Delete" in message


def test_every_vendor_file_is_pinned_by_sha256() -> None:
    pinned = host_runtime.pinned_files()
    assert ("uplot", "1.6.32", "dist/uPlot.iife.min.js") in pinned
    assert ("react", "18.3.1", "umd/react.production.min.js") in pinned
    assert all(len(digest) == 64 and int(digest, 16) >= 0 for digest in pinned.values())


def test_cache_lives_in_the_scaffold_home(isolated_scaffold_home: Path) -> None:
    assert host_runtime.cache_root() == isolated_scaffold_home.resolve() / "cache" / "host-runtime"
