from .cli import app

# Guarded: worker processes (spawned, or started by a fork server) import the main
# module again, and must not run the command a second time.
if __name__ == "__main__":
    app(prog_name="dominoes-arcade")
