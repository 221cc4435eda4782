"""Translations: the caches, checking a translated value, the glossary, machine translation services."""
