"""A fresh project's container and Kubernetes files hold what a cluster operator relies on.

For both kinds, and the plugin in each of its service languages (`--defaults` projects: a Python
plugin, a TypeScript plugin, a Go plugin, a module; npm install only where the TypeScript plugin is
started): hadolint finds nothing in the Dockerfile; kubernetes-validate (strict, Kubernetes 1.30)
accepts every object the kustomization applies; and the properties behind "2 replicas, safely" hold across files: probes that the app
really answers (the project is started here with the image's and the Deployment's environment,
and the image's HEALTHCHECK command is run against it), one port everywhere, limits, a non-root
read-only container whose uid is the image's user, writable emptyDirs where state is written, the
secret key from a Secret, shutdown that outlasts SHUTDOWN_GRACE_SECONDS (with a pause before
SIGTERM the image can take: the kubelet's sleep action where it has no `sleep`), base images pinned
to a patch release or a digest, and a build context without .git, .venv, tests or keys.

Every check is also run on a deliberately broken copy of the files and must fail there
(`test_check_catches_*`): a check that cannot fail proves nothing. No image is built: this
machine has no container engine. The TypeScript plugin is started from its runtime stage laid out
as a folder instead (its build stages run: `npm ci`, `npm run build`, `npm ci --omit=dev`; the
first is the once-per-run `npm ci` of the same lock, tests/node_install.py), with the image's CMD,
so the production dependencies, dist/ and locales/ are shown to be all it needs.
The Go plugin likewise: its build stage's RUN runs in a scratch copy of what the build context
lets through (`CGO_ENABLED=0 go build -trimpath -ldflags=...`, with this machine's Go, offline), the
binary is laid out where the distroless runtime stage copies it and must be static (no loader:
that image has no libc), and it is started with the image's ENTRYPOINT; its HEALTHCHECK is that
binary's `-healthcheck`, run from the same place. Found with it in the Go template 1.0.0: the
distroless base was a moving tag (now pinned by digest) and its .dockerignore let tests, deploy
files and a .env into the build context (now an allowlist, as the TypeScript plugin's).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from scaffold.contracts import LANGUAGES
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.built_module_backends import built_module
from tests.built_plugins import built_plugin
from tests.functional.deploy_files import (
    DeployFiles,
    ImageFolder,
    assemble_runtime,
    container_environment,
    dynamic_loader,
    flag_free,
    seed_npm_cache,
    stage_names,
)
from tests.functional.test_plugin_harness import project as plugin_project
from tests.functional.test_plugin_harness import scaffold_home
from tests.go_toolchain import go_environment
from tests.node_install import install_node_modules
from tests.served_process import serve_command, serve_package

KUBERNETES_VERSION = "1.30.0"
WRITES_STATE = {"plugin": True, "module": False}  # whether the kind writes PLUGIN_STATE_DIR
# The projects: a kind, or a kind in a service language other than its default.
VARIANTS = ("plugin", "plugin-typescript", "plugin-go", "module", "module-typescript", "module-go")
# By the language of the service: what the runtime stage runs (ENTRYPOINT + CMD, exec form); the
# HEALTHCHECK's interpreter and how it is given code (Go: none, check_healthcheck_declared);
# what installs packages or compiles (only ever in a build stage); whether the runtime image has
# a `sleep` for preStop (distroless has no shell and no coreutils).
START = {
    "python": ["python", "-m", "{package}"],
    "typescript": ["node", "dist/main.js"],
    "go": ["/usr/local/bin/{project}"],
}
HEALTHCHECK = {"python": ["python", "-c"], "typescript": ["node", "-e"]}
INSTALLS = {"python": "pip install", "typescript": "npm ", "go": "go "}
IMAGE_HAS_SLEEP = {"python": True, "typescript": True, "go": False}
# What the runtime copies from a build stage that must be made one way: a word of the COPY, and
# how every RUN of that stage begins. Node: production packages only. Go: a static binary, since
# distroless/static has no libc.
BUILT_FOR_RUNTIME = {
    "typescript": ("node_modules", r"npm ci --omit=dev\b"),
    "go": ("/usr/local/bin/{project}", r"CGO_ENABLED=0 go build\b"),
}
# A patch release's tag (a digest may follow), or a digest: an image published without version
# tags (distroless: latest, nonroot, debug) is pinned by its digest alone.
PINNED_IMAGE = re.compile(
    r"^[a-z0-9./-]+"
    r"(?::\d+\.\d+\.\d+(?:-[a-z0-9.-]+)?(?:@sha256:[0-9a-f]{64})?|(?::[a-z0-9.-]+)?@sha256:[0-9a-f]{64})$"
)
SECRET_WORDS = re.compile(r"SECRET|PASSWORD|TOKEN|CREDENTIAL|_KEY\b|REGISTRY_", re.IGNORECASE)
# Files the image never needs (some must never leave the machine); relative to the project root.
NEVER_SENT = {
    "plugin": [".git/config", ".venv/pyvenv.cfg", ".env", ".plugin-state/secret.key", "tests/test_plugin.py",
               ".scaffold/contract.yaml", "deploy/kubernetes/deployment.yaml", "acme_sales/__pycache__/app.pyc",
               ".pytest_cache/v/x", "dist/acme_sales-0.1.0.whl", ".copier-answers.yml"],
    "plugin-typescript": [".git/config", ".env", ".plugin-state/secret.key", "test/plugin.test.ts",
                          ".scaffold/contract.yaml", "deploy/kubernetes/deployment.yaml", "node_modules/x/a.js",
                          "dist/main.js", ".copier-answers.yml", "src/.env", "service.log", "coverage/index.html",
                          "ci/check-config.json", ".github/workflows/ci.yml", "schemathesis.toml"],
    "plugin-go": [".git/config", ".env", ".plugin-state/secret.key", "internal/datasource/datasource_test.go",
                  ".scaffold/contract.yaml", "deploy/kubernetes/deployment.yaml", "bin/acme-sales",
                  ".copier-answers.yml", "internal/.env", "service.log", "coverage.out", "acme-sales.test",
                  "ci/check-config.json", ".github/workflows/ci.yml", "schemathesis.toml",
                  "internal/example/testdata/sample.json"],
    "module": [".git/config", ".venv/pyvenv.cfg", ".env", "backend/.env", "backend/tests/test_x.py",
               ".scaffold/contract.yaml", "deploy/kubernetes/deployment.yaml", "frontend/node_modules/x/a.js",
               "frontend/dist/module.js", "backend/acme_map/__pycache__/app.pyc", "backend/.venv/bin/python"],
    "module-go": [".git/config", ".env", "backend/.env", "backend/internal/module/demo_test.go", ".scaffold/contract.yaml",
                  "deploy/kubernetes/deployment.yaml", "frontend/node_modules/x/a.js", "frontend/dist/module.js",
                  "backend/bin/module", ".copier-answers.yml"],
    "module-typescript": [".git/config", ".env", "backend/.env", "backend/test/x.test.ts", ".scaffold/contract.yaml",
                          "deploy/kubernetes/deployment.yaml", "frontend/node_modules/x/a.js", "frontend/dist/module.js",
                          "backend/node_modules/x/a.js", "backend/dist/main.js", "backend/coverage/index.html"],
}  # fmt: skip


def variant(files: DeployFiles) -> str:
    """The project's name in VARIANTS."""
    return (
        files.kind
        if files.language == KINDS[files.kind].names.service().language
        else f"{files.kind}-{files.language}"
    )


