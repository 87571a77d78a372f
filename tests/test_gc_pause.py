"""The cyclic garbage collector is paused while a tree is built
(specparser.collector) and the caller's state comes back whatever happens.

What the tests hold the pause to (Python's gc documentation: enable(),
disable(), isenabled(), get_threshold(), garbage): every entry point builds
with automatic collection off; after a parse, normal or raising, the
collector is enabled exactly when it was before and the thresholds are the
caller's; nothing the parse made is left uncollectable, and the cyclic
garbage of a discarded bs4 tree is collected afterwards; overlapping parses
in two threads leave the collector enabled only when the last one ends.
"""

from __future__ import annotations

import gc
import threading
import weakref
from typing import Any, Callable, Iterator

import pytest

import specparser
from specparser import collector, html5lib_compat
from specparser.builders.etree import ElementTreeBuilder
from specparser.treeconstruction import build_tree

bs4 = pytest.importorskip("bs4")
from specparser import bs4 as _registers_feature  # noqa: E402,F401  (the "specparser" bs4 feature)

PAGE = "<!doctype html><title>t</title><!--c--><p>a<b>b</p><table><td>x</table>"


@pytest.fixture(autouse=True)
def caller_gc_state() -> Iterator[None]:
    """Each test may change the collector; leave it as the suite had it."""
    enabled, threshold, setting = gc.isenabled(), gc.get_threshold(), collector.pause_gc_enabled()
    yield
    gc.set_threshold(*threshold)
    (gc.enable if enabled else gc.disable)()
    collector.set_pause_gc(setting)


def _record_comments(monkeypatch: pytest.MonkeyPatch, cls: type, seen: list, hook: Callable | None = None) -> None:
    """Wrap ``cls.create_comment`` to note whether the collector runs
    when the builder is called mid-parse (and call ``hook`` there)."""
    original = cls.create_comment

    def create_comment(self: Any, data: str, pos: int = -1) -> Any:
        seen.append(gc.isenabled())
        if hook is not None:
            hook(data)
        return original(self, data, pos)

    monkeypatch.setattr(cls, "create_comment", create_comment)


def _entry_points() -> list[tuple[str, str, str, Callable[[str], Any]]]:
    from bs4 import BeautifulSoup

    from specparser.cli import Options, parse_bytes

    return [
        ("parse etree", "specparser.builders.etree", "ElementTreeBuilder", specparser.parse),
        (
            "parse lxml",
            "specparser.builders.lxml",
            "LxmlTreeBuilder",
            lambda page: specparser.parse(page, "lxml"),
        ),
        ("parse dom", "specparser.builders.dom", "DomTreeBuilder", lambda page: specparser.parse(page, "dom")),
        ("parse_fragment", "specparser.builders.etree", "ElementTreeBuilder", specparser.parse_fragment),
        (
            "html5lib_compat.parse",
            "specparser.builders.etree",
            "ElementTreeBuilder",
            lambda page: html5lib_compat.parse(page),
        ),
        ("parse bytes", "specparser.builders.etree", "ElementTreeBuilder", lambda page: specparser.parse(page.encode())),
        ("BeautifulSoup", "specparser.builders.bs4", "SoupBuilder", lambda page: BeautifulSoup(page, "specparser")),
        (
            "BeautifulSoup bytes",
            "specparser.builders.bs4",
            "SoupBuilder",
            lambda page: BeautifulSoup(page.encode(), "specparser"),
        ),
        (
            "command line",
            "specparser.builders.etree",
            "ElementTreeBuilder",
            lambda page: parse_bytes(page.encode(), Options("html", None, None, False)),
        ),
        ("build_tree", "specparser.builders.etree", "ElementTreeBuilder", lambda page: build_tree(page, ElementTreeBuilder())),
    ]


ENTRY_POINTS = [entry[0] for entry in _entry_points()]


def _entry(name: str) -> tuple[type, Callable[[str], Any]]:
    import importlib

    for label, module, cls, call in _entry_points():
        if label == name:
            if module.endswith("lxml"):
                pytest.importorskip("lxml.etree")
            return getattr(importlib.import_module(module), cls), call
    raise KeyError(name)


@pytest.mark.parametrize("name", ENTRY_POINTS)
@pytest.mark.parametrize("enabled", [True, False])
def test_paused_while_building_and_restored(monkeypatch: pytest.MonkeyPatch, name: str, enabled: bool) -> None:
    cls, call = _entry(name)
    seen: list = []
    _record_comments(monkeypatch, cls, seen)
    gc.set_threshold(1234, 5, 6)
    (gc.enable if enabled else gc.disable)()
    call(PAGE)
    assert seen == [False]  # the builder ran with automatic collection off
    assert gc.isenabled() is enabled
    assert gc.get_threshold() == (1234, 5, 6)


