"""``specparser --sanitize [--sanitizer-config FILE]``."""

from __future__ import annotations

import json

from test_cli import run

MARKUP = b'<p onclick="x">Hi<script>y</script><a href="javascript:z">a</a><img src=x onerror=w>'


def test_sanitize_a_fragment_is_the_string_api():
    import specparser

    result = run("--sanitize", "--fragment", "div", "-", input=MARKUP)
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode() == specparser.sanitize(MARKUP.decode()) + "\n" == "<p>Hi<a>a</a></p>\n"


def test_sanitize_a_document():
    result = run("--sanitize", "-", input=b"<!DOCTYPE html><title>t</title>" + MARKUP)
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode() == "<!DOCTYPE html><html><head><title>t</title></head><body><p>Hi<a>a</a></p></body></html>\n"


def test_sanitizer_config_file(tmp_path):
    config = tmp_path / "config.json"
    # The safe baseline applies whatever the file allows.
    config.write_text(json.dumps({"elements": ["p", "img", "script"], "attributes": ["onclick", "src", "onerror"]}))
    result = run("--sanitizer-config", str(config), "--fragment", "div", "--format", "tree", "-", input=MARKUP)
    assert result.returncode == 0, result.stderr
    # <a> is not allowed: removed with its text.
    assert result.stdout.decode() == '| <p>\n|   "Hi"\n|   <img>\n|     src="x"\n'


def test_bad_sanitizer_config_is_a_usage_error(tmp_path):
    config = tmp_path / "config.json"
    config.write_text('{"elements": [], "removeElements": []}')
    result = run("--sanitizer-config", str(config), "-", input=b"x")
    assert result.returncode == 2 and b"invalid sanitizer configuration" in result.stderr
    config.write_text("{")
    result = run("--sanitizer-config", str(config), "-", input=b"x")
    assert result.returncode == 2 and b"not JSON" in result.stderr
    result = run("--sanitizer-config", str(tmp_path / "missing.json"), "-", input=b"x")
    assert result.returncode == 2
