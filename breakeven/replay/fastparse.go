package replay

// fastParse reads a line of the usual shape, an object whose values are
// whole numbers or lists of them, without reflection; ok is false for
// anything else (another value type, a syntax error, a duplicate key),
// and the caller then reads the line with encoding/json, which also words
// the error.
func fastParse(b []byte, ids []int64) (raw rawRequest, ok bool) {
	i := 0
	ws := func() {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
			i++
		}
	}
	num := func() (int64, bool) {
		neg := false
		if i < len(b) && b[i] == '-' {
			neg = true
			i++
		}
		start := i
		var v int64
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			if v > (1<<62)/10 {
				return 0, false
			}
			v = v*10 + int64(b[i]-'0')
			i++
		}
		if i == start || (i-start > 1 && b[start] == '0') {
			return 0, false
		}
		if i < len(b) && (b[i] == '.' || b[i] == 'e' || b[i] == 'E') {
			return 0, false
		}
		if neg {
			v = -v
		}
		return v, true
	}
	ws()
	if i >= len(b) || b[i] != '{' {
		return raw, false
	}
	i++
	var ts, in, out int64
	seen := 0
	for first := true; ; first = false {
		ws()
		if i < len(b) && b[i] == '}' && first {
			i++
			break
		}
		if i >= len(b) || b[i] != '"' {
			return raw, false
		}
		i++
		start := i
		for i < len(b) && b[i] != '"' && b[i] != '\\' {
			i++
		}
		if i >= len(b) || b[i] != '"' {
			return raw, false
		}
		key := string(b[start:i])
		i++
		ws()
		if i >= len(b) || b[i] != ':' {
			return raw, false
		}
		i++
		ws()
		var bit int
		switch key {
		case "timestamp", "input_length", "output_length":
			v, ok := num()
			if !ok {
				return raw, false
			}
			switch key {
			case "timestamp":
				ts, bit = v, 1
			case "input_length":
				in, bit = v, 2
			default:
				out, bit = v, 4
			}
		case "hash_ids":
			bit = 8
			if i >= len(b) || b[i] != '[' {
				return raw, false
			}
			i++
			ws()
			ids = ids[:0]
			if i < len(b) && b[i] == ']' {
				i++
			} else {
				for {
					ws()
					v, ok := num()
					if !ok {
						return raw, false
					}
					ids = append(ids, v)
					ws()
					if i < len(b) && b[i] == ',' {
						i++
						continue
					}
					if i < len(b) && b[i] == ']' {
						i++
						break
					}
					return raw, false
				}
			}
		default:
			return raw, false
		}
		if seen&bit != 0 {
			return raw, false
		}
		seen |= bit
		ws()
		if i < len(b) && b[i] == ',' {
			i++
			continue
		}
		if i < len(b) && b[i] == '}' {
			i++
			break
		}
		return raw, false
	}
	ws()
	if i != len(b) {
		return raw, false
	}
	if int64(int(in)) != in || int64(int(out)) != out {
		return raw, false
	}
	inI, outI := int(in), int(out)
	if seen&1 != 0 {
		raw.Timestamp = &ts
	}
	if seen&2 != 0 {
		raw.InputLength = &inI
	}
	if seen&4 != 0 {
		raw.OutputLength = &outI
	}
	if seen&8 != 0 {
		raw.HashIDs = ids
		if raw.HashIDs == nil {
			raw.HashIDs = []int64{}
		}
	}
	return raw, true
}
