"""The ``specparser`` command: parse HTML files as a browser would and print
the result.

    specparser --format tree examples/example.html
    curl -s https://example.com/ | specparser -
    specparser --format errors --strict *.html
    specparser --fragment "svg path" --format json snippet.html

Files are read as bytes, so the HTML encoding sniffing algorithm picks the
encoding (BOM, ``--encoding``, ``<meta charset>`` prescan, valid UTF-8,
default windows-1252), as for a page loaded without a Content-Type charset.  The
formats are described in :mod:`specparser.cli_formats` and in ``--help``.

This module is the command line only: arguments, reading files, worker
processes, progress, output and exit status.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import deque
from typing import IO, Any, Iterator, NamedTuple, Sequence

from .encoding import get_an_encoding
from .encoding.decoding import unknown_label_message
from .encoding.detectors import DETECTOR_NAMES, resolve_detector
from .error_messages import message_for
from .fragment_context import parse_fragment_context

__all__ = ["main"]

_PROG = "specparser"

_EXIT_OK = 0
_EXIT_PARSE_ERRORS = 1  # --strict and at least one parse error
_EXIT_NO_MATCH = 1  # --select matched nothing in any input (as grep, justhtml)
_EXIT_USAGE = 2  # bad arguments, or an input that could not be read
_EXIT_BROKEN_PIPE = 141  # what a shell reports for a writer killed by SIGPIPE (128 + 13)
_EXIT_INTERRUPTED = 130  # 128 + SIGINT

_FORMATS = ("html", "tree", "errors", "text", "text-content", "json")

# What the outputs are written in; --format html declares it in the document.
_OUTPUT_ENCODING = "utf-8"

_STDIN_NAME = "-"
_PIECE_SIZE = 65536  # what the streaming formats read at a time
# --format errors streams files larger than this (and standard input): the
# streaming parse keeps memory flat but takes about twice the CPU time of
# the one-shot parse (its tree construction reports every push and pop).
_STREAM_FROM = 32 * 1024 * 1024
_STDIN_LABEL = "<stdin>"  # the file name printed for standard input

_DESCRIPTION = """\
Parse HTML documents with the WHATWG HTML parsing algorithm and print the
tree a browser would build.  Files are read as bytes; the encoding is
sniffed (byte order mark, --encoding, <meta charset>, valid UTF-8, the
--detector's guess, else windows-1252)."""

_EPILOG = """\
formats:
  html    the document serialized by the spec's algorithm: normalized markup
          (implied tags added, misnesting fixed, attributes quoted), the
          DOCTYPE with its identifiers, as specparser.serialize() writes it
  tree    the indented tree of the html5lib-tests conformance format
  errors  one line per parse error: FILE:LINE:COLUMN: CODE: message
          (tokenizer codes are the spec's; line and column are 1-based,
          columns count UTF-16 code units).  Files over 32 MB and standard
          input are read and parsed in pieces and no tree is kept: memory
          does not grow with the document (except with --fragment or
          --detector, which read the whole input)
  text    the text a reader sees (the HTML Standard's innerText rules
          without CSS): script, style, the head and hidden elements left
          out, white space collapsed (kept in <pre>), a line per block, a
          blank line between paragraphs, tabs between table cells;
          noscript shown unless --scripting
  text-content
          the DOM textContent of the document element (or of the
          fragment): all text, in tree order, as is; template contents,
          comments and attribute values excluded; script/style text included
  json    one JSON object per file, on one line:
            {"type": "document" | "fragment", "file": NAME, "encoding": NAME,
             "context": {"name", "namespace"}   (fragments only),
             "children": [NODE...],
             "errors": [{"code", "line", "column", "message"}...]}
          NODE is {"type": "element", "name", "namespace" ("html" | "svg" |
          "math" | URI), "attributes": {NAME: VALUE}, "children": [NODE...]}
          (an HTML template also has "content": [NODE...]; an element with
          namespaced attributes also has "attributeNamespaces": {NAME: URI}),
          {"type": "text", "data"}, {"type": "comment", "data"},
          {"type": "processing-instruction", "target", "data"} or
          {"type": "doctype", "name", "publicId", "systemId"}

The other formats need the whole tree: the input is read, then parsed.
With several files, the html, tree and text outputs are each preceded by a
line "==> FILE <==", json gives one line per file (JSON Lines), and a summary
line (files, bytes, parse errors, time) goes to standard error.  Output is
UTF-8; the html format's <meta charset> says so (one is added to <head> when
the output is not all ASCII and the document declared no encoding).

--select CSS writes each matching element (its outer HTML, its tree, its
text, its textContent, or one JSON NODE a line), --first only the first
(per input).  The selector runs on a BeautifulSoup tree with soupsieve, or
without bs4 on an lxml tree with cssselect.

--sanitize: the tree is sanitized as the Sanitizer API's safe calls do
(https://wicg.github.io/sanitizer-api/), with the built-in safe default
configuration or the JSON one of --sanitizer-config; with --fragment and the
html format the output is specparser.sanitize()'s (a fixed point, safe to
insert as the children of the context element).

exit status: 0 parsed; 1 with --strict when any parse error occurred, or
with --select when no input had a match; 2 for a usage error or an input
that could not be read."""


class UsageError(Exception):
    """A bad command line: reported as one ``specparser: error:`` line."""


class Options(NamedTuple):
    """What every worker needs to parse and format one input."""

    format: str
    encoding: str | None  # the canonical encoding name of --encoding
    context: tuple[str, str] | None  # --fragment as (local name, namespace)
    scripting: bool
    detect_utf8: bool = True  # step 8 of the sniffing: valid UTF-8 is UTF-8
    detector: str | None = None  # step 8 for other undeclared bytes: a detector name
    select: str | None = None  # --select: a CSS selector; each match is written
    first: bool = False  # --first: the first match only
    separator: str | None = None  # --separator for --format text
    strip: bool = False  # --strip for --format text
    shadow_roots: bool = False  # --shadow-roots: allow declarative shadow roots
    sanitizer: Any = None  # --sanitize: "default" or a config dict (None: no sanitizing)


class _Result(NamedTuple):
    """One input's outcome, sent back from a worker process."""

    name: str
    output: str  # the formatted text, "" on failure
    error_count: int
    nbytes: int
    failure: str | None  # why the input could not be read, or None


# -- arguments -----------------------------------------------------------

def fragment_context(text: str) -> tuple[str, str]:
    """``"td"`` -> HTML ``td``; ``"svg path"`` / ``"math mi"`` -> foreign
    elements (:func:`specparser.fragment_context.parse_fragment_context`,
    the rule every entry point shares).  Anything else is a
    :class:`UsageError`."""
    try:
        return parse_fragment_context(text, "--fragment", "context")
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _encoding_override(label: str) -> str:
    """The encoding named by ``label`` (https://encoding.spec.whatwg.org/#concept-encoding-get)."""
    name = get_an_encoding(label)
    if name is None:
        raise UsageError(f"--encoding: {unknown_label_message(label)}")
    return name


def _check_select(options: Options) -> None:
    """--select's engine and selector are checked once, before any input."""
    if options.select is None:
        if options.first:
            raise UsageError("--first applies to --select")
        return
    if options.format == "errors":
        raise UsageError("--select writes elements: use --format html, tree, text, text-content or json")
    from .cli_select import compile_selector, selector_engine

    try:
        compile_selector(options.select, selector_engine())
    except (ImportError, ValueError) as error:
        raise UsageError(str(error)) from None


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # One line, no usage block: the same shape as every other error.
        raise UsageError(f"{message} (see '{_PROG} --help')")


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of processes: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 (one per CPU) or more, not {value}")
    return value or (os.cpu_count() or 1)


def _build_argument_parser() -> argparse.ArgumentParser:
    from . import __version__, compiled

    parser = _ArgumentParser(
        prog=_PROG,
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="HTML file to parse; '-' for standard input")
    parser.add_argument(
        "-f", "--format", choices=_FORMATS, default="html", help="what to print (default: html; see below)"
    )
    parser.add_argument(
        "-e", "--encoding", metavar="LABEL",
        help="decode with this encoding (a WHATWG label such as utf-8, latin1, shift_jis); "
        "a byte order mark still wins, as the spec says",
    )
    parser.add_argument(
        "--no-detect-utf8", action="store_true",
        help="do not read undeclared bytes that are valid UTF-8 as UTF-8 (use windows-1252, the spec's default)",
    )
    parser.add_argument(
        "--detector", choices=DETECTOR_NAMES,
        help="guess the encoding of undeclared bytes that are not valid UTF-8 with this detector "
        "(pip install 'specparser-html[detect]'); default: windows-1252",
    )
    parser.add_argument(
        "--select", "--selector", metavar="CSS", dest="select",
        help="write each element the CSS selector matches, in the chosen format (not errors); "
        "needs BeautifulSoup (soupsieve) or lxml with cssselect",
    )
    parser.add_argument("--first", action="store_true", help="with --select: the first match only")
    parser.add_argument(
        "--separator", metavar="SEP",
        help="text format: join the shown text nodes with SEP instead of laying out lines "
        "(as bs4's get_text(SEP) and justhtml's --separator)",
    )
    parser.add_argument(
        "--strip", action="store_true",
        help="text format: strip white space from each text node (with --separator) or line, "
        "leaving out empty ones",
    )
    parser.add_argument(
        "--fragment", metavar="CONTEXT",
        help="parse as a fragment in this context element: 'td', 'svg path', 'math mi' ...",
    )
    parser.add_argument(
        "--scripting", action="store_true", help="parse with the scripting flag set (noscript is raw text)"
    )
    parser.add_argument(
        "--shadow-roots", action="store_true",
        help="allow declarative shadow roots (<template shadowrootmode>), as a browser does for a page; "
        "html output writes every shadow root",
    )
    parser.add_argument(
        "--sanitize", action="store_true",
        help="sanitize as the Sanitizer API's safe calls do (setHTML for --fragment, parseHTML otherwise), "
        "with the built-in safe default configuration; html output is made safe to parse again",
    )
    parser.add_argument(
        "--sanitizer-config", metavar="FILE",
        help="the sanitizer configuration, a JSON file in the Sanitizer API's shape (implies --sanitize)",
    )
    parser.add_argument("--strict", action="store_true", help="exit with status 1 when there is any parse error")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    parser.add_argument(
        "-j", "--jobs", type=_jobs, default=1, metavar="N",
        help="parse with N processes (0: one per CPU); output stays in input order",
    )
    parser.add_argument(
        "--progress", choices=("auto", "always", "never"), default="auto",
        help="progress bar on standard error (auto: when it is a terminal and there are several files)",
    )
    parser.add_argument(
        "--warc", action="store_true",
        help="each FILE is a WARC web archive: print one JSON line per HTML page in it "
        "(needs the warcio package: pip install 'specparser-html[warc]')",
    )
    parser.add_argument(
        "--fields", default="text,links", metavar="LIST",
        help="with --warc: what each line holds besides url, record_id, date, status and encoding: "
        "text, links, errors, comma-separated (default: text,links)",
    )
    build = "compiled with mypyc" if compiled else "pure Python"
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__} ({build})")
    return parser


