"""Showing URLs, registry URLs and `.npmrc` keys without the credentials they may carry.

A leaf module (it imports nothing of scaffold) because every command that prints a URL a user
gave needs it: `registry-check` for `.npmrc`, `check` and `dev` for the service URL, which may
hold `user:password@` for a service behind basic authentication (httpx sends it as an
Authorization header; scaffold never prints it).

Everything the registry check prints about the configuration is built from the text as written in
`.npmrc` (`env_expand.written`: `${FURY_TOKEN}` stays `${FURY_TOKEN}`), never from the value npm
would use. On top of that, what may still be a literal secret is masked: userinfo (`user:pw@`
becomes `***@`), a query or fragment, and a path segment that looks like a token. Last, `scrub`
replaces any known secret value left in a finished message, so a rule added later that forgets
the first two steps still cannot print one. The same rules are in `check-registry.mjs`.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from urllib.parse import quote, unquote

MASK = "***"
SHORTEST_SCRUBBED = 4  # shorter values are replaced only where the structure says so
_URL = re.compile(
    r"(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*:)?(?P<slashes>//)?(?P<authority>[^/?#]*)"
    r"(?P<path>[^?#]*)(?P<query>\?[^#]*)?(?P<fragment>#.*)?",
    re.DOTALL,
)
# Tokens registries put in URLs: a long run of letters and digits mixing both (Gemfury, hex
# keys, base64url), or a prefix of a well-known token format. Folder names such as
# `npm-private` or `repository` are short runs; a false positive only hides a folder name.
_TOKEN_RUN = re.compile(r"[A-Za-z0-9]{16,}")
_TOKEN_PREFIX = re.compile(r"(?:npm_|gh[pousr]_|github_pat_|glpat-|xox[abpr]-|eyJ)[A-Za-z0-9_\-.]{8,}")
_REFERENCE = re.compile(r"\$\{[^${}]*\}")
_HOLE = re.compile("\ue000([0-9]+)\ue001")  # a reference set aside while the URL is cut up
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")


def printable(text: str) -> str:
    """`text` with control, bidi and lone-surrogate characters escaped: one safe terminal line."""
    return _UNPRINTABLE.sub(lambda match: f"\\u{ord(match[0]):04x}", text)


def looks_like_token(segment: str) -> bool:
    """True for a literal path segment that may be a credential (references are not)."""
    segment = _HOLE.sub("\x00", _REFERENCE.sub("\x00", segment))
    if _TOKEN_PREFIX.search(segment):
        return True
    return any(re.search("[0-9]", run) and re.search("[A-Za-z]", run) for run in _TOKEN_RUN.findall(segment))


def shown_url(written_url: str) -> str:
    """A URL as written in .npmrc, with userinfo, query, fragment and token-like segments masked."""
    written_url = re.sub("[\ue000\ue001]", "\ufffd", written_url)  # no fake holes from the file
    held = _REFERENCE.findall(written_url)  # `${TOKEN?}` holds a `?` that starts no query
    counter = iter(range(len(held)))
    match = _URL.fullmatch(_REFERENCE.sub(lambda _: f"\ue000{next(counter)}\ue001", written_url))
    if match is None:  # pragma: no cover - the expression matches any text
        return MASK
    authority, path = match["authority"], match["path"]
    if not match["slashes"]:
        authority, path = "", authority + path
    if "@" in authority:
        authority = f"{MASK}@{authority.rpartition('@')[2]}"
    segments = [MASK if looks_like_token(segment) else segment for segment in path.split("/")]
    shown = (match["scheme"] or "") + (match["slashes"] or "") + authority + "/".join(segments)
    if match["query"]:
        shown += f"?{MASK}"
    if match["fragment"]:
        shown += f"#{MASK}"
    return printable(_HOLE.sub(lambda hole: held[int(hole[1])], shown))


def shown_key(written_key: str) -> str:
    """A key as written: a credential key's `//host/path/` part masked like a URL."""
    if written_key.startswith("//"):
        dart, colon, name = written_key.rpartition(":")
        if colon:
            return f"{shown_url(dart)}:{printable(name)}"
    return printable(written_key)


# Up to the authority's *last* `@` (as URL parsers read it): `http://a@b@host/` hides `a@b`.
_USERINFO_IN_TEXT = re.compile(r"(?P<head>[A-Za-z][A-Za-z0-9+.\-]*://)[^\s/?#'\"<>]*@")
_URL_IN_TEXT = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://[^\s'\"<>]+")


