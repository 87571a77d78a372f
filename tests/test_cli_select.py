"""``specparser --select CSS [--first]``, against justhtml's
``--selector`` (the peer the option follows): the same matches, in the
same order, written the same way (justhtml's html output unindented, its
text output as ``--separator ' ' --strip``); the engine choice and its
errors.  Run in-process (``specparser.cli.main``)."""

from __future__ import annotations

import json
import sys

import pytest

from specparser.cli import main

justhtml = pytest.importorskip("justhtml", reason="justhtml is not installed (pip install -e '.[test]')")

PAGE = (
    "<!DOCTYPE html><title>Shop</title><nav><a href=/>Home</a></nav>"
    "<ul id=items><li class=item><a href=/tea>Tea</a> <span class=price>2.50</span>"
    "<li class='item sale'><a href=/cake>Cake <b>new</b></a> <span class=price>3.10</span></ul>"
    "<table><tr><th>k<th>v<tr><td>a<td>b</table>"
    "<p>Text <em>with</em> <a href='/x?a=1&amp;b=2'>a &lt;link&gt;</a>"
)
SELECTORS = ["a", "li a", "li.sale > a", ".price", "#items li:first-child", "td", "p em", "tr:nth-child(2) td", "ul a[href^='/c']"]


def run(capsysbinary: pytest.CaptureFixture[bytes], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsysbinary.readouterr()
    return status, captured.out.decode(), captured.err.decode()


@pytest.fixture
def page(tmp_path):  # type: ignore[no-untyped-def]
    path = tmp_path / "page.html"
    path.write_text(PAGE, encoding="utf-8")
    return str(path)


def justhtml_matches(selector: str) -> list:  # type: ignore[type-arg]
    return justhtml.JustHTML(PAGE, sanitize=False).query(selector)


@pytest.mark.parametrize("selector", SELECTORS)
def test_html_per_match_as_justhtml(capsysbinary, page, selector: str) -> None:
    expected = "".join(node.to_html(pretty=False) + "\n" for node in justhtml_matches(selector))
    assert expected
    assert run(capsysbinary, "--select", selector, page) == (0, expected, "")


@pytest.mark.parametrize("selector", SELECTORS)
def test_text_per_match_as_justhtml(capsysbinary, page, selector: str) -> None:
    expected = "".join(node.to_text() + "\n" for node in justhtml_matches(selector))
    assert run(capsysbinary, "--select", selector, "--format", "text", "--separator", " ", "--strip", page) == (0, expected, "")


def test_first(capsysbinary, page) -> None:
    first = justhtml_matches("li a")[0].to_html(pretty=False)
    assert run(capsysbinary, "--select", "li a", "--first", page) == (0, first + "\n", "")
    assert run(capsysbinary, "--selector", "li a", "--first", page)[1] == first + "\n"  # justhtml's spelling


def test_no_match_is_status_1_as_justhtml(capsysbinary, page) -> None:
    assert justhtml_matches("video") == []
    assert run(capsysbinary, "--select", "video", page) == (1, "", "")


def test_other_formats(capsysbinary, page) -> None:
    status, out, _ = run(capsysbinary, "--select", ".price", "--format", "json", page)
    assert status == 0
    assert [json.loads(line) for line in out.splitlines()] == [
        {"type": "element", "name": "span", "namespace": "html", "attributes": {"class": "price"},
         "children": [{"type": "text", "data": price}]}
        for price in ("2.50", "3.10")
    ]  # fmt: skip
    assert run(capsysbinary, "--select", "li.sale b", "--format", "tree", page)[1] == '| <b>\n|   "new"\n'
    assert run(capsysbinary, "--select", "table", "--format", "text", page)[1] == "k\tv\na\tb\n"
    assert run(capsysbinary, "--select", "ul", "--format", "text-content", page)[1] == "Tea 2.50Cake new 3.10\n"


def test_fragment(capsysbinary, tmp_path) -> None:
    path = tmp_path / "cells.html"
    path.write_text("<td>a<td class=x>b", encoding="utf-8")
    assert run(capsysbinary, "--fragment", "tr", "--select", ".x", str(path)) == (0, '<td class="x">b</td>\n', "")


@pytest.mark.parametrize("engine", ["bs4", "lxml"])
def test_template_contents_are_not_searched(capsysbinary, tmp_path, monkeypatch, engine) -> None:
    # As querySelectorAll: template contents are not descendants (with any
    # soupsieve: version 2, the last for Python 3.10, searches them).
    if engine == "lxml":
        pytest.importorskip("cssselect", reason="cssselect is not installed")
        monkeypatch.setitem(sys.modules, "bs4", None)
    path = tmp_path / "t.html"
    path.write_text("<template><a href=/t>T</a></template><a href=/b>B</a>", encoding="utf-8")
    assert run(capsysbinary, "--select", "a", str(path))[1] == '<a href="/b">B</a>\n'


def test_lxml_cssselect_without_bs4(capsysbinary, page, monkeypatch) -> None:
    pytest.importorskip("cssselect", reason="cssselect is not installed")
    pytest.importorskip("lxml", reason="lxml is not installed (pip install specparser-html[lxml])")
    monkeypatch.setitem(sys.modules, "bs4", None)
    expected = "".join(node.to_html(pretty=False) + "\n" for node in justhtml_matches("li a"))
    assert run(capsysbinary, "--select", "li a", page) == (0, expected, "")


def test_no_engine_names_the_extra(capsysbinary, page, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "bs4", None)
    monkeypatch.setitem(sys.modules, "cssselect", None)
    status, out, err = run(capsysbinary, "--select", "a", page)
    assert (status, out) == (2, "")
    assert "pip install 'specparser-html[bs4]'" in err


@pytest.mark.parametrize(
    "args, message",
    [
        (["--select", "a["], "--select: not a CSS selector: 'a['"),
        (["--select", "a", "--format", "errors"], "--select writes elements"),
        (["--first"], "--first applies to --select"),
    ],
)
def test_usage_errors(capsysbinary, page, args: list[str], message: str) -> None:
    status, out, err = run(capsysbinary, *args, page)
    assert (status, out) == (2, "")
    assert err.startswith("specparser: error: " + message)
    assert err.count("\n") == 1  # one line
