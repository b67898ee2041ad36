// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/optional.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// Presence without pointers. The contract tells an absent property from a present one whose value
// is Go's zero value (arrayIndex 0, status false, an empty string), so an optional property is an
// Opt[T]: a value and whether it was set. A property that may be null is a Nullable[T]. Slices and
// maps need neither: nil is "absent" and an empty one is present.

// Opt is an optional property: Set says whether it is present.
type Opt[T any] struct {
	// Value is the property's value when Set.
	Value T
	// Set is true when the property is present.
	Set bool
}

// Some is a present optional property.
func Some[T any](value T) Opt[T] {
	return Opt[T]{Value: value, Set: true}
}

// Get is the value and whether it is present.
func (o Opt[T]) Get() (T, bool) {
	return o.Value, o.Set
}

// Or is the value when present, else fallback.
func (o Opt[T]) Or(fallback T) T {
	if o.Set {
		return o.Value
	}
	return fallback
}

// Nullable is a property the schema allows to be null: Set says whether it is present, Null
// whether it is the literal null.
type Nullable[T any] struct {
	// Value is the property's value when Set and not Null.
	Value T
	// Set is true when the property is present (null included).
	Set bool
	// Null is true when the property is present as null.
	Null bool
}

// NullableOf is a present, non-null property.
func NullableOf[T any](value T) Nullable[T] {
	return Nullable[T]{Value: value, Set: true}
}

// Null is a property present as the literal null.
func Null[T any]() Nullable[T] {
	return Nullable[T]{Set: true, Null: true}
}

// Get is the value and whether it is present and not null.
func (n Nullable[T]) Get() (T, bool) {
	return n.Value, n.Set && !n.Null
}
