// Package gguf reads and writes the GGUF file format of llama.cpp
// (version 3): a header, typed key-value metadata, tensor descriptions,
// and the tensor data, each tensor aligned. It is the small part of the
// format the engine's model files need: writing a model of a given shape
// with generated weights, and copying a tokenizer's metadata from a
// vocab-only file of the llama.cpp tree. The layout follows llama.cpp's
// ggml/include/gguf.h and docs/gguf.md.
package gguf

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
)

// Magic is the file's first four bytes; Version the format version
// written; Alignment the default alignment of tensor data.
const (
	Magic     = "GGUF"
	Version   = 3
	Alignment = 32
)

// ValueType is the type of a metadata value (gguf_type).
type ValueType uint32

// The metadata value types.
const (
	Uint8   ValueType = 0
	Int8    ValueType = 1
	Uint16  ValueType = 2
	Int16   ValueType = 3
	Uint32  ValueType = 4
	Int32   ValueType = 5
	Float32 ValueType = 6
	Bool    ValueType = 7
	String  ValueType = 8
	Array   ValueType = 9
	Uint64  ValueType = 10
	Int64   ValueType = 11
	Float64 ValueType = 12
)

// size returns the encoded size of a fixed-size type, 0 for a string or
// an array.
func (t ValueType) size() int {
	switch t {
	case Uint8, Int8, Bool:
		return 1
	case Uint16, Int16:
		return 2
	case Uint32, Int32, Float32:
		return 4
	case Uint64, Int64, Float64:
		return 8
	}
	return 0
}

// TensorType is a tensor's element type (ggml_type); only the two
// unquantized float types are written here.
type TensorType uint32

// The tensor element types written.
const (
	TypeF32 TensorType = 0
	TypeF16 TensorType = 1
)

// Size is the bytes per element.
func (t TensorType) Size() int {
	if t == TypeF16 {
		return 2
	}
	return 4
}

// KV is one metadata entry. Raw holds the encoded value (after the type),
// so an entry read from one file is written to another unchanged; Value
// holds a scalar's or string's decoded value (nil for an array), and Len
// and Elem an array's length and element type.
type KV struct {
	Key   string
	Type  ValueType
	Raw   []byte
	Value any
	Elem  ValueType
	Len   uint64
}

// TensorInfo describes one tensor: its name, its dimensions (fastest
// first, as ggml orders them), its type, and its data's offset from the
// start of the data section.
type TensorInfo struct {
	Name   string
	Dims   []uint64
	Type   TensorType
	Offset uint64
}

// Elements is the number of elements of the tensor.
func (t TensorInfo) Elements() uint64 {
	n := uint64(1)
	for _, d := range t.Dims {
		n *= d
	}
	return n
}

// Bytes is the size of the tensor's data.
func (t TensorInfo) Bytes() uint64 { return t.Elements() * uint64(t.Type.Size()) }

// File is a GGUF file's metadata and tensor descriptions.
type File struct {
	Version uint32
	KVs     []KV
	Tensors []TensorInfo
}

// Get returns the entry with the given key.
func (f *File) Get(key string) (KV, bool) {
	for _, kv := range f.KVs {
		if kv.Key == key {
			return kv, true
		}
	}
	return KV{}, false
}

// maxString and maxCount bound what a reader accepts, so that a corrupt
// file is an error rather than an allocation of its declared size.
const (
	maxString = 1 << 24
	maxCount  = 1 << 28
)

type reader struct {
	r   *bufio.Reader
	err error
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r.r, b); err != nil {
		r.err = err
		return nil
	}
	return b
}

func (r *reader) u32() uint32 {
	b := r.bytes(4)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint32(b)
}

func (r *reader) u64() uint64 {
	b := r.bytes(8)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint64(b)
}

func (r *reader) str() string {
	n := r.u64()
	if r.err == nil && n > maxString {
		r.err = fmt.Errorf("string of %d bytes", n)
	}
	return string(r.bytes(int(n)))
}

