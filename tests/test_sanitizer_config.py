"""``specparser.Sanitizer``: canonicalisation, validity (TypeError) and the
modifier methods, with expected values from web-platform-tests'
``sanitizer-api/sanitizer-config.html`` (ported case by case; the
``javascriptURLs`` member there belongs to a later edition of the
standard than the one implemented, WICG ffdd3ae) and the built-in lists
checked against the standard's files."""

from __future__ import annotations

import json

import pytest

from compat.paths import sanitizer_api_dir
from specparser import Sanitizer
from specparser.sanitizer import builtins
from specparser.sanitizer.config import built_in_safe_default_configuration

HTML = "http://www.w3.org/1999/xhtml"
SVG = "http://www.w3.org/2000/svg"
MATHML = "http://www.w3.org/1998/Math/MathML"


@pytest.fixture(scope="module")
def spec_builtins():
    base = sanitizer_api_dir()
    if base is None:
        pytest.skip("../shared/sanitizer-api not found (set SANITIZER_API)")
    return base / "spec" / "builtins"


def test_safe_default_equals_the_standards_file(spec_builtins):
    expected = json.loads((spec_builtins / "safe-default-configuration.json").read_text())
    assert built_in_safe_default_configuration() == expected
    assert len(expected["elements"]) == 121 and len(expected["attributes"]) == 58


def test_baseline_and_event_handlers_equal_the_standards_files(spec_builtins):
    baseline = json.loads((spec_builtins / "safe-baseline-configuration.json").read_text())
    assert [(e["name"], e["namespace"]) for e in baseline["removeElements"]] == list(builtins.SAFE_BASELINE_REMOVE_ELEMENTS)
    assert baseline["removeAttributes"] == []
    lines = (spec_builtins / "event-handler-content-attributes.txt").read_text().split("\n")
    assert [x.strip() for x in lines if x.strip() and not x.startswith("//")] == list(builtins.EVENT_HANDLER_CONTENT_ATTRIBUTES)
    materialized = json.loads((spec_builtins / "safe-baseline-configuration-materialized.json").read_text())
    assert sorted(materialized["removeAttributes"]) == sorted(builtins.EVENT_HANDLER_CONTENT_ATTRIBUTES)


def test_default_get_is_the_builtin_sorted():
    config = Sanitizer().get()
    assert len(config["elements"]) == 121 and len(config["attributes"]) == 58
    assert config["comments"] is False and config["dataAttributes"] is False
    assert config["processingInstructions"] == []
    # get() sorts: null namespace first, then namespace, then name.
    keys = [(e["namespace"], e["name"]) for e in config["elements"]]
    assert keys == sorted(keys)
    assert Sanitizer("default").get() == config == Sanitizer(None).get()


def test_comments_and_data_attributes_fields():
    assert Sanitizer().get()["comments"] is False
    assert Sanitizer({}).get()["comments"] is True
    assert Sanitizer({"comments": True}).get()["comments"] is True
    assert Sanitizer({"comments": False}).get()["comments"] is False
    s = Sanitizer()
    s.set_comments(True)
    assert s.get()["comments"] is True
    s.set_comments(False)
    assert s.get()["comments"] is False
    s.set_comments("abc")  # WebIDL boolean conversion
    assert s.get()["comments"] is True

    assert Sanitizer().get()["dataAttributes"] is False
    assert Sanitizer({"attributes": []}).get()["dataAttributes"] is True
    assert "dataAttributes" not in Sanitizer({}).get()
    assert "dataAttributes" not in Sanitizer({"removeAttributes": []}).get()
    assert Sanitizer({"attributes": [], "dataAttributes": True}).get()["dataAttributes"] is True
    assert Sanitizer({"attributes": [], "dataAttributes": False}).get()["dataAttributes"] is False
    s = Sanitizer()
    s.set_data_attributes(True)
    assert s.get()["dataAttributes"] is True


def test_unknown_members_are_ignored():
    assert isinstance(Sanitizer({"testConfig": [1, 2, 3], "attr": ["test", "i", "am"]}), Sanitizer)


