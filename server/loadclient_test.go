package server

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
)

// loadClient is one kept-alive HTTP/1.1 connection that posts steps and reads back only each
// answer's status, discarding its body. The load benchmarks share the server's two cores with
// their clients; net/http's client cost about a quarter of the process's CPU and much of its
// garbage, which a remote player's browser does not. This one builds each request in one
// reused buffer, as a load generator such as wrk does, so what is measured is the server.
type loadClient struct {
	conn net.Conn
	br   *bufio.Reader
	head string // the request's lines up to Content-Length
	req  []byte
}

// dialLoad opens a connection to addr (host:port) for posting to path as the bearer of token.
func dialLoad(addr, path, token string) (*loadClient, error) {
	return dialLoadFrom(addr, path, token, "")
}

// dialLoadFrom is dialLoad for a player at address from, which each request names in
// X-Forwarded-For (a server that trusts loopback as its proxy limits each such address on its
// own); "" names none.
func dialLoadFrom(addr, path, token, from string) (*loadClient, error) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	head := "POST " + path + " HTTP/1.1\r\nHost: " + addr + "\r\nAuthorization: Bearer " + token
	if from != "" {
		head += "\r\nX-Forwarded-For: " + from
	}
	head += "\r\nContent-Type: application/json\r\nContent-Length: "
	return &loadClient{conn: c, br: bufio.NewReaderSize(c, 64<<10), head: head}, nil
}

// step posts {"n": n, "line": line} and answers the response's status once its body is read.
func (lc *loadClient) step(n int, line string) (int, error) {
	if strings.ContainsAny(line, "\"\\") {
		return 0, fmt.Errorf("load line %q needs JSON escaping", line)
	}
	var body [128]byte
	b := strconv.AppendInt(append(body[:0], `{"n":`...), int64(n), 10)
	b = append(append(append(b, `,"line":"`...), line...), `"}`...)
	lc.req = append(lc.req[:0], lc.head...)
	lc.req = strconv.AppendInt(lc.req, int64(len(b)), 10)
	lc.req = append(append(lc.req, "\r\n\r\n"...), b...)
	if _, err := lc.conn.Write(lc.req); err != nil {
		return 0, err
	}
	return lc.response()
}

// response reads one response: its status line, its headers, and a body of Content-Length or
// in chunks.
func (lc *loadClient) response() (int, error) {
	line, err := lc.br.ReadSlice('\n')
	if err != nil {
		return 0, err
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	status, err := strconv.Atoi(string(line[9:12]))
	if err != nil {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	length, chunked := -1, false
	for {
		h, err := lc.br.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		h = bytes.TrimRight(h, "\r\n")
		if len(h) == 0 {
			break
		}
		k, v, _ := bytes.Cut(h, []byte(":"))
		v = bytes.TrimSpace(v)
		switch {
		case bytes.EqualFold(k, []byte("Content-Length")):
			if length, err = strconv.Atoi(string(v)); err != nil {
				return 0, fmt.Errorf("bad Content-Length %q", v)
			}
		case bytes.EqualFold(k, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(v, []byte("chunked"))
		}
	}
	switch {
	case chunked:
		return status, lc.chunks()
	case length >= 0:
		_, err = lc.br.Discard(length)
		return status, err
	}
	return 0, errors.New("an answer with neither Content-Length nor chunks")
}

// chunks reads a chunked body to its end.
func (lc *loadClient) chunks() error {
	for {
		line, err := lc.br.ReadSlice('\n')
		if err != nil {
			return err
		}
		size, _, _ := bytes.Cut(bytes.TrimRight(line, "\r\n"), []byte(";"))
		n, err := strconv.ParseInt(string(size), 16, 64)
		if err != nil {
			return fmt.Errorf("bad chunk size %q", line)
		}
		if _, err := lc.br.Discard(int(n) + 2); err != nil { // the chunk and its CRLF
			return err
		}
		if n == 0 {
			return nil // no trailers are sent
		}
	}
}

func (lc *loadClient) Close() error { return lc.conn.Close() }
