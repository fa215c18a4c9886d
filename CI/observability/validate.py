#!/usr/bin/env python3
"""Validates observation files (`zoomcheck check --observe DIR`) against CI/observability/schema.json,
our transcription of the constraints of Hypothesis's published observation schema
(schema_observations.json: the fields, their types, the status values).

    python3 CI/observability/validate.py SCHEMA FILE...

Every line must be a JSON object valid under the schema. The schema's keywords are checked by
the small validator below (the standard library only: const, enum, type, required,
properties, additionalProperties, items, minimum, uniqueItems, oneOf); when the `jsonschema`
package is installed, every line is also checked by it (Draft 2020-12), and the output says
which ran. Exit 0 when every line is valid, 1 otherwise (the first five problems printed).
"""
import json
import sys

TYPES = {"object": dict, "array": list, "string": str, "null": type(None), "boolean": bool}


def type_matches(value, name):
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, TYPES[name])


def problems(value, schema, where="$"):
    """The reasons `value` is not valid under `schema` (empty when it is)."""
    if "oneOf" in schema:
        valid = [branch for branch in schema["oneOf"] if not problems(value, branch, where)]
        return [] if len(valid) == 1 else ["%s: valid under %d of the oneOf branches, not 1" % (where, len(valid))]
    found = []
    if "const" in schema and value != schema["const"]:
        found.append("%s: %r is not %r" % (where, value, schema["const"]))
    if "enum" in schema and value not in schema["enum"]:
        found.append("%s: %r is not one of %r" % (where, value, schema["enum"]))
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(type_matches(value, name) for name in names):
            return found + ["%s: %r is not of type %s" % (where, value, "/".join(names))]
    if "minimum" in schema and type_matches(value, "number") and value < schema["minimum"]:
        found.append("%s: %r is below %r" % (where, value, schema["minimum"]))
    if isinstance(value, dict):
        for name in schema.get("required", []):
            if name not in value:
                found.append("%s: %r is missing" % (where, name))
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for name, member in value.items():
            if name in properties:
                found += problems(member, properties[name], "%s.%s" % (where, name))
            elif extra is False:
                found.append("%s: %r is not allowed" % (where, name))
            elif isinstance(extra, dict):
                found += problems(member, extra, "%s.%s" % (where, name))
    if isinstance(value, list):
        if schema.get("uniqueItems") and len(set(map(json.dumps, value))) != len(value):
            found.append("%s: items are not unique" % where)
        if "items" in schema:
            for index, item in enumerate(value):
                found += problems(item, schema["items"], "%s[%d]" % (where, index))
    return found


def main():
    schema = json.load(open(sys.argv[1]))
    try:
        import jsonschema
        second = jsonschema.Draft202012Validator(schema)
    except ImportError:
        second = None
    lines = invalid = 0
    for path in sys.argv[2:]:
        with open(path) as handle:
            for number, text in enumerate(handle, 1):
                lines += 1
                reasons = problems(json.loads(text), schema)
                if second is not None:
                    reasons += ["jsonschema: " + error.message for error in second.iter_errors(json.loads(text))]
                if reasons:
                    invalid += 1
                    if invalid <= 5:
                        print("%s:%d: %s" % (path, number, "; ".join(reasons)[:400]), file=sys.stderr)
    checker = "this script's validator and jsonschema" if second else "this script's validator (jsonschema is not installed)"
    print("%d observation lines in %d files, %d invalid (%s)" % (lines, len(sys.argv) - 2, invalid, checker))
    return 1 if invalid or not lines else 0


if __name__ == "__main__":
    sys.exit(main())
