//go:build !unix

package modelfiles

import "os"

// readFile reads the whole file: this system has no mmap.
func readFile(path string) ([]byte, func(), error) {
	data, err := os.ReadFile(path)
	return data, func() {}, err
}
