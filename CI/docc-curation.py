#!/usr/bin/env python3
"""Every top-level public symbol of a module is curated in its DocC catalog: named as a topic,
`- ``Symbol``` (or `- ``Module/Symbol```, or with a disambiguation suffix `-struct`, `-abc12`),
in a `## Topics` section of one of the catalog's Markdown pages. A symbol docc would have to
file on its own (under "Structures", "Enumerations" ...) is one a reader meets without a
place in the module's story.

    python3 CI/docc-curation.py MODULE SYMBOLS.json CATALOG.docc

Exits 1 naming each top-level symbol that no topic lists. A topic that names no symbol is
docc's to report (a broken link: an error under --warnings-as-errors)."""
import glob
import json
import os
import re
import sys

TOPIC = re.compile(r"^\s*[-*+]\s+``([^`]+)``\s*$")


def topics(catalog):
    """The symbol links listed under `## Topics` in the catalog's pages."""
    names = set()
    for page in sorted(glob.glob(os.path.join(catalog, "**", "*.md"), recursive=True)):
        inside, fenced = False, False
        for line in open(page, encoding="utf-8"):
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            if fenced:
                continue
            if re.match(r"^##\s", line):
                inside = line.strip() == "## Topics"
                continue
            match = TOPIC.match(line) if inside else None
            if match:
                names.add(match.group(1))
    return names


def main():
    module, graph, catalog = sys.argv[1:4]
    symbols = json.load(open(graph, encoding="utf-8"))["symbols"]
    top = sorted({s["pathComponents"][0] for s in symbols if len(s["pathComponents"]) == 1})
    prefix = module + "/"
    listed = {name[len(prefix):] if name.startswith(prefix) else name for name in topics(catalog)}
    missing = [name for name in top if not any(t == name or t.startswith(name + "-") for t in listed)]
    for name in missing:
        print(f"{catalog}: ``{name}`` is public in {module} and curated under no topic", file=sys.stderr)
    if missing:
        sys.exit(1)
    print(f"{os.path.basename(catalog)}: every top-level public symbol curated ({len(top)})")


main()
