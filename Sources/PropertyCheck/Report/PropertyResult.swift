/// The verdict of one property run, independent of the value type.
///
/// Equal runs (same property, same seed, same configuration) give equal results and
/// byte-identical ``render(verbose:)`` output.
public enum PropertyResult: Sendable, Equatable {
    /// Every case passed and every coverage requirement was met.
    case passed(PassReport)
    /// A case failed; the report holds the original and minimal counterexamples.
    case failed(PropertyReport)
    /// Too many cases were discarded by filters.
    case gaveUp(GaveUpReport)
    /// Every case passed but a labelled class was under-produced.
    case coverageFailed(CoverageReport)
    /// The run could not start (bad environment, unreadable regressions file).
    case misconfigured(propertyName: String, error: PropertyCheckError)

    /// Whether the property passed.
    public var isSuccess: Bool {
        if case .passed = self { return true }
        return false
    }

    /// The failure report, if a case failed.
    public var failure: PropertyReport? {
        if case let .failed(report) = self { return report }
        return nil
    }

    /// The coverage table of a run whose generated cases all passed: one row per required
    /// stratum (empty when the property requires none, and after a failure or giving up, whose
    /// cases are not judged for coverage).
    public var coverage: [CoverageRow] {
        switch self {
        case let .passed(report): report.coverage
        case let .coverageFailed(report): report.coverage
        default: []
        }
    }

    /// One line that says what is wrong, for a failure's headline (the first line a Swift
    /// Testing issue shows): the property's name and its verdict, with the minimal
    /// counterexample of a failure, on one line of at most ``headlineWidth`` characters.
    public var headline: String {
        let line: String
        switch self {
        case let .passed(report): line = "\"\(report.propertyName)\" passed"
        case let .failed(report):
            line = "\"\(report.propertyName)\" fails, minimal counterexample \(report.minimalCounterexample)"
        case let .gaveUp(report): line = "\"\(report.propertyName)\" gave up: \(report.error)"
        case let .coverageFailed(report):
            line =
                "\"\(report.propertyName)\" is under-covered: "
                + report.shortfalls.map { "\"\($0.label)\" in \($0.count) of \($0.cases) cases" }.joined(
                    separator: ", ")
        case let .misconfigured(name, error): line = "\"\(name)\" could not run: \(error)"
        }
        return Self.oneLine(line)
    }

    /// The widest ``headline``, in characters.
    public static let headlineWidth = 110

    /// `text` on one line (runs of white space, line feeds included, become one space), cut
    /// to ``headlineWidth`` characters with `…`.
    public static func oneLine(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let line = words.joined(separator: " ")
        return line.count <= headlineWidth ? line : String(line.prefix(headlineWidth - 1)) + "…"
    }

    /// The human-readable report; `verbose` (the default) includes a failure's engine
    /// internals (``PropertyReport/render(verbose:)``).
    public func render(verbose: Bool = true) -> String {
        switch self {
        case let .passed(report): report.render()
        case let .failed(report): report.render(verbose: verbose)
        case let .gaveUp(report): report.render()
        case let .coverageFailed(report): report.render()
        case let .misconfigured(name, error): "Property \"\(name)\" could not run: \(error)"
        }
    }
}

/// The report of a passing property.
public struct PassReport: Sendable, Equatable {
    /// The property's name.
    public let propertyName: String
    /// The seed of the run.
    public let seed: Seed
    /// Generated cases that passed.
    public let generatedCases: Int
    /// Explicit examples and regressions that passed before generation.
    public let replayedCases: Int
    /// Cases discarded by filters.
    public let discardedCases: Int
    /// Label counts over generated cases.
    public let labelCounts: [LabelCount]
    /// Cases checked by the targeted phase (besides the generated ones).
    public var targetedCases = 0
    /// Each score label's best case, by label (empty when the check reported no score).
    public var targets: [TargetResult] = []
    /// The coverage table: one row per required stratum, in declaration order (none met
    /// `underCovered`).
    public var coverage: [CoverageRow] = []

    /// The human-readable report, with label shares and target scores.
    public func render() -> String {
        var lines = [
            "Property \"\(propertyName)\" passed \(generatedCases) generated cases"
                + (targetedCases > 0 ? ", \(targetedCases) targeted cases" : "")
                + " and \(replayedCases) replayed cases (seed \(seed))."
        ]
        if discardedCases > 0 { lines.append("  discarded (filters, assume): \(discardedCases) cases") }
        for target in targets { lines.append("  best \(target)") }
        lines += LabelCount.renderLines(labelCounts, total: generatedCases)
        if !coverage.isEmpty {
            lines.append("  coverage:")
            lines += CoverageRow.table(coverage, indent: "    ")
        }
        return lines.joined(separator: "\n")
    }
}

/// The report of a run that gave up because filters rejected too much.
public struct GaveUpReport: Sendable, Equatable {
    /// The property's name.
    public let propertyName: String
    /// The seed of the run.
    public let seed: Seed
    /// Generated cases that passed before giving up.
    public let passedCases: Int
    /// Why the run gave up.
    public let error: PropertyCheckError
    /// The one-line command replaying this run.
    public let replayCommand: String

    /// The human-readable report.
    public func render() -> String {
        [
            """
            Property \"\(propertyName)\" gave up after \(passedCases) passing cases (seed \
            \(seed)).
            """, "  \(error)", "  replay: \(replayCommand)",
        ].joined(separator: "\n")
    }
}

/// The report of a run whose cases passed but a required stratum is proven under-covered
/// (see ``CoverageRequirement``): not a counterexample, but a generator that does not reach
/// what the property must be tried on.
public struct CoverageReport: Sendable, Equatable {
    /// The property's name.
    public let propertyName: String
    /// The seed of the run.
    public let seed: Seed
    /// Generated cases (all passed).
    public let generatedCases: Int
    /// The coverage table, every required stratum in declaration order.
    public let coverage: [CoverageRow]
    /// Label counts over generated cases.
    public let labelCounts: [LabelCount]
    /// The one-line command replaying this run.
    public let replayCommand: String
    /// The probability bound the run was tested at: a generator meeting every requirement
    /// fails with at most this probability.
    public var falseFailureRate = RunConfiguration.defaultCoverageFalseFailureRate

    /// The rows proven under-covered, in declaration order.
    public var shortfalls: [CoverageRow] { coverage.filter { $0.status == .underCovered } }

    /// The human-readable report.
    public func render() -> String {
        var lines = [
            "Property \"\(propertyName)\" passed \(generatedCases) generated cases but is under-covered"
                + " (seed \(seed)): a required stratum is proven rarer than required"
                + " (no counterexample; false-failure rate at most \(FailureSize.short(falseFailureRate)))."
        ]
        for shortfall in shortfalls { lines.append("  " + shortfall.summary) }
        lines.append("  coverage:")
        lines += CoverageRow.table(coverage, indent: "    ")
        lines.append("  labels:")
        lines += LabelCount.renderLines(labelCounts, total: generatedCases).map { "  " + $0 }
        lines.append("  replay: \(replayCommand)")
        return lines.joined(separator: "\n")
    }
}

extension String { func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) } }
