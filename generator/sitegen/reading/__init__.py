"""Reading the sources: the configuration, the package's files, each parsed into sections, its docstrings, its formulas (found and typeset) and the names it defines and imports."""
