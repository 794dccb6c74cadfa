package cairn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// chunkSource gives the bytes of a resumable upload from an offset: a reader of at most max
// bytes from `from`, and how many it holds.
type chunkSource interface {
	chunk(from, max int64) (io.Reader, int64, error)
}

func chunkSourceOf(r io.Reader, chunkSize int64) chunkSource {
	if ra, ok := r.(io.ReaderAt); ok {
		var base int64
		if s, ok := r.(io.Seeker); ok {
			// An *os.File or bytes.Reader is uploaded from where it stands, as File does.
			if pos, err := s.Seek(0, io.SeekCurrent); err == nil {
				base = pos
			}
		}
		return readerAtSource{ra, base}
	}
	return &streamSource{r: r, buf: make([]byte, 0, chunkSize)}
}

// readerAtSource reads any range again, from disk for a file: nothing is held in memory.
type readerAtSource struct {
	r    io.ReaderAt
	base int64
}

func (s readerAtSource) chunk(from, max int64) (io.Reader, int64, error) {
	return io.NewSectionReader(s.r, s.base+from, max), max, nil
}

// streamSource reads a plain reader once. It keeps the last chunk read, so that a chunk the
// server got only part of is completed from memory; bytes the server already holds when an
// upload is resumed are read and skipped.
type streamSource struct {
	r     io.Reader
	buf   []byte
	start int64 // the content offset of buf[0]
	read  int64 // bytes consumed from r
}

func (s *streamSource) chunk(from, max int64) (io.Reader, int64, error) {
	end := s.start + int64(len(s.buf))
	if from >= s.start && from < end {
		rest := s.buf[from-s.start:]
		return bytes.NewReader(rest), int64(len(rest)), nil
	}
	if from < s.read {
		return nil, 0, errors.New("cairn: the server holds fewer bytes than were already read from the reader")
	}
	if _, err := io.CopyN(io.Discard, s.r, from-s.read); err != nil {
		return nil, 0, fmt.Errorf("cairn: skipping the %d bytes the server holds: %w", from, err)
	}
	s.read = from
	s.buf = s.buf[:max]
	n, err := io.ReadFull(s.r, s.buf)
	s.buf, s.start = s.buf[:n], from
	s.read += int64(n)
	if err != nil {
		return nil, 0, fmt.Errorf("cairn: reading the content at %d: %w", from, err)
	}
	return bytes.NewReader(s.buf), int64(n), nil
}
