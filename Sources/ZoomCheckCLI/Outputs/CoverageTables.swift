import PropertyCheck
import ZoomProperties

/// `--verbose`'s coverage section: per property, its required strata (a row each) against
/// the implementations it ran for (a column each), in lines of at most ``ReportLayout/width``
/// columns (more implementations than fit go to a further block of the same rows).
enum CoverageTables {
    /// The widest stratum cell, in characters (a longer label is cut with `…`).
    static let labelWidth = 30

    static func lines(_ outcomes: [CatalogueOutcome]) -> [String] {
        let names = CheckReport.uniqueInOrder(outcomes.map(\.property.name))
        let byProperty = Dictionary(grouping: outcomes, by: \.property.name)
        var lines = [""]
        lines += ReportLayout.wrap(
            """
            Coverage — per property, a row per required stratum, a cell per implementation: the stratum's \
            share of the generated cases / the share required, and what the test proved: met, ? (unproven: \
            too few cases, or a share near the minimum), UNDER (proven under-covered: the run fails for \
            ZoomCheck's own cores, and is reported for any other implementation); — not judged (a case \
            failed, or the property did not run):
            """, lead: "", hanging: "  ")
        for name in names {
            let runs = (byProperty[name] ?? []).filter { $0.run != nil }
            let strata = CheckReport.uniqueInOrder(runs.flatMap { $0.run?.result.coverage.map(\.label) ?? [] })
            guard !strata.isEmpty else {
                let requires = (byProperty[name] ?? []).contains { outcome in
                    !outcome.property.requiredStrata(for: outcome.subject.implementation).isEmpty
                }
                if requires {
                    lines.append("  \(name): not judged (no run passed every case)")
                } else {
                    lines += ReportLayout.wrap(
                        "no stratum required; " + reached(runs), lead: "  \(name): ", hanging: "      ")
                }
                continue
            }
            lines.append("  \(name):")
            let width = Swift.min(labelWidth, strata.map(\.count).max() ?? 0)
            let cells = runs.map { outcome in
                let rows = outcome.run?.result.coverage ?? []
                return (
                    outcome.implementationName,
                    strata.map { label in rows.first { $0.label == label }.map(cell) ?? "—" }
                )
            }
            let cellWidth = Swift.max(cells.flatMap { [$0.0] + $0.1 }.map(\.count).max() ?? 0, 1)
            let perBlock = Swift.max(1, (ReportLayout.width - 4 - width) / (cellWidth + 2))
            for start in stride(from: 0, to: cells.count, by: perBlock) {
                let block = cells[start..<Swift.min(cells.count, start + perBlock)]
                func row(_ first: String, _ columns: [String]) -> String {
                    let text = "    " + pad(first, width) + columns.map { "  " + pad($0, cellWidth) }.joined()
                    return String(text.reversed().drop { $0 == " " }.reversed())
                }
                lines.append(row("", block.map(\.0)))
                for (index, label) in strata.enumerated() { lines.append(row(label, block.map { $0.1[index] })) }
            }
        }
        return lines
    }

    /// The strata the first passing run of a property that requires none reached, with their
    /// shares of its generated cases: what the run tested, though nothing is proved about it.
    static func reached(_ runs: [CatalogueOutcome]) -> String {
        guard
            let (name, report) = runs.lazy.compactMap({ outcome in
                if case .passed(let report)? = outcome.run?.result { (outcome.implementationName, report) } else { nil }
            }).first, report.generatedCases > 0
        else { return "no run passed every case" }
        let counts = Dictionary(report.labelCounts.map { ($0.label, $0.count) }, uniquingKeysWith: +)
        let shares = Strata.all.compactMap { label in
            counts[label].map { "\(label) \(percent(Double($0) / Double(report.generatedCases)))" }
        }
        return shares.isEmpty
            ? "its cases reached none of the strata (\(name))" : "reached (\(name)): " + shares.joined(separator: ", ")
    }

    /// `36.8/16.7% met`: the observed share, the required one, the verdict.
    static func cell(_ row: CoverageRow) -> String {
        let verdict =
            switch row.status {
            case .met: "met"
            case .unproven: "?"
            case .underCovered: "UNDER"
            }
        return "\(percent(row.share, sign: false))/\(percent(row.requirement.minimumShare)) \(verdict)"
    }

    /// A share as a percentage with one decimal.
    static func percent(_ share: Double, sign: Bool = true) -> String {
        let tenths = Int((share * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)" + (sign ? "%" : "")
    }

    /// `text` cut to `width` characters with `…`, or padded to it with spaces.
    static func pad(_ text: String, _ width: Int) -> String {
        let cut = text.count > width ? String(text.prefix(width - 1)) + "…" : text
        return cut + String(repeating: " ", count: Swift.max(0, width - cut.count))
    }
}
