// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/jsonio/jsonkeys.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package jsonio

// This file keeps the keys of the objects the Reader of jsonread.go has open, to hand the current
// one to the decoder and to refuse a key given twice in one object. Keys are unescaped into one
// buffer shared by all open objects (an object's keys go when it closes), so a key costs no
// allocation; a small object is searched linearly, a large one through a hash set of its own,
// seeded per process so that a body cannot be built to make every key collide.

import (
	"bytes"
	"hash/maphash"
)

// jrLinearKeys: objects with up to this many keys are searched key by key.
const jrLinearKeys = 16

var jrKeySeed = maphash.MakeSeed()

// jrSpan is where one key lies in Reader.keys.
type jrSpan struct{ start, end int }

// readKey reads the key string at r.pos and adds it to the keys of the innermost object.
func (r *Reader) readKey() bool {
	start, end, escaped, ok := r.scanString()
	if !ok {
		return false
	}
	from := len(r.keys)
	if escaped {
		r.keys = jrUnescape(r.keys, r.data[start:end])
	} else {
		r.keys = append(r.keys, r.data[start:end]...)
	}
	r.spans = append(r.spans, jrSpan{from, len(r.keys)})
	return true
}

func (r *Reader) keyAt(span int) []byte {
	s := r.spans[span]
	return r.keys[s.start:s.end:s.end]
}

// duplicateKey reports whether the last key read equals an earlier key of object frame i.
func (r *Reader) duplicateKey(i int) bool {
	f := &r.frames[i]
	last := len(r.spans) - 1
	if last-f.spans <= jrLinearKeys {
		key := r.keyAt(last)
		for s := f.spans; s < last; s++ {
			if bytes.Equal(r.keyAt(s), key) {
				return true
			}
		}
		return false
	}
	if 2*(last-f.spans+1) > len(f.index) {
		r.rebuildKeyIndex(f, last)
	}
	return r.addKey(f, last)
}

// rebuildKeyIndex makes object f's hash set room for twice its keys (up to span last, which is
// not added) and fills it again.
func (r *Reader) rebuildKeyIndex(f *jrFrame, last int) {
	size := 64
	for size < 4*(last-f.spans+1) {
		size *= 2
	}
	if cap(f.index) >= size {
		f.index = f.index[:size]
		clear(f.index)
	} else {
		f.index = make([]int, size)
	}
	for s := f.spans; s < last; s++ {
		r.addKey(f, s)
	}
}

// addKey adds span s to object f's hash set, which holds span numbers plus one (0: empty slot),
// reporting whether an equal key was there already (the set then stays as it was).
func (r *Reader) addKey(f *jrFrame, s int) bool {
	key := r.keyAt(s)
	mask := len(f.index) - 1
	slot := int(maphash.Bytes(jrKeySeed, key)) & mask
	for {
		held := f.index[slot]
		if held == 0 {
			f.index[slot] = s + 1
			return false
		}
		if bytes.Equal(r.keyAt(held-1), key) {
			return true
		}
		slot = (slot + 1) & mask
	}
}