_ELEMENT_NORMALIZATION = [
    ("div", {"name": "div", "namespace": HTML}),
    ({"name": "b"}, {"name": "b", "namespace": HTML}),
    ({"name": "b", "namespace": None}, {"name": "b", "namespace": None}),
    ({"name": "b", "namespace": ""}, {"name": "b", "namespace": None}),
    ({"name": "p", "namespace": HTML}, {"name": "p", "namespace": HTML}),
    ({"name": "bla", "namespace": "http://fantasy.org/namespace"}, {"name": "bla", "namespace": "http://fantasy.org/namespace"}),
]


@pytest.mark.parametrize("key", ["elements", "removeElements", "replaceWithChildrenElements"])
@pytest.mark.parametrize("value, expected", _ELEMENT_NORMALIZATION)
def test_element_normalization(key, value, expected):
    extra = {"removeAttributes": []} if key == "elements" else {}
    got = Sanitizer({key: [value]}).get()[key]
    assert got == [{**expected, **extra}]


@pytest.mark.parametrize("key", ["processingInstructions", "removeProcessingInstructions"])
@pytest.mark.parametrize("value", ["target-1", {"target": "target-1"}])
def test_processing_instruction_normalization(key, value):
    assert Sanitizer({key: [value]}).get()[key] == [{"target": "target-1"}]


@pytest.mark.parametrize("key", ["attributes", "removeAttributes"])
@pytest.mark.parametrize(
    "value, expected",
    [
        ("href", {"name": "href", "namespace": None}),
        ({"name": "href", "namespace": None}, {"name": "href", "namespace": None}),
        ({"name": "href", "namespace": ""}, {"name": "href", "namespace": None}),
        ({"name": "href", "namespace": "https://www.w3.org/1999/xlink"}, {"name": "href", "namespace": "https://www.w3.org/1999/xlink"}),
    ],
)
def test_attribute_normalization(key, value, expected):
    assert Sanitizer({key: [value]}).get()[key] == [expected]


def test_elements_addition():
    s = Sanitizer({"elements": ["div", "p"]})
    s.allow_element("bla")
    assert len(s.get()["elements"]) == 3
    s.remove_element({"name": "div"})
    assert len(s.get()["elements"]) == 2
    s.replace_element_with_children({"name": "p", "namespace": HTML})
    assert s.get()["elements"] == [{"name": "bla", "namespace": HTML, "removeAttributes": []}]


def test_elements_removal():
    s = Sanitizer({"removeElements": ["div", "p"]})
    s.remove_element("bla")
    assert len(s.get()["removeElements"]) == 3
    s.replace_element_with_children({"name": "div"})
    assert len(s.get()["removeElements"]) == 2
    s.allow_element({"name": "p", "namespace": HTML})
    assert s.get()["removeElements"] == [{"name": "bla", "namespace": HTML}]


def test_elements_replace_with_children():
    s = Sanitizer({"replaceWithChildrenElements": ["div", "p"]})
    s.replace_element_with_children("bla")
    assert len(s.get()["replaceWithChildrenElements"]) == 3
    s.allow_element({"name": "div"})
    assert len(s.get()["replaceWithChildrenElements"]) == 2
    s.remove_element({"name": "p", "namespace": HTML})
    assert s.get()["replaceWithChildrenElements"] == [{"name": "bla", "namespace": HTML}]


def test_processing_instructions_addition_and_removal():
    s = Sanitizer({"processingInstructions": ["target-1", "target-2"]})
    assert s.allow_processing_instruction("target-3") is True
    assert s.remove_processing_instruction({"target": "target-4"}) is False
    s.remove_processing_instruction({"target": "target-1"})
    s.remove_processing_instruction({"target": "target-2"})
    assert s.get()["processingInstructions"] == [{"target": "target-3"}]
    s = Sanitizer({"removeProcessingInstructions": ["target-1", "target-2"]})
    s.remove_processing_instruction("target-3")
    assert len(s.get()["removeProcessingInstructions"]) == 3
    s.allow_processing_instruction({"target": "target-1"})
    s.allow_processing_instruction({"target": "target-2"})
    assert s.get()["removeProcessingInstructions"] == [{"target": "target-3"}]


