#!/usr/bin/env python3
"""Every anchor of a relative Markdown link resolves: `[text](page.md#anchor)` and
`[text](#anchor)` must name a heading of the page (GitHub's slugs: lower case, punctuation
dropped, spaces to hyphens, a repeated heading numbered -1, -2, ...) or an explicit
`<a id="...">`. Reads the pages given on standard input, one path per line; exits 1 naming
each dead anchor with its page and line."""
import os
import re
import sys

LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
EXPLICIT = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")


def slug(text):
    text = re.sub(r"`|\*\*|__", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link's text only
    text = text.strip().lower()
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, counts, fenced = set(), {}, False
        for line in open(path, encoding="utf-8"):
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            if fenced:
                continue
            found.update(EXPLICIT.findall(line))
            match = HEADING.match(line)
            if match:
                base = slug(match.group(2))
                number = counts.get(base, 0)
                counts[base] = number + 1
                found.add(base if number == 0 else f"{base}-{number}")
        cache[path] = found
    return cache[path]


dead = []
for page in sys.stdin.read().split():
    fenced = False
    for number, line in enumerate(open(page, encoding="utf-8"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        for target in LINK.findall(line):
            if re.match(r"^(https?:|mailto:)", target) or "#" not in target:
                continue
            path, anchor = target.split("#", 1)
            resolved = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            if not resolved.endswith(".md") or not os.path.isfile(resolved):
                continue  # a file that is not Markdown, or a missing one (reported by docs.sh)
            if anchor not in anchors(resolved):
                dead.append(f"{page}:{number}: {target}: no heading '#{anchor}' in {resolved}")
print("\n".join(dead) if dead else "Markdown: every anchor of a relative link names a heading")
sys.exit(1 if dead else 0)
