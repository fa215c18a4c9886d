import Foundation

/// How much the heaviest in-process suites run: a share in the gate, the full count in the
/// nightly profile (`ZOOMCHECK_NIGHTLY=1 swift test --disable-xctest`).
///
/// Only suites whose claim the gate also makes at the full count with the release binary
/// reduce their count here (each names the step of CI/gate.sh that does), so that the gate's
/// `swift test` stays a test of the code paths, and the gate as a whole keeps every claim.
package enum TestProfile {
    /// Whether `ZOOMCHECK_NIGHTLY` is `1`.
    package static let isNightly = ProcessInfo.processInfo.environment["ZOOMCHECK_NIGHTLY"] == "1"

    /// `gate` cases per property in the gate, `nightly` in the nightly profile.
    package static func cases(gate: Int, nightly: Int) -> Int { isNightly ? nightly : gate }
}
