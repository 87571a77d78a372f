"""Record Chromium's ``innerText`` for the visible-text test cases.

    python -m compat.innertext_oracle            # rewrite tests/data/innertext_chromium.json
    python -m compat.innertext_oracle --check    # has Chromium changed?
    python -m compat.innertext_oracle --corpus   # rewrite tests/data/innertext_corpus.json


Each case is a document's markup; the expectation is
``document.documentElement.innerText`` in headless Chromium (scripting on,
so ``noscript`` is hidden).  All cases are loaded at once as ``srcdoc``
iframes of one page, whose load handler writes the results into the DOM
that ``--dump-dom`` prints.  Chromium is found as ``$CHROMIUM`` or
``chromium`` on the PATH (``apt-get install chromium``).

``--corpus`` records, for each page of the shared corpus, the length and
SHA-256 of its innerText as a browser without CSS and without scripting
shows it: the frames are sandboxed without scripts (so ``noscript`` is
rendered, as in specparser's default ``scripting=False``), and their
``style`` and ``link`` elements and ``style`` attributes are removed before
innerText is read, leaving the user-agent style sheet.
"""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "innertext_chromium.json"
CORPUS_DATA = DATA.with_name("innertext_corpus.json")

_PAGE = (
    "<!DOCTYPE html><html><body>%s<script>onload = function () {"
    " var r = []; for (const f of document.querySelectorAll('iframe')) {"
    " const d = f.contentDocument; if (%s) {"
    " for (const e of d.querySelectorAll('style, link')) e.remove();"
    " for (const e of d.querySelectorAll('[style]')) e.removeAttribute('style'); }"
    " r.push(d.documentElement.innerText); }"
    " var p = document.createElement('pre'); p.id = 'out'; p.textContent = JSON.stringify(r);"
    " document.body.appendChild(p); }</script></body></html>"
)


def chromium_inner_text(cases: list[str], chromium: str | None = None, *, without_css: bool = False) -> list[str]:
    """``documentElement.innerText`` of each case, from headless Chromium;
    ``without_css``: in frames without scripting and without style sheets."""
    attributes = ' sandbox="allow-same-origin"' if without_css else ""
    frames = "".join(
        '<iframe%s srcdoc="%s"></iframe>' % (attributes, html.escape(case, quote=True)) for case in cases
    )
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as page:
        page.write(_PAGE % (frames, "true" if without_css else "false"))
    try:
        command = [
            chromium or os.environ.get("CHROMIUM", "chromium"),
            "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000",
            "--dump-dom", Path(page.name).as_uri(),
        ]  # fmt: skip
        out = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True).stdout
    finally:
        os.unlink(page.name)
    start = out.index('<pre id="out">') + len('<pre id="out">')
    return json.loads(html.unescape(out[start : out.index("</pre>", start)]))


def _corpus() -> int:
    import hashlib

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from compat.paths import corpus_dir  # noqa: E402
    from specparser.encoding import decode  # noqa: E402
    from specparser.html5lib_compat import HTMLParser  # noqa: E402

    directory = corpus_dir()
    if directory is None:
        raise SystemExit("the corpus is not found (../shared/corpus/pages or $SPECPARSER_CORPUS)")
    pages = sorted(directory.glob("*.html"))
    texts = []
    for page in pages:
        data = page.read_bytes()
        parser = HTMLParser()
        parser.parse(data)
        # The page as the parser decodes it (srcdoc takes text), by the
        # Encoding Standard's decoders (not Python's codecs).
        texts.append(decode(data, parser.documentEncoding)[0])
    results: list[str] = []
    for at in range(0, len(texts), 20):
        results += chromium_inner_text(texts[at : at + 20], without_css=True)
    record = {
        page.name: [len(text), hashlib.sha256(text.encode("utf-8")).hexdigest()]
        for page, text in zip(pages, results)
    }
    CORPUS_DATA.write_text(json.dumps(record, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(record)} pages written to {CORPUS_DATA}")
    return 0


def main(argv: list[str]) -> int:
    if "--corpus" in argv:
        return _corpus()
    recorded = json.loads(DATA.read_text(encoding="utf-8"))
    cases = [case for case, _ in recorded]
    results = chromium_inner_text(cases)
    if "--check" in argv:
        changed = [(c, old, new) for (c, old), new in zip(recorded, results) if old != new]
        for case, old, new in changed:
            print(f"{case!r}: recorded {old!r}, Chromium now {new!r}")
        return 1 if changed else 0
    lines = ",\n".join(json.dumps([case, result], ensure_ascii=False) for case, result in zip(cases, results))
    DATA.write_text("[\n" + lines + "\n]\n", encoding="utf-8")
    print(f"{len(cases)} cases written to {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
