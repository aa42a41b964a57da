"""The searchable corpus as loaded from the data files: sources, sections, papers, chunks."""

from django.db import models


def as_of_text(values: list[str] | tuple[str, ...]) -> str:
    """The as-of statement of sorted values: one date, or the range when parts differ."""
    if not values:
        return "unknown"
    return values[0] if len(values) == 1 else f"{values[0]} … {values[-1]}"


class Source(models.Model):
    """One statute or regulation source (`wa-stat`, `usc`, `cfr`) and its coverage facts."""

    code = models.CharField(max_length=40, primary_key=True)
    corpus = models.CharField(max_length=20)
    jurisdictions = models.JSONField(default=list)
    code_names = models.JSONField(default=list)
    as_of_values = models.JSONField(default=list)
    section_count = models.PositiveIntegerField(default=0)
    title_forms = models.JSONField(default=list)
    files = models.JSONField(default=list)
    # From the data folder's MANIFEST.json, joined over `files`; never guessed from a file name.
    coverage = models.TextField(blank=True, help_text="The data's own coverage statement.")
    # How the source's citations are written before the section number, from its rows:
    # [{"template": "RCW", "example": "RCW 59.18.060", "sections": 7864}, ...].
    citation_forms = models.JSONField(default=list)
    refreshed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["code"]

    def __str__(self) -> str:
        return self.code

    @property
    def as_of(self) -> str:
        """The as-of statement: one date, or the range when parts differ."""
        return as_of_text(sorted(self.as_of_values))


class Section(models.Model):
    """One statute or regulation section, exactly as in the data file."""

    id = models.CharField(max_length=200, primary_key=True)
    jurisdiction = models.CharField(max_length=8, db_index=True)
    corpus = models.CharField(max_length=20)
    source = models.CharField(max_length=40, db_index=True)
    code_name = models.CharField(max_length=300, blank=True)
    title = models.CharField(max_length=100, blank=True)
    chapter = models.CharField(max_length=100, blank=True)
    section = models.CharField(max_length=100)
    citation = models.CharField(max_length=300)
    citation_key = models.CharField(max_length=300, db_index=True)
    # Null, as in the data files, where the source has no heading / url / arXiv id / DOI:
    # the API reports null, which is not the same statement as an empty string.
    heading = models.TextField(null=True, blank=True)  # noqa: DJ001
    body = models.TextField()
    as_of = models.CharField(max_length=120)
    url = models.URLField(max_length=500, null=True, blank=True)  # noqa: DJ001
    ends_at_colon = models.BooleanField(default=False)
    source_file = models.CharField(max_length=200)
    ordinal = models.PositiveIntegerField(help_text="Line number in the source file.")
    content_hash = models.CharField(max_length=40)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["source", "ordinal"]
        indexes = [
            models.Index(fields=["source", "title", "chapter", "ordinal"]),
            # The newest change is part of the data stamp that web workers compare with the
            # live index every few seconds (`indexes.freshness`): a lookup, not a scan.
            models.Index(fields=["updated_at"], name="section_updated_at"),
        ]

    def __str__(self) -> str:
        return self.citation


class Paper(models.Model):
    """One paper's metadata; its abstract is also stored as chunk 0."""

    paper_id = models.CharField(max_length=120, unique=True)
    arxiv_id = models.CharField(max_length=40, null=True, blank=True, db_index=True)  # noqa: DJ001
    title = models.TextField()
    authors = models.JSONField(default=list)
    abstract = models.TextField(blank=True)
    categories = models.JSONField(default=list)
    published = models.DateField(null=True, blank=True)
    updated = models.DateField(null=True, blank=True)
    doi = models.CharField(max_length=200, null=True, blank=True)  # noqa: DJ001
    source = models.CharField(max_length=60)
    source_file = models.CharField(max_length=200)
    content_hash = models.CharField(max_length=40)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["paper_id"]
        indexes = [models.Index(fields=["updated_at"], name="paper_updated_at")]

    def __str__(self) -> str:
        return self.paper_id


class Chunk(models.Model):
    """A searchable passage of a paper: the abstract (index 0) or a part of a section."""

    paper = models.ForeignKey(Paper, on_delete=models.CASCADE, related_name="chunks")
    chunk_index = models.PositiveIntegerField(help_text="0 is the abstract; body chunks follow.")
    section = models.CharField(max_length=500, blank=True)
    text = models.TextField()
    content_type = models.CharField(max_length=20, default="other", db_index=True)
    entities = models.JSONField(default=list, help_text="[{name, type}]; empty: none recorded.")
    entities_source = models.CharField(max_length=20, blank=True)
    key_concept = models.CharField(max_length=200, blank=True)
    self_contained = models.BooleanField(default=True)
    has_full_text = models.BooleanField(default=False)
    content_hash = models.CharField(max_length=40)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["paper_id", "chunk_index"]
        indexes = [models.Index(fields=["updated_at"], name="chunk_updated_at")]
        constraints = [
            models.UniqueConstraint(fields=["paper", "chunk_index"], name="unique_chunk_position")
        ]

    def __str__(self) -> str:
        return f"{self.paper_id}#{self.chunk_index}"


class IngestedFile(models.Model):
    """A data file as last ingested, so an unchanged file is not read again."""

    kind = models.CharField(max_length=20)
    name = models.CharField(max_length=200)
    size = models.BigIntegerField()
    mtime_ns = models.BigIntegerField()
    rows_read = models.PositiveIntegerField(default=0)
    created = models.PositiveIntegerField(default=0)
    updated = models.PositiveIntegerField(default=0)
    unchanged = models.PositiveIntegerField(default=0)
    skipped = models.PositiveIntegerField(default=0)
    deleted = models.PositiveIntegerField(default=0)
    ingested_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "name"], name="unique_ingested")]

    def __str__(self) -> str:
        return f"{self.kind}:{self.name}"
