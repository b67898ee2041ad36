// Code generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95); run `scaffold regenerate`. DO NOT EDIT.

package contract

func decodeLocaleArrayItem(r *Reader, v *LocaleArrayItem) {
	if !r.BeginObject() {
		return
	}
	var seen uint64
	for r.NextKey() {
		switch string(r.Key()) {
		case "lang":
			r.Enter("lang")
			seen |= 1 << 0
			v.Lang = r.String()
			r.Leave()
		case "value":
			r.Enter("value")
			seen |= 1 << 1
			v.Value = r.String()
			r.Leave()
		default:
			r.Skip()
		}
	}
	if seen&(1<<0) == 0 {
		r.Enter("lang")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
	if seen&(1<<1) == 0 {
		r.Enter("value")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
}

func appendLocaleArrayItem(b []byte, v *LocaleArrayItem) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	b = appendKey(b, &n, "\"lang\":")
	b = AppendString(b, v.Lang)
	b = appendKey(b, &n, "\"value\":")
	b = AppendString(b, v.Value)
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's LocaleArrayItem.
func (v LocaleArrayItem) MarshalJSON() ([]byte, error) {
	return appendLocaleArrayItem(nil, &v)
}

// UnmarshalJSON reads data as the contract's LocaleArrayItem, as strictly as the plugin reads requests.
func (v *LocaleArrayItem) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeLocaleArrayItem(r, v)
	r.End()
	return readError(r)
}

func decodeModuleMetadata(r *Reader, v *ModuleMetadata) {
	if !r.BeginObject() {
		return
	}
	var seen uint64
	for r.NextKey() {
		switch string(r.Key()) {
		case "name":
			r.Enter("name")
			seen |= 1 << 0
			v.Name = r.String()
			r.Leave()
		case "title":
			r.Enter("title")
			seen |= 1 << 1
			if r.BeginArray() {
				v.Title = []LocaleArrayItem{}
				for i0 := 0; r.NextItem(); i0++ {
					r.EnterIndex(i0)
					var item0 LocaleArrayItem
					decodeLocaleArrayItem(r, &item0)
					v.Title = append(v.Title, item0)
					r.Leave()
				}
			}
			r.Leave()
		case "description":
			r.Enter("description")
			seen |= 1 << 2
			if r.BeginArray() {
				v.Description = []LocaleArrayItem{}
				for i1 := 0; r.NextItem(); i1++ {
					r.EnterIndex(i1)
					var item1 LocaleArrayItem
					decodeLocaleArrayItem(r, &item1)
					v.Description = append(v.Description, item1)
					r.Leave()
				}
			}
			r.Leave()
		case "version":
			r.Enter("version")
			seen |= 1 << 3
			v.Version = r.String()
			r.Leave()
		case "entryPoint":
			r.Enter("entryPoint")
			seen |= 1 << 4
			v.EntryPoint = r.String()
			r.Leave()
		case "frontendHost":
			r.Enter("frontendHost")
			seen |= 1 << 5
			v.FrontendHost = r.String()
			r.Leave()
		case "scope":
			r.Enter("scope")
			seen |= 1 << 6
			v.Scope = r.String()
			r.Leave()
		case "components":
			r.Enter("components")
			seen |= 1 << 7
			if r.BeginArray() {
				v.Components = []string{}
				for i2 := 0; r.NextItem(); i2++ {
					r.EnterIndex(i2)
					var item2 string
					item2 = r.String()
					v.Components = append(v.Components, item2)
					r.Leave()
				}
			}
			r.Leave()
		case "canAddToDashboard":
			r.Enter("canAddToDashboard")
			v.CanAddToDashboard.Set = true
			v.CanAddToDashboard.Value = r.Bool()
			r.Leave()
		default:
			r.Skip()
		}
	}
	if seen&(1<<0) == 0 {
		r.Enter("name")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
	if seen&(1<<1) == 0 {
		r.Enter("title")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
	if seen&(1<<2) == 0 {
		r.Enter("description")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
	if seen&(1<<3) == 0 {
		r.Enter("version")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
	if seen&(1<<4) == 0 {
		r.Enter("entryPoint")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
	if seen&(1<<5) == 0 {
		r.Enter("frontendHost")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
	if seen&(1<<6) == 0 {
		r.Enter("scope")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
	if seen&(1<<7) == 0 {
		r.Enter("components")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
}

func appendModuleMetadata(b []byte, v *ModuleMetadata) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	b = appendKey(b, &n, "\"name\":")
	b = AppendString(b, v.Name)
	b = appendKey(b, &n, "\"title\":")
	b = append(b, '[')
	for i0 := range v.Title {
		if i0 > 0 {
			b = append(b, ',')
		}
		b, err = appendLocaleArrayItem(b, &v.Title[i0])
		if err != nil {
			return b, err
		}
	}
	b = append(b, ']')
	b = appendKey(b, &n, "\"description\":")
	b = append(b, '[')
	for i1 := range v.Description {
		if i1 > 0 {
			b = append(b, ',')
		}
		b, err = appendLocaleArrayItem(b, &v.Description[i1])
		if err != nil {
			return b, err
		}
	}
	b = append(b, ']')
	b = appendKey(b, &n, "\"version\":")
	b = AppendString(b, v.Version)
	b = appendKey(b, &n, "\"entryPoint\":")
	b = AppendString(b, v.EntryPoint)
	b = appendKey(b, &n, "\"frontendHost\":")
	b = AppendString(b, v.FrontendHost)
	b = appendKey(b, &n, "\"scope\":")
	b = AppendString(b, v.Scope)
	b = appendKey(b, &n, "\"components\":")
	b = append(b, '[')
	for i2 := range v.Components {
		if i2 > 0 {
			b = append(b, ',')
		}
		b = AppendString(b, v.Components[i2])
	}
	b = append(b, ']')
	if v.CanAddToDashboard.Set {
		b = appendKey(b, &n, "\"canAddToDashboard\":")
		b = AppendBool(b, v.CanAddToDashboard.Value)
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's ModuleMetadata.
func (v ModuleMetadata) MarshalJSON() ([]byte, error) {
	return appendModuleMetadata(nil, &v)
}

// UnmarshalJSON reads data as the contract's ModuleMetadata, as strictly as the plugin reads requests.
func (v *ModuleMetadata) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeModuleMetadata(r, v)
	r.End()
	return readError(r)
}

func decodeDemoStatusPayload(r *Reader, v *DemoStatusPayload) {
	if !r.BeginObject() {
		return
	}
	var seen uint64
	for r.NextKey() {
		switch string(r.Key()) {
		case "message":
			r.Enter("message")
			seen |= 1 << 0
			v.Message = r.String()
			r.Leave()
		default:
			r.Skip()
		}
	}
	if seen&(1<<0) == 0 {
		r.Enter("message")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
}

func appendDemoStatusPayload(b []byte, v *DemoStatusPayload) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	b = appendKey(b, &n, "\"message\":")
	b = AppendString(b, v.Message)
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's DemoStatusPayload.
func (v DemoStatusPayload) MarshalJSON() ([]byte, error) {
	return appendDemoStatusPayload(nil, &v)
}

// UnmarshalJSON reads data as the contract's DemoStatusPayload, as strictly as the plugin reads requests.
func (v *DemoStatusPayload) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeDemoStatusPayload(r, v)
	r.End()
	return readError(r)
}

func decodeDemoStatusValue(r *Reader, v *DemoStatusValue) {
	before := r.ProblemCount()
	*v = DemoStatusValue(r.String())
	if r.ProblemCount() == before && !v.Valid() {
		r.Problem(r.Place(), "choice")
	}
}

func appendDemoStatusValue(b []byte, v *DemoStatusValue) ([]byte, error) {
	var err error
	b = AppendString(b, string(*v))
	return b, err
}

// MarshalJSON writes v as the contract's DemoStatusValue.
func (v DemoStatusValue) MarshalJSON() ([]byte, error) {
	return appendDemoStatusValue(nil, &v)
}

// UnmarshalJSON reads data as the contract's DemoStatusValue, as strictly as the plugin reads requests.
func (v *DemoStatusValue) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeDemoStatusValue(r, v)
	r.End()
	return readError(r)
}

func decodeModuleContextPresence(r *Reader, v *ModuleContextPresence) {
	before := r.ProblemCount()
	*v = ModuleContextPresence(r.String())
	if r.ProblemCount() == before && !v.Valid() {
		r.Problem(r.Place(), "choice")
	}
}

func appendModuleContextPresence(b []byte, v *ModuleContextPresence) ([]byte, error) {
	var err error
	b = AppendString(b, string(*v))
	return b, err
}

// MarshalJSON writes v as the contract's ModuleContextPresence.
func (v ModuleContextPresence) MarshalJSON() ([]byte, error) {
	return appendModuleContextPresence(nil, &v)
}

// UnmarshalJSON reads data as the contract's ModuleContextPresence, as strictly as the plugin reads requests.
func (v *ModuleContextPresence) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeModuleContextPresence(r, v)
	r.End()
	return readError(r)
}

func decodeDemoStatusResponse(r *Reader, v *DemoStatusResponse) {
	if !r.BeginObject() {
		return
	}
	var seen uint64
	for r.NextKey() {
		switch string(r.Key()) {
		case "status":
			r.Enter("status")
			seen |= 1 << 0
			decodeDemoStatusValue(r, &v.Status)
			r.Leave()
		case "message":
			r.Enter("message")
			seen |= 1 << 1
			v.Message = r.String()
			r.Leave()
		case "payload":
			r.Enter("payload")
			v.Payload.Set = true
			decodeDemoStatusPayload(r, &v.Payload.Value)
			r.Leave()
		case "moduleContext":
			r.Enter("moduleContext")
			v.ModuleContext.Set = true
			decodeModuleContextPresence(r, &v.ModuleContext.Value)
			r.Leave()
		default:
			r.Skip()
		}
	}
	if seen&(1<<0) == 0 {
		r.Enter("status")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
	if seen&(1<<1) == 0 {
		r.Enter("message")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
}

func appendDemoStatusResponse(b []byte, v *DemoStatusResponse) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	b = appendKey(b, &n, "\"status\":")
	b, err = appendDemoStatusValue(b, &v.Status)
	if err != nil {
		return b, err
	}
	b = appendKey(b, &n, "\"message\":")
	b = AppendString(b, v.Message)
	if v.Payload.Set {
		b = appendKey(b, &n, "\"payload\":")
		b, err = appendDemoStatusPayload(b, &v.Payload.Value)
		if err != nil {
			return b, err
		}
	}
	if v.ModuleContext.Set {
		b = appendKey(b, &n, "\"moduleContext\":")
		b, err = appendModuleContextPresence(b, &v.ModuleContext.Value)
		if err != nil {
			return b, err
		}
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's DemoStatusResponse.
func (v DemoStatusResponse) MarshalJSON() ([]byte, error) {
	return appendDemoStatusResponse(nil, &v)
}

// UnmarshalJSON reads data as the contract's DemoStatusResponse, as strictly as the plugin reads requests.
func (v *DemoStatusResponse) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeDemoStatusResponse(r, v)
	r.End()
	return readError(r)
}

func decodeDemoStatusError(r *Reader, v *DemoStatusError) {
	if !r.BeginObject() {
		return
	}
	var seen uint64
	for r.NextKey() {
		switch string(r.Key()) {
		case "error":
			r.Enter("error")
			seen |= 1 << 0
			before3 := r.ProblemCount()
			v.Error = r.Bool()
			if r.ProblemCount() == before3 && v.Error != true {
				r.Problem(r.Place(), "choice")
			}
			r.Leave()
		case "message":
			r.Enter("message")
			seen |= 1 << 1
			v.Message = r.String()
			r.Leave()
		default:
			r.Skip()
		}
	}
	if seen&(1<<0) == 0 {
		r.Enter("error")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
	if seen&(1<<1) == 0 {
		r.Enter("message")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
}

func appendDemoStatusError(b []byte, v *DemoStatusError) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	b = appendKey(b, &n, "\"error\":")
	b = AppendBool(b, v.Error)
	b = appendKey(b, &n, "\"message\":")
	b = AppendString(b, v.Message)
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's DemoStatusError.
func (v DemoStatusError) MarshalJSON() ([]byte, error) {
	return appendDemoStatusError(nil, &v)
}

// UnmarshalJSON reads data as the contract's DemoStatusError, as strictly as the plugin reads requests.
func (v *DemoStatusError) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeDemoStatusError(r, v)
	r.End()
	return readError(r)
}
