"""``html5lib.filters.inject_meta_charset``: make the document's ``<head>``
declare the encoding it is being serialized to."""

from __future__ import annotations

from typing import Iterable, Iterator

from . import base
from ...constants import HTML_NAMESPACE

__all__ = ["Filter"]


def _meta_charset(encoding: str) -> dict:
    return {"type": "EmptyTag", "name": "meta", "namespace": HTML_NAMESPACE,
            "data": {(None, "charset"): encoding}}  # fmt: skip


class Filter(base.Filter):
    """Injects ``<meta charset=ENCODING>`` tag into head of document.

    Every ``<meta charset>`` and ``<meta http-equiv=content-type
    content=...>`` gets the new encoding; when the head has none, a
    ``<meta charset>`` is added as its first child.
    """

    def __init__(self, source: Iterable[dict], encoding: str | None) -> None:
        base.Filter.__init__(self, source)
        self.encoding = encoding

    def _rewrite_meta(self, token: dict) -> bool:
        """Point a meta token at the encoding; True if it declares one."""
        attrs = token["data"]
        is_content_type = False
        for (namespace, name), value in attrs.items():
            if namespace is not None:
                continue
            if name.lower() == "charset":
                attrs[(namespace, name)] = self.encoding
                return True
            if name == "http-equiv" and value.lower() == "content-type":
                is_content_type = True
        if is_content_type and (None, "content") in attrs:
            attrs[(None, "content")] = f"text/html; charset={self.encoding}"
            return True
        return False

    def __iter__(self) -> Iterator[dict]:
        in_head = False
        meta_found = self.encoding is None
        # The head's tokens are held back until its end tag, so that a
        # <meta charset> can be put first if none turns up.
        pending: list[dict] = []
        for token in base.Filter.__iter__(self):
            kind = token["type"]
            name = token.get("name", "").lower() if kind in ("StartTag", "EmptyTag", "EndTag") else ""
            if kind == "StartTag" and name == "head":
                in_head = True
            elif kind == "EmptyTag":
                if name == "meta":
                    if self._rewrite_meta(token):
                        meta_found = True
                elif name == "head" and not meta_found:
                    assert self.encoding is not None  # without one, meta_found is True from the start
                    yield {"type": "StartTag", "name": "head", "namespace": token.get("namespace"),
                           "data": token["data"]}  # fmt: skip
                    yield _meta_charset(self.encoding)
                    yield {"type": "EndTag", "name": "head", "namespace": token.get("namespace")}
                    meta_found = True
                    continue
            elif kind == "EndTag" and name == "head" and pending:
                yield pending.pop(0)  # the head start tag
                if not meta_found:
                    assert self.encoding is not None  # without one, meta_found is True from the start
                    yield _meta_charset(self.encoding)
                yield from pending
                pending.clear()
                meta_found = True
                in_head = False
            if in_head:
                pending.append(token)
            else:
                yield token
        # A head that never closed: flush what was held back.
        yield from pending
