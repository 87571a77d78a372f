"""Runners for the test suites that others wrote (html5lib-tests, bs4's
tree-builder tests, html5lib API checks).  Entry point: ``compat/run.py``."""
