"""Read a generated project's deploy files as data: Dockerfile, .dockerignore, Kubernetes manifests.

Shared by tests/functional/test_deploy_files.py (this module holds no tests). The readers are small
on purpose: they understand exactly the syntax the templates use (and say so when they meet
something else), so that the assertions read like the properties a user relies on. One more
helper gives the environment a pod would give the process, to start the project with it here, and
another lays out the runtime stage of an image as a folder (its build stages run as folders: npm's
for a Node image, `go build` for a Go binary on distroless), which a third reads the binary of;
npm's cache for those stages is seeded from the machine's, as a warm cache mount would be.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import shlex
import shutil
import struct
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml

Manifest = dict[str, Any]


@dataclass(frozen=True)
class Instruction:
    keyword: str
    args: str
    stage: int  # 0 for the first FROM's stage


def parse_dockerfile(text: str) -> list[Instruction]:
    """Instructions with continuation lines joined and comments dropped (as Docker reads them)."""
    instructions: list[Instruction] = []
    stage = -1
    buffer = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            buffer += line[:-1] + " "
            continue
        keyword, _, args = (buffer + line).partition(" ")
        buffer = ""
        if keyword.upper() == "FROM":
            stage += 1
        instructions.append(Instruction(keyword.upper(), " ".join(args.split()), stage))
    assert not buffer, "the Dockerfile ends inside a continued line"
    return instructions


def env_pairs(args: str) -> dict[str, str]:
    """`ENV A=1 B="x y"` as a dict (the key=value form; the templates use no other)."""
    pairs: dict[str, str] = {}
    for token in shlex.split(args):
        name, equals, value = token.partition("=")
        assert equals, f"ENV {args!r}: use the KEY=value form"
        pairs[name] = value
    return pairs


def flag_free(args: str) -> list[str]:
    """The arguments of COPY/FROM without their --flags."""
    return [token for token in args.split() if not token.startswith("--")]


class DockerIgnore:
    """Docker's .dockerignore rules: last matching line wins, a folder's rule covers what is inside."""

    def __init__(self, text: str) -> None:
        self.rules: list[tuple[bool, re.Pattern[str]]] = []
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            include = line.startswith("!")
            pattern = os.path.normpath(line.lstrip("!").strip().lstrip("/"))
            if pattern != ".":
                self.rules.append((include, re.compile(_pattern_regex(pattern))))

    def excludes(self, path: str) -> bool:
        parts = path.split("/")
        candidates = ["/".join(parts[: n + 1]) for n in range(len(parts))]
        excluded = False
        for include, regex in self.rules:
            if any(regex.fullmatch(candidate) for candidate in candidates):
                excluded = not include
        return excluded


def _pattern_regex(pattern: str) -> str:
    """Go's filepath.Match syntax plus `**` (any number of folders), as Docker's matcher reads it."""
    out = ""
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if pattern.startswith("**/", index):
            out, index = out + "(?:.*/)?", index + 3
            continue
        if pattern.startswith("**", index):
            out, index = out + ".*", index + 2
            continue
        if char == "*":
            out += "[^/]*"
        elif char == "?":
            out += "[^/]"
        elif char == "[":
            end = pattern.index("]", index)
            out += "[" + pattern[index + 1 : end].replace("!", "^", 1) + "]"
            index = end
        else:
            out += re.escape(char)
        index += 1
    return out


@dataclass(frozen=True)
class DeployFiles:
    """One project's Dockerfile, .dockerignore and deploy/kubernetes, parsed."""

    root: Path
    project_name: str
    package: str
    kind: str  # "plugin" or "module"
    language: str = "python"  # the language of the service: "python", "typescript" or "go"

    @property
    def kubernetes(self) -> Path:
        return self.root / "deploy" / "kubernetes"

    @cached_property
    def instructions(self) -> list[Instruction]:
        return parse_dockerfile((self.root / "Dockerfile").read_text(encoding="utf-8"))

    def final(self, keyword: str) -> list[Instruction]:
        """The instructions with `keyword` in the runtime (last) stage."""
        last = max(i.stage for i in self.instructions)
        return [i for i in self.instructions if i.keyword == keyword and i.stage == last]

    @cached_property
    def image_env(self) -> dict[str, str]:
        env: dict[str, str] = {}
        for instruction in self.final("ENV"):
            env.update(env_pairs(instruction.args))
        return env

    @cached_property
    def ignore(self) -> DockerIgnore:
        return DockerIgnore((self.root / ".dockerignore").read_text(encoding="utf-8"))

    @cached_property
    def kustomization(self) -> Manifest:
        loaded = yaml.safe_load((self.kubernetes / "kustomization.yaml").read_text(encoding="utf-8"))
        assert isinstance(loaded, dict), "kustomization.yaml is not a mapping"
        return loaded

    @cached_property
    def resources(self) -> list[Path]:
        return [self.kubernetes / name for name in self.kustomization.get("resources", [])]

    @cached_property
    def manifests(self) -> dict[str, Manifest]:
        """The objects `kubectl apply -k` would create, by kind (one of each)."""
        found: dict[str, Manifest] = {}
        for path in self.resources:
            for document in yaml.safe_load_all(path.read_text(encoding="utf-8")):
                if document:
                    assert document["kind"] not in found, f"two {document['kind']} objects"
                    found[document["kind"]] = document
        return found

    def manifest(self, kind: str) -> Manifest:
        assert kind in self.manifests, f"no {kind} among {sorted(self.manifests)}"
        return self.manifests[kind]

    @property
    def pod(self) -> Manifest:
        return dict(self.manifest("Deployment")["spec"]["template"])

    @property
    def container(self) -> Manifest:
        containers = self.pod["spec"]["containers"]
        assert len(containers) == 1, "one container per pod"
        return dict(containers[0])

    @property
    def container_env(self) -> dict[str, Manifest]:
        return {item["name"]: item for item in self.container.get("env", [])}

    @property
    def service_root(self) -> Path:
        """The folder of the service's own files: a module's backend/, a plugin's root."""
        return self.root / "backend" if self.kind == "module" else self.root

    @property
    def version(self) -> str:
        if (
            self.language == "go"
        ):  # no manifest holds it: the plugin's data source or the module's settings says it
            relative = (
                "internal/settings/settings.go"
                if self.kind == "module"
                else "internal/datasource/datasource.go"
            )
            source = (self.service_root / relative).read_text(encoding="utf-8")
            found = re.search(r'\bVersion:\s*"([^"]+)"', source)
            assert found, f"no Version in {relative}"
            return found.group(1)
        if self.language == "typescript":
            version = json.loads((self.service_root / "package.json").read_text(encoding="utf-8"))["version"]
            assert isinstance(version, str)
            return version
        init = self.root / ("backend" if self.kind == "module" else "") / self.package / "__init__.py"
        match = re.search(r'__version__ = "([^"]+)"', init.read_text(encoding="utf-8"))
        assert match, f"no __version__ in {init}"
        return match.group(1)

    def start_command(self) -> list[str]:
        """What the runtime stage runs, as Docker joins them: its ENTRYPOINT, then its CMD, each in
        exec form (a shell form would make /bin/sh PID 1, which neither forwards SIGTERM nor
        exists in a distroless image)."""
        argv: list[str] = []
        for keyword in ("ENTRYPOINT", "CMD"):
            found = self.final(keyword)
            assert len(found) <= 1, f"the runtime stage has {len(found)} {keyword} instructions"
            for instruction in found:
                assert instruction.args.startswith("["), f"{keyword} {instruction.args}: use the exec form"
                argv += json.loads(instruction.args)
        assert argv and all(isinstance(a, str) for a in argv), "the runtime stage starts nothing"
        return argv

    def healthcheck(self) -> list[str]:
        """The exec-form command of the runtime stage's HEALTHCHECK."""
        checks = self.final("HEALTHCHECK")
        assert len(checks) == 1, f"the runtime stage has {len(checks)} HEALTHCHECK instructions"
        _, cmd, command = checks[0].args.partition("CMD ")
        assert cmd and command.startswith("["), "HEALTHCHECK CMD in exec form (no shell in between)"
        argv = json.loads(command)
        assert isinstance(argv, list) and all(isinstance(a, str) for a in argv)
        return argv


