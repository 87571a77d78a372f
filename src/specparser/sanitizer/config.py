"""The ``Sanitizer`` configuration object
(https://wicg.github.io/sanitizer-api/#sanitizer-api, WICG sanitizer-api
ffdd3ae, 2026-04-29): construction, ``get()``, the modifier methods, and the
algorithms behind them (set, canonicalize and validate a configuration,
remove an element / an attribute, remove unsafe).

The configuration is kept as the standard keeps it, a canonical
``SanitizerConfig`` dict; :meth:`Sanitizer.compiled` derives the sets the
sanitize walk looks names up in (rebuilt after a modification).
"""

from __future__ import annotations

import copy
from typing import Any, Union

from . import builtins
from .names import (
    add,
    canonicalize_a_sanitizer_attribute,
    canonicalize_a_sanitizer_element,
    canonicalize_a_sanitizer_element_with_attributes,
    canonicalize_a_sanitizer_processing_instruction,
    code_units,
    contains,
    contains_a_target,
    has_duplicate_targets,
    has_duplicates,
    intersection,
    is_custom_data_attribute,
    key,
    less_than_item_key,
    remove,
    remove_duplicates,
)

__all__ = [
    "Compiled",
    "Sanitizer",
    "SanitizerLike",
    "built_in_safe_default_configuration",
    "canonicalize_the_configuration",
    "get_a_sanitizer_instance_from_options",
    "is_valid",
    "remove_an_attribute",
    "remove_an_element",
    "remove_unsafe",
]

#: What the ``sanitizer`` arguments accept: a :class:`Sanitizer`, a config
#: dict in the API's JSON shape, or a preset name (``"default"``).
SanitizerLike = Union["Sanitizer", dict[str, Any], str]

_PRESETS = ("default",)
_CONFIG_LISTS = (
    "elements",
    "removeElements",
    "replaceWithChildrenElements",
    "processingInstructions",
    "removeProcessingInstructions",
    "attributes",
    "removeAttributes",
)


def built_in_safe_default_configuration() -> dict[str, Any]:
    """https://wicg.github.io/sanitizer-api/#built-in-safe-default-configuration,
    as a new dict in the JSON shape."""
    return {
        "elements": [
            {"name": name, "namespace": namespace, "attributes": [{"name": a, "namespace": None} for a in attributes]}
            for name, namespace, attributes in builtins.SAFE_DEFAULT_ELEMENTS
        ],
        "processingInstructions": [],
        "attributes": [{"name": a, "namespace": None} for a in builtins.SAFE_DEFAULT_ATTRIBUTES],
        "comments": False,
        "dataAttributes": False,
    }


# -- canonicalize and validate ------------------------------------------------


def canonicalize_the_configuration(configuration: Any, allow_comments_pis_and_data_attributes: bool, where: str) -> dict[str, Any]:
    """https://wicg.github.io/sanitizer-api/#sanitizer-canonicalize-the-configuration,
    on a copy: returns the canonical dict.  Members the dictionary does not
    define are ignored, as WebIDL does; a list member given as ``None`` is
    absent (WebIDL's ``undefined``)."""
    if not isinstance(configuration, dict):
        raise TypeError(f"{where}: a sanitizer configuration must be a dict, not {type(configuration).__name__}")
    config: dict[str, Any] = {}
    for member in _CONFIG_LISTS:
        value = configuration.get(member)
        if value is not None:
            if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
                raise TypeError(f"{where}: {member!r} must be a list, not {type(value).__name__}")
            config[member] = list(value)
    for member in ("comments", "dataAttributes"):
        if configuration.get(member) is not None:
            config[member] = bool(configuration[member])  # WebIDL boolean: truthiness
    allow = allow_comments_pis_and_data_attributes
    # Steps 1-3: a missing allow- and remove-list is an empty remove-list
    # (processing instructions: an empty allow-list for the safe calls).
    if "elements" not in config and "removeElements" not in config:
        config["removeElements"] = []
    if "processingInstructions" not in config and "removeProcessingInstructions" not in config:
        config["removeProcessingInstructions" if allow else "processingInstructions"] = []
    if "attributes" not in config and "removeAttributes" not in config:
        config["removeAttributes"] = []
    # Steps 4-10: canonical names.
    if "elements" in config:
        config["elements"] = [canonicalize_a_sanitizer_element_with_attributes(e, where) for e in config["elements"]]
    for member in ("removeElements", "replaceWithChildrenElements"):
        if member in config:
            config[member] = [canonicalize_a_sanitizer_element(e, where) for e in config[member]]
    for member in ("processingInstructions", "removeProcessingInstructions"):
        if member in config:
            config[member] = [canonicalize_a_sanitizer_processing_instruction(p, where) for p in config[member]]
    for member in ("attributes", "removeAttributes"):
        if member in config:
            config[member] = [canonicalize_a_sanitizer_attribute(a, where) for a in config[member]]
    # Steps 11-12.
    if "comments" not in config:
        config["comments"] = allow
    if "attributes" in config and "dataAttributes" not in config:
        config["dataAttributes"] = allow
    return config


