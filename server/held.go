package server

import (
	"bytes"
	"net/http"
)

// held is a response written while a game is locked and sent only after it is unlocked, so
// that no client, however slowly it reads, holds a game that others are playing (issue 22).
type held struct {
	h    http.Header
	code int
	body bytes.Buffer
}

func newHeld() *held { return &held{h: http.Header{}} }

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
	b.WriteHeader(http.StatusOK)
	w.WriteHeader(b.code)
	w.Write(b.body.Bytes())
}
