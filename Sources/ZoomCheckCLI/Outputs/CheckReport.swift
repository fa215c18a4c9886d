import ZoomProtocol
import MercatorCore
import PropertyCheck
import ZoomProperties

/// The text `check` prints: a line per property, then the failure reports, then a summary.
enum CheckReport {
    /// What a gate fails on, for the report's header and the page: the subject's gate, and
    /// the conventions it declared.
    static func gateText(_ subject: CatalogueSubject) -> String {
        switch subject.gate {
        case .all: return "defects and conventions"
        case .defects: return "defects only (conventions are reported, not gated)"
        case .declared:
            let declared = subject.declaredConventions.sorted().map(\.rawValue)
            return declared.isEmpty
                ? "defects and declared conventions (none declared: conventions are reported, not gated)"
                : """
                defects and the conventions it declared (\(declared.joined(separator: ", "))); others are \
                reported, not gated
                """
        }
    }

    /// The report of `run`. It leads with the findings: a header naming the implementations
    /// (an `exec:` program's full command and what it said of itself, once) and this run's
    /// notes, a verdict grid (a column per implementation), the reasons for n/a, then each
    /// failure — what is wrong, the minimal counterexample, how big, the replay line — in lines
    /// of at most ``ReportLayout/width`` columns (replay lines aside), then a summary per
    /// class and what to do next. `verbose` adds the engine's internals: cases and time per
    /// run, shrink counts and choice sequences, the coverage tables. `replay` says how replay
    /// lines are printed (nil: as the run built them).
    static func text(_ run: CheckRun, verbose: Bool = false, replay display: ReplayDisplay? = nil) -> String {
        let outcomes = run.outcomes, header = run.header
        let replay: (String) -> String = { display?.text($0) ?? $0 }
        let blocks: (CatalogueOutcome) -> Bool = \.blocksItsGate
        var lines = ReportLayout.wrap(
            "seed \(header.seed), implementations \(header.subjects.map(\.name).joined(separator: ", "))"
                + (header.shard == .whole ? "" : ", shard \(header.shard) (\(outcomes.count) runs)"),
            lead: "zoomcheck check: ", hanging: "    ")
        var notes: [String] = []
        for subject in header.subjects {
            if let command = subject.command {
                notes.append("\(subject.name) = \(command)")
                notes.append("  capabilities: \(subject.implementation.capabilities)")
                notes += subject.notes.map { "  note: \($0)" }
            }
            notes.append("\(subject.name): gated on \(gateText(subject))")
        }
        notes += header.notes
        if let directory = display?.textDirectory { notes.append("replay lines run from \(directory)") }
        if header.seed != Seed.default {
            notes.append(
                """
                (pinned minimal counterexamples were recorded with seed \
                \(Seed.default); under this seed a documented finding \
                must still fail, and its minimal counterexample is reported, not compared)
                """)
        }
        for line in notes {
            let lead = String(line.prefix { $0 == " " })
            lines += ReportLayout.wrap(
                String(line.dropFirst(lead.count)), lead: "  " + lead, hanging: "  " + lead + "    ")
        }
        lines += verbose ? verboseTable(outcomes, blocks: blocks) : grid(outcomes, blocks: blocks)
        if verbose { lines += CoverageTables.lines(outcomes) }
        let notApplicable = outcomes.compactMap { outcome -> [String]? in
            guard case .notApplicable(let reason)? = outcome.observed else { return nil }
            return ReportLayout.wrap(
                reason, lead: "  \(outcome.property.name) @ \(outcome.implementationName): ", hanging: "      ")
        }
        if !notApplicable.isEmpty { lines += ["", "Not applicable (n/a), with the reason:"] + notApplicable.joined() }
        lines += thinned(outcomes)
        let unexpected = outcomes.filter { !$0.isExpected }
        let findings = outcomes.filter { $0.isExpected && $0.run?.result.failure != nil }
        if !findings.isEmpty {
            lines += ["", "Documented findings (expected failures, minimal counterexample as pinned):"]
            for outcome in findings {
                guard let report = outcome.run?.result.failure else { continue }
                lines.append(
                    "  \(outcome.property.name) @ \(outcome.implementationName) [\(outcome.property.verdictClass)]")
                lines += ReportLayout.failure(
                    report, outcome: outcome, indent: "    ", verbose: verbose, showsOrigin: false, replay: replay)
            }
        }
        // Every case passed, but the run reached a stratum too rarely for an implementation
        // that is not ZoomCheck's own: the catalogue's shortfall, reported.
        let underCovered = outcomes.filter { $0.isExpected && $0.isUnderCovered }
        for (title, group) in [
            ("DEFECTS AND GATED DEPARTURES:", unexpected.filter(blocks)),
            ("Convention departures (reported, not gated):", unexpected.filter { !blocks($0) }),
            ("Under-covered runs (the catalogue's shortfall: reported, not gated):", underCovered),
        ] where !group.isEmpty {
            lines += ["", title]
            for outcome in group {
                lines += [
                    "",
                    "=== \(outcome.property.name) @ \(outcome.implementationName) [\(outcome.property.verdictClass)]",
                ]
                lines += ReportLayout.outcome(outcome, verbose: verbose, replay: replay)
            }
        }
        let cases = outcomes.compactMap(\.run?.timing.casesChecked).reduce(0, +)
        let replayed = outcomes.compactMap(\.run?.timing.casesReplayed).reduce(0, +)
        lines.append("")
        for verdictClass in VerdictClass.allCases {
            let group = outcomes.filter { $0.property.verdictClass == verdictClass }
            guard !group.isEmpty else { continue }
            let holding = group.filter { $0.isExpected && $0.observed == .holds }.count
            let reproduced = group.filter { $0.isExpected && $0.run?.result.failure != nil }.count
            let notApplicable = group.filter {
                if case .notApplicable? = $0.observed { return true } else { return false }
            }.count
            let departing = group.filter { !$0.isExpected }.count
            lines += ReportLayout.wrap(
                """
                \(Self.plural(group.count, "run")): \(holding) hold, \(reproduced) documented \
                \(reproduced == 1 ? "finding" : "findings") reproduced, \(notApplicable) n/a, \
                \(departing) unexpected (\(group.filter(blocks).count) gated)
                """, lead: "\(verdictClass)s: ", hanging: "    ")
        }
        let failing = outcomes.filter(blocks).count
        // A saved counterexample that failed at once was checked, though no case passed.
        let saved = replayed == 0 ? "" : " (and \(Self.plural(replayed, "saved counterexample")), replayed first)"
        lines.append("\(cases) cases in \(String(format: "%.2f", header.elapsed.seconds)) s\(saved)")
        lines += ReportLayout.wrap(
            """
            \(outcomes.count - failing) passed, \(failing) failed (a run passes when its outcome is the expected \
            one: a documented finding that reproduces passes)
            """, lead: "", hanging: "    ")
        lines += nextStep(run, replay: replay)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The share of its cases a passing run may discard before the report says so: past it,
    /// "holds" rests on noticeably fewer cases than the run generated. A discard is a case the
    /// property does not judge (its own filter, or an input outside what the program declares)
    /// or one the program answered `unsupported` outside its declaration (`--json` counts
    /// both, `discarded` and `unsupported`, for every run).
    static let thinnedShare = 0.25

    /// The runs that hold on a thinned sample (``thinnedShare`` of their cases or more
    /// discarded), each with its count and the implementation's first `unsupported` reason.
    static func thinned(_ outcomes: [CatalogueOutcome]) -> [String] {
        let entries = outcomes.compactMap { outcome -> [String]? in
            guard let run = outcome.run, run.discarded.share >= thinnedShare else { return nil }
            var text = "\(run.discarded.cases) cases discarded (\(String(format: "%.0f%%", run.discarded.share * 100)))"
            if run.unsupportedCases > 0 {
                text += ", \(run.unsupportedCases) of them answered unsupported"
                if let reason = run.unsupportedReason { text += " (the first: \(reason))" }
            }
            return ReportLayout.wrap(
                text, lead: "  \(outcome.property.name) @ \(outcome.implementationName): ", hanging: "      ")
        }
        guard !entries.isEmpty else { return [] }
        let percent = Int(thinnedShare * 100)
        return ["", "Held on a thinned sample (\(percent)% of the cases or more discarded, not judged):"]
            + entries.joined()
    }

    /// The verdicts as a grid: a row per property, a column per implementation, one word a
    /// cell, under each class's heading; a legend after the last.
    static func grid(_ outcomes: [CatalogueOutcome], blocks: (CatalogueOutcome) -> Bool) -> [String] {
        let byProperty = Dictionary(grouping: outcomes, by: \.property.name)
        let implementations = uniqueInOrder(outcomes.map(\.implementationName))
        let width = (outcomes.map(\.property.name.count).max() ?? 0) + 2
        let cells = Dictionary(
            uniqueKeysWithValues: outcomes.map {
                ("\($0.property.name)@\($0.implementationName)", gridWord($0, blocks: blocks($0)))
            })
        let widths = implementations.map { implementation in
            ([implementation]
                + outcomes.filter { $0.implementationName == implementation }.map {
                    cells["\($0.property.name)@\(implementation)"] ?? ""
                }).map(\.count).max() ?? 0
        }
        func row(_ first: String, _ columns: [String]) -> String {
            let padded = zip(columns, widths).map { $0.padding(toLength: $1 + 2, withPad: " ", startingAt: 0) }
            let text = first.padding(toLength: width, withPad: " ", startingAt: 0) + padded.joined()
            return String(text.reversed().drop { $0 == " " }.reversed())
        }
        var lines: [String] = []
        for verdictClass in VerdictClass.allCases {
            let names = uniqueInOrder(outcomes.filter { $0.property.verdictClass == verdictClass }.map(\.property.name))
            guard !names.isEmpty else { continue }
            lines += ["", heading(verdictClass), row("", implementations)]
            for name in names {
                let present = Set((byProperty[name] ?? []).map(\.implementationName))
                lines.append(
                    row(name, implementations.map { present.contains($0) ? cells["\(name)@\($0)"] ?? "" : "—" }))
            }
        }
        let words = Set(cells.values)
        let legend = [
            ("finding", "fails as documented (a pinned finding of the seed code, below)"),
            ("n/a", "not applicable (the reasons are below)"), ("FAILS", "an unexpected failure (below)"),
            ("GONE", "a documented finding no longer fails"), ("departs", "a convention not kept, not gated"),
            ("ERROR", "the property could not run"),
            (
                "UNDER",
                """
                every case passed, but a required stratum is proven under-covered (below): the catalogue's \
                shortfall, which fails only ZoomCheck's own cores
                """
            ),
        ].filter { words.contains($0.0) }.map { "\($0.0): \($0.1)" }
        if !legend.isEmpty { lines += ReportLayout.wrap(legend.joined(separator: "; "), lead: "", hanging: "  ") }
        return lines
    }

    /// A grid cell: one word for the outcome.
    static func gridWord(_ outcome: CatalogueOutcome, blocks: Bool) -> String {
        if outcome.isUnderCovered { return "UNDER" }
        return switch (outcome.observed, outcome.isExpected) {
        case (.holds?, true): "holds"
        case (.fails?, true): "finding"
        case (.notApplicable?, _): "n/a"
        case (.holds?, false): "GONE"
        case (.fails?, false): blocks ? "FAILS" : "departs"
        case (nil, _): "ERROR"
        }
    }

    /// The verdicts with each run's cases and time, as `--verbose` prints them: a line per
    /// property, a cell per implementation.
    static func verboseTable(_ outcomes: [CatalogueOutcome], blocks: (CatalogueOutcome) -> Bool) -> [String] {
        let byProperty = Dictionary(grouping: outcomes, by: \.property.name)
        let width = (outcomes.map(\.property.name.count).max() ?? 0) + 2
        var lines: [String] = []
        for verdictClass in VerdictClass.allCases {
            let names = uniqueInOrder(outcomes.filter { $0.property.verdictClass == verdictClass }.map(\.property.name))
            guard !names.isEmpty else { continue }
            lines += ["", heading(verdictClass)]
            // Each implementation's column is as wide as its widest cell (timings have a
            // fixed width), so the columns line up.
            let rows = names.map { name in
                (byProperty[name] ?? []).map { outcome in
                    "\(outcome.implementationName): \(verdictWord(outcome, blocks: blocks(outcome)))\(timing(outcome))"
                }
            }
            let columns = rows.map(\.count).max() ?? 0
            let widths = (0..<columns).map { column in
                rows.compactMap { $0.count > column ? $0[column].count : nil }.max() ?? 0
            }
            for (name, cells) in zip(names, rows) {
                let padded = cells.enumerated().map {
                    $0.offset == cells.count - 1
                        ? $0.element : $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0)
                }
                lines.append(
                    name.padding(toLength: width, withPad: " ", startingAt: 0) + padded.joined(separator: "   "))
            }
        }
        return lines
    }

