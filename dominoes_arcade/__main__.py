from .cli import app

app(prog_name="dominoes-arcade")
