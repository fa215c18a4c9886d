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
/// formatted.
///
/// Observing changes no case, verdict, counterexample or report. A directory that cannot
/// be created, or a file that cannot be written, stops the observation silently; the run
/// goes on.
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
    /// replaced by `_`, a leading `.` by `_`, cut to 150 characters; `_` when empty.
    public static func safeFileName(_ name: String) -> String {
        var safe = String(
            name.unicodeScalars.prefix(150).map { scalar -> Character in
                let allowed =
                    scalar.isASCII
                    && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                        || scalar == "-" || scalar == "_" || scalar == "." || scalar == "@")
                return allowed ? Character(scalar) : "_"
            })
        if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        return safe.isEmpty ? "_" : safe
    }
}
