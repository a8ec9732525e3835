//go:build unix

package recapture_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, user and system: what a benchmark's work costs
// whatever else the machine is running (its ns/op is wall time, inflated on a shared machine).
func cpuTime() (time.Duration, bool) {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}
