package samtemplate

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Stack is a template bound to parameter values and to the physical resources created for it,
// so that intrinsics such as !Ref Table or !GetAtt Queue.Arn resolve to real names.
type Stack struct {
	Template *Template
	Name     string
	Region   string
	Account  string
	Params   map[string]string

	refs  map[string]string
	attrs map[string]map[string]string
}

// NewStack binds a template to its parameters. Parameters not given take their default; a
// parameter with neither is an error, as in CloudFormation.
func NewStack(t *Template, name, region, account string, params map[string]string) (*Stack, error) {
	s := &Stack{Template: t, Name: name, Region: region, Account: account, Params: map[string]string{},
		refs: map[string]string{}, attrs: map[string]map[string]string{}}
	for pname, p := range t.Parameters {
		v, ok := params[pname]
		if !ok {
			if p.Default == nil {
				return nil, fmt.Errorf("samtemplate: parameter %s has no value and no default", pname)
			}
			v = *p.Default
		}
		if len(p.AllowedValues) > 0 && !slices.Contains(p.AllowedValues, v) {
			return nil, fmt.Errorf("samtemplate: parameter %s=%q is not one of %v", pname, v, p.AllowedValues)
		}
		s.Params[pname] = v
	}
	return s, nil
}

// SetPhysical records what !Ref and !GetAtt of a created resource resolve to.
func (s *Stack) SetPhysical(id, ref string, attrs map[string]string) {
	s.refs[id] = ref
	s.attrs[id] = maps.Clone(attrs)
}

// SetPlaceholders records a made-up physical name and ARN for every resource, what CloudFormation
// would generate: stack name, then logical ID. Creating a resource later replaces its placeholder.
func (s *Stack) SetPlaceholders() {
	for id, r := range s.Template.Resources {
		name := s.Name + "-" + id
		service, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(r.Type, "AWS::"), "Serverless::"), "::")
		arn := fmt.Sprintf("arn:aws:%s:%s:%s:%s", strings.ToLower(service), s.Region, s.Account, name)
		switch r.Type {
		case "AWS::S3::Bucket":
			name = strings.ToLower(name)
			arn = "arn:aws:s3:::" + name
		case "AWS::DynamoDB::Table":
			arn = fmt.Sprintf("arn:aws:dynamodb:%s:%s:table/%s", s.Region, s.Account, name)
		}
		s.SetPhysical(id, name, map[string]string{"Arn": arn, "QueueName": name})
	}
}

// Included reports whether a resource exists in this stack, given its Condition.
func (s *Stack) Included(id string) (bool, error) {
	r, ok := s.Template.Resources[id]
	if !ok {
		return false, fmt.Errorf("samtemplate: no resource %s", id)
	}
	if r.Condition == "" {
		return true, nil
	}
	return s.condition(r.Condition)
}

// Environment returns the resolved environment variables of a function: Globals first, then
// the function's own.
func (s *Stack) Environment(functionID string) (map[string]string, error) {
	env := map[string]string{}
	global := mapOf(mapOf(mapOf(mapOf(s.Template.Globals["Function"])["Environment"]))["Variables"])
	own := mapOf(mapOf(s.Template.Resources[functionID].Properties["Environment"])["Variables"])
	for _, vars := range []map[string]any{global, own} {
		for k, v := range vars {
			str, err := s.String(v)
			if err != nil {
				return nil, fmt.Errorf("samtemplate: %s environment %s: %w", functionID, k, err)
			}
			env[k] = str
		}
	}
	return env, nil
}

// String resolves a value that must end up a string.
func (s *Stack) String(v any) (string, error) {
	r, err := s.Resolve(v)
	if err != nil {
		return "", err
	}
	switch r := r.(type) {
	case string:
		return r, nil
	case int, bool, float64:
		return fmt.Sprint(r), nil
	}
	return "", fmt.Errorf("not a string: %v", r)
}

