// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/logging/logging.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

// Package logging holds the plugin's logs: NewLogger is the service's logger for LOG_FORMAT and LOG_LEVEL (log/slog): one
// JSON object per line or one readable line per record, control characters escaped either way, so
// nothing a caller sends can forge a log line; each line of a request carries its request id.
package logging

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// The levels beyond slog's four, named as Node names them: LOG_LEVEL takes trace and fatal.
const (
	LevelTrace = slog.LevelDebug - 4
	LevelFatal = slog.LevelError + 4
)

var logLevels = map[string]slog.Level{
	"trace": LevelTrace, "debug": slog.LevelDebug, "info": slog.LevelInfo,
	"warn": slog.LevelWarn, "warning": slog.LevelWarn, "error": slog.LevelError,
	"fatal": LevelFatal, "critical": LevelFatal,
}

// NewLogger is the service's logger: format is LOG_FORMAT (text, json) and level LOG_LEVEL, by
// Node's names or a Python plugin's (critical, warning), in any case; "" is text and info, as
// when the variable is not set. A log line written with a request's context carries its id.
func NewLogger(w io.Writer, format, level string) (*slog.Logger, error) {
	threshold, known := slog.LevelInfo, true
	if name := strings.ToLower(strings.TrimSpace(level)); name != "" {
		threshold, known = logLevels[name]
	}
	if !known {
		return nil, errors.New("LOG_LEVEL must be one of critical, error, warning, info, debug, trace (fatal and warn too)")
	}
	switch strings.ToLower(strings.TrimSpace(format)) {
	case "", "text":
		return slog.New(&textHandler{mu: &sync.Mutex{}, w: w, level: threshold}), nil
	case "json":
		options := &slog.HandlerOptions{Level: threshold, ReplaceAttr: sharedKeys}
		return slog.New(requestIDHandler{slog.NewJSONHandler(c1EscapingWriter{w}, options)}), nil
	}
	return nil, errors.New("LOG_FORMAT must be one of text, json")
}

// levelName is the name of a level in either format, one of LogLevels (TRACE, DEBUG, INFO, WARN,
// ERROR, FATAL), as every language names it.
func levelName(level slog.Level) string {
	switch {
	case level <= LevelTrace:
		return LogLevels[0]
	case level < slog.LevelInfo:
		return LogLevels[1]
	case level < slog.LevelWarn:
		return LogLevels[2]
	case level < slog.LevelError:
		return LogLevels[3]
	case level < LevelFatal:
		return LogLevels[4]
	}
	return LogLevels[5]
}

// logTimeLayout is a record's time as every language writes it: RFC 3339 in UTC, milliseconds.
const logTimeLayout = "2006-01-02T15:04:05.000Z07:00"

// sharedKeys gives a JSON record the keys and forms every language writes
// (scaffold/codegen/cases/log_records.json): LogTimeKey in UTC to the millisecond, LogLevelKey
// named by levelName, the text under LogMessageKey (slog's own keys are time, level and msg).
func sharedKeys(groups []string, attr slog.Attr) slog.Attr {
	if len(groups) > 0 {
		return attr
	}
	switch attr.Key {
	case slog.TimeKey:
		if when, ok := attr.Value.Any().(time.Time); ok {
			return slog.String(LogTimeKey, when.UTC().Format(logTimeLayout))
		}
	case slog.LevelKey:
		if level, ok := attr.Value.Any().(slog.Level); ok {
			return slog.String(LogLevelKey, levelName(level))
		}
	case slog.MessageKey:
		return slog.Attr{Key: LogMessageKey, Value: attr.Value}
	}
	return attr
}

// requestIDHandler adds the request id of the record's context to each JSON record, unless the
// record names one itself (one key once: a JSON reader keeps either of two).
type requestIDHandler struct{ slog.Handler }

func (h requestIDHandler) Handle(ctx context.Context, record slog.Record) error {
	if id := RequestIDFrom(ctx); id != "" && !namesRequestID(record) {
		record.AddAttrs(slog.String(requestIDField, id))
	}
	return h.Handler.Handle(ctx, record)
}

