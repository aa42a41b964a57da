"""The fuzz tests' settings, and how many generated cases they ran (printed in the run's
terminal summary)."""

import os
from collections import Counter

from hypothesis import HealthCheck, settings

# Examples per test; raise it for a longer hunt (PORTAL_FUZZ_EXAMPLES=2000 make test).
EXAMPLES = int(os.environ.get("PORTAL_FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Keyed by "<suite>: <kind>"; conftest's pytest_terminal_summary prints it.
FUZZ_CASES: Counter[str] = Counter()