def is_valid(config: dict[str, Any]) -> bool:
    """https://wicg.github.io/sanitizer-api/#sanitizerconfig-valid for a
    canonical configuration."""
    if ("elements" in config) == ("removeElements" in config):
        return False
    if ("processingInstructions" in config) == ("removeProcessingInstructions" in config):
        return False
    if ("attributes" in config) == ("removeAttributes" in config):
        return False
    if has_duplicates(config["elements"] if "elements" in config else config["removeElements"]):
        return False
    if "replaceWithChildrenElements" in config and has_duplicates(config["replaceWithChildrenElements"]):
        return False
    pis = config["processingInstructions"] if "processingInstructions" in config else config["removeProcessingInstructions"]
    if has_duplicate_targets(pis):
        return False
    if has_duplicates(config["attributes"] if "attributes" in config else config["removeAttributes"]):
        return False
    if "replaceWithChildrenElements" in config:
        replace = config["replaceWithChildrenElements"]
        if any(key(element) in builtins.NON_REPLACEABLE_ELEMENTS for element in replace):
            return False
        if intersection(config["elements"] if "elements" in config else config["removeElements"], replace):
            return False
    if "attributes" in config:
        return _valid_with_global_allow_list(config)
    return _valid_with_global_remove_list(config)


def _valid_with_global_allow_list(config: dict[str, Any]) -> bool:
    # The valid algorithm's step "If config["attributes"] exists".
    attributes = {key(a) for a in config["attributes"]}
    data = config.get("dataAttributes") is True
    for element in config.get("elements", ()):
        local = element.get("attributes")
        local_remove = element.get("removeAttributes")
        if local is not None and has_duplicates(local):
            return False
        if local_remove is not None and has_duplicates(local_remove):
            return False
        if any(key(a) in attributes for a in local or ()):
            return False
        if any(key(a) not in attributes for a in local_remove or ()):
            return False
        if data and any(is_custom_data_attribute(a) for a in local or ()):
            return False
    return not (data and any(is_custom_data_attribute(a) for a in config["attributes"]))


def _valid_with_global_remove_list(config: dict[str, Any]) -> bool:
    # The valid algorithm's step "Otherwise" (a global removeAttributes).
    removed = {key(a) for a in config["removeAttributes"]}
    for element in config.get("elements", ()):
        local = element.get("attributes")
        local_remove = element.get("removeAttributes")
        if local is not None and local_remove is not None:
            return False
        if local is not None and has_duplicates(local):
            return False
        if local_remove is not None and has_duplicates(local_remove):
            return False
        if any(key(a) in removed for a in local or ()):
            return False
        if any(key(a) in removed for a in local_remove or ()):
            return False
    return "dataAttributes" not in config


# -- modify ------------------------------------------------------------------


def remove_an_element(element: Any, configuration: dict[str, Any], where: str = "Sanitizer.remove_element()") -> bool:
    """https://wicg.github.io/sanitizer-api/#sanitizer-remove-an-element"""
    element = canonicalize_a_sanitizer_element(element, where)
    modified = remove(configuration.get("replaceWithChildrenElements", []), element)
    if "elements" in configuration:
        if contains(configuration["elements"], element):
            remove(configuration["elements"], element)
            return True
        return modified
    if contains(configuration["removeElements"], element):
        return modified
    add(configuration["removeElements"], element)
    return True


