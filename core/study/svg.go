package study

import (
	"fmt"
	"math"
	"strings"
)

// The charts are plain SVG 1.1 written by hand: no script, no external
// resources, one colour per variant in the order compared.

var palette = []string{"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"}

func colour(i int) string { return palette[i%len(palette)] }

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;")

func esc(s string) string { return xmlEscaper.Replace(s) }

// canvas accumulates an SVG document.
type canvas struct {
	b    strings.Builder
	w, h float64
}

func newCanvas(w, h float64, title string) *canvas {
	c := &canvas{w: w, h: h}
	fmt.Fprintf(&c.b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">`+"\n", w, h, w, h)
	fmt.Fprintf(&c.b, "<title>%s</title>\n", esc(title))
	fmt.Fprintf(&c.b, `<rect x="0" y="0" width="%g" height="%g" fill="#ffffff"/>`+"\n", w, h)
	c.text(w/2, 22, "middle", 15, "bold", title)
	return c
}

func (c *canvas) text(x, y float64, anchor string, size float64, weight, s string) {
	fmt.Fprintf(&c.b, `<text x="%.1f" y="%.1f" text-anchor="%s" font-size="%g"`, x, y, anchor, size)
	if weight != "" {
		fmt.Fprintf(&c.b, ` font-weight="%s"`, weight)
	}
	fmt.Fprintf(&c.b, ">%s</text>\n", esc(s))
}

// wrapped writes s centred at x on up to two lines, split at the space
// nearest the middle when it is longer than width characters.
func (c *canvas) wrapped(x, y float64, size float64, s string, width int) {
	lines := []string{s}
	if len(s) > width {
		best := -1
		for i, r := range s {
			if r == ' ' && (best < 0 || abs(i-len(s)/2) < abs(best-len(s)/2)) {
				best = i
			}
		}
		if best > 0 {
			lines = []string{s[:best], s[best+1:]}
		}
	}
	fmt.Fprintf(&c.b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="%g">`, x, y, size)
	for i, l := range lines {
		dy := 0.0
		if i > 0 {
			dy = size + 2
		}
		fmt.Fprintf(&c.b, `<tspan x="%.1f" dy="%.1f">%s</tspan>`, x, dy, esc(l))
	}
	c.b.WriteString("</text>\n")
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (c *canvas) rect(x, y, w, h float64, fill, title string) {
	if h < 0 {
		y, h = y+h, -h
	}
	fmt.Fprintf(&c.b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s">`, x, y, w, h, fill)
	if title != "" {
		fmt.Fprintf(&c.b, "<title>%s</title>", esc(title))
	}
	c.b.WriteString("</rect>\n")
}

func (c *canvas) line(x1, y1, x2, y2 float64, stroke string, width float64, dash string) {
	fmt.Fprintf(&c.b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%g"`, x1, y1, x2, y2, stroke, width)
	if dash != "" {
		fmt.Fprintf(&c.b, ` stroke-dasharray="%s"`, dash)
	}
	c.b.WriteString("/>\n")
}

func (c *canvas) done() string {
	c.b.WriteString("</svg>\n")
	return c.b.String()
}

// legend draws the variant names with their colours, top right.
func (c *canvas) legend(names []string, x, y float64) {
	for i, n := range names {
		yy := y + float64(i)*18
		c.rect(x, yy-10, 12, 12, colour(i), "")
		c.text(x+18, yy, "start", 12, "", n)
	}
}

// niceStep returns a round tick step (1, 2 or 5 × 10^k) giving about n
// ticks up to hi.
func niceStep(hi float64, n int) float64 {
	if hi <= 0 {
		return 1
	}
	raw := hi / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			return m * mag
		}
	}
	return 10 * mag
}

func tickLabel(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.3f", v), "0"), ".")
}

// axes draws a y axis from 0 to top with grid lines over the plot area.
type plot struct {
	x0, y0, x1, y1 float64 // plot area: left, top, right, bottom
	top            float64
}

func (p plot) y(v float64) float64 { return p.y1 - (p.y1-p.y0)*v/p.top }

