//go:build unix

package modelfiles

import (
	"fmt"
	"os"
	"syscall"
)

// readFile maps the file read-only into memory; free unmaps it, after which the bytes must not be
// touched. An empty file, which cannot be mapped, is an empty slice.
func readFile(path string) (data []byte, free func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := fi.Size()
	if size == 0 {
		return []byte{}, func() {}, nil
	}
	if size != int64(int(size)) || !fi.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%s: not a regular file of a size this system can map", path)
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, fmt.Errorf("mapping %s: %w", path, err)
	}
	return data, func() { _ = syscall.Munmap(data) }, nil
}
