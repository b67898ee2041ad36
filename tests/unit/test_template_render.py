"""scaffold's own template renderer gives byte for byte what copier.run_copy gives, or refuses.

Each case renders the same template store source twice, once with copier and once with
scaffold.projects.templates.render, and compares paths, bytes and modes of every entry
(.copier-answers.yml included). Bad answers must fail with copier's class and message.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from scaffold import user_cache
from scaffold.errors import DestinationError
from scaffold.projects import create
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.projects.templates import render as template_render
from scaffold.projects.templates import store as template_store
from scaffold.projects.templates.bytecode import KIND as BYTECODE
from scaffold.projects.templates.render import Unsupported, load_config, render_template
from scaffold.projects.templates.store import TemplateSource, ensure_store, record_portable_source
from scaffold.resources import templates_root

PLUGIN_SET = {"contract_version": "1.2.0+r3", "scaffold_version": "0.1.0"}
MODULE_SET = {"contract_version": "2026.1.1+r2", "scaffold_version": "0.1.0"}
ODD_TITLE = "Ačme \"Sales\" 'q' `tick` ${x} $(id) {{ 7 * 7 }} {% raw %} \\ 日本 ✓"
LONG_NAME = "a" + "-b" * 31 + "c"  # 64 characters
LONG_PACKAGE = "p" * 64

CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("plugin", PLUGIN_SET, {"project_name": "acme-sales"}),
    ("plugin", {**PLUGIN_SET, "example": False}, {"project_name": "acme-sales"}),  # the starter without it
    (
        "plugin",
        {
            **PLUGIN_SET,
            "project_name": "acme-sales",
            "package_name": "acme_pkg",
            "title": "Acme Title",
            "description": "Describes it",
            "author": "Jane Doe",
        },
        {"project_name": "folder-name"},
    ),
    ("plugin", {**PLUGIN_SET, "title": ODD_TITLE, "author": 'O\'Brien "Bob" `x`'}, {"project_name": "odd"}),
    (
        "plugin",
        {**PLUGIN_SET, "project_name": LONG_NAME, "package_name": LONG_PACKAGE},
        {"project_name": "x"},
    ),
    ("module", MODULE_SET, {"project_name": "acme-map"}),
    (
        "module",
        {
            **MODULE_SET,
            "project_name": "acme-map",
            "package_name": "acme_pkg",
            "title": "Map",
            "description": "A map",
            "author": "Jane",
            "scope": "$Scope-1",
            "components": ["Settings"],
            "registry_url": "https://npm.example.com/repo/",
        },
        {"project_name": "folder"},
    ),
    (
        "module",
        {**MODULE_SET, "title": ODD_TITLE, "components": ["Widget", "WidgetEditor"]},
        {"project_name": "odd"},
    ),
    (
        "module",
        {**MODULE_SET, "project_name": LONG_NAME, "package_name": LONG_PACKAGE},
        {"project_name": "x"},
    ),
]

BAD: list[tuple[str, dict[str, Any]]] = [
    ("plugin", {**PLUGIN_SET, "project_name": "Bad_Name"}),
    ("plugin", {**PLUGIN_SET, "project_name": LONG_NAME + "x"}),
    ("plugin", {**PLUGIN_SET, "package_name": "9pkg"}),
    ("plugin", {**PLUGIN_SET, "title": "   "}),
    ("module", {**MODULE_SET, "scope": "1bad"}),
    ("module", {**MODULE_SET, "components": "[unclosed"}),
]


def tree(root: Path) -> dict[str, tuple[str, bytes]]:
    """Every entry below root: path -> (mode, bytes); folders have empty bytes."""
    found: dict[str, tuple[str, bytes]] = {}
    for path in sorted(root.rglob("*")):
        mode = stat.filemode(path.lstat().st_mode)
        found[path.relative_to(root).as_posix()] = (mode, b"" if path.is_dir() else path.read_bytes())
    return found


def copier_copy(source: TemplateSource, target: Path, data: dict[str, Any], defaults: dict[str, Any]) -> None:
    """copier.run_copy as scaffold's fallback runs it (scaffold.projects.create._run_copier)."""
    import copier

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        copier.run_copy(
            source.src_path,
            target,
            data=data,
            user_defaults=defaults,
            vcs_ref=source.tag,
            defaults=True,
            overwrite=True,
            quiet=True,
            unsafe=False,
        )
    # as scaffold does after every copier run: the store recorded the same on every machine
    record_portable_source(target / ".copier-answers.yml", source)