@pytest.mark.parametrize("name", ENTRY_POINTS)
@pytest.mark.parametrize("enabled", [True, False])
def test_restored_after_a_parse_that_raises(monkeypatch: pytest.MonkeyPatch, name: str, enabled: bool) -> None:
    cls, call = _entry(name)

    def boom(data: str) -> None:
        raise RuntimeError("builder failed mid-parse")

    _record_comments(monkeypatch, cls, [], boom)
    gc.set_threshold(1234, 5, 6)
    (gc.enable if enabled else gc.disable)()
    with pytest.raises(RuntimeError, match="mid-parse"):
        call(PAGE)
    assert gc.isenabled() is enabled
    assert gc.get_threshold() == (1234, 5, 6)
    assert collector._depth == 0


def test_keyboard_interrupt_mid_parse_restores() -> None:
    class Interrupting(ElementTreeBuilder):
        def create_comment(self, data: str, pos: int = -1) -> Any:
            raise KeyboardInterrupt

    gc.enable()
    with pytest.raises(KeyboardInterrupt):
        specparser.parse(PAGE, Interrupting)
    assert gc.isenabled()


def test_setting_off_leaves_the_collector_running(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list = []
    _record_comments(monkeypatch, ElementTreeBuilder, seen)
    gc.enable()
    assert specparser.set_pause_gc(False) is True
    specparser.parse(PAGE)
    assert seen == [True]
    assert specparser.set_pause_gc(True) is False
    specparser.parse(PAGE)
    assert seen == [True, False]


@pytest.mark.parametrize("value", [0, 1, None, "no"])
def test_setting_takes_a_bool(value: Any) -> None:
    with pytest.raises(TypeError, match="set_pause_gc"):
        specparser.set_pause_gc(value)


def test_nothing_left_uncollectable() -> None:
    from bs4 import BeautifulSoup

    gc.enable()
    gc.collect()
    assert gc.garbage == []
    for tree in ("etree", "dom", "bs4"):
        result = BeautifulSoup(PAGE * 20, "specparser") if tree == "bs4" else specparser.parse(PAGE * 20, tree)
        del result
    gc.collect()
    assert gc.garbage == []


def test_a_discarded_soup_is_collected_by_the_resumed_collector() -> None:
    """bs4 trees are reference cycles: only the collector frees them.  The
    soup below dies without an explicit gc.collect(): the automatic
    collection that the parse paused runs again once it returns."""
    from bs4 import BeautifulSoup

    gc.enable()
    gc.collect()
    soup = BeautifulSoup(PAGE * 50, "specparser")
    alive = weakref.ref(soup)
    paragraph = weakref.ref(soup.find("p"))
    del soup
    assert alive() is not None  # held by its own cycles, not yet collected
    threshold = gc.get_threshold()[0]
    junk = []
    for _ in range(50):  # young collections happen as containers are made
        junk.append([[] for _ in range(threshold)])
        if alive() is None:
            break
    assert alive() is None and paragraph() is None
    assert gc.garbage == []


def test_explicit_collect_still_works_and_finds_the_soup() -> None:
    from bs4 import BeautifulSoup

    gc.disable()
    soup = BeautifulSoup(PAGE, "specparser")
    alive = weakref.ref(soup)
    del soup
    gc.collect()
    assert alive() is None
    assert not gc.isenabled()


def test_two_threads_the_last_one_out_restores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thread A starts a parse and waits inside it; thread B parses and
    ends while A is still inside: the collector must stay paused (A is
    building) and come back when A ends, not before and not never."""
    a_inside, b_done, a_may_finish = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, Any] = {}

    def hook(data: str) -> None:
        if data == "A":
            a_inside.set()
            a_may_finish.wait(10)

    _record_comments(monkeypatch, ElementTreeBuilder, [], hook)
    gc.enable()
    a = threading.Thread(target=lambda: specparser.parse("<!--A--><p>a"))
    a.start()
    assert a_inside.wait(10)
    assert not gc.isenabled()

    def parse_b() -> None:
        specparser.parse("<!--B--><p>b")
        seen["after B"] = gc.isenabled()
        b_done.set()

    b = threading.Thread(target=parse_b)
    b.start()
    assert b_done.wait(10)
    b.join()
    assert seen["after B"] is False  # A is still building
    a_may_finish.set()
    a.join(10)
    assert gc.isenabled()
    assert collector._depth == 0


def test_many_threads_leave_the_collector_enabled() -> None:
    gc.enable()
    errors: list = []

    def work() -> None:
        try:
            for _ in range(20):
                specparser.parse(PAGE, "dom")
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert gc.isenabled()
    assert collector._depth == 0
