import PropertyCheck
import ZoomProperties
import ZoomProtocol

/// The options of `check` and `replay`, each declared once: its name, value and help as `check`
/// lists it. `replay` lists the shared ones with help of its own where its meaning is narrower
/// (``OptionSpec/withHelp(_:repeatable:)``); the parsers and their messages name every option
/// through these values.
enum RunOption {
    static let impl = OptionSpec(
        "--impl", "name", repeatable: true,
        """
        An implementation: corrected, seed, seed-21, seed-mappoint,
        all (the four), controls, mutants, a control-… or mutant-… name,
        or exec:COMMAND for a program speaking the JSON-lines protocol
        (PROTOCOL.md). Default: corrected and seed.
        """)
    static let property = OptionSpec(
        "--property", "name", repeatable: true, "A property of the catalogue\n(default: every one; see --list).")
    static let seed = OptionSpec(
        "--seed", "seed",
        "Run seed, decimal or 0x-hex\n(default: \(RunSettings.seedVariable), else \(Seed.default.abbreviated)).")
    static let cases = OptionSpec(
        "--cases", "n",
        """
        Cases per property, \(CatalogueRunner.minimumCaseCount) or more
        (default: \(RunSettings.caseCountVariable), else \(CatalogueRunner.defaultCaseCount)).
        """)
    static let regressions = OptionSpec(
        "--regressions", "dir",
        """
        Directory of saved counterexamples, replayed first (default:
        Corpus/regressions of the package above the working directory, else
        of the package holding the zoomcheck binary; an exec: program's go
        to ~/.cache/zoomcheck/regressions).
        """)
    static let execTimeout = OptionSpec(
        "--exec-timeout", "seconds",
        """
        Seconds an exec: program may take to answer one request
        (default \(CheckOptions.ProgramOptions.defaultTimeoutSeconds)).
        """)
    static let window = OptionSpec(
        "--window", "n",
        """
        Cases of a property checked together against an exec: program,
        their requests sent to it in batches, 1 to \(CheckOptions.maximumWindow) (default \
        \(ExternalImplementation.defaultWindow); 1: one
        round trip per request). Same results for any n.
        """)
    static let gate = OptionSpec(
        "--gate", "classes",
        """
        defects, declared or all: what fails the run — defect properties;
        defects and the conventions a program declared through describe
        (the default for exec: programs); every property (the default for
        the shipped implementations). Panels default to defects.
        """)
    static let libm = OptionSpec(
        "--libm", "which",
        """
        portable or platform: the sinf/logf the seed ports call (default
        portable, ZoomCheck's correctly rounded pair; platform is judged
        by the properties only, never by pinned counterexamples).
        """)
    static let observe = OptionSpec(
        "--observe", "dir",
        """
        Also write what every case did, as JSON lines in Hypothesis's
        observation schema (for Tyche), a file per property and
        implementation in DIR, created if missing (default:
        ZOOMCHECK_OBSERVE, else none).
        """)
    static let choices = OptionSpec(
        "--choices", "list",
        """
        Replay one case first: its choices, as a failure report's replay
        line of a later distinct failure gives them ('3 0 17').
        """)
    static let verbose = OptionSpec(
        "--verbose",
        """
        Also print the engine's internals: cases and time per run, where
        each failing case came from, shrink counts, choice sequences.
        """)
}

/// The options only `check` takes: what it writes, which runs, what it prints.
enum CheckOption {
    static let junit = OptionSpec(
        "--junit", "path", "Also write the results as JUnit XML (a test case per property\nand implementation).")
    static let json = OptionSpec("--json", "path", "Also write the results as JSON, schema zoomcheck.check/1.")
    static let html = OptionSpec(
        "--html", "dir",
        """
        Also write DIR/index.html, a self-contained findings page: each
        failure with its minimal case, size, boundaries, replay line and a
        plot of its neighbourhood; what each implementation declared; the
        coverage (DIR is created if missing).
        """)
    static let shard = OptionSpec(
        "--shard", "k/n", "Run only shard K of N (the runs dealt by expected cases,\ndeterministically).")
    static let failFast = OptionSpec(
        "--fail-fast",
        """
        Start no further run after the first gated failure (runs already
        started finish); the report covers the runs made and says how
        many were not started.
        """)
    static let list = OptionSpec("--list", "List the properties with their statements and bounds; run\nnothing.")
    static let printPins = OptionSpec(
        "--print-pins", "Print the pins file (RecordedPins.swift) of the findings observed.")
    static let markdown = OptionSpec(
        "--markdown",
        """
        Print the README findings table instead of the report (with
        --list: the table of properties, classes, statements and bounds).
        """)
}