# -- the work for one input (runs in worker processes too) ----------------


def _read_input(path: str) -> bytes:
    """The bytes of ``path``; OSError subclasses say what went wrong."""
    with open(path, "rb") as file:
        return file.read()


def _describe_os_error(path: str, error: OSError) -> str:
    if isinstance(error, FileNotFoundError):
        return f"{path}: no such file"
    if isinstance(error, IsADirectoryError):
        return f"{path}: is a directory"
    if isinstance(error, PermissionError):
        return f"{path}: permission denied"
    return f"{path}: {error.strerror or error}"


class Parsed(NamedTuple):
    tree: object  # the ElementTree DOCUMENT_ROOT / DOCUMENT_FRAGMENT element (None for --format errors)
    errors: list  # specparser.errors.ParseError records, in the order found
    encoding: str | None  # the encoding the bytes were decoded with


def parse_bytes(data: bytes, options: Options) -> Parsed:
    """Parse ``data`` through the core stages (not the html5lib-compatible
    facade, whose shapes follow html5lib): the encoding sniffing and
    re-parse loop, tree construction, the ElementTree adapter."""
    from .builders.etree import ElementTreeBuilder
    from .encoding import parse_with_reparse
    from .treeconstruction import build_tree

    def parse_text(decoded) -> Parsed:  # type: ignore[no-untyped-def]
        errors: list = []
        builder: Any = ElementTreeBuilder(namespaceHTMLElements=True, fullTree=True)
        if options.sanitizer is not None:
            from .sanitizer import SanitizingTreeBuilder, get_a_sanitizer_instance_from_options

            sanitizer = get_a_sanitizer_instance_from_options(options.sanitizer, True, "--sanitize")
            builder = SanitizingTreeBuilder(builder, sanitizer, safe=True, hardened=True)
        tree = build_tree(
            decoded.text, builder, scripting=options.scripting, errors=errors, context=options.context, decoded=decoded,
            shadow_roots=options.shadow_roots,
        )
        return Parsed(tree, errors, decoded.encoding)

    return parse_with_reparse(
        data, parse_text, override_encoding=options.encoding, detect_utf8=options.detect_utf8,
        detector=resolve_detector(options.detector, "--detector"),
    )


