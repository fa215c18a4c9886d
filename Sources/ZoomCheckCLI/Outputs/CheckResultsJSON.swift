import ZoomProtocol
import MercatorCore
import PropertyCheck
import ZoomProperties

/// `zoomcheck check --json PATH`: the run as a versioned JSON document.
///
/// Schema `zoomcheck.check/1` (documented in Documentation/ci-recipes.md, "Machine-readable
/// results, shards, annotations"). A new optional member keeps the version; removing or changing the meaning of
/// one makes it `/2`.
enum CheckResultsJSON {
    static let schema = "zoomcheck.check/1"

    /// The run, serialised: its header, then each result, then the summary.
    static func document(_ run: CheckRun) -> JSONValue {
        let header = run.header, results = run.results
        let seed = header.seed
        let implementationObjects: [JSONValue] = header.subjects.map { subject in
            let implementation = subject.implementation
            var members: [(String, JSONValue)] = [("name", .string(implementation.name))]
            if let command = subject.command {
                members.append(("command", .string(command)))
                // What the report's header notes: describe's, then protocol departures.
                members.append(("notes", .array(subject.notes.map { .string($0) })))
            }
            members.append(("gate", .string(subject.gate.rawValue)))
            members.append(("capabilities", capabilities(implementation.capabilities)))
            return .object(members)
        }
        let failing = results.filter(\.blocks).count
        return .object([
            ("schema", .string(schema)), ("seed", .string(seed.description)),
            ("casesPerProperty", .integer(header.caseCount)),
            ("shard", .object([("index", .integer(header.shard.index)), ("count", .integer(header.shard.count))])),
            ("implementations", .array(implementationObjects)),
            ("results", .array(results.map { result($0, seed: seed) })),
            (
                "summary",
                .object([
                    ("runs", .integer(results.count)), ("passed", .integer(results.count - failing)),
                    ("failed", .integer(failing)), ("hold", .integer(results.filter { $0.verdict == .holds }.count)),
                    ("fail", .integer(results.filter { $0.verdict == .fails }.count)),
                    ("notApplicable", .integer(results.filter { $0.verdict == .notApplicable }.count)),
                    ("unexpected", .integer(results.filter { !$0.asExpected }.count)),
                    ("cases", .integer(results.map(\.cases).reduce(0, +))),
                    ("seconds", .number((header.elapsed.seconds * 1000).rounded() / 1000)),
                ])
            ),
        ])
    }

    /// One result; `seed` is the run's.
    static func result(_ result: CheckResult, seed: Seed) -> JSONValue {
        let failure: JSONValue =
            result.failure.map { report in
                var members = failureMembers(report)
                // Each other distinct failure of the property, when it has any: an optional member.
                if !report.otherFailures.isEmpty {
                    members.append(("otherFailures", .array(report.otherFailures.map { .object(failureMembers($0)) })))
                }
                // Beside a degenerate minimal case, the nearest one that is not: an optional member.
                if let other = result.nonDegenerate {
                    members.append(
                        (
                            "nonDegenerate",
                            .object([
                                ("degeneracy", .string(other.degeneracy)),
                                ("minimalCounterexample", .string(other.minimalCounterexample)),
                                ("message", .string(other.message)),
                            ])
                        ))
                }
                return .object(members)
            } ?? .null
        return .object([
            ("property", .string(result.property.name)), ("family", .string(result.property.family.description)),
            ("class", .string(result.property.verdictClass.rawValue)),
            ("implementation", .string(result.implementation)), ("verdict", .string(result.verdict.rawValue)),
            ("expected", .string(result.expectedWord)), ("expectedPin", .optional(result.expectedPin)),
            ("asExpected", .bool(result.asExpected)), ("gated", .bool(result.gated)), ("blocks", .bool(result.blocks)),
            ("cases", .integer(result.cases)), ("replayed", .integer(result.replayed)),
            ("discarded", .integer(result.discarded)), ("unsupported", .integer(result.unsupported)),
            ("seed", .string(seed.description)), ("notApplicableReason", .optional(result.notApplicableReason)),
            ("pin", .optional(result.pin)), ("failure", failure), ("statement", .string(result.property.statement)),
            ("bound", .string(result.property.bound)), ("milliseconds", .integer(result.milliseconds)),
            ("coverage", .array(result.coverage.map(coverage))),
        ])
    }

    /// One failure: its minimal case, message and size, the case first found, the passing cases
    /// before it, its shrink steps, its replay line and its boundaries.
    static func failureMembers(_ report: PropertyReport) -> [(String, JSONValue)] {
        [
            ("minimalCounterexample", .string(report.minimalCounterexample)),
            ("message", .string(report.minimalMessage)), ("size", report.minimalSize.map(size) ?? .null),
            ("originalCounterexample", .string(report.originalCounterexample)),
            ("casesBeforeFailure", .integer(report.casesBeforeFailure)), ("shrinkSteps", .integer(report.shrinkSteps)),
            ("replay", .string(report.replayCommand)), ("origin", .string(CheckResult.origin(report))),
            ("boundaries", .array(report.boundaries.map(boundary))),
        ]
    }

    /// One row of a property's coverage table: the stratum, the generated cases that reached
    /// it and all generated cases, the observed and required shares, what the test proved, and
    /// the natural logarithms of the Chernoff bound and of the significance it was compared with.
    static func coverage(_ row: CoverageRow) -> JSONValue {
        .object([
            ("stratum", .string(row.label)), ("count", .integer(row.count)), ("cases", .integer(row.cases)),
            ("share", .number(row.share)), ("required", .number(row.requirement.minimumShare)),
            ("verdict", .string(row.status.rawValue)),
            ("logBound", row.logTailBound.isFinite ? .number(row.logTailBound) : .null),
            ("logSignificance", .number(row.logSignificance)),
        ])
    }

    /// How large the minimal failure is: the amount, its unit, and whether a reader notices it.
    static func size(_ size: FailureSize) -> JSONValue {
        .object([
            ("amount", .number(size.amount)), ("unit", .string(size.unit)), ("noticeable", .bool(size.isNoticeable)),
        ])
    }

    /// One failure boundary: the input, the failing value and the passing one (null when
    /// every value tried failed), whether the two are neighbours, and the evaluations spent.
    static func boundary(_ boundary: InputBoundary) -> JSONValue {
        .object([
            ("input", .string(boundary.input)), ("failsAt", .string(boundary.failingValue)),
            ("holdsAt", .optional(boundary.passingValue)), ("narrowed", .bool(boundary.isNarrowed)),
            ("evaluations", .integer(boundary.evaluations)),
        ])
    }

    static func capabilities(_ capabilities: Capabilities) -> JSONValue {
        .object([
            ("operations", .array(capabilities.operations.sorted().map { .string($0.rawValue) })),
            (
                "conventions",
                .array(ZoomConvention.allCases.filter(capabilities.conventions.contains).map { .string($0.rawValue) })
            ), ("fractionalZooms", .bool(capabilities.fractionalZooms)),
            ("anyPixelZoom", .bool(capabilities.anyPixelZoom)), ("level", .string(capabilities.levelRounding.rawValue)),
            ("zoomSource", .string(capabilities.zoomSource.rawValue)),
            (
                "fitPadding",
                capabilities.fitPadding.map {
                    .object([("factor", .number($0.factor)), ("minimumDelta", .number($0.minimumDelta))])
                } ?? .null
            ), ("badInput", .string(capabilities.badInput.rawValue)),
            ("centreLimit", .string(capabilities.centreLimit.rawValue)),
        ])
    }
}
