"""The sanitizer's security properties (``tests/fuzz/sanitizer_properties.py``):
a short hypothesis run over generated tag soup and known mXSS shapes, and
the known shapes one by one, under every configuration and context there.
The long run is ``tests/fuzz/fuzz_sanitizer.py`` (figures in
docs/guides/sanitizing.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import specparser

sys.path.insert(0, str(Path(__file__).resolve().parent / "fuzz"))

import sanitizer_properties as properties  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::specparser.infoset.DataLossWarning")



@pytest.mark.parametrize("shape", properties.MXSS_SHAPES)
def test_known_mxss_shapes(shape):
    for config in properties.CONFIGS:
        for context in properties.CONTEXTS:
            properties.check(shape, config, context)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(properties.markup(), st.sampled_from(properties.CONFIGS), st.sampled_from(properties.CONTEXTS))
def test_generated_tag_soup(text, config, context):
    properties.check(text, config, context)


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=60), st.sampled_from(properties.CONFIGS))
def test_any_text(text, config):
    properties.check(text, config, "div")


def test_string_api_rewrites_what_does_not_survive():
    # A plaintext would swallow what follows it: its text stays.
    assert specparser.sanitize("<plaintext><b>x</b>", {}) == "&lt;b&gt;x&lt;/b&gt;"
    # A noscript parses differently with scripting on: it goes.
    assert specparser.sanitize("<p>a<noscript><b>x</b></noscript>b", {}) == "<p>ab</p>"
    # on* attributes beyond the standard's list, javascript: in any URL attribute.
    assert specparser.sanitize('<p onfuture="x">a</p><img src="javascript:x">', {}) == "<p>a</p><img>"
    # A carriage return from a character reference comes back as a newline.
    assert specparser.sanitize("a&#13;b") == "a\nb"


def test_string_api_keeps_what_the_tree_api_keeps():
    markup = '<p>Hello <b title="t">world</b><a href="/x" onclick="y">x</a><img src="/x.png"></p><script>y</script>'
    tree = specparser.serialize(specparser.parse_fragment(markup, sanitizer="default"))
    # The built-in default has no img (the standard's list, as Chromium's).
    assert specparser.sanitize(markup) == tree == '<p>Hello <b title="t">world</b><a href="/x">x</a></p>'


def test_raw_text_contexts():
    assert specparser.sanitize("a</style><img src=x onerror=alert(1)>", context="style") == "a</style><img src=x onerror=alert(1)>"
    assert specparser.sanitize("<b>x</b>", context="textarea") == "&lt;b&gt;x&lt;/b&gt;"
    assert specparser.sanitize("<b>x</b>", context="script") == ""


def test_sanitize_argument_errors():
    with pytest.raises(TypeError, match="sanitize"):
        specparser.sanitize(b"<p>")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="sanitize"):
        specparser.sanitize("<p>", {"elements": [], "removeElements": []})
    with pytest.raises(ValueError):
        specparser.sanitize("<p>", context="")
