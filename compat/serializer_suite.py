"""html5lib-tests' serializer suite against specparser's html5lib-compatible
serializer (:mod:`specparser.html5lib_compat.serializer`).

    python compat/run.py serializer [-v]

Each case of ``serializer/*.test`` gives a token list (``input``), serializer
``options`` (``encoding`` among them) and the accepted outputs
(``expected``).  As html5lib's own runner does, the tokens go through a
walker that turns them into html5lib token dicts and the serializer runs
with ``alphabetical_attributes=True`` (the suite's expectations are written
with sorted attributes).  html5lib's runner also wraps the stream in the
lint filter; this one does not, because the suite itself feeds void
elements as StartTag tokens ("void element (as StartTag token)"), which the
lint filter rejects.

Every case except those of optionaltags.test is run a second time in the
suite's XHTML-compatible mode, as the html5lib runners that used the
``xhtml`` key did (html5lib before 1.0, html5lib-ruby): the options of the
old ``XHTMLSerializer`` (quote all values, no boolean minimization,
trailing solidus, ``<`` escaped in attributes, optional tags kept, raw text
escaped), then the case's options; the output must be one of ``xhtml`` or,
without that key, of ``expected``.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Iterator

from compat.paths import MISSING_TESTS, html5lib_tests_dir
from specparser.constants import HTML_NAMESPACE
from specparser.html5lib_compat.serializer import HTMLSerializer
from specparser.html5lib_compat.treewalkers.base import TreeWalker

# Cases whose expectation is the standard's unquoted-attribute syntax, which
# html5lib calls quote_attr_values="spec"; html5lib's default "legacy" rule
# (html5lib 1.1's, kept exactly) also quotes U+000B.  Run with "spec".
SPEC_QUOTING = frozenset({"proper attribute value non-quoting (with linetab)"})

XHTML_OPTIONS = {
    "quote_attr_values": "always",
    "minimize_boolean_attributes": False,
    "use_trailing_solidus": True,
    "escape_lt_in_attrs": True,
    "omit_optional_tags": False,
    "escape_rcdata": True,
}


class JsonWalker(TreeWalker):
    """The suite's token lists as html5lib token dicts.

    ``["StartTag", namespace, name, attrs]`` (namespace optional),
    ``["EndTag", namespace, name]``, ``["EmptyTag", name, attrs]``,
    ``["Characters", data]``, ``["Comment", data]``,
    ``["Doctype", name, publicId?, systemId?]``, and for the project's own
    cases (:data:`PI_CASES`) ``["ProcessingInstruction", target, data]``;
    attrs is a list of
    ``{"namespace", "name", "value"}`` (or ``{}`` for none).
    """

    def __iter__(self) -> Iterator[dict]:
        for token in self.tree:
            kind = token[0]
            if kind == "StartTag":
                namespace, name, attrs = token[1:4] if len(token) == 4 else (HTML_NAMESPACE, *token[1:3])
                yield self.startTag(namespace, name, _attributes(attrs))
            elif kind == "EndTag":
                namespace, name = token[1:3] if len(token) == 3 else (HTML_NAMESPACE, token[1])
                yield self.endTag(namespace, name)
            elif kind == "EmptyTag":
                namespace, name, attrs = token[1:4] if len(token) == 4 else (HTML_NAMESPACE, *token[1:3])
                yield from self.emptyTag(namespace, name, _attributes(attrs))
            elif kind == "Comment":
                yield self.comment(token[1])
            elif kind in ("Characters", "SpaceCharacters"):
                yield from self.text(token[1])
            elif kind == "Doctype":
                yield self.doctype(*token[1:4])
            elif kind == "ProcessingInstruction":
                yield self.processingInstruction(token[1], token[2])
            else:
                raise ValueError(f"unknown token type in test input: {kind!r}")


def _attributes(attrs: Any) -> dict:
    out: dict = {}
    for attr in attrs or ():
        key = (attr["namespace"], attr["name"])
        if key in out:
            raise ValueError(f"duplicate attribute in test input: {key}")
        out[key] = attr["value"]
    return out


_HTML = HTML_NAMESPACE
# The project's cases for processing instructions, which html5lib-tests
# predates: "<?" target SPACE data "?>" (the HTML standard's serialization
# since 2026-07, whatwg/html 2e477cf1), and the optional-tag rules, where a
# processing instruction keeps a tag exactly as a comment does (it would
# move when parsed again: 2026-changes.md 1.2).  Run in both modes, as the
# suite's own cases outside optionaltags.test.
PI_CASES = [
    {"description": "processing instruction", "input": [["ProcessingInstruction", "t", "d"]], "expected": ["<?t d?>"]},
    {"description": "processing instruction, empty data", "input": [["ProcessingInstruction", "t", ""]],
     "expected": ["<?t ?>"]},
    {"description": "processing instruction, data ending in ?", "input": [["ProcessingInstruction", "t", "a?"]],
     "expected": ["<?t a??>"]},
    {"description": "html start tag kept before a processing instruction",
     "input": [["StartTag", _HTML, "html", {}], ["ProcessingInstruction", "x", ""]], "expected": ["<html><?x ?>"]},
    {"description": "body end tag kept before a processing instruction",
     "input": [["EndTag", _HTML, "body"], ["ProcessingInstruction", "x", ""]], "expected": ["</body><?x ?>"]},
]  # fmt: skip


def load_cases() -> list[dict]:
    """Every (case, mode) to run: dicts with id, input, options, expected."""
    root = html5lib_tests_dir()
    if root is None:
        raise FileNotFoundError(MISSING_TESTS)
    cases = []
    for path in sorted((root / "serializer").glob("*.test")):
        with open(path, encoding="utf-8") as f:
            tests = json.load(f)["tests"]
        for index, test in enumerate(tests):
            base_id = f"{path.stem}:{index}:{test['description']}"
            options = dict(test.get("options", {}))
            base_options = options
            if test["description"] in SPEC_QUOTING and "quote_attr_values" not in options:
                base_options = {"quote_attr_values": "spec", **options}
            cases.append({"id": base_id, "input": test["input"], "options": base_options,
                          "expected": test["expected"]})  # fmt: skip
            if path.stem != "optionaltags":
                cases.append({"id": base_id + " [xhtml]", "input": test["input"],
                              "options": {**XHTML_OPTIONS, **options},
                              "expected": test.get("xhtml", test["expected"])})  # fmt: skip
    for index, test in enumerate(PI_CASES):
        base_id = f"project-pi:{index}:{test['description']}"
        cases.append({"id": base_id, "input": test["input"], "options": {}, "expected": test["expected"]})
        cases.append({"id": base_id + " [xhtml]", "input": test["input"], "options": dict(XHTML_OPTIONS),
                      "expected": test["expected"]})  # fmt: skip
    return cases


def run_case(case: dict) -> tuple[bool, Any]:
    """Serialize one case; (passed, output)."""
    options = dict(case["options"])
    encoding = options.pop("encoding", None)
    serializer = HTMLSerializer(alphabetical_attributes=True, **options)
    result = serializer.render(JsonWalker(case["input"]), encoding)
    expected = case["expected"]
    if encoding:
        expected = [e.encode(encoding) for e in expected]
    return result in expected, result


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    try:
        cases = load_cases()
    except FileNotFoundError as exc:
        print(exc, file=sys.stderr)
        return 2
    passed = failed = 0
    for case in cases:
        try:
            ok, result = run_case(case)
        except Exception as exc:  # a crash is a failure of that case
            ok, result = False, f"{type(exc).__name__}: {exc}"
        if ok:
            passed += 1
            continue
        failed += 1
        if verbose or failed <= 50:
            print(f"FAIL {case['id']}: got {result!r}, expected one of {case['expected']!r}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
