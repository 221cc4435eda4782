"""One page: its Markdown, math and code, its colours, its languages, rendered to HTML."""
