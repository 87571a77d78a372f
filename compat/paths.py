"""Where the shared, read-only test data lives.

The data is never copied into the project: it is found beside the checkout
(``../shared``) or through an environment variable, and every consumer says
clearly when it is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("SPECPARSER_SHARED", REPO_ROOT.parent / "shared"))


def html5lib_tests_dir() -> Path | None:
    """The html5lib-tests checkout: ``$HTML5LIB_TESTS`` or ``../shared/html5lib-tests``."""
    env = os.environ.get("HTML5LIB_TESTS")
    path = Path(env) if env else SHARED / "html5lib-tests"
    return path if path.is_dir() else None


def wpt_tree_construction_dir() -> Path | None:
    """The WPT tree-construction ``.dat`` files (html/syntax/parsing/resources):
    ``$WPT_TREE_CONSTRUCTION`` or ``../shared/wpt-tree-construction``."""
    env = os.environ.get("WPT_TREE_CONSTRUCTION")
    path = Path(env) if env else SHARED / "wpt-tree-construction"
    return path if path.is_dir() else None


def corpus_dir() -> Path | None:
    """The benchmark corpus: ``$SPECPARSER_CORPUS`` or ``../shared/corpus/pages``."""
    env = os.environ.get("SPECPARSER_CORPUS")
    path = Path(env) if env else SHARED / "corpus" / "pages"
    return path if path.is_dir() else None


MISSING_TESTS = (
    "html5lib-tests not found: set HTML5LIB_TESTS or place the suite at "
    "../shared/html5lib-tests beside the checkout"
)
MISSING_WPT_TREE = (
    "WPT tree-construction tests not found: set WPT_TREE_CONSTRUCTION or place "
    "html/syntax/parsing/resources/*.dat at ../shared/wpt-tree-construction "
    "beside the checkout"
)
MISSING_CORPUS = (
    "corpus not found: set SPECPARSER_CORPUS or place the pages at "
    "../shared/corpus/pages beside the checkout"
)


def sanitizer_api_dir() -> Path | None:
    """The Sanitizer API's spec text and WPT tests: ``$SANITIZER_API`` or
    ``../shared/sanitizer-api``."""
    env = os.environ.get("SANITIZER_API")
    path = Path(env) if env else SHARED / "sanitizer-api"
    return path if path.is_dir() else None


MISSING_SANITIZER_API = (
    "Sanitizer API data not found: set SANITIZER_API or place it at "
    "../shared/sanitizer-api beside the checkout"
)