@pytest.mark.parametrize(("kind", "data", "defaults"), CASES)
def test_renders_exactly_what_copier_renders(
    tmp_path: Path, kind: str, data: dict[str, Any], defaults: dict[str, Any]
) -> None:
    source = ensure_store(KINDS[kind].template)
    copier_copy(source, tmp_path / "copier" / "p", dict(data), dict(defaults))
    for attempt in ("cold", "warm"):  # the second one reads compiled templates from the cache
        render_template(source, tmp_path / attempt / "p", dict(data), dict(defaults))
        assert tree(tmp_path / attempt) == tree(tmp_path / "copier")
    assert any(user_cache.folder(BYTECODE).glob("*.entry"))


def _demo_template(root: Path) -> None:
    """A template using every rule the renderer reproduces, including ones the shipped ones do not."""
    folder = root / "demo"
    project = folder / "project"
    (project / "ignored").mkdir(parents=True)
    (project / "{{ name }}" / "deeper").mkdir(parents=True)
    (folder / "copier.yml").write_text(
        "_subdirectory: project\n_templates_suffix: .jinja\n_exclude: ['*.skip', ignored/, '{{ name }}.tmp']\n"
        "_skip_if_exists: [keep.txt]\nname: {type: str, default: demo, validator: ''}\n"
        "items: {type: yaml, default: [a, '{{ name }}']}\nempty: {type: str, default: ''}\n"
        "flag: {type: bool, default: true}\n",
        encoding="utf-8",
    )
    files = {
        "run.sh": "#!/bin/sh\necho plain\n",
        "tool.sh.jinja": "#!/bin/sh\necho {{ name }}\n",
        "both.txt": "plain twin\n",
        "both.txt.jinja": "templated twin {{ name }}\n",
        "{{ empty }}": "dropped\n",
        "{% if 'a' in items %}a.txt{% endif %}.jinja": "{{ items | tojson }} {{ name | to_json }}\n",
        "{% if 'z' in items %}z.txt{% endif %}": "dropped\n",
        "{% if flag %}flag.txt{% endif %}.jinja": "{{ flag }}\n",
        "{% if not flag %}no-flag.txt{% endif %}.jinja": "{{ flag }}\n",
        "x.skip": "excluded\n",
        "demo.tmp": "excluded by a templated pattern\n",
        "ignored/file.txt": "excluded folder\n",
        "{{ name }}/deeper/inner.txt.jinja": "{{ _folder_name }} {{ _copier_conf.sep }} {{ pathjoin('a', 'b') }}",
        "crlf.txt.jinja": "one\r\ntwo {{ name }}\r\n",
        "caf\u00e9.txt": "unicode name\n",
        "{{_copier_conf.answers_file}}.jinja": "{{ _copier_answers|to_nice_yaml -}}",
    }
    for name, text in files.items():
        (project / name).write_bytes(text.encode())
    for name in ("run.sh", "tool.sh.jinja"):
        (project / name).chmod(0o755)
    (root / "versions.yaml").write_text("demo: 1.0.0\n", encoding="utf-8")


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"name": "other", "items": "[b, c]", "empty": "named", "flag": False},
        {"flag": "no"},
        {"flag": "On"},
        {"flag": 0},
        {"flag": ""},
    ],
)
def test_renders_every_supported_rule_as_copier(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: dict[str, Any]
) -> None:
    root = tmp_path / "templates"
    _demo_template(root)
    monkeypatch.setattr(template_store, "templates_root", lambda: root)
    monkeypatch.setattr(template_render, "templates_root", lambda: root)
    source = ensure_store("demo")
    copier_copy(source, tmp_path / "copier" / "p", dict(data), {})
    render_template(source, tmp_path / "fast" / "p", dict(data), {})
    assert tree(tmp_path / "fast") == tree(tmp_path / "copier")
    assert stat.S_IMODE((tmp_path / "fast" / "p" / "tool.sh").stat().st_mode) & 0o111


@pytest.mark.parametrize(("kind", "data"), BAD)
def test_bad_answers_fail_as_copier_fails(tmp_path: Path, kind: str, data: dict[str, Any]) -> None:
    source = ensure_store(KINDS[kind].template)
    with pytest.raises(ValueError) as by_copier:
        copier_copy(source, tmp_path / "copier", dict(data), {"project_name": "fine"})
    with pytest.raises(ValueError) as by_scaffold:
        render_template(source, tmp_path / "fast", dict(data), {"project_name": "fine"})
    assert type(by_scaffold.value) is type(by_copier.value)
    assert str(by_scaffold.value) == str(by_copier.value)


