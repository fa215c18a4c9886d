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


def run_catalogue(zoomcheck, program, cases, gate, properties, workdir):
    """(status, failing properties) of one `zoomcheck check` run against `program`."""
    results = os.path.join(workdir, "results.json")
    regressions = os.path.join(workdir, "regressions")
    if os.path.exists(results):
        os.remove(results)
    shutil.rmtree(regressions, ignore_errors=True)
    os.makedirs(regressions)
    # Quoted: the program's path holds TMPDIR, which may hold a space.
    command = [zoomcheck, "check", "--impl", "exec:python3 " + shlex.quote(program), "--gate", gate, "--fail-fast",
               "--cases", str(cases), "--exec-timeout", "5", "--regressions", regressions, "--json", results]
    for name in properties:
        command += ["--property", name]
    environment = dict(os.environ, ZOOMCHECK_BOUNDARIES="off")
    environment.pop("ZOOMCHECK_SEED", None)
    environment.pop("ZOOMCHECK_CASES", None)
    process = subprocess.run(command, capture_output=True, text=True, env=environment)
    if process.returncode == 69:
        return "stillborn", []
    if process.returncode not in (0, 1):
        raise RuntimeError("zoomcheck exited %d:\n%s" % (process.returncode, process.stderr[-2000:]))
    with open(results) as handle:
        document = json.load(handle)
    failing = [result["property"] for result in document["results"] if result.get("blocks")]
    return ("killed" if process.returncode == 1 else "survived"), failing


def judge(mutant, detected, oracle):
    """A mutant zoomcheck did not kill, judged by the differential oracle (in the main thread:
    it times each probe with SIGALRM): equivalent, or a recall gap with the request showing it."""
    status, evidence = detected
    if status != "survived":
        return status, evidence
    difference = oracle.first_difference(mutant.source)
    if difference is None:
        return "equivalent", "no difference on %d probes" % len(oracle.lines)
    request, reason = difference
    return "recall-gap", "%s: %s" % (reason, request)


def detect(mutant, zoomcheck, cases, conventions, workdir):
    """What zoomcheck alone says of the mutant: stillborn, killed (by a defect property),
    convention-only, or survived. Safe to run in a thread: it only runs processes in `workdir`."""
    program = os.path.join(workdir, "zoomcheck_adapter.py")
    with open(program, "w") as handle:
        handle.write(mutant.source)
    try:
        compile(mutant.source, program, "exec")
    except SyntaxError as error:
        return "stillborn", "syntax error: %s" % error
    status, failing = run_catalogue(zoomcheck, program, cases, "defects", [], workdir)
    if status == "stillborn":
        return status, "the program cannot start"
    if status == "killed":
        return "killed", failing[0]
    status, failing = run_catalogue(zoomcheck, program, cases, "all", conventions, workdir)
    if status == "killed":
        return "convention-only", failing[0]
    return "survived", ""


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


