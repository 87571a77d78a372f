"""Web archives in, one JSON-ready record per HTML page out.

Dataset builders run HTML over web archives (Common Crawl publishes its
crawls as WARC files, ISO 28500).  This module reads a WARC file (plain or
gzip, through the optional ``warcio`` package: ``pip install
'specparser-html[warc]'``), picks the records that hold an HTML page, parses
each as a browser would (the HTTP ``Content-Type`` charset is the
transport-layer encoding of the sniffing algorithm) and returns what was
asked for per page:

* ``"text"``: :func:`specparser.visible_text` of the document;
* ``"links"``: the ``href`` of every ``<a>`` and ``<area>``, resolved
  against the document's base URL (the record's target URI, or the first
  ``<base href>``), in tree order;
* ``"errors"``: the parse errors as ``{"code", "line", "column"}``.

Each page is independent, so the work spreads over processes or machines by
file: :func:`extract_warc` is what a worker maps over a list of archive paths
(``docs/guides/corpora.md`` has the recipe for Dask's distributed scheduler;
the CLI's ``--warc`` runs it in one process).
"""

from __future__ import annotations

import os
from typing import IO, Any, Iterable, Iterator, NamedTuple, Union
from urllib.parse import urljoin

from .api import ParseInfo, parse
from .encoding import get_an_encoding
from .errors import ParseError
from .text import visible_text

__all__ = ["FIELDS", "HtmlRecord", "archive_load_failed", "extract_record", "extract_warc", "iter_html_records"]

#: What :func:`extract_record` can return besides the record's identity.
FIELDS: tuple[str, ...] = ("text", "links", "errors")

#: The media types whose payload is parsed as HTML (the MIME type's essence).
_HTML_TYPES = frozenset({"text/html"})

# The record types that carry a page: a crawler's HTTP response, or a
# document stored as is (wget --warc-file, local captures).
_PAGE_RECORD_TYPES = frozenset({"response", "resource"})

WarcSource = Union[str, "os.PathLike[str]", IO[bytes]]


class HtmlRecord(NamedTuple):
    """One HTML page of an archive."""

    url: str | None  # WARC-Target-URI
    record_id: str | None  # WARC-Record-ID
    date: str | None  # WARC-Date
    status: int | None  # the HTTP status, None for a resource record
    charset: str | None  # the charset parameter of the Content-Type, as given
    payload: bytes  # the body, after any HTTP transfer and content encoding


def _warcio() -> Any:
    try:
        from warcio.archiveiterator import ArchiveIterator
    except ImportError:
        raise ImportError(
            "specparser.warc needs the warcio package: pip install 'specparser-html[warc]'"
        ) from None
    return ArchiveIterator


def archive_load_failed() -> type[Exception]:
    """warcio's exception for bytes that are not a WARC (or ARC) file."""
    _warcio()
    from warcio.exceptions import ArchiveLoadFailed

    return ArchiveLoadFailed  # type: ignore[no-any-return]


def _media_type(content_type: str | None) -> tuple[str, str | None]:
    """``(essence, charset)`` of a Content-Type value: the lowercased type
    and subtype, and the ``charset`` parameter (quotes removed), as
    https://mimesniff.spec.whatwg.org/#parse-a-mime-type reads the common
    cases."""
    if not content_type:
        return "", None
    essence, _, parameters = content_type.partition(";")
    charset = None
    for parameter in parameters.split(";"):
        name, equals, value = parameter.partition("=")
        if equals and name.strip().lower() == "charset" and charset is None:
            charset = value.strip().strip('"').strip() or None
    return essence.strip().lower(), charset


