import MercatorCore
import PropertyCheck
import ZoomProperties

/// The text `check` prints: a line per property, then the failure reports, then a summary.
enum CheckReport {
    static func text(_ outcomes: [CatalogueOutcome], implementations: [String], seed: UInt64, elapsed: Duration) -> String {
        var lines: [String] = ["zoomcheck check: seed \(ReplayCommand.formatSeed(seed)), implementations \(implementations.joined(separator: ", "))"]
        if seed != CatalogueRunner.defaultSeed {
            lines.append("(pinned minimal counterexamples were recorded with seed \(ReplayCommand.formatSeed(CatalogueRunner.defaultSeed)); under this seed a documented finding must still fail, and its minimal counterexample is reported, not compared)")
        }
        lines.append("")
        let byProperty = Dictionary(grouping: outcomes, by: \.property.name)
        let width = (outcomes.map(\.property.name.count).max() ?? 0) + 2
        for name in uniqueInOrder(outcomes.map(\.property.name)) {
            let cells = (byProperty[name] ?? []).map { outcome in
                "\(outcome.implementationName): \(verdictWord(outcome))\(timing(outcome))"
            }
            lines.append(name.padding(toLength: width, withPad: " ", startingAt: 0) + cells.joined(separator: "   "))
        }
        let unexpected = outcomes.filter { !$0.isExpected }
        let findings = outcomes.filter { $0.isExpected && $0.run?.result.failure != nil }
        if !findings.isEmpty {
            lines += ["", "Documented findings (expected failures, minimal counterexample as pinned):"]
            for outcome in findings {
                guard let report = outcome.run?.result.failure else { continue }
                lines.append("  \(outcome.property.name) @ \(outcome.implementationName): \(report.minimalCounterexample)")
                lines.append("      \(report.minimalMessage)")
                lines.append("      replay: \(report.replayCommand)")
            }
        }
        if !unexpected.isEmpty {
            lines += ["", "UNEXPECTED OUTCOMES:"]
            for outcome in unexpected {
                lines += ["", "=== \(outcome.property.name) @ \(outcome.implementationName)", outcome.report()]
            }
        }
        let cases = outcomes.compactMap(\.run?.timing.casesChecked).reduce(0, +)
        let holding = outcomes.filter { $0.isExpected && $0.observed == .holds }.count
        let notApplicable = outcomes.filter { $0.notApplicable != nil }.count
        lines += [
            "",
            "\(outcomes.count) runs: \(holding) hold, \(findings.count) documented findings reproduced, \(notApplicable) not applicable, \(unexpected.count) unexpected; \(cases) cases in \(String(format: "%.2f", elapsed.seconds)) s",
            "\(outcomes.count - unexpected.count) passed, \(unexpected.count) failed",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func verdictWord(_ outcome: CatalogueOutcome) -> String {
        switch (outcome.observed, outcome.isExpected) {
        case (.holds?, true): "holds"
        case (.fails?, true): "fails (finding)"
        case (.notApplicable?, _): "n/a"
        case (.holds?, false): "HOLDS (finding gone!)"
        case (.fails?, false): "FAILS (unexpected)"
        case (nil, _): "ERROR"
        }
    }

    static func timing(_ outcome: CatalogueOutcome) -> String {
        guard let run = outcome.run else { return "" }
        let milliseconds = Int((run.timing.generation + run.timing.shrinking).seconds * 1000)
        if let failure = run.result.failure {
            return " (after \(failure.casesBeforeFailure) passing cases, \(milliseconds) ms)"
        }
        return " (\(run.timing.casesChecked) cases, \(milliseconds) ms)"
    }

    /// The README's findings table: property, family, seed verdict with its minimal
    /// counterexample, corrected verdict.
    static func markdownTable(_ outcomes: [CatalogueOutcome]) -> String {
        let byProperty = Dictionary(grouping: outcomes, by: \.property.name)
        var lines = familySummary(outcomes) + [""] + [
            "| Property | Family | Seed port | Corrected core |",
            "|---|---|---|---|",
        ]
        for name in uniqueInOrder(outcomes.map(\.property.name)) {
            let group = byProperty[name] ?? []
            func cell(_ implementation: String) -> String {
                guard let outcome = group.first(where: { $0.implementationName == implementation }) else { return "—" }
                switch outcome.observed {
                case .holds?: return outcome.isExpected ? "holds" : "**holds (expected a failure)**"
                case .fails(let pin)?:
                    let minimal = outcome.run?.result.failure?.minimalCounterexample ?? pin
                    let shown = minimal == pin ? "`\(minimal)`" : "`\(minimal)` (pinned as: \(pin))"
                    return (outcome.isExpected ? "fails: " : "**fails (unexpected)**: ") + shown.replacingOccurrences(of: "|", with: "\\|")
                case .notApplicable(let reason)?: return "n/a (\(reason))"
                case nil: return "error"
                }
            }
            let family = group.first?.property.family.description ?? ""
            lines.append("| `\(name)` | \(family) | \(cell("seed")) | \(cell("corrected")) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Families × implementations: how many of each family's properties hold.
    static func familySummary(_ outcomes: [CatalogueOutcome]) -> [String] {
        let implementations = uniqueInOrder(outcomes.map(\.implementationName))
        var lines = [
            "| Family | " + implementations.map { "\($0)" }.joined(separator: " | ") + " |",
            "|---|" + implementations.map { _ in "---" }.joined(separator: "|") + "|",
        ]
        for family in PropertyFamily.allCases {
            let cells = implementations.map { implementation -> String in
                let group = outcomes.filter { $0.property.family == family && $0.implementationName == implementation && $0.notApplicable == nil }
                let holding = group.filter { $0.observed == .holds }.count
                return holding == group.count ? "all \(group.count) hold" : "\(group.count - holding) of \(group.count) fail"
            }
            lines.append("| \(family) | " + cells.joined(separator: " | ") + " |")
        }
        return lines
    }

    static func uniqueInOrder(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
