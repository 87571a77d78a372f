"""html5lib-tests tokenizer cases that the 2026 processing instruction rule
supersedes, with the expectations the current standard gives.

html5lib-tests 9329e64 (2026-06-20) predates the processing instruction
states (whatwg/html 320c05f6, 2026-06-25) and nobody has published new
expectations for its tokenizer files.  The upstream files stay untouched;
``compat/tokenizer_suite.py`` runs each case below against the expectation
written here instead of the upstream one, and reports it as *superseded*
(counted and listed, never skipped).

Every expectation here was worked out by hand from the standard's states as
``../shared/spec/2026-changes.md`` section 1.1 quotes them
(https://html.spec.whatwg.org/#tag-open-state and
https://html.spec.whatwg.org/#processing-instruction-open-state ...), not
recorded from specparser's output.  The rules used:

* tag open state, ``?``: no error any more; set the temporary buffer to the
  empty string, switch to the processing instruction open state.
* PI open state: ASCII alpha or ``_`` reconsumes in the target state; EOF is
  ``eof-in-processing-instruction`` and emits nothing but end-of-file;
  anything else is ``invalid-first-character-of-processing-instruction-target``,
  then "convert the temporary buffer to a comment" (data ``?`` + buffer) and
  reconsume in the bogus comment state (which appends up to ``>``, U+0000
  becoming U+FFFD with ``unexpected-null-character``).
* PI target state: ASCII alphanumeric, ``-``, ``_`` are appended; ``>``
  (or whitespace, ``?``) ends the target; EOF is
  ``eof-in-processing-instruction`` with nothing emitted.
* Errors sit at the column of the character that triggers them (the WPT
  ``.dat`` files: ``(1:3)`` for ``<?#`` and for ``<?`` at EOF); EOF's column
  is one past the last character.  When an input stream error
  (``control-character-in-input-stream``) falls on the same character, it
  comes first, as everywhere in specparser (the character is in the stream
  before a state looks at it).

Each entry: ``(file, index)`` of the upstream test -> the upstream input (the
runner checks it, so an entry can never replace another case), the tokens,
the errors ``(code, line, col)`` and the reason.
"""

from __future__ import annotations

__all__ = ["SUPERSEDED", "Corrected"]

from typing import NamedTuple


class Corrected(NamedTuple):
    input: str
    output: list
    errors: list[tuple[str, int, int]]
    reason: str


_INVALID_FIRST = "invalid-first-character-of-processing-instruction-target"
_EOF_IN_PI = "eof-in-processing-instruction"

# Reasons, by kind.
_ERROR_ONLY = (
    "2026 PI rule: '<?' followed by a character that is not an ASCII letter or '_' is "
    "invalid-first-character-of-processing-instruction-target at that character (col 3), and the "
    "temporary buffer (empty) becomes the comment '?' + the bogus comment's text, the same comment as "
    "before; unexpected-question-mark-instead-of-tag-name is no longer produced"
)
_EOF_AFTER = (
    "2026 PI rule: '<?' at EOF is eof-in-processing-instruction at the EOF (col 3) and emits "
    "no token (the old rule made the comment '?')"
)
_EOF_IN_TARGET = (
    "2026 PI rule: '<?' + an ASCII letter starts a processing instruction target; EOF in the "
    "target state is eof-in-processing-instruction at the EOF (col 4) and drops the partial target: "
    "no token (the old rule made a comment)"
)
_PI = (
    "2026 PI rule: '<?' + ASCII letter starts a processing instruction; its target takes ASCII "
    "alphanumerics, '-' and '_' and ends at '>', which (after the after-target state reconsumes it "
    "into the data state) emits the PI with empty data; no error"
)


def _error_only(index: int, text: str, comment: str, *extra: tuple[str, int, int]) -> tuple:
    """An upstream case whose comment stays and whose error changes."""
    return ("test3.test", index), Corrected(text, [["Comment", comment]], [(_INVALID_FIRST, 1, 3), *extra], _ERROR_ONLY)