def write_report(chosen, results, explanations, cases, elapsed):
    lines = ["# Measured recall: mechanical mutants of the Python example adapter", "",
             "Generated by `python3 CI/mutation/run.py --sample all --record` (seed 0x20100122, boundaries off; "
             "the last pass ran %d cases per property); do not edit by hand. Explanations of equivalent mutants "
             "and of recall gaps live in `CI/mutation/explanations.tsv`." % cases, "",
             "**" + score_line([results[m.key][0] for m in chosen]) + "**", "",
             ("Run time: %.0f s on this machine (2 cores)." % elapsed) if elapsed else "Survivors reclassified with `--reclassify`.", "",
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
        lines.append("| %s | %d | %d | %d | %d | %d | %d |" % (operator, total, killed, counts.get("convention-only", 0),
                                                           counts.get("recall-gap", 0), counts.get("equivalent", 0),
                                                           counts.get("stillborn", 0)))
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
    lines += ["", "## Killed (%d): the first property that failed" % sum(1 for m in chosen if results[m.key][0] == "killed"), "",
              "| property | mutants |", "|---|---:|"]
    by_property = {}
    for m in chosen:
        if results[m.key][0] == "killed":
            by_property[results[m.key][1]] = by_property.get(results[m.key][1], 0) + 1
    for name, count in sorted(by_property.items(), key=lambda item: (-item[1], item[0])):
        lines.append("| `%s` | %d |" % (name, count))
    os.makedirs(os.path.dirname(REPORT), exist_ok=True)
    with open(REPORT, "w") as handle:
        handle.write("\n".join(lines) + "\n")


def reclassify(every, recorded, oracle, explanations, cases):
    """Classifies the recorded survivors of both catalogue runs again (equivalent or recall
    gap) with the current differential comparison, keeping every other result."""
    chosen = [m for m in every if m.key in recorded]
    results = {m.key: list(recorded[m.key][:2]) for m in chosen}
    for m in chosen:
        if results[m.key][0] in ("equivalent", "recall-gap"):
            difference = oracle.first_difference(m.source)
            if difference is None:
                results[m.key] = ["equivalent", "no difference on %d probes" % len(oracle.lines)]
            else:
                results[m.key] = ["recall-gap", "%s: %s" % (difference[1], difference[0])]
    write_results(chosen, results)
    write_report(chosen, results, explanations, cases, None)
    print(score_line([results[m.key][0] for m in chosen]))
    return 0


def write_results(chosen, results):
    with open(RESULTS, "w") as handle:
        handle.write("# key\tstatus\tevidence (generated by CI/mutation/run.py --record; do not edit)\n")
        for m in chosen:
            handle.write("%s\t%s\t%s\n" % (m.key, results[m.key][0], results[m.key][1].replace("\t", " ").replace("\n", " ")))


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
                        help="record the run's results in results.tsv (other recorded mutants keep theirs) and write the report")
    parser.add_argument("--only", action="append", default=[], help="run only this mutant key (repeatable)")
    parser.add_argument("--list", action="store_true", help="print the mutants and run nothing")
    parser.add_argument("--missing", action="store_true",
                        help="run only the mutants the record lacks (the adapter changed) and add them to it; drop records of mutants that no longer exist")
    parser.add_argument("--part", default="1/1",
                        help="K/N: run every N-th of the chosen mutants from the K-th (parallel runs); with --missing, "
                             "part K of N writes results.tsv.partK, merged into the record by the run with --merge-parts N")
    parser.add_argument("--merge-parts", type=int, default=0, help="merge results.tsv.part1..N into the record and write the report")
    parser.add_argument("--survivors", action="store_true",
                        help="with --missing: run the recorded survivors again too (the catalogue changed)")
    parser.add_argument("--reclassify", action="store_true",
                        help="rerun only the differential comparison for the recorded survivors and rewrite the record")
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
    if arguments.merge_parts:
        record = read_tsv(RESULTS)
        for k in range(1, arguments.merge_parts + 1):
            record.update(read_tsv(RESULTS + ".part%d" % k))
        everything = [m for m in every if m.key in record]
        merged = {m.key: record[m.key][:2] for m in everything}
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
        return detect(m, arguments.zoomcheck, arguments.cases, conventions, directory)

    try:
        # zoomcheck runs in --jobs threads (each mutant in a directory of its own); results
        # are taken, judged and printed in the mutants' order, so the output does not depend
        # on the number of jobs.
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, arguments.jobs)) as pool:
            detected = pool.map(detect_in_own_directory, enumerate(chosen, 1))
            for index, (m, found) in enumerate(zip(chosen, detected), 1):
                status, evidence = judge(m, found, oracle)
                results[m.key] = [status, evidence]
                print("[%d/%d] %s %-15s %s  (%s)" % (index, len(chosen), m.key, status, m.summary, evidence[:150]),
                      flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    elapsed = time.time() - started
    if chosen and all(results[m.key][0] == "stillborn" for m in chosen):
        # Not a score: zoomcheck could run none of them (a path it could not start?).
        print("every mutant was stillborn (zoomcheck could start none of them): nothing measured, nothing recorded",
              file=sys.stderr)
        return 1
    print()
    print("mutation score (%s sample, %d generated in all): %s" % (arguments.sample, len(every), score_line([results[m.key][0] for m in chosen])))
    print("time: %.0f s" % elapsed)
    if arguments.missing and parts > 1:
        with open(RESULTS + ".part%d" % part, "w") as handle:
            for m in chosen:
                handle.write("%s\t%s\t%s\n" % (m.key, results[m.key][0], results[m.key][1].replace("\t", " ").replace("\n", " ")))
        return 0
    if arguments.missing or arguments.record:
        # The run's results replace those mutants' rows; every other recorded mutant that
        # still exists keeps its row, so recording a subset (--only, the gate sample) never
        # drops the rest of the record.
        kept = {m.key: recorded[m.key][:2] for m in every if m.key in recorded}
        kept.update(results)
        everything = [m for m in every if m.key in kept]
        write_results(everything, kept)
        whole_run = len(chosen) == len(everything)
        write_report(everything, kept, explanations, arguments.cases, elapsed if whole_run else None)
        print("recorded %d mutants in %s and %s: %s" % (len(chosen), os.path.relpath(RESULTS, ROOT), os.path.relpath(REPORT, ROOT),
                                                       score_line([kept[m.key][0] for m in everything])))
        return 0
    regressions = [m for m in chosen if recorded.get(m.key, [""])[0] == "killed" and results[m.key][0] != "killed"]
    unrecorded = [m for m in chosen if m.key not in recorded]
    for m in regressions:
        print("RECALL REGRESSION: %s (%s) was killed when recorded, now %s: %s" % (m.key, m.summary, results[m.key][0], results[m.key][1]))
    if unrecorded:
        print("%d mutants are not in CI/mutation/results.tsv (the adapter changed?): record with --sample all --record" % len(unrecorded))
    unexplained = [m for m in chosen if results[m.key][0] in ("equivalent", "recall-gap") and m.key not in explanations]
    for m in unexplained:
        print("note: %s %s (%s) has no sentence in CI/mutation/explanations.tsv" % (results[m.key][0], m.key, m.summary))
    # A survivor without its sentence is reported, not failed: the recorded report is where
    # each one is explained, and it is regenerated with --record.
    return 1 if regressions or unrecorded else 0


if __name__ == "__main__":
    sys.exit(main())
