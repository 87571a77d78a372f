"""The ``specparser`` command, run as a subprocess (``python -m specparser``).

Expected values come from the WPT tree-construction and html5lib-tests
tokenizer suites (
cases, batched: many files per run, so the subprocess start-up is paid a
few times, not once per case), from the spec (serialization, encoding
sniffing, error codes) or from the DOM's definition of textContent.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import specparser

from compat.paths import MISSING_TESTS, SHARED, html5lib_tests_dir

SRC = Path(__file__).resolve().parent.parent / "src"

XLINK_NS = "http://www.w3.org/1999/xlink"


def run(*args: str, input: bytes | None = None, cwd: Path | None = None, **kwargs) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(SRC) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "specparser", *args],
        input=input if input is not None else b"",
        capture_output=True,
        cwd=cwd,
        env=env,
        timeout=300,
        **kwargs,
    )


def out(result: subprocess.CompletedProcess) -> str:
    return result.stdout.decode("utf-8")


def err(result: subprocess.CompletedProcess) -> str:
    return result.stderr.decode("utf-8")


def split_by_file(text: str) -> dict[str, str]:
    """Several files' html/tree/text output: ``==> NAME <==`` headers."""
    parts = re.split(r"^==> (.+) <==\n", text, flags=re.M)
    assert parts[0] == ""
    return dict(zip(parts[1::2], parts[2::2]))


def suite_cases_to_files(cases, directory: Path) -> list[tuple[Path, object]]:
    """Write each case's input as UTF-8 (run with ``--encoding utf-8``).
    Inputs bytes cannot carry the same way are left out: lone surrogates
    (no UTF-8 form) and a leading U+FEFF (read as a byte order mark)."""
    written = []
    for number, case in enumerate(cases):
        text = case.data if hasattr(case, "data") else case.input
        if text.startswith("\ufeff"):
            continue
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:
            continue
        path = directory / f"case{number:04d}.html"
        path.write_bytes(data)
        written.append((path, case))
    return written


def tree_cases():
    """The WPT tree cases (compat.tree_suite), without the scripted ones."""
    from compat.tree_suite import missing_reason, suite_dir

    if suite_dir() is None:
        pytest.skip(missing_reason())
    return _load_tree_cases()


@functools.lru_cache(maxsize=1)
def _load_tree_cases():
    from compat.tree_suite import load_cases

    return load_cases()


# -- tree format: the html5lib-tests dump ------------------------------------


def test_tree_format_matches_the_suite_for_every_document_case(tmp_path):
    cases = [c for c in tree_cases() if c.context is None and not c.scripting]
    files = suite_cases_to_files(cases, tmp_path)
    assert len(files) > 1500
    result = run("--format", "tree", "--encoding", "utf-8", *(p.name for p, _ in files), cwd=tmp_path)
    assert result.returncode == 0, err(result)
    dumps = split_by_file(out(result))
    failures = [case.id for path, case in files if dumps[path.name].rstrip("\n") != case.expected]
    assert not failures, failures[:20]
    assert re.fullmatch(
        rf"specparser: {len(files)} files, [\d.]+ [KM]?B, \d+ parse errors, [\d.]+ s\n", err(result)
    )


def test_tree_format_with_scripting(tmp_path):
    cases = [c for c in tree_cases() if c.context is None and c.scripting and "<noscript" in c.data.lower()]
    files = suite_cases_to_files(cases, tmp_path)
    assert files
    result = run("-f", "tree", "--scripting", "-e", "utf-8", *(p.name for p, _ in files), cwd=tmp_path)
    dumps = split_by_file(out(result))
    assert [dumps[p.name].rstrip("\n") for p, _ in files] == [c.expected for _, c in files]


@pytest.mark.parametrize(
    "context", ["td", "select", "svg foreignObject", "math annotation-xml"]
)
def test_tree_format_fragments(tmp_path, context):
    cases = [c for c in tree_cases() if c.context == context and not c.scripting]
    files = suite_cases_to_files(cases, tmp_path)
    assert files
    args = ["-f", "tree", "--fragment", context, "-e", "utf-8", *(p.name for p, _ in files)]
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 0, err(result)
    if len(files) == 1:
        dumps = {files[0][0].name: out(result)}
    else:
        dumps = split_by_file(out(result))
    assert [dumps[p.name].rstrip("\n") for p, _ in files] == [c.expected for _, c in files]


# -- json format: schema, and the same trees as the suite -------------------