// value reads one value of type t, returning its encoding and, for a
// scalar or string, its decoded value.
func (r *reader) value(t ValueType) (raw []byte, v any, elem ValueType, n uint64) {
	switch t {
	case String:
		s := r.str()
		return appendString(nil, s), s, 0, 0
	case Array:
		elem = ValueType(r.u32())
		n = r.u64()
		if r.err == nil && (n > maxCount || elem == Array) {
			r.err = fmt.Errorf("array of %d elements of type %d", n, elem)
			return nil, nil, 0, 0
		}
		raw = binary.LittleEndian.AppendUint32(nil, uint32(elem))
		raw = binary.LittleEndian.AppendUint64(raw, n)
		for i := uint64(0); i < n && r.err == nil; i++ {
			b, _, _, _ := r.value(elem)
			raw = append(raw, b...)
		}
		return raw, nil, elem, n
	}
	size := t.size()
	if size == 0 {
		r.err = fmt.Errorf("unknown value type %d", t)
		return nil, nil, 0, 0
	}
	b := r.bytes(size)
	if b == nil {
		return nil, nil, 0, 0
	}
	return b, decode(t, b), 0, 0
}

func decode(t ValueType, b []byte) any {
	le := binary.LittleEndian
	switch t {
	case Uint8:
		return b[0]
	case Int8:
		return int8(b[0])
	case Bool:
		return b[0] != 0
	case Uint16:
		return le.Uint16(b)
	case Int16:
		return int16(le.Uint16(b))
	case Uint32:
		return le.Uint32(b)
	case Int32:
		return int32(le.Uint32(b))
	case Float32:
		return math.Float32frombits(le.Uint32(b))
	case Uint64:
		return le.Uint64(b)
	case Int64:
		return int64(le.Uint64(b))
	case Float64:
		return math.Float64frombits(le.Uint64(b))
	}
	return nil
}

