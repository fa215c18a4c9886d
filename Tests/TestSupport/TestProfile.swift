import Foundation

/// How much the heaviest in-process suites run: a share in the gate, the full count in the
/// nightly profile (`ZOOMCHECK_NIGHTLY=1 swift test --disable-xctest`).
///
/// The gate (`bash CI/gate.sh`) runs these suites at a share of their count; the nightly
/// profile (`bash CI/nightly.sh`) sets `ZOOMCHECK_NIGHTLY=1`, runs them in full and makes the
/// same claims again with the release binary (Tests/README.md, "Profiles").
package enum TestProfile {
    /// Whether `ZOOMCHECK_NIGHTLY` is `1`.
    package static let isNightly = ProcessInfo.processInfo.environment["ZOOMCHECK_NIGHTLY"] == "1"

    /// `gate` cases per property in the gate, `nightly` in the nightly profile.
    package static func cases(gate: Int, nightly: Int) -> Int { isNightly ? nightly : gate }
}
