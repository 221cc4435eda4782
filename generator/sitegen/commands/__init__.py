"""The command line: flags, the commands' handlers, the translators' operations, `new`."""
