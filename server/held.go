package server

import (
	"bytes"
	"net/http"
	"strconv"
	"sync"
)

// held is a response written while a game is locked and sent only after it is unlocked, so
// that no client, however slowly it reads, holds a game that others are playing (issue 22).
type held struct {
	h    http.Header
	code int
	body bytes.Buffer
}

// helds keeps the buffers of answers already sent for the next: an answer is a few to tens of
// KB, written on every request.
var helds = sync.Pool{New: func() any { return new(held) }}

func newHeld() *held {
	b := helds.Get().(*held)
	if b.h == nil {
		b.h = http.Header{}
	}
	clear(b.h) // its values went to the last client's response, which keeps them
	b.code = 0
	b.body.Reset()
	return b
}

func (b *held) Header() http.Header { return b.h }

func (b *held) WriteHeader(code int) {
	if b.code == 0 {
		b.code = code
	}
}

func (b *held) Write(p []byte) (int, error) {
	b.WriteHeader(http.StatusOK)
	return b.body.Write(p)
}

// sendTo writes the held response to the client.
func (b *held) sendTo(w http.ResponseWriter) {
	for k, v := range b.h {
		w.Header()[k] = v
	}
	// The length is known: the answer goes out in one piece, not in chunks.
	w.Header()["Content-Length"] = []string{strconv.Itoa(b.body.Len())}
	b.WriteHeader(http.StatusOK)
	w.WriteHeader(b.code)
	w.Write(b.body.Bytes())
	if b.body.Cap() <= 1<<20 { // a rare huge answer is not kept
		helds.Put(b)
	}
}
