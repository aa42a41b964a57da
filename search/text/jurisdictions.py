"""Names of the jurisdictions a statute row may carry (`jurisdiction` is a lower-case code)."""

FEDERAL = "us"  # the federal jurisdiction's code

NAMES: dict[str, str] = {
    "us": "United States (federal)",
    "al": "Alabama", "ak": "Alaska", "az": "Arizona", "ar": "Arkansas", "ca": "California",
    "co": "Colorado", "ct": "Connecticut", "de": "Delaware", "dc": "District of Columbia",
    "fl": "Florida", "ga": "Georgia", "hi": "Hawaii", "id": "Idaho", "il": "Illinois",
    "in": "Indiana", "ia": "Iowa", "ks": "Kansas", "ky": "Kentucky", "la": "Louisiana",
    "me": "Maine", "md": "Maryland", "ma": "Massachusetts", "mi": "Michigan",
    "mn": "Minnesota", "ms": "Mississippi", "mo": "Missouri", "mt": "Montana",
    "ne": "Nebraska", "nv": "Nevada", "nh": "New Hampshire", "nj": "New Jersey",
    "nm": "New Mexico", "ny": "New York", "nc": "North Carolina", "nd": "North Dakota",
    "oh": "Ohio", "ok": "Oklahoma", "or": "Oregon", "pa": "Pennsylvania", "pr": "Puerto Rico",
    "ri": "Rhode Island", "sc": "South Carolina", "sd": "South Dakota", "tn": "Tennessee",
    "tx": "Texas", "ut": "Utah", "vt": "Vermont", "va": "Virginia", "wa": "Washington",
    "wv": "West Virginia", "wi": "Wisconsin", "wy": "Wyoming", "gu": "Guam",
    "vi": "U.S. Virgin Islands", "as": "American Samoa", "mp": "Northern Mariana Islands",
}  # fmt: skip


def jurisdiction_name(code: str) -> str:
    """A display name for a jurisdiction code (the upper-cased code when unknown)."""
    return NAMES.get(code.lower(), code.upper())


def is_state_code(code: str) -> bool:
    """True for a known two-letter state or territory code (not `us`)."""
    return len(code) == 2 and code.lower() in NAMES and code.lower() != "us"
