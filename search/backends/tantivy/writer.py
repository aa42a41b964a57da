"""Writing a whole index version with tantivy's single writer."""

from collections.abc import Callable, Iterable
from pathlib import Path

import tantivy
from django.conf import settings

from search.backends.protocol import Document
from search.backends.tantivy.paper_words import with_paper_words
from search.backends.tantivy.schema import SCHEMAS, open_index, with_group_keys
from search.indexes.names import PAPERS

PROGRESS_EVERY = 1_000


class TantivyWriter:
    """The tantivy implementation of `IndexWriterBackend`."""

    def write(
        self,
        index_name: str,
        directory: Path,
        documents: Iterable[Document],
        on_batch: Callable[[int], None],
    ) -> None:
        """Add every document; progress every PROGRESS_EVERY documents, one final commit."""
        index = open_index(index_name, str(directory))
        schema = SCHEMAS[index_name]()
        heap = settings.PORTAL_INDEX_WRITER_HEAP_MB * 1_000_000
        writer = index.writer(heap_size=heap, num_threads=settings.PORTAL_INDEX_WRITER_THREADS)
        pending = 0
        try:
            for document in documents:
                document = with_group_keys(index_name, document)
                if index_name == PAPERS:
                    document = with_paper_words(document)
                writer.add_document(tantivy.Document.from_dict(document, schema))
                pending += 1
                if pending == PROGRESS_EVERY:
                    on_batch(pending)
                    pending = 0
            writer.commit()
            on_batch(pending)
            writer.wait_merging_threads()
        except BaseException:
            # A panic is a BaseException; drop the half-written segments with the writer.
            writer.rollback()
            raise

    def count(self, index_name: str, directory: Path) -> int:
        """Documents visible to a fresh reader of this version."""
        index = open_index(index_name, str(directory))
        index.reload()
        return int(index.searcher().num_docs)
