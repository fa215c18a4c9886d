import FileAccess
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file of one observed run (see ``RunObservation``): lines formatted only when the run
/// observes, counted against the bounds before anything is formatted, written in blocks to a
/// temporary file beside the target (``TemporaryFile``: created exclusively, never through
/// a link), which is renamed over it at the end: the file is the whole run's lines or the
/// one it replaces, never a part. A write that fails (a full disk, `ulimit -f`) removes the
/// temporary file and records the loss (``RunObservation/recordLoss(in:_:)``).
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
    /// The temporary file being written, until the rename (or a failure).
    private var temporary: (path: String, descriptor: Int32, untrack: () -> Void)?
    /// The file the temporary one is renamed over (the path, its links followed).
    private let target: String
    private var buffer: [UInt8] = []
    /// Bytes of `test_case` lines admitted so far (written or in the buffer).
    private var caseBytes = 0
    private var lastMark = ContinuousClock.now
    private(set) var caseLines = 0
    private(set) var failureLines = 0
    private(set) var leftOut = 0
    /// `test_case` lines left out because the file reached ``RunObservation/byteLimit``.
    private(set) var leftOutForBytes = 0

    /// Opens a temporary file for the run's file, or nil (the loss recorded) when it cannot
    /// be made: the path is not a regular file, the directory cannot be written.
    init?(
        _ settings: RunObservation, propertyName: String, seed: Seed, caseCount: Int, replayCommand: String,
        runStart: Double = Date().timeIntervalSince1970
    ) {
        self.settings = settings
        path = (settings.directory as NSString).appendingPathComponent(settings.fileName(propertyName: propertyName))
        try? FileManager.default.createDirectory(atPath: settings.directory, withIntermediateDirectories: true)
        switch Self.openTemporary(for: path) {
        case .success(let opened): (target, temporary) = (opened.target, opened.temporary)
        case .failure(let reason):
            RunObservation.recordLoss(in: settings.directory, "cannot write \(path): \(reason.text)")
            return nil
        }
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

    /// The target behind `path` (links followed) and a temporary file beside it; or why not:
    /// anything but a regular file or nothing at the path is refused, never replaced.
    static func openTemporary(for path: String) -> Result<
        (target: String, temporary: (path: String, descriptor: Int32, untrack: () -> Void)), TemporaryFile.Failure
    > {
        let target: String
        do {
            switch try OutputPath.resolve(path) {
            case .replace(let regular): target = regular
            case .writeThrough(let other, _):
                let kind = FileKind.nonRegular(atPath: other) ?? "a special file"
                return .failure(TemporaryFile.Failure(text: "it is \(kind), not a regular file"))
            }
        } catch { return .failure(TemporaryFile.Failure(text: error.reason)) }
        return TemporaryFile.create(beside: target, track: TemporaryFile.trackedUntilExit).map { (target, $0) }
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
        let representationText = JSONText.string(
            Self.bounded(representation, to: RunObservation.representationByteLimit))
        let line =
            "{\"type\":\"test_case\",\(common),\"status\":\"\(status.rawValue)\",\"status_reason\":"
            + JSONText.string(Self.bounded(reason, to: RunObservation.textByteLimit)) + ",\"representation\":"
            + representationText + ",\"arguments\":"
            + (representation.isEmpty ? "{}" : "{\"case\":\(representationText)}") + ",\"how_generated\":\""
            + phase.rawValue + "\",\"features\":{" + features.joined(separator: ",") + "},\"timing\":{"
            + JSONText.string(timing.key) + ":" + JSONText.number(timing.seconds) + "},\(metadata),\"coverage\":null}"
        guard caseBytes + line.utf8.count + 1 <= settings.byteLimit else {
            leftOutForBytes += 1
            return
        }
        caseBytes += line.utf8.count + 1
        append(line)
    }

    /// An `info` line.
    func info(_ title: String, _ content: String) {
        let content = JSONText.string(Self.bounded(content, to: RunObservation.textByteLimit))
        append("{\"type\":\"info\",\(common),\"title\":\(JSONText.string(title)),\"content\":\(content)}")
    }

    /// `text` cut (at a scalar) to at most `limit` bytes of UTF-8, the marker `… N bytes cut`
    /// included; as it is when it fits.
    static func bounded(_ text: String, to limit: Int) -> String {
        let total = text.utf8.count
        guard total > limit else { return text }
        // The marker's digits are at most those of the whole length.
        let room = limit - "… \(total) bytes cut".utf8.count
        var kept = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            let size = UTF8.width(scalar)
            guard bytes + size <= room else { break }
            bytes += size
            kept.unicodeScalars.append(scalar)
        }
        return kept + "… \(total - bytes) bytes cut"
    }

    /// The closing lines: the outcome, then what was left out; then the file is renamed
    /// over its target (the loss recorded if it cannot be).
    func finish(_ result: PropertyResult, casesChecked: Int) {
        info("run finished", "\(result.headline) (\(casesChecked) cases checked)")
        info(
            "lines left out",
            """
            \(leftOut + leftOutForBytes) test_case lines left out (bounds: \(settings.caseLineLimit) lines of passing \
            or discarded cases, \(settings.failureLineLimit) lines of failing, shrinking or boundary cases, \
            \(settings.byteLimit) bytes of test_case lines\(leftOutForBytes > 0 ? ", reached" : ""))
            """)
        flush()
        guard let file = temporary else { return }
        temporary = nil
        var failure: String?
        if fchmod(file.descriptor, TemporaryFile.finalMode(of: target)) != 0 {
            failure = String(cString: strerror(errno))
        }
        if close(file.descriptor) != 0, failure == nil, errno != EINTR { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(file.path, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(file.path)
            RunObservation.recordLoss(in: settings.directory, "cannot write \(path): \(failure)")
        }
        file.untrack()
    }

    private func append(_ line: String) {
        guard temporary != nil else { return }
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 18 { flush() }
    }

    /// Writes the buffer; a failure ends the observation (not the run): the temporary file
    /// is removed, the file it was to replace stays as it was, and the loss is recorded.
    private func flush() {
        guard let file = temporary, !buffer.isEmpty else { return }
        if let failure = OutputPath.writeAll(buffer, to: file.descriptor) {
            close(file.descriptor)
            unlink(file.path)
            file.untrack()
            temporary = nil
            RunObservation.recordLoss(in: settings.directory, "cannot write \(path): \(failure)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit {
        // A run that never finished (it trapped, or was abandoned): nothing replaces the file.
        if let file = temporary {
            close(file.descriptor)
            unlink(file.path)
            file.untrack()
        }
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
