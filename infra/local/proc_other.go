//go:build !linux

package main

import "syscall"

// procAttr puts moto in its own process group, so stop ends it and its children.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
