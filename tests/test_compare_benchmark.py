"""benchmarks/compare.py: the report of the libraries its rows loaded (the
pure and the compiled build's rows run in two environments, which must
hold the same lxml (and libxml2) and bs4 for their ratio to measure the
builds alone), and its rounds: the turns the parsers take (a chunk of
pages, a page, a pass) and the round times summed from them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import specparser

COMPARE = Path(__file__).resolve().parent.parent / "benchmarks" / "compare.py"


@pytest.fixture(scope="module")
def compare():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("_compare_under_test", COMPARE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_library_versions_name_what_this_process_loaded(compare) -> None:  # type: ignore[no-untyped-def]
    versions = compare.library_versions()
    assert versions["CPython"] == "%d.%d.%d" % sys.version_info[:3]
    etree = sys.modules.get("lxml.etree")
    if etree is None:
        assert "lxml" not in versions
    else:
        libxml2 = ".".join(map(str, etree.LIBXML_VERSION))
        assert versions["lxml"] == f"{etree.__version__} (libxml2 {libxml2})"


def test_the_same_libraries_give_no_warning(compare) -> None:  # type: ignore[no-untyped-def]
    same = {"CPython": "3.11.7", "lxml": "6.1.3 (libxml2 2.9.14)"}
    libraries = {"specparser-lxml": dict(same), "specparser-compiled-lxml": dict(same), "specparser": {"CPython": "3.11.7"}}
    assert compare.library_mismatches(libraries) == []
    assert compare.library_summary(libraries) == "lxml 6.1.3 (libxml2 2.9.14)"


def test_a_wheel_against_a_source_build_is_flagged(compare) -> None:  # type: ignore[no-untyped-def]
    libraries = {
        "specparser-lxml": {"CPython": "3.11.7", "lxml": "6.1.3 (libxml2 2.9.14)", "bs4": "4.15.0"},
        "html5-parser-lxml": {"CPython": "3.11.7", "lxml": "6.1.3 (libxml2 2.9.14)"},
        "specparser-compiled-lxml": {"CPython": "3.11.7", "lxml": "6.1.3 (libxml2 2.14.6)", "bs4": "4.15.0"},
    }
    assert compare.library_mismatches(libraries) == [
        "lxml differs between the rows' environments (6.1.3 (libxml2 2.9.14): specparser-lxml, html5-parser-lxml;"
        " 6.1.3 (libxml2 2.14.6): specparser-compiled-lxml)"
    ]
    # Only what every row agrees on goes in the header.
    assert compare.library_summary(libraries) == "bs4 4.15.0"


def test_another_python_is_flagged_too(compare) -> None:  # type: ignore[no-untyped-def]
    libraries = {"specparser-bs4": {"CPython": "3.11.7"}, "specparser-compiled-bs4": {"CPython": "3.12.1"}}
    assert compare.library_mismatches(libraries) == [
        "CPython differs between the rows' environments (3.11.7: specparser-bs4; 3.12.1: specparser-compiled-bs4)"
    ]


@pytest.mark.parametrize("interleave", ["chunk", "page", "pass"])
def test_each_round_times_every_page_once(compare, interleave: str) -> None:  # type: ignore[no-untyped-def]
    if compare.corpus_dir() is None:
        pytest.skip(compare.MISSING_CORPUS)
    # A row checks which build it runs: the compiled build's row in the
    # compiled build, given this interpreter as the compiled one.
    row = "specparser-compiled" if specparser.compiled else "specparser"
    # Three pages in chunks of two: a whole chunk and a short last one.
    compiled_python = sys.executable if specparser.compiled else None
    results = compare.run_workers([row], 2, 3, 120, compiled_python, interleave, chunk_pages=2)
    result = results[row]
    assert result["status"] == "ok", result
    assert len(result["times"]) == 2 and all(t > 0 for t in result["times"])
    assert result["libraries"]["CPython"] == "%d.%d.%d" % sys.version_info[:3]


def test_a_round_sums_its_turns(compare) -> None:  # type: ignore[no-untyped-def]
    class FakeWorker:
        name = "fake"

        def __init__(self) -> None:
            self.result = {"status": "ready"}
            self.times: list[float] = []
            self.sent: list[str] = []

        def send(self, command: str) -> None:
            self.sent.append(command)

        def receive(self) -> dict:
            return {"time": float(len(self.sent))}

    w = FakeWorker()
    w.times.append(0.0)  # a round starts (run_workers)
    for first in (0, 2, 4):
        compare._timed(w, f"pages {first} {first + 2}")
    w.times.append(0.0)
    compare._timed(w, "pages 0 2")
    assert w.times == [1.0 + 2.0 + 3.0, 4.0]


@pytest.mark.parametrize(
    ("interleave", "turns"),
    [
        ("chunk", ["pages 0 10", "pages 10 20", "pages 20 25"]),
        ("page", [f"pages {i} {i + 1}" for i in range(25)]),
        ("pass", ["pages 0 25"]),
    ],
)
def test_the_parsers_take_turns_a_chunk_a_page_or_a_pass_at_a_time(  # type: ignore[no-untyped-def]
    compare, monkeypatch, interleave: str, turns: list[str]
) -> None:
    sent: list[tuple[str, str]] = []

    class FakeWorker:
        def __init__(self, name: str, limit: object, timeout: float, python: str) -> None:
            self.name = name
            self.result: dict = {}
            self.times: list[float] = []

        def receive(self) -> dict:
            return {"status": "ready"} if not self.result else {"time": 1.0}

        def send(self, command: str) -> None:
            sent.append((self.name, command))

        def finish(self) -> dict:
            return {"status": "ok", "times": self.times}

    monkeypatch.setattr(compare, "Worker", FakeWorker)
    monkeypatch.setattr(compare, "corpus_files", lambda limit: [Path(f"{i}.html") for i in range(25)])
    results = compare.run_workers(["a", "b"], 2, None, 1.0, None, interleave, chunk_pages=10)
    # Two rounds of turns, the parsers in turn: a, then b, then a again.
    assert sent == [(name, turn) for turn in turns * 2 for name in ("a", "b")]
    assert results["a"]["times"] == results["b"]["times"] == [float(len(turns))] * 2
