"""specparser.warc, ``specparser --warc`` and the Dask recipe
(examples/warc_dask.py), on small WARC files the tests write with warcio.

The expected values come from the standards: the HTTP charset is the
transport-layer encoding of https://html.spec.whatwg.org/#encoding-sniffing-algorithm,
links resolve against the document base URL
(https://html.spec.whatwg.org/#document-base-url) as the URL Standard parses
them, and the text is what innerText gives without CSS."""

from __future__ import annotations

import gzip
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

warcio = pytest.importorskip("warcio", reason="needs warcio (the test extra installs it)")
from warcio.statusandheaders import StatusAndHeaders  # noqa: E402
from warcio.warcwriter import WARCWriter  # noqa: E402

import specparser  # noqa: E402
from specparser import warc  # noqa: E402
from specparser.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

PAGE_UTF8 = (
    b'<!doctype html><title>T</title><base href="/x/">'
    b'<p>Hello <a href="c">c</a> <a href=" \thttp://o.org/\n ">o</a> <a>no href</a></p>'
    b'<map><area href="#m"></map>'
)
PAGE_1251 = "<!doctype html><p>Привет, мир</p>".encode("windows-1251")
PAGE_KOI8 = '<!doctype html><meta charset="koi8-r"><p>Здравствуй</p>'.encode("koi8-r")
PAGE_ERRORS = b"<p>x</b>"


def _write_archive(path: Path, *, compress: bool = True) -> None:
    with open(path, "wb") as file:
        writer = WARCWriter(file, gzip=compress)

        def response(url: str, body: bytes, headers: list[tuple[str, str]]) -> None:
            http = StatusAndHeaders("200 OK", headers, protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(url, "response", payload=io.BytesIO(body), http_headers=http))

        request = StatusAndHeaders("GET / HTTP/1.1", [("Host", "example.com")], is_http_request=True)
        writer.write_record(writer.create_warc_record("http://example.com/", "request", http_headers=request))
        response("http://example.com/a/b.html", PAGE_UTF8, [("Content-Type", "text/html; charset=utf-8")])
        response("http://example.ru/", PAGE_1251, [("Content-Type", 'text/html; charset="windows-1251"')])
        response("http://example.com/i.png", b"\x89PNG\r\n", [("Content-Type", "image/png")])
        # An unknown charset label is no transport encoding: the prescan finds koi8-r.
        response("http://example.org/koi8", PAGE_KOI8, [("Content-Type", "TEXT/HTML; charset=x-unknown")])
        response(
            "http://example.com/gz",
            gzip.compress(PAGE_ERRORS),
            [("Content-Type", "text/html"), ("Content-Encoding", "gzip")],
        )
        writer.write_record(
            writer.create_warc_record(
                "file:///local/page.html", "resource", payload=io.BytesIO(b"<p>stored"), warc_content_type="text/html"
            )
        )


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    path = tmp_path / "pages.warc.gz"
    _write_archive(path)
    return path


def test_only_html_pages_in_archive_order(archive: Path) -> None:
    records = list(warc.iter_html_records(archive))
    assert [r.url for r in records] == [
        "http://example.com/a/b.html",
        "http://example.ru/",
        "http://example.org/koi8",
        "http://example.com/gz",
        "file:///local/page.html",
    ]
    assert [r.status for r in records] == [200, 200, 200, 200, None]
    assert records[1].charset == "windows-1251"
    assert records[3].payload == PAGE_ERRORS  # the HTTP content encoding is undone


def test_uncompressed_archives_and_open_files(tmp_path: Path) -> None:
    path = tmp_path / "plain.warc"
    _write_archive(path, compress=False)
    with open(path, "rb") as file:
        assert len(list(warc.extract_warc(file))) == 5


def test_text_encoding_and_links(archive: Path) -> None:
    pages = {p["url"]: p for p in warc.extract_warc(archive)}
    first = pages["http://example.com/a/b.html"]
    assert first["text"] == "Hello c o no href"
    # <base href="/x/"> against the page URL; the URL Standard strips C0
    # controls and spaces around, and tabs and newlines anywhere.
    assert first["links"] == ["http://example.com/x/c", "http://o.org/", "http://example.com/x/#m"]
    assert first["encoding"] == "utf-8" and "errors" not in first
    assert (pages["http://example.ru/"]["encoding"], pages["http://example.ru/"]["text"]) == ("windows-1251", "Привет, мир")
    assert (pages["http://example.org/koi8"]["encoding"], pages["http://example.org/koi8"]["text"]) == ("koi8-r", "Здравствуй")
    assert pages["file:///local/page.html"]["text"] == "stored"