def stage_names(instructions: list[Instruction]) -> dict[str, int]:
    """`FROM image AS name` -> name: the stage's index."""
    names: dict[str, int] = {}
    for instruction in instructions:
        if instruction.keyword == "FROM":
            words = instruction.args.split()
            if len(words) == 3 and words[1].upper() == "AS":
                names[words[2]] = instruction.stage
    return names


@dataclass(frozen=True)
class ImageFolder:
    """A stage's filesystem laid out as a folder: `root` stands for its /, `workdir` its WORKDIR."""

    root: Path
    workdir: Path

    def path(self, image_path: str) -> Path:
        """Where a path of the image (absolute, or relative to WORKDIR) lies here."""
        return self.root / image_path.lstrip("/") if image_path.startswith("/") else self.workdir / image_path


# An absolute path in a RUN command (`-o /out/plugin`, `mkdir -p /out/state`): a word that starts
# with / (at the start, after a space or a `=`). It is made the stage's folder's.
ABSOLUTE_PATH = re.compile(r"(?<![^\s=])/(?=[\w.])")


def assemble_runtime(
    files: DeployFiles,
    scratch: Path,
    env: Mapping[str, str],
    same_as: Mapping[str, Callable[[Path], None]] | None = None,
) -> ImageFolder:
    """The runtime stage's filesystem as a folder of `scratch`, built as `docker build` would build it.

    Each stage is a folder standing for its root (/), its WORKDIR inside (/ without one). COPY
    instructions copy from the build context (what .dockerignore lets through) or from another
    stage's folder (`--from`: a path from that stage's /) to a path of the stage (absolute, or
    relative to WORKDIR). A build stage's RUN instructions run in its WORKDIR in a shell with `env`,
    the absolute paths they name made the stage's folder's (only where a path starts a word: the
    commands the templates use; a tool of the image, /usr/local/go/bin/go, would not be found).
    The runtime stage's own RUN instructions (its user, the state folder) change the system, so
    they are left out. A RUN whose whole command is a key of `same_as` (or `<stage name>: <command>`,
    for a command two stages run) is done by its value instead, called with the stage's WORKDIR: a
    step that makes the same files from the same inputs (`npm ci` from the lock the stage holds:
    tests/node_install.py runs that very command once per run)."""
    last = max(i.stage for i in files.instructions)
    named = {index: name for name, index in stage_names(files.instructions).items()}
    stages: dict[int, ImageFolder] = {}
    for instruction in files.instructions:
        stage = instruction.stage
        if instruction.keyword == "FROM":
            root = scratch / f"stage-{stage}"
            root.mkdir(parents=True)
            stages[stage] = ImageFolder(root, root)
        elif instruction.keyword == "WORKDIR":
            assert instruction.args.startswith("/"), f"WORKDIR {instruction.args}: an absolute path"
            workdir = stages[stage].path(instruction.args)
            workdir.mkdir(parents=True, exist_ok=True)
            stages[stage] = ImageFolder(stages[stage].root, workdir)
        elif instruction.keyword == "COPY":
            *sources, target = flag_free(instruction.args)
            destination = stages[stage].path(target)
            found = re.search(r"--from=(\S+)", instruction.args)
            for source in sources:
                if found:
                    origin = stages[stage_names(files.instructions)[found[1]]]
                    assert source.startswith("/"), f"COPY {instruction.args}: a path from the stage's /"
                    _copy(origin.path(source), destination, target, None)
                else:
                    _copy(files.root / source, destination, target, files)
        elif (
            instruction.keyword == "RUN"
            and stage != last
            and _stand_in(same_as, named.get(stage), instruction)
        ):
            _stand_in(same_as, named.get(stage), instruction)(stages[stage].workdir)  # type: ignore[misc]
        elif instruction.keyword == "RUN" and stage != last:
            command = ABSOLUTE_PATH.sub(str(stages[stage].root) + "/", instruction.args)
            result = subprocess.run(
                ["sh", "-c", command], cwd=stages[stage].workdir, env=dict(env),
                capture_output=True, text=True, timeout=900, check=False,
            )  # fmt: skip
            assert result.returncode == 0, (
                f"RUN {instruction.args}:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
            )
    return stages[last]