@pytest.mark.parametrize("kind", ["plugin", "module"])
def test_create_project_reports_bad_answers_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    answers = {"package_name": "9pkg", "title": "t"}
    errors = []
    for switch in ("1", "0"):
        monkeypatch.setenv("SCAFFOLD_RENDER_WITH_COPIER", switch)
        options = NewProjectOptions(KINDS[kind], tmp_path / f"p{switch}", dict(answers))
        with pytest.raises(Exception) as caught:
            create_project(options)
        errors.append((type(caught.value), str(caught.value)))
    assert errors[0] == errors[1]
    assert not (tmp_path / "p0").exists()


def test_full_disk_while_the_renderer_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(template_render, "_write", full)
    destination = tmp_path / "deep" / "acme-sales"
    with pytest.raises(
        DestinationError, match="No space left on device.*nothing was written.*Free some disk space"
    ):
        create_project(NewProjectOptions(kind=KINDS["plugin"], destination=destination, answers={}))
    assert list(tmp_path.iterdir()) == []


UNSUPPORTED = [
    "_tasks: ['echo hi']\n",
    "_migrations: []\n",
    "_jinja_extensions: [jinja2.ext.do]\n",
    "_envops: {keep_trailing_newline: false}\n",
    "_templates_suffix: .tmpl\n",
    "_message_after_copy: done\n",
    "extra: {type: str, default: x, when: false}\n",
    "extra: {type: str, choices: [a, b], default: a}\n",
    "extra: {type: str, default: x, secret: true}\n",
    "extra: {type: str, default: '{{ UNSET }}'}\n",
    "extra: plain default\n",
    "_secret_questions: [author]\n",
    "---\nanother: {type: str}\n",
]


@pytest.mark.parametrize("addition", UNSUPPORTED)
def test_refuses_copier_features_outside_the_subset(tmp_path: Path, addition: str) -> None:
    root = tmp_path / "plugin"
    root.mkdir()
    shipped = (templates_root() / "plugin-python" / "copier.yml").read_text(encoding="utf-8")
    (root / "copier.yml").write_text(shipped + addition, encoding="utf-8")
    load_config(templates_root() / "plugin-python")  # the shipped one is supported
    with pytest.raises(Unsupported):
        load_config(root)