def json_to_tree_lines(document: dict) -> str:
    """The html5lib-tests dump of a JSON tree (without recursion, like the
    command itself), so the suite checks the JSON form too."""
    prefixes = {"html": "", "svg": "svg ", "math": "math "}
    lines: list[str] = []
    stack = [(iter(document["children"]), 0)]
    while stack:
        nodes, depth = stack[-1]
        node = next(nodes, None)
        if node is None:
            stack.pop()
            continue
        indent = "  " * depth
        kind = node["type"]
        if kind == "element":
            assert set(node) <= {"type", "name", "namespace", "attributes", "attributeNamespaces", "content", "children"}
            lines.append(f"| {indent}<{prefixes[node['namespace']]}{node['name']}>")
            namespaced = node.get("attributeNamespaces", {})
            shown = []
            for name, value in node["attributes"].items():
                if name in namespaced:
                    assert name.split(":")[0] in ("xlink", "xml", "xmlns")
                    name = name.replace(":", " ", 1)
                shown.append((name, value))
            for name, value in sorted(shown):
                lines.append(f'| {indent}  {name}="{value}"')
            if "content" in node:
                assert node["name"] == "template" and node["namespace"] == "html"
                lines.append(f"| {indent}  content")
                # Children after content: push them first.
                stack.append((iter(node["children"]), depth + 1))
                stack.append((iter(node["content"]), depth + 2))
            else:
                stack.append((iter(node["children"]), depth + 1))
        elif kind == "text":
            assert set(node) == {"type", "data"}
            lines.append(f'| {indent}"{node["data"]}"')
        elif kind == "comment":
            assert set(node) == {"type", "data"}
            lines.append(f"| {indent}<!-- {node['data']} -->")
        elif kind == "processing-instruction":
            assert set(node) == {"type", "target", "data"}
            lines.append(f"| {indent}<?{node['target']} {node['data']}?>")
        else:
            assert kind == "doctype" and set(node) == {"type", "name", "publicId", "systemId"}
            if node["publicId"] or node["systemId"]:
                lines.append(f'| {indent}<!DOCTYPE {node["name"]} "{node["publicId"]}" "{node["systemId"]}">')
            else:
                lines.append(f"| {indent}<!DOCTYPE {node['name']}>")
    return "\n".join(lines)


def test_json_format_gives_the_suite_trees(tmp_path):
    cases = [c for c in tree_cases() if c.context is None and not c.scripting]
    files = suite_cases_to_files(cases, tmp_path)
    # Two processes: the order of a long run's results is checked too.
    result = run("--format", "json", "-j", "2", "-e", "utf-8", *(p.name for p, _ in files), cwd=tmp_path)
    assert result.returncode == 0, err(result)
    lines = out(result).splitlines()
    assert len(lines) == len(files)  # JSON Lines: one object per file, in input order
    failures = []
    for line, (path, case) in zip(lines, files):
        document = json.loads(line)
        assert document["type"] == "document" and document["file"] == path.name
        assert document["encoding"] == "utf-8"
        for error in document["errors"]:
            assert set(error) == {"code", "line", "column", "message"}
        if json_to_tree_lines(document) != case.expected:
            failures.append(case.id)
    assert not failures, failures[:20]


def test_json_schema_of_a_small_document():
    page = (
        b"<!DOCTYPE html><html lang=en><!--c--><p class=x>a&amp;b"
        b"<template><i>t</i></template>"
        b'<svg viewbox="0 0 1 1" xlink:href=#a><path/></svg></i>'
    )
    result = run("--format", "json", "-", input=page)
    assert result.returncode == 0
    document = json.loads(out(result))
    element = lambda name, children, attributes=None, namespace="html", **extra: {  # noqa: E731
        "type": "element", "name": name, "namespace": namespace,
        "attributes": attributes or {}, **extra, "children": children,
    }  # fmt: skip
    expected_body = element("body", [element("p", [
        {"type": "text", "data": "a&b"},
        element("template", [], content=[element("i", [{"type": "text", "data": "t"}])]),
        element(
            "svg", [element("path", [], namespace="svg")],
            {"viewBox": "0 0 1 1", "xlink:href": "#a"}, namespace="svg",
            attributeNamespaces={"xlink:href": XLINK_NS},
        ),
    ], {"class": "x"})])  # fmt: skip
    assert document == {
        "type": "document",
        "file": "<stdin>",
        "encoding": "utf-8",  # no BOM, no meta, valid UTF-8 (ASCII): step 8 detects UTF-8
        "children": [
            {"type": "doctype", "name": "html", "publicId": "", "systemId": ""},
            element("html", [{"type": "comment", "data": "c"}, element("head", []), expected_body], {"lang": "en"}),
        ],
        "errors": [
            # "</i>" with no i open; <p> left open at the end is no error
            # (https://html.spec.whatwg.org/#parsing-main-inbody, EOF token).
            {"code": "unexpected-end-tag", "line": 1, "column": len(page) - 3,
             "message": "end tag not allowed here, or with no open element to close: </i>"},
        ],
    }  # fmt: skip
    assert list(document["children"][1]["children"][2]["children"][0]["children"][1]) == [
        "type", "name", "namespace", "attributes", "content", "children",
    ]  # fmt: skip