def _stand_in(
    same_as: Mapping[str, Callable[[Path], None]] | None, stage: str | None, instruction: Instruction
) -> Callable[[Path], None] | None:
    """What does a RUN instead of its command: `same_as` by `<stage>: <command>`, else by the command."""
    found = same_as or {}
    return found.get(f"{stage}: {instruction.args}") or found.get(instruction.args)


def seed_npm_cache(source: Path, cache: Path) -> None:
    """`cache` (an npm cache folder) as a copy of `source`'s packages, which another npm may be
    using: only npm's content-addressed store, _cacache, and what a reader finds there complete.

    cacache writes a package's content to tmp/ and renames it into content-v2 (never over an
    existing file), so content-v2's files are hard-linked (copied across file systems) and
    `npm cache clean --force` in a RUN only unlinks them. It appends to index-v5's bucket files
    in place, so those are copied: npm's writes there stay in `cache`. A line half-appended by
    another npm is one cacache skips (each line carries its own hash); a file removed while the
    folder is read is left out, and an absent `source` seeds nothing (npm then downloads)."""
    for folder, link in (("content-v2", True), ("index-v5", False)):
        origin = source / "_cacache" / folder
        for parent, _, names in os.walk(origin):
            into = cache / "_cacache" / folder / Path(parent).relative_to(origin)
            into.mkdir(parents=True, exist_ok=True)
            for name in names:
                with contextlib.suppress(FileNotFoundError):
                    _link_or_copy(Path(parent, name), into / name, link)


