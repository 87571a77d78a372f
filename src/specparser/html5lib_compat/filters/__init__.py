"""``html5lib.filters``: token-stream filters for the serializer.

Each module has a ``Filter`` class wrapping a token iterable
(:class:`.base.Filter`): ``alphabeticalattributes``, ``inject_meta_charset``,
``optionaltags``, ``whitespace``, ``lint`` and ``sanitizer`` (html5lib's
deprecated sanitizer, ported; importing it warns as html5lib does).
"""

__all__: list[str] = []
