// Code generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de); run `scaffold regenerate`. DO NOT EDIT.

package contract

import "fmt"

func decodePluginMetadata(r *Reader, v *PluginMetadata) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "name":
			r.Enter("name")
			v.Name.Set = true
			v.Name.Value = r.String()
			r.Leave()
		case "title":
			r.Enter("title")
			if r.BeginArray() {
				v.Title = []LocalizedString{}
				for i0 := 0; r.NextItem(); i0++ {
					r.EnterIndex(i0)
					var item0 LocalizedString
					decodeLocalizedString(r, &item0)
					v.Title = append(v.Title, item0)
					r.Leave()
				}
			}
			r.Leave()
		case "version":
			r.Enter("version")
			v.Version.Set = true
			v.Version.Value = r.String()
			r.Leave()
		case "description":
			r.Enter("description")
			if r.BeginArray() {
				v.Description = []LocalizedString{}
				for i1 := 0; r.NextItem(); i1++ {
					r.EnterIndex(i1)
					var item1 LocalizedString
					decodeLocalizedString(r, &item1)
					v.Description = append(v.Description, item1)
					r.Leave()
				}
			}
			r.Leave()
		case "queryHelp":
			r.Enter("queryHelp")
			if r.BeginArray() {
				v.QueryHelp = []LocalizedString{}
				for i2 := 0; r.NextItem(); i2++ {
					r.EnterIndex(i2)
					var item2 LocalizedString
					decodeLocalizedString(r, &item2)
					v.QueryHelp = append(v.QueryHelp, item2)
					r.Leave()
				}
			}
			r.Leave()
		case "baseUrl":
			r.Enter("baseUrl")
			v.BaseURL.Set = true
			v.BaseURL.Value = r.String()
			r.Leave()
		case "author":
			r.Enter("author")
			v.Author.Set = true
			if r.IsNull() {
				r.Null()
				v.Author.Null = true
			} else {
				v.Author.Value = r.String()
			}
			r.Leave()
		case "website":
			r.Enter("website")
			v.Website.Set = true
			if r.IsNull() {
				r.Null()
				v.Website.Null = true
			} else {
				before4 := r.ProblemCount()
				v.Website.Value = r.String()
				if r.ProblemCount() == before4 && !isAbsoluteURI(v.Website.Value) {
					r.Problem(r.Place(), "range")
				}
			}
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendPluginMetadata(b []byte, v *PluginMetadata) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.Name.Set {
		b = appendKey(b, &n, "\"name\":")
		b = AppendString(b, v.Name.Value)
	}
	if v.Title != nil {
		b = appendKey(b, &n, "\"title\":")
		b = append(b, '[')
		for i0 := range v.Title {
			if i0 > 0 {
				b = append(b, ',')
			}
			b, err = appendLocalizedString(b, &v.Title[i0])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	if v.Version.Set {
		b = appendKey(b, &n, "\"version\":")
		b = AppendString(b, v.Version.Value)
	}
	if v.Description != nil {
		b = appendKey(b, &n, "\"description\":")
		b = append(b, '[')
		for i1 := range v.Description {
			if i1 > 0 {
				b = append(b, ',')
			}
			b, err = appendLocalizedString(b, &v.Description[i1])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	if v.QueryHelp != nil {
		b = appendKey(b, &n, "\"queryHelp\":")
		b = append(b, '[')
		for i2 := range v.QueryHelp {
			if i2 > 0 {
				b = append(b, ',')
			}
			b, err = appendLocalizedString(b, &v.QueryHelp[i2])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	if v.BaseURL.Set {
		b = appendKey(b, &n, "\"baseUrl\":")
		b = AppendString(b, v.BaseURL.Value)
	}
	if v.Author.Set {
		b = appendKey(b, &n, "\"author\":")
		if v.Author.Null || !v.Author.Set {
			b = append(b, "null"...)
		} else {
			b = AppendString(b, v.Author.Value)
		}
	}
	if v.Website.Set {
		b = appendKey(b, &n, "\"website\":")
		if v.Website.Null || !v.Website.Set {
			b = append(b, "null"...)
		} else {
			b = AppendString(b, v.Website.Value)
		}
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's PluginMetadata.
func (v PluginMetadata) MarshalJSON() ([]byte, error) {
	return appendPluginMetadata(nil, &v)
}

// UnmarshalJSON reads data as the contract's PluginMetadata, as strictly as the plugin reads requests.
func (v *PluginMetadata) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodePluginMetadata(r, v)
	r.End()
	return readError(r)
}

func decodeLocalizedString(r *Reader, v *LocalizedString) {
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

func appendLocalizedString(b []byte, v *LocalizedString) ([]byte, error) {
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

// MarshalJSON writes v as the contract's LocalizedString.
func (v LocalizedString) MarshalJSON() ([]byte, error) {
	return appendLocalizedString(nil, &v)
}

// UnmarshalJSON reads data as the contract's LocalizedString, as strictly as the plugin reads requests.
func (v *LocalizedString) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeLocalizedString(r, v)
	r.End()
	return readError(r)
}

func decodePluginContext(r *Reader, v *PluginContext) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "orgID":
			r.Enter("orgID")
			v.OrgID.Set = true
			v.OrgID.Value = r.Int64()
			r.Leave()
		case "pluginID":
			r.Enter("pluginID")
			v.PluginID.Set = true
			v.PluginID.Value = r.String()
			r.Leave()
		case "dataSourceInstanceSettings":
			r.Enter("dataSourceInstanceSettings")
			v.DataSourceInstanceSettings.Set = true
			decodeDatasourceConfig(r, &v.DataSourceInstanceSettings.Value)
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendPluginContext(b []byte, v *PluginContext) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.OrgID.Set {
		b = appendKey(b, &n, "\"orgID\":")
		b = AppendInt(b, v.OrgID.Value)
	}
	if v.PluginID.Set {
		b = appendKey(b, &n, "\"pluginID\":")
		b = AppendString(b, v.PluginID.Value)
	}
	if v.DataSourceInstanceSettings.Set {
		b = appendKey(b, &n, "\"dataSourceInstanceSettings\":")
		b, err = appendDatasourceConfig(b, &v.DataSourceInstanceSettings.Value)
		if err != nil {
			return b, err
		}
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's PluginContext.
func (v PluginContext) MarshalJSON() ([]byte, error) {
	return appendPluginContext(nil, &v)
}

// UnmarshalJSON reads data as the contract's PluginContext, as strictly as the plugin reads requests.
func (v *PluginContext) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodePluginContext(r, v)
	r.End()
	return readError(r)
}

func decodeDatasourceConfig(r *Reader, v *DatasourceConfig) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "fields":
			r.Enter("fields")
			if r.BeginArray() {
				v.Fields = []DatasourceField{}
				for i0 := 0; r.NextItem(); i0++ {
					r.EnterIndex(i0)
					var item0 DatasourceField
					decodeDatasourceField(r, &item0)
					v.Fields = append(v.Fields, item0)
					r.Leave()
				}
			}
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendDatasourceConfig(b []byte, v *DatasourceConfig) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.Fields != nil {
		b = appendKey(b, &n, "\"fields\":")
		b = append(b, '[')
		for i0 := range v.Fields {
			if i0 > 0 {
				b = append(b, ',')
			}
			b, err = appendDatasourceField(b, &v.Fields[i0])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's DatasourceConfig.
func (v DatasourceConfig) MarshalJSON() ([]byte, error) {
	return appendDatasourceConfig(nil, &v)
}

// UnmarshalJSON reads data as the contract's DatasourceConfig, as strictly as the plugin reads requests.
func (v *DatasourceConfig) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeDatasourceConfig(r, v)
	r.End()
	return readError(r)
}

func decodeDatasourceField(r *Reader, v *DatasourceField) {
	if !r.BeginObject() {
		return
	}
	var seen uint64
	for r.NextKey() {
		switch string(r.Key()) {
		case "code":
			r.Enter("code")
			seen |= 1 << 0
			v.Code = r.String()
			r.Leave()
		case "name":
			r.Enter("name")
			v.Name.Set = true
			v.Name.Value = r.String()
			r.Leave()
		case "description":
			r.Enter("description")
			v.Description.Set = true
			v.Description.Value = r.String()
			r.Leave()
		case "required":
			r.Enter("required")
			v.Required.Set = true
			v.Required.Value = r.Bool()
			r.Leave()
		case "max":
			r.Enter("max")
			v.Max.Set = true
			v.Max.Value = r.Int32()
			r.Leave()
		case "min":
			r.Enter("min")
			v.Min.Set = true
			v.Min.Value = r.Int32()
			r.Leave()
		case "maxLength":
			r.Enter("maxLength")
			v.MaxLength.Set = true
			v.MaxLength.Value = r.Int32()
			r.Leave()
		case "minLength":
			r.Enter("minLength")
			v.MinLength.Set = true
			v.MinLength.Value = r.Int32()
			r.Leave()
		case "maxFileSize":
			r.Enter("maxFileSize")
			v.MaxFileSize.Set = true
			v.MaxFileSize.Value = r.Int32()
			r.Leave()
		case "acceptFile":
			r.Enter("acceptFile")
			v.AcceptFile.Set = true
			v.AcceptFile.Value = r.String()
			r.Leave()
		case "readOnly":
			r.Enter("readOnly")
			v.ReadOnly.Set = true
			v.ReadOnly.Value = r.Bool()
			r.Leave()
		case "options":
			r.Enter("options")
			if r.BeginArray() {
				v.Options = []DatasourceFieldOption{}
				for i0 := 0; r.NextItem(); i0++ {
					r.EnterIndex(i0)
					var item0 DatasourceFieldOption
					decodeDatasourceFieldOption(r, &item0)
					v.Options = append(v.Options, item0)
					r.Leave()
				}
			}
			r.Leave()
		case "placeholder":
			r.Enter("placeholder")
			v.Placeholder.Set = true
			v.Placeholder.Value = r.String()
			r.Leave()
		case "type":
			r.Enter("type")
			v.Type.Set = true
			decodeDatasourceFieldType(r, &v.Type.Value)
			r.Leave()
		case "validationRule":
			r.Enter("validationRule")
			v.ValidationRule.Set = true
			v.ValidationRule.Value = r.String()
			r.Leave()
		case "validationMessage":
			r.Enter("validationMessage")
			v.ValidationMessage.Set = true
			v.ValidationMessage.Value = r.String()
			r.Leave()
		case "value":
			r.Enter("value")
			v.Value.Set = true
			v.Value.Value = r.String()
			r.Leave()
		default:
			r.Skip()
		}
	}
	if seen&(1<<0) == 0 {
		r.Enter("code")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
}

func appendDatasourceField(b []byte, v *DatasourceField) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	b = appendKey(b, &n, "\"code\":")
	b = AppendString(b, v.Code)
	if v.Name.Set {
		b = appendKey(b, &n, "\"name\":")
		b = AppendString(b, v.Name.Value)
	}
	if v.Description.Set {
		b = appendKey(b, &n, "\"description\":")
		b = AppendString(b, v.Description.Value)
	}
	if v.Required.Set {
		b = appendKey(b, &n, "\"required\":")
		b = AppendBool(b, v.Required.Value)
	}
	if v.Max.Set {
		b = appendKey(b, &n, "\"max\":")
		b = AppendInt(b, int64(v.Max.Value))
	}
	if v.Min.Set {
		b = appendKey(b, &n, "\"min\":")
		b = AppendInt(b, int64(v.Min.Value))
	}
	if v.MaxLength.Set {
		b = appendKey(b, &n, "\"maxLength\":")
		b = AppendInt(b, int64(v.MaxLength.Value))
	}
	if v.MinLength.Set {
		b = appendKey(b, &n, "\"minLength\":")
		b = AppendInt(b, int64(v.MinLength.Value))
	}
	if v.MaxFileSize.Set {
		b = appendKey(b, &n, "\"maxFileSize\":")
		b = AppendInt(b, int64(v.MaxFileSize.Value))
	}
	if v.AcceptFile.Set {
		b = appendKey(b, &n, "\"acceptFile\":")
		b = AppendString(b, v.AcceptFile.Value)
	}
	if v.ReadOnly.Set {
		b = appendKey(b, &n, "\"readOnly\":")
		b = AppendBool(b, v.ReadOnly.Value)
	}
	if v.Options != nil {
		b = appendKey(b, &n, "\"options\":")
		b = append(b, '[')
		for i0 := range v.Options {
			if i0 > 0 {
				b = append(b, ',')
			}
			b, err = appendDatasourceFieldOption(b, &v.Options[i0])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	if v.Placeholder.Set {
		b = appendKey(b, &n, "\"placeholder\":")
		b = AppendString(b, v.Placeholder.Value)
	}
	if v.Type.Set {
		b = appendKey(b, &n, "\"type\":")
		b, err = appendDatasourceFieldType(b, &v.Type.Value)
		if err != nil {
			return b, err
		}
	}
	if v.ValidationRule.Set {
		b = appendKey(b, &n, "\"validationRule\":")
		b = AppendString(b, v.ValidationRule.Value)
	}
	if v.ValidationMessage.Set {
		b = appendKey(b, &n, "\"validationMessage\":")
		b = AppendString(b, v.ValidationMessage.Value)
	}
	if v.Value.Set {
		b = appendKey(b, &n, "\"value\":")
		b = AppendString(b, v.Value.Value)
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's DatasourceField.
func (v DatasourceField) MarshalJSON() ([]byte, error) {
	return appendDatasourceField(nil, &v)
}

// UnmarshalJSON reads data as the contract's DatasourceField, as strictly as the plugin reads requests.
func (v *DatasourceField) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeDatasourceField(r, v)
	r.End()
	return readError(r)
}

func decodeDatasourceFieldOption(r *Reader, v *DatasourceFieldOption) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "label":
			r.Enter("label")
			v.Label.Set = true
			v.Label.Value = r.String()
			r.Leave()
		case "value":
			r.Enter("value")
			v.Value.Set = true
			v.Value.Value = r.String()
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendDatasourceFieldOption(b []byte, v *DatasourceFieldOption) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.Label.Set {
		b = appendKey(b, &n, "\"label\":")
		b = AppendString(b, v.Label.Value)
	}
	if v.Value.Set {
		b = appendKey(b, &n, "\"value\":")
		b = AppendString(b, v.Value.Value)
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's DatasourceFieldOption.
func (v DatasourceFieldOption) MarshalJSON() ([]byte, error) {
	return appendDatasourceFieldOption(nil, &v)
}

// UnmarshalJSON reads data as the contract's DatasourceFieldOption, as strictly as the plugin reads requests.
func (v *DatasourceFieldOption) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeDatasourceFieldOption(r, v)
	r.End()
	return readError(r)
}

func decodeConstructorField(r *Reader, v *ConstructorField) {
	if !r.BeginObject() {
		return
	}
	var seen uint64
	for r.NextKey() {
		switch string(r.Key()) {
		case "code":
			r.Enter("code")
			seen |= 1 << 0
			v.Code = r.String()
			r.Leave()
		case "name":
			r.Enter("name")
			v.Name.Set = true
			v.Name.Value = r.String()
			r.Leave()
		case "description":
			r.Enter("description")
			v.Description.Set = true
			v.Description.Value = r.String()
			r.Leave()
		case "required":
			r.Enter("required")
			v.Required.Set = true
			v.Required.Value = r.Bool()
			r.Leave()
		case "placeholder":
			r.Enter("placeholder")
			v.Placeholder.Set = true
			v.Placeholder.Value = r.String()
			r.Leave()
		case "type":
			r.Enter("type")
			v.Type.Set = true
			decodeConstructorFieldType(r, &v.Type.Value)
			r.Leave()
		case "validationRule":
			r.Enter("validationRule")
			v.ValidationRule.Set = true
			v.ValidationRule.Value = r.String()
			r.Leave()
		case "validationMessage":
			r.Enter("validationMessage")
			v.ValidationMessage.Set = true
			v.ValidationMessage.Value = r.String()
			r.Leave()
		case "value":
			r.Enter("value")
			v.Value.Set = true
			v.Value.Value = r.String()
			r.Leave()
		case "readOnly":
			r.Enter("readOnly")
			v.ReadOnly.Set = true
			v.ReadOnly.Value = r.Bool()
			r.Leave()
		case "inline":
			r.Enter("inline")
			v.Inline.Set = true
			v.Inline.Value = r.Bool()
			r.Leave()
		case "denyVariables":
			r.Enter("denyVariables")
			v.DenyVariables.Set = true
			v.DenyVariables.Value = r.Bool()
			r.Leave()
		case "arrayIndex":
			r.Enter("arrayIndex")
			v.ArrayIndex.Set = true
			v.ArrayIndex.Value = r.Int32()
			r.Leave()
		case "size":
			r.Enter("size")
			v.Size.Set = true
			decodeConstructorFieldSize(r, &v.Size.Value)
			r.Leave()
		case "isTrigger":
			r.Enter("isTrigger")
			v.IsTrigger.Set = true
			v.IsTrigger.Value = r.Bool()
			r.Leave()
		case "props":
			r.Enter("props")
			v.Props.Set = true
			decodeConstructorFieldProps(r, &v.Props.Value)
			r.Leave()
		default:
			r.Skip()
		}
	}
	if seen&(1<<0) == 0 {
		r.Enter("code")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
}

func appendConstructorField(b []byte, v *ConstructorField) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	b = appendKey(b, &n, "\"code\":")
	b = AppendString(b, v.Code)
	if v.Name.Set {
		b = appendKey(b, &n, "\"name\":")
		b = AppendString(b, v.Name.Value)
	}
	if v.Description.Set {
		b = appendKey(b, &n, "\"description\":")
		b = AppendString(b, v.Description.Value)
	}
	if v.Required.Set {
		b = appendKey(b, &n, "\"required\":")
		b = AppendBool(b, v.Required.Value)
	}
	if v.Placeholder.Set {
		b = appendKey(b, &n, "\"placeholder\":")
		b = AppendString(b, v.Placeholder.Value)
	}
	if v.Type.Set {
		b = appendKey(b, &n, "\"type\":")
		b, err = appendConstructorFieldType(b, &v.Type.Value)
		if err != nil {
			return b, err
		}
	}
	if v.ValidationRule.Set {
		b = appendKey(b, &n, "\"validationRule\":")
		b = AppendString(b, v.ValidationRule.Value)
	}
	if v.ValidationMessage.Set {
		b = appendKey(b, &n, "\"validationMessage\":")
		b = AppendString(b, v.ValidationMessage.Value)
	}
	if v.Value.Set {
		b = appendKey(b, &n, "\"value\":")
		b = AppendString(b, v.Value.Value)
	}
	if v.ReadOnly.Set {
		b = appendKey(b, &n, "\"readOnly\":")
		b = AppendBool(b, v.ReadOnly.Value)
	}
	if v.Inline.Set {
		b = appendKey(b, &n, "\"inline\":")
		b = AppendBool(b, v.Inline.Value)
	}
	if v.DenyVariables.Set {
		b = appendKey(b, &n, "\"denyVariables\":")
		b = AppendBool(b, v.DenyVariables.Value)
	}
	if v.ArrayIndex.Set {
		b = appendKey(b, &n, "\"arrayIndex\":")
		b = AppendInt(b, int64(v.ArrayIndex.Value))
	}
	if v.Size.Set {
		b = appendKey(b, &n, "\"size\":")
		b, err = appendConstructorFieldSize(b, &v.Size.Value)
		if err != nil {
			return b, err
		}
	}
	if v.IsTrigger.Set {
		b = appendKey(b, &n, "\"isTrigger\":")
		b = AppendBool(b, v.IsTrigger.Value)
	}
	if v.Props.Set {
		b = appendKey(b, &n, "\"props\":")
		b, err = appendConstructorFieldProps(b, &v.Props.Value)
		if err != nil {
			return b, err
		}
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's ConstructorField.
func (v ConstructorField) MarshalJSON() ([]byte, error) {
	return appendConstructorField(nil, &v)
}

// UnmarshalJSON reads data as the contract's ConstructorField, as strictly as the plugin reads requests.
func (v *ConstructorField) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeConstructorField(r, v)
	r.End()
	return readError(r)
}

func decodeConstructorFieldProps(r *Reader, v *ConstructorFieldProps) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "options":
			r.Enter("options")
			if r.BeginArray() {
				v.Options = []ConstructorFieldPropOption{}
				for i0 := 0; r.NextItem(); i0++ {
					r.EnterIndex(i0)
					var item0 ConstructorFieldPropOption
					decodeConstructorFieldPropOption(r, &item0)
					v.Options = append(v.Options, item0)
					r.Leave()
				}
			}
			r.Leave()
		case "allowHandwriting":
			r.Enter("allowHandwriting")
			v.AllowHandwriting.Set = true
			v.AllowHandwriting.Value = r.Bool()
			r.Leave()
		case "allowMultiSelect":
			r.Enter("allowMultiSelect")
			v.AllowMultiSelect.Set = true
			v.AllowMultiSelect.Value = r.Bool()
			r.Leave()
		case "min":
			r.Enter("min")
			v.Min.Set = true
			v.Min.Value = r.Int32()
			r.Leave()
		case "max":
			r.Enter("max")
			v.Max.Set = true
			v.Max.Value = r.Int32()
			r.Leave()
		case "fields":
			r.Enter("fields")
			if r.BeginArray() {
				v.Fields = []ConstructorField{}
				for i1 := 0; r.NextItem(); i1++ {
					r.EnterIndex(i1)
					var item1 ConstructorField
					decodeConstructorField(r, &item1)
					v.Fields = append(v.Fields, item1)
					r.Leave()
				}
			}
			r.Leave()
		case "maxFileSize":
			r.Enter("maxFileSize")
			v.MaxFileSize.Set = true
			v.MaxFileSize.Value = r.Int32()
			r.Leave()
		case "acceptFile":
			r.Enter("acceptFile")
			v.AcceptFile.Set = true
			v.AcceptFile.Value = r.String()
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendConstructorFieldProps(b []byte, v *ConstructorFieldProps) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.Options != nil {
		b = appendKey(b, &n, "\"options\":")
		b = append(b, '[')
		for i0 := range v.Options {
			if i0 > 0 {
				b = append(b, ',')
			}
			b, err = appendConstructorFieldPropOption(b, &v.Options[i0])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	if v.AllowHandwriting.Set {
		b = appendKey(b, &n, "\"allowHandwriting\":")
		b = AppendBool(b, v.AllowHandwriting.Value)
	}
	if v.AllowMultiSelect.Set {
		b = appendKey(b, &n, "\"allowMultiSelect\":")
		b = AppendBool(b, v.AllowMultiSelect.Value)
	}
	if v.Min.Set {
		b = appendKey(b, &n, "\"min\":")
		b = AppendInt(b, int64(v.Min.Value))
	}
	if v.Max.Set {
		b = appendKey(b, &n, "\"max\":")
		b = AppendInt(b, int64(v.Max.Value))
	}
	if v.Fields != nil {
		b = appendKey(b, &n, "\"fields\":")
		b = append(b, '[')
		for i1 := range v.Fields {
			if i1 > 0 {
				b = append(b, ',')
			}
			b, err = appendConstructorField(b, &v.Fields[i1])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	if v.MaxFileSize.Set {
		b = appendKey(b, &n, "\"maxFileSize\":")
		b = AppendInt(b, int64(v.MaxFileSize.Value))
	}
	if v.AcceptFile.Set {
		b = appendKey(b, &n, "\"acceptFile\":")
		b = AppendString(b, v.AcceptFile.Value)
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's ConstructorFieldProps.
func (v ConstructorFieldProps) MarshalJSON() ([]byte, error) {
	return appendConstructorFieldProps(nil, &v)
}

// UnmarshalJSON reads data as the contract's ConstructorFieldProps, as strictly as the plugin reads requests.
func (v *ConstructorFieldProps) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeConstructorFieldProps(r, v)
	r.End()
	return readError(r)
}

func decodeConstructorFieldPropOption(r *Reader, v *ConstructorFieldPropOption) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "label":
			r.Enter("label")
			v.Label.Set = true
			v.Label.Value = r.String()
			r.Leave()
		case "value":
			r.Enter("value")
			v.Value.Set = true
			v.Value.Value = r.String()
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendConstructorFieldPropOption(b []byte, v *ConstructorFieldPropOption) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.Label.Set {
		b = appendKey(b, &n, "\"label\":")
		b = AppendString(b, v.Label.Value)
	}
	if v.Value.Set {
		b = appendKey(b, &n, "\"value\":")
		b = AppendString(b, v.Value.Value)
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's ConstructorFieldPropOption.
func (v ConstructorFieldPropOption) MarshalJSON() ([]byte, error) {
	return appendConstructorFieldPropOption(nil, &v)
}

// UnmarshalJSON reads data as the contract's ConstructorFieldPropOption, as strictly as the plugin reads requests.
func (v *ConstructorFieldPropOption) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeConstructorFieldPropOption(r, v)
	r.End()
	return readError(r)
}

func decodeConstructorFilter(r *Reader, v *ConstructorFilter) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "from":
			r.Enter("from")
			v.From.Set = true
			v.From.Value = r.Int32()
			r.Leave()
		case "to":
			r.Enter("to")
			v.To.Set = true
			v.To.Value = r.Int32()
			r.Leave()
		case "fields":
			r.Enter("fields")
			if r.BeginArray() {
				v.Fields = []ConstructorFilterField{}
				for i0 := 0; r.NextItem(); i0++ {
					r.EnterIndex(i0)
					var item0 ConstructorFilterField
					decodeConstructorFilterField(r, &item0)
					v.Fields = append(v.Fields, item0)
					r.Leave()
				}
			}
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendConstructorFilter(b []byte, v *ConstructorFilter) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.From.Set {
		b = appendKey(b, &n, "\"from\":")
		b = AppendInt(b, int64(v.From.Value))
	}
	if v.To.Set {
		b = appendKey(b, &n, "\"to\":")
		b = AppendInt(b, int64(v.To.Value))
	}
	if v.Fields != nil {
		b = appendKey(b, &n, "\"fields\":")
		b = append(b, '[')
		for i0 := range v.Fields {
			if i0 > 0 {
				b = append(b, ',')
			}
			b, err = appendConstructorFilterField(b, &v.Fields[i0])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's ConstructorFilter.
func (v ConstructorFilter) MarshalJSON() ([]byte, error) {
	return appendConstructorFilter(nil, &v)
}

// UnmarshalJSON reads data as the contract's ConstructorFilter, as strictly as the plugin reads requests.
func (v *ConstructorFilter) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeConstructorFilter(r, v)
	r.End()
	return readError(r)
}

func decodeConstructorFilterField(r *Reader, v *ConstructorFilterField) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "key":
			r.Enter("key")
			v.Key.Set = true
			v.Key.Value = r.String()
			r.Leave()
		case "arrayIndex":
			r.Enter("arrayIndex")
			v.ArrayIndex.Set = true
			v.ArrayIndex.Value = r.Int32()
			r.Leave()
		case "value":
			r.Enter("value")
			v.Value.Set = true
			v.Value.Value = r.String()
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendConstructorFilterField(b []byte, v *ConstructorFilterField) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.Key.Set {
		b = appendKey(b, &n, "\"key\":")
		b = AppendString(b, v.Key.Value)
	}
	if v.ArrayIndex.Set {
		b = appendKey(b, &n, "\"arrayIndex\":")
		b = AppendInt(b, int64(v.ArrayIndex.Value))
	}
	if v.Value.Set {
		b = appendKey(b, &n, "\"value\":")
		b = AppendString(b, v.Value.Value)
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's ConstructorFilterField.
func (v ConstructorFilterField) MarshalJSON() ([]byte, error) {
	return appendConstructorFilterField(nil, &v)
}

// UnmarshalJSON reads data as the contract's ConstructorFilterField, as strictly as the plugin reads requests.
func (v *ConstructorFilterField) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeConstructorFilterField(r, v)
	r.End()
	return readError(r)
}

func decodeConstructorRequest(r *Reader, v *ConstructorRequest) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "pluginContext":
			r.Enter("pluginContext")
			v.PluginContext.Set = true
			decodePluginContext(r, &v.PluginContext.Value)
			r.Leave()
		case "filter":
			r.Enter("filter")
			v.Filter.Set = true
			decodeConstructorFilter(r, &v.Filter.Value)
			r.Leave()
		case "variables":
			r.Enter("variables")
			decodeVariables(r, &v.Variables)
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendConstructorRequest(b []byte, v *ConstructorRequest) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.PluginContext.Set {
		b = appendKey(b, &n, "\"pluginContext\":")
		b, err = appendPluginContext(b, &v.PluginContext.Value)
		if err != nil {
			return b, err
		}
	}
	if v.Filter.Set {
		b = appendKey(b, &n, "\"filter\":")
		b, err = appendConstructorFilter(b, &v.Filter.Value)
		if err != nil {
			return b, err
		}
	}
	if v.Variables != nil {
		b = appendKey(b, &n, "\"variables\":")
		b, err = appendVariables(b, &v.Variables)
		if err != nil {
			return b, err
		}
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's ConstructorRequest.
func (v ConstructorRequest) MarshalJSON() ([]byte, error) {
	return appendConstructorRequest(nil, &v)
}

// UnmarshalJSON reads data as the contract's ConstructorRequest, as strictly as the plugin reads requests.
func (v *ConstructorRequest) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeConstructorRequest(r, v)
	r.End()
	return readError(r)
}

func decodeDataSourceConstructorRequest(r *Reader, v *DataSourceConstructorRequest) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "pluginContext":
			r.Enter("pluginContext")
			v.PluginContext.Set = true
			decodePluginContext(r, &v.PluginContext.Value)
			r.Leave()
		case "filter":
			r.Enter("filter")
			v.Filter.Set = true
			decodeConstructorFilter(r, &v.Filter.Value)
			r.Leave()
		case "variables":
			r.Enter("variables")
			decodeVariables(r, &v.Variables)
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendDataSourceConstructorRequest(b []byte, v *DataSourceConstructorRequest) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.PluginContext.Set {
		b = appendKey(b, &n, "\"pluginContext\":")
		b, err = appendPluginContext(b, &v.PluginContext.Value)
		if err != nil {
			return b, err
		}
	}
	if v.Filter.Set {
		b = appendKey(b, &n, "\"filter\":")
		b, err = appendConstructorFilter(b, &v.Filter.Value)
		if err != nil {
			return b, err
		}
	}
	if v.Variables != nil {
		b = appendKey(b, &n, "\"variables\":")
		b, err = appendVariables(b, &v.Variables)
		if err != nil {
			return b, err
		}
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's DataSourceConstructorRequest.
func (v DataSourceConstructorRequest) MarshalJSON() ([]byte, error) {
	return appendDataSourceConstructorRequest(nil, &v)
}

// UnmarshalJSON reads data as the contract's DataSourceConstructorRequest, as strictly as the plugin reads requests.
func (v *DataSourceConstructorRequest) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeDataSourceConstructorRequest(r, v)
	r.End()
	return readError(r)
}

func decodeVariablesRequest(r *Reader, v *VariablesRequest) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "pluginContext":
			r.Enter("pluginContext")
			v.PluginContext.Set = true
			decodePluginContext(r, &v.PluginContext.Value)
			r.Leave()
		case "json":
			r.Enter("json")
			v.JSON.Set = true
			v.JSON.Value = r.String()
			r.Leave()
		case "variables":
			r.Enter("variables")
			decodeVariables(r, &v.Variables)
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendVariablesRequest(b []byte, v *VariablesRequest) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.PluginContext.Set {
		b = appendKey(b, &n, "\"pluginContext\":")
		b, err = appendPluginContext(b, &v.PluginContext.Value)
		if err != nil {
			return b, err
		}
	}
	if v.JSON.Set {
		b = appendKey(b, &n, "\"json\":")
		b = AppendString(b, v.JSON.Value)
	}
	if v.Variables != nil {
		b = appendKey(b, &n, "\"variables\":")
		b, err = appendVariables(b, &v.Variables)
		if err != nil {
			return b, err
		}
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's VariablesRequest.
func (v VariablesRequest) MarshalJSON() ([]byte, error) {
	return appendVariablesRequest(nil, &v)
}

// UnmarshalJSON reads data as the contract's VariablesRequest, as strictly as the plugin reads requests.
func (v *VariablesRequest) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeVariablesRequest(r, v)
	r.End()
	return readError(r)
}

func decodeQueryDataRequest(r *Reader, v *QueryDataRequest) {
	if !r.BeginObject() {
		return
	}
	var seen uint64
	for r.NextKey() {
		switch string(r.Key()) {
		case "pluginContext":
			r.Enter("pluginContext")
			v.PluginContext.Set = true
			decodePluginContext(r, &v.PluginContext.Value)
			r.Leave()
		case "dataQuery":
			r.Enter("dataQuery")
			seen |= 1 << 0
			if r.BeginArray() {
				v.DataQuery = []DataQuery{}
				for i0 := 0; r.NextItem(); i0++ {
					r.EnterIndex(i0)
					var item0 DataQuery
					decodeDataQuery(r, &item0)
					v.DataQuery = append(v.DataQuery, item0)
					r.Leave()
				}
				if len(v.DataQuery) < 1 {
					r.Problem(r.Place(), "length")
				}
			}
			r.Leave()
		case "variables":
			r.Enter("variables")
			decodeVariables(r, &v.Variables)
			r.Leave()
		default:
			r.Skip()
		}
	}
	if seen&(1<<0) == 0 {
		r.Enter("dataQuery")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
}

func appendQueryDataRequest(b []byte, v *QueryDataRequest) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.PluginContext.Set {
		b = appendKey(b, &n, "\"pluginContext\":")
		b, err = appendPluginContext(b, &v.PluginContext.Value)
		if err != nil {
			return b, err
		}
	}
	b = appendKey(b, &n, "\"dataQuery\":")
	b = append(b, '[')
	for i0 := range v.DataQuery {
		if i0 > 0 {
			b = append(b, ',')
		}
		b, err = appendDataQuery(b, &v.DataQuery[i0])
		if err != nil {
			return b, err
		}
	}
	b = append(b, ']')
	if v.Variables != nil {
		b = appendKey(b, &n, "\"variables\":")
		b, err = appendVariables(b, &v.Variables)
		if err != nil {
			return b, err
		}
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's QueryDataRequest.
func (v QueryDataRequest) MarshalJSON() ([]byte, error) {
	return appendQueryDataRequest(nil, &v)
}

// UnmarshalJSON reads data as the contract's QueryDataRequest, as strictly as the plugin reads requests.
func (v *QueryDataRequest) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeQueryDataRequest(r, v)
	r.End()
	return readError(r)
}

func decodeDataQuery(r *Reader, v *DataQuery) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "refID":
			r.Enter("refID")
			v.RefID.Set = true
			v.RefID.Value = r.String()
			r.Leave()
		case "codeQuery":
			r.Enter("codeQuery")
			v.CodeQuery.Set = true
			v.CodeQuery.Value = r.String()
			r.Leave()
		case "maxDataPoints":
			r.Enter("maxDataPoints")
			v.MaxDataPoints.Set = true
			v.MaxDataPoints.Value = r.Int64()
			r.Leave()
		case "timeRange":
			r.Enter("timeRange")
			v.TimeRange.Set = true
			decodeTimeRange(r, &v.TimeRange.Value)
			r.Leave()
		case "json":
			r.Enter("json")
			v.JSON.Set = true
			v.JSON.Value = r.String()
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendDataQuery(b []byte, v *DataQuery) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.RefID.Set {
		b = appendKey(b, &n, "\"refID\":")
		b = AppendString(b, v.RefID.Value)
	}
	if v.CodeQuery.Set {
		b = appendKey(b, &n, "\"codeQuery\":")
		b = AppendString(b, v.CodeQuery.Value)
	}
	if v.MaxDataPoints.Set {
		b = appendKey(b, &n, "\"maxDataPoints\":")
		b = AppendInt(b, v.MaxDataPoints.Value)
	}
	if v.TimeRange.Set {
		b = appendKey(b, &n, "\"timeRange\":")
		b, err = appendTimeRange(b, &v.TimeRange.Value)
		if err != nil {
			return b, err
		}
	}
	if v.JSON.Set {
		b = appendKey(b, &n, "\"json\":")
		b = AppendString(b, v.JSON.Value)
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's DataQuery.
func (v DataQuery) MarshalJSON() ([]byte, error) {
	return appendDataQuery(nil, &v)
}

// UnmarshalJSON reads data as the contract's DataQuery, as strictly as the plugin reads requests.
func (v *DataQuery) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeDataQuery(r, v)
	r.End()
	return readError(r)
}

func decodeTimeRange(r *Reader, v *TimeRange) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "from":
			r.Enter("from")
			v.From.Set = true
			v.From.Value = r.Int64()
			r.Leave()
		case "to":
			r.Enter("to")
			v.To.Set = true
			v.To.Value = r.Int64()
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendTimeRange(b []byte, v *TimeRange) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.From.Set {
		b = appendKey(b, &n, "\"from\":")
		b = AppendInt(b, v.From.Value)
	}
	if v.To.Set {
		b = appendKey(b, &n, "\"to\":")
		b = AppendInt(b, v.To.Value)
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's TimeRange.
func (v TimeRange) MarshalJSON() ([]byte, error) {
	return appendTimeRange(nil, &v)
}

// UnmarshalJSON reads data as the contract's TimeRange, as strictly as the plugin reads requests.
func (v *TimeRange) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeTimeRange(r, v)
	r.End()
	return readError(r)
}

func decodeQueryDataResponse(r *Reader, v *QueryDataResponse) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "error":
			r.Enter("error")
			v.Error.Set = true
			v.Error.Value = r.Bool()
			r.Leave()
		case "message":
			r.Enter("message")
			v.Message.Set = true
			v.Message.Value = r.String()
			r.Leave()
		case "validationErrors":
			r.Enter("validationErrors")
			if r.BeginObject() {
				v.ValidationErrors = make(map[string]string)
				for r.NextKey() {
					key0 := string(r.Key())
					r.EnterKey()
					var item0 string
					item0 = r.String()
					v.ValidationErrors[key0] = item0
					r.Leave()
				}
			}
			r.Leave()
		case "status":
			r.Enter("status")
			v.Status.Set = true
			v.Status.Value = r.Int32()
			r.Leave()
		case "frames":
			r.Enter("frames")
			if r.BeginArray() {
				v.Frames = []Frame{}
				for i1 := 0; r.NextItem(); i1++ {
					r.EnterIndex(i1)
					var item1 Frame
					decodeFrame(r, &item1)
					v.Frames = append(v.Frames, item1)
					r.Leave()
				}
			}
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendQueryDataResponse(b []byte, v *QueryDataResponse) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.Error.Set {
		b = appendKey(b, &n, "\"error\":")
		b = AppendBool(b, v.Error.Value)
	}
	if v.Message.Set {
		b = appendKey(b, &n, "\"message\":")
		b = AppendString(b, v.Message.Value)
	}
	if v.ValidationErrors != nil {
		b = appendKey(b, &n, "\"validationErrors\":")
		b = append(b, '{')
		for i0, key0 := range sortedKeys(v.ValidationErrors) {
			if i0 > 0 {
				b = append(b, ',')
			}
			b = AppendString(b, key0)
			b = append(b, ':')
			item0 := v.ValidationErrors[key0]
			b = AppendString(b, item0)
		}
		b = append(b, '}')
	}
	if v.Status.Set {
		b = appendKey(b, &n, "\"status\":")
		b = AppendInt(b, int64(v.Status.Value))
	}
	if v.Frames != nil {
		b = appendKey(b, &n, "\"frames\":")
		b = append(b, '[')
		for i1 := range v.Frames {
			if i1 > 0 {
				b = append(b, ',')
			}
			b, err = appendFrame(b, &v.Frames[i1])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's QueryDataResponse.
func (v QueryDataResponse) MarshalJSON() ([]byte, error) {
	return appendQueryDataResponse(nil, &v)
}

// UnmarshalJSON reads data as the contract's QueryDataResponse, as strictly as the plugin reads requests.
func (v *QueryDataResponse) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeQueryDataResponse(r, v)
	r.End()
	return readError(r)
}

func decodeFrame(r *Reader, v *Frame) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "name":
			r.Enter("name")
			v.Name.Set = true
			v.Name.Value = r.String()
			r.Leave()
		case "refID":
			r.Enter("refID")
			v.RefID.Set = true
			v.RefID.Value = r.String()
			r.Leave()
		case "meta":
			r.Enter("meta")
			v.Meta.Set = true
			v.Meta.Value = r.String()
			r.Leave()
		case "fields":
			r.Enter("fields")
			if r.BeginArray() {
				v.Fields = []Field{}
				for i0 := 0; r.NextItem(); i0++ {
					r.EnterIndex(i0)
					var item0 Field
					decodeField(r, &item0)
					v.Fields = append(v.Fields, item0)
					r.Leave()
				}
			}
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendFrame(b []byte, v *Frame) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.Name.Set {
		b = appendKey(b, &n, "\"name\":")
		b = AppendString(b, v.Name.Value)
	}
	if v.RefID.Set {
		b = appendKey(b, &n, "\"refID\":")
		b = AppendString(b, v.RefID.Value)
	}
	if v.Meta.Set {
		b = appendKey(b, &n, "\"meta\":")
		b = AppendString(b, v.Meta.Value)
	}
	if v.Fields != nil {
		b = appendKey(b, &n, "\"fields\":")
		b = append(b, '[')
		for i0 := range v.Fields {
			if i0 > 0 {
				b = append(b, ',')
			}
			b, err = appendField(b, &v.Fields[i0])
			if err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's Frame.
func (v Frame) MarshalJSON() ([]byte, error) {
	return appendFrame(nil, &v)
}

// UnmarshalJSON reads data as the contract's Frame, as strictly as the plugin reads requests.
func (v *Frame) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeFrame(r, v)
	r.End()
	return readError(r)
}

func decodeField(r *Reader, v *Field) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "name":
			r.Enter("name")
			v.Name.Set = true
			v.Name.Value = r.String()
			r.Leave()
		case "refID":
			r.Enter("refID")
			v.RefID.Set = true
			v.RefID.Value = r.String()
			r.Leave()
		case "type":
			r.Enter("type")
			v.Type.Set = true
			v.Type.Value = r.String()
			r.Leave()
		case "labels":
			r.Enter("labels")
			v.Labels.Set = true
			v.Labels.Value = r.String()
			r.Leave()
		case "values":
			r.Enter("values")
			if r.BeginArray() {
				v.Values = []map[string]any{}
				for i0 := 0; r.NextItem(); i0++ {
					r.EnterIndex(i0)
					var item0 map[string]any
					if r.BeginObject() {
						item0 = make(map[string]any)
						for r.NextKey() {
							key1 := string(r.Key())
							r.EnterKey()
							var item1 any
							item1 = r.Any()
							item0[key1] = item1
							r.Leave()
						}
					}
					v.Values = append(v.Values, item0)
					r.Leave()
				}
			}
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendField(b []byte, v *Field) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.Name.Set {
		b = appendKey(b, &n, "\"name\":")
		b = AppendString(b, v.Name.Value)
	}
	if v.RefID.Set {
		b = appendKey(b, &n, "\"refID\":")
		b = AppendString(b, v.RefID.Value)
	}
	if v.Type.Set {
		b = appendKey(b, &n, "\"type\":")
		b = AppendString(b, v.Type.Value)
	}
	if v.Labels.Set {
		b = appendKey(b, &n, "\"labels\":")
		b = AppendString(b, v.Labels.Value)
	}
	if v.Values != nil {
		b = appendKey(b, &n, "\"values\":")
		b = append(b, '[')
		for i0 := range v.Values {
			if i0 > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			for i1, key1 := range sortedKeys(v.Values[i0]) {
				if i1 > 0 {
					b = append(b, ',')
				}
				b = AppendString(b, key1)
				b = append(b, ':')
				item1 := v.Values[i0][key1]
				b, err = AppendAny(b, item1)
				if err != nil {
					return b, err
				}
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's Field.
func (v Field) MarshalJSON() ([]byte, error) {
	return appendField(nil, &v)
}

// UnmarshalJSON reads data as the contract's Field, as strictly as the plugin reads requests.
func (v *Field) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeField(r, v)
	r.End()
	return readError(r)
}

func decodeHealthCheckResponse(r *Reader, v *HealthCheckResponse) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "error":
			r.Enter("error")
			v.Error.Set = true
			v.Error.Value = r.Bool()
			r.Leave()
		case "message":
			r.Enter("message")
			v.Message.Set = true
			v.Message.Value = r.String()
			r.Leave()
		case "validationErrors":
			r.Enter("validationErrors")
			if r.BeginObject() {
				v.ValidationErrors = make(map[string]string)
				for r.NextKey() {
					key0 := string(r.Key())
					r.EnterKey()
					var item0 string
					item0 = r.String()
					v.ValidationErrors[key0] = item0
					r.Leave()
				}
			}
			r.Leave()
		case "status":
			r.Enter("status")
			v.Status.Set = true
			v.Status.Value = r.Bool()
			r.Leave()
		case "datasourceConfig":
			r.Enter("datasourceConfig")
			v.DatasourceConfig.Set = true
			decodeDatasourceConfig(r, &v.DatasourceConfig.Value)
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func appendHealthCheckResponse(b []byte, v *HealthCheckResponse) ([]byte, error) {
	var err error
	b = append(b, '{')
	n := 0
	if v.Error.Set {
		b = appendKey(b, &n, "\"error\":")
		b = AppendBool(b, v.Error.Value)
	}
	if v.Message.Set {
		b = appendKey(b, &n, "\"message\":")
		b = AppendString(b, v.Message.Value)
	}
	if v.ValidationErrors != nil {
		b = appendKey(b, &n, "\"validationErrors\":")
		b = append(b, '{')
		for i0, key0 := range sortedKeys(v.ValidationErrors) {
			if i0 > 0 {
				b = append(b, ',')
			}
			b = AppendString(b, key0)
			b = append(b, ':')
			item0 := v.ValidationErrors[key0]
			b = AppendString(b, item0)
		}
		b = append(b, '}')
	}
	if v.Status.Set {
		b = appendKey(b, &n, "\"status\":")
		b = AppendBool(b, v.Status.Value)
	}
	if v.DatasourceConfig.Set {
		b = appendKey(b, &n, "\"datasourceConfig\":")
		b, err = appendDatasourceConfig(b, &v.DatasourceConfig.Value)
		if err != nil {
			return b, err
		}
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's HealthCheckResponse.
func (v HealthCheckResponse) MarshalJSON() ([]byte, error) {
	return appendHealthCheckResponse(nil, &v)
}

// UnmarshalJSON reads data as the contract's HealthCheckResponse, as strictly as the plugin reads requests.
func (v *HealthCheckResponse) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeHealthCheckResponse(r, v)
	r.End()
	return readError(r)
}

func decodeErrorResponse(r *Reader, v *ErrorResponse) {
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

func appendErrorResponse(b []byte, v *ErrorResponse) ([]byte, error) {
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

// MarshalJSON writes v as the contract's ErrorResponse.
func (v ErrorResponse) MarshalJSON() ([]byte, error) {
	return appendErrorResponse(nil, &v)
}

// UnmarshalJSON reads data as the contract's ErrorResponse, as strictly as the plugin reads requests.
func (v *ErrorResponse) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeErrorResponse(r, v)
	r.End()
	return readError(r)
}

func decodeDatasourceFieldType(r *Reader, v *DatasourceFieldType) {
	before := r.ProblemCount()
	*v = DatasourceFieldType(r.String())
	if r.ProblemCount() == before && !v.Valid() {
		r.Problem(r.Place(), "choice")
	}
}

func appendDatasourceFieldType(b []byte, v *DatasourceFieldType) ([]byte, error) {
	var err error
	b = AppendString(b, string(*v))
	return b, err
}

// MarshalJSON writes v as the contract's DatasourceFieldType.
func (v DatasourceFieldType) MarshalJSON() ([]byte, error) {
	return appendDatasourceFieldType(nil, &v)
}

// UnmarshalJSON reads data as the contract's DatasourceFieldType, as strictly as the plugin reads requests.
func (v *DatasourceFieldType) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeDatasourceFieldType(r, v)
	r.End()
	return readError(r)
}

func decodeConstructorFieldType(r *Reader, v *ConstructorFieldType) {
	before := r.ProblemCount()
	*v = ConstructorFieldType(r.String())
	if r.ProblemCount() == before && !v.Valid() {
		r.Problem(r.Place(), "choice")
	}
}

func appendConstructorFieldType(b []byte, v *ConstructorFieldType) ([]byte, error) {
	var err error
	b = AppendString(b, string(*v))
	return b, err
}

// MarshalJSON writes v as the contract's ConstructorFieldType.
func (v ConstructorFieldType) MarshalJSON() ([]byte, error) {
	return appendConstructorFieldType(nil, &v)
}

// UnmarshalJSON reads data as the contract's ConstructorFieldType, as strictly as the plugin reads requests.
func (v *ConstructorFieldType) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeConstructorFieldType(r, v)
	r.End()
	return readError(r)
}

func decodeConstructorFieldSize(r *Reader, v *ConstructorFieldSize) {
	before := r.ProblemCount()
	*v = ConstructorFieldSize(r.String())
	if r.ProblemCount() == before && !v.Valid() {
		r.Problem(r.Place(), "choice")
	}
}

func appendConstructorFieldSize(b []byte, v *ConstructorFieldSize) ([]byte, error) {
	var err error
	b = AppendString(b, string(*v))
	return b, err
}

// MarshalJSON writes v as the contract's ConstructorFieldSize.
func (v ConstructorFieldSize) MarshalJSON() ([]byte, error) {
	return appendConstructorFieldSize(nil, &v)
}

// UnmarshalJSON reads data as the contract's ConstructorFieldSize, as strictly as the plugin reads requests.
func (v *ConstructorFieldSize) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeConstructorFieldSize(r, v)
	r.End()
	return readError(r)
}

func decodeVariableValue(r *Reader, v *VariableValue) {
	switch r.Peek() {
	case '"':
		v.branch = 1
		v.v0 = r.String()
	case '[':
		v.branch = 2
		if r.BeginArray() {
			v.v1 = []string{}
			for i0 := 0; r.NextItem(); i0++ {
				r.EnterIndex(i0)
				var item0 string
				item0 = r.String()
				v.v1 = append(v.v1, item0)
				r.Leave()
			}
		}
	case 'n':
		r.Problem(r.Place(), "null")
		r.Skip()
	default:
		r.Problem(r.Place(), "invalid")
		r.Skip()
	}
}

func appendVariableValue(b []byte, v *VariableValue) ([]byte, error) {
	var err error
	switch v.branch {
	case 1:
		b = AppendString(b, v.v0)
	case 2:
		b = append(b, '[')
		for i0 := range v.v1 {
			if i0 > 0 {
				b = append(b, ',')
			}
			b = AppendString(b, v.v1[i0])
		}
		b = append(b, ']')
	default:
		err = fmt.Errorf("a VariableValue holds no branch: build it with one of the VariableValueFrom functions")
	}
	return b, err
}

// MarshalJSON writes v as the contract's VariableValue.
func (v VariableValue) MarshalJSON() ([]byte, error) {
	return appendVariableValue(nil, &v)
}

// UnmarshalJSON reads data as the contract's VariableValue, as strictly as the plugin reads requests.
func (v *VariableValue) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeVariableValue(r, v)
	r.End()
	return readError(r)
}

func decodeVariables(r *Reader, v *Variables) {
	if r.BeginObject() {
		(*v) = make(map[string]VariableValue)
		for r.NextKey() {
			key0 := string(r.Key())
			r.EnterKey()
			var item0 VariableValue
			decodeVariableValue(r, &item0)
			(*v)[key0] = item0
			r.Leave()
		}
	}
}

func appendVariables(b []byte, v *Variables) ([]byte, error) {
	var err error
	b = append(b, '{')
	for i0, key0 := range sortedKeys((*v)) {
		if i0 > 0 {
			b = append(b, ',')
		}
		b = AppendString(b, key0)
		b = append(b, ':')
		item0 := (*v)[key0]
		b, err = appendVariableValue(b, &item0)
		if err != nil {
			return b, err
		}
	}
	b = append(b, '}')
	return b, err
}

// MarshalJSON writes v as the contract's Variables.
func (v Variables) MarshalJSON() ([]byte, error) {
	return appendVariables(nil, &v)
}

// UnmarshalJSON reads data as the contract's Variables, as strictly as the plugin reads requests.
func (v *Variables) UnmarshalJSON(data []byte) error {
	r := NewReader(data, MaxJSONDepth)
	decodeVariables(r, v)
	r.End()
	return readError(r)
}
