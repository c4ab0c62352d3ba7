package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/pprof"
)

// serveProfiler serves Go's profiler (CPU, heap, goroutines, ...) on addr, on a mux of its own:
// never on the game server's address, where strangers are. It says where on out.
func serveProfiler(addr string, out io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	m := http.NewServeMux()
	m.HandleFunc("/debug/pprof/", pprof.Index)
	m.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	m.HandleFunc("/debug/pprof/profile", pprof.Profile)
	m.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	m.HandleFunc("/debug/pprof/trace", pprof.Trace)
	fmt.Fprintf(out, "umpire serve: profiler on http://%s/debug/pprof/\n", ln.Addr())
	go http.Serve(ln, m)
	return nil
}
