#!/usr/bin/env python3
"""Measured recall: the property catalogue against every first-order mutant of an adapter.

    python3 CI/mutation/run.py [--zoomcheck PATH] [--sample gate|all] [--cases N] [--jobs N]
                               [--record] [--report PATH]

For each mutant of the example adapter's arithmetic (mutants.py):
1. `zoomcheck check --gate defects --fail-fast` runs the catalogue against it through
   `exec:`. A gated failure means the mutant is *killed by a defect property*.
2. If it survives, the convention-class properties run against it (`--gate all`): a failure
   there is a *convention-only detection*, kept apart from the score.
3. If it still survives, a dense differential comparison with the original adapter
   (differential.py) decides: no difference beyond the tolerance means *equivalent*; a
   difference means a *recall gap*, printed with the request that shows it.
A mutant that cannot start (Python cannot load it) is *stillborn*.

The score is killed by defect properties / (mutants - stillborn - equivalent).

Tests to failure: for every killed mutant (and every convention-only detection) the record
keeps the cases the detecting property generated up to and including its first failing case
(`casesBeforeFailure` + 1 from `--json`), where that case came from (the report's "found on"),
the property's family, its run time from `--json` (generation and shrinking) and the wall time
of the whole `zoomcheck check --fail-fast` run; the report gives their distribution.

`--sample gate` takes a fixed twentieth of the mutants (chosen by their stable keys, so the
sample survives edits elsewhere in the adapter); `--sample all` takes every one (the nightly
profile). With `--record`, the results are written to CI/mutation/results.tsv and the report
to Documentation/mutation-report.md; without it, the results are compared with the recorded
ones and any mutant recorded as killed that now survives fails the run (exit 1).
Standard library only.
"""

import argparse
import concurrent.futures
import json
import math
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import differential  # noqa: E402
import mutants as mutation  # noqa: E402

ADAPTER = os.path.join(ROOT, "Examples", "python-adapter", "zoomcheck_adapter.py")
RESULTS = os.path.join(HERE, "results.tsv")
EXPLANATIONS = os.path.join(HERE, "explanations.tsv")
REPORT = os.path.join(ROOT, "Documentation", "mutation-report.md")
GATE_SAMPLE_MODULUS = 20  # the gate runs the mutants whose key falls in one twentieth


def in_gate_sample(mutant):
    return int(mutant.key[:8], 16) % GATE_SAMPLE_MODULUS == 0


def catalogue_properties(zoomcheck):
    """(defect names, convention names) from `zoomcheck check --list`."""
    listing = subprocess.run([zoomcheck, "check", "--list"], capture_output=True, text=True, check=True).stdout
    defects, conventions = [], []
    for line in listing.splitlines():
        if line and not line.startswith(" ") and "[" in line:
            name, rest = line.split(" [", 1)
            (defects if rest.startswith("defect") else conventions).append(name)
    return defects, conventions


def run_catalogue(zoomcheck, program, cases, gate, properties, workdir, fail_fast=True):
    """(status, failing properties, detail) of one `zoomcheck check` run against `program`;
    `detail` is the tests-to-failure of the first failing property in catalogue order (see
    tests_to_failure), or None when nothing failed."""
    results = os.path.join(workdir, "results.json")
    regressions = os.path.join(workdir, "regressions")
    if os.path.exists(results):
        os.remove(results)
    shutil.rmtree(regressions, ignore_errors=True)
    os.makedirs(regressions)
    # Quoted: the program's path holds TMPDIR, which may hold a space.
    command = [zoomcheck, "check", "--impl", "exec:python3 " + shlex.quote(program), "--gate", gate,
               "--cases", str(cases), "--exec-timeout", "5", "--regressions", regressions, "--json", results]
    if fail_fast:
        command.append("--fail-fast")
    for name in properties:
        command += ["--property", name]
    environment = dict(os.environ, ZOOMCHECK_BOUNDARIES="off")
    environment.pop("ZOOMCHECK_SEED", None)
    environment.pop("ZOOMCHECK_CASES", None)
    started = time.monotonic()
    process = subprocess.run(command, capture_output=True, text=True, env=environment)
    wall = time.monotonic() - started
    if process.returncode == 69:
        return "stillborn", [], None
    if process.returncode not in (0, 1):
        raise RuntimeError("zoomcheck exited %d:\n%s" % (process.returncode, process.stderr[-2000:]))
    with open(results) as handle:
        document = json.load(handle)
    blocking = [result for result in document["results"] if result.get("blocks")]
    failing = [result["property"] for result in blocking]
    detail = tests_to_failure(blocking, process.stdout, wall) if blocking else None
    return ("killed" if process.returncode == 1 else "survived"), failing, detail