def test_unsupported_template_still_creates_the_project_through_copier(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A template feature the renderer does not know (here `placeholder`) goes to copier, unchanged."""
    root = tmp_path / "templates"
    shutil.copytree(templates_root(), root)
    # An edited template no longer rebuilds its past versions from their changes (the store
    # refuses them); creating a project needs only the current version.
    shutil.rmtree(root / "history")
    with open(root / "plugin-python" / "copier.yml", "a", encoding="utf-8") as handle:
        handle.write("nickname:\n  type: str\n  default: nick\n  placeholder: e.g. nick\n")
    monkeypatch.setattr(template_store, "templates_root", lambda: root)
    monkeypatch.setattr(template_render, "templates_root", lambda: root)
    calls: list[Path] = []
    real = create._run_copier

    def spy(source: TemplateSource, target: Path, *args: Any) -> None:
        calls.append(target)
        real(source, target, *args)

    monkeypatch.setattr(create, "_run_copier", spy)
    created = create_project(NewProjectOptions(KINDS["plugin"], tmp_path / "acme-sales", {}))
    assert len(calls) == 1
    assert created.answers["nickname"] == "nick"
    assert (tmp_path / "acme-sales" / "acme_sales" / "app.py").is_file()


def test_damaged_bytecode_cache_is_ignored_and_rewritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCAFFOLD_HOME", str(tmp_path / "home"))  # a cache of this kind's templates only
    source = ensure_store("plugin-python")
    data, defaults = dict(PLUGIN_SET), {"project_name": "acme-sales"}
    render_template(source, tmp_path / "first" / "p", dict(data), dict(defaults))
    entries = sorted(user_cache.folder(BYTECODE).glob("*.entry"))
    assert entries
    for index, entry in enumerate(entries):
        body = entry.read_bytes()
        damaged = [b"", body[: len(body) // 2], body[:-1] + bytes([body[-1] ^ 0xFF]), b"\0" * 32 + body[32:]]
        entry.write_bytes(damaged[index % len(damaged)])
    render_template(source, tmp_path / "second" / "p", dict(data), dict(defaults))
    assert tree(tmp_path / "second") == tree(tmp_path / "first")
    # rewritten: a third run reads good entries and still renders the same
    assert all(user_cache.read_bytes_entry(BYTECODE, e.stem) for e in entries)
    render_template(source, tmp_path / "third" / "p", dict(data), dict(defaults))
    assert tree(tmp_path / "third") == tree(tmp_path / "first")


def test_bytecode_cache_never_serves_another_source(tmp_path: Path) -> None:
    root = tmp_path / "t"
    root.mkdir()
    (root / "a.jinja").write_text("one {{ x }}", encoding="utf-8")
    first = template_render.make_environment(root).get_template("a.jinja").render(x=1)
    (root / "a.jinja").write_text("two {{ x }}", encoding="utf-8")
    second = template_render.make_environment(root).get_template("a.jinja").render(x=1)
    assert (first, second) == ("one 1", "two 1")


def test_bytecode_entries_are_keyed_by_scaffold_and_jinja_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jinja2.bccache import Bucket

    from scaffold.projects.templates import bytecode as template_bytecode

    env = template_render.make_environment(tmp_path)
    bucket = Bucket(env, "key", "checksum")
    paths = {template_bytecode.TemplateBytecodeCache("env").key(bucket)}
    monkeypatch.setattr(template_bytecode, "__version__", "99.0.0")
    paths.add(template_bytecode.TemplateBytecodeCache("env").key(bucket))
    monkeypatch.setattr(template_bytecode.jinja2, "__version__", "0.0.1")
    paths.add(template_bytecode.TemplateBytecodeCache("env").key(bucket))
    paths.add(template_bytecode.TemplateBytecodeCache("other env").key(bucket))
    paths.add(template_bytecode.TemplateBytecodeCache("env").key(Bucket(env, "key", "other")))
    assert len(paths) == 5


def test_processes_at_once_share_the_cold_cache(tmp_path: Path) -> None:
    """Three new projects at once on an empty data folder: same trees, no crash, no temp files left."""
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from scaffold.projects.create import NewProjectOptions, create_project\n"
        "from scaffold.projects.kinds import KINDS\n"
        "create_project(NewProjectOptions(KINDS['plugin'], Path(sys.argv[1]), {'project_name': 'acme'}))\n"
    )
    env = {**os.environ, "SCAFFOLD_HOME": str(tmp_path / "home")}
    env.pop("SCAFFOLD_RENDER_WITH_COPIER", None)
    children = [
        subprocess.Popen([sys.executable, "-c", script, str(tmp_path / f"p{i}" / "acme")], env=env)
        for i in range(3)
    ]
    assert [child.wait() for child in children] == [0, 0, 0]
    assert tree(tmp_path / "p0") == tree(tmp_path / "p1") == tree(tmp_path / "p2")
    cache = tmp_path / "home" / "cache" / BYTECODE
    assert any(cache.glob("*.entry")) and not list(cache.glob(".tmp-*"))


def test_answers_are_data_never_templates(tmp_path: Path) -> None:
    source = ensure_store("plugin-python")
    render_template(
        source, tmp_path / "p", {**PLUGIN_SET, "title": "{{ 7919 * 7907 }}"}, {"project_name": "x"}
    )
    answers = (tmp_path / "p" / ".copier-answers.yml").read_text(encoding="utf-8")
    # a product no path or version holds: the temp folder's own number once held "49" (7 * 7)
    assert "{{ 7919 * 7907 }}" in answers and str(7919 * 7907) not in answers


def test_fast_path_does_not_import_copier(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from scaffold.projects.create import NewProjectOptions, create_project\n"
        "from scaffold.projects.kinds import KINDS\n"
        "for kind in ('plugin', 'module'):\n"
        f"    create_project(NewProjectOptions(KINDS[kind], Path({str(tmp_path)!r}) / kind, {{}}))\n"
        "heavy = ('copier', 'questionary', 'prompt_toolkit', 'plumbum')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "SCAFFOLD_RENDER_WITH_COPIER"}
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    )
    assert result.stdout.strip() == "[]"
    assert (tmp_path / "module" / ".copier-answers.yml").is_file()


@pytest.mark.parametrize("kind", ["plugin", "module"])
def test_upgrade_renders_the_current_version_as_copier_does(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """upgrade's rendering of the new version (scaffold.projects.templates.merge) takes the fast path."""
    from scaffold.projects.templates.merge import rendered_template

    source = ensure_store(KINDS[kind].template)
    answers = {
        "project_name": "acme-sales",
        "contract_version": "1.2.0+r3" if kind == "plugin" else "2026.1.1+r2",
        "scaffold_version": "1.0.0",
        "_commit": "v0.0.1",  # recorded metadata, not a question: left out of the fast path's data
    }
    fast = rendered_template(answers, source, source.version)
    monkeypatch.setenv("SCAFFOLD_RENDER_WITH_COPIER", "1")
    assert fast == rendered_template(answers, source, source.version)
