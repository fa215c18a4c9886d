import Foundation

/// How much the heaviest in-process suites run: a share in the gate, the full count in the
/// nightly profile (`ZOOMCHECK_NIGHTLY=1 swift test --disable-xctest`).
///
/// Only suites whose claim the gate also makes at the full count with the release binary
/// reduce their count here (each names the step of CI/gate.sh that does), so that the gate's
/// `swift test` stays a test of the code paths, and the gate as a whole keeps every claim.
public enum TestProfile {
    /// Whether `ZOOMCHECK_NIGHTLY` is `1`.
    public static let isNightly = ProcessInfo.processInfo.environment["ZOOMCHECK_NIGHTLY"] == "1"

    /// `gate` cases per property in the gate, `nightly` in the nightly profile.
    public static func cases(gate: Int, nightly: Int) -> Int { isNightly ? nightly : gate }

    /// For a suite that otherwise runs the catalogue's default count: `gate` in the gate, and
    /// `nil` (the default, 10,000, or `ZOOMCHECK_CASES` when it is set) in the nightly profile
    /// or when `ZOOMCHECK_CASES` is set.
    public static func defaultCases(gate: Int) -> Int? {
        isNightly || ProcessInfo.processInfo.environment["ZOOMCHECK_CASES"] != nil ? nil : gate
    }
}
