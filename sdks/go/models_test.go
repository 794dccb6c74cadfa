package cairn_test

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	cairn "github.com/cairn-storage/cairn-go"
)

// The models hold to openapi.yaml: every field, its type, whether it may be null or absent, and
// every enum (declared on a string field as an `enum:"a,b"` tag). The schemas come from
// sdks/harness/schema-fields.mjs, openapi.yaml as plain field tables.

// models maps each type read from the API to its schema (the SDK names some its own way).
var models = map[reflect.Type]string{
	reflect.TypeOf(cairn.Upload{}):            "Upload",
	reflect.TypeOf(cairn.UploadDetail{}):      "UploadDetail",
	reflect.TypeOf(cairn.UploadResult{}):      "UploadResult",
	reflect.TypeOf(cairn.DagFile{}):           "DagFile",
	reflect.TypeOf(cairn.DagUploadResult{}):   "DagUploadResult",
	reflect.TypeOf(cairn.FilesUploadResult{}): "FilesUploadResult",
	reflect.TypeOf(cairn.UploadList{}):        "UploadList",
	reflect.TypeOf(cairn.RemoveResult{}):      "RemoveResult",
	reflect.TypeOf(cairn.Usage{}):             "Usage",
	reflect.TypeOf(cairn.User{}):              "User",
	reflect.TypeOf(cairn.Token{}):             "ApiToken",
	reflect.TypeOf(cairn.CreatedToken{}):      "ApiTokenCreated",
	reflect.TypeOf(cairn.PinJob{}):            "PinJob",
	reflect.TypeOf(cairn.DagEntry{}):          "DagEntry",
	reflect.TypeOf(cairn.DagView{}):           "DagView",
	reflect.TypeOf(cairn.Plan{}):              "Plan",
	reflect.TypeOf(cairn.PlanList{}):          "PlanList",
	reflect.TypeOf(cairn.Checkout{}):          "CheckoutResult",
	reflect.TypeOf(cairn.Referral{}):          "Referral",
	reflect.TypeOf(cairn.ReferralSummary{}):   "ReferralSummary",
	reflect.TypeOf(cairn.PinStatus{}):         "PinStatusView",
	reflect.TypeOf(cairn.PinAllocation{}):     "PinAllocationView",
	reflect.TypeOf(cairn.PSAPin{}):            "PsaPin",
	reflect.TypeOf(cairn.PSAPinStatus{}):      "PsaPinStatus",
	reflect.TypeOf(cairn.PSAPinResults{}):     "PsaPinResults",
	reflect.TypeOf(cairn.ValidationIssue{}):   "ValidationIssue",
	reflect.TypeOf(cairn.Group{}):             "Group",
	reflect.TypeOf(cairn.GroupList{}):         "GroupList",
	reflect.TypeOf(cairn.AccessLink{}):        "AccessLink",
	reflect.TypeOf(cairn.AccessLinkList{}):    "AccessLinkList",
	reflect.TypeOf(cairn.UploadFilter{}):      "UploadFilterRequest",
	reflect.TypeOf(cairn.Name{}):              "Name",
	reflect.TypeOf(cairn.NameList{}):          "NameList",
	reflect.TypeOf(cairn.NamePublication{}):   "NamePublication",
	reflect.TypeOf(cairn.NameHistory{}):       "NameHistory",
	reflect.TypeOf(cairn.NameKey{}):           "NameKeyExport",
	reflect.TypeOf(cairn.NameResolution{}):    "NameResolution",
	reflect.TypeOf(cairn.Domain{}):            "Domain",
	reflect.TypeOf(cairn.DomainList{}):        "DomainList",
}

type schemaField struct {
	Required bool       `json:"required"`
	Type     schemaType `json:"type"`
}

type schemaType struct {
	Kind     string                 `json:"kind"`
	Nullable bool                   `json:"nullable"`
	Enum     []any                  `json:"enum"`
	Format   string                 `json:"format"`
	Items    *schemaType            `json:"items"`
	Fields   map[string]schemaField `json:"fields"`
	Values   *schemaType            `json:"values"`
}

