"""How many generated cases the fuzz tests ran, printed in the run's terminal summary."""

from collections import Counter

# Keyed by "<suite>: <kind>"; conftest's pytest_terminal_summary prints it.
FUZZ_CASES: Counter[str] = Counter()