func (c *canvas) axes(p plot, step float64, ylabel string) {
	for v := 0.0; v <= p.top+1e-9; v += step {
		y := p.y(v)
		c.line(p.x0, y, p.x1, y, "#dddddd", 1, "")
		c.text(p.x0-6, y+4, "end", 11, "", tickLabel(v))
	}
	c.line(p.x0, p.y0, p.x0, p.y1, "#333333", 1, "")
	c.line(p.x0, p.y1, p.x1, p.y1, "#333333", 1, "")
	fmt.Fprintf(&c.b, `<text x="14" y="%.1f" text-anchor="middle" font-size="12" transform="rotate(-90 14 %.1f)">%s</text>`+"\n",
		(p.y0+p.y1)/2, (p.y0+p.y1)/2, esc(ylabel))
}

func (r *Report) names() []string {
	var out []string
	for _, m := range r.Variants {
		out = append(out, m.Variant)
	}
	return out
}

// winRateSVG: win rate per seat with 95% Wilson intervals, grouped by seat.
func (r *Report) winRateSVG() string {
	maxSeats := 1
	for _, m := range r.Variants {
		maxSeats = max(maxSeats, len(m.Seats))
	}
	nv := max(1, len(r.Variants))
	w := math.Max(560, 120+float64(maxSeats*nv)*40+float64(maxSeats)*30)
	c := newCanvas(w, 380, "Win rate by seat (95% Wilson interval)")
	p := plot{x0: 60, y0: 50, x1: w - 190, y1: 330, top: 1}
	c.axes(p, 0.2, "win rate")
	gw := (p.x1 - p.x0) / float64(maxSeats)
	bw := math.Min(36, (gw-20)/float64(nv))
	for j := 0; j < maxSeats; j++ {
		gx := p.x0 + gw*float64(j) + (gw-bw*float64(nv))/2
		c.text(p.x0+gw*(float64(j)+0.5), p.y1+18, "middle", 12, "", fmt.Sprintf("seat %d", j+1))
		for i, m := range r.Variants {
			if j >= len(m.Seats) {
				continue
			}
			x := gx + bw*float64(i)
			v := m.WinRate[j]
			c.rect(x+2, p.y(v), bw-4, p.y(0)-p.y(v), colour(i),
				fmt.Sprintf("%s, %s: %.3f [%.3f, %.3f]", m.Variant, m.Seats[j], v, m.WinCI[j].Lo, m.WinCI[j].Hi))
			cx := x + bw/2
			lo, hi := p.y(m.WinCI[j].Lo), p.y(m.WinCI[j].Hi)
			c.line(cx, lo, cx, hi, "#222222", 1.5, "")
			c.line(cx-5, lo, cx+5, lo, "#222222", 1.5, "")
			c.line(cx-5, hi, cx+5, hi, "#222222", 1.5, "")
			c.text(cx, p.y1+32, "middle", 10, "", m.Seats[j])
		}
	}
	// the even share, 1/seats, when every variant has the same number of seats
	even := -1
	for _, m := range r.Variants {
		if even == -1 {
			even = len(m.Seats)
		} else if even != len(m.Seats) {
			even = 0
		}
	}
	if even > 0 {
		y := p.y(1 / float64(even))
		c.line(p.x0, y, p.x1, y, "#555555", 1, "5,4")
		c.text(p.x1-2, y-4, "end", 10, "", fmt.Sprintf("even share 1/%d", even))
	}
	c.legend(r.names(), p.x1+20, p.y0+10)
	return c.done()
}

// Histogram holds the game lengths binned on bins shared by all variants.
type Histogram struct {
	// Width is the bin width in plies: bin k holds lengths k·Width to
	// (k+1)·Width − 1.
	Width int `json:"bin_width"`
	// Counts are the games per bin, per variant in the order compared.
	Counts [][]int `json:"counts"`
	games  []int
}

// buildHistogram bins the game lengths: about 20 bins of a round width
// from 0 to the longest game.
func buildHistogram(tallies []*Tally) Histogram {
	longest := 0
	for _, t := range tallies {
		longest = max(longest, t.longest())
	}
	h := Histogram{Width: max(1, int(niceStep(float64(longest+1), 20)))}
	bins := longest/h.Width + 1
	for _, t := range tallies {
		counts := make([]int, bins)
		for plies, games := range t.lengths {
			counts[plies/h.Width] += games
		}
		h.Counts = append(h.Counts, counts)
		h.games = append(h.games, t.n)
	}
	return h
}