    /// What to do next: replay the first failure of the run (its replay line on a line of
    /// its own); after a clean run of an `exec:` program, gate it in CI; after a clean run of
    /// ZoomCheck's own cores, check an implementation of one's own.
    static func nextStep(_ run: CheckRun, replay: (String) -> String = { $0 }) -> [String] {
        let blocks: (CatalogueOutcome) -> Bool = \.blocksItsGate
        let unexpected = run.outcomes.filter { !$0.isExpected && $0.run?.result.failure != nil }
        if let first = unexpected.first(where: blocks) ?? unexpected.first, let report = first.run?.result.failure {
            let what = blocks(first) ? "failure" : "departure"
            return [
                "next: replay the first \(what) (add --verbose for every shrink step):",
                ReportLayout.replay(replay(report.replayCommand), indent: "  "),
            ]
        }
        if run.fails || run.outcomes.isEmpty { return [] }
        if run.header.subjects.contains(where: { $0.command != nil }) {
            return ReportLayout.wrap(
                """
                gate it on every push: Documentation/ci-recipes.md, "Gating your own program" (GitHub Actions, \
                GitLab CI)
                """, lead: "next: ", hanging: "    ")
        }
        // The panels' controls and mutants are ZoomCheck's instruments: nothing follows them.
        guard run.checksOnlyOwnCores else { return [] }
        return ReportLayout.wrap(
            """
            check your own implementation: --impl 'exec:YOUR-PROGRAM' (PROTOCOL.md), or \
            expectCatalogue(YourType()) in a Swift test (README, \"Checking your own implementation\")
            """, lead: "next: ", hanging: "    ")
    }