def _link_or_copy(source: Path, target: Path, link: bool) -> None:
    if link:
        try:
            os.link(source, target)
            return
        except FileNotFoundError:
            raise
        except OSError:  # another file system, or links not allowed: a copy
            pass
    shutil.copyfile(source, target)


def dynamic_loader(binary: Path) -> str | None:
    """The program loader an ELF binary asks for (its PT_INTERP), None for a static binary: the
    one kind that runs on distroless/static, which has no loader and no libc."""
    data = binary.read_bytes()
    assert data[:4] == b"\x7fELF" and data[4:6] == b"\x02\x01", f"{binary}: not a 64-bit little-endian ELF"
    (header_offset,) = struct.unpack_from("<Q", data, 0x20)
    header_size, header_count = struct.unpack_from("<HH", data, 0x36)
    for index in range(header_count):
        at = header_offset + index * header_size
        (kind,) = struct.unpack_from("<I", data, at)
        if kind == 3:  # PT_INTERP: p_offset at +8, p_filesz at +32
            (offset,) = struct.unpack_from("<Q", data, at + 8)
            (size,) = struct.unpack_from("<Q", data, at + 32)
            return data[offset : offset + size].rstrip(b"\0").decode()
    return None


def _copy(source: Path, destination: Path, target: str, context: DeployFiles | None) -> None:
    """COPY's rules: a folder's content into the target folder; a file into a target ending in /
    (or `.`), else as the target. From the build context, only what .dockerignore lets through."""

    def ignored(folder: str, names: list[str]) -> list[str]:
        if context is None:
            return []
        base = Path(folder).relative_to(context.root)
        return [n for n in names if context.ignore.excludes((base / n).as_posix().removeprefix("./"))]

    assert source.exists(), f"COPY: no {source}"
    if source.is_dir():
        shutil.copytree(source, destination, ignore=ignored, dirs_exist_ok=True, symlinks=True)
    elif target.endswith("/") or target in (".", "./"):
        destination.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination / source.name)
    else:
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination)


def container_environment(files: DeployFiles, scratch: Path) -> dict[str, str]:
    """What the process sees in the pod: the image's ENV, then the Deployment's env; paths that
    are volumes there become folders here, the Secret a freshly generated key."""
    env = {k: v for k, v in files.image_env.items() if k not in ("PATH", "HOST", "PORT")}
    for name, item in files.container_env.items():
        if "value" in item:
            env[name] = str(item["value"])
        elif item.get("valueFrom", {}).get("secretKeyRef", {}).get("optional") is not True:
            env[name] = base64.urlsafe_b64encode(os.urandom(32)).decode()  # the README's one-liner
    env.pop("PORT", None)
    if "PLUGIN_STATE_DIR" in env:
        env["PLUGIN_STATE_DIR"] = str(scratch / "state")
    if files.kind == "module":
        dist = scratch / "dist"
        dist.mkdir(exist_ok=True)
        (dist / "module.js").write_text("window.module = {registry: {}};\n", encoding="utf-8")
        (dist / "module.css").write_text(".x{}\n", encoding="utf-8")
        env["MODULE_FRONTEND_DIST"] = str(dist)
    return env