ORIGINS = (("the first generated case", "generated"), ("generated case ", "generated"),
           ("targeted case ", "targeted"), ("the pinned counterexample", "pinned"),
           ("saved counterexample ", "regression"), ("explicit choice example ", "choice-example"),
           ("explicit example ", "example"))


def origin_of(stdout, name):
    """Where the failing case of `name` came from, read from the report's "found on:" line in
    the property's failure block (the JSON does not carry it): generated, targeted, pinned,
    regression, example, choice-example; "unknown" if the block or the line is missing."""
    lines = stdout.splitlines()
    heading = "=== %s @ " % name
    for index, line in enumerate(lines):
        if line.startswith(heading):
            for following in lines[index + 1:]:
                if following.startswith("==="):
                    break
                text = following.strip()
                if text.startswith("found on: "):
                    text = text[len("found on: "):]
                    return next((word for lead, word in ORIGINS if text.startswith(lead)), "unknown")
    return "unknown"


def tests_to_failure(blocking, stdout, wall):
    """The first failing property's tests to failure, with every failing property the run saw:
    {cases, origin, family, milliseconds, wall, failing: [(property, cases)]}."""
    def cases(result):
        failure = result.get("failure") or {}
        return failure["casesBeforeFailure"] + 1 if "casesBeforeFailure" in failure else None
    first = blocking[0]
    return {"cases": cases(first), "origin": origin_of(stdout, first["property"]), "family": first.get("family", ""),
            "milliseconds": first.get("milliseconds"), "wall": wall,
            "failing": [(result["property"], cases(result)) for result in blocking]}


def judge(mutant, detected, oracle):
    """A mutant zoomcheck did not kill, judged by the differential oracle (in the main thread:
    it times each probe with SIGALRM): equivalent, or a recall gap with the request showing it.
    Returns the mutant's record row (see row)."""
    status, evidence, detail, every = detected
    if status != "survived":
        return row(status, evidence, detail, every)
    difference = oracle.first_difference(mutant.source)
    if difference is None:
        return row("equivalent", "no difference on %d probes" % len(oracle.lines))
    request, reason = difference
    return row("recall-gap", "%s: %s" % (reason, request))


def detect(mutant, zoomcheck, cases, conventions, workdir, every_property=False):
    """What zoomcheck alone says of the mutant: stillborn, killed (by a defect property),
    convention-only, or survived; with the detecting run's tests to failure, and with
    `every_property` the defect catalogue's run without --fail-fast (every failing property).
    Safe to run in a thread: it only runs processes in `workdir`."""
    program = os.path.join(workdir, "zoomcheck_adapter.py")
    with open(program, "w") as handle:
        handle.write(mutant.source)
    try:
        compile(mutant.source, program, "exec")
    except SyntaxError as error:
        return "stillborn", "syntax error: %s" % error, None, None
    status, failing, detail = run_catalogue(zoomcheck, program, cases, "defects", [], workdir)
    if status == "stillborn":
        return status, "the program cannot start", None, None
    if status == "killed":
        every = None
        if every_property:
            every = run_catalogue(zoomcheck, program, cases, "defects", [], workdir, fail_fast=False)[2]
        return "killed", failing[0], detail, every
    status, failing, detail = run_catalogue(zoomcheck, program, cases, "all", conventions, workdir)
    if status == "killed":
        return "convention-only", failing[0], detail, None
    return "survived", "", None, None


# The record's columns after key, status and evidence (older records have only those three;
# a missing column reads as empty). Filled for killed and convention-only mutants:
TTF_COLUMNS = [
    "cases",   # casesBeforeFailure + 1 of the detecting property (the first failing one in catalogue order)
    "origin",  # where that failing case came from: generated, example, regression, pinned, targeted, ...
    "family",  # the detecting property's family
    "ms",      # the detecting property's run time from --json (generation and shrinking), milliseconds
    "wall",    # the whole zoomcheck check --fail-fast run, seconds, measured around the process
    "fewest",  # only with --every-property: property=cases, the failing defect property with the fewest
    #            (of equals, the alphabetically first)
    "failing",  # only with --every-property: how many defect properties fail
]