    /// The heading of a class's section.
    static func heading(_ verdictClass: VerdictClass) -> String {
        switch verdictClass {
        case .defect: "Defects — any correct Web-Mercator zoom arithmetic holds these:"
        case .convention: "Conventions — ZoomCheck's rules, which other code may legitimately not keep:"
        }
    }

    static func verdictWord(_ outcome: CatalogueOutcome, blocks: Bool) -> String {
        if outcome.isUnderCovered { return "UNDER-COVERED (a stratum missed)" }
        switch (outcome.observed, outcome.isExpected) {
        case (.holds?, true): return "holds"
        case (.fails?, true): return "fails (finding)"
        case (.notApplicable?, _): return "n/a"
        case (.holds?, false): return "HOLDS (finding gone!)"
        case (.fails?, false): return blocks ? "FAILS (unexpected)" : "departs (not gated)"
        case (nil, _): return "ERROR"
        }
    }

    /// `1 case`, `2 cases`.
    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    static func timing(_ outcome: CatalogueOutcome) -> String {
        guard let run = outcome.run else { return "" }
        let milliseconds = Int((run.timing.generation + run.timing.shrinking).seconds * 1000)
        let time = String(repeating: " ", count: Swift.max(0, 5 - String(milliseconds).count)) + "\(milliseconds) ms"
        if let failure = run.result.failure { return " (\(ReportLayout.origin(failure)), \(time))" }
        return " (\(plural(run.timing.casesChecked, "case")), \(time))"
    }

