package samtemplate

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Template is a parsed SAM template. Property values are plain YAML values in which every
// intrinsic function appears in its long JSON form ({"Ref": x}, {"Fn::GetAtt": [r, a]}, ...).
type Template struct {
	Parameters map[string]Parameter
	Conditions map[string]any
	Globals    map[string]any
	Resources  map[string]Resource
}

// Parameter is a template parameter.
type Parameter struct {
	Type          string   `yaml:"Type"`
	Default       *string  `yaml:"Default"`
	AllowedValues []string `yaml:"AllowedValues"`
}

// Resource is one entry of the Resources section.
type Resource struct {
	Type       string
	Condition  string
	Properties map[string]any
	Metadata   map[string]any
}

// Parse reads a template from its YAML text.
func Parse(text []byte) (*Template, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(text, &root); err != nil {
		return nil, fmt.Errorf("samtemplate: %w", err)
	}
	if len(root.Content) != 1 {
		return nil, fmt.Errorf("samtemplate: empty template")
	}
	doc, err := plain(root.Content[0])
	if err != nil {
		return nil, err
	}
	top, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("samtemplate: template is not a mapping")
	}
	t := &Template{
		Parameters: map[string]Parameter{},
		Conditions: mapOf(top["Conditions"]),
		Globals:    mapOf(top["Globals"]),
		Resources:  map[string]Resource{},
	}
	for name, v := range mapOf(top["Parameters"]) {
		p := mapOf(v)
		param := Parameter{Type: str(p["Type"])}
		if d, ok := p["Default"]; ok {
			s := fmt.Sprint(d)
			param.Default = &s
		}
		for _, a := range listOf(p["AllowedValues"]) {
			param.AllowedValues = append(param.AllowedValues, fmt.Sprint(a))
		}
		t.Parameters[name] = param
	}
	for id, v := range mapOf(top["Resources"]) {
		r := mapOf(v)
		t.Resources[id] = Resource{
			Type:       str(r["Type"]),
			Condition:  str(r["Condition"]),
			Properties: mapOf(r["Properties"]),
			Metadata:   mapOf(r["Metadata"]),
		}
	}
	return t, nil
}

// ResourcesOfType returns the logical IDs of every resource of the given type, sorted.
func (t *Template) ResourcesOfType(typ string) []string {
	var ids []string
	for id, r := range t.Resources {
		if r.Type == typ {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// plain turns a YAML node into plain values, rewriting short-form intrinsics (!Ref, !GetAtt, !Sub, ...)
// into their long form so that the rest of the package handles one shape.
func plain(n *yaml.Node) (any, error) {
	var v any
	switch n.Kind {
	case yaml.AliasNode:
		return plain(n.Alias)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			val, err := plain(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			m[n.Content[i].Value] = val
		}
		v = m
	case yaml.SequenceNode:
		l := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			val, err := plain(c)
			if err != nil {
				return nil, err
			}
			l = append(l, val)
		}
		v = l
	case yaml.ScalarNode:
		if strings.HasPrefix(n.Tag, "!") && !strings.HasPrefix(n.Tag, "!!") {
			v = n.Value
		} else if err := n.Decode(&v); err != nil {
			return nil, fmt.Errorf("samtemplate: line %d: %w", n.Line, err)
		}
	default:
		return nil, fmt.Errorf("samtemplate: line %d: unexpected YAML node", n.Line)
	}
	if !strings.HasPrefix(n.Tag, "!") || strings.HasPrefix(n.Tag, "!!") {
		return v, nil
	}
	switch name := n.Tag[1:]; name {
	case "Ref", "Condition":
		return map[string]any{name: v}, nil
	case "GetAtt":
		if s, ok := v.(string); ok {
			res, attr, _ := strings.Cut(s, ".")
			v = []any{res, attr}
		}
		return map[string]any{"Fn::GetAtt": v}, nil
	default:
		return map[string]any{"Fn::" + name: v}, nil
	}
}

func mapOf(v any) map[string]any {
	m, _ := v.(map[string]any)
	if m == nil {
		return map[string]any{}
	}
	return m
}

func listOf(v any) []any {
	l, _ := v.([]any)
	return l
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func intOf(v any, def int) int {
	switch n := v.(type) {
	case int:
		return n
	case float64:
		return int(n)
	}
	return def
}

func sortedKeys(m map[string]any) []string {
	return slices.Sorted(maps.Keys(m))
}