func loadSchemas(t *testing.T) map[string]struct {
	Fields map[string]schemaField `json:"fields"`
} {
	t.Helper()
	cmd := exec.Command("node", "sdks/harness/schema-fields.mjs")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("reading openapi.yaml: %v", err)
	}
	var tables map[string]struct {
		Fields map[string]schemaField `json:"fields"`
	}
	if err := json.Unmarshal(out, &tables); err != nil {
		t.Fatal(err)
	}
	return tables
}

// jsonFields are a struct's fields by JSON name, those of embedded structs included.
func jsonFields(t reflect.Type) map[string]reflect.StructField {
	fields := map[string]reflect.StructField{}
	for i := range t.NumField() {
		field := t.Field(i)
		tag := field.Tag.Get("json")
		if field.Anonymous && tag == "" {
			for name, inner := range jsonFields(field.Type) {
				fields[name] = inner
			}
			continue
		}
		if name, _, _ := strings.Cut(tag, ","); name != "" && name != "-" {
			fields[name] = field
		}
	}
	return fields
}

var timeType = reflect.TypeOf(time.Time{})

func modelProblems(model reflect.Type, fields map[string]schemaField, at string) []string {
	var problems []string
	own := jsonFields(model)
	for name := range own {
		if _, ok := fields[name]; !ok {
			problems = append(problems, fmt.Sprintf("%s.%s: not in openapi.yaml", at, name))
		}
	}
	for name, field := range fields {
		goField, ok := own[name]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s.%s: missing", at, name))
			continue
		}
		where := at + "." + name
		pointer := goField.Type.Kind() == reflect.Pointer
		omitEmpty := strings.Contains(goField.Tag.Get("json"), ",omitempty")
		if !field.Required && !pointer && !omitEmpty {
			problems = append(problems, where+": may be absent, so it needs a pointer or omitempty")
		}
		if pointer && field.Required && !field.Type.Nullable {
			problems = append(problems, where+": is never null, so it must not be a pointer")
		}
		problems = append(problems, typeProblems(goField.Type, goField.Tag.Get("enum"), field.Type, where)...)
	}
	sort.Strings(problems)
	return problems
}

func typeProblems(goType reflect.Type, enumTag string, schema schemaType, at string) []string {
	var problems []string
	nullable := goType.Kind() == reflect.Pointer || goType.Kind() == reflect.Slice || goType.Kind() == reflect.Map
	if schema.Nullable && !nullable {
		problems = append(problems, at+": may be null, so it must be a pointer")
	}
	if goType.Kind() == reflect.Pointer {
		goType = goType.Elem()
	}
	if schema.Kind == "string" {
		var listed []string
		for _, value := range schema.Enum {
			listed = append(listed, fmt.Sprint(value))
		}
		var tagged []string
		if enumTag != "" {
			tagged = strings.Split(enumTag, ",")
		}
		sort.Strings(listed)
		sort.Strings(tagged)
		if !slices.Equal(listed, tagged) {
			problems = append(problems, fmt.Sprintf("%s: enum tag %q but openapi.yaml lists %q", at, tagged, listed))
		}
	} else if enumTag != "" && schema.Kind != "array" {
		problems = append(problems, at+": an enum tag on a "+schema.Kind)
	}
	mismatch := func() []string {
		return append(problems, fmt.Sprintf("%s: %s but openapi.yaml says %s", at, goType, schema.Kind))
	}
	switch schema.Kind {
	case "string":
		if schema.Format == "date-time" && goType != timeType || schema.Format != "date-time" && goType.Kind() != reflect.String {
			return mismatch()
		}
	case "integer":
		if goType.Kind() != reflect.Int && goType.Kind() != reflect.Int64 {
			return mismatch()
		}
	case "number":
		if goType.Kind() != reflect.Float64 {
			return mismatch()
		}
	case "boolean":
		if goType.Kind() != reflect.Bool {
			return mismatch()
		}
	case "array":
		if goType.Kind() != reflect.Slice {
			return mismatch()
		}
		// An enum tag on a slice lists the values of its items.
		problems = append(problems, typeProblems(goType.Elem(), enumTag, *schema.Items, at+"[]")...)
	case "map", "object":
		switch {
		case goType.Kind() == reflect.Map && schema.Values != nil && goType.Key().Kind() == reflect.String:
			problems = append(problems, typeProblems(goType.Elem(), "", *schema.Values, at+"{}")...)
			for name, field := range schema.Fields {
				named := field.Type
				named.Nullable = false
				problems = append(problems, typeProblems(goType.Elem(), "", named, at+"."+name)...)
			}
		case schema.Kind == "object" && goType.Kind() == reflect.Struct && goType != timeType:
			problems = append(problems, modelProblems(goType, schema.Fields, at)...)
		default:
			return mismatch()
		}
	default:
		return mismatch()
	}
	return problems
}

