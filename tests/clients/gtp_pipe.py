"""A GTP engine on pipes, for the client tests (sgf_interop.py, sgf_scored.py)."""

import subprocess


class Gtp:
    """A GTP engine started from `argv`, spoken to over its stdin and stdout."""

    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def send(self, command):
        """Sends `command`; (whether the answer was a success, the answer's text)."""
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError(f"engine closed on {command!r}")
            if line.strip() == "" and lines:
                break
            if line.strip() or lines:
                lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        return text.startswith("="), text[1:].strip()

    def ask(self, command):
        """Sends `command`; the answer's text, or RuntimeError when the engine refused it."""
        ok, text = self.send(command)
        if not ok:
            raise RuntimeError(f"{command!r}: ?{text}")
        return text

    def close(self):
        """Says `quit` (when the engine still listens) and waits for it to exit."""
        try:
            self.send("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.p.wait(timeout=10)