def test_attribute_addition_and_removal():
    s = Sanitizer({"attributes": ["href", "src"]})
    s.allow_attribute("id")
    assert len(s.get()["attributes"]) == 3
    s.remove_attribute({"name": "href", "namespace": "https://www.w3.org/1999/xlink"})
    assert len(s.get()["attributes"]) == 3
    s.remove_attribute({"name": "href"})
    s.remove_attribute({"name": "src", "namespace": None})
    assert s.get()["attributes"] == [{"name": "id", "namespace": None}]
    s = Sanitizer({"removeAttributes": ["href", "src"]})
    s.remove_attribute("id")
    assert len(s.get()["removeAttributes"]) == 3
    s.allow_attribute({"name": "href", "namespace": "https://www.w3.org/1999/xlink"})
    assert len(s.get()["removeAttributes"]) == 3
    s.allow_attribute({"name": "href"})
    s.allow_attribute({"name": "src", "namespace": None})
    assert s.get()["removeAttributes"] == [{"name": "id", "namespace": None}]


def test_per_element_attribute_sets_overwrite():
    s = Sanitizer({"elements": [{"name": "div", "attributes": ["href", "src"]}]})
    element = s.get()["elements"][0]
    assert "removeAttributes" not in element and len(element["attributes"]) == 2
    s.allow_element({"name": "div", "namespace": HTML, "attributes": ["class"]})
    assert s.get()["elements"][0]["attributes"] == [{"name": "class", "namespace": None}]
    s = Sanitizer({"elements": [{"name": "div", "removeAttributes": ["href", "src"]}]})
    s.allow_element({"name": "div", "namespace": HTML, "removeAttributes": ["class"]})
    assert s.get()["elements"][0]["removeAttributes"] == [{"name": "class", "namespace": None}]


_DUPLICATES = [
    ["", ""],
    ["abc", "abc"],
    ["data-xyz", "data-xyz"],
    ["abc", {"name": "abc"}],
    [{"name": "abc", "namespace": "xyz"}, {"name": "abc", "namespace": "xyz"}],
    [{"name": "abc", "namespace": ""}, {"name": "abc", "namespace": None}],
]
_DUPLICATE_ELEMENTS = _DUPLICATES + [["abc", {"name": "abc", "namespace": HTML}], [{"name": "abc"}, {"name": "abc", "namespace": HTML}]]
_DUPLICATE_ATTRIBUTES = _DUPLICATES + [["abc", {"name": "abc", "namespace": None}], [{"name": "abc"}, {"name": "abc", "namespace": None}]]

_INVALID = (
    [{"elements": [], "removeElements": []}, {"attributes": [], "removeAttributes": []},
     {"processingInstructions": [], "removeProcessingInstructions": []}]
    + [{key: names} for key in ("elements", "removeElements", "replaceWithChildrenElements") for names in _DUPLICATE_ELEMENTS]
    + [{key: names} for key in ("attributes", "removeAttributes") for names in _DUPLICATE_ATTRIBUTES]
    + [{key: targets} for key in ("processingInstructions", "removeProcessingInstructions")
       for targets in (["", ""], ["abc", "abc"], ["abc", {"target": "abc"}], [{"target": "abc"}, {"target": "abc"}])]
    + [{"replaceWithChildrenElements": [element]} for element in
       ({"name": "html", "namespace": HTML}, "html", {"name": "svg", "namespace": SVG}, {"name": "math", "namespace": MATHML})]
    + [{key: [a], "replaceWithChildrenElements": [b]} for key in ("elements", "removeElements") for a, b in _DUPLICATE_ELEMENTS]
    + [{"attributes": [], "elements": [{"name": "div", member: names}]}
       for member in ("attributes", "removeAttributes") for names in _DUPLICATE_ATTRIBUTES]
    + [{"attributes": [a], "elements": [{"name": "div", "attributes": [b]}]} for a, b in _DUPLICATE_ATTRIBUTES]
    + [{"attributes": ["class"], "elements": [{"name": "div", "removeAttributes": ["title"]}]},
       {"attributes": [], "dataAttributes": True, "elements": [{"name": "div", "attributes": ["data-foo"]}]},
       {"attributes": [], "dataAttributes": True, "elements": [{"name": "div", "attributes": [{"name": "data-bar", "namespace": None}]}]},
       {"attributes": ["data-bar"], "dataAttributes": True},
       {"attributes": [{"name": "data-foo", "namespace": None}], "dataAttributes": True},
       {"removeAttributes": [], "elements": [{"name": "div", "attributes": [], "removeAttributes": []}]},
       {"removeAttributes": [], "dataAttributes": True},
       {"removeAttributes": [], "dataAttributes": False}]
    + [{"removeAttributes": [], "elements": [{"name": "div", member: names}]}
       for member in ("attributes", "removeAttributes") for names in _DUPLICATE_ATTRIBUTES]
    + [{"removeAttributes": [a], "elements": [{"name": "div", member: [b]}]}
       for member in ("attributes", "removeAttributes") for a, b in _DUPLICATE_ATTRIBUTES]
)  # fmt: skip