// lengthSVG: game-length histograms, one panel per variant on a shared x
// axis, the height of a bar being the share of the variant's games.
func (r *Report) lengthSVG() string {
	h := r.Lengths
	nv := len(h.Counts)
	panel := 130.0
	w := 720.0
	c := newCanvas(w, 60+panel*float64(max(1, nv))+30, "Game length (share of games per bin of plies)")
	bins := 1
	top := 0.0
	for i, counts := range h.Counts {
		bins = max(bins, len(counts))
		for _, k := range counts {
			if h.games[i] > 0 {
				top = math.Max(top, float64(k)/float64(h.games[i]))
			}
		}
	}
	if top == 0 {
		top = 1
	}
	step := niceStep(top, 3)
	top = math.Ceil(top/step-1e-9) * step
	for i, counts := range h.Counts {
		y0 := 50 + panel*float64(i)
		p := plot{x0: 60, y0: y0 + 18, x1: w - 30, y1: y0 + panel - 22, top: top}
		c.axes(p, step, "share")
		c.text(p.x0+4, y0+12, "start", 12, "bold", r.Variants[i].Variant)
		bw := (p.x1 - p.x0) / float64(bins)
		for k, n := range counts {
			if n == 0 || h.games[i] == 0 {
				continue
			}
			v := float64(n) / float64(h.games[i])
			c.rect(p.x0+bw*float64(k)+0.5, p.y(v), math.Max(1, bw-1), p.y(0)-p.y(v), colour(i),
				fmt.Sprintf("%d–%d plies: %d games", k*h.Width, (k+1)*h.Width-1, n))
		}
		// x ticks
		every := max(1, bins/10)
		for k := 0; k <= bins; k += every {
			x := p.x0 + bw*float64(k)
			c.line(x, p.y1, x, p.y1+4, "#333333", 1, "")
			c.text(x, p.y1+15, "middle", 10, "", fmt.Sprint(k*h.Width))
		}
	}
	c.text(w/2, 60+panel*float64(max(1, nv))+18, "middle", 12, "", "plies")
	return c.done()
}

// outcomesSVG: the share of games decided, drawn and stopped, one stacked
// bar per variant.
func (r *Report) outcomesSVG() string {
	nv := max(1, len(r.Variants))
	w := 720.0
	c := newCanvas(w, 50+float64(nv)*40+40, "Outcomes: decided, drawn, stopped at the ply limit")
	x0, x1 := 170.0, w-30
	parts := []struct {
		name, fill string
		get        func(m *Metrics) float64
	}{
		{"decided", "#59a14f", func(m *Metrics) float64 { return m.Completion }},
		{"draw", "#bab0ac", func(m *Metrics) float64 { return m.Drawishness }},
		{"timeout", "#e15759", func(m *Metrics) float64 { return m.TimeoutRate }},
	}
	for i := range r.Variants {
		m := &r.Variants[i]
		y := 50 + float64(i)*40
		c.text(x0-8, y+17, "end", 12, "", m.Variant)
		x := x0
		for _, pt := range parts {
			v := pt.get(m)
			wd := (x1 - x0) * v
			if wd <= 0 {
				continue
			}
			c.rect(x, y, wd, 26, pt.fill, fmt.Sprintf("%s %s: %.3f", m.Variant, pt.name, v))
			if wd > 40 {
				c.text(x+wd/2, y+17, "middle", 11, "", fmt.Sprintf("%.0f%%", 100*v))
			}
			x += wd
		}
	}
	ly := 50 + float64(nv)*40 + 18
	for k, pt := range parts {
		x := x0 + float64(k)*120
		c.rect(x, ly-10, 12, 12, pt.fill, "")
		c.text(x+18, ly, "start", 12, "", pt.name)
	}
	return c.done()
}