def test_json_fragment_has_its_context():
    result = run("-f", "json", "--fragment", "svg foreignObject", "-", input=b"<p>x")
    document = json.loads(out(result))
    assert document["type"] == "fragment"
    assert document["context"] == {"name": "foreignObject", "namespace": "svg"}
    assert document["children"] == [
        {"type": "element", "name": "p", "namespace": "html", "attributes": {},
         "children": [{"type": "text", "data": "x"}]},
    ]  # fmt: skip


# -- html format: the spec's serialization ------------------------------------


def test_html_format_serializes_the_normalized_document():
    page = (
        b'<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "x">'
        b"<P CLASS=a>x<br>y</b>&amp;&nbsp;<script>a<b&amp;</script><img src='q\"'>"
    )
    result = run("-", input=page)  # html is the default format
    assert result.returncode == 0
    # https://html.spec.whatwg.org/#serialising-html-fragments: script text
    # is literal, "&" and U+00A0 are escaped, void elements have no end tag,
    # attribute values are quoted.  The DOCTYPE keeps its identifiers, as
    # specparser.serialize() writes it (issue 30).
    assert out(result) == (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "x"><html><head></head><body>'
        '<p class="a">x<br>y&amp;&nbsp;<script>a<b&amp;</script><img src="q&quot;"></p>'
        "</body></html>\n"
    )


def test_html_format_keeps_the_quirks_mode_of_the_doctype():
    # HTML 4.01 Transitional without a system identifier is quirks mode
    # (https://html.spec.whatwg.org/#the-initial-insertion-mode), where
    # <table> does not close the <p>.  With the bare "<!DOCTYPE html>" of
    # the spec's serialization the output would re-parse in no-quirks mode,
    # the <p> closed before the table: another tree.
    page = b'<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><p><table><tr><td>x</table>'
    html = run("-", input=page).stdout
    assert html.decode() == specparser.serialize(specparser.parse(page)) + "\n"
    assert html.startswith(b'<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">')
    # (The output ends with a newline, which would re-parse as text.)
    trees = [run("--format", "tree", "-", input=data).stdout for data in (page, html[:-1])]
    assert trees[0] == trees[1] and b"|     <p>\n|       <table>" in trees[0]


def test_html_format_scripting_flag():
    page = b"<body><noscript><p>&lt;</noscript>"
    off = run("-", input=page)
    on = run("--scripting", "-", input=page)
    # Scripting off: noscript content is markup.  On: raw text, serialized
    # literally (noscript's text is not escaped when scripting is enabled).
    assert out(off) == "<html><head></head><body><noscript><p>&lt;</p></noscript></body></html>\n"
    assert out(on) == "<html><head></head><body><noscript><p>&lt;</noscript></body></html>\n"


def test_html_format_fragment():
    result = run("--fragment", "tr", "-", input=b"<td>a<td>b")
    assert out(result) == "<td>a</td><td>b</td>\n"


# -- text formats: visible text and textContent --------------------------------

TEXT_PAGE = (
    b"<!DOCTYPE html><title>T</title><style>s{}</style><p title=attr>a<!--c-->b"
    b"<template>not a descendant</template><script>f()</script>"
    b"<svg><text>x</text></svg>&lt;&amp;\n<table>z<tr><td>y</table>"
)


def test_text_format_is_the_visible_text():
    result = run("--format", "text", "-", input=TEXT_PAGE)
    assert result.returncode == 0
    # Chromium's innerText of this page is "ab\nx\n<&\n\nz\ny": the head,
    # style, script and template are not rendered, <text> is a line of its
    # own, the paragraph ends with two line breaks, "z" is foster parented
    # before the table.  Then the newline that ends the output.
    assert out(result) == "ab\nx\n<&\n\nz\ny\n"