def mask_urls(text: str) -> str:
    """`text` (a tool's message, such as npm's last error line) with every URL in it shown masked.

    npm prints the registry URL it failed on with a token in its path or userinfo as configured;
    relaying that line must not relay the credential.
    """
    return printable(_URL_IN_TEXT.sub(lambda match: shown_url(match[0]), text))


def url_secrets(url: str) -> tuple[str, ...]:
    """The credentials a URL the user typed carries: its userinfo, and the password alone.

    Both as typed and percent-decoded, since messages (httpx's among them) may show either.
    """
    authority = url.partition("://")[2].split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    userinfo, at, _ = authority.rpartition("@")
    if not at or not userinfo:
        return ()
    password = userinfo.partition(":")[2]
    found = [userinfo, unquote(userinfo), password, unquote(password)]
    return tuple(dict.fromkeys(value for value in found if value))


def without_credentials(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with the userinfo of every URL in it masked, then every known secret value scrubbed."""
    return scrub(_USERINFO_IN_TEXT.sub(lambda match: f"{match['head']}{MASK}@", text), secrets)


def scrub(text: str, secrets: Iterable[str], mask: str = MASK) -> str:
    """`text` with every secret value, in every spelling a message may hold it, replaced by `mask`.

    Run it on a whole message before it is cut to length: a cut secret is no longer found.
    """
    forms = sorted(
        {form for secret in secrets if len(secret) >= SHORTEST_SCRUBBED for form in secret_forms(secret)},
        key=len,
        reverse=True,
    )
    for form in forms:
        text = text.replace(form, mask)
    return _mask_cut_starts(text, forms, mask) if forms else text


# Where a message was cut to length: what stands just before may be the start of a secret.
_CUT = re.compile(r"\.\.\.|…")


def _mask_cut_starts(text: str, forms: list[str], mask: str) -> str:
    """`text` with the start of a secret's form that ends at a cut mark masked too: code that cut
    a message before it was scrubbed (to 120 or 160 characters) left a secret's first part."""
    parts: list[str] = []
    done = 0
    for cut in _CUT.finditer(text):
        end = start = cut.start()
        for form in forms:
            for length in range(min(len(form) - 1, end - done), SHORTEST_SCRUBBED - 1, -1):
                if text.endswith(form[:length], done, end):
                    start = min(start, end - length)
                    break
        parts += [text[done:start], mask if start < end else "", cut[0]]
        done = cut.end()
    parts.append(text[done:])
    return "".join(parts)


def secret_forms(secret: str) -> tuple[str, ...]:
    """How `secret` may be spelled inside a message: once escaped (`_escaped_forms`), or escaped
    twice, one escaping inside another (the repr of a JSON text, a dict's repr quoting a message
    that quoted the value): reports quote what services answered, and those quote what was sent."""
    once = _escaped_forms(secret)
    return tuple(dict.fromkeys((*once, *(twice for form in once[1:] for twice in _escaped_forms(form)))))


def _escaped_forms(secret: str) -> tuple[str, ...]:
    """How `secret` may be spelled inside a message: as it is, percent-encoded, inside a JSON or a
    Python string literal (Python's repr of a value is what jsonschema's messages quote: `it\\'s`,
    `nb\\xa0`) and HTML-escaped. Forms shorter than the value itself are never produced, so no
    short, common text is masked by accident."""
    raw = secret.encode("utf-8", errors="surrogatepass")  # os.environ may hold undecodable bytes
    python = _python_literal_body(secret)
    forms = (
        secret,
        quote(raw, safe=""),
        quote(raw, safe="/:@"),
        json.dumps(secret)[1:-1],
        json.dumps(secret, ensure_ascii=False)[1:-1],
        python,
        python.replace("'", "\\'"),  # inside '...' when the text also holds a double quote
        html.escape(secret, quote=False),
        html.escape(secret),
    )
    return tuple(dict.fromkeys(form for form in forms if form))


def _python_literal_body(text: str) -> str:
    """`text` as it stands between the quotes of Python's repr, quotes not escaped."""
    return "".join("\\\\" if c == "\\" else c if c in "'\"" else repr(c)[1:-1] for c in text)