func TestModelsHoldToOpenAPI(t *testing.T) {
	schemas := loadSchemas(t)
	for model, name := range models {
		t.Run(model.Name(), func(t *testing.T) {
			schema, ok := schemas[name]
			if !ok {
				t.Fatalf("openapi.yaml has no schema %s", name)
			}
			for _, problem := range modelProblems(model, schema.Fields, model.Name()) {
				t.Error(problem)
			}
		})
	}
}

// nested are the named struct types a model's fields hold, at any depth.
func nested(t reflect.Type, found map[string]bool) {
	for _, field := range jsonFields(t) {
		inner := field.Type
		for inner.Kind() == reflect.Pointer || inner.Kind() == reflect.Slice || inner.Kind() == reflect.Map {
			inner = inner.Elem()
		}
		if inner.Kind() == reflect.Struct && inner != timeType {
			found[inner.Name()] = true
			nested(inner, found)
		}
	}
}

// TestEveryModelIsHeld finds, in the package's source, every exported struct with JSON fields: each
// is in `models` or inside one of them.
func TestEveryModelIsHeld(t *testing.T) {
	held := map[string]bool{
		// A webhook delivery's body, not an answer of the API: no schema of openapi.yaml describes
		// it; webhooks_test.go checks it against sdks/webhook-vectors.json.
		"WebhookEvent": true,
	}
	for model := range models {
		held[model.Name()] = true
		nested(model, held)
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, entry := range entries {
		if !strings.HasSuffix(entry.Name(), ".go") || strings.HasSuffix(entry.Name(), "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), entry.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(node ast.Node) bool {
			spec, ok := node.(*ast.TypeSpec)
			if !ok || !spec.Name.IsExported() {
				return true
			}
			if structType, ok := spec.Type.(*ast.StructType); ok && hasJSONTags(structType) && !held[spec.Name.Name] {
				t.Errorf("%s has JSON fields but is held to no schema: add it to models", spec.Name.Name)
			}
			return true
		})
	}
}

func hasJSONTags(structType *ast.StructType) bool {
	for _, field := range structType.Fields.List {
		if field.Tag != nil && strings.Contains(field.Tag.Value, `json:"`) {
			return true
		}
	}
	return false
}

func TestModelProblemsFindsDrift(t *testing.T) {
	type drifted struct {
		Code  string  `json:"code"`
		Name  int     `json:"name"`
		Limit *int64  `json:"storageLimitBytes"`
		Extra string  `json:"extra"`
		Price float64 `json:"priceMonthlyEur"`
	}
	problems := modelProblems(reflect.TypeOf(drifted{}), loadSchemas(t)["Plan"].Fields, "drifted")
	for _, want := range []string{
		"drifted.extra: not in openapi.yaml",
		"drifted.name: int but openapi.yaml says string",
		"drifted.storageLimitBytes: is never null, so it must not be a pointer",
		"drifted.isDefault: missing",
	} {
		if !slices.Contains(problems, want) {
			t.Errorf("%q not found in %q", want, problems)
		}
	}
	status := schemaType{Kind: "string", Enum: []any{"queued", "pinned"}}
	if got := typeProblems(reflect.TypeOf(""), "queued", status, "x"); len(got) != 1 || !strings.Contains(got[0], "enum tag") {
		t.Errorf("a missing enum value went unnoticed: %q", got)
	}
}