// Read reads a GGUF file's metadata and tensor descriptions (not the
// tensor data).
func Read(r io.Reader) (*File, error) {
	rd := &reader{r: bufio.NewReaderSize(r, 1<<20)}
	if m := rd.bytes(4); rd.err == nil && string(m) != Magic {
		return nil, fmt.Errorf("not a GGUF file (magic %q)", m)
	}
	f := &File{Version: rd.u32()}
	if rd.err == nil && f.Version != 2 && f.Version != 3 {
		return nil, fmt.Errorf("GGUF version %d, want 3", f.Version)
	}
	nt, nkv := rd.u64(), rd.u64()
	if rd.err == nil && (nt > maxCount || nkv > maxCount) {
		return nil, fmt.Errorf("%d tensors and %d metadata entries", nt, nkv)
	}
	for i := uint64(0); i < nkv && rd.err == nil; i++ {
		kv := KV{Key: rd.str(), Type: ValueType(rd.u32())}
		kv.Raw, kv.Value, kv.Elem, kv.Len = rd.value(kv.Type)
		f.KVs = append(f.KVs, kv)
	}
	for i := uint64(0); i < nt && rd.err == nil; i++ {
		t := TensorInfo{Name: rd.str()}
		nd := rd.u32()
		if rd.err == nil && nd > 4 {
			return nil, fmt.Errorf("tensor %q has %d dimensions", t.Name, nd)
		}
		for j := uint32(0); j < nd; j++ {
			t.Dims = append(t.Dims, rd.u64())
		}
		t.Type = TensorType(rd.u32())
		t.Offset = rd.u64()
		f.Tensors = append(f.Tensors, t)
	}
	if rd.err != nil {
		if errors.Is(rd.err, io.EOF) {
			rd.err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("reading GGUF: %w", rd.err)
	}
	return f, nil
}

// ReadFile reads the metadata and tensor descriptions of the file at path.
func ReadFile(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	f, err := Read(fh)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

func appendString(b []byte, s string) []byte {
	b = binary.LittleEndian.AppendUint64(b, uint64(len(s)))
	return append(b, s...)
}

// Str, U32, F32 and Bool make metadata entries of those types.
func Str(key, v string) KV { return KV{Key: key, Type: String, Raw: appendString(nil, v), Value: v} }

// U32 makes a uint32 entry.
func U32(key string, v uint32) KV {
	return KV{Key: key, Type: Uint32, Raw: binary.LittleEndian.AppendUint32(nil, v), Value: v}
}

// F32 makes a float32 entry.
func F32(key string, v float32) KV {
	return KV{Key: key, Type: Float32, Raw: binary.LittleEndian.AppendUint32(nil, math.Float32bits(v)), Value: v}
}

// Tensor is a tensor to write: its description (the offset is computed)
// and a function that writes exactly its data.
type Tensor struct {
	Info TensorInfo
	Data func(w io.Writer) error
}

// Write writes a GGUF v3 file: the header, the entries in order, the
// tensor descriptions with offsets aligned to Alignment, and each
// tensor's data, padded with zeros to the alignment.
func Write(w io.Writer, kvs []KV, tensors []Tensor) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	le := binary.LittleEndian
	var b []byte
	b = append(b, Magic...)
	b = le.AppendUint32(b, Version)
	b = le.AppendUint64(b, uint64(len(tensors)))
	b = le.AppendUint64(b, uint64(len(kvs)))
	for _, kv := range kvs {
		b = appendString(b, kv.Key)
		b = le.AppendUint32(b, uint32(kv.Type))
		b = append(b, kv.Raw...)
	}
	var off uint64
	for i := range tensors {
		t := &tensors[i].Info
		t.Offset = off
		b = appendString(b, t.Name)
		b = le.AppendUint32(b, uint32(len(t.Dims)))
		for _, d := range t.Dims {
			b = le.AppendUint64(b, d)
		}
		b = le.AppendUint32(b, uint32(t.Type))
		b = le.AppendUint64(b, t.Offset)
		off = pad(off + t.Bytes())
	}
	b = append(b, make([]byte, pad(uint64(len(b)))-uint64(len(b)))...)
	if _, err := bw.Write(b); err != nil {
		return err
	}
	for _, t := range tensors {
		cw := &countWriter{w: bw}
		if err := t.Data(cw); err != nil {
			return fmt.Errorf("tensor %s: %w", t.Info.Name, err)
		}
		if cw.n != t.Info.Bytes() {
			return fmt.Errorf("tensor %s: wrote %d bytes, want %d", t.Info.Name, cw.n, t.Info.Bytes())
		}
		if _, err := bw.Write(make([]byte, pad(cw.n)-cw.n)); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func pad(n uint64) uint64 { return (n + Alignment - 1) / Alignment * Alignment }

type countWriter struct {
	w io.Writer
	n uint64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += uint64(n)
	return n, err
}

// Float16 returns the IEEE 754 half-precision bits nearest to f (ties to
// even); values beyond the half range become infinities.
func Float16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int32(b>>23&0xff) - 127 + 15
	mant := b & 0x7fffff
	switch {
	case b&0x7fffffff > 0x7f800000: // NaN
		return sign | 0x7e00
	case exp >= 0x1f: // overflow or infinity
		return sign | 0x7c00
	case exp <= 0: // subnormal or zero
		if exp < -10 {
			return sign
		}
		mant |= 0x800000
		shift := uint32(14 - exp)
		h := mant >> shift
		rem := mant & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rem > half || (rem == half && h&1 == 1) {
			h++
		}
		return sign | uint16(h)
	}
	h := uint32(exp)<<10 | mant>>13
	rem := mant & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && h&1 == 1) {
		h++ // may carry into the exponent, which is the right rounding
	}
	return sign | uint16(h)
}
