"""Every ChunkReader made to read small chunks, whoever builds it: the parsers and the
plugins must give the same results whatever the reader's cuts."""

from __future__ import annotations

from typing import Any

import pytest

from rdflib_strict.syntax.chunks import ChunkReader

__all__ = ["small_chunks"]

# The originals, so that patching again (a loop over chunk sizes) never wraps a patch.
_CHUNK_READER_INIT = ChunkReader.__init__
_CHUNK_READER_READ_MORE = ChunkReader.read_more


def small_chunks(mp: pytest.MonkeyPatch, size: int, record: list[int] | None = None) -> None:
    """Make every ChunkReader, whoever builds it, read ``size`` units at a time (its other
    arguments, ``at_start``, passed on); append the length of each chunk it returns to
    ``record`` if given.

    Patched on the class rather than where a parser imports it, so it holds however the
    plugins and ``iterparse`` come by their reader.
    """

    def sized_init(self: ChunkReader, stream: Any, name: str, chunk_size: int = size, **kw: Any) -> None:
        _CHUNK_READER_INIT(self, stream, name, size, **kw)

    def recording_read_more(self: ChunkReader, at_least: int = 0) -> str:
        text = _CHUNK_READER_READ_MORE(self, at_least)
        if record is not None and text:
            record.append(len(text))
        return text

    mp.setattr(ChunkReader, "__init__", sized_init)
    mp.setattr(ChunkReader, "read_more", recording_read_more)
