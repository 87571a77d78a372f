"""``html5lib.filters``: token-stream filters for the serializer.

Each module has a ``Filter`` class wrapping a token iterable
(:class:`.base.Filter`): ``alphabeticalattributes``, ``inject_meta_charset``,
``optionaltags``, ``whitespace`` and ``lint``.  html5lib's ``sanitizer``
is not provided.
"""
