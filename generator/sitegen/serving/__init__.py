"""The live preview: the first build and each rebuild, the file watcher, the HTTP server."""
