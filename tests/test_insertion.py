"""The 2026 insertion rules (specparser.treeconstruction.insertion).

* https://html.spec.whatwg.org/#insert-an-element-at-the-adjusted-insertion-location
  step 2 (whatwg/html 8d149325, 57811ef0): an element the DOM would reject
  is not inserted.  Only script can set that up, so the tests call the
  function on trees arranged by hand, as script would leave them.
* https://html.spec.whatwg.org/#adjusted-insertion-location (4c4c8136): the
  root insertion target is null for documents and the fragment node for
  fragments; trees do not change (the WPT suite, document and fragment
  cases, passes through the general path below).
* The hot path (insert_html_element appends to the current node itself)
  gives the trees of the general path.
"""

from __future__ import annotations

import pytest
from compat.tree_suite import load_cases, run_case
from specparser.builders import get_builder
from specparser.constants import HTML_NAMESPACE
from specparser.treeconstruction.core import _SELECT_NAMES, TreeConstructor
from specparser.treeconstruction.insertion import (
    adjusted_insertion_location,
    insert_an_element_at_the_adjusted_insertion_location,
)


def _parser(context=None) -> TreeConstructor:
    return TreeConstructor(get_builder("etree")(namespaceHTMLElements=True, fullTree=True), context=context)


def test_root_insertion_target_is_null_for_documents_and_the_fragment_for_fragments() -> None:
    document = _parser()
    assert document.root_insertion_target is None
    fragment = _parser(("div", HTML_NAMESPACE))
    assert fragment.root_insertion_target is fragment.document is fragment.open[0].node
    place = (fragment.open[0].node, None)
    assert adjusted_insertion_location(fragment, place) == (fragment.root_insertion_target, None)


def test_an_element_that_already_has_a_parent_is_not_inserted() -> None:
    p = _parser()
    builder = p.builder
    a = builder.create_element("a", HTML_NAMESPACE, {})
    b = builder.create_element("b", HTML_NAMESPACE, {})
    builder.append(a, b)
    c = builder.create_element("c", HTML_NAMESPACE, {})
    assert not insert_an_element_at_the_adjusted_insertion_location(p, b, (c, None), created=False)
    assert list(c) == [] and builder.parent_of(b) is a


def test_an_element_is_not_inserted_into_itself() -> None:
    # (Into one of its descendants: not checked, see the module.)
    p = _parser()
    builder = p.builder
    a = builder.create_element("a", HTML_NAMESPACE, {})
    b = builder.create_element("b", HTML_NAMESPACE, {})
    builder.append(a, b)
    assert not insert_an_element_at_the_adjusted_insertion_location(p, a, (a, None), created=False)
    assert list(a) == [b]
    # A detached element without those problems is inserted.
    c = builder.create_element("c", HTML_NAMESPACE, {})
    assert insert_an_element_at_the_adjusted_insertion_location(p, c, (b, None), created=False)
    assert list(b) == [c]


def test_a_document_with_an_element_child_gets_no_second_one() -> None:
    p = _parser()
    html = p.builder.create_element("html", HTML_NAMESPACE, {})
    assert insert_an_element_at_the_adjusted_insertion_location(p, html, (p.document, None))
    second = p.builder.create_element("html", HTML_NAMESPACE, {})
    assert not insert_an_element_at_the_adjusted_insertion_location(p, second, (p.document, None))
    assert list(p.document) == [html]


def _general_insert_html_element(self, tag):
    """insert_html_element without its hot path: create, then "insert an
    element at the adjusted insertion location" (insert_element)."""
    rec = self.insert_element(tag.name, HTML_NAMESPACE, tag.attrs, tag.pos)
    if tag.name in _SELECT_NAMES:
        self.select_element_inserted(rec)
    return rec


@pytest.mark.filterwarnings("ignore::specparser.infoset.DataLossWarning")
@pytest.mark.parametrize("builder", ["etree", "lxml", "dom"])
def test_the_hot_path_gives_the_trees_of_the_general_path(monkeypatch, builder: str) -> None:
    if builder == "lxml":
        pytest.importorskip("lxml")
    cases = load_cases()
    if not cases:
        pytest.skip("WPT tree-construction tests not found (WPT_TREE_CONSTRUCTION)")
    monkeypatch.setattr(TreeConstructor, "insert_html_element", _general_insert_html_element)
    failures = [c.id for c in cases if run_case(c, builder)[0] != c.expected]
    assert failures == []