def test_errors_field(archive: Path) -> None:
    pages = {p["url"]: p for p in warc.extract_warc(archive, fields=("errors",))}
    assert pages["http://example.com/gz"]["errors"] == [
        {"code": "missing-doctype", "line": 1, "column": 1},
        {"code": "unexpected-end-tag", "line": 1, "column": 5},
    ]
    assert "text" not in pages["http://example.com/gz"] and "links" not in pages["http://example.com/gz"]


def test_bad_arguments(archive: Path) -> None:
    with pytest.raises(TypeError, match=r"iter_html_records\(\): source must be a path or a binary file"):
        list(warc.iter_html_records(42))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"extract_warc\(\): fields must be a collection"):
        list(warc.extract_warc(archive, fields="text"))
    with pytest.raises(ValueError, match=r"extract_warc\(\): unknown field 'title'"):
        list(warc.extract_warc(archive, fields=("text", "title")))


def test_missing_warcio_names_the_extra(monkeypatch: pytest.MonkeyPatch, archive: Path) -> None:
    monkeypatch.setitem(sys.modules, "warcio.archiveiterator", None)
    with pytest.raises(ImportError, match=r"pip install 'specparser-html\[warc\]'"):
        list(warc.extract_warc(archive))


def _cli(capsysbinary: pytest.CaptureFixture[bytes], *argv: str) -> tuple[int, list[dict], str]:
    status = main(list(argv))
    captured = capsysbinary.readouterr()
    lines = [json.loads(line) for line in captured.out.decode("utf-8").splitlines()]
    return status, lines, captured.err.decode("utf-8")


def test_cli_json_lines(archive: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    status, lines, err = _cli(capsysbinary, "--warc", str(archive))
    assert status == 0 and err == ""
    assert lines == list(warc.extract_warc(archive))
    assert set(lines[0]) == {"url", "record_id", "date", "status", "encoding", "text", "links"}
    status, lines, _ = _cli(capsysbinary, "--warc", "--fields", "errors", str(archive))
    assert status == 0 and set(lines[0]) == {"url", "record_id", "date", "status", "encoding", "errors"}


def test_cli_goes_on_after_an_unreadable_archive(archive: Path, tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    junk = tmp_path / "junk.warc"
    junk.write_bytes(b"<p>not an archive\n")
    status, lines, err = _cli(capsysbinary, "--warc", str(junk), str(tmp_path / "missing.warc"), str(archive))
    assert status == 2 and len(lines) == 5
    assert f"{junk}: not a readable WARC file" in err and "missing.warc: No such file" in err


def test_cli_usage_errors(archive: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    status, lines, err = _cli(capsysbinary, "--warc", "--fields", "text,title", str(archive))
    assert status == 2 and lines == [] and "--fields: unknown field 'title'" in err


def test_cli_reads_an_archive_from_standard_input(archive: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "specparser", "--warc", "-"], input=archive.read_bytes(), capture_output=True, check=True
    )
    assert [json.loads(line)["url"] for line in done.stdout.splitlines()][:2] == ["http://example.com/a/b.html", "http://example.ru/"]


def test_dask_recipe_on_a_local_cluster(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="needs dask[distributed] (the test extra installs it)")
    archives = []
    for name in ("one.warc.gz", "two.warc.gz"):
        _write_archive(tmp_path / name)
        archives.append(str(tmp_path / name))
    out_dir = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "warc_dask.py"), str(out_dir), *archives],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"{out_dir / name}.jsonl: 5 pages" for name in ("one.warc.gz", "two.warc.gz")]
    for archive in archives:
        written = (out_dir / (Path(archive).name + ".jsonl")).read_text("utf-8").splitlines()
        assert [json.loads(line) for line in written] == list(warc.extract_warc(archive))