    /// The findings tables (Documentation/findings.md), one per verdict class: property, family, seed verdict
    /// with its minimal counterexample, corrected verdict.
    static func markdownTable(_ outcomes: [CatalogueOutcome]) -> String {
        let byProperty = Dictionary(grouping: outcomes, by: \.property.name)
        var lines = familySummary(outcomes)
        for verdictClass in VerdictClass.allCases {
            let names = uniqueInOrder(outcomes.filter { $0.property.verdictClass == verdictClass }.map(\.property.name))
            guard !names.isEmpty else { continue }
            lines += [
                "", "**\(heading(verdictClass))**", "", "| Property | Family | Seed port | Corrected core |",
                "|---|---|---|---|",
            ]
            for name in names {
                let group = byProperty[name] ?? []
                func cell(_ implementation: String) -> String {
                    guard let outcome = group.first(where: { $0.implementationName == implementation }) else {
                        return "—"
                    }
                    switch outcome.observed {
                    case .holds?: return outcome.isExpected ? "holds" : "**holds (expected a failure)**"
                    case .fails(let pin)?:
                        let minimal = outcome.run?.result.failure?.minimalCounterexample ?? pin
                        var shown = minimal == pin ? "`\(minimal)`" : "`\(minimal)` (pinned as: \(pin))"
                        for line in BoundarySummary.lines(of: outcome) { shown += "<br>boundary: \(line)" }
                        return (outcome.isExpected ? "fails: " : "**fails (unexpected)**: ")
                            + shown.replacingOccurrences(of: "|", with: "\\|")
                    case .notApplicable(let reason)?: return "n/a (\(reason))"
                    case nil: return "error"
                    }
                }
                let family = group.first?.property.family.description ?? ""
                lines.append("| `\(name)` | \(family) | \(cell("seed")) | \(cell("corrected")) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every property as a Markdown table: name, class, family, what it requires of an
    /// implementation, its statement and its bound (PROTOCOL.md's rules).
    static func propertiesTable(_ properties: [CatalogueProperty]) -> String {
        var lines = ["| Property | Class | Family | Operations | Statement | Bound |", "|---|---|---|---|---|---|"]
        for property in properties {
            let operations =
                property.operations.isEmpty
                ? "any" : property.operations.sorted().map(\.rawValue).joined(separator: ", ")
            let cells = [property.statement, property.bound].map { $0.replacingOccurrences(of: "|", with: "\\|") }
            lines.append(
                """
                | `\(property.name)` | \(property.verdictClass) | \(property.family) | \(operations) | \
                \(cells[0]) | \(cells[1]) |
                """)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Families × implementations: how many of each family's properties hold.
    static func familySummary(_ outcomes: [CatalogueOutcome]) -> [String] {
        let implementations = uniqueInOrder(outcomes.map(\.implementationName))
        var lines = [
            "| Family | Class | " + implementations.map { "\($0)" }.joined(separator: " | ") + " |",
            "|---|---|" + implementations.map { _ in "---" }.joined(separator: "|") + "|",
        ]
        for family in PropertyFamily.allCases {
            for verdictClass in VerdictClass.allCases {
                let inClass = outcomes.filter {
                    $0.property.family == family && $0.property.verdictClass == verdictClass
                }
                guard !inClass.isEmpty else { continue }
                let cells = implementations.map { implementation -> String in
                    let group = inClass.filter { outcome in
                        guard outcome.implementationName == implementation else { return false }
                        if case .notApplicable? = outcome.observed { return false }
                        return true
                    }
                    let holding = group.filter { $0.observed == .holds }.count
                    return group.isEmpty
                        ? "n/a"
                        : holding == group.count
                            ? "all \(group.count) hold" : "\(group.count - holding) of \(group.count) fail"
                }
                lines.append("| \(family) | \(verdictClass) | " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines
    }

    static func uniqueInOrder(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