def remove_an_attribute(attribute: Any, configuration: dict[str, Any], where: str = "Sanitizer.remove_attribute()") -> bool:
    """https://wicg.github.io/sanitizer-api/#sanitizer-remove-an-attribute"""
    attribute = canonicalize_a_sanitizer_attribute(attribute, where)
    if "attributes" in configuration:
        modified = remove(configuration["attributes"], attribute)
        for element in configuration.get("elements", ()):
            if contains(element.get("attributes", ()), attribute):
                modified = True
                remove(element["attributes"], attribute)
            if contains(element.get("removeAttributes", ()), attribute):
                remove(element["removeAttributes"], attribute)
        return modified
    if contains(configuration["removeAttributes"], attribute):
        return False
    for element in configuration.get("elements", ()):
        for member in ("attributes", "removeAttributes"):
            if contains(element.get(member, ()), attribute):
                remove(element[member], attribute)
    configuration["removeAttributes"].append(attribute)
    return True


def remove_unsafe(configuration: dict[str, Any]) -> bool:
    """https://wicg.github.io/sanitizer-api/#sanitizerconfig-remove-unsafe:
    remove the safe baseline's elements and attributes and every event
    handler content attribute (HTML's list and the browsers' others, see
    :data:`builtins.BROWSER_EVENT_HANDLER_ATTRIBUTES`) from
    ``configuration`` (in place); whether anything changed."""
    result = False
    for name, namespace in builtins.SAFE_BASELINE_REMOVE_ELEMENTS:
        if remove_an_element({"name": name, "namespace": namespace}, configuration, "remove unsafe"):
            result = True
    for attribute, attribute_namespace in builtins.SAFE_BASELINE_REMOVE_ATTRIBUTES:
        if remove_an_attribute({"name": attribute, "namespace": attribute_namespace}, configuration, "remove unsafe"):
            result = True
    for name in builtins.EVENT_HANDLER_CONTENT_ATTRIBUTES:
        if remove_an_attribute(name, configuration, "remove unsafe"):
            result = True
    # The standard's warning: event handlers defined outside HTML's index
    # are the user agent's to remove (builtins.BROWSER_EVENT_HANDLER_ATTRIBUTES).
    for name in builtins.BROWSER_EVENT_HANDLER_ATTRIBUTES:
        if remove_an_attribute(name, configuration, "remove unsafe"):
            result = True
    return result


# -- the compiled form -------------------------------------------------------


class Compiled:
    """A valid configuration as the sets the sanitize walk looks names up
    in: element and attribute names as ``(local name, namespace)`` pairs.
    ``elements`` maps each allowed element to its per-element
    ``(attributes, removeAttributes)`` sets (``None`` when absent); it is
    ``None`` when the configuration has a ``removeElements`` list."""

    __slots__ = (
        "elements",
        "remove_elements",
        "replace_with_children",
        "processing_instructions",
        "remove_processing_instructions",
        "attributes",
        "remove_attributes",
        "comments",
        "data_attributes",
    )

    def __init__(self, config: dict[str, Any]) -> None:
        def names(items: Any) -> frozenset[Any]:
            return frozenset(key(item) for item in items)

        self.elements: dict[tuple[str, str | None], tuple[frozenset[Any] | None, frozenset[Any] | None]] | None = None
        if "elements" in config:
            self.elements = {
                key(e): (
                    names(e["attributes"]) if "attributes" in e else None,
                    names(e["removeAttributes"]) if "removeAttributes" in e else None,
                )
                for e in config["elements"]
            }
        self.remove_elements = names(config.get("removeElements", ()))
        self.replace_with_children = names(config.get("replaceWithChildrenElements", ()))
        self.processing_instructions: frozenset[Any] | None = None
        if "processingInstructions" in config:
            self.processing_instructions = frozenset(p["target"] for p in config["processingInstructions"])
        self.remove_processing_instructions = frozenset(
            p["target"] for p in config.get("removeProcessingInstructions", ())
        )
        self.attributes: frozenset[Any] | None = names(config["attributes"]) if "attributes" in config else None
        self.remove_attributes = names(config.get("removeAttributes", ()))
        self.comments: bool = config["comments"] is True
        self.data_attributes: bool = config.get("dataAttributes") is True


# -- the Sanitizer -----------------------------------------------------------


