"""What an upload sends: files from a path, from a file object, or every file under a folder."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Union

FileInput = Union[str, "os.PathLike[str]", BinaryIO]


@dataclass(frozen=True)
class FileSource:
    """One file part: its filename in the multipart body, its size if known, and where its bytes are."""

    filename: str
    size: int | None
    path: Path | None = None
    stream: BinaryIO | None = None
    # Where a seekable file object stood when the upload began: each attempt reads from there.
    start: int | None = None

    @property
    def replayable(self) -> bool:
        """Whether another attempt can send the same bytes (a path or a seekable file object)."""
        return self.path is not None or self.start is not None

    @contextmanager
    def open(self) -> Iterator[BinaryIO]:
        """A path is opened only while its part is sent; a caller's file object is left open."""
        if self.path is not None:
            with open(self.path, "rb") as handle:
                yield handle
        else:
            assert self.stream is not None
            if self.start is not None:
                self.stream.seek(self.start)
            yield self.stream


def _position(stream: BinaryIO) -> int | None:
    try:
        return stream.tell() if stream.seekable() else None
    except (OSError, ValueError):
        return None


def _remaining_size(stream: BinaryIO) -> int | None:
    try:
        if not stream.seekable():
            return None
        position = stream.tell()
        end = stream.seek(0, io.SEEK_END)
        stream.seek(position)
        return end - position
    except (OSError, ValueError):
        return None


def file_source(file: FileInput, filename: str | None = None) -> FileSource:
    """A file from a path or a binary file object (read from its current position, never whole)."""
    if isinstance(file, (str, os.PathLike)):
        path = Path(file)
        if not path.is_file():
            raise FileNotFoundError(f"not a file: {path}")
        return FileSource(filename or path.name, path.stat().st_size, path=path)
    if isinstance(file, io.TextIOBase):
        raise TypeError("open the file in binary mode ('rb')")
    name = filename or os.path.basename(str(getattr(file, "name", "") or "")) or "file"
    return FileSource(name, _remaining_size(file), stream=file, start=_position(file))


def folder_sources(folder: str | os.PathLike[str]) -> list[FileSource]:
    """Every regular file under `folder`, named `<folder name>/<relative path>` with `/` separators.

    Sorted, so the same folder always gives the same parts; symbolic links to folders are not
    followed (a loop cannot make the walk endless).
    """
    root = Path(folder)
    if not root.is_dir():
        raise NotADirectoryError(f"not a folder: {root}")
    top = root.resolve().name
    sources: list[FileSource] = []
    for directory, subdirs, files in os.walk(root):
        subdirs.sort()
        for name in sorted(files):
            path = Path(directory, name)
            if not path.is_file():
                continue
            relative = path.relative_to(root).as_posix()
            sources.append(FileSource(f"{top}/{relative}", path.stat().st_size, path=path))
    if not sources:
        raise ValueError(f"the folder holds no files: {root}")
    return sources
