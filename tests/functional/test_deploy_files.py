"""A fresh project's container and Kubernetes files hold what a cluster operator relies on.

For both kinds, and the plugin in each of its service languages (`--defaults` projects: a Python
plugin, a TypeScript plugin, a module; npm install only where the TypeScript plugin is started):
hadolint finds nothing in the Dockerfile; kubernetes-validate (strict, Kubernetes 1.30) accepts every object the kustomization
applies; and the properties behind "2 replicas, safely" hold across files: probes that the app
really answers (the project is started here with the image's and the Deployment's environment,
and the image's HEALTHCHECK command is run against it), one port everywhere, limits, a non-root
read-only container whose uid is the image's user, writable emptyDirs where state is written, the
secret key from a Secret, shutdown that outlasts SHUTDOWN_GRACE_SECONDS, pinned base images, and
a build context without .git, .venv, tests or keys.

Every check is also run on a deliberately broken copy of the files and must fail there
(`test_check_catches_*`): a check that cannot fail proves nothing. No image is built: this
machine has no container engine. The TypeScript plugin is started from its runtime stage laid out
as a folder instead (its build stages run: `npm ci`, `npm run build`, `npm ci --omit=dev`), with
the image's CMD, so the production dependencies, dist/ and locales/ are shown to be all it needs.
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
from contextlib import AbstractContextManager
from pathlib import Path

import httpx
import pytest

from scaffold.contracts import LANGUAGES
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.functional.deploy_files import (
    DeployFiles,
    assemble_runtime,
    container_environment,
    flag_free,
    stage_names,
)
from tests.functional.test_plugin_harness import project as plugin_project
from tests.functional.test_plugin_harness import scaffold_home
from tests.served_process import serve_command, serve_package

KUBERNETES_VERSION = "1.30.0"
WRITES_STATE = {"plugin": True, "module": False}  # whether the kind writes PLUGIN_STATE_DIR
# The projects: a kind, or a kind in a service language other than its default.
VARIANTS = ("plugin", "plugin-typescript", "module")
# The runtime's command (exec form), the HEALTHCHECK's interpreter and how it is given code, and
# what installs packages (only ever in a build stage), by the language of the service.
CMD = {"python": ["python", "-m", "{package}"], "typescript": ["node", "dist/main.js"]}
HEALTHCHECK = {"python": ["python", "-c"], "typescript": ["node", "-e"]}
INSTALLS = {"python": "pip install", "typescript": "npm "}
PINNED_IMAGE = re.compile(r"^[a-z0-9./-]+:\d+\.\d+\.\d+(?:-[a-z0-9.-]+)?(?:@sha256:[0-9a-f]{64})?$")
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
    "module": [".git/config", ".venv/pyvenv.cfg", ".env", "backend/.env", "backend/tests/test_x.py",
               ".scaffold/contract.yaml", "deploy/kubernetes/deployment.yaml", "frontend/node_modules/x/a.js",
               "frontend/dist/module.js", "backend/acme_map/__pycache__/app.pyc", "backend/.venv/bin/python"],
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


def make_typescript_plugin(parent: Path) -> Path:
    """A TypeScript plugin with its dependencies installed and dist/ built, as a developer's copy
    is: the build context then holds node_modules/ and dist/, which .dockerignore must keep out."""
    with scaffold_home(parent / "scaffold-home"):
        root = parent / "acme-sales"
        kind = KINDS["plugin"].for_language("typescript")
        create_project(NewProjectOptions(kind=kind, destination=root, answers={}))
    for command in (LANGUAGES["typescript"].install, "npm run build"):
        result = subprocess.run(
            command.split(), cwd=root, capture_output=True, text=True, timeout=600, check=False
        )
        assert result.returncode == 0, f"{command}:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
    return root


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> dict[str, DeployFiles]:
    module_root = make_module(tmp_path_factory.mktemp("deploy-module"))
    typescript_root = make_typescript_plugin(tmp_path_factory.mktemp("deploy-plugin-typescript"))
    return {
        "plugin": DeployFiles(plugin_project(), "acme-sales", "acme_sales", "plugin"),
        "plugin-typescript": DeployFiles(typescript_root, "acme-sales", "acme_sales", "plugin", "typescript"),
        "module": DeployFiles(module_root, "acme-map", "acme_map", "module"),
    }


@pytest.fixture(scope="module")
def served(
    fresh: dict[str, DeployFiles], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, str]]:
    """Every project running: the Python ones with `python -m <package>` (this environment's
    Python), the TypeScript plugin from its runtime stage with the image's CMD. Variant -> origin."""
    origins: dict[str, str] = {}
    with contextlib.ExitStack() as stack:
        for name in VARIANTS:
            origins[name] = stack.enter_context(serve(fresh[name], tmp_path_factory.mktemp(f"run-{name}")))
        yield origins


