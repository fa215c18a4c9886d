import MercatorCore
import PropertyCheck
import ZoomProperties

/// What a catalogue run showed of one implementation, in a few lines: `expectCatalogue`
/// prints it after every run, so that a clean run says what was checked and against which
/// rules, not only that the test passed.
///
/// ```
/// expectCatalogue(my-mercator): 62 properties, 578,000 cases (gate defects): 56 hold, 6 n/a
///   n/a: zoom-round-trip-latitude: the getter reads the longitude span only (zoomSource …)
///   its rules (its capabilities), each judged by the convention properties that read it:
///     level fitting: zoom-level-follows-its-rounding holds
/// ```
package enum CatalogueSummary {
    /// The summary of `outcomes`, one subject's run under `gate`.
    package static func lines(_ outcomes: [CatalogueOutcome], gate: GateScope) -> [String] {
        guard let subject = outcomes.first?.subject else { return [] }
        let cases = outcomes.compactMap(\.run?.timing.casesChecked).reduce(0, +)
        let replayed = outcomes.compactMap(\.run?.timing.casesReplayed).reduce(0, +)
        let notApplicable = outcomes.compactMap { outcome -> (CatalogueOutcome, String)? in
            guard case .notApplicable(let reason)? = outcome.observed else { return nil }
            return (outcome, reason)
        }
        let judged = outcomes.filter { if case .notApplicable? = $0.observed { false } else { true } }
        let holding = judged.filter { $0.observed == .holds }.count
        let gated = judged.filter { !$0.isExpected && $0.blocks(gate) }.count
        let departing = judged.filter { !$0.isExpected && !$0.blocks(gate) }.count
        var counts = ["\(holding) hold"]
        if gated > 0 { counts.append("\(gated) fail") }
        if departing > 0 { counts.append("\(departing) depart, not gated") }
        counts.append("\(notApplicable.count) n/a")
        let saved = replayed == 0 ? "" : " and \(replayed) saved counterexamples"
        var lines = [
            """
            expectCatalogue(\(subject.name)): \(plural(outcomes.count, "property", "properties")), \
            \(grouped(cases)) cases\(saved) \
            (gate \(gate.rawValue)): \(counts.joined(separator: ", "))
            """
        ]
        lines += notApplicable.map { "  n/a: \($0.0.property.name): \($0.1)" }
        let capabilities = subject.implementation.capabilities
        let whose = capabilities.isDeclared ? "its capabilities" : "ZoomCheck's, assumed: it states no capabilities"
        lines.append("  its rules (\(whose)), each judged by the convention properties that read it:")
        for convention in DeclaredConvention.allCases {
            let readers = outcomes.filter { $0.property.contract.contains(convention) }
            // One judge by name; several counted by verdict ("its 13 properties: 13 hold").
            let verdicts = Dictionary(grouping: readers, by: { word($0, plural: true) }).sorted { $0.key < $1.key }
            let judgedBy =
                readers.count == 1
                ? "\(readers[0].property.name) \(word(readers[0]))"
                : "its \(readers.count) properties: "
                    + verdicts.map { "\($0.value.count) \($0.key)" }.joined(separator: ", ")
            let gating =
                gate == .all || (gate == .declared && subject.declaredConventions.contains(convention))
                ? "" : " (reported, not gated)"
            lines.append(
                "    \(convention.rawValue) \(value(of: convention, in: capabilities)): "
                    + (readers.isEmpty ? "no property of this run reads it" : judgedBy + gating))
        }
        return lines
    }

    /// What `capabilities` says for `convention`.
    static func value(of convention: DeclaredConvention, in capabilities: Capabilities) -> String {
        switch convention {
        case .level: capabilities.levelRounding.rawValue
        case .fitPadding: capabilities.fitPadding.map(\.description) ?? "not stated"
        case .badInput: capabilities.badInput.rawValue
        case .centreLimit: capabilities.centreLimit.rawValue
        case .projectBeyondBand: capabilities.projectBeyondBand?.rawValue ?? "not stated"
        case .unprojectBeyondWorld: capabilities.unprojectBeyondWorld?.rawValue ?? "not stated"
        case .pixelGrid: capabilities.pixelGrid?.rawValue ?? "not stated"
        }
    }

    /// An outcome's verdict in a word: `holds`, `departs`, `n/a`, `could not run` (`plural`:
    /// `hold`, `depart`, for a count).
    static func word(_ outcome: CatalogueOutcome, plural: Bool = false) -> String {
        switch outcome.observed {
        case .holds?: plural ? "hold" : "holds"
        case .fails?: plural ? "depart" : "departs"
        case .notApplicable?: "n/a"
        case nil: "could not run"
        }
    }

    /// `1 property`, `62 properties`.
    static func plural(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }

    /// `578000` as `578,000`.
    static func grouped(_ count: Int) -> String {
        let digits = Array(String(count))
        return stride(from: 0, to: digits.count, by: 3).map { end -> String in
            let stop = digits.count - end
            return String(digits[Swift.max(0, stop - 3)..<stop])
        }.reversed().joined(separator: ",")
    }
}