def test_text_format_shows_noscript_unless_scripting():
    page = b"<p>a<noscript><b>enable JS</b></noscript>"
    assert out(run("-f", "text", "-", input=page)) == "aenable JS\n"
    assert out(run("-f", "text", "--scripting", "-", input=page)) == "a\n"


def test_text_content_format_is_text_content_of_the_document_element():
    result = run("--format", "text-content", "-", input=TEXT_PAGE)
    assert result.returncode == 0
    # Every Text node descendant of <html>, in tree order; "z" is foster
    # parented before the table; template contents, comments and attributes
    # are not descendant text.  Then the newline that ends the output.
    assert out(result) == "Ts{}abf()x<&\nzy\n"


def test_text_formats_of_a_fragment():
    for fmt in ("text", "text-content"):
        result = run("-f", fmt, "--fragment", "textarea", "-", input=b"<b>&amp;</b>")
        assert out(result) == "<b>&</b>\n"  # RCDATA: one text node


# -- encodings ------------------------------------------------------------------


def test_input_is_sniffed_as_bytes():
    cases = [
        # no BOM, no meta: windows-1252 (0xE9 is U+00E9, 0x80 is U+20AC)
        ([], b"<p>caf\xe9 \x80", "caf\u00e9 \u20ac", "windows-1252"),
        # the prescan finds <meta charset>
        ([], b'<meta charset="iso-8859-2"><p>\xb1', "\u0105", "iso-8859-2"),
        # --encoding overrides the meta ...
        (["--encoding", "utf-8"], b'<meta charset="iso-8859-2"><p>\xc4\x85', "\u0105", "utf-8"),
        # ... any WHATWG label works (latin1 is windows-1252) ...
        (["--encoding", "latin1"], b"<p>\xe9", "\u00e9", "windows-1252"),
        # ... but a byte order mark wins over it
        (["--encoding", "windows-1252"], b"\xef\xbb\xbf<p>\xc3\xa9", "\u00e9", "utf-8"),
        (["--encoding", "utf-8"], b"\xff\xfe<\x00p\x00>\x00\xe9\x00", "\u00e9", "utf-16le"),
    ]
    for options, data, text, encoding in cases:
        result = run("-f", "json", *options, "-", input=data)
        document = json.loads(out(result))
        assert document["encoding"] == encoding, options
        body = document["children"][0]["children"][1]
        paragraph = body["children"][-1]
        assert paragraph["children"] == [{"type": "text", "data": text}], (options, data)


# -- errors format -----------------------------------------------------------------


def test_errors_format_codes_and_positions_from_the_tokenizer_suite(tmp_path):
    """Tokenizer cases from the data state, with inputs whose tree
    construction cannot change the tokenizer's state (no raw text, RCDATA,
    foreign elements) and no NULL (the tree stage reports it too): the
    tokenizer errors must be the suite's, in order, at its positions."""
    if html5lib_tests_dir() is None:
        pytest.skip(MISSING_TESTS)
    from compat.tokenizer_suite import all_cases

    from specparser.error_messages import TOKENIZER_MESSAGES, TREE_CONSTRUCTION_CODES

    state_changers = re.compile(
        r"<(title|textarea|style|xmp|iframe|noembed|noframes|script|noscript|plaintext|svg|math)", re.I
    )
    cases = [
        c for c in all_cases()
        if c.initial_state == "Data state" and c.last_start_tag is None and c.errors
        and "\x00" not in c.input and not state_changers.search(c.input)
    ]  # fmt: skip
    files = suite_cases_to_files(cases, tmp_path)
    assert len(files) > 500
    assert any(e["line"] > 1 for _, c in files for e in c.errors)
    result = run("--format", "errors", "-e", "utf-8", *(p.name for p, _ in files), cwd=tmp_path)
    assert result.returncode == 0, err(result)
    tokenizer_codes = set(TOKENIZER_MESSAGES) - TREE_CONSTRUCTION_CODES
    found: dict[str, list] = {p.name: [] for p, _ in files}
    for line in out(result).splitlines():
        match = re.fullmatch(r"(case\d+\.html):(\d+):(\d+): ([a-z0-9-]+): (.+)", line)
        assert match, line
        name, row, column, code, message = match.groups()
        assert message.startswith(TOKENIZER_MESSAGES.get(code, message))  # ": <tag>" may follow
        if code in tokenizer_codes:
            found[name].append((code, int(row), int(column)))
    failures = []
    for path, case in files:
        expected = [(e["code"], e["line"], e["col"]) for e in case.errors]
        if found[path.name] != expected:
            failures.append((case.id, expected, found[path.name]))
    assert not failures, failures[:10]