// branchingSVG: the mean branching factor per tenth of the game, one line
// per variant.
func (r *Report) branchingSVG() string {
	w := 720.0
	c := newCanvas(w, 380, "Branching factor over the game (mean legal moves per tenth)")
	top := 1.0
	for _, m := range r.Variants {
		for _, v := range m.BranchingByDecile {
			top = math.Max(top, v)
		}
	}
	step := niceStep(top, 5)
	top = math.Ceil(top/step-1e-9) * step
	p := plot{x0: 60, y0: 50, x1: w - 190, y1: 330, top: top}
	c.axes(p, step, "legal moves")
	dx := (p.x1 - p.x0) / Deciles
	for k := 0; k <= Deciles; k++ {
		x := p.x0 + dx*float64(k)
		c.line(x, p.y1, x, p.y1+4, "#333333", 1, "")
		c.text(x, p.y1+16, "middle", 10, "", fmt.Sprintf("%d%%", k*100/Deciles))
	}
	c.text((p.x0+p.x1)/2, p.y1+34, "middle", 12, "", "progress through the game")
	for i, m := range r.Variants {
		var pts []string
		for k, v := range m.BranchingByDecile {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", p.x0+dx*(float64(k)+0.5), p.y(v)))
		}
		fmt.Fprintf(&c.b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", strings.Join(pts, " "), colour(i))
		for k, v := range m.BranchingByDecile {
			fmt.Fprintf(&c.b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s</title></circle>`+"\n",
				p.x0+dx*(float64(k)+0.5), p.y(v), colour(i), esc(fmt.Sprintf("%s, %d–%d%%: %.2f", m.Variant, k*10, k*10+10, v)))
		}
	}
	c.legend(r.names(), p.x1+20, p.y0+10)
	return c.done()
}

// foulsSVG: fouls, calls, takebacks and eliminations per game, grouped by
// measure, for the variants with a foul.
func (r *Report) foulsSVG() string {
	type measure struct {
		name string
		get  func(f *FoulMetrics) float64
	}
	var ms []measure
	if r.CallFouls {
		ms = append(ms,
			measure{"fouls committed", func(f *FoulMetrics) float64 { return f.Committed }},
			measure{"fouls called", func(f *FoulMetrics) float64 { return f.Called }},
			measure{"takebacks spent", func(f *FoulMetrics) float64 { return f.TakebacksSpent }},
			measure{"eliminated by a call", func(f *FoulMetrics) float64 { return f.FoulEliminations }})
	}
	ms = append(ms, measure{"seats eliminated", func(f *FoulMetrics) float64 { return f.Eliminations }})
	var vs []int
	for i, m := range r.Variants {
		if m.Fouls != nil {
			vs = append(vs, i)
		}
	}
	w := 720.0
	title := "Fouls and takebacks per game"
	if !r.CallFouls {
		title += " (fouls not called: run with --call-fouls)"
	}
	c := newCanvas(w, 380, title)
	top := 0.0
	for _, i := range vs {
		for _, mm := range ms {
			top = math.Max(top, mm.get(r.Variants[i].Fouls))
		}
	}
	if top == 0 {
		top = 1
	}
	step := niceStep(top, 5)
	top = math.Ceil(top/step-1e-9) * step
	p := plot{x0: 60, y0: 50, x1: w - 190, y1: 330, top: top}
	c.axes(p, step, "per game")
	gw := (p.x1 - p.x0) / float64(len(ms))
	bw := math.Min(36, (gw-16)/float64(max(1, len(vs))))
	for k, mm := range ms {
		gx := p.x0 + gw*float64(k) + (gw-bw*float64(len(vs)))/2
		c.wrapped(p.x0+gw*(float64(k)+0.5), p.y1+18, 11, mm.name, int(gw/7))
		for n, i := range vs {
			v := mm.get(r.Variants[i].Fouls)
			c.rect(gx+bw*float64(n)+2, p.y(v), bw-4, p.y(0)-p.y(v), colour(i), fmt.Sprintf("%s, %s: %.3f", r.Variants[i].Variant, mm.name, v))
		}
	}
	var names []string
	for _, i := range vs {
		names = append(names, r.Variants[i].Variant)
	}
	// keep each variant's colour: draw the legend entries one by one
	for n, i := range vs {
		yy := p.y0 + 10 + float64(n)*18
		c.rect(p.x1+20, yy-10, 12, 12, colour(i), "")
		c.text(p.x1+38, yy, "start", 12, "", names[n])
	}
	return c.done()
}