func namesRequestID(record slog.Record) (named bool) {
	record.Attrs(func(attr slog.Attr) bool {
		named = attr.Key == requestIDField
		return !named
	})
	return named
}

func (h requestIDHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return requestIDHandler{h.Handler.WithAttrs(attrs)}
}

func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return requestIDHandler{h.Handler.WithGroup(name)}
}

// c1EscapingWriter writes the JSON handler's lines with C1 control characters (U+0080-U+009F)
// as \u escapes: slog writes them raw, and U+0085 ends a line for some readers. In slog's JSON
// they can only stand inside a string, where the escape means the same character.
type c1EscapingWriter struct{ w io.Writer }

func (c c1EscapingWriter) Write(line []byte) (int, error) {
	if !bytes.Contains(line, []byte{0xc2}) { // every C1 character is 0xc2 0x80-0x9f in UTF-8
		return c.w.Write(line)
	}
	out := make([]byte, 0, len(line)+16)
	for i := 0; i < len(line); i++ {
		if line[i] == 0xc2 && i+1 < len(line) && line[i+1] >= 0x80 && line[i+1] <= 0x9f {
			out = fmt.Appendf(out, `\u%04x`, line[i+1]) // 0xc2 0x85 is U+0085
			i++
			continue
		}
		out = append(out, line[i])
	}
	if _, err := c.w.Write(out); err != nil {
		return 0, err
	}
	return len(line), nil
}

// textHandler writes `time LEVEL message key=value... [request_id=...]`, one line per record,
// like a TypeScript plugin's text log: the time in UTC to the millisecond, control characters of
// the message and values escaped. The access line shows its message only: it says it all.
type textHandler struct {
	mu     *sync.Mutex // one for the handler and its clones: a line is one Write
	w      io.Writer
	level  slog.Level
	prefix string // the groups opened by WithGroup, as `group.`
	attrs  []byte // the attributes given to WithAttrs, written already
}

func (h *textHandler) Enabled(_ context.Context, level slog.Level) bool { return level >= h.level }