def test_errors_format_hand_checked_page():
    page = b"<!DOCTYPE html>\n<p id=a id=b>x &copy y\n</b></p>\n<div/>"
    result = run("--format", "errors", "-", input=page)
    assert result.returncode == 0  # errors are not failures without --strict
    assert out(result).splitlines() == [
        # the second "id" is at columns 9-10 of line 2; the suite's
        # convention (tokenizer/test1.test "<h a='b' a='d'>": column 11)
        # reports the character after the name: the "=" at column 11
        "<stdin>:2:11: duplicate-attribute: duplicate attribute (the first one wins)",
        # "&copy" not followed by ";": reported at the character after it
        "<stdin>:2:21: missing-semicolon-after-character-reference: character reference without a closing ';'",
        # "</b>" with no b open: tree construction, at the token's "<"
        "<stdin>:3:1: unexpected-end-tag: end tag not allowed here, or with no open element to close: </b>",
        "<stdin>:4:1: non-void-html-element-start-tag-with-trailing-solidus: "
        "'/>' on an HTML element that is not void (the '/' is ignored): <div>",
        # end of input with <div> still open: the end-of-file position
        "<stdin>:4:7: unexpected-eof: end of input with elements still open",
    ]


def test_strict_exit_status(tmp_path):
    good = tmp_path / "good.html"
    good.write_bytes(b"<!DOCTYPE html><title>ok</title><p>fine")
    bad = tmp_path / "bad.html"
    bad.write_bytes(b"<!DOCTYPE html><title>x</title><p>a</b>")
    assert run("--strict", str(good)).returncode == 0
    assert run("--strict", "-f", "tree", str(good), str(bad)).returncode == 1
    assert run("-f", "tree", str(good), str(bad)).returncode == 0


# -- many files, processes, progress, output -------------------------------------


def test_many_files_in_order_with_processes(tmp_path):
    names = []
    for number in range(7):
        path = tmp_path / f"p{number}.html"
        path.write_bytes(b"<p>%d" % number + b"<b>x" * number)
        names.append(path.name)
    serial = run("-f", "tree", *names, cwd=tmp_path)
    parallel = run("-f", "tree", "-j", "2", *names, cwd=tmp_path)
    assert serial.returncode == parallel.returncode == 0
    assert out(parallel) == out(serial)
    dumps = split_by_file(out(serial))
    assert list(dumps) == names
    assert all(f'"{number}"' in dumps[name] for number, name in enumerate(names))
    # The summary counts every file's errors: 7 missing DOCTYPEs and, for
    # each <b> left open, nothing more than the one unexpected-eof at the end
    # of files 1-6.
    assert re.fullmatch(r"specparser: 7 files, \d+ B, 13 parse errors, [\d.]+ s\n", err(parallel))
    json_lines = run("-f", "json", "-j", "3", *names, cwd=tmp_path)
    assert [json.loads(line)["file"] for line in out(json_lines).splitlines()] == names


def test_output_option(tmp_path):
    target = tmp_path / "out.txt"
    result = run("-f", "text", "-o", str(target), "-", input=b"<p>hello")
    assert result.returncode == 0 and result.stdout == b"" and result.stderr == b""
    assert target.read_bytes() == b"hello\n"


def test_progress_bar(tmp_path):
    names = []
    for number in range(5):
        (tmp_path / f"{number}.html").write_bytes(b"<p>x")
        names.append(f"{number}.html")
    quiet = run("-f", "errors", *names, cwd=tmp_path)  # stderr is a pipe: no bar
    assert "\r" not in err(quiet)
    shown = run("-f", "errors", "--progress", "always", *names, cwd=tmp_path)
    assert "\r[" + "#" * 30 + "] 5/5 files" in err(shown)
    # The bar is cleared before the summary line.
    assert re.search(r"\r\x1b\[Kspecparser: 5 files, 20 B, 5 parse errors, [\d.]+ s\n\Z", err(shown))