def tool(name: str) -> str:
    """A tool of this test environment (beside its Python), not whatever PATH finds."""
    return str(Path(sys.executable).with_name(name))


# --- the projects -----------------------------------------------------------------------------


def make_module(parent: Path) -> Path:
    with scaffold_home(parent / "scaffold-home"):
        root = parent / "acme-map"
        create_project(NewProjectOptions(kind=KINDS["module"], destination=root, answers={}))
    return root


def runtime_of_typescript_plugin(root: Path, parent: Path, factory: pytest.TempPathFactory) -> ImageFolder:
    """The TypeScript plugin's runtime stage laid out in `parent`: the build stages' RUNs run as the
    Dockerfile writes them (`npm run build` on what the build stage COPYs, `npm ci --omit=dev`),
    except the build stage's `npm ci --no-audit --no-fund`: the same command on the same
    package.json and lock is tests/node_install.py's install, made once per run (about 5-10 s of
    CPU a run here), so its node_modules is taken (hard-linked) instead."""
    files = DeployFiles(root, "acme-sales", "acme_sales", "plugin", "typescript")
    install = LANGUAGES["typescript"].install
    same_as = {install: lambda workdir: install_node_modules(workdir, factory)}
    return assemble_runtime(files, parent / "image", BUILD_ENVIRONMENT["typescript"](parent), same_as)


@pytest.fixture(scope="module")
def typescript_plugin(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ImageFolder]:
    """The TypeScript plugin's folder and its runtime stage.

    The folder is the `--defaults` project tests/built_plugins.py makes once per run and other
    tests read (the same files `create_project` makes here: acme-sales with the example), its
    dependencies installed and dist/ built, as a developer's copy is: the build context then
    holds node_modules/ and dist/, which .dockerignore must keep out. Only read here: the stage is
    laid out in a folder of its own, a broken file is made in a copy (broken_copy)."""
    root = built_plugin("typescript", tmp_path_factory)
    parent = tmp_path_factory.mktemp("deploy-plugin-typescript")
    return root, runtime_of_typescript_plugin(root, parent, tmp_path_factory)


@pytest.fixture(scope="module")
def fresh(
    tmp_path_factory: pytest.TempPathFactory, typescript_plugin: tuple[Path, ImageFolder]
) -> dict[str, DeployFiles]:
    """The four `--defaults` projects. The Go plugin is tests/built_plugins.py's, made once per run
    (its `go build` done, as a developer's copy is: the build context then holds bin/, which
    .dockerignore must keep out); it had been made and built again here, with `-trimpath`, which
    compiled the standard library once more in a run whose Go cache did not hold that build."""
    module_root = make_module(tmp_path_factory.mktemp("deploy-module"))
    typescript_root, _ = typescript_plugin
    go_root = built_plugin("go", tmp_path_factory)
    return {
        "plugin": DeployFiles(plugin_project(), "acme-sales", "acme_sales", "plugin"),
        "plugin-typescript": DeployFiles(typescript_root, "acme-sales", "acme_sales", "plugin", "typescript"),
        "plugin-go": DeployFiles(go_root, "acme-sales", "acme_sales", "plugin", "go"),
        "module": DeployFiles(module_root, "acme-map", "acme_map", "module"),
        # built once per run (tests/built_module_backends.py): node_modules and dist/ in its context
        "module-typescript": DeployFiles(
            built_module("typescript", tmp_path_factory), "acme-map", "acme_map", "module", "typescript"
        ),
        "module-go": DeployFiles(
            built_module("go", tmp_path_factory), "acme-map", "acme_map", "module", "go"
        ),
    }