class Sanitizer:
    """A sanitizer configuration (https://wicg.github.io/sanitizer-api/#sanitizer).

    ``Sanitizer()`` (or ``Sanitizer("default")``) is the built-in safe
    default configuration: 121 elements, 58 attributes, no comments, no
    data attributes, as Chromium's ``new Sanitizer().get()``.
    ``Sanitizer(config)`` takes a dict in the API's JSON shape
    (``elements``, ``removeElements``, ``replaceWithChildrenElements``,
    ``processingInstructions``, ``removeProcessingInstructions``,
    ``attributes``, ``removeAttributes``, ``comments``, ``dataAttributes``;
    names as strings or ``{"name": ..., "namespace": ...}`` dicts); as in
    the standard, a config given to the constructor allows comments,
    processing instructions and data attributes unless it says otherwise.
    An invalid configuration is a ``TypeError``.

    The modifier methods return whether the configuration changed, as the
    standard's do.  A configuration allows everything it does not remove:
    the *safe* calls (``safe=True``, the default of every entry point)
    additionally apply "remove unsafe" whatever the configuration says.
    """

    __slots__ = ("_config", "_shared", "_compiled")

    def __init__(self, configuration: dict[str, Any] | str | None = "default") -> None:
        # https://wicg.github.io/sanitizer-api/#dom-sanitizer-sanitizer
        if configuration is None:
            configuration = "default"
        self._config: dict[str, Any] = {}
        # True while _config is the preset's, shared with other instances:
        # copied before the first change (building and compiling the
        # built-in default takes milliseconds; a preset costs nothing).
        self._shared = False
        self._compiled: dict[bool, Compiled] = {}
        if isinstance(configuration, str):
            if configuration not in _PRESETS:
                raise TypeError(f"Sanitizer(): unknown preset {configuration!r} (known: {', '.join(_PRESETS)})")
            preset = _preset(configuration)
            self._config, self._shared = preset._config, True
            self._compiled = {safe: preset.compiled(safe) for safe in (False, True)}
            return
        if not self.set_a_configuration(configuration, True, "Sanitizer()"):
            raise TypeError(f"Sanitizer(): invalid configuration {configuration!r}")

    @property
    def _configuration(self) -> dict[str, Any]:
        # The configuration, to be changed: a shared preset is copied first.
        if self._shared:
            self._config = copy.deepcopy(self._config)
            self._shared = False
        return self._config

    def set_a_configuration(self, configuration: Any, allow_comments_pis_and_data_attributes: bool, where: str) -> bool:
        """https://wicg.github.io/sanitizer-api/#sanitizer-set-a-configuration"""
        config = canonicalize_the_configuration(configuration, allow_comments_pis_and_data_attributes, where)
        if not is_valid(config):
            return False
        self._config, self._shared = config, False
        self._compiled.clear()
        return True

    def __repr__(self) -> str:
        return f"Sanitizer({self.get()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sanitizer) and self.get() == other.get()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def compiled(self, safe: bool) -> Compiled:
        """The configuration's lookup sets; for ``safe``, those of the
        configuration after "remove unsafe" (the
        https://wicg.github.io/sanitizer-api/#sanitize algorithm's step 3,
        on a copy: the Sanitizer itself is not changed)."""
        found = self._compiled.get(safe)
        if found is None:
            config = self._config
            if safe:
                config = copy.deepcopy(config)
                remove_unsafe(config)
            found = self._compiled[safe] = Compiled(config)
        return found

    def _changed(self, modified: bool) -> bool:
        if modified:
            self._compiled.clear()
        return modified

    # -- query -----------------------------------------------------------

    def get(self) -> dict[str, Any]:
        """https://wicg.github.io/sanitizer-api/#dom-sanitizer-get: a copy
        of the configuration, its lists sorted."""
        config = copy.deepcopy(self._config)
        if "elements" in config:
            for element in config["elements"]:
                for member in ("attributes", "removeAttributes"):
                    if member in element:
                        element[member].sort(key=less_than_item_key)
            config["elements"].sort(key=less_than_item_key)
        else:
            config["removeElements"].sort(key=less_than_item_key)
        if "replaceWithChildrenElements" in config:
            config["replaceWithChildrenElements"].sort(key=less_than_item_key)
        pis = "processingInstructions" if "processingInstructions" in config else "removeProcessingInstructions"
        config[pis].sort(key=lambda pi: code_units(pi["target"]))
        attributes = "attributes" if "attributes" in config else "removeAttributes"
        config[attributes].sort(key=less_than_item_key)
        return config

    # -- modify ----------------------------------------------------------

    def allow_element(self, element: str | dict[str, Any]) -> bool:
        """https://wicg.github.io/sanitizer-api/#dom-sanitizer-allowelement"""
        return self._changed(_allow_element(self._configuration, element))

    def remove_element(self, element: str | dict[str, Any]) -> bool:
        """https://wicg.github.io/sanitizer-api/#dom-sanitizer-removeelement"""
        return self._changed(remove_an_element(element, self._configuration))

    def replace_element_with_children(self, element: str | dict[str, Any]) -> bool:
        """https://wicg.github.io/sanitizer-api/#dom-sanitizer-replaceelementwithchildren"""
        configuration = self._configuration
        element = canonicalize_a_sanitizer_element(element, "Sanitizer.replace_element_with_children()")
        if key(element) in builtins.NON_REPLACEABLE_ELEMENTS:
            return False
        if contains(configuration.get("replaceWithChildrenElements", ()), element):
            return False
        remove(configuration.get("removeElements", []), element)
        remove(configuration.get("elements", []), element)
        add(configuration.setdefault("replaceWithChildrenElements", []), element)
        return self._changed(True)

    def allow_processing_instruction(self, pi: str | dict[str, Any]) -> bool:
        """https://wicg.github.io/sanitizer-api/#dom-sanitizer-allowprocessinginstruction"""
        configuration = self._configuration
        pi = canonicalize_a_sanitizer_processing_instruction(pi, "Sanitizer.allow_processing_instruction()")
        if "processingInstructions" in configuration:
            if contains_a_target(configuration["processingInstructions"], pi["target"]):
                return False
            configuration["processingInstructions"].append(pi)
            return self._changed(True)
        removed = configuration["removeProcessingInstructions"]
        if contains_a_target(removed, pi["target"]):
            removed[:] = [entry for entry in removed if entry["target"] != pi["target"]]
            return self._changed(True)
        return False

    def remove_processing_instruction(self, pi: str | dict[str, Any]) -> bool:
        """https://wicg.github.io/sanitizer-api/#dom-sanitizer-removeprocessinginstruction"""
        configuration = self._configuration
        pi = canonicalize_a_sanitizer_processing_instruction(pi, "Sanitizer.remove_processing_instruction()")
        if "processingInstructions" in configuration:
            allowed = configuration["processingInstructions"]
            if contains_a_target(allowed, pi["target"]):
                allowed[:] = [entry for entry in allowed if entry["target"] != pi["target"]]
                return self._changed(True)
            return False
        if contains_a_target(configuration["removeProcessingInstructions"], pi["target"]):
            return False
        configuration["removeProcessingInstructions"].append(pi)
        return self._changed(True)

    def allow_attribute(self, attribute: str | dict[str, Any]) -> bool:
        """https://wicg.github.io/sanitizer-api/#dom-sanitizer-allowattribute"""
        configuration = self._configuration
        attribute = canonicalize_a_sanitizer_attribute(attribute, "Sanitizer.allow_attribute()")
        if "attributes" in configuration:
            if configuration.get("dataAttributes") is True and is_custom_data_attribute(attribute):
                return False
            if contains(configuration["attributes"], attribute):
                return False
            for element in configuration.get("elements", ()):
                if contains(element.get("attributes", ()), attribute):
                    remove(element["attributes"], attribute)
            configuration["attributes"].append(attribute)
            return self._changed(True)
        return self._changed(remove(configuration["removeAttributes"], attribute))

    def remove_attribute(self, attribute: str | dict[str, Any]) -> bool:
        """https://wicg.github.io/sanitizer-api/#dom-sanitizer-removeattribute"""
        return self._changed(remove_an_attribute(attribute, self._configuration))

    def set_comments(self, allow: bool) -> bool:
        """https://wicg.github.io/sanitizer-api/#dom-sanitizer-setcomments"""
        allow = bool(allow)
        if self._configuration.get("comments") is allow:
            return False
        self._configuration["comments"] = allow
        return self._changed(True)

    def set_data_attributes(self, allow: bool) -> bool:
        """https://wicg.github.io/sanitizer-api/#dom-sanitizer-setdataattributes"""
        configuration = self._configuration
        allow = bool(allow)
        if "attributes" not in configuration:
            return False
        if configuration.get("dataAttributes") is allow:
            return False
        if allow:
            configuration["attributes"] = [a for a in configuration["attributes"] if not is_custom_data_attribute(a)]
            for element in configuration.get("elements", ()):
                if "attributes" in element:
                    element["attributes"] = [a for a in element["attributes"] if not is_custom_data_attribute(a)]
        configuration["dataAttributes"] = allow
        return self._changed(True)

    def remove_unsafe(self) -> bool:
        """https://wicg.github.io/sanitizer-api/#dom-sanitizer-removeunsafe"""
        return self._changed(remove_unsafe(self._configuration))


