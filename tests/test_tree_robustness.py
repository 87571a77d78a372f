"""Tree construction never recurses and stays linear on hostile input.

Timings are compared as ratios of the same code at two input sizes (never
as absolute times), with generous slack: a linear algorithm doubles, a
quadratic one quadruples.
"""

from __future__ import annotations

import gc
import time

import pytest

from specparser import html5lib_compat
from specparser.walkers import END, START
from specparser.walkers.etree import walk


def _depth_of_deepest_element(root) -> int:
    depth = deepest = 0
    for event in walk(root):
        if event[0] == START:
            depth += 1
            deepest = max(deepest, depth)
        elif event[0] == END:
            depth -= 1
    return deepest


def test_100000_nested_divs_parse_and_walk_without_recursion() -> None:
    n = 100_000
    root = html5lib_compat.parse("<div>" * n + "x" + "</div>" * n)
    # html > body > div * n
    assert _depth_of_deepest_element(root) == n + 2
    # The etree walker and the fragment path too.
    fragment = html5lib_compat.parseFragment("<span>" * n)
    assert _depth_of_deepest_element(fragment) == n


def test_deep_foreign_content_and_templates_do_not_recurse() -> None:
    n = 20_000
    assert _depth_of_deepest_element(html5lib_compat.parse("<svg>" + "<g>" * n)) == n + 3
    assert _depth_of_deepest_element(html5lib_compat.parse("<template>" * n)) >= n


def test_selectedcontent_clone_of_a_deep_option_does_not_recurse() -> None:
    n = 20_000
    root = html5lib_compat.parse(
        "<select><button><selectedcontent></selectedcontent></button><option>" + "<span>" * n
    )
    # The option's subtree and its clone in selectedcontent.
    assert _depth_of_deepest_element(root) >= n


def _distinct(name: str, n: int) -> str:
    """``n`` start tags ``name`` with distinct attributes."""
    return "".join(f"<{name} id={i}>" for i in range(n))


HOSTILE = {
    "deep nesting": lambda n: "<div>" * n + "x" + "</div>" * n,
    "unclosed formatting elements": lambda n: "<b>" * n + "x",
    "unclosed formatting elements, all different": lambda n: "".join(f"<b id={i}>" for i in range(n)) + "x",
    "misnested a": lambda n: "<a>x<p>y" * n,
    "misnested a around blocks": lambda n: "<a><div>x" * n,
    "foster-parented text and elements": lambda n: "<table>" + "x<b>y</b>" * n,
    "foster-parented text in rows": lambda n: "<table><tr>" + "<td>a</td>x" * n,
    "p under a scope boundary": lambda n: "<p><button>" + "<div>" * n,
    "nested tables": lambda n: "<table><tr><td>" * n,
    "formatting reconstructed into blocks": lambda n: "<b><i><u><s>" + "<p>x" * n,
    # "Reset the insertion mode appropriately" after every </table> and
    # </template>: it walked down the whole stack of divs each time.
    "tables closed under deep nesting": lambda n: "<div>" * n + "<table></table>" * n,
    "templates closed under deep nesting": lambda n: "<div>" * n + "<template></template>" * n,
    # "Any other end tag" walked down to the first special element at every
    # end tag that matches nothing (</a> with no a open comes to it too).
    "unmatched end tags under deep inline nesting": lambda n: "<span>" * n + "</x>" * n,
    "unmatched </a> under deep inline nesting": lambda n: "<span>" * n + "</a>" * n,
    # Foreign content's "any other end tag" walked down the SVG elements.
    "unmatched end tags under deep SVG nesting": lambda n: "<svg>" + "<g>" * n + "</x>" * n,
    "unmatched end tags under deep MathML and HTML nesting": lambda n: "<math>" + "<mi>" * n + "</math>" * n,
    # The nearest ancestor select of each option: a walk down the stack.
    "options under deep nesting in a select": lambda n: "<select>" + "<span>" * n + "<option>" * n,
    "tables closed in a cell under deep nesting": lambda n: "<table><tr><td>" + "<div>" * n + "<table></table>" * n,
    # The list of active formatting elements with many distinct entries:
    # its steps walked it at every token (see test_scaling).
    "a after many distinct formatting elements": lambda n: _distinct("b", n) + "<a>x</a>" * n,
    "</a> out of scope after many distinct formatting elements": (
        lambda n: "<a>" + _distinct("b", n) + "<svg><foreignObject>" + "</a>" * n
    ),
    "Noah's Ark removing far entries": (
        lambda n: "".join(f"<b id={i}>" * 3 for i in range(n)) + _distinct("i", n) + _distinct("b", n)
    ),
    "Noah's Ark removing far entries after a marker": (
        lambda n: _distinct("b", n) + "<object>" + "".join(f"<b id={i}>" * 3 for i in range(n))
        + _distinct("i", n) + _distinct("b", n)
    ),
    "formatting end tags in a caption after many distinct ones": (
        lambda n: _distinct("b", n) + "<table><caption>" + "<i>x</i>" * n
    ),
    "nobr after many distinct formatting elements": lambda n: _distinct("b", n) + "<nobr>x" * n,
    "adoption agency bookmark after many distinct formatting elements": (
        lambda n: _distinct("b", n) + "<a><b><div>x</a>" * n
    ),
    # <template for> with deep markers: lookups from a new scope each time,
    # markers fostered before a table placed against a deep one (each
    # climbed the depth).
    "<template for>: deep markers, a new scope per lookup": (
        lambda n: "<body>" + "<div>" * n + '<?marker name="x">' * 4 + "</div>" * n
        + '<span><template for="x">A</template></span>' * n
    ),
    "<template for>: deep markers, a new enclosing scope per lookup": (
        lambda n: "<body>" + "<span>" * n + "<div>" * n + '<?marker name="x">' * n + "</div>" * n
        + '<template for="x">A</template></span>' * n
    ),
    "<template for>: fostered markers placed against a deep one": (
        lambda n: "<body><table><tr><td>" + "<div>" * n + '<?marker name="x">' + "</div>" * n + "</td></tr>"
        + '<b><?marker name="x"><template for="x">y</template></b>' * n
    ),
    "<template for>: the adoption agency nesting markers deeper per lookup": (
        lambda n: "<body>" + "".join(f"<b id={i}>" for i in range(n)) + "<div>" + '<?marker name="x">' * n
        + '</b></b><template for="x">A</template>' * n
    ),
}


def _best_times(small_text: str, large_text: str, rounds: int = 5) -> tuple[float, float]:
    """Best-of CPU times of parsing the two inputs, measured in alternation
    so that a change of load on the shared machine hits both alike."""
    small = large = float("inf")
    gc.collect()
    gc.disable()
    try:
        for _ in range(rounds):
            for text, which in ((small_text, 0), (large_text, 1)):
                start = time.process_time()
                html5lib_compat.parse(text)
                elapsed = time.process_time() - start
                if which == 0:
                    small = min(small, elapsed)
                else:
                    large = min(large, elapsed)
    finally:
        gc.enable()
    return small, large


@pytest.mark.parametrize("name", list(HOSTILE))
def test_doubling_hostile_input_about_doubles_the_time(name: str) -> None:
    make = HOSTILE[name]
    n = 2500
    # Linear: ~2.  Quadratic: ~4.  Slack for a noisy shared machine; a
    # quadratic shape fails every attempt, noise rarely fails three.
    for _attempt in range(3):
        small, large = _best_times(make(n), make(2 * n))
        if large / small < 3.2:
            return
    raise AssertionError(f"{name}: {small:.3f}s -> {large:.3f}s")