def serve(files: DeployFiles, scratch: Path) -> AbstractContextManager[str]:
    if files.language == "typescript":
        return serve_runtime_stage(files, scratch)
    source = files.root / "backend" if files.kind == "module" else files.root
    env = {**os.environ, **container_environment(files, scratch), "PYTHONPATH": str(source)}
    return serve_package(
        sys.executable, files.package, cwd=scratch, env=env, probe_path="/api/v1/well-known",
        log_path=scratch / "server.log", timeout=60,
    )  # fmt: skip


def serve_runtime_stage(files: DeployFiles, scratch: Path) -> AbstractContextManager[str]:
    """The image's CMD in its runtime stage's WORKDIR, laid out from the Dockerfile's stages (npm
    with a cache of its own: the dependencies stage cleans it), with the pod's environment."""
    build_env = {
        "PATH": os.environ["PATH"],
        "HOME": str(scratch / "home"),
        "npm_config_cache": str(scratch / "npm-cache"),
        "npm_config_update_notifier": "false",
    }
    workdir = assemble_runtime(files, scratch / "image", build_env)
    installed = (
        {p.name for p in (workdir / "node_modules").iterdir()}
        if (workdir / "node_modules").is_dir()
        else set()
    )
    dev = json.loads((files.root / "package.json").read_text(encoding="utf-8"))["devDependencies"]
    assert installed and not installed & set(dev), (
        f"development packages in the runtime: {installed & set(dev)}"
    )
    (cmd,) = files.final("CMD")
    env = {"PATH": os.environ["PATH"], **container_environment(files, scratch)}
    return serve_command(
        json.loads(cmd.args), cwd=workdir, env=env, probe_path="/api/v1/well-known",
        log_path=scratch / "server.log", timeout=60,
    )  # fmt: skip


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
        assert any(f"chown {uid}:" in i.args and state in i.args for i in files.final("RUN"))
    assert needed <= mounted, f"emptyDir mounts {sorted(mounted)}"


def check_secrets(files: DeployFiles) -> None:
    """No secret is baked into the image; the plugin's key comes from the Secret <project>-secrets."""
    for instruction in files.instructions:
        if instruction.keyword in ("ENV", "ARG"):
            assert not SECRET_WORDS.search(instruction.args), f"{instruction.keyword} {instruction.args}"
    assert "Secret" not in files.manifests, "no Secret with a key is applied from the repository"
    if files.kind == "module":
        return
    env = files.container_env
    assert env["PLUGIN_ENV"]["value"] == "production"
    key = env["PLUGIN_SECRET_KEY"]["valueFrom"]["secretKeyRef"]
    assert key == {"name": f"{files.project_name}-secrets", "key": "PLUGIN_SECRET_KEY"}
    old = env["PLUGIN_OLD_SECRET_KEYS"]["valueFrom"]["secretKeyRef"]
    assert old == {"name": f"{files.project_name}-secrets", "key": "PLUGIN_OLD_SECRET_KEYS", "optional": True}


def check_shutdown(files: DeployFiles) -> None:
    """SIGTERM reaches python or node (exec-form CMD, PID 1; not npm) after endpoints drained, and
    the pod is given longer than the app waits for requests in flight."""
    (cmd,) = files.final("CMD")
    assert cmd.args.startswith("["), "CMD in exec form: the interpreter is PID 1 and gets SIGTERM"
    assert json.loads(cmd.args) == [a.format(package=files.package) for a in CMD[files.language]]
    assert not files.final("ENTRYPOINT") and not files.final("STOPSIGNAL")
    if files.kind == "plugin" and files.language == "python":  # uvicorn's; a Node plugin is one process
        assert files.image_env["WORKERS"] == "1" and files.container_env["WORKERS"]["value"] == "1"
    pre_stop = files.container["lifecycle"]["preStop"]["exec"]["command"]
    assert pre_stop[0] == "sleep"
    grace = int(files.container_env.get("SHUTDOWN_GRACE_SECONDS", {}).get("value", 20))
    assert files.pod["spec"]["terminationGracePeriodSeconds"] > int(pre_stop[1]) + grace


