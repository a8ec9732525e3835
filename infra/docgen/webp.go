package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"slices"
)

// encodeWebP writes a grey image as a lossless WebP (VP8L), which Go's standard library cannot:
// the subtract-green transform makes red and blue constant, so only green needs a real prefix
// code, built from the image's grey-level histogram. No backward references, no colour cache:
// small code, a file a fifth the size of the raw pixels for a document.
func encodeWebP(g *image.Gray) []byte {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	var bw bitWriter
	bw.bits(0x2f, 8) // VP8L signature
	bw.bits(uint64(w-1), 14)
	bw.bits(uint64(h-1), 14)
	bw.bits(0, 1) // no alpha
	bw.bits(0, 3) // version 0
	bw.bits(1, 1) // a transform:
	bw.bits(2, 2) // subtract green
	bw.bits(0, 1) // no more transforms
	bw.bits(0, 1) // no colour cache
	bw.bits(0, 1) // no meta prefix codes

	var freq [280]int // green alphabet: 256 literals, 24 length codes, no cache
	for y := 0; y < h; y++ {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			freq[v]++
		}
	}
	lengths := huffmanLengths(freq[:], 15)
	codes := canonical(lengths)
	bw.normalCode(lengths)
	bw.simpleCode(0)   // red: always 0 after subtract green
	bw.simpleCode(0)   // blue
	bw.simpleCode(255) // alpha
	bw.simpleCode(0)   // distance: unused
	for y := 0; y < h; y++ {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			bw.code(codes[v], lengths[v])
		}
	}
	data := bw.flush()

	var out bytes.Buffer
	size := len(data)
	pad := size % 2
	out.WriteString("RIFF")
	binary.Write(&out, binary.LittleEndian, uint32(4+8+size+pad))
	out.WriteString("WEBPVP8L")
	binary.Write(&out, binary.LittleEndian, uint32(size))
	out.Write(data)
	if pad == 1 {
		out.WriteByte(0)
	}
	return out.Bytes()
}

// bitWriter packs bits least significant first, as VP8L reads them.
type bitWriter struct {
	buf  []byte
	acc  uint64
	nacc uint
}

func (b *bitWriter) bits(v uint64, n uint) {
	b.acc |= v << b.nacc
	b.nacc += n
	for b.nacc >= 8 {
		b.buf = append(b.buf, byte(b.acc))
		b.acc >>= 8
		b.nacc -= 8
	}
}

// code writes a prefix code most significant bit first, as the decoder walks the tree.
func (b *bitWriter) code(c uint32, n uint8) {
	for i := int(n) - 1; i >= 0; i-- {
		b.bits(uint64(c>>uint(i))&1, 1)
	}
}

func (b *bitWriter) flush() []byte {
	if b.nacc > 0 {
		b.buf = append(b.buf, byte(b.acc))
		b.acc, b.nacc = 0, 0
	}
	return b.buf
}

// simpleCode writes a prefix code of a single 8-bit symbol, which then costs no bits per use.
func (b *bitWriter) simpleCode(symbol uint64) {
	b.bits(1, 1) // simple
	b.bits(0, 1) // one symbol
	b.bits(1, 1) // of 8 bits
	b.bits(symbol, 8)
}

// codeLengthOrder is the order in which the code-length code's lengths are written.
var codeLengthOrder = [19]int{17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}

// normalCode writes code lengths as literals 0-15 (no repeat codes), themselves prefix-coded.
func (b *bitWriter) normalCode(lengths []uint8) {
	var freq [19]int
	for _, l := range lengths {
		freq[l]++
	}
	clLengths := huffmanLengths(freq[:], 7)
	clCodes := canonical(clLengths)
	n := 19
	for n > 4 && clLengths[codeLengthOrder[n-1]] == 0 {
		n--
	}
	b.bits(0, 1) // normal
	b.bits(uint64(n-4), 4)
	for _, s := range codeLengthOrder[:n] {
		b.bits(uint64(clLengths[s]), 3)
	}
	b.bits(0, 1) // lengths for the whole alphabet
	for _, l := range lengths {
		b.code(clCodes[l], clLengths[l])
	}
}

// huffmanLengths returns prefix code lengths no longer than limit for the symbols with a nonzero
// frequency. Frequencies are flattened until the tree fits the limit. At least two symbols get a
// code, so that every code is a proper tree.
func huffmanLengths(freq []int, limit int) []uint8 {
	f := slices.Clone(freq)
	used := 0
	for _, v := range f {
		if v > 0 {
			used++
		}
	}
	for i := 0; used < 2 && i < len(f); i++ {
		if f[i] == 0 {
			f[i] = 1
			used++
		}
	}
	for {
		lengths := treeLengths(f)
		if slices.Max(lengths) <= uint8(limit) {
			return lengths
		}
		for i, v := range f {
			if v > 0 {
				f[i] = v/2 + 1
			}
		}
	}
}

// treeLengths builds a Huffman tree the simple quadratic way (alphabets here are small).
func treeLengths(freq []int) []uint8 {
	type node struct {
		weight      int
		left, right int // children, -1 for a leaf
		symbol      int
	}
	var nodes []node
	var live []int
	for s, v := range freq {
		if v > 0 {
			nodes = append(nodes, node{weight: v, left: -1, right: -1, symbol: s})
			live = append(live, len(nodes)-1)
		}
	}
	for len(live) > 1 {
		slices.SortStableFunc(live, func(a, b int) int { return nodes[a].weight - nodes[b].weight })
		a, b := live[0], live[1]
		nodes = append(nodes, node{weight: nodes[a].weight + nodes[b].weight, left: a, right: b, symbol: -1})
		live = append(live[2:], len(nodes)-1)
	}
	lengths := make([]uint8, len(freq))
	var walk func(n int, depth uint8)
	walk = func(n int, depth uint8) {
		if nodes[n].left < 0 {
			lengths[nodes[n].symbol] = depth
			return
		}
		walk(nodes[n].left, depth+1)
		walk(nodes[n].right, depth+1)
	}
	walk(live[0], 0)
	return lengths
}

// canonical assigns canonical codes: shorter first, then by symbol.
func canonical(lengths []uint8) []uint32 {
	var count [16]uint32
	for _, l := range lengths {
		if l > 0 {
			count[l]++
		}
	}
	var next [16]uint32
	code := uint32(0)
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	codes := make([]uint32, len(lengths))
	for s, l := range lengths {
		if l > 0 {
			codes[s] = next[l]
			next[l]++
		}
	}
	return codes
}