@pytest.mark.parametrize("config", _INVALID, ids=range(len(_INVALID)))
def test_invalid_configuration_is_a_type_error(config):
    with pytest.raises(TypeError):
        Sanitizer(config)


def test_template_may_be_replaced_with_children():
    assert isinstance(Sanitizer({"replaceWithChildrenElements": ["template"]}), Sanitizer)
    assert isinstance(Sanitizer({"replaceWithChildrenElements": [{"name": "template", "namespace": HTML}]}), Sanitizer)


def test_remove_unsafe():
    s = Sanitizer({})
    assert s.remove_unsafe() is True
    config = s.get()
    removed = {(e["name"], e["namespace"]) for e in config["removeElements"]}
    assert ("script", HTML) in removed and ("script", SVG) in removed and ("use", SVG) in removed
    assert {"name": "onclick", "namespace": None} in config["removeAttributes"]
    assert s.remove_unsafe() is False  # nothing left to remove
    s = Sanitizer({"elements": ["div", "script"], "attributes": ["onclick", "title"]})
    assert s.remove_unsafe() is True
    config = s.get()
    assert [e["name"] for e in config["elements"]] == ["div"]
    assert config["attributes"] == [{"name": "title", "namespace": None}]


def test_modifier_return_values():
    s = Sanitizer({"elements": ["div"]})
    assert s.allow_element("p") is True
    assert s.allow_element("p") is False
    assert s.remove_element("span") is False
    assert s.remove_element("p") is True
    assert s.replace_element_with_children("html") is False  # non-replaceable
    assert s.set_comments(False) is True and s.set_comments(False) is False  # the constructor allowed comments
    assert Sanitizer({}).set_data_attributes(True) is False  # no attributes list


@pytest.mark.parametrize(
    "bad",
    [42, "strict", ["div"], {"elements": "div"}, {"elements": [None]}, {"elements": [{"namespace": HTML}]},
     {"processingInstructions": [{"name": "x"}]}],
)  # fmt: skip
def test_bad_argument_types_are_type_errors(bad):
    with pytest.raises(TypeError):
        Sanitizer(bad)


def test_equality_and_repr():
    assert Sanitizer() == Sanitizer("default")
    assert Sanitizer({}) != Sanitizer()
    assert repr(Sanitizer({"elements": ["p"]})).startswith("Sanitizer({")


def test_preset_instances_share_nothing_observable():
    # Sanitizer() shares the built-in default until changed (a copy then).
    a, b = Sanitizer(), Sanitizer()
    assert a.allow_element("custom-x") is True
    assert len(a.get()["elements"]) == 122 and len(b.get()["elements"]) == 121
    assert len(Sanitizer().get()["elements"]) == 121
    c = Sanitizer()
    c.set_comments(True)
    assert Sanitizer().get()["comments"] is False
