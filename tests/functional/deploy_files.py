"""Read a generated project's deploy files as data: Dockerfile, .dockerignore, Kubernetes manifests.

Shared by tests/functional/test_deploy_files.py (this module holds no tests). The readers are small
on purpose: they understand exactly the syntax the templates use (and say so when they meet
something else), so that the assertions read like the properties a user relies on. One more
helper gives the environment a pod would give the process, to start the project with it here.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shlex
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
    def version(self) -> str:
        init = self.root / ("backend" if self.kind == "module" else "") / self.package / "__init__.py"
        match = re.search(r'__version__ = "([^"]+)"', init.read_text(encoding="utf-8"))
        assert match, f"no __version__ in {init}"
        return match.group(1)

    def healthcheck(self) -> list[str]:
        """The exec-form command of the runtime stage's HEALTHCHECK."""
        checks = self.final("HEALTHCHECK")
        assert len(checks) == 1, f"the runtime stage has {len(checks)} HEALTHCHECK instructions"
        _, cmd, command = checks[0].args.partition("CMD ")
        assert cmd and command.startswith("["), "HEALTHCHECK CMD in exec form (no shell in between)"
        argv = json.loads(command)
        assert isinstance(argv, list) and all(isinstance(a, str) for a in argv)
        return argv


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
