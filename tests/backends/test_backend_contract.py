"""The backend contract (tests/backend_contract.py), run on every registered backend."""

from search.backends.registry import BACKENDS
from tests.backend_contract import BackendContract


class TestTantivyContract(BackendContract):
    """Embedded tantivy, the default backend."""

    backend_name = "tantivy"


def test_every_registered_backend_runs_the_contract() -> None:
    contracted = {cls.backend_name for cls in BackendContract.__subclasses__()}
    assert set(BACKENDS) <= contracted, "add a BackendContract subclass for the new backend"
