"""The dependency layer's venvs (tests/e2e/dependency_layer.py), offline with two hand-made wheels.

A venv made by `layered_venv` imports what the layer holds, runs pip from it, finds a requirement
the layer satisfies already installed, and installs one the layer does not satisfy into its own
site-packages (which then shadows the layer) without changing the layer.
"""

from __future__ import annotations

import base64
import hashlib
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.e2e.conftest import make_venv
from tests.e2e.dependency_layer import PTH_NAME, DependencyLayer, layered_venv, purelib

pytestmark = pytest.mark.slow


def write_wheel(folder: Path, version: str) -> Path:
    """`tinydep-<version>-py3-none-any.whl`: one module that knows its version."""
    info = f"tinydep-{version}.dist-info"
    files = {
        "tinydep.py": f'VERSION = "{version}"\n',
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: tinydep\nVersion: {version}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    for name, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(text.encode())}")
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    wheel = folder / f"tinydep-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return wheel


def run(python: Path, *args: str) -> str:
    result = subprocess.run([str(python), *args], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def pip_offline(python: Path, wheels: Path, requirement: str) -> str:
    return run(
        python,
        *("-m", "pip", "install", "--disable-pip-version-check", "--no-index", "--find-links"),
        *(str(wheels), requirement),
    )


def test_a_layered_venv_uses_the_layer_and_installs_what_it_lacks_into_itself(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    write_wheel(wheels, "1.0")
    write_wheel(wheels, "2.0")
    layer_python = make_venv(tmp_path / "layer") / "bin" / "python"
    pip_offline(layer_python, wheels, "tinydep==1.0")
    layer = DependencyLayer(venv=tmp_path / "layer", site_packages=purelib(layer_python), without="none")
    layer_files = sorted(p.name for p in layer.site_packages.iterdir())

    python = layered_venv(tmp_path / "project-venv", layer)
    own = purelib(python)
    assert sorted(p.name for p in own.iterdir()) == [PTH_NAME]  # no pip of its own
    assert run(python, "-c", "import tinydep; print(tinydep.VERSION)") == "1.0\n"
    assert "already satisfied" in pip_offline(python, wheels, "tinydep>=1")
    assert sorted(p.name for p in own.iterdir()) == [PTH_NAME]

    pip_offline(python, wheels, "tinydep==2.0")
    assert run(python, "-c", "import tinydep; print(tinydep.VERSION)") == "2.0\n"
    assert (own / "tinydep.py").is_file()
    assert sorted(p.name for p in layer.site_packages.iterdir()) == layer_files  # the layer is untouched
    assert run(layer_python, "-c", "import tinydep; print(tinydep.VERSION)") == "1.0\n"
