"""The command line reads undeclared UTF-8 as UTF-8 (step 8 of
https://html.spec.whatwg.org/#encoding-sniffing-algorithm, as the native
API does) and its html output, written in UTF-8, declares UTF-8.

The check of a declaration is the spec's own: the output bytes are sniffed
again (prescan, https://html.spec.whatwg.org/#prescan-a-byte-stream-to-determine-its-encoding)
with UTF-8 detection off, so only what the document says counts, and
decoded they must give the same text as the input."""

from __future__ import annotations

import pytest

import specparser

from specparser.cli_formats import format_html
from specparser.encoding import decode_for_parse
from tests.test_cli import out, run


def reread(output: bytes) -> tuple[str, str]:
    """(encoding, text) a browser without UTF-8 detection would read."""
    decoded = decode_for_parse(output, detect_utf8=False)
    return decoded.encoding, decoded.text


def test_undeclared_utf8_is_read_as_utf8() -> None:
    result = run("--format", "text", "-", input="<p>café".encode())
    assert out(result) == "café\n"
    result = run("--format", "text", "--no-detect-utf8", "-", input="<p>café".encode())
    assert out(result) == "cafÃ©\n"  # the spec's default, windows-1252


@pytest.mark.parametrize(
    "page",
    [
        '<meta charset="windows-1252"><p>caf\xe9 \u2014'.encode("windows-1252"),
        b'<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><p>caf\xe9',
        "<meta charset=shift_jis><p>\u65e5\u672c".encode("shift_jis"),
        "<!DOCTYPE html><title>x</title><p>caf\u00e9".encode(),  # declares nothing
    ],
)
def test_html_output_declares_its_encoding(page: bytes) -> None:
    result = run("-", input=page)
    assert result.returncode == 0
    encoding, _ = reread(result.stdout)
    assert encoding == "utf-8"
    # The same text as the input's, read by a browser that does not detect.
    output = result.stdout[:-1]  # the newline the command adds after the document
    assert body_text(output, detect_utf8=False) == body_text(page, detect_utf8=True)


def body_text(data: bytes, detect_utf8: bool) -> str:
    body = specparser.parse(data, detect_utf8=detect_utf8).find("body")
    assert body is not None
    return "".join(body.itertext())


def test_ascii_output_without_a_declaration_is_left_alone() -> None:
    result = run("-", input=b"<p>plain")
    assert out(result) == "<html><head></head><body><p>plain</p></body></html>\n"


def test_fragments_and_documents_without_head_content() -> None:
    from specparser.walkers import END, START, TEXT

    html = "http://www.w3.org/1999/xhtml"
    events = [(START, "p", html, {}), (TEXT, "é"), (END, "p", html)]
    # No <head> in a fragment: nothing to insert into.
    assert format_html(iter(events), output_encoding="utf-8") == "<p>é</p>"
    document = [(START, "html", html, {}), (START, "head", html, {}), (END, "head", html), *events, (END, "html", html)]
    assert format_html(iter(document), output_encoding="utf-8") == (
        '<html><head><meta charset="utf-8"></head><p>é</p></html>'
    )
    assert format_html(iter(document)) == "<html><head></head><p>é</p></html>"