def check_images(files: DeployFiles) -> None:
    """Base images pinned to a patch release; the runtime stage only copies what a build stage
    made; the Deployment runs <project>:<version>, which kustomize's `images:` can override."""
    stages = [i for i in files.instructions if i.keyword == "FROM"]
    assert len(stages) >= 2, "multi-stage: build apart from the runtime"
    for stage in stages:
        assert PINNED_IMAGE.match(flag_free(stage.args)[0]), f"FROM {stage.args}: pin a patch version"
    assert any("--from=" in i.args for i in files.final("COPY"))
    installs = INSTALLS[files.language]
    assert not any(installs in i.args for i in files.final("RUN")), "install in a build stage"
    if files.language == "typescript":  # node_modules from a stage that installed production packages only
        (copy,) = [i for i in files.final("COPY") if "node_modules" in i.args]
        stage = stage_names(files.instructions)[re.findall(r"--from=(\S+)", copy.args)[0]]
        runs = [i.args for i in files.instructions if i.keyword == "RUN" and i.stage == stage]
        assert runs and all(re.match(r"npm ci --omit=dev\b", run) for run in runs), runs
    image = f"{files.project_name}:{files.version}"
    assert files.container["image"] == image
    assert files.kustomization["images"] == [
        {"name": files.project_name, "newName": files.project_name, "newTag": files.version}
    ]


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
    """No curl in a slim image: the service's own interpreter asks /healthz on the PORT it serves."""
    argv = files.healthcheck()
    assert argv[:2] == HEALTHCHECK[files.language] and "/healthz" in argv[2] and "PORT" in argv[2]


FILE_CHECKS: dict[str, Callable[[DeployFiles], None]] = {
    f.__name__.removeprefix("check_"): f
    for f in (check_hadolint, check_kubernetes_validate, check_replicas, check_one_port, check_resources,
              check_security, check_writable_volumes, check_secrets, check_shutdown, check_images,
              check_build_context, check_healthcheck_declared)
}  # fmt: skip


# --- checks against the running app -----------------------------------------------------------


def check_probes_served(files: DeployFiles, origin: str) -> None:
    """The probe and scrape paths of the manifests are paths the app answers with 200, and
    readiness asks /readyz (503 once shutdown began), not the liveness endpoint."""
    probes = {
        p: files.container[p]["httpGet"]["path"] for p in ("startupProbe", "readinessProbe", "livenessProbe")
    }
    for path in sorted(set(probes.values())):
        assert httpx.get(origin + path, timeout=5).status_code == 200, path
    assert (probes["readinessProbe"], probes["livenessProbe"]) == ("/readyz", "/healthz"), probes
    metrics = httpx.get(origin + files.pod["metadata"]["annotations"]["prometheus.io/path"], timeout=5)
    assert metrics.status_code == 200 and metrics.headers["content-type"].startswith("text/plain")


def check_healthcheck_runs(files: DeployFiles, origin: str) -> None:
    """The image's HEALTHCHECK command itself: 0 against the running app, not 0 without one."""
    port = origin.rsplit(":", 1)[1]
    argv = [sys.executable if a == "python" else a for a in files.healthcheck()]  # node: PATH's
    env = {"PATH": os.environ.get("PATH", ""), "PORT": port}
    healthy = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=30, check=False)
    assert healthy.returncode == 0, healthy.stderr[-2000:]
    free = subprocess.run(argv, env={**env, "PORT": "9"}, capture_output=True, timeout=30, check=False)
    assert free.returncode != 0


SERVED_CHECKS: dict[str, Callable[[DeployFiles, str], None]] = {
    "probes_served": check_probes_served,
    "healthcheck_runs": check_healthcheck_runs,
}


# --- the tests ------------------------------------------------------------------------------------


@pytest.mark.parametrize("check", sorted(FILE_CHECKS))
@pytest.mark.parametrize("kind", VARIANTS)
def test_fresh_project(kind: str, check: str, fresh: dict[str, DeployFiles]) -> None:
    FILE_CHECKS[check](fresh[kind])


@pytest.mark.parametrize("check", sorted(SERVED_CHECKS))
@pytest.mark.parametrize("kind", VARIANTS)
def test_fresh_project_served(
    kind: str, check: str, fresh: dict[str, DeployFiles], served: dict[str, str]
) -> None:
    SERVED_CHECKS[check](fresh[kind], served[kind])


# --- every check fails on a broken file ---------------------------------------------------------

