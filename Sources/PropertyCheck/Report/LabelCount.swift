/// How many generated cases carried one label.
public struct LabelCount: Sendable, Equatable {
    /// The label.
    public let label: String
    /// Generated cases that carried it (once per case).
    public let count: Int

    /// A label count.
    public init(label: String, count: Int) {
        self.label = label
        self.count = count
    }

    /// Counts sorted by descending count, then label, so reports never depend on hashing.
    static func sorted(_ counts: [String: Int]) -> [LabelCount] {
        counts.map { LabelCount(label: $0.key, count: $0.value) }.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.label < $1.label
        }
    }

    /// Report lines such as `   12.0% straddles-antimeridian (12 cases)`.
    static func renderLines(_ counts: [LabelCount], total: Int) -> [String] {
        counts.map { entry in "  \(ReportText.percent(entry.count, of: total)) \(entry.label) (\(entry.count) cases)" }
    }
}

/// Text helpers shared by the reports.
enum ReportText {
    /// `count / total` as a percentage with one decimal, right-aligned to 6 characters.
    static func percent(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "   n/a" }
        let tenths = (count * 1000 + total / 2) / total
        let text = "\(tenths / 10).\(tenths % 10)%"
        return String(repeating: " ", count: Swift.max(0, 6 - text.count)) + text
    }

    /// `text` with every line after the first indented by `indent`.
    static func indented(_ text: String, by indent: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
    }
}
