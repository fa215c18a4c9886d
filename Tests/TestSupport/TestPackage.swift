import Foundation

/// Paths inside this package, found from this file's location: tests may run from any
/// working directory, and each test target used to find the root with a copy of its own.
package enum TestPackage {
    /// The package root, the directory holding `Package.swift`: three levels above this file
    /// (`Tests/TestSupport/TestPackage.swift`).
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `relative` (no leading slash) inside the package root.
    package static func path(_ relative: String) -> String { root + "/" + relative }

    /// The golden corpus, `Corpus/golden`.
    package static let goldenCorpus = path("Corpus/golden")

    /// The checked-in regressions, `Corpus/regressions` (replayed before random cases; tests
    /// that write regressions use a temporary directory instead).
    package static let regressions = path("Corpus/regressions")

    /// The Python example adapter of the protocol, `Examples/python-adapter/zoomcheck_adapter.py`.
    package static let pythonAdapter = path("Examples/python-adapter/zoomcheck_adapter.py")

    /// A product of the debug build, `.build/debug/NAME` (`zoomcheck`, `regressions-writer`).
    package static func debugProduct(_ name: String) -> String { path(".build/debug/" + name) }
}