def row(status, evidence, detail=None, every=None):
    """A record row after the key: status, evidence, then TTF_COLUMNS (empty where unknown)."""
    fields = {}
    if detail is not None:
        fields = {"cases": detail["cases"], "origin": detail["origin"], "family": detail["family"],
                  "ms": detail["milliseconds"], "wall": "%.2f" % detail["wall"]}
    if every is not None:
        measured = [(cases, name) for name, cases in every["failing"] if cases is not None]
        if measured:
            cases, name = min(measured)
            fields.update(fewest="%s=%d" % (name, cases), failing=len(every["failing"]))
    return [status, evidence] + ["" if fields.get(c) is None else str(fields[c]) for c in TTF_COLUMNS]


def column(fields, name):
    """A TTF column of a record row (fields after the key), "" when the row predates it."""
    index = 2 + TTF_COLUMNS.index(name)
    return fields[index] if len(fields) > index else ""


def read_tsv(path):
    rows = {}
    if os.path.exists(path):
        with open(path) as handle:
            for line in handle:
                if line.strip() and not line.startswith("#"):
                    fields = line.rstrip("\n").split("\t")
                    rows[fields[0]] = fields[1:]
    return rows


def read_explanations():
    """{key: [sentence]} from explanations.tsv, whose first column may list several keys
    separated by commas (one sentence for a class of equivalent mutants)."""
    explanations = {}
    for keys, fields in read_tsv(EXPLANATIONS).items():
        for key in keys.split(","):
            explanations[key.strip()] = fields
    return explanations


def score(statuses):
    counts = {}
    for status in statuses:
        counts[status] = counts.get(status, 0) + 1
    total = len(statuses)
    non_equivalent = total - counts.get("stillborn", 0) - counts.get("equivalent", 0)
    killed = counts.get("killed", 0)
    return counts, total, non_equivalent, killed


def score_line(statuses):
    counts, total, non_equivalent, killed = score(statuses)
    percent = 100.0 * killed / non_equivalent if non_equivalent else 100.0
    contract = killed + counts.get("convention-only", 0)
    contract_percent = 100.0 * contract / non_equivalent if non_equivalent else 100.0
    return ("%d mutants: %d killed by defect properties, %d detected by conventions only, %d recall gaps, "
            "%d equivalent, %d stillborn; score %d/%d = %.1f%% by defect properties, %d/%d = %.1f%% with the "
            "conventions the adapter declares (the default gate for exec: programs)" % (
                total, killed, counts.get("convention-only", 0), counts.get("recall-gap", 0),
                counts.get("equivalent", 0), counts.get("stillborn", 0), killed, non_equivalent, percent,
                contract, non_equivalent, contract_percent))


def nearest_rank(values, share):
    """The nearest-rank quantile: the smallest value with at least `share` of the values at or
    below it (the median is share 0.5: the lower middle value of an even count)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def within(values, limit):
    """'k/n = p%': how many of `values` are at most `limit`."""
    count = sum(1 for value in values if value <= limit)
    return "%d/%d = %.0f%%" % (count, len(values), 100.0 * count / len(values))


def distribution(values):
    """(median, 90th percentile, share within 20, share within 100, max) of tests to failure."""
    return (nearest_rank(values, 0.5), nearest_rank(values, 0.9), within(values, 20), within(values, 100),
            max(values))


def killed_cases(chosen, results):
    """[(mutant, cases)] of the killed mutants whose tests to failure are recorded."""
    measured = []
    for m in chosen:
        fields = results[m.key]
        if fields[0] == "killed" and column(fields, "cases"):
            measured.append((m, int(column(fields, "cases"))))
    return measured


def ttf_line(chosen, results):
    """One line for a run's output: the tests-to-failure distribution of its killed mutants."""
    measured = [cases for _, cases in killed_cases(chosen, results)]
    if not measured:
        return "tests to failure: no killed mutant in this run"
    median, p90, twenty, hundred, largest = distribution(measured)
    return ("tests to failure (%d killed): median %d, 90th percentile %d, max %d cases; within 20: %s, "
            "within 100: %s" % (len(measured), median, p90, largest, twenty, hundred))