def test_progress_bar_on_a_terminal(tmp_path):
    pty = pytest.importorskip("pty")
    names = []
    for number in range(5):
        (tmp_path / f"{number}.html").write_bytes(b"<p>x")
        names.append(f"{number}.html")
    controller, terminal = pty.openpty()
    try:
        env = dict(os.environ, PYTHONPATH=str(SRC))
        process = subprocess.run(
            [sys.executable, "-m", "specparser", "-f", "errors", *names],
            cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=terminal, timeout=300,
        )  # fmt: skip
        os.close(terminal)
        terminal = -1
        chunks = []
        while True:
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # EIO: the terminal side is closed
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(controller)
        if terminal != -1:
            os.close(terminal)
    assert process.returncode == 0
    shown = b"".join(chunks).decode()
    assert "5/5 files" in shown and "specparser: 5 files" in shown


# -- failures: one line, no traceback -----------------------------------------------


@pytest.mark.parametrize(
    "args, message",
    [
        (["missing.html"], "specparser: error: missing.html: no such file"),
        (["."], "specparser: error: .: is a directory"),
        (["--encoding", "klingon", "-"], "specparser: error: --encoding: unknown encoding label 'klingon'"),
        (["--encoding", "latin-1", "-"], "specparser: error: --encoding: unknown encoding label 'latin-1' (did you mean 'latin1'?)"),
        (["--fragment", "svg path extra", "-"], "specparser: error: --fragment: unknown context 'svg path extra'"),
        (["--fragment", "1td", "-"], "specparser: error: --fragment: unknown context '1td'"),
        (["--format", "yaml", "-"], "specparser: error: argument -f/--format: invalid choice: 'yaml'"),
        (["-j", "-1", "-"], "specparser: error: argument -j/--jobs: must be 0"),
        ([], "specparser: error: the following arguments are required: FILE"),
    ],
)
def test_usage_and_input_errors(tmp_path, args, message):
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == b""
    lines = err(result).splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), lines
    assert "Traceback" not in err(result)


def test_unreadable_file_does_not_stop_the_others(tmp_path):
    (tmp_path / "ok.html").write_bytes(b"<p>x")
    result = run("-f", "text", "-j", "2", "gone.html", "ok.html", "ok.html", cwd=tmp_path)
    assert result.returncode == 2
    assert out(result) == "==> ok.html <==\nx\n\n==> ok.html <==\nx\n"
    assert err(result).splitlines()[0] == "specparser: error: gone.html: no such file"
    assert "1 could not be read" in err(result)


def test_closed_standard_input(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(SRC))
    result = subprocess.run(
        [sys.executable, "-m", "specparser", "-"], stdin=subprocess.DEVNULL, capture_output=True, env=env, timeout=300
    )
    assert result.returncode == 0 and out(result) == "<html><head></head><body></body></html>\n"
    closed = subprocess.run(
        ["/bin/sh", "-c", f'exec "{sys.executable}" -m specparser - <&-'], capture_output=True, env=env, timeout=300
    ) if os.path.exists("/bin/sh") else None  # fmt: skip
    if closed is not None:
        assert closed.returncode == 2
        assert err(closed) == "specparser: error: -: standard input is closed\n"