def iter_html_records(source: WarcSource) -> Iterator[HtmlRecord]:
    """The HTML pages of the WARC file ``source`` (a path or a binary file;
    gzip-compressed per record or not), in archive order.

    Records other than responses and resources (requests, metadata,
    revisits, WARC info) and payloads whose Content-Type is not
    ``text/html`` are passed over."""
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as file:
            yield from iter_html_records(file)
        return
    if not hasattr(source, "read"):
        raise TypeError(
            f"iter_html_records(): source must be a path or a binary file, not {type(source).__name__}"
        )
    for record in _warcio()(source):
        if record.rec_type not in _PAGE_RECORD_TYPES:
            continue
        status: int | None = None
        if record.http_headers is not None:
            content_type = record.http_headers.get_header("Content-Type")
            try:
                status = int(record.http_headers.get_statuscode())
            except (TypeError, ValueError):
                status = None
        else:
            content_type = record.rec_headers.get_header("Content-Type")
        essence, charset = _media_type(content_type)
        if essence not in _HTML_TYPES:
            continue
        headers = record.rec_headers
        yield HtmlRecord(
            url=headers.get_header("WARC-Target-URI"),
            record_id=headers.get_header("WARC-Record-ID"),
            date=headers.get_header("WARC-Date"),
            status=status,
            charset=charset,
            payload=record.content_stream().read(),
        )


def _document_base_url(tree: Any, url: str | None) -> str | None:
    """https://html.spec.whatwg.org/#frozen-base-url: the first ``<base>``
    with an ``href``, resolved against the document's URL."""
    for base in tree.iter("base"):
        href = base.get("href")
        if href is not None:
            try:
                return urljoin(url or "", _url_text(href))
            except ValueError:  # a malformed URL (an IPv6 host that is not one ...)
                return url
    return url


# https://url.spec.whatwg.org/#concept-basic-url-parser steps 1-3: leading
# and trailing C0 controls and spaces go, and so do ASCII tabs and newlines
# anywhere (urljoin does neither).
_C0_CONTROL_OR_SPACE = "".join(map(chr, range(0x21)))
_TAB_OR_NEWLINE = str.maketrans("", "", "\t\n\r")


def _url_text(value: str) -> str:
    return value.strip(_C0_CONTROL_OR_SPACE).translate(_TAB_OR_NEWLINE)


def _links(tree: Any, url: str | None) -> list[str]:
    base = _document_base_url(tree, url)
    links = []
    for element in tree.iter():
        if element.tag in ("a", "area"):
            href = element.get("href")
            if href is None:
                continue
            href = _url_text(href)
            try:
                links.append(urljoin(base, href) if base else href)
            except ValueError:
                links.append(href)
    return links


def extract_record(record: HtmlRecord, fields: Iterable[str] = ("text", "links")) -> dict[str, Any]:
    """Parse one page and return a dict ready for ``json.dumps``: ``url``,
    ``record_id``, ``date``, ``status``, ``encoding`` (the one the bytes were
    decoded with) and each of ``fields`` (see :data:`FIELDS`)."""
    wanted = _check_fields("extract_record", fields)
    errors: list[ParseError] | None = [] if "errors" in wanted else None
    info = ParseInfo()
    # An unknown charset label is no transport-layer encoding (the sniffing
    # algorithm goes on to the prescan), as a browser does with it.
    transport = record.charset if record.charset and get_an_encoding(record.charset) else None
    tree = parse(record.payload, transport_encoding=transport, errors=errors, info=info)
    result: dict[str, Any] = {
        "url": record.url,
        "record_id": record.record_id,
        "date": record.date,
        "status": record.status,
        "encoding": info.encoding,
    }
    if "text" in wanted:
        result["text"] = visible_text(tree)
    if "links" in wanted:
        result["links"] = _links(tree, record.url)
    if errors is not None:
        result["errors"] = [{"code": e.code, "line": e.line, "column": e.column} for e in errors]
    return result


def extract_warc(source: WarcSource, fields: Iterable[str] = ("text", "links")) -> Iterator[dict[str, Any]]:
    """:func:`extract_record` for every HTML page of the WARC file
    ``source``: the function a worker maps over archive paths."""
    wanted = _check_fields("extract_warc", fields)
    for record in iter_html_records(source):
        yield extract_record(record, wanted)


def _check_fields(function: str, fields: Iterable[str]) -> tuple[str, ...]:
    if isinstance(fields, str):
        raise TypeError(f"{function}(): fields must be a collection of names, such as ('text', 'links'), not a str")
    wanted = tuple(fields)
    for name in wanted:
        if name not in FIELDS:
            raise ValueError(f"{function}(): unknown field {name!r}; the fields are {', '.join(FIELDS)}")
    return wanted