def ttf_section(chosen, results, sample):
    """The report's tests-to-failure section: definition, distribution overall and per family,
    the published figure, time to failure, origins, the kills after more than 20 cases."""
    killed = [m for m in chosen if results[m.key][0] == "killed"]
    measured = killed_cases(chosen, results)
    lines = ["## Tests to failure", "",
             "ETNA (Shi et al., ICFP 2023) compares property-based testing tools by the time and the number of "
             "tests they need to find each mutant's bug. Here, for a killed mutant:", "",
             "- **The killing property** is the first defect property, in catalogue order (`zoomcheck check "
             "--list`), that fails: the property the mutant is recorded under. `--fail-fast` starts the properties "
             "in that order and no further one after a failure, so every property before it ran to the end and "
             "held; it is the same property on any machine. Properties later in the catalogue may fail sooner, "
             "but `--fail-fast` does not run them all, so the fewest cases among every failing property is not "
             "seen; `--every-property` runs the defect catalogue again without `--fail-fast` to see it (below, "
             "where measured).",
             "- **Tests to failure** is that property's `casesBeforeFailure` + 1 from `zoomcheck check --json`: "
             "the cases it checked up to and including the first failing one. Generated cases are counted from "
             "1; an explicit example or a replayed saved case would be counted too, and its origin (the report's "
             "\"found on\" line; the JSON does not carry it) is recorded. The run replays no saved cases (a fresh "
             "`--regressions` directory per mutant), the catalogue's properties have no explicit examples, pinned "
             "cases exist only for the seed code's documented findings, and boundary search (off here) runs "
             "after the failure. A failure too small to notice (`FailureSize`) does not stop the generation: a "
             "noticeable failure later in the run is reported and counted instead, and if none follows the "
             "unnoticeable one is, at its own place. Shrinking is not counted.",
             "- **Time to failure** is given two ways: the killing property's `milliseconds` from the JSON (its "
             "generation up to the failure and its shrinking; the JSON does not separate them), and the wall "
             "time of the whole `zoomcheck check --fail-fast` process, measured by `run.py` around it (start-up, "
             "the describe request, every property before the killing one and shrinking included; two mutants "
             "ran at once, on a shared 2-core machine).",
             "- Default seed 0x20100122, 1000 cases per property (fewer where a property divides them), the "
             "cases checked 256 at a time through `exec:` (the same cases and verdicts at any window).", ""]
    if not measured:
        return lines + ["No killed mutant has its tests to failure recorded yet.", ""]
    note = "%s; %d of the %d killed mutants recorded have their tests to failure" % (sample, len(measured), len(killed))
    lines += ["Measured on: %s." % note, "",
              "| scope | killed | median | 90th percentile | within 20 | within 100 | max |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    values = [cases for _, cases in measured]
    lines.append("| **all killed mutants** | %d | %d | %d | %s | %s | %d |" % ((len(values),) + distribution(values)))
    families = {}
    for m, cases in measured:
        families.setdefault(column(results[m.key], "family") or "?", []).append(cases)
    for family, cases in sorted(families.items(), key=lambda item: (-len(item[1]), item[0])):
        lines.append("| %s | %d | %d | %d | %s | %s | %d |" % ((family, len(cases)) + distribution(cases)))
    lines += ["| published: Python property tests, 2025 (as issue 34 quotes it) | | | | 76% | | |", "",
              "The published figure is quoted as issue 34 gives it (\"a 2025 study of Python property tests found 76% "
              "of killed mutants fell within the first 20 inputs\"); the study was not found in the sources "
              "searched, so it is not cited here by title. Its mutants, properties and inputs are other "
              "programs' and other tests': the comparison is of orders of magnitude, not a ranking.", ""]
    milliseconds = [int(column(results[m.key], "ms")) for m, _ in measured if column(results[m.key], "ms")]
    walls = [float(column(results[m.key], "wall")) for m, _ in measured if column(results[m.key], "wall")]
    if milliseconds and walls:
        lines += ["Time to failure: the killing property's run, median %d ms, 90th percentile %d ms; the whole "
                  "`zoomcheck check --fail-fast` run, median %.1f s, 90th percentile %.1f s (%d mutants)." % (
                      nearest_rank(milliseconds, 0.5), nearest_rank(milliseconds, 0.9), nearest_rank(walls, 0.5),
                      nearest_rank(walls, 0.9), len(walls)), ""]
    origins = {}
    for m, _ in measured:
        origin = column(results[m.key], "origin") or "?"
        origins[origin] = origins.get(origin, 0) + 1
    lines += ["Where the failing case came from: %s." % ", ".join(
        "%s %d" % (origin, count) for origin, count in sorted(origins.items(), key=lambda item: -item[1])), ""]
    every = [(m, cases) for m, cases in measured if column(results[m.key], "fewest")]
    if every:
        fewest = [int(column(results[m.key], "fewest").rsplit("=", 1)[1]) for m, _ in every]
        first = [cases for _, cases in every]
        sooner = sum(1 for a, b in zip(fewest, first) if a < b)
        lines += ["With `--every-property` (%d killed mutants; the defect catalogue run again without "
                  "`--fail-fast`): the fewest cases among every failing defect property, median %d, 90th "
                  "percentile %d, within 20: %s, within 100: %s; the first failing property in catalogue order for "
                  "the same mutants, median %d, 90th percentile %d, within 20: %s. Another property fails sooner "
                  "for %d of them; a median of %d defect properties fail per mutant." % (
                      len(every), nearest_rank(fewest, 0.5), nearest_rank(fewest, 0.9), within(fewest, 20),
                      within(fewest, 100), nearest_rank(first, 0.5), nearest_rank(first, 0.9), within(first, 20),
                      sooner, nearest_rank([int(column(results[m.key], "failing")) for m, _ in every], 0.5)), ""]
    slow = sorted(((m, cases) for m, cases in measured if cases > 20), key=lambda item: -item[1])
    lines += ["### Killed after more than 20 cases (%d)" % len(slow), ""]
    if slow:
        lines += ["| key | change | property | cases | fewest: property=cases (with `--every-property`) |",
                  "|---|---|---|---:|---|"]
        for m, cases in slow:
            fewest = column(results[m.key], "fewest")
            lines.append("| `%s` | %s | `%s` | %d | %s |" % (m.key, m.summary.replace("|", "\\|"), results[m.key][1],
                                                         cases, "`%s`" % fewest if fewest else "not measured"))
    else:
        lines.append("None.")
    convention = [int(column(results[m.key], "cases")) for m in chosen
                  if results[m.key][0] == "convention-only" and column(results[m.key], "cases")]
    if convention:
        median, p90, twenty, hundred, largest = distribution(convention)
        lines += ["", "Detected by conventions only (%d, the convention run's first failing property): median %d, "
                  "90th percentile %d, within 20: %s, within 100: %s, max %d cases." % (
                      len(convention), median, p90, twenty, hundred, largest)]
    return lines + [""]


def last_run_time():
    """The run-time line of the report being replaced, when a whole run wrote it: a partial run
    (--only, the gate sample, --reclassify, --merge-parts) keeps it and says so."""
    lead = "Run time: "
    if os.path.exists(REPORT):
        with open(REPORT) as handle:
            for line in handle:
                if line.startswith(lead) and " s on this machine" in line:
                    kept = line.strip().split(" (the last whole run")[0].rstrip(".")
                    return kept + " (the last whole run; part of the record was rerun since)."
    return "Run time not given: the record was last merged, reclassified or partly rerun."


def write_report(chosen, results, explanations, cases, elapsed, sample=None):
    """The report from the record; `sample` says which run measured the tests to failure."""
    if sample is None:
        sample = "the recorded runs (merged)"
    lines = ["# Measured recall: mechanical mutants of the Python example adapter", "",
             "Generated by `python3 CI/mutation/run.py --sample all --record`, or runs of some of the mutants "
             "merged into its record (seed 0x20100122, boundaries off; "
             "the last pass ran %d cases per property); do not edit by hand. Explanations of equivalent mutants "
             "and of recall gaps live in `CI/mutation/explanations.tsv`." % cases, "",
             "**" + score_line([results[m.key][0] for m in chosen]) + "**", "",
             ("Run time: %.0f s on this machine (2 cores)." % elapsed) if elapsed else last_run_time(), "",
             "How it is measured: every first-order mutant of the arithmetic part of "
             "`Examples/python-adapter/zoomcheck_adapter.py` (operator swaps, comparison and boundary "
             "changes, constants ±1, ×2 and 0↔1, math-function swaps, sign and negation removal, "
             "statement deletion) runs against the catalogue through `exec:` with `--gate defects "
             "--fail-fast`. A survivor then runs against the convention properties; a survivor of "
             "both is compared with the original adapter on %d protocol requests covering the whole "
             "declared domain (`CI/mutation/differential.py`): no difference beyond 1e-12 relative "
             "makes it equivalent, any difference a recall gap." % len(differential.requests()), "",
             "## By operator", "",
             "| operator | mutants | killed | convention only | gaps | equivalent | stillborn |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    operators = sorted({m.operator for m in chosen})
    for operator in operators:
        statuses = [results[m.key][0] for m in chosen if m.operator == operator]
        counts, total, _, killed = score(statuses)
        lines.append("| %s | %d | %d | %d | %d | %d | %d |" % (
            operator, total, killed, counts.get("convention-only", 0), counts.get("recall-gap", 0),
            counts.get("equivalent", 0), counts.get("stillborn", 0)))
    lines += [""] + ttf_section(chosen, results, sample)[:-1]
    for title, wanted in (("Recall gaps", "recall-gap"), ("Detected by conventions only", "convention-only"),
                          ("Equivalent", "equivalent"), ("Stillborn", "stillborn")):
        rows = [m for m in chosen if results[m.key][0] == wanted]
        lines += ["", "## %s (%d)" % (title, len(rows)), ""]
        if not rows:
            lines.append("None.")
            continue
        lines += ["| key | change | evidence | why |", "|---|---|---|---|"]
        for m in rows:
            evidence = results[m.key][1].replace("|", "\\|")
            if len(evidence) > 220:
                evidence = evidence[:217] + "..."
            why = explanations.get(m.key, [""])[0].replace("|", "\\|")
            lines.append("| `%s` | %s | %s | %s |" % (m.key, m.summary.replace("|", "\\|"), evidence, why))
    lines += ["", "## Killed (%d): the first property that failed, and its tests to failure" % sum(
        1 for m in chosen if results[m.key][0] == "killed"), "",
              "| property | family | mutants | median | 90th percentile | within 20 | within 100 | max |",
              "|---|---|---:|---:|---:|---:|---:|---:|"]
    by_property = {}
    for m in chosen:
        if results[m.key][0] == "killed":
            by_property.setdefault(results[m.key][1], []).append(m)
    for name, killed in sorted(by_property.items(), key=lambda item: (-len(item[1]), item[0])):
        cases = [int(column(results[m.key], "cases")) for m in killed if column(results[m.key], "cases")]
        family = next((column(results[m.key], "family") for m in killed if column(results[m.key], "family")), "")
        figures = ("%d | %d | %s | %s | %d" % distribution(cases)) if cases else " | | | | "
        count = str(len(killed)) if len(cases) == len(killed) else "%d (%d measured)" % (len(killed), len(cases))
        lines.append("| `%s` | %s | %s | %s |" % (name, family, count, figures))
    os.makedirs(os.path.dirname(REPORT), exist_ok=True)
    with open(REPORT, "w") as handle:
        handle.write("\n".join(lines) + "\n")


def reclassify(every, recorded, oracle, explanations, cases):
    """Classifies the recorded survivors of both catalogue runs again (equivalent or recall
    gap) with the current differential comparison, keeping every other result."""
    chosen = [m for m in every if m.key in recorded]
    results = {m.key: padded(recorded[m.key]) for m in chosen}
    for m in chosen:
        if results[m.key][0] in ("equivalent", "recall-gap"):
            difference = oracle.first_difference(m.source)
            if difference is None:
                results[m.key] = row("equivalent", "no difference on %d probes" % len(oracle.lines))
            else:
                results[m.key] = row("recall-gap", "%s: %s" % (difference[1], difference[0]))
    write_results(chosen, results)
    write_report(chosen, results, explanations, cases, None)
    print(score_line([results[m.key][0] for m in chosen]))
    return 0


def carried(fields, recorded):
    """A new row keeping the recorded --every-property columns (fewest, failing) when this run
    did not measure them and the mutant was killed by the same property after as many cases
    (the catalogue and the mutant are the same, so is every property's verdict)."""
    if recorded is None or column(fields, "fewest") or not column(recorded, "fewest"):
        return fields
    fields = padded(fields)
    if fields[:3] != padded(recorded)[:3]:  # status, evidence (the killing property) and cases
        return fields
    for name in ("fewest", "failing"):
        fields[2 + TTF_COLUMNS.index(name)] = column(recorded, name)
    return fields


def padded(fields):
    """A record row (after the key) with every column, older rows' missing ones empty."""
    return list(fields) + [""] * (2 + len(TTF_COLUMNS) - len(fields))


def tsv_line(key, fields):
    return "\t".join([key] + [str(field).replace("\t", " ").replace("\n", " ") for field in padded(fields)]) + "\n"


def write_results(chosen, results):
    with open(RESULTS, "w") as handle:
        handle.write("# key\tstatus\tevidence\t%s (generated by CI/mutation/run.py --record; do not edit; "
                     "the columns are described in run.py's TTF_COLUMNS)\n" % "\t".join(TTF_COLUMNS))
        for m in chosen:
            handle.write(tsv_line(m.key, results[m.key]))


def parse_part(parser, text):
    """--part K/N as (K, N), 1 <= K <= N; a usage error (exit 2) otherwise."""
    try:
        part, parts = (int(x) for x in text.split("/"))
    except ValueError:
        part, parts = 0, 0
    if not 1 <= part <= parts:
        parser.error("--part takes K/N with 1 <= K <= N, as in --part 2/3, not '%s'" % text)
    return part, parts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--zoomcheck", default=os.path.join(ROOT, ".build", "debug", "zoomcheck"))
    parser.add_argument("--sample", choices=["gate", "all"], default="gate")
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2,
                        help="mutants checked at once (default 2: one zoomcheck and its Python program each)")
    parser.add_argument("--record", action="store_true",
                        help="record the run's results in results.tsv (other recorded mutants keep theirs) "
                             "and write the report")
    parser.add_argument("--only", action="append", default=[], help="run only this mutant key (repeatable)")
    parser.add_argument("--list", action="store_true", help="print the mutants and run nothing")
    parser.add_argument("--missing", action="store_true",
                        help="run only the mutants the record lacks (the adapter changed) and add them to it; "
                             "drop records of mutants that no longer exist")
    parser.add_argument("--part", default="1/1",
                        help="K/N: run every N-th of the chosen mutants from the K-th (parallel runs); with "
                             "--missing, part K of N writes results.tsv.partK, merged into the record by the run "
                             "with --merge-parts N")
    parser.add_argument("--merge-parts", type=int, default=0,
                        help="merge results.tsv.part1..N into the record and write the report")
    parser.add_argument("--survivors", action="store_true",
                        help="with --missing: run the recorded survivors again too (the catalogue changed)")
    parser.add_argument("--reclassify", action="store_true",
                        help="rerun only the differential comparison for the recorded survivors and rewrite the record")
    parser.add_argument("--every-property", action="store_true",
                        help="run each killed mutant's defect catalogue again without --fail-fast, to record "
                             "the failing property with the fewest tests to failure (slower)")
    arguments = parser.parse_args()

    with open(ADAPTER) as handle:
        source = handle.read()
    every = mutation.generate(source)
    chosen = [m for m in every if arguments.sample == "all" or in_gate_sample(m)]
    if arguments.only:
        chosen = [m for m in every if m.key in arguments.only]
    if arguments.missing:
        record = read_tsv(RESULTS)
        rerun = ("equivalent", "recall-gap", "convention-only") if arguments.survivors else ()
        chosen = [m for m in every if m.key not in record or record[m.key][0] in rerun]
    part, parts = parse_part(parser, arguments.part)
    unknown = sorted(set(arguments.only) - {m.key for m in every})
    if unknown:
        parser.error("--only: no mutant is named %s (the keys are listed by --list)" % ", ".join(unknown))
    chosen = chosen[part - 1::parts]
    if arguments.merge_parts < 0:
        parser.error("--merge-parts takes the number of parts N (1 or more), not %d" % arguments.merge_parts)
    if arguments.merge_parts:
        # Every part must be there before anything is written: a missing one (a part that
        # never ran, a typo in N) would otherwise rewrite the record and the report without
        # it, then stop on removing it.
        missing = [RESULTS + ".part%d" % k for k in range(1, arguments.merge_parts + 1)
                   if not os.path.isfile(RESULTS + ".part%d" % k)]
        if missing:
            parser.error("--merge-parts %d: no part file %s; nothing was merged or written"
                         % (arguments.merge_parts, ", ".join(os.path.relpath(m, ROOT) for m in missing)))
        record = read_tsv(RESULTS)
        for k in range(1, arguments.merge_parts + 1):
            record.update(read_tsv(RESULTS + ".part%d" % k))
        everything = [m for m in every if m.key in record]
        merged = {m.key: padded(record[m.key]) for m in everything}
        write_results(everything, merged)
        write_report(everything, merged, read_explanations(), arguments.cases, None)
        for k in range(1, arguments.merge_parts + 1):
            os.remove(RESULTS + ".part%d" % k)
        print(score_line([merged[m.key][0] for m in everything]))
        return 0
    if arguments.list:
        for m in chosen:
            print("%s\t%s\t%s" % (m.key, m.operator, m.summary))
        return 0
    recorded = read_tsv(RESULTS)
    explanations = read_explanations()
    oracle = differential.Oracle(source)
    if arguments.reclassify:
        return reclassify(every, recorded, oracle, explanations, arguments.cases)
    _, conventions = catalogue_properties(arguments.zoomcheck)
    started = time.time()
    results = {}
    workdir = tempfile.mkdtemp(prefix="zoomcheck-mutation-")
    def detect_in_own_directory(indexed):
        index, m = indexed
        directory = os.path.join(workdir, str(index))
        os.makedirs(directory)
        return detect(m, arguments.zoomcheck, arguments.cases, conventions, directory, arguments.every_property)

    try:
        # zoomcheck runs in --jobs threads (each mutant in a directory of its own); results
        # are taken, judged and printed in the mutants' order, so the output does not depend
        # on the number of jobs.
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, arguments.jobs)) as pool:
            detected = pool.map(detect_in_own_directory, enumerate(chosen, 1))
            for index, (m, found) in enumerate(zip(chosen, detected), 1):
                results[m.key] = judge(m, found, oracle)
                status, evidence = results[m.key][:2]
                cases = column(results[m.key], "cases")
                print("[%d/%d] %s %-15s %s  (%s%s)" % (index, len(chosen), m.key, status, m.summary, evidence[:150],
                                                      ", %s cases" % cases if cases else ""), flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    elapsed = time.time() - started
    if chosen and all(results[m.key][0] == "stillborn" for m in chosen):
        # Not a score: zoomcheck could run none of them (a path it could not start?).
        print("every mutant was stillborn (zoomcheck could start none of them): nothing measured, nothing recorded",
              file=sys.stderr)
        return 1
    print()
    print("mutation score (%s sample, %d generated in all): %s" % (
        arguments.sample, len(every), score_line([results[m.key][0] for m in chosen])))
    print(ttf_line(chosen, results))
    print("time: %.0f s" % elapsed)
    if arguments.missing and parts > 1:
        with open(RESULTS + ".part%d" % part, "w") as handle:
            for m in chosen:
                handle.write(tsv_line(m.key, results[m.key]))
        return 0
    if arguments.missing or arguments.record:
        # The run's results replace those mutants' rows; every other recorded mutant that
        # still exists keeps its row, so recording a subset (--only, the gate sample) never
        # drops the rest of the record.
        kept = {m.key: padded(recorded[m.key]) for m in every if m.key in recorded}
        kept.update({key: carried(fields, kept.get(key)) for key, fields in results.items()})
        everything = [m for m in every if m.key in kept]
        write_results(everything, kept)
        whole_run = len(chosen) == len(everything)
        command = "`python3 CI/mutation/run.py --sample %s --jobs %d%s --record`" % (
            arguments.sample, arguments.jobs, " --every-property" if arguments.every_property else "")
        sample = ("one run of every mutant, %s" % command if whole_run else
                  "the record, of which the last run (%s%s) measured %d mutants again" % (
                      command, " with --only" if arguments.only else "", len(chosen)))
        write_report(everything, kept, explanations, arguments.cases, elapsed if whole_run else None, sample)
        print("recorded %d mutants in %s and %s: %s" % (
            len(chosen), os.path.relpath(RESULTS, ROOT), os.path.relpath(REPORT, ROOT),
            score_line([kept[m.key][0] for m in everything])))
        return 0
    regressions = [m for m in chosen if recorded.get(m.key, [""])[0] == "killed" and results[m.key][0] != "killed"]
    unrecorded = [m for m in chosen if m.key not in recorded]
    for m in regressions:
        print("RECALL REGRESSION: %s (%s) was killed when recorded, now %s: %s" % (
            m.key, m.summary, results[m.key][0], results[m.key][1]))
    if unrecorded:
        print("%d mutants are not in CI/mutation/results.tsv (the adapter changed?): record with --sample all "
              "--record" % len(unrecorded))
    unexplained = [m for m in chosen if results[m.key][0] in ("equivalent", "recall-gap") and m.key not in explanations]
    for m in unexplained:
        print("note: %s %s (%s) has no sentence in CI/mutation/explanations.tsv" % (
            results[m.key][0], m.key, m.summary))
    # Tests to failure are deterministic (seed, catalogue, generators): a difference from the
    # record is noted, not failed; it says the record's figures are stale (regenerate it).
    for m in chosen:
        now, then = column(results[m.key], "cases"), column(padded(recorded.get(m.key, [])), "cases")
        if results[m.key][0] == "killed" and then and now != then:
            print("note: %s was killed after %s cases (%s), recorded after %s (%s): the record's tests to failure "
                  "are stale" % (m.key, now, results[m.key][1], then, recorded[m.key][1]))
    # A survivor without its sentence is reported, not failed: the recorded report is where
    # each one is explained, and it is regenerated with --record.
    return 1 if regressions or unrecorded else 0


if __name__ == "__main__":
    sys.exit(main())
