"""The cyclic garbage collector is paused from the first full collection
during a build to the build's end (specparser.collector), and the caller's
state comes back whatever happens.

What the tests hold it to (Python's gc documentation: callbacks, enable(),
disable(), isenabled(), get_threshold(), garbage): every entry point builds
with automatic collection as the caller has it until a full collection
(generation 2) starts, and with it off after that; after a parse, normal or
raising, the collector is enabled exactly when it was before, the
thresholds are the caller's and the hook is gone from gc.callbacks;
nothing the parse made is left uncollectable, and the cyclic garbage of a
discarded bs4 tree is collected afterwards; overlapping parses in two
threads leave the collector enabled only when the last one ends.
"""

from __future__ import annotations

import gc
import sys
import threading
import types
import weakref
from typing import Any, Callable, Iterator

import pytest

import specparser
from specparser import collector, html5lib_compat
from specparser.builders.etree import ElementTreeBuilder
from specparser.treeconstruction import build_tree

bs4 = pytest.importorskip("bs4")
from specparser import bs4 as _registers_feature  # noqa: E402,F401  (the "specparser" bs4 feature)

PAGE = "<!doctype html><title>t</title><!--first--><p>a<b>b</p><!--second--><table><td>x</table>"


@pytest.fixture(autouse=True)
def caller_gc_state() -> Iterator[None]:
    """Each test may change the collector; leave it as the suite had it."""
    enabled, threshold, setting = gc.isenabled(), gc.get_threshold(), collector.pause_gc_enabled()
    yield
    gc.set_threshold(*threshold)
    (gc.enable if enabled else gc.disable)()
    collector.set_pause_gc(setting)


def _full_collection(data: str) -> None:
    if data == "first":
        # Full collections (the callbacks see generation 2): the second
        # one in a build pauses the collector.
        for _ in range(collector.FULL_COLLECTIONS_BEFORE_PAUSE):
            gc.collect()


def _record_comments(
    monkeypatch: pytest.MonkeyPatch, cls: type, seen: list, hook: Callable | None = _full_collection
) -> None:
    """Wrap ``cls.create_comment`` to note whether automatic collection is
    on when the builder is called mid-parse, then call ``hook`` there (by
    default: a full collection at the first comment)."""
    original = cls.create_comment
    if not isinstance(original, types.FunctionType):
        # The compiled build's tree construction calls a compiled builder
        # (etree, lxml) natively: a method replaced on its class is never
        # called.  An interpreted subclass's method is: the entry points
        # find the builder class by its module's name for it (get_builder),
        # so that name (and this module's) names the subclass meanwhile.
        class Recording(cls):  # type: ignore[valid-type, misc]
            def create_comment(self, data: str, pos: int = -1) -> Any:
                seen.append(gc.isenabled())
                if hook is not None:
                    hook(data)
                return super().create_comment(data, pos)

        monkeypatch.setattr(sys.modules[cls.__module__], cls.__name__, Recording)
        if globals().get(cls.__name__) is cls:
            monkeypatch.setitem(globals(), cls.__name__, Recording)
        return

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
def test_paused_after_a_full_collection_and_restored(monkeypatch: pytest.MonkeyPatch, name: str, enabled: bool) -> None:
    cls, call = _entry(name)
    seen: list = []
    _record_comments(monkeypatch, cls, seen)
    gc.set_threshold(1234, 5, 6)
    (gc.enable if enabled else gc.disable)()
    call(PAGE)
    # On until the full collection at the first comment, off after it; a
    # caller's disabled collector stays disabled throughout.
    assert seen == ([True, False] if enabled else [False, False])
    assert gc.isenabled() is enabled
    assert gc.get_threshold() == (1234, 5, 6)
    assert collector._on_collection not in gc.callbacks


@pytest.mark.parametrize("name", ENTRY_POINTS)
@pytest.mark.parametrize("enabled", [True, False])
def test_restored_after_a_parse_that_raises(monkeypatch: pytest.MonkeyPatch, name: str, enabled: bool) -> None:
    cls, call = _entry(name)

    def boom(data: str) -> None:
        _full_collection(data)  # paused from here
        if data == "second":
            raise RuntimeError("builder failed mid-parse")

    seen: list = []
    _record_comments(monkeypatch, cls, seen, boom)
    gc.set_threshold(1234, 5, 6)
    (gc.enable if enabled else gc.disable)()
    with pytest.raises(RuntimeError, match="mid-parse"):
        call(PAGE)
    assert seen == ([True, False] if enabled else [False, False])
    assert gc.isenabled() is enabled
    assert gc.get_threshold() == (1234, 5, 6)
    assert collector._depth == 0
    assert collector._on_collection not in gc.callbacks


def test_keyboard_interrupt_mid_parse_restores() -> None:
    class Interrupting(ElementTreeBuilder):
        def create_comment(self, data: str, pos: int = -1) -> Any:
            _full_collection("first")
            assert not gc.isenabled()  # paused by the full collections
            raise KeyboardInterrupt

    gc.enable()
    with pytest.raises(KeyboardInterrupt):
        specparser.parse(PAGE, Interrupting)
    assert gc.isenabled()
    assert collector._on_collection not in gc.callbacks