SUPERSEDED: dict[tuple[str, int], Corrected] = dict(
    [
        # domjs.test: CR / CRLF after "<?" are preprocessed into LF first; LF is
        # not an ASCII letter: the comment "?" + the bogus comment's LF(s).
        (("domjs.test", 0), Corrected("<?\r", [["Comment", "?\n"]], [(_INVALID_FIRST, 1, 3)], _ERROR_ONLY)),
        (("domjs.test", 1), Corrected("<?\r\n", [["Comment", "?\n"]], [(_INVALID_FIRST, 1, 3)], _ERROR_ONLY)),
        (("domjs.test", 2), Corrected("<?\r\n\n", [["Comment", "?\n\n"]], [(_INVALID_FIRST, 1, 3)], _ERROR_ONLY)),
        # test2.test: now real processing instructions.
        (("test2.test", 31), Corrected("<?namespace>", [["ProcessingInstruction", "namespace", ""]], [], _PI)),
        (("test2.test", 32), Corrected("<?foo-->", [["ProcessingInstruction", "foo--", ""]], [], _PI)),
        # test3.test: "<?" followed by each interesting character.
        (("test3.test", 1158), Corrected("<?", [], [(_EOF_IN_PI, 1, 3)], _EOF_AFTER)),
        # The bogus comment state replaces the NUL (its own error at col 3).
        _error_only(1159, "<?\x00", "?\ufffd", ("unexpected-null-character", 1, 3)),
        _error_only(1160, "<?\t", "?\t"),
        _error_only(1161, "<?\n", "?\n"),
        # U+000B: the input stream error at col 3 first, then the PI open
        # state's error on the same character.
        (
            ("test3.test", 1162),
            Corrected(
                "<?\x0b",
                [["Comment", "?\x0b"]],
                [("control-character-in-input-stream", 1, 3), (_INVALID_FIRST, 1, 3)],
                _ERROR_ONLY + "; the input stream error on the same character comes first",
            ),
        ),
        _error_only(1163, "<?\x0c", "?\x0c"),
        _error_only(1164, "<? ", "? "),
        _error_only(1165, "<? \x00", "? \ufffd", ("unexpected-null-character", 1, 4)),
        _error_only(1166, "<?!", "?!"),
        _error_only(1167, '<?"', '?"'),
        _error_only(1168, "<?&", "?&"),
        _error_only(1169, "<?'", "?'"),
        # "-" and digits may continue a target but not begin one.
        _error_only(1170, "<?-", "?-"),
        _error_only(1171, "<?/", "?/"),
        _error_only(1172, "<?0", "?0"),
        _error_only(1173, "<?1", "?1"),
        _error_only(1174, "<?9", "?9"),
        _error_only(1175, "<?<", "?<"),
        _error_only(1176, "<?=", "?="),
        # ">" is "anything else" in the PI open state: the comment "?",
        # then the bogus comment state ends at the reconsumed ">".
        _error_only(1177, "<?>", "?"),
        _error_only(1178, "<??", "??"),
        _error_only(1179, "<?@", "?@"),
        (("test3.test", 1180), Corrected("<?A", [], [(_EOF_IN_PI, 1, 4)], _EOF_IN_TARGET)),
        (("test3.test", 1181), Corrected("<?B", [], [(_EOF_IN_PI, 1, 4)], _EOF_IN_TARGET)),
        (("test3.test", 1182), Corrected("<?Y", [], [(_EOF_IN_PI, 1, 4)], _EOF_IN_TARGET)),
        (("test3.test", 1183), Corrected("<?Z", [], [(_EOF_IN_PI, 1, 4)], _EOF_IN_TARGET)),
        _error_only(1184, "<?`", "?`"),
        (("test3.test", 1185), Corrected("<?a", [], [(_EOF_IN_PI, 1, 4)], _EOF_IN_TARGET)),
        (("test3.test", 1186), Corrected("<?b", [], [(_EOF_IN_PI, 1, 4)], _EOF_IN_TARGET)),
        (("test3.test", 1187), Corrected("<?y", [], [(_EOF_IN_PI, 1, 4)], _EOF_IN_TARGET)),
        (("test3.test", 1188), Corrected("<?z", [], [(_EOF_IN_PI, 1, 4)], _EOF_IN_TARGET)),
        _error_only(1189, "<?{", "?{"),
        # U+100000 (written as a surrogate pair in the JSON; one character, at
        # col 3; not a noncharacter).
        _error_only(1190, "<?\U00100000", "?\U00100000"),
    ]
)
