"""The words a yes/no switch accepts, in settings and in request parameters alike."""

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})
