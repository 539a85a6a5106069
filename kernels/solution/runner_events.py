"""The runner's side of kix's runner protocol (model/protocol/RunnerProtocol.h): one JSON object per
line on the stdout kix reads. The user's code and the libraries it loads print what they like, so
the real stdout is kept for events and file descriptor 1 is pointed at stderr before anything else
is imported (kix shows stderr as the run's log)."""

import json
import math
import os
import sys

# Exit statuses the runner uses, as model/protocol/ExitStatus.h numbers them, and one of its own:
# RESTART asks kix to start a fresh runner for the cases left (the CUDA context is lost after a
# kernel's illegal access, so no later case could run in this process).
EXIT_OK = 0
EXIT_USAGE = 2
EXIT_UNAVAILABLE = 4
EXIT_RESTART = 75


class Events:
    def __init__(self):
        self._out = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
        os.dup2(2, 1)
        sys.stdout = os.fdopen(1, "w", buffering=1, closefd=False)

    def emit(self, event, **fields):
        fields = {"event": event, **fields}
        self._out.write(json.dumps(finite(fields), allow_nan=False) + "\n")
        self._out.flush()

    def log(self, message):
        self.emit("log", message=message)

    def unavailable(self, message):
        self.emit("unavailable", message=message)
        sys.exit(EXIT_UNAVAILABLE)


def finite(value):
    """JSON has no NaN or infinity: they become null (the result says why beside them)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    return value