def parse_and_format(data: bytes, name: str, options: Options) -> tuple[str, int]:
    """Parse ``data`` and format it; returns (output, parse error count).
    The output ends with a newline unless it is empty."""
    from .cli_formats import format_html, format_json, format_text, format_text_content, format_tree
    from .walkers.etree import walk

    if options.select is not None:
        return _format_matches(data, options)
    tree, errors, encoding = parse_bytes(data, options)
    fmt = options.format
    if fmt == "errors":
        output = "".join(
            f"{name}:{error.line}:{error.column}: {error.code}: {error.message}\n" for error in errors
        )
        return output, len(errors)
    events = walk(tree)
    if fmt == "html":
        text = format_html(events, scripting=options.scripting, output_encoding=_OUTPUT_ENCODING)
        if options.sanitizer is not None and options.context is not None:
            # The string API's fixed point (specparser.sanitize).
            from .sanitizer import sanitize

            text = sanitize(text, options.sanitizer, context=_context_text(options.context))
    elif fmt == "tree":
        text = format_tree(events)
    elif fmt == "text":
        text = format_text(events, scripting=options.scripting, separator=options.separator, strip=options.strip)
    elif fmt == "text-content":
        text = format_text_content(events)
    else:
        text = format_json(events, file=name, encoding=encoding, errors=errors, context=options.context)
    return text + "\n", len(errors)


