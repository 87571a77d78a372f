"""specparser: the WHATWG HTML parsing algorithm in pure Python."""

__version__ = "0.1.0"