func (h *textHandler) Handle(ctx context.Context, record slog.Record) error {
	line := make([]byte, 0, 256)
	if !record.Time.IsZero() {
		line = append(record.Time.UTC().AppendFormat(line, logTimeLayout), ' ')
	}
	line = append(line, levelName(record.Level)...)
	line = appendLogEscaped(append(line, ' '), record.Message)
	id := RequestIDFrom(ctx)
	access, _ := ctx.Value(accessLineKey{}).(bool)
	if !access {
		line = append(line, h.attrs...)
	}
	record.Attrs(func(attr slog.Attr) bool {
		if attr.Key == requestIDField && h.prefix == "" { // written once, at the end
			id = attr.Value.String()
		} else if !access {
			line = appendTextAttr(line, h.prefix, attr)
		}
		return true
	})
	if id != "" {
		line = appendLogEscaped(append(line, " ["+requestIDField+"="...), id)
		line = append(line, ']')
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	_, err := h.w.Write(append(line, '\n'))
	return err
}

func (h *textHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	clone := *h
	clone.attrs = append([]byte(nil), h.attrs...)
	for _, attr := range attrs {
		clone.attrs = appendTextAttr(clone.attrs, h.prefix, attr)
	}
	return &clone
}

func (h *textHandler) WithGroup(name string) slog.Handler {
	clone := *h
	clone.prefix = h.prefix + name + "."
	return &clone
}

// appendTextAttr writes ` key=value`; a value with a space, quote, `=` or control character is
// quoted with Go's escapes, so it stays one value on the same line.
func appendTextAttr(line []byte, prefix string, attr slog.Attr) []byte {
	attr.Value = attr.Value.Resolve()
	if attr.Equal(slog.Attr{}) {
		return line
	}
	if attr.Value.Kind() == slog.KindGroup {
		if attr.Key != "" { // a group without a name: its members stand on their own
			prefix += attr.Key + "."
		}
		for _, member := range attr.Value.Group() {
			line = appendTextAttr(line, prefix, member)
		}
		return line
	}
	line = appendLogEscaped(append(line, ' '), prefix+attr.Key)
	value := attr.Value.String()
	if value == "" || strings.ContainsAny(value, " \"=") || HasControl(value) {
		return strconv.AppendQuote(append(line, '='), value)
	}
	return append(append(line, '='), value...)
}

// IsControl: characters that end a line for some reader (a terminal, Python's splitlines, a
// log shipper) or that a terminal obeys (ANSI escapes start with ESC): C0, DEL, C1, U+2028/9.
func IsControl(c rune) bool {
	return c < 0x20 || c >= 0x7f && c <= 0x9f || c == 0x2028 || c == 0x2029
}

func HasControl(text string) bool {
	for _, c := range text {
		if IsControl(c) {
			return true
		}
	}
	return false
}

var namedLogEscapes = map[rune]string{'\n': `\n`, '\r': `\r`, '\t': `\t`}

// appendLogEscaped writes text with each control character as an escape (\n, \x1b, \u2028), as a
// Python plugin does, and each byte that is no UTF-8 as \xNN.
func appendLogEscaped(line []byte, text string) []byte {
	if utf8.ValidString(text) && !HasControl(text) { // the common case: copied as it is
		return append(line, text...)
	}
	for i := 0; i < len(text); {
		c, size := utf8.DecodeRuneInString(text[i:])
		named, isNamed := namedLogEscapes[c]
		switch {
		case c == utf8.RuneError && size == 1:
			line = fmt.Appendf(line, `\x%02x`, text[i])
		case isNamed:
			line = append(line, named...)
		case !IsControl(c):
			line = append(line, text[i:i+size]...)
		case c < 0x100:
			line = fmt.Appendf(line, `\x%02x`, c)
		default:
			line = fmt.Appendf(line, `\u%04x`, c)
		}
		i += size
	}
	return line
}

// requestIDField is the key of a record's request id (LogRequestIDKey, shared by every language).
const requestIDField = LogRequestIDKey

// requestIDKey is the context key of a request's id (WithRequestID, RequestIDFrom).
type requestIDKey struct{}

// accessLineKey marks the context of the access line: its message already says what its fields
// hold, so the text format writes only the message.
type accessLineKey struct{}

// WithRequestID is ctx carrying the id of the request it belongs to: every line logged with it
// carries that id.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestIDFrom is the id of the request ctx belongs to, "" outside a request.
func RequestIDFrom(ctx context.Context) string {
	if ctx == nil {
		return ""
	}
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

type loggerKey struct{}

// WithLogger is ctx carrying the service's logger, for FromContext.
func WithLogger(ctx context.Context, logger *slog.Logger) context.Context {
	return context.WithValue(ctx, loggerKey{}, logger)
}

// FromContext is the logger of the request ctx belongs to (the one WithLogger put there, else
// slog.Default()), bound to it: every line carries the request's id in either format, whether the
// call that logs it passes a context or not (logger.Info as well as logger.InfoContext). Lines
// logged with slog.Default() and a request's context carry it too, as main sets the service's
// logger as the default.
func FromContext(ctx context.Context) *slog.Logger {
	logger, _ := ctx.Value(loggerKey{}).(*slog.Logger)
	if logger == nil {
		logger = slog.Default()
	}
	return slog.New(boundHandler{logger.Handler(), ctx})
}

// boundHandler hands its records to the wrapped handler with the request's context, unless the
// call gave one of a request itself.
type boundHandler struct {
	slog.Handler
	ctx context.Context
}

func (h boundHandler) Handle(ctx context.Context, record slog.Record) error {
	if RequestIDFrom(ctx) == "" {
		ctx = h.ctx
	}
	return h.Handler.Handle(ctx, record)
}

func (h boundHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return boundHandler{h.Handler.WithAttrs(attrs), h.ctx}
}

func (h boundHandler) WithGroup(name string) slog.Handler {
	return boundHandler{h.Handler.WithGroup(name), h.ctx}
}

// AccessLine is ctx marked as the access line's (its fields are not repeated in the text format).
func AccessLine(ctx context.Context) context.Context {
	return context.WithValue(ctx, accessLineKey{}, true)
}