def _format_matches(data: bytes, options: Options) -> tuple[str, int]:
    """--select: each match in the format, one after the other (a line
    each but for the tree format's lines); "" when nothing matched."""
    from .cli_formats import format_json_node, format_text, format_text_content, format_tree
    from .cli_select import select_matches
    from .serializer import serialize_events

    matches, errors, _ = select_matches(data, options, resolve_detector(options.detector, "--detector"))
    fmt = options.format
    outputs = []
    for events in matches:
        if fmt == "html":
            outputs.append(serialize_events(events, scripting=options.scripting))
        elif fmt == "tree":
            outputs.append(format_tree(events))
        elif fmt == "text":
            outputs.append(format_text(events, options.scripting, options.separator, options.strip))
        elif fmt == "text-content":
            outputs.append(format_text_content(events))
        else:
            outputs.append(format_json_node(events))
    return "".join(output + "\n" for output in outputs), len(errors)


def streams(options: Options) -> bool:
    """Can the input be parsed as it is read, with no tree kept?  For
    ``--format errors`` of a document (the incremental parser takes no
    fragment context, and a detector reads the whole input)."""
    return options.format == "errors" and options.context is None and options.detector is None and options.select is None


class _NoTree:
    """The incremental parser's target when only the errors are wanted."""

    def close(self) -> None:
        return None


