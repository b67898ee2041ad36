"""scaffold: code generator and project scaffolder for the platform's extension contracts.

`__version__` is the one place scaffold's version is written: the wheel's metadata reads it
(pyproject.toml, `[tool.hatch.version]`), `scaffold --version` prints it and every generated
project records it. Bump it for each release and add the release's entry to CHANGELOG.md.

`DISTRIBUTION` is the name pip installs scaffold by. The import package and the command are
`scaffold`, but that name on PyPI belongs to an unrelated project, so the distribution has its
own; pyproject.toml's `name` spells the same (tests/unit/test_release.py keeps them equal).
"""

__version__ = "1.7.0"
DISTRIBUTION = "contract-scaffold"
