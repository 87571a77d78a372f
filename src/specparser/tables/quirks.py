"""DOCTYPEs that put a document in quirks or limited-quirks mode.

https://html.spec.whatwg.org/#the-initial-insertion-mode (the lists after
"A DOCTYPE token").  Identifiers are compared ASCII case-insensitively, so
the prefixes here are lower-case.
"""

from ..infra import ascii_lowercase

__all__ = [
    "HTML401_PUBLIC_PREFIXES",
    "LIMITED_QUIRKS_PUBLIC_PREFIXES",
    "QUIRKS_PUBLIC_IDS",
    "QUIRKS_PUBLIC_PREFIXES",
    "QUIRKS_SYSTEM_ID",
    "doctype_mode",
]

QUIRKS_PUBLIC_IDS = frozenset({
    "-//w3o//dtd w3 html strict 3.0//en//",
    "-/w3c/dtd html 4.0 transitional/en",
    "html",
})

QUIRKS_SYSTEM_ID = "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd"

QUIRKS_PUBLIC_PREFIXES = (
    "+//silmaril//dtd html pro v0r11 19970101//",
    "-//as//dtd html 3.0 aswedit + extensions//",
    "-//advasoft ltd//dtd html 3.0 aswedit + extensions//",
    "-//ietf//dtd html 2.0 level 1//",
    "-//ietf//dtd html 2.0 level 2//",
    "-//ietf//dtd html 2.0 strict level 1//",
    "-//ietf//dtd html 2.0 strict level 2//",
    "-//ietf//dtd html 2.0 strict//",
    "-//ietf//dtd html 2.0//",
    "-//ietf//dtd html 2.1e//",
    "-//ietf//dtd html 3.0//",
    "-//ietf//dtd html 3.2 final//",
    "-//ietf//dtd html 3.2//",
    "-//ietf//dtd html 3//",
    "-//ietf//dtd html level 0//",
    "-//ietf//dtd html level 1//",
    "-//ietf//dtd html level 2//",
    "-//ietf//dtd html level 3//",
    "-//ietf//dtd html strict level 0//",
    "-//ietf//dtd html strict level 1//",
    "-//ietf//dtd html strict level 2//",
    "-//ietf//dtd html strict level 3//",
    "-//ietf//dtd html strict//",
    "-//ietf//dtd html//",
    "-//metrius//dtd metrius presentational//",
    "-//microsoft//dtd internet explorer 2.0 html strict//",
    "-//microsoft//dtd internet explorer 2.0 html//",
    "-//microsoft//dtd internet explorer 2.0 tables//",
    "-//microsoft//dtd internet explorer 3.0 html strict//",
    "-//microsoft//dtd internet explorer 3.0 html//",
    "-//microsoft//dtd internet explorer 3.0 tables//",
    "-//netscape comm. corp.//dtd html//",
    "-//netscape comm. corp.//dtd strict html//",
    "-//o'reilly and associates//dtd html 2.0//",
    "-//o'reilly and associates//dtd html extended 1.0//",
    "-//o'reilly and associates//dtd html extended relaxed 1.0//",
    "-//sq//dtd html 2.0 hotmetal + extensions//",
    "-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
    "-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//",
    "-//spyglass//dtd html 2.0 extended//",
    "-//sun microsystems corp.//dtd hotjava html//",
    "-//sun microsystems corp.//dtd hotjava strict html//",
    "-//w3c//dtd html 3 1995-03-24//",
    "-//w3c//dtd html 3.2 draft//",
    "-//w3c//dtd html 3.2 final//",
    "-//w3c//dtd html 3.2//",
    "-//w3c//dtd html 3.2s draft//",
    "-//w3c//dtd html 4.0 frameset//",
    "-//w3c//dtd html 4.0 transitional//",
    "-//w3c//dtd html experimental 19960712//",
    "-//w3c//dtd html experimental 970421//",
    "-//w3c//dtd w3 html//",
    "-//w3o//dtd w3 html 3.0//",
    "-//webtechs//dtd mozilla html 2.0//",
    "-//webtechs//dtd mozilla html//",
)

# Quirks when the system identifier is missing or empty, limited quirks
# otherwise (whatwg/html e7318c5e, January 2026: an empty system identifier
# counts as missing for these two conditions).
HTML401_PUBLIC_PREFIXES = (
    "-//w3c//dtd html 4.01 frameset//",
    "-//w3c//dtd html 4.01 transitional//",
)

LIMITED_QUIRKS_PUBLIC_PREFIXES = (
    "-//w3c//dtd xhtml 1.0 frameset//",
    "-//w3c//dtd xhtml 1.0 transitional//",
)


def doctype_mode(name: str | None, public_id: str | None, system_id: str | None,
                 force_quirks: bool, iframe_srcdoc: bool = False) -> str:
    """The document mode a DOCTYPE token selects: "quirks",
    "limited-quirks" or "no-quirks".

    https://html.spec.whatwg.org/#the-initial-insertion-mode, "A DOCTYPE
    token".  The identifiers are compared ASCII case-insensitively."""
    if iframe_srcdoc:
        return "no-quirks"
    if force_quirks or name != "html":
        return "quirks"
    public = ascii_lowercase(public_id) if public_id is not None else None
    system = ascii_lowercase(system_id) if system_id is not None else None
    # "The system identifier is missing or the empty string" (and, below,
    # "neither missing nor the empty string").
    no_system = not system
    if public is not None:
        if public in QUIRKS_PUBLIC_IDS or public.startswith(QUIRKS_PUBLIC_PREFIXES):
            return "quirks"
        if no_system and public.startswith(HTML401_PUBLIC_PREFIXES):
            return "quirks"
    if system == QUIRKS_SYSTEM_ID:
        return "quirks"
    if public is not None:
        if public.startswith(LIMITED_QUIRKS_PUBLIC_PREFIXES):
            return "limited-quirks"
        if not no_system and public.startswith(HTML401_PUBLIC_PREFIXES):
            return "limited-quirks"
    return "no-quirks"
