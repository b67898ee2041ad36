"""The Python class name of every schema, planned and checked before any code is generated.

datamodel-code-generator resolves a clash between two names by silently renaming one of them
(`FrameField` becomes `FrameFieldModel`), and a name that is a keyword, a builtin or a name the
generated modules already use (`BaseModel`, `Field`, `SecretBox`) shadows something the code
relies on. A renamed class breaks the routes and base class that import it by name, so every
clash is refused here, naming the schema, before anything is written.
"""

from __future__ import annotations

import builtins
import keyword
import re
from collections.abc import Iterable, Mapping

from scaffold.errors import SpecError
from scaffold.specs.document import SpecDocument
from scaffold.specs.pointers import to_pointer
from scaffold.specs.wording import quoted

# Python class names for schemas whose contract name clashes with pydantic.
CLASS_NAMES: Mapping[str, str] = {"Field": "FrameField"}

_CLASS_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
# Names the generated modules define or import next to the model classes (models.py, base.py,
# routes.py, frames.py, __init__.py of a plugin; routes.py of a module backend).
GENERATED_NAMES = frozenset(
    {
        "ABC",
        "Annotated",
        "Any",
        "APIRouter",
        "Awaitable",
        "BaseModel",
        "BodyError",
        "Callable",
        "Catalog",
        "ClassVar",
        "ConfigCheck",
        "ConfigDict",
        "ConfigurationError",
        "ContractModel",
        "DataSourceBase",
        "DemoHandler",
        "ErrorShape",
        "Field",
        "FormMessages",
        "FrontendAssets",
        "Iterable",
        "JSONResponse",
        "Literal",
        "Mapping",
        "MetadataFactory",
        "MissingOperationError",
        "Model",
        "Operation",
        "PluginError",
        "Point",
        "ProxiedRequest",
        "Request",
        "RequestContext",
        "Response",
        "RootModel",
        "SecretBox",
        "Self",
        "Sequence",
        "StartupError",
        "TypeVar",
        "Wiring",
    }
)
_SOFT_KEYWORDS = frozenset(getattr(keyword, "softkwlist", ()))


def class_name(schema: str) -> str:
    """The Python class of component schema `schema`."""
    return CLASS_NAMES.get(schema, schema)


def check_class_names(spec: SpecDocument, schemas: Iterable[str]) -> None:
    """Refuse schema names that cannot become distinct, harmless Python classes (SpecError)."""
    taken: dict[str, str] = {}
    for schema in schemas:
        name = class_name(schema)
        where = to_pointer(("components", "schemas", schema))
        if not _CLASS_NAME.match(name):
            _refuse(spec, schema, where, "is not usable as a Python class name", "letters, digits and _")
        if keyword.iskeyword(name) or name in _SOFT_KEYWORDS or hasattr(builtins, name):
            _refuse(spec, schema, where, "is a Python keyword or builtin name", "a name of its own")
        if name in GENERATED_NAMES:
            _refuse(spec, schema, where, "is a name the generated code already uses", "a name of its own")
        renamed = [source for source, target in CLASS_NAMES.items() if target == name and source != schema]
        if renamed:
            _refuse(
                spec,
                schema,
                where,
                f"is the class name scaffold gives the schema {renamed[0]}",
                "a name of its own",
            )
        folded = name.replace("_", "").lower()
        if folded in taken:
            _refuse(
                spec,
                schema,
                where,
                f"becomes the same Python class as the schema {quoted(taken[folded])}",
                "names that differ in more than case and underscores",
            )
        taken[folded] = schema


def _refuse(spec: SpecDocument, schema: str, where: str, problem: str, rule: str) -> None:
    raise SpecError(
        f"the schema name {quoted(schema)} {problem}",
        path=spec.path,
        pointer=where,
        hint=f"Rename the schema: its Python class needs {rule}.",
    )