def stream_errors(file: IO[bytes], options: Options) -> tuple[list, int]:
    """Parse ``file`` a piece at a time with no tree (:class:`specparser.Parser`
    with a target: memory follows the depth of the document and the piece
    size, not its length); returns (parse errors, bytes read)."""
    from .parser import Parser

    errors: list = []
    parser = Parser(
        target=_NoTree(), errors=errors, encoding=options.encoding,
        detect_utf8=options.detect_utf8, scripting=options.scripting, shadow_roots=options.shadow_roots,
    )  # fmt: skip
    nbytes = 0
    while True:
        piece = file.read(_PIECE_SIZE)
        if not piece:
            break
        nbytes += len(piece)
        parser.feed(piece)
    parser.close()
    return errors, nbytes


def _larger_than(path: str, size: int) -> bool:
    try:
        return os.path.getsize(path) > size
    except OSError:
        return False  # run_job's reading reports it


def _run_streaming(name: str, path: str | None, options: Options) -> _Result:
    """``--format errors`` of one file (or standard input, ``path`` None) read in pieces."""
    try:
        if path is None:
            errors, nbytes = stream_errors(sys.stdin.buffer, options)
        else:
            with open(path, "rb") as file:
                errors, nbytes = stream_errors(file, options)
    except OSError as error:
        return _Result(name, "", 0, 0, _describe_os_error(name, error))
    except Exception as error:  # a bug: say so in one line, go on with the other files
        return _Result(name, "", 0, 0, f"{name}: internal error, please report: {type(error).__name__}: {error}")
    output = "".join(f"{name}:{error.line}:{error.column}: {error.code}: {error.message}\n" for error in errors)
    return _Result(name, output, len(errors), nbytes, None)


def run_job(job: tuple[str, str | None, bytes | None], options: Options) -> _Result:
    """One input: ``(display name, path, data)`` with either a path to read
    or the bytes already read (standard input; both None: standard input
    still to be read, in pieces)."""
    name, path, data = job
    if data is None and streams(options) and (path is None or _larger_than(path, _STREAM_FROM)):
        return _run_streaming(name, path, options)
    if data is None:
        try:
            data = _read_input(path)  # type: ignore[arg-type]
        except OSError as error:
            return _Result(name, "", 0, 0, _describe_os_error(name, error))
    try:
        output, count = parse_and_format(data, name, options)
    except Exception as error:  # a bug: say so in one line, go on with the other files
        return _Result(name, "", 0, len(data), f"{name}: internal error, please report: {type(error).__name__}: {error}")
    return _Result(name, output, count, len(data), None)


def _results(jobs: Sequence[tuple], options: Options, processes: int) -> Iterator[_Result]:
    """Results in input order, from this process or a pool of ``processes``."""
    if processes <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield run_job(job, options)
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    try:
        executor = ProcessPoolExecutor(max_workers=min(processes, len(jobs)))
    except (OSError, NotImplementedError, ImportError) as error:
        # No working multiprocessing here (no /dev/shm, no sem_open ...).
        sys.stderr.write(f"{_PROG}: warning: -j: cannot start worker processes ({error}); using one\n")
        yield from _results(jobs, options, 1)
        return
    pending: deque = deque()  # (job, future or None), in input order
    remaining = iter(jobs)
    broken = False

    def submit(job: tuple) -> bool:
        """Queue ``job``; False when the pool is broken (it is then queued
        with no future, to be parsed here)."""
        try:
            pending.append((job, executor.submit(run_job, job, options)))
            return True
        except BrokenProcessPool:
            pending.append((job, None))
            return False

    try:
        # A bounded window of submitted jobs: results come back in order
        # without holding every output of a long run in memory.
        for job in remaining:
            if not submit(job):
                broken = True
                break
            if len(pending) >= 4 * processes:
                break
        while pending and not broken:
            job, future = pending[0]
            try:
                result = future.result()
            except BrokenProcessPool:
                # A worker was killed (by the OOM killer, a signal ...);
                # which input it was parsing is unknown.
                broken = True
                break
            pending.popleft()
            yield result
            following = next(remaining, None)
            if following is not None and not submit(following):
                broken = True
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
    if broken:
        # Nothing is lost: every input not yet reported is parsed here.
        sys.stderr.write(f"{_PROG}: warning: a worker process died; going on in one process\n")
        for job, _ in pending:
            yield run_job(job, options)
        for job in remaining:
            yield run_job(job, options)