def test_broken_pipe_exits_quietly():
    page = b"<p>x</p>" * 40000  # far more output than a pipe buffer holds
    env = dict(os.environ, PYTHONPATH=str(SRC))
    process = subprocess.Popen(
        [sys.executable, "-m", "specparser", "-f", "tree", "-"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
    )  # fmt: skip
    process.stdin.write(page)
    process.stdin.close()
    assert process.stdout.read(10) == b"| <html>\n|"
    process.stdout.close()  # like `| head -c 10`
    stderr = process.stderr.read()
    assert process.wait(timeout=300) == 141
    assert stderr == b""


def test_deep_documents_do_not_overflow(tmp_path):
    depth = 5000  # far beyond Python's recursion limit
    page = tmp_path / "deep.html"
    page.write_bytes(b"<div>" * depth + b"x")
    for fmt in ("json", "html", "text"):
        result = run("-f", fmt, str(page))
        assert result.returncode == 0, (fmt, err(result)[-500:])
        text = out(result)
        if fmt == "json":
            assert text.count('"name":"div"') == depth
            assert text.endswith('{"type":"text","data":"x"}' + "]}" * (depth + 2) + "]" + text[text.rindex('],"errors"') + 1:])
        elif fmt == "html":
            assert text.endswith("x" + "</div>" * depth + "</body></html>\n")
        else:
            assert text == "x\n"


def test_help_documents_formats_json_schema_and_exit_status():
    result = run("--help")
    assert result.returncode == 0
    text = out(result)
    for needle in ("--format", "attributeNamespaces", "textContent", "exit status", "--jobs", "--fragment"):
        assert needle in text
    version = run("--version")
    assert version.returncode == 0 and out(version).startswith("specparser ")


def _json_nodes(node: dict) -> list[dict]:
    found, stack = [], list(node.get("children", []))
    while stack:
        child = stack.pop()
        found.append(child)
        stack.extend(child.get("children", []) + child.get("content", []))
    return found


def test_help_has_every_json_node_type_with_its_keys():
    # A document with one node of each kind (issue 30: the schema lacked
    # processing instructions); each kind, with its keys, is in the help.
    page = b'<!DOCTYPE html><?target data><!--c--><p id=x>text<template><b>t</b></template>'
    document = json.loads(out(run("--format", "json", "-", input=page)))
    help_text = " ".join(out(run("--help")).split())
    kinds = {}
    for node in _json_nodes(document):
        kinds.setdefault(node["type"], set()).update(key for key in node if key not in ("type", "children", "content"))
    assert set(kinds) == {"doctype", "processing-instruction", "comment", "element", "text"}
    for kind, keys in kinds.items():
        entry = help_text.split(f'{{"type": "{kind}"', 1)
        assert len(entry) == 2, kind
        described = entry[1].split("}", 1)[0]
        assert all(f'"{key}"' in described for key in keys - {"attributes"}), (kind, keys, described)


# -- the messages table ------------------------------------------------------------------


def test_every_spec_error_code_has_a_message():
    """The codes of the spec's parse error table and the tree construction
    codes (tests/test_error_registry.py checks the parser emits no other)."""
    from specparser.error_messages import (
        MESSAGES,
        PROCESSING_INSTRUCTION_CODES,
        TOKENIZER_MESSAGES,
        TREE_CONSTRUCTION_CODES,
        message_for,
    )

    assert len(TREE_CONSTRUCTION_CODES) >= 12
    assert TREE_CONSTRUCTION_CODES <= set(MESSAGES)
    spec = sorted(SHARED.glob("spec/004_*.txt")) if (SHARED / "spec").is_dir() else []
    if spec:
        text = spec[0].read_text(encoding="utf-8")
        table = text[text.index("Code Description") :]
        table = table[: table.index("13.2.3")]
        codes = set(re.findall(r"^([a-z]+(?:-[a-z0-9]+)+)$", table, flags=re.M))
        assert len(codes) >= 48
        # The spec copy predates the 2026 processing instruction rows.
        assert not codes & PROCESSING_INSTRUCTION_CODES
        assert codes | PROCESSING_INSTRUCTION_CODES == set(TOKENIZER_MESSAGES)
    assert message_for("some-future-code") == "parse error"


KILLER_SCRIPT = """
import multiprocessing, os, sys
multiprocessing.set_start_method("fork")
from specparser import cli

parent = os.getpid()
real_run_job = cli.run_job

def killer(job, options):
    if job[0] == "killer" and os.getpid() != parent:
        os._exit(9)  # as if killed by the OOM killer
    return real_run_job(job, options)

cli.run_job = killer  # the forked workers inherit the patch
options = cli.Options(format="text", encoding=None, context=None, scripting=False)
names = sys.argv[1:]
results = list(cli._results([(n, None, b"<p>" + n.encode()) for n in names], options, 2))
for r in results:
    print(r.name, repr(r.output), r.failure)
"""


def test_a_dying_worker_process_loses_no_input(tmp_path):
    """When a worker is killed, every input is still parsed, in order, and
    a warning says what happened."""
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("needs the fork start method to hand the workers a patched job function")
    script = tmp_path / "killer.py"
    script.write_text(KILLER_SCRIPT)
    names = ["a", "b", "killer", "c", "d", "e", "f", "g", "h", "i", "j"]
    env = dict(os.environ, PYTHONPATH=str(SRC))
    result = subprocess.run(
        [sys.executable, str(script), *names], capture_output=True, env=env, timeout=300
    )
    assert result.returncode == 0, err(result)
    assert out(result).splitlines() == [f"{name} {name + chr(10)!r} None" for name in names]
    assert err(result) == "specparser: warning: a worker process died; going on in one process\n"