@dataclass(frozen=True)
class Running:
    """A project being served: where it answers, the environment it was started with, and, when
    started from its runtime stage, that stage's filesystem (where a HEALTHCHECK finds its program)."""

    origin: str
    env: dict[str, str]
    image: ImageFolder | None = None


@pytest.fixture(scope="module")
def served(
    fresh: dict[str, DeployFiles],
    typescript_plugin: tuple[Path, ImageFolder],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[dict[str, Running]]:
    """Every project running: the Python ones with `python -m <package>` (this environment's
    Python), the TypeScript and Go plugins from their runtime stages with the image's command
    (the TypeScript one's laid out with the project, the Go one's here)."""
    laid_out = {"plugin-typescript": typescript_plugin[1]}
    for name in ("module-typescript", "module-go"):
        laid_out[name] = module_runtime_stage(
            fresh[name], tmp_path_factory.mktemp(f"image-{name}"), tmp_path_factory
        )
    running: dict[str, Running] = {}
    with contextlib.ExitStack() as stack:
        for name in VARIANTS:
            scratch = tmp_path_factory.mktemp(f"run-{name}")
            running[name] = stack.enter_context(serve(fresh[name], scratch, laid_out.get(name)))
        yield running


@contextlib.contextmanager
def serve(files: DeployFiles, scratch: Path, image: ImageFolder | None = None) -> Iterator[Running]:
    if files.language != "python":
        with serve_runtime_stage(files, scratch, image) as running:
            yield running
        return
    source = files.root / "backend" if files.kind == "module" else files.root
    env = {**os.environ, **container_environment(files, scratch), "PYTHONPATH": str(source)}
    with serve_package(
        sys.executable, files.package, cwd=scratch, env=env, probe_path="/api/v1/well-known",
        log_path=scratch / "server.log", timeout=60,
    ) as origin:  # fmt: skip
        yield Running(origin, env)


def module_runtime_stage(files: DeployFiles, scratch: Path, factory: pytest.TempPathFactory) -> ImageFolder:
    """A compiled module backend's runtime stage laid out in `scratch`: the backend's build stages
    run as the Dockerfile writes them (a TypeScript backend's `npm ci` from the shared install of its
    lock, as the TypeScript plugin's), the frontend stage's RUNs stood in for: the first takes the
    private registry's credentials as BuildKit secret mounts (`RUN --mount=type=secret,...`), which a
    shell cannot run, and the bundle it builds is the frontend tests' business (the runtime stage
    copies dist/ whatever it holds). The stand-in build writes a module.js and a module.css."""

    def stand_in_build(workdir: Path) -> None:
        (workdir / "dist").mkdir(exist_ok=True)
        (workdir / "dist" / "module.js").write_text("window.acme_map = {registry: {}};\n", encoding="utf-8")
        (workdir / "dist" / "module.css").write_text(".acme-map{}\n", encoding="utf-8")

    same_as: dict[str, Callable[[Path], None]] = {}
    for instruction in files.instructions:
        if instruction.keyword == "RUN" and instruction.stage == stage_names(files.instructions)["frontend"]:
            build = instruction.args.strip() == "npm run build"
            same_as[f"frontend: {instruction.args}"] = stand_in_build if build else (lambda _workdir: None)
    if files.language == "typescript":
        install = LANGUAGES["typescript"].install
        same_as[f"backend: {install}"] = lambda workdir: install_node_modules(workdir, factory)
    return assemble_runtime(files, scratch / "image", BUILD_ENVIRONMENT[files.language](scratch), same_as)


def npm_environment(scratch: Path) -> dict[str, str]:
    """npm with a cache of its own (the dependencies stage cleans it) and no update notice; the
    cache seeded from this machine's npm cache, as a build with a warm cache mount finds it.

    With an empty cache the build stage's `npm ci` downloaded every package again, although
    install_node_modules' `npm ci` of the same lock had just put each one in the machine's cache.
    Seeding alone saves no CPU (medians of 4 runs of that `npm ci`: 21.5 s empty, 19.2 s seeded):
    the lock holds no `resolved` URLs, so npm asks the registry for each package's metadata, and
    revalidating it costs what downloading does. prefer-offline takes it from the cache: 12.9 s
    (and 7.8 s -> 6.7 s for the dependencies stage's RUN). In this file's runs on the shared
    2-core machine: 18.6-19.5 s -> 9.9-14.2 s and 7.6-8.0 s -> 5.9-7.0 s, for a seed of 0.5-1 s
    (up to 4 s while other tests keep the disk busy) and `npm config get cache` (0.35 s). What is
    installed is the same: the lock fixes each package's version and integrity, which npm checks
    wherever the tarball comes from, and what the cache lacks is fetched as before (the seeded
    cache alone sufficed with `--offline`). The RUN lines run unchanged."""
    cache = scratch / "npm-cache"
    found = subprocess.run(
        ["npm", "config", "get", "cache"], cwd=scratch, capture_output=True, text=True, timeout=60,
        check=True,
    )  # fmt: skip
    seed_npm_cache(Path(found.stdout.strip()), cache)
    return {
        "PATH": os.environ["PATH"],
        "HOME": str(scratch / "home"),
        "npm_config_cache": str(cache),
        "npm_config_prefer_offline": "true",
        "npm_config_update_notifier": "false",
    }


def go_build_environment(scratch: Path) -> dict[str, str]:
    """This machine's Go, offline, with the build cache every test shares (as the golang image,
    GOTOOLCHAIN=local); the RUN sets CGO_ENABLED itself."""
    return go_environment()


def production_packages_only(files: DeployFiles, image: ImageFolder) -> None:
    """node_modules holds packages, none of them package.json's devDependencies."""
    modules = image.path("node_modules")
    installed = {p.name for p in modules.iterdir()} if modules.is_dir() else set()
    dev = json.loads((files.service_root / "package.json").read_text(encoding="utf-8"))["devDependencies"]
    assert installed and not installed & set(dev), (
        f"development packages in the runtime: {installed & set(dev)}"
    )


def static_binary(files: DeployFiles, image: ImageFolder) -> None:
    """The binary the image starts is there and needs no loader (distroless/static has no libc)."""
    binary = image.path(files.start_command()[0])
    assert binary.is_file(), f"{files.start_command()[0]}: not in the runtime stage"
    loader = dynamic_loader(binary)
    assert loader is None, f"{binary.name} is linked dynamically ({loader}): build it with CGO_ENABLED=0"


# By the language of a service started from its runtime stage: what its build stages' RUNs see,
# and what the stage must hold once laid out.
BUILD_ENVIRONMENT: dict[str, Callable[[Path], dict[str, str]]] = {
    "typescript": npm_environment,
    "go": go_build_environment,
}
RUNTIME_CONTENT: dict[str, Callable[[DeployFiles, ImageFolder], None]] = {
    "typescript": production_packages_only,
    "go": static_binary,
}


@contextlib.contextmanager
def serve_runtime_stage(files: DeployFiles, scratch: Path, image: ImageFolder | None) -> Iterator[Running]:
    """The image's command in its runtime stage's WORKDIR, the stage laid out from the Dockerfile's
    stages (here unless `image` is one laid out already), with the pod's environment; a program
    named by its path in the image is the stage's."""
    if image is None:
        image = assemble_runtime(files, scratch / "image", BUILD_ENVIRONMENT[files.language](scratch))
    RUNTIME_CONTENT[files.language](files, image)
    argv = files.start_command()
    if argv[0].startswith("/"):
        argv = [str(image.path(argv[0])), *argv[1:]]
    env = {"PATH": os.environ["PATH"], **container_environment(files, scratch)}
    with serve_command(
        argv, cwd=image.workdir, env=env, probe_path="/api/v1/well-known",
        log_path=scratch / "server.log", timeout=60,
    ) as origin:  # fmt: skip
        yield Running(origin, env, image)


# --- checks on the files alone ----------------------------------------------------------------


def check_hadolint(files: DeployFiles) -> None:
    result = subprocess.run(
        [tool("hadolint"), "--no-color", "--failure-threshold", "warning", "Dockerfile"],
        cwd=files.root, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def check_kubernetes_validate(files: DeployFiles) -> None:
    """Every object is valid for Kubernetes 1.30, strictly (no unknown field). kustomization.yaml
    is not a Kubernetes object (the validator has no schema for it): it is read here instead, and
    must apply every manifest of the folder, so that none escapes validation or `apply -k`."""
    on_disk = {p.name for p in files.kubernetes.glob("*.yaml")} - {"kustomization.yaml"}
    assert on_disk == {p.name for p in files.resources}, "kustomization.yaml resources vs the folder"
    assert files.kustomization["kind"] == "Kustomization"
    result = subprocess.run(
        [tool("kubernetes-validate"), "-k", KUBERNETES_VERSION, "--strict", *map(str, files.resources)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0 and "WARN" not in output and "ERROR" not in output, output
    assert output.count("passed for resource") == len(files.manifests), output


def check_replicas(files: DeployFiles) -> None:
    deployment, hpa, pdb = (
        files.manifest(k) for k in ("Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget")
    )
    labels = files.pod["metadata"]["labels"]
    assert deployment["spec"]["replicas"] >= 2
    assert deployment["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert hpa["apiVersion"] == "autoscaling/v2" and hpa["spec"]["minReplicas"] >= 2
    assert hpa["spec"]["maxReplicas"] >= hpa["spec"]["minReplicas"]
    target = hpa["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])
    assert pdb["apiVersion"] == "policy/v1" and 1 <= pdb["spec"]["minAvailable"] < hpa["spec"]["minReplicas"]
    assert pdb["spec"]["selector"]["matchLabels"].items() <= labels.items(), "the PDB selects the pods"
    assert files.manifest("Service")["spec"]["selector"].items() <= labels.items(), (
        "the Service selects the pods"
    )


def check_one_port(files: DeployFiles) -> None:
    """The port the app listens on (PORT) is the one declared, exposed, served and scraped."""
    port = int(files.container_env.get("PORT", {}).get("value") or files.image_env["PORT"])
    assert int(files.image_env["PORT"]) == port
    assert [int(flag_free(i.args)[0]) for i in files.final("EXPOSE")] == [port]
    (declared,) = files.container["ports"]
    assert declared["containerPort"] == port
    (service_port,) = files.manifest("Service")["spec"]["ports"]
    assert service_port["targetPort"] in (declared["name"], port)
    assert int(files.pod["metadata"]["annotations"]["prometheus.io/port"]) == port
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert files.container[probe]["httpGet"]["port"] in (declared["name"], port), probe


def check_resources(files: DeployFiles) -> None:
    resources = files.container.get("resources", {})
    for section in ("requests", "limits"):
        assert {"cpu", "memory"} <= set(resources.get(section, {})), f"resources.{section}"


def check_security(files: DeployFiles) -> None:
    effective = {**files.pod["spec"].get("securityContext", {}), **files.container.get("securityContext", {})}
    (user,) = files.final("USER")
    uid = user.args.split(":")[0]
    assert uid.isdigit() and int(uid) > 0, f"USER {user.args}: a numeric non-root uid"
    assert effective.get("runAsNonRoot") is True and effective.get("runAsUser") == int(uid)
    assert effective.get("readOnlyRootFilesystem") is True
    assert effective.get("allowPrivilegeEscalation") is False
    assert effective.get("capabilities", {}).get("drop") == ["ALL"]
    assert effective.get("seccompProfile") == {"type": "RuntimeDefault"}


def check_writable_volumes(files: DeployFiles) -> None:
    """Where the app writes, an emptyDir (the root filesystem is read-only); the image makes the
    state folder its user's."""
    empty = {v["name"] for v in files.pod["spec"]["volumes"] if "emptyDir" in v}
    mounted = {m["mountPath"] for m in files.container["volumeMounts"] if m["name"] in empty}
    needed = {"/tmp"}
    if WRITES_STATE[files.kind]:
        state = files.image_env["PLUGIN_STATE_DIR"]
        assert files.container_env["PLUGIN_STATE_DIR"]["value"] == state
        needed.add(state)
        uid = files.final("USER")[0].args.split(":")[0]
        chowned = any(f"chown {uid}:" in i.args and state in i.args for i in files.final("RUN"))
        copied = any(  # distroless: no shell to RUN chown, the folder is copied in as the user's
            f"--chown={uid}:" in i.args and flag_free(i.args)[-1].rstrip("/") == state
            for i in files.final("COPY")
        )
        assert chowned or copied, f"{state} is not made {uid}'s"
    assert needed <= mounted, f"emptyDir mounts {sorted(mounted)}"


def check_secrets(files: DeployFiles) -> None:
    """No secret is baked into the image; the service's key comes from the Secret <project>-secrets
    (a plugin's is required; a module's is optional: a module without secrets runs without it)."""
    for instruction in files.instructions:
        if instruction.keyword in ("ENV", "ARG"):
            assert not SECRET_WORDS.search(instruction.args), f"{instruction.keyword} {instruction.args}"
    assert "Secret" not in files.manifests, "no Secret with a key is applied from the repository"
    env = files.container_env
    secret = f"{files.project_name}-secrets"
    if files.kind == "module":
        key = env["MODULE_SECRET_KEY"]["valueFrom"]["secretKeyRef"]
        assert key == {"name": secret, "key": "MODULE_SECRET_KEY", "optional": True}
        old = env["MODULE_OLD_SECRET_KEYS"]["valueFrom"]["secretKeyRef"]
        assert old == {"name": secret, "key": "MODULE_OLD_SECRET_KEYS", "optional": True}
        return
    assert env["PLUGIN_ENV"]["value"] == "production"
    key = env["PLUGIN_SECRET_KEY"]["valueFrom"]["secretKeyRef"]
    assert key == {"name": secret, "key": "PLUGIN_SECRET_KEY"}
    old = env["PLUGIN_OLD_SECRET_KEYS"]["valueFrom"]["secretKeyRef"]
    assert old == {"name": secret, "key": "PLUGIN_OLD_SECRET_KEYS", "optional": True}


def check_shutdown(files: DeployFiles) -> None:
    """SIGTERM reaches python, node or the Go binary itself (exec form, PID 1; not npm, not a shell)
    after endpoints drained (preStop pauses with the image's sleep, or the kubelet's where the
    image has none), and the pod is given longer than the app waits for requests in flight
    (SHUTDOWN_GRACE_SECONDS, 20 by default in every language)."""
    start = [a.format(package=files.package, project=files.project_name) for a in START[files.language]]
    assert files.start_command() == start
    assert not files.final("STOPSIGNAL")
    if files.kind == "plugin" and files.language == "python":  # uvicorn's; Node and Go: one process
        assert files.image_env["WORKERS"] == "1" and files.container_env["WORKERS"]["value"] == "1"
    pre_stop = files.container["lifecycle"]["preStop"]
    if "sleep" in pre_stop:  # the kubelet's sleep action (Kubernetes 1.30+)
        pause = int(pre_stop["sleep"]["seconds"])
    else:
        command = pre_stop["exec"]["command"]
        assert command[0] == "sleep" and IMAGE_HAS_SLEEP[files.language], (
            f"preStop {command}: no sleep in the image"
        )
        pause = int(command[1])
    grace = int(files.container_env.get("SHUTDOWN_GRACE_SECONDS", {}).get("value", 20))
    # Go: /readyz answers 503 while still serving for SHUTDOWN_DRAIN_SECONDS before the grace begins
    drain = int(files.container_env.get("SHUTDOWN_DRAIN_SECONDS", {}).get("value", 0))
    assert files.pod["spec"]["terminationGracePeriodSeconds"] > pause + drain + grace


def check_images(files: DeployFiles) -> None:
    """The runtime stage only copies what a build stage made (made as BUILT_FOR_RUNTIME says); the
    Deployment runs <project>:<version>, which kustomize's `images:` can override."""
    assert len([i for i in files.instructions if i.keyword == "FROM"]) >= 2, (
        "multi-stage: build apart from the runtime"
    )
    assert any("--from=" in i.args for i in files.final("COPY"))
    installs = INSTALLS[files.language]
    assert not any(installs in i.args for i in files.final("RUN")), "install in a build stage"
    if files.language in BUILT_FOR_RUNTIME:
        word, run_pattern = BUILT_FOR_RUNTIME[files.language]
        word = word.format(project=files.project_name)
        (copy,) = [i for i in files.final("COPY") if word in flag_free(i.args)[-1]]
        stage = stage_names(files.instructions)[re.findall(r"--from=(\S+)", copy.args)[0]]
        runs = [i.args for i in files.instructions if i.keyword == "RUN" and i.stage == stage]
        assert runs and all(re.match(run_pattern, run) for run in runs), runs
    image = f"{files.project_name}:{files.version}"
    assert files.container["image"] == image
    assert files.kustomization["images"] == [
        {"name": files.project_name, "newName": files.project_name, "newTag": files.version}
    ]


def check_base_images_pinned(files: DeployFiles) -> None:
    """Every FROM names one image for good: a patch release's tag, or its digest."""
    for stage in [i for i in files.instructions if i.keyword == "FROM"]:
        assert PINNED_IMAGE.match(flag_free(stage.args)[0]), (
            f"FROM {stage.args}: pin a patch version or a digest"
        )


def check_build_context(files: DeployFiles) -> None:
    """.dockerignore lets through what the Dockerfile copies and keeps out everything private."""
    on_disk = [
        p.relative_to(files.root).as_posix()
        for p in files.root.rglob("*")
        if p.is_file() and "node_modules" not in p.relative_to(files.root).parts
    ]  # node_modules: NEVER_SENT names one of its files, thousands are not read one by one
    sent = [path for path in on_disk if not files.ignore.excludes(path)]
    for copy in [i for i in files.instructions if i.keyword == "COPY" and "--from=" not in i.args]:
        for source in flag_free(copy.args)[:-1]:
            prefix = source.rstrip("/").removeprefix("./")
            assert any(p == prefix or p.startswith(prefix + "/") for p in sent), f"COPY {source}: ignored"
    leaked = [path for path in NEVER_SENT[variant(files)] if not files.ignore.excludes(path)]
    assert not leaked, f"reach the build: {leaked}"


def check_healthcheck_declared(files: DeployFiles) -> None:
    """No curl in a slim image: the service's own interpreter asks /healthz on the PORT it serves.
    No interpreter in a distroless one: the binary the image starts asks it (`-healthcheck`)."""
    argv = files.healthcheck()
    if files.language == "go":
        assert argv == [files.start_command()[0], "-healthcheck"], argv
    else:
        assert argv[:2] == HEALTHCHECK[files.language] and "/healthz" in argv[2] and "PORT" in argv[2]


FILE_CHECKS: dict[str, Callable[[DeployFiles], None]] = {
    f.__name__.removeprefix("check_"): f
    for f in (check_hadolint, check_kubernetes_validate, check_replicas, check_one_port, check_resources,
              check_security, check_writable_volumes, check_secrets, check_shutdown, check_images,
              check_base_images_pinned, check_build_context, check_healthcheck_declared)
}  # fmt: skip


# --- checks against the running app -----------------------------------------------------------


def check_probes_served(files: DeployFiles, running: Running) -> None:
    """The probe and scrape paths of the manifests are paths the app answers with 200, and
    readiness asks /readyz (503 once shutdown began), not the liveness endpoint."""
    probes = {
        p: files.container[p]["httpGet"]["path"] for p in ("startupProbe", "readinessProbe", "livenessProbe")
    }
    origin = running.origin
    for path in sorted(set(probes.values())):
        assert httpx.get(origin + path, timeout=5).status_code == 200, path
    assert (probes["readinessProbe"], probes["livenessProbe"]) == ("/readyz", "/healthz"), probes
    metrics = httpx.get(origin + files.pod["metadata"]["annotations"]["prometheus.io/path"], timeout=5)
    assert metrics.status_code == 200 and metrics.headers["content-type"].startswith("text/plain")


def check_healthcheck_runs(files: DeployFiles, running: Running) -> None:
    """The image's HEALTHCHECK command itself, in the app's environment: 0 against the running app,
    not 0 without one. python is this environment's, node PATH's, a path the image's (it must be
    there: the Go binary laid out from the runtime stage)."""
    program, *arguments = files.healthcheck()
    if program == "python":
        program = sys.executable
    elif program.startswith("/") and running.image is not None:
        assert running.image.path(program).is_file(), f"HEALTHCHECK {program}: not in the image"
        program = str(running.image.path(program))
    argv = [program, *arguments]
    env = {**running.env, "PORT": running.origin.rsplit(":", 1)[1]}
    healthy = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=30, check=False)
    assert healthy.returncode == 0, healthy.stderr[-2000:]
    free = subprocess.run(argv, env={**env, "PORT": "9"}, capture_output=True, timeout=30, check=False)
    assert free.returncode != 0


SERVED_CHECKS: dict[str, Callable[[DeployFiles, Running], None]] = {
    "probes_served": check_probes_served,
    "healthcheck_runs": check_healthcheck_runs,
}


# --- the tests ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "check"),
    [pytest.param(kind, check, id=f"{kind}-{check}") for kind in VARIANTS for check in sorted(FILE_CHECKS)],
)
def test_fresh_project(kind: str, check: str, fresh: dict[str, DeployFiles]) -> None:
    FILE_CHECKS[check](fresh[kind])


@pytest.mark.parametrize("check", sorted(SERVED_CHECKS))
@pytest.mark.parametrize("kind", VARIANTS)
def test_fresh_project_served(
    kind: str, check: str, fresh: dict[str, DeployFiles], served: dict[str, Running]
) -> None:
    SERVED_CHECKS[check](fresh[kind], served[kind])


# --- every check fails on a broken file ---------------------------------------------------------

# (check, file, text, replacement, kinds): {project}, {package} and {port} are the project's,
# {last} the keyword of its Dockerfile's last instruction (CMD; ENTRYPOINT where there is no CMD).
MUTATIONS: list[tuple[str, str, str, str, str]] = [
    ("hadolint", "Dockerfile", "\n{last} [", "\nRUN apt-get update && apt-get install -y curl\n{last} [", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("kubernetes_validate", "deploy/kubernetes/deployment.yaml", "readOnlyRootFilesystem", "readOnlyRootFilesytem", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("kubernetes_validate", "deploy/kubernetes/kustomization.yaml", "  - pdb.yaml\n", "", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("replicas", "deploy/kubernetes/deployment.yaml", "replicas: 2", "replicas: 1", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("replicas", "deploy/kubernetes/hpa.yaml", "minReplicas: 2", "minReplicas: 1", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("replicas", "deploy/kubernetes/pdb.yaml", "name: {project}", "name: {project}-old", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("one_port", "deploy/kubernetes/deployment.yaml", "containerPort: {port}", "containerPort: 9999", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("one_port", "Dockerfile", "EXPOSE {port}", "EXPOSE 80", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("resources", "deploy/kubernetes/deployment.yaml", "limits:", "limitz:", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("security", "deploy/kubernetes/deployment.yaml", "readOnlyRootFilesystem: true", "readOnlyRootFilesystem: false", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("security", "deploy/kubernetes/deployment.yaml", "runAsUser: 10001", "runAsUser: 10002", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("security", "Dockerfile", "USER 10001:10001", "USER app", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("writable_volumes", "deploy/kubernetes/deployment.yaml", "mountPath: /tmp", "mountPath: /scratch", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("writable_volumes", "deploy/kubernetes/deployment.yaml", "mountPath: /var/lib/{project}", "mountPath: /data", "plugin plugin-typescript plugin-go"),
    ("secrets", "deploy/kubernetes/deployment.yaml", "name: {project}-secrets", "name: {project}-config", "plugin plugin-typescript plugin-go"),
    ("secrets", "deploy/kubernetes/deployment.yaml", "optional: true", "optional: false", "plugin plugin-typescript plugin-go"),
    ("secrets", "Dockerfile", "\n{last} [", "\nENV API_TOKEN=changeme\n{last} [", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("shutdown", "deploy/kubernetes/deployment.yaml", "terminationGracePeriodSeconds: 40", "terminationGracePeriodSeconds: 30", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("shutdown", "Dockerfile", 'CMD ["python", "-m", "{package}"]', "CMD python -m {package}", "plugin module"),
    ("shutdown", "Dockerfile", "WORKERS=1", "WORKERS=2", "plugin"),
    ("base_images_pinned", "Dockerfile", "python:3.11.17-slim-bookworm", "python:3.11-slim-bookworm", "plugin module"),
    ("base_images_pinned", "Dockerfile", "node:20.20.2-bookworm-slim", "node:20-bookworm-slim", "module plugin-typescript module-typescript"),
    ("images", "deploy/kubernetes/kustomization.yaml", 'newTag: "0.1.0"', "newTag: latest", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("build_context", ".dockerignore", "!README.md\n", "", "plugin"),
    ("build_context", ".dockerignore", "\n*\n", "\n", "plugin plugin-typescript module"),
    ("build_context", ".dockerignore", "frontend/node_modules\n", "", "module"),
    ("healthcheck_declared", "Dockerfile", "HEALTHCHECK ", "# HEALTHCHECK ", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("probes_served", "deploy/kubernetes/deployment.yaml", "path: /readyz", "path: /ready", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("probes_served", "deploy/kubernetes/deployment.yaml", "path: /readyz", "path: /healthz", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("probes_served", "deploy/kubernetes/deployment.yaml", "prometheus.io/path: /metrics", "prometheus.io/path: /stats", "plugin plugin-typescript plugin-go module module-typescript module-go"),
    ("healthcheck_runs", "Dockerfile", "/healthz'", "/health'", "plugin plugin-typescript module module-typescript"),
    # the TypeScript plugin's own (appended: the numbers in the ids above stay)
    ("shutdown", "Dockerfile", 'CMD ["node", "dist/main.js"]', 'CMD ["npm", "start"]', "plugin-typescript"),
    ("images", "Dockerfile", "npm ci --omit=dev", "npm ci", "plugin-typescript"),
    ("build_context", ".dockerignore", "!locales/\n", "", "plugin-typescript"),
    # the Go module's own
    ("shutdown", "Dockerfile", 'ENTRYPOINT ["/usr/local/bin/{project}"]', "ENTRYPOINT /usr/local/bin/{project}", "module-go"),
    ("images", "Dockerfile", "CGO_ENABLED=0 go build", "go build", "module-go"),
    ("base_images_pinned", "Dockerfile", "golang:1.27.3-bookworm", "golang:1.27-bookworm", "module-go"),
    # a module's secrets key (issue 42: enc:v1: values in moduleContext)
    ("secrets", "deploy/kubernetes/deployment.yaml", "key: MODULE_SECRET_KEY", "key: SECRET_KEY", "module module-typescript module-go"),
    ("build_context", ".dockerignore", "backend/bin\n", "", "module-go"),
    ("healthcheck_runs", "Dockerfile", 'CMD ["/usr/local/bin/{project}", "-healthcheck"]', 'CMD ["/bin/{project}", "-healthcheck"]', "module-go"),
    # the TypeScript module's own
    ("shutdown", "Dockerfile", 'CMD ["node", "dist/main.js"]', 'CMD ["npm", "start"]', "module-typescript"),
    ("images", "Dockerfile", "npm ci --omit=dev", "npm ci", "module-typescript"),
    ("build_context", ".dockerignore", "backend/node_modules\n", "", "module-typescript"),
    # the Go plugin's own
    ("shutdown", "Dockerfile", 'ENTRYPOINT ["/usr/local/bin/{project}"]', "ENTRYPOINT /usr/local/bin/{project}", "plugin-go"),
    ("shutdown", "deploy/kubernetes/deployment.yaml", "sleep:\n                seconds: 5", 'exec:\n                command: ["sleep", "5"]', "plugin-go"),
    ("writable_volumes", "Dockerfile", "--chown=10001:10001 /out/state", "/out/state", "plugin-go"),
    ("images", "Dockerfile", "CGO_ENABLED=0 go build", "go build", "plugin-go"),
    ("base_images_pinned", "Dockerfile", "golang:1.27.3-bookworm", "golang:1.27-bookworm", "plugin-go"),
    ("build_context", ".dockerignore", "*.out\n", "*.out\ninternal/\n", "plugin-go"),
    ("healthcheck_declared", "Dockerfile", '"-healthcheck"]', '"-healthz"]', "plugin-go"),
    ("healthcheck_runs", "Dockerfile", 'CMD ["/usr/local/bin/{project}", "-healthcheck"]', 'CMD ["/bin/{project}", "-healthcheck"]', "plugin-go"),
]  # fmt: skip
CASES = [
    pytest.param(kind, *mutation[:4], id=f"{kind}-{mutation[0]}-{number}")
    for number, mutation in enumerate(MUTATIONS)
    for kind in mutation[4].split()
]


def broken_copy(files: DeployFiles, relative: str, text: str, replacement: str, parent: Path) -> DeployFiles:
    """A copy of the project with one file changed; the change must apply."""
    root = parent / files.root.name
    shutil.copytree(files.root, root, ignore=shutil.ignore_patterns(".git", "node_modules", "__pycache__"))
    names = {
        "project": files.project_name, "package": files.package, "port": files.image_env["PORT"],
        "last": files.instructions[-1].keyword,
    }  # fmt: skip
    old, new = (s.format(**names) for s in (text, replacement))
    path = root / relative
    content = path.read_text(encoding="utf-8")
    assert old in content, f"{relative} no longer has {old!r}: update the mutation"
    path.write_text(content.replace(old, new), encoding="utf-8")
    return DeployFiles(root, files.project_name, files.package, files.kind, files.language)


def test_every_check_has_a_broken_file() -> None:
    covered = {(kind, mutation[0]) for mutation in MUTATIONS for kind in mutation[4].split()}
    assert covered == {(kind, check) for kind in VARIANTS for check in [*FILE_CHECKS, *SERVED_CHECKS]}


@pytest.mark.parametrize(("kind", "check", "relative", "text", "replacement"), CASES)
def test_check_catches_broken_file(
    kind: str,
    check: str,
    relative: str,
    text: str,
    replacement: str,
    fresh: dict[str, DeployFiles],
    request: pytest.FixtureRequest,
    tmp_path: Path,
) -> None:
    broken = broken_copy(fresh[kind], relative, text, replacement, tmp_path)
    with pytest.raises(AssertionError):
        if check in SERVED_CHECKS:
            SERVED_CHECKS[check](broken, request.getfixturevalue("served")[kind])
        else:
            FILE_CHECKS[check](broken)