// Resolve evaluates every intrinsic function inside v.
func (s *Stack) Resolve(v any) (any, error) {
	switch v := v.(type) {
	case []any:
		out := make([]any, 0, len(v))
		for _, e := range v {
			r, err := s.Resolve(e)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, nil
	case map[string]any:
		if len(v) == 1 {
			for k, arg := range v {
				if k == "Ref" || strings.HasPrefix(k, "Fn::") || k == "Condition" {
					return s.intrinsic(k, arg)
				}
			}
		}
		out := make(map[string]any, len(v))
		for k, e := range v {
			r, err := s.Resolve(e)
			if err != nil {
				return nil, err
			}
			out[k] = r
		}
		return out, nil
	}
	return v, nil
}

func (s *Stack) intrinsic(fn string, arg any) (any, error) {
	switch fn {
	case "Ref":
		return s.ref(str(arg))
	case "Fn::GetAtt":
		l := listOf(arg)
		if len(l) != 2 {
			return nil, fmt.Errorf("bad GetAtt %v", arg)
		}
		return s.getAtt(str(l[0]), str(l[1]))
	case "Fn::Sub":
		return s.sub(arg)
	case "Condition":
		return s.condition(str(arg))
	case "Fn::If":
		l := listOf(arg)
		if len(l) != 3 {
			return nil, fmt.Errorf("bad If %v", arg)
		}
		ok, err := s.condition(str(l[0]))
		if err != nil {
			return nil, err
		}
		if ok {
			return s.Resolve(l[1])
		}
		return s.Resolve(l[2])
	case "Fn::Equals", "Fn::Not", "Fn::And", "Fn::Or":
		return s.boolean(fn, arg)
	case "Fn::Join":
		l := listOf(arg)
		if len(l) != 2 {
			return nil, fmt.Errorf("bad Join %v", arg)
		}
		parts, err := s.Resolve(l[1])
		if err != nil {
			return nil, err
		}
		var strs []string
		for _, p := range listOf(parts) {
			strs = append(strs, fmt.Sprint(p))
		}
		return strings.Join(strs, str(l[0])), nil
	case "Fn::Split":
		l := listOf(arg)
		if len(l) != 2 {
			return nil, fmt.Errorf("bad Split %v", arg)
		}
		whole, err := s.String(l[1])
		if err != nil {
			return nil, err
		}
		var out []any
		for _, p := range strings.Split(whole, str(l[0])) {
			out = append(out, p)
		}
		return out, nil
	case "Fn::Select":
		l := listOf(arg)
		if len(l) != 2 {
			return nil, fmt.Errorf("bad Select %v", arg)
		}
		i, err := s.Resolve(l[0])
		if err != nil {
			return nil, err
		}
		n, err := strconv.Atoi(fmt.Sprint(i))
		list, lerr := s.Resolve(l[1])
		if err != nil || lerr != nil || n < 0 || n >= len(listOf(list)) {
			return nil, fmt.Errorf("bad Select %v", arg)
		}
		return listOf(list)[n], nil
	}
	return nil, fmt.Errorf("intrinsic %s is not supported locally", fn)
}

func (s *Stack) boolean(fn string, arg any) (bool, error) {
	args, err := s.Resolve(arg)
	if err != nil {
		return false, err
	}
	l := listOf(args)
	switch fn {
	case "Fn::Equals":
		if len(l) != 2 {
			return false, fmt.Errorf("bad Equals %v", arg)
		}
		return fmt.Sprint(l[0]) == fmt.Sprint(l[1]), nil
	case "Fn::Not":
		if len(l) != 1 {
			return false, fmt.Errorf("bad Not %v", arg)
		}
		b, ok := l[0].(bool)
		return !b, boolErr(ok, arg)
	}
	all := fn == "Fn::And"
	for _, e := range l {
		b, ok := e.(bool)
		if !ok {
			return false, boolErr(false, arg)
		}
		if b != all {
			return !all, nil
		}
	}
	return all, nil
}

func boolErr(ok bool, arg any) error {
	if ok {
		return nil
	}
	return fmt.Errorf("condition operand is not a boolean: %v", arg)
}

func (s *Stack) condition(name string) (bool, error) {
	c, ok := s.Template.Conditions[name]
	if !ok {
		return false, fmt.Errorf("no condition %s", name)
	}
	v, err := s.Resolve(c)
	if err != nil {
		return false, fmt.Errorf("condition %s: %w", name, err)
	}
	b, ok := v.(bool)
	if !ok {
		return false, fmt.Errorf("condition %s is not a boolean", name)
	}
	return b, nil
}

func (s *Stack) ref(name string) (any, error) {
	switch name {
	case "AWS::Region":
		return s.Region, nil
	case "AWS::AccountId":
		return s.Account, nil
	case "AWS::StackName":
		return s.Name, nil
	case "AWS::URLSuffix":
		return "amazonaws.com", nil
	case "AWS::Partition":
		return "aws", nil
	case "AWS::NoValue":
		return nil, nil
	}
	if v, ok := s.Params[name]; ok {
		return v, nil
	}
	if v, ok := s.refs[name]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("!Ref %s: no such parameter or created resource", name)
}

func (s *Stack) getAtt(id, attr string) (string, error) {
	if v, ok := s.attrs[id][attr]; ok {
		return v, nil
	}
	return "", fmt.Errorf("!GetAtt %s.%s: not known locally", id, attr)
}

var subVar = regexp.MustCompile(`\$\{([^}!][^}]*)\}`)

func (s *Stack) sub(arg any) (any, error) {
	text, vars := str(arg), map[string]any{}
	if l := listOf(arg); len(l) == 2 {
		text, vars = str(l[0]), mapOf(l[1])
	}
	var firstErr error
	out := subVar.ReplaceAllStringFunc(text, func(m string) string {
		name := m[2 : len(m)-1]
		var v any
		var err error
		if given, ok := vars[name]; ok {
			v, err = s.Resolve(given)
		} else if res, attr, ok := strings.Cut(name, "."); ok && !strings.HasPrefix(name, "AWS::") {
			v, err = s.getAtt(res, attr)
		} else {
			v, err = s.ref(name)
		}
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return fmt.Sprint(v)
	})
	return out, firstErr
}