def _allow_element(configuration: dict[str, Any], element: Any) -> bool:
    """https://wicg.github.io/sanitizer-api/#dom-sanitizer-allowelement's
    steps after the assertion."""
    element = canonicalize_a_sanitizer_element_with_attributes(element, "Sanitizer.allow_element()")
    if "elements" not in configuration:
        if "attributes" in element or element.get("removeAttributes"):
            return False
        modified = remove(configuration.get("replaceWithChildrenElements", []), element)
        if not contains(configuration["removeElements"], element):
            return modified
        remove(configuration["removeElements"], element)
        return True
    modified = remove(configuration.get("replaceWithChildrenElements", []), element)
    if "attributes" in configuration:
        if "attributes" in element:
            local = remove_duplicates(element["attributes"])
            global_ = {key(a) for a in configuration["attributes"]}
            local = [a for a in local if key(a) not in global_]
            if configuration.get("dataAttributes") is True:
                local = [a for a in local if not is_custom_data_attribute(a)]
            element["attributes"] = local
        if "removeAttributes" in element:
            global_ = {key(a) for a in configuration["attributes"]}
            element["removeAttributes"] = [a for a in remove_duplicates(element["removeAttributes"]) if key(a) in global_]
    else:
        removed_globally = {key(a) for a in configuration["removeAttributes"]}
        if "attributes" in element:
            local_remove = {key(a) for a in element.get("removeAttributes", ())}
            local = [a for a in remove_duplicates(element["attributes"]) if key(a) not in local_remove]
            element.pop("removeAttributes", None)
            element["attributes"] = [a for a in local if key(a) not in removed_globally]
        if "removeAttributes" in element:
            element["removeAttributes"] = [
                a for a in remove_duplicates(element["removeAttributes"]) if key(a) not in removed_globally
            ]
    elements = configuration["elements"]
    if not contains(elements, element):
        elements.append(element)
        return True
    current = next(item for item in elements if key(item) == key(element))
    if _map_equals(element, current):
        return modified
    remove(elements, element)
    elements.append(element)
    return True


