import Foundation

/// The file of one observed run (see ``RunObservation``): lines formatted only when the run
/// observes, counted against the bounds before anything is formatted, written in blocks.
final class ObservationLog {
    /// Where the session is checking cases: each `test_case` line's `how_generated`.
    enum Phase: String { case generated, replayed, shrinking, targeted, boundary }

    /// A `test_case` line's `status`.
    enum Status: String {
        case passed, failed
        case gaveUp = "gave_up"
    }

    var phase = Phase.replayed
    let settings: RunObservation
    let path: String
    /// `"property":…,"run_start":…`, shared by every line.
    private let common: String
    /// `"metadata":{…}`, the same for every case of the run.
    private let metadata: String
    private var handle: FileHandle?
    private var buffer: [UInt8] = []
    private var lastMark = ContinuousClock.now
    private(set) var caseLines = 0
    private(set) var failureLines = 0
    private(set) var leftOut = 0

    /// Opens (replacing) the run's file, or nil when it cannot be created.
    init?(
        _ settings: RunObservation, propertyName: String, seed: Seed, caseCount: Int, replayCommand: String,
        runStart: Double = Date().timeIntervalSince1970
    ) {
        self.settings = settings
        path = (settings.directory as NSString).appendingPathComponent(settings.fileName(propertyName: propertyName))
        let files = FileManager.default
        try? files.createDirectory(atPath: settings.directory, withIntermediateDirectories: true)
        guard files.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            return nil
        }
        self.handle = handle
        common = "\"property\":\(JSONText.string(propertyName)),\"run_start\":\(JSONText.number(runStart))"
        let seedText = seed.abbreviated
        var fields = ["\"seed\":\(JSONText.string(seedText))"]
        if let implementation = settings.implementation {
            fields.append("\"implementation\":\(JSONText.string(implementation))")
        }
        if let verdictClass = settings.verdictClass {
            fields.append("\"verdict_class\":\(JSONText.string(verdictClass))")
        }
        fields.append("\"replay\":\(JSONText.string(replayCommand))")
        metadata = "\"metadata\":{" + fields.joined(separator: ",") + "}"
        var start = "seed \(seedText), \(caseCount) generated cases"
        if let implementation = settings.implementation { start += ", implementation \(implementation)" }
        info("run started", start + "; replay: \(replayCommand)")
    }

    /// Whether a line of this status in this phase is within its bound; counts it as left
    /// out when it is not.
    func admits(_ status: Status) -> Bool {
        if status == .failed || phase == .shrinking || phase == .boundary {
            guard failureLines < settings.failureLineLimit else {
                leftOut += 1
                return false
            }
            failureLines += 1
        } else {
            guard caseLines < settings.caseLineLimit else {
                leftOut += 1
                return false
            }
            caseLines += 1
        }
        return true
    }

    /// Seconds since the last case was recorded (or the log opened); restarts the count.
    func secondsSinceMark() -> Double {
        let now = ContinuousClock.now
        defer { lastMark = now }
        return (now - lastMark).seconds
    }

    /// A `test_case` line (after ``admits(_:)`` said yes).
    func testCase(
        _ status: Status, reason: String, representation: String, labels: [String],
        targets: [(label: String, score: Double)], timing: (key: String, seconds: Double)
    ) {
        var features: [String] = []
        for (index, label) in labels.enumerated() where !labels[..<index].contains(label) {
            features.append("\(JSONText.string(label)):\"\"")
        }
        for target in targets {
            features.append("\(JSONText.string("target:" + target.label)):\(JSONText.number(target.score))")
        }
        let representationText = JSONText.string(representation)
        let line =
            "{\"type\":\"test_case\",\(common),\"status\":\"\(status.rawValue)\",\"status_reason\":"
            + JSONText.string(reason) + ",\"representation\":\(representationText),\"arguments\":"
            + (representation.isEmpty ? "{}" : "{\"case\":\(representationText)}") + ",\"how_generated\":\""
            + phase.rawValue + "\",\"features\":{" + features.joined(separator: ",") + "},\"timing\":{"
            + JSONText.string(timing.key) + ":" + JSONText.number(timing.seconds) + "},\(metadata),\"coverage\":null}"
        append(line)
    }

    /// An `info` line.
    func info(_ title: String, _ content: String) {
        append(
            "{\"type\":\"info\",\(common),\"title\":\(JSONText.string(title)),\"content\":\(JSONText.string(content))}")
    }

    /// The closing lines: the outcome, then what was left out; the file is closed.
    func finish(_ result: PropertyResult, casesChecked: Int) {
        info("run finished", "\(result.headline) (\(casesChecked) cases checked)")
        info(
            "lines left out",
            """
            \(leftOut) test_case lines left out (bounds: \(settings.caseLineLimit) lines of passing or discarded \
            cases, \(settings.failureLineLimit) lines of failing, shrinking or boundary cases)
            """)
        flush()
        try? handle?.close()
        handle = nil
    }

    private func append(_ line: String) {
        guard handle != nil else { return }
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 18 { flush() }
    }

    private func flush() {
        guard let handle, !buffer.isEmpty else { return }
        do { try handle.write(contentsOf: buffer) } catch {
            // A file that cannot be written ends the observation, not the run.
            try? handle.close()
            self.handle = nil
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double` (the package's one conversion: observation
    /// timings, the CLI's report and the benchmarks).
    package var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}

/// JSON text of strings and numbers, for the observation lines.
enum JSONText {
    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `value` as a JSON number; a non-finite value (JSON has none) as the string `"nan"`,
    /// `"inf"` or `"-inf"`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "\"nan\"" : (value > 0 ? "\"inf\"" : "\"-inf\"") }
        return "\(value)"
    }
}
