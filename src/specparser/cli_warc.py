"""``specparser --warc``: the HTML pages of web archives as JSON Lines.

Each FILE is a WARC archive (gzip or not); every HTML page in it becomes one
line, ``{"url", "record_id", "date", "status", "encoding", FIELD...}`` with
the fields ``--fields`` names (:mod:`specparser.warc`).  Archives are read
one record at a time, so memory follows the largest page, not the archive.
"""

from __future__ import annotations

import json
from typing import IO, Callable, Sequence

from .warc import FIELDS, WarcSource, extract_warc

__all__ = ["parse_fields", "write_warc_records"]


def _unreadable_archive_errors() -> tuple[type[BaseException], ...]:
    """What warcio raises for bytes that are not a WARC file, or a
    compressed one cut short (ImportError when warcio is missing goes
    through: the caller says which extra to install)."""
    import zlib

    from .warc import archive_load_failed

    return (archive_load_failed(), zlib.error, EOFError)


def parse_fields(text: str) -> tuple[str, ...]:
    """``"text,links"`` -> ``("text", "links")``; ValueError names an
    unknown field."""
    fields = tuple(part.strip() for part in text.split(",") if part.strip())
    if not fields:
        raise ValueError(f"--fields: name at least one of {', '.join(FIELDS)}")
    for name in fields:
        if name not in FIELDS:
            raise ValueError(f"--fields: unknown field {name!r}; the fields are {', '.join(FIELDS)}")
    return fields


def write_warc_records(
    sources: Sequence[tuple[str, WarcSource]],
    fields: tuple[str, ...],
    out: IO[bytes],
    report: Callable[[str], None],
) -> tuple[int, int]:
    """Write one JSON line per HTML page of each archive of ``sources``
    (``(name, path or binary file)`` pairs) to ``out``; returns ``(pages,
    archives that could not be read)``.  An archive that cannot be opened
    or is not a WARC file is reported through ``report`` by name, and the
    others go on."""
    pages = failures = 0
    for name, source in sources:
        try:
            for record in extract_warc(source, fields):
                out.write(json.dumps(record, ensure_ascii=False).encode("utf-8", "replace") + b"\n")
                pages += 1
        except OSError as error:
            failures += 1
            report(f"{name}: {error.strerror or error}")
        except _unreadable_archive_errors() as error:
            failures += 1
            report(f"{name}: not a readable WARC file ({type(error).__name__}: {error})")
    return pages, failures
