import Foundation

/// Where a run writes its observations: one JSON object per line, in the shape of
/// Hypothesis's published observation schema (`schema_observations.json`), which Tyche and
/// other tools read.
///
/// A run writes one file, `DIRECTORY/<property>.jsonl`, the property's name made safe by
/// ``safeFileName(_:)`` (a catalogue property run against an implementation is named
/// `<property>@<implementation>`). The file is replaced by each run. It holds an
/// `info` line when the run starts, a `test_case` line for each case checked, in every
/// phase (examples, replays, generation, targeting, shrinking, boundaries), and two `info`
/// lines at the end: the outcome, and how many `test_case` lines were left out.
///
/// Bounded: at most ``caseLineLimit`` lines of passing or discarded cases outside shrinking
/// and boundary search, and at most ``failureLineLimit`` lines of failing cases and of
/// cases checked while shrinking or searching boundaries; the rest are counted, not
/// formatted. In bytes: a failure or discard reason and an `info` line's content (where a
/// program's own text lands: its error messages) keep at most ``textByteLimit`` bytes, a
/// case's representation at most ``representationByteLimit``, each cut with a
/// `… N bytes cut` marker; and a file at most ``byteLimit`` bytes of `test_case` lines.
///
/// Observing changes no case, verdict, counterexample or report. The file is written like
/// every other output: to a temporary file beside it (created exclusively, never through a
/// planted link), renamed over it when the run ends, never half-written; a path that is
/// not a regular file (a directory, a FIFO) is not replaced. A file that cannot be written
/// (a directory at its name, a full or read-only disk, no descriptor left) ends the
/// observation, not the run, and is recorded, so that the caller can name it (zoomcheck
/// exits 74).
public struct RunObservation: Sendable, Hashable {
    /// The default of ``caseLineLimit``.
    public static let defaultCaseLineLimit = 10_000
    /// The default of ``failureLineLimit``.
    public static let defaultFailureLineLimit = 10_000

    /// The directory of the run's file (created, with its parents, if missing).
    public var directory: String
    /// The implementation checked, for each line's metadata.
    public var implementation: String?
    /// The property's class of verdict (as `zoomcheck check` names it), for the metadata.
    public var verdictClass: String?
    /// Most `test_case` lines of passing or discarded cases outside shrinking and boundary
    /// search.
    public var caseLineLimit = RunObservation.defaultCaseLineLimit
    /// Most `test_case` lines of failing cases and of cases checked while shrinking or
    /// searching boundaries.
    public var failureLineLimit = RunObservation.defaultFailureLineLimit
    /// The default of ``byteLimit``: 64 MiB, above the 10,000 passing and 10,000 failing
    /// lines of the largest cases (fits of a dozen points: 2.6 KB a line, 53 MB).
    public static let defaultByteLimit = 64 << 20
    /// Most bytes of `test_case` lines in the file; later lines are counted as left out.
    public var byteLimit = RunObservation.defaultByteLimit
    /// Most bytes of a failure or discard reason, or of an `info` line's content.
    public static let textByteLimit = 2_048
    /// Most bytes of a case's representation.
    public static let representationByteLimit = 16_384

    /// An observation into `directory`.
    public init(directory: String, implementation: String? = nil, verdictClass: String? = nil) {
        self.directory = directory
        self.implementation = implementation
        self.verdictClass = verdictClass
    }

    /// The run's file name in ``directory``: `<property>.jsonl`, the name made safe by
    /// ``safeFileName(_:)``.
    public func fileName(propertyName: String) -> String { Self.safeFileName(propertyName) + ".jsonl" }

    /// `name` with every character other than an ASCII letter, digit, `-`, `_`, `.` or `@`
    /// replaced by `_`, a leading `.` by `_`, cut to 150 characters; `_` when empty. When
    /// anything was replaced or cut, `~` and 8 hex digits of the name's hash follow, so that
    /// names that differ only there (`exec:a+b`, `exec:a*b`) never share a file.
    public static func safeFileName(_ name: String) -> String {
        guard !name.isEmpty else { return "_" }
        return SafeName.make(name, limit: 150, separator: "~") { offset, scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", "@": true
            case ".": offset > 0
            default: false
            }
        }
    }

    /// Records that a file in `directory` could not be written: `message` names it and why.
    package static func recordLoss(in directory: String, _ message: String) {
        losses.lock.withLock { losses.messages[directory, default: []].append(message) }
    }

    /// What could not be written in `directory` since the last call (`cannot write PATH:
    /// REASON`, one a file), and forgets it: zoomcheck asks after a run, and a lost
    /// observation fails the run with exit 74, as a lost `--json` does.
    package static func takeLosses(in directory: String) -> [String] {
        losses.lock.withLock { losses.messages.removeValue(forKey: directory) ?? [] }
    }

    private static let losses = Losses()

    private final class Losses: @unchecked Sendable {
        let lock = NSLock()
        var messages: [String: [String]] = [:]
    }
}
