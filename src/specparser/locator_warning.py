"""A warning for markup that looks like a file name or a URL: the caller
most likely meant to parse what it names, not the name itself
(``parse("page.html")`` parses the text "page.html").  BeautifulSoup warns
the same way (its ``MarkupResemblesLocatorWarning``); ``BeautifulSoup(x,
"specparser")`` keeps bs4's own warning, and :func:`specparser.parse` gives
this one for every tree type (for ``"bs4"``, a subclass of both, so that
either class's filter applies).
"""

from __future__ import annotations

import re
import warnings

__all__ = ["MarkupResemblesLocatorWarning", "resembles_locator", "warn_if_locator"]


class MarkupResemblesLocatorWarning(UserWarning):
    """The markup given to :func:`specparser.parse` /
    :func:`specparser.parse_fragment` looks like a file name or a URL, and
    is parsed as text.  Open the file (``parse(open(name, "rb"))``) or fetch
    the URL and parse its bytes; silence it with
    ``warnings.filterwarnings("ignore", category=MarkupResemblesLocatorWarning)``
    when the text is meant."""


# Only short markup with no "<" can be a locator.  The rules are bs4's
# (BeautifulSoup._markup_is_url / _markup_resembles_filename, 4.13), so that
# the same strings warn: a URL is http(s): (here also file: and ftp:) and no
# space; a file name ends with the extension of a text document and has none
# of what a shell, a URL or fixed-width text would have.
_MAX_LENGTH = 256
_URL = re.compile(r"(?i)(?:https?:|file:|ftp:)[^ ]*\Z")
_FILE_EXTENSION = re.compile(r"(?i).*\.(?:html?|xhtml|xml|txt)\Z", re.S)
_NOT_IN_A_FILE_NAME = re.compile(r"[?*#&;>$|]|//|  ")


def resembles_locator(markup: str | bytes | bytearray) -> str | None:
    """``"URL"`` or ``"file name"`` when ``markup`` looks like one, else
    ``None``."""
    if len(markup) > _MAX_LENGTH:
        return None
    if isinstance(markup, (bytes, bytearray)):
        if not markup.isascii():
            return None
        markup = markup.decode("ascii")
    if "<" in markup:
        return None
    if _URL.match(markup):
        return "URL"
    if (
        _FILE_EXTENSION.match(markup)
        and not _NOT_IN_A_FILE_NAME.search(markup)
        and ":" not in markup.replace(":", "", 1 if markup[1:2] == ":" else 0)
    ):
        return "file name"
    return None


_BS4_CATEGORY: type[Warning] | None = None  # made on first use (bs4 is optional)


def _category(tree: object) -> type[Warning]:
    """The warning class: for a BeautifulSoup tree, one that is bs4's
    ``MarkupResemblesLocatorWarning`` too, so that a bs4 user's filter for
    that warning applies to ``parse(..., "bs4")`` as to ``BeautifulSoup()``."""
    global _BS4_CATEGORY
    if tree != "bs4":
        return MarkupResemblesLocatorWarning
    if _BS4_CATEGORY is None:
        try:
            from bs4 import MarkupResemblesLocatorWarning as Bs4Warning
        except ImportError:  # bs4 < 4.13 (the bs4 extra asks for 4.13)
            return MarkupResemblesLocatorWarning
        _BS4_CATEGORY = type("MarkupResemblesLocatorWarning", (MarkupResemblesLocatorWarning, Bs4Warning), {
            "__module__": __name__, "__doc__": MarkupResemblesLocatorWarning.__doc__,
        })  # fmt: skip
    return _BS4_CATEGORY


def warn_if_locator(function: str, markup: object, stacklevel: int, tree: object = None) -> None:
    """Warn when ``markup`` (str or bytes; a file is never a locator) looks
    like a file name or URL; ``stacklevel`` as for :func:`warnings.warn`,
    counted from the caller; ``tree`` the tree type asked for."""
    if not isinstance(markup, (str, bytes, bytearray)):
        return
    kind = resembles_locator(markup)
    if kind is None:
        return
    what = "open the file and pass it (or its bytes)" if kind == "file name" else "fetch it and pass the response's bytes"
    text = markup if isinstance(markup, str) else bytes(markup).decode("ascii")
    warnings.warn(
        f"{function}: the markup {text!r} looks like a {kind}, and is parsed as text: "
        f"to parse what it names, {what}",
        _category(tree),
        stacklevel=stacklevel + 1,
    )