# (check, file, text, replacement, kinds): {project}, {package} and {port} are the project's.
MUTATIONS: list[tuple[str, str, str, str, str]] = [
    ("hadolint", "Dockerfile", "\nCMD [", "\nRUN apt-get update && apt-get install -y curl\nCMD [", "plugin plugin-typescript module"),
    ("kubernetes_validate", "deploy/kubernetes/deployment.yaml", "readOnlyRootFilesystem", "readOnlyRootFilesytem", "plugin plugin-typescript module"),
    ("kubernetes_validate", "deploy/kubernetes/kustomization.yaml", "  - pdb.yaml\n", "", "plugin plugin-typescript module"),
    ("replicas", "deploy/kubernetes/deployment.yaml", "replicas: 2", "replicas: 1", "plugin plugin-typescript module"),
    ("replicas", "deploy/kubernetes/hpa.yaml", "minReplicas: 2", "minReplicas: 1", "plugin plugin-typescript module"),
    ("replicas", "deploy/kubernetes/pdb.yaml", "name: {project}", "name: {project}-old", "plugin plugin-typescript module"),
    ("one_port", "deploy/kubernetes/deployment.yaml", "containerPort: {port}", "containerPort: 9999", "plugin plugin-typescript module"),
    ("one_port", "Dockerfile", "EXPOSE {port}", "EXPOSE 80", "plugin plugin-typescript module"),
    ("resources", "deploy/kubernetes/deployment.yaml", "limits:", "limitz:", "plugin plugin-typescript module"),
    ("security", "deploy/kubernetes/deployment.yaml", "readOnlyRootFilesystem: true", "readOnlyRootFilesystem: false", "plugin plugin-typescript module"),
    ("security", "deploy/kubernetes/deployment.yaml", "runAsUser: 10001", "runAsUser: 10002", "plugin plugin-typescript module"),
    ("security", "Dockerfile", "USER 10001:10001", "USER app", "plugin plugin-typescript module"),
    ("writable_volumes", "deploy/kubernetes/deployment.yaml", "mountPath: /tmp", "mountPath: /scratch", "plugin plugin-typescript module"),
    ("writable_volumes", "deploy/kubernetes/deployment.yaml", "mountPath: /var/lib/{project}", "mountPath: /data", "plugin plugin-typescript"),
    ("secrets", "deploy/kubernetes/deployment.yaml", "name: {project}-secrets", "name: {project}-config", "plugin plugin-typescript"),
    ("secrets", "deploy/kubernetes/deployment.yaml", "optional: true", "optional: false", "plugin plugin-typescript"),
    ("secrets", "Dockerfile", "\nCMD [", "\nENV API_TOKEN=changeme\nCMD [", "plugin plugin-typescript module"),
    ("shutdown", "deploy/kubernetes/deployment.yaml", "terminationGracePeriodSeconds: 35", "terminationGracePeriodSeconds: 20", "plugin plugin-typescript module"),
    ("shutdown", "Dockerfile", 'CMD ["python", "-m", "{package}"]', "CMD python -m {package}", "plugin module"),
    ("shutdown", "Dockerfile", "WORKERS=1", "WORKERS=2", "plugin"),
    ("images", "Dockerfile", "python:3.11.17-slim-bookworm", "python:3.11-slim-bookworm", "plugin module"),
    ("images", "Dockerfile", "node:20.20.2-bookworm-slim", "node:20-bookworm-slim", "module plugin-typescript"),
    ("images", "deploy/kubernetes/kustomization.yaml", 'newTag: "0.1.0"', "newTag: latest", "plugin plugin-typescript module"),
    ("build_context", ".dockerignore", "!README.md\n", "", "plugin"),
    ("build_context", ".dockerignore", "\n*\n", "\n", "plugin plugin-typescript module"),
    ("build_context", ".dockerignore", "frontend/node_modules\n", "", "module"),
    ("healthcheck_declared", "Dockerfile", "HEALTHCHECK ", "# HEALTHCHECK ", "plugin plugin-typescript module"),
    ("probes_served", "deploy/kubernetes/deployment.yaml", "path: /readyz", "path: /ready", "plugin plugin-typescript module"),
    ("probes_served", "deploy/kubernetes/deployment.yaml", "path: /readyz", "path: /healthz", "plugin plugin-typescript module"),
    ("probes_served", "deploy/kubernetes/deployment.yaml", "prometheus.io/path: /metrics", "prometheus.io/path: /stats", "plugin plugin-typescript module"),
    ("healthcheck_runs", "Dockerfile", "/healthz'", "/health'", "plugin plugin-typescript module"),
    # the TypeScript plugin's own (appended: the numbers in the ids above stay)
    ("shutdown", "Dockerfile", 'CMD ["node", "dist/main.js"]', 'CMD ["npm", "start"]', "plugin-typescript"),
    ("images", "Dockerfile", "npm ci --omit=dev", "npm ci", "plugin-typescript"),
    ("build_context", ".dockerignore", "!locales/\n", "", "plugin-typescript"),
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
    port = files.image_env["PORT"]
    old, new = (
        s.format(project=files.project_name, package=files.package, port=port) for s in (text, replacement)
    )
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