def test_setting_off_leaves_the_collector_running(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list = []
    _record_comments(monkeypatch, ElementTreeBuilder, seen)
    gc.enable()
    assert specparser.set_pause_gc(False) is True
    specparser.parse(PAGE)
    assert seen == [True, True]  # the full collection paused nothing
    assert collector._on_collection not in gc.callbacks
    assert specparser.set_pause_gc(True) is False
    specparser.parse(PAGE)
    assert seen == [True, True, True, False]


@pytest.mark.parametrize("value", [0, 1, None, "no"])
def test_setting_takes_a_bool(value: Any) -> None:
    with pytest.raises(TypeError, match="set_pause_gc"):
        specparser.set_pause_gc(value)


@pytest.mark.parametrize("tree", ["etree", "lxml", "dom", "bs4"])
def test_nothing_left_uncollectable(tree: str) -> None:
    """With thresholds low enough that full collections (so the pause)
    happen during every build: gc.garbage stays empty and the tree dies
    once dropped and collected."""
    if tree == "lxml":
        pytest.importorskip("lxml.etree")
    from bs4 import BeautifulSoup

    gc.enable()
    gc.collect()
    assert gc.garbage == []
    gc.set_threshold(50, 2, 2)
    result = BeautifulSoup(PAGE * 200, "specparser") if tree == "bs4" else specparser.parse(PAGE * 200, tree)
    node = result.find("p") if tree == "bs4" else result.getElementsByTagName("p")[0] if tree == "dom" else None
    alive = weakref.ref(node if node is not None else _Holder(result))
    del result, node
    gc.collect()
    assert alive() is None
    assert gc.garbage == []
    assert gc.isenabled()


class _Holder:
    """A weakly referenceable stand-in for trees whose objects are not
    (lxml's _ElementTree): it lives exactly as long as the tree would, as
    nothing else refers to it."""

    def __init__(self, tree: Any) -> None:
        self.tree = tree
        self.cycle = self  # freed only by the collector, like a soup


_FULL_COLLECTIONS_SCRIPT = """
import gc, sys
from bs4 import BeautifulSoup
import specparser, specparser.bs4
from specparser import collector

full = []
def count(phase, info):
    if phase == "start" and info["generation"] == 2:
        full.append(1)

page = "<div>" * 20000
gc.collect()
gc.set_threshold(100, 2, 2)
gc.callbacks.append(count)
specparser.set_pause_gc(False)
BeautifulSoup(page, "specparser")
without = len(full)
gc.collect()
specparser.set_pause_gc(True)
del full[:]
BeautifulSoup(page, "specparser")
print(without, len(full), gc.isenabled(), collector.FULL_COLLECTIONS_BEFORE_PAUSE)
"""


def test_a_large_build_triggers_at_most_two_full_collections() -> None:
    """A 20,000-deep bs4 document with low thresholds, in a fresh
    interpreter (CPython's rule depends on the size of the whole heap):
    without the pause the collector makes full collections again and again
    as the tree grows (more than a quarter of the oldest generation new
    since the last); with it, the second one pauses the collector."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    result = subprocess.run(
        [sys.executable, "-c", _FULL_COLLECTIONS_SCRIPT], capture_output=True, text=True, env=env, timeout=300
    )
    assert result.returncode == 0, result.stderr
    without, with_pause, enabled, limit = result.stdout.split()
    assert int(without) > int(limit)
    assert int(with_pause) == int(limit)
    assert enabled == "True"


def test_a_discarded_soup_is_collected_by_the_resumed_collector() -> None:
    """bs4 trees are reference cycles: only the collector frees them.  The
    soup below, built with the collector paused (low thresholds: a full
    collection happens early in the build), dies without an explicit
    gc.collect(): automatic collection runs again once the parse returns."""
    from bs4 import BeautifulSoup

    gc.enable()
    gc.collect()
    gc.set_threshold(50, 2, 2)
    soup = BeautifulSoup(PAGE * 50, "specparser")
    gc.set_threshold(700, 10, 10)
    alive = weakref.ref(soup)
    paragraph = weakref.ref(soup.find("p"))
    del soup
    assert alive() is not None  # held by its own cycles, not yet collected
    # Collections happen as containers are made.  CPython runs a full one
    # only once what was promoted since the last passes a quarter of what
    # survived it, so in a long test session (a big heap) that takes more
    # containers: make them until an automatic full collection has run
    # (bounded by the heap's size), then the soup must be gone.
    full_collections = []

    def watch(phase: str, info: dict) -> None:
        if phase == "stop" and info["generation"] == 2:
            full_collections.append(info)

    rounds = len(gc.get_objects()) // 700 + 200
    junk = []
    gc.callbacks.append(watch)
    try:
        for _ in range(rounds):
            junk.append([[] for _ in range(700)])
            if alive() is None or full_collections:
                break
    finally:
        gc.callbacks.remove(watch)
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
            _full_collection("first")  # A's build pauses the collector
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
    assert collector._on_collection not in gc.callbacks


def test_many_threads_leave_the_collector_enabled() -> None:
    gc.enable()
    errors: list = []

    gc.set_threshold(50, 2, 2)  # full collections, so pauses, in every build

    def work() -> None:
        try:
            for _ in range(20):
                specparser.parse(PAGE * 20, "dom")
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
    assert collector._on_collection not in gc.callbacks
