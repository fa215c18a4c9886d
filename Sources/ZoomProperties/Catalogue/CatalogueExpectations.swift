import MercatorCore

/// One documented finding, as recorded: the implementation and property, the pin the minimal
/// counterexample renders as, and the choice sequence that replays it. A property that fails
/// in several distinct ways has a row for each, in the order the run found them: the first
/// is the headline, the others its `otherFailures`.
struct RecordedPin: Sendable {
    let implementation: String
    let property: String
    let pin: String
    let choices: [UInt64]
}

/// What a catalogue run expects of one implementation: the verdict of each property, and for
/// a documented finding the choices of its pinned minimal counterexample.
///
/// Anything not listed is expected to hold: the corrected core, and any user's
/// implementation, must pass every property (``holdsEverything``). The shipped seed ports'
/// failures are the documented findings (``recorded(for:)``): a finding that stops
/// reproducing, or whose minimal counterexample changes, fails `zoomcheck check` and the test
/// suite. The findings are recorded in one data file, `RecordedPins.swift`, by
/// `bash CI/regenerate.sh`; the gate's `--check` fails when a fresh run differs.
public struct CatalogueExpectations: Sendable {
    /// A documented finding: its headline's pin and choices, then each other distinct
    /// failure's, in the order found.
    private struct Finding: Sendable {
        var pin: String
        var choices: [UInt64]
        var others: [(pin: String, choices: [UInt64])] = []
    }

    /// The documented findings, by property name.
    private var findings: [String: Finding]

    /// Every property is expected to hold.
    public static let holdsEverything = CatalogueExpectations(findings: [:])

    /// The verdict expected for `property`: its pin when it is a documented finding, else
    /// `.holds` (not applicable comes from the property's definition).
    public func verdict(for property: String) -> ExpectedVerdict {
        findings[property].map { .fails(pin: $0.pin) } ?? .holds
    }

    /// The choices of the pinned minimal counterexample of `property`, then of each other
    /// distinct failure's, replayed after generation unless it found every one of them, so
    /// that the finding reproduces at any case count (`--cases 1` included); empty when
    /// `property` is not a documented finding.
    public func pinnedChoices(for property: String) -> [[UInt64]] {
        findings[property].map { [$0.choices] + $0.others.map(\.choices) } ?? []
    }

    /// The pins of the other distinct failures of `property` (its headline's is in
    /// ``verdict(for:)``), in the order found; empty when it has none or is not a finding.
    public func otherPins(for property: String) -> [String] { findings[property]?.others.map(\.pin) ?? [] }

    /// The documented findings, by property: the pin of each.
    public var pins: [String: String] { findings.mapValues(\.pin) }

    /// The recorded findings of the shipped seed port `variant`.
    public static func recorded(for variant: SeedPort.Variant) -> CatalogueExpectations {
        let name = SeedPort(variant: variant).name
        var findings: [String: Finding] = [:]
        for recorded in RecordedPins.all where recorded.implementation == name {
            if findings[recorded.property] == nil {
                findings[recorded.property] = Finding(pin: recorded.pin, choices: recorded.choices)
            } else {
                findings[recorded.property]!.others.append((recorded.pin, recorded.choices))
            }
        }
        return CatalogueExpectations(findings: findings)
    }

    /// The Swift source of `RecordedPins.swift` from observed outcomes: every failure with its
    /// pin and minimal choices, by implementation name, then in the outcomes' order. What
    /// `zoomcheck check --print-pins` prints and `bash CI/regenerate.sh` records.
    public static func recordedSource(for outcomes: [CatalogueOutcome]) -> String {
        var rows: [String: [String]] = [:]
        for outcome in outcomes {
            guard case .fails(let pin)? = outcome.observed, let failure = outcome.run?.result.failure,
                let choices = failure.minimalChoices
            else { continue }
            let others = zip(outcome.run?.otherPins ?? [], failure.otherFailures).compactMap { pin, other in
                other.minimalChoices.map { (pin, $0.values) }
            }
            for (pin, choices) in [(pin, choices.values)] + others {
                rows[outcome.implementationName, default: []].append(
                    row(
                        implementation: outcome.implementationName, property: outcome.property.name, pin: pin,
                        choices: choices))
            }
        }
        let header = """
            // swift-format-ignore-file
            // Recorded by `bash CI/regenerate.sh` from `zoomcheck check --impl all --print-pins` (the default seed,
            // 10000 cases, Corpus/regressions); `bash CI/regenerate.sh --check`, in the gate, fails when a fresh run
            // differs. Do not edit by hand: change the code, regenerate, review the diff.

            /// Every documented finding of the shipped seed ports: the property, the pin its minimal
            /// counterexample renders as, and the choice sequence that replays that counterexample; a
            /// property's further rows are its other distinct failures, in the order found.
            enum RecordedPins {
                static let all: [RecordedPin] = [

            """
        return header + rows.keys.sorted().flatMap { rows[$0]! }.map { $0 + "\n" }.joined() + "    ]\n}\n"
    }

    /// The longest line the recorded file has: the gate's width limit.
    static let lineLength = 120

    /// One row of `RecordedPins.swift`, no line longer than ``lineLength``: a long pin is
    /// written as literals joined by `+` (split between words where it can be), a long choice
    /// list over several lines.
    static func row(implementation: String, property: String, pin: String, choices: [UInt64]) -> String {
        let indent = "            "
        var lines = [
            "        RecordedPin(",
            indent + "implementation: \(quoted(implementation)), property: \(quoted(property)),",
        ]
        let pieces = split(pin, width: lineLength - indent.count - "    + \"\",".count)
        for (index, piece) in pieces.enumerated() {
            lines.append(
                (index == 0 ? indent + "pin: " : indent + "    + ") + quoted(piece)
                    + (index == pieces.count - 1 ? "," : ""))
        }
        var line = indent + "choices: ["
        for (index, choice) in choices.enumerated() {
            let item = String(choice) + (index == choices.count - 1 ? "])," : ",")
            if line.count + 1 + item.count > lineLength {
                lines.append(line)
                line = indent + "    " + item
            } else {
                line += (line.hasSuffix("[") ? "" : " ") + item
            }
        }
        if choices.isEmpty { line += "])," }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// `text` in pieces whose literals fit in `width` characters, each ending at a space where
    /// one is near the limit; joined, the pieces are `text`.
    static func split(_ text: String, width: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(text)
        while quoted(String(rest)).count > width {
            var end = rest.startIndex
            var lastSpace: Substring.Index?
            for index in rest.indices {
                if quoted(String(rest[rest.startIndex...index])).count > width { break }
                end = rest.index(after: index)
                if rest[index] == " " { lastSpace = rest.index(after: index) }
            }
            if let lastSpace, rest.distance(from: rest.startIndex, to: lastSpace) > width / 2 { end = lastSpace }
            pieces.append(String(rest[..<end]))
            rest = rest[end...]
        }
        pieces.append(String(rest))
        return pieces
    }

    /// A Swift string literal for `text`.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
