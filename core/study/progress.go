package study

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// progress reports games done: a bar redrawn in place on a terminal, a
// plain line per 10% otherwise, nothing without a writer.
type progress struct {
	mu       sync.Mutex
	w        io.Writer
	term     bool
	total    int
	done     int
	start    time.Time
	lastDraw time.Time
	lastTen  int
	drawn    int // games done at the last draw
}

func newProgress(w io.Writer, term bool, total int) *progress {
	return &progress{w: w, term: term, total: total, start: time.Now()}
}

func (p *progress) step() {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	if p.term {
		if now := time.Now(); p.done == p.total || now.Sub(p.lastDraw) >= 100*time.Millisecond {
			p.lastDraw = now
			p.draw()
		}
		return
	}
	if ten := p.done * 10 / p.total; ten > p.lastTen {
		p.lastTen = ten
		el := time.Since(p.start).Seconds()
		fmt.Fprintf(p.w, "compare: %d/%d games (%d%%), %.1f games/s\n", p.done, p.total, ten*10, float64(p.done)/max(el, 1e-9))
	}
}

func (p *progress) draw() {
	p.drawn = p.done
	const width = 30
	frac := float64(p.done) / float64(p.total)
	n := int(frac * width)
	el := time.Since(p.start)
	rate := float64(p.done) / max(el.Seconds(), 1e-9)
	eta := ""
	if p.done > 0 && p.done < p.total {
		left := time.Duration(float64(p.total-p.done) / rate * float64(time.Second))
		eta = " ETA " + left.Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "\r[%s%s] %3.0f%% %d/%d games, %.1f/s%s\x1b[K", strings.Repeat("#", n), strings.Repeat(".", width-n), 100*frac, p.done, p.total, rate, eta)
}

func (p *progress) finish() {
	if p.w == nil || !p.term {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn != p.done || p.done == 0 {
		p.draw()
	}
	fmt.Fprintln(p.w)
}
