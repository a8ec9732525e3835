package main

import "syscall"

// procAttr puts moto in its own process group (so stop ends it and its children) and has the
// kernel kill it if this process dies without stopping it.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
