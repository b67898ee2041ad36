"""`scaffold new-plugin` and `scaffold new-module`: start a project that already speaks the contract."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from scaffold.contracts import LANGUAGES, MODULE, PLUGIN, KindNames
from scaffold.projects.create import CreatedProject, NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.projects.names import (
    validate_go_module,
    validate_package_name,
    validate_project_name,
    validate_scope,
)
from scaffold.projects.state.answers import parse_components, validate_registry_url

DestArgument = Annotated[
    Path, typer.Argument(help="Folder to create; its name is the default project name.", show_default=False)
]
NameOption = Annotated[
    str | None, typer.Option("--name", help="Project name (default: DEST's folder name), e.g. acme-sales.")
]
PluginPackageOption = Annotated[
    str | None,
    typer.Option(
        "--package",
        help="Python package of a Python plugin (default: the name with dashes as underscores); a "
        "TypeScript or Go plugin only records it.",
    ),
]
ModulePackageOption = Annotated[
    str | None,
    typer.Option(
        "--package",
        help="Identifier of the module (default: the name with dashes as underscores): the default "
        "--scope in every language, and the Python package of a Python backend.",
    ),
]
TitleOption = Annotated[str | None, typer.Option("--title", help="Display title (default: from the name).")]
DescriptionOption = Annotated[str | None, typer.Option("--description", help="One-line description.")]
AuthorOption = Annotated[str | None, typer.Option("--author", help="Developer name shown in the metadata.")]
ContractOption = Annotated[
    str | None,
    typer.Option(
        "--contract-version",
        help="Contract version to target (default: the newest shipped); its newest spec revision is used.",
    ),
]
DefaultsOption = Annotated[
    bool, typer.Option("--defaults", help="Ask nothing: use the options given and defaults for the rest.")
]
ForceOption = Annotated[bool, typer.Option("--force", help="Write into DEST even if it is not empty.")]
GitOption = Annotated[
    bool,
    typer.Option(
        "--git/--no-git",
        help="Make DEST a git repository with a first commit of the new project (the default; not "
        "when DEST is inside another repository), as `scaffold upgrade` needs.",
    ),
]
LanguageOption = Annotated[
    str | None,
    typer.Option(
        "--language",
        help="Language of the plugin service: python (FastAPI; the default), typescript (Node 20, Fastify 5) "
        "or go (standard library only; preview).",
        show_default=False,
    ),
]
ModuleLanguageOption = Annotated[
    str | None,
    typer.Option(
        "--language",
        help="Language of the module's backend: python (FastAPI; the default), typescript (Node 20, "
        "Fastify 5) or go (standard library only). The frontend is TypeScript and React in every case.",
        show_default=False,
    ),
]
ExampleOption = Annotated[
    bool | None,
    typer.Option(
        "--example/--no-example",
        help="Include the example data source (the default: SQL over SQLite in Python, a built-in "
        "sample dataset in TypeScript and Go), or start from a starter whose every method "
        "gives the smallest valid answer.",
        show_default=False,
    ),
]


def _explicit(**values: Any) -> dict[str, Any]:
    return {key: value for key, value in values.items() if value is not None}


def _interactive(defaults: bool) -> bool:
    if defaults:
        return False
    if not sys.stdin.isatty():
        raise typer.BadParameter(
            "there is no terminal to ask questions in; pass --defaults (and options for the answers)",
            param_hint="--defaults",
        )
    return True


def _validate_flags(kind: str, answers: dict[str, Any], language: str | None) -> None:
    """Check explicit flags before any rendering, so a typo fails fast and names its rule."""
    if "project_name" in answers:
        validate_project_name(answers["project_name"])
    if "package_name" in answers:
        validate_package_name(answers["package_name"], kind, language)
    if "scope" in answers:
        validate_scope(answers["scope"])
    if "go_module" in answers:  # the module_answer of the language that has one (LANGUAGES)
        validate_go_module(answers["go_module"])


def _language(kind: KindNames, given: str | None, interactive: bool) -> str:
    """The language of the kind's service: --language, else asked when interactive, else the default."""
    languages = kind.service_languages
    named = ", ".join(languages[:-1]) + " or " + languages[-1] if len(languages) > 1 else languages[0]
    part = "plugin service" if kind.name == PLUGIN.name else f"{kind.name} backend"
    if given is None and interactive:
        given = typer.prompt(f"Language of the {part} ({named})", default=languages[0]).strip()
    if given is None:
        return languages[0]
    if given not in languages:
        raise typer.BadParameter(
            f"{given!r} is not a language scaffold writes {kind.name}s in; use {named}",
            param_hint="--language",
        )
    return given


