from sitegen.commands.cli import run

run()