# -- progress and summary ----------------------------------------------------


def _size(nbytes: int) -> str:
    if nbytes < 1024:
        return f"{nbytes} B"
    if nbytes < 1024 * 1024:
        return f"{nbytes / 1024:.1f} KB"
    return f"{nbytes / (1024 * 1024):.1f} MB"


class _Progress:
    """A one-line progress bar on a terminal, redrawn at most ten times a
    second.  In ``auto`` mode it appears only when the stream is a terminal,
    there is more than one file, and the run is long: more than a few files,
    or more than a second so far."""

    WIDTH = 30

    def __init__(self, stream: IO[str], total: int, mode: str) -> None:
        self.stream = stream
        self.total = total
        self.start = time.monotonic()
        self.last_draw = 0.0
        self.shown = False
        if mode == "always":
            self.enabled = True
        elif mode == "never" or total < 2:
            self.enabled = False
        else:
            isatty = getattr(stream, "isatty", None)
            self.enabled = bool(isatty and isatty())
        self.eager = mode == "always" or total > 3

    def update(self, done: int, nbytes: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not self.eager and now - self.start < 1.0:
            return
        if done < self.total and now - self.last_draw < 0.1:
            return
        self.last_draw = now
        filled = self.WIDTH * done // self.total if self.total else self.WIDTH
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        self.stream.write(
            f"\r[{bar}] {done}/{self.total} files, {_size(nbytes)}, {now - self.start:.1f} s"
        )
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def _write_all(out: IO[bytes], data: bytes) -> None:
    """Write every byte: a buffered writer may report a short write (it
    does when the reader of a pipe goes away mid-write), and the rest must
    not be dropped silently; the next attempt raises the error instead."""
    view = memoryview(data)
    while view:
        written = out.write(view)
        if written is None:  # a non-blocking stream that is full
            written = 0
        view = view[written:]


def _error(message: str) -> None:
    sys.stderr.write(f"{_PROG}: error: {message}\n")
    sys.stderr.flush()


# -- main ----------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (see ``--help``)."""
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    except UsageError as error:
        _error(str(error))
        return _EXIT_USAGE
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly.  Python would
        # complain again when flushing stdout at exit, so point it at
        # /dev/null first.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return _EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return _EXIT_INTERRUPTED


def _context_text(context: tuple[str, str]) -> str:
    from .constants import MATHML_NAMESPACE, SVG_NAMESPACE

    prefix = {SVG_NAMESPACE: "svg ", MATHML_NAMESPACE: "math "}.get(context[1], "")
    return prefix + context[0]


def _sanitizer_option(args: argparse.Namespace) -> Any:
    """``--sanitize`` / ``--sanitizer-config FILE`` as the configuration
    to give every worker, checked here (a bad file is a usage error)."""
    if args.sanitizer_config is None:
        return "default" if args.sanitize else None
    import json

    from .sanitizer import get_a_sanitizer_instance_from_options

    try:
        with open(args.sanitizer_config, encoding="utf-8") as file:
            config = json.load(file)
    except OSError as error:
        raise UsageError(f"--sanitizer-config: {_describe_os_error(args.sanitizer_config, error)}") from None
    except ValueError as error:
        raise UsageError(f"--sanitizer-config: {args.sanitizer_config}: not JSON: {error}") from None
    try:
        get_a_sanitizer_instance_from_options(config, True, "--sanitizer-config")
    except TypeError as error:
        raise UsageError(str(error)) from None
    return config


def _main(argv: list[str]) -> int:
    args = _build_argument_parser().parse_args(argv)
    if args.warc:
        return _main_warc(args)
    options = Options(
        format=args.format,
        encoding=None if args.encoding is None else _encoding_override(args.encoding),
        context=None if args.fragment is None else fragment_context(args.fragment),
        scripting=args.scripting,
        detect_utf8=not args.no_detect_utf8,
        detector=args.detector,
        select=args.select,
        first=args.first,
        separator=args.separator,
        strip=args.strip,
        shadow_roots=args.shadow_roots,
        sanitizer=_sanitizer_option(args),
    )
    try:
        resolve_detector(options.detector, "--detector")  # installed? (checked once, before any input)
    except ImportError as error:
        raise UsageError(str(error)) from None
    _check_select(options)
    jobs: list[tuple[str, str | None, bytes | None]] = []
    for path in args.files:
        if path == _STDIN_NAME:
            if sys.stdin is None:  # started with standard input closed
                raise UsageError("-: standard input is closed")
            if streams(options) and len(args.files) == 1 and args.jobs <= 1:
                jobs.append((_STDIN_LABEL, None, None))  # read in pieces by run_job
                continue
            try:
                data = sys.stdin.buffer.read()
            except OSError as error:
                raise UsageError(f"-: cannot read standard input: {error.strerror or error}") from None
            jobs.append((_STDIN_LABEL, None, data))
        else:
            jobs.append((path, path, None))

    out = _open_output(args)
    try:
        return _run(jobs, options, args, out)
    finally:
        if out is not sys.stdout.buffer:
            out.close()


def _open_output(args: argparse.Namespace) -> IO[bytes]:
    """``--output FILE`` opened for writing, or standard output."""
    if args.output is None:
        return sys.stdout.buffer
    try:
        return open(args.output, "wb")
    except OSError as error:
        raise UsageError(f"--output: {_describe_os_error(args.output, error)}") from None


def _main_warc(args: argparse.Namespace) -> int:
    """``--warc``: JSON Lines of the archives' HTML pages (:mod:`specparser.cli_warc`)."""
    from .cli_warc import parse_fields, write_warc_records

    try:
        fields = parse_fields(args.fields)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if _STDIN_NAME in args.files and sys.stdin is None:
        raise UsageError("-: standard input is closed")
    sources = [(_STDIN_LABEL, sys.stdin.buffer) if path == _STDIN_NAME else (path, path) for path in args.files]
    out = _open_output(args)
    try:
        _, failures = write_warc_records(sources, fields, out, _error)
    except ImportError as error:
        raise UsageError(str(error)) from None
    finally:
        out.flush()
        if out is not sys.stdout.buffer:
            out.close()
    return _EXIT_USAGE if failures else _EXIT_OK


def _run(jobs: list[tuple[str, str | None, bytes | None]], options: Options, args: argparse.Namespace, out: IO[bytes]) -> int:
    many = len(jobs) > 1
    headers = many and options.format in ("html", "tree", "text", "text-content")
    progress = _Progress(sys.stderr, len(jobs), args.progress)
    # Output to the terminal the bar is on must not be drawn over it.
    shares_terminal = progress.enabled and out.isatty()
    start = time.monotonic()
    done = nbytes = error_count = failures = written = 0
    matched = False  # --select: did any input have a match?
    for result in _results(jobs, options, args.jobs):
        done += 1
        nbytes += result.nbytes
        error_count += result.error_count
        if result.failure is not None:
            failures += 1
            progress.clear()
            _error(result.failure)
        else:
            if shares_terminal:
                progress.clear()
            if headers:
                header = f"\n==> {result.name} <==\n" if written else f"==> {result.name} <==\n"
                _write_all(out, header.encode("utf-8", "replace"))
            _write_all(out, result.output.encode("utf-8", "replace"))
            written += 1
            matched = matched or bool(result.output)
            if shares_terminal:
                out.flush()  # the bar is redrawn below the output just written
        progress.update(done, nbytes)
    out.flush()
    progress.clear()
    if many:
        elapsed = time.monotonic() - start
        summary = f"{_PROG}: {len(jobs)} files, {_size(nbytes)}, {error_count} parse errors, {elapsed:.2f} s"
        if failures:
            summary += f", {failures} could not be read"
        sys.stderr.write(summary + "\n")
    if failures:
        return _EXIT_USAGE
    if args.strict and error_count:
        return _EXIT_PARSE_ERRORS
    if options.select is not None and not matched:
        return _EXIT_NO_MATCH
    return _EXIT_OK