def _create(
    kind: str,
    dest: Path,
    answers: dict[str, Any],
    contract_version: str | None,
    defaults: bool,
    force: bool,
    git: bool,
    language: str | None = None,
) -> CreatedProject:
    """Validate the flags, create the project, and print what was made."""
    _validate_flags(kind, answers, language)
    project_kind = KINDS[kind] if language is None else KINDS[kind].for_language(language)
    options = NewProjectOptions(
        kind=project_kind,
        destination=dest,
        answers=answers,
        contract_version=contract_version,
        interactive=_interactive(defaults),
        force=force,
        repository=git,
    )
    created = create_project(options)
    typer.echo(
        f"created {created.root} ({created.file_count} files; contract "
        f"{created.manifest.contract} {created.manifest.contract_version}, template {created.template_version})"
    )
    if created.repository is not None:
        typer.echo(created.repository.describe(dest))
    return created


def register(app: typer.Typer) -> None:
    @app.command("new-plugin")
    def new_plugin(
        dest: DestArgument,
        name: NameOption = None,
        package: PluginPackageOption = None,
        title: TitleOption = None,
        description: DescriptionOption = None,
        author: AuthorOption = None,
        example: ExampleOption = None,
        language: LanguageOption = None,
        module: Annotated[
            str | None,
            typer.Option(
                "--module",
                help="Go module path of a Go plugin (default: the project name), e.g. example.com/team/acme-sales.",
            ),
        ] = None,
        contract_version: ContractOption = None,
        defaults: DefaultsOption = False,
        force: ForceOption = False,
        git: GitOption = True,
    ) -> None:
        """Create a data source plugin service (Python and FastAPI, TypeScript and Fastify, or Go)."""
        interactive = _interactive(defaults)
        chosen = _language(PLUGIN, language, interactive)
        module_answer = LANGUAGES[chosen].module_answer
        if module is not None and not module_answer:
            having = " or ".join(n for n, language in LANGUAGES.items() if language.module_answer)
            raise typer.BadParameter(
                f"a {chosen} plugin has no module path: --module is for --language {having}",
                param_hint="--module",
            )
        answers = _explicit(
            project_name=name,
            package_name=package,
            title=title,
            description=description,
            author=author,
            example=example,
        )
        if module is not None:
            answers[module_answer] = module
        created = _create(PLUGIN.name, dest, answers, contract_version, defaults, force, git, chosen)
        first_run = LANGUAGES[chosen].first_run.format(
            package=created.answers["package_name"], project=created.answers["project_name"]
        )
        typer.echo(f"next: cd {dest} && {first_run}")

    @app.command("new-module")
    def new_module(
        dest: DestArgument,
        name: NameOption = None,
        package: ModulePackageOption = None,
        title: TitleOption = None,
        description: DescriptionOption = None,
        author: AuthorOption = None,
        scope: Annotated[
            str | None,
            typer.Option(
                "--scope",
                help="Name of the window property the bundle registers (default: the --package value).",
            ),
        ] = None,
        components: Annotated[
            str | None,
            typer.Option(
                "--components",
                help="Comma-separated components: Widget,WidgetEditor,Settings (default: all).",
            ),
        ] = None,
        registry_url: Annotated[
            str | None,
            typer.Option("--registry-url", help="npm registry URL for the @ui-kit and @platform scopes."),
        ] = None,
        language: ModuleLanguageOption = None,
        contract_version: ContractOption = None,
        defaults: DefaultsOption = False,
        force: ForceOption = False,
        git: GitOption = True,
    ) -> None:
        """Create a dashboard widget module: a backend (Python and FastAPI, TypeScript and Fastify, or
        Go) and a React 18 frontend bundle."""
        chosen = _language(MODULE, language, _interactive(defaults))
        answers = _explicit(
            project_name=name,
            package_name=package,
            title=title,
            description=description,
            author=author,
            scope=scope,
            components=parse_components(components) if components is not None else None,
            registry_url=validate_registry_url(registry_url) if registry_url is not None else None,
        )
        created = _create(MODULE.name, dest, answers, contract_version, defaults, force, git, chosen)
        first_run = LANGUAGES[chosen].first_run.format(
            package=created.answers["package_name"], project=created.answers["project_name"]
        )
        typer.echo(
            f"next: cd {dest}/frontend && npm install && npm run build && cd ../backend && {first_run}"
        )
