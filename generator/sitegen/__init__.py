"""Annotated Python sources to a side-by-side static site: `annotated-site build|check|serve|translate`."""

__version__ = '0.2.0'