def _map_equals(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """https://wicg.github.io/sanitizer-api/#map-equal for element entries:
    the same members, lists equal as sets of names."""
    if a.keys() != b.keys():
        return False
    for member, value in a.items():
        if isinstance(value, list):
            if {key(x) for x in value} != {key(x) for x in b[member]} or len(value) != len(b[member]):
                return False
        elif value != b[member]:
            return False
    return True


_PRESET_INSTANCES: dict[str, Sanitizer] = {}


def _preset(name: str) -> Sanitizer:
    """The preset's configuration, built and compiled once (never handed
    out: Sanitizer(name) shares its configuration until changed)."""
    found = _PRESET_INSTANCES.get(name)
    if found is None:
        found = Sanitizer(built_in_safe_default_configuration())
        _PRESET_INSTANCES[name] = found
    return found


def get_a_sanitizer_instance_from_options(sanitizer: Any, safe: bool, where: str) -> Sanitizer:
    """https://wicg.github.io/sanitizer-api/#sanitizerconfig-get-a-sanitizer-instance-from-options,
    with ``sanitizer`` the options' ``sanitizer`` member: a Sanitizer is
    used as it is, ``"default"`` is the built-in safe default, and a dict
    is set with comments, processing instructions and data attributes
    allowed only for the unsafe calls (``not safe``)."""
    if isinstance(sanitizer, Sanitizer):
        return sanitizer
    if isinstance(sanitizer, str):
        if sanitizer not in _PRESETS:
            raise TypeError(f"{where}: unknown sanitizer preset {sanitizer!r} (known: {', '.join(_PRESETS)})")
        return Sanitizer(sanitizer)
    if isinstance(sanitizer, dict):
        instance = Sanitizer.__new__(Sanitizer)
        instance._config, instance._shared, instance._compiled = {}, False, {}
        if not instance.set_a_configuration(sanitizer, not safe, where):
            raise TypeError(f"{where}: invalid sanitizer configuration {sanitizer!r}")
        return instance
    raise TypeError(
        f"{where}: sanitizer must be a specparser.Sanitizer, a configuration dict or 'default', "
        f"not {type(sanitizer).__name__}"
    )

