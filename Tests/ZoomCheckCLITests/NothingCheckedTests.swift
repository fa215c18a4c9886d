import Foundation
import Testing
import TestSupport
@testable import ZoomCheckCLI

/// A gate that checked nothing does not pass: exit 5 and a line that says why.
@Suite("A run that checked nothing exits 5", .tags(.cli)) struct NothingCheckedTests {
    /// A program that answers `unsupported` to every request, `describe` included.
    static let refusesEverything = #"""
        exec:while read r; do echo '{"error":{"code":"unsupported","message":"no"}}'; done
        """#

    @Test("A program that answers unsupported to everything is not 'passed': exit 5, and the reason names it")
    func unsupportedEverything() {
        let result = CheckCommandTests.run(["check", "--impl", Self.refusesEverything, "--cases", "20"])
        #expect(result.status == ExitStatus.nothingChecked, "\(result.output)\(result.errors)")
        #expect(result.errors.contains("gated properties checked 0 cases"), "\(result.errors)")
        #expect(result.errors.contains("nothing was checked"))
    }

    @Test("A --shard that selects no run exits 5") func emptyShard() {
        let result = CheckCommandTests.run([
            "check", "--impl", "corrected", "--property", "fit-is-valid", "--cases", "5", "--shard", "2/2",
        ])
        #expect(result.status == ExitStatus.nothingChecked, "\(result.output)\(result.errors)")
        #expect(result.errors.contains("the selection (--property, --shard) holds no run"))
    }

    @Test("A --property selection with nothing gated for an exec: program (a convention under --gate defects) exits 5")
    func nothingGated() {
        let result = CheckCommandTests.run([
            "check", "--impl", "exec:\(ExternalImplementationTests.binary) eval", "--property", "bad-zoom-is-refused",
            "--cases", "5", "--gate", "defects",
        ])
        #expect(result.status == ExitStatus.nothingChecked, "\(result.output)\(result.errors)")
        #expect(result.errors.contains("is gated (--gate defects)"), "\(result.errors)")
    }

    @Test("A run that checked its gated properties still exits 0, and a failure still exits 1 (it takes precedence)")
    func checkedRunsKeepTheirStatus() {
        #expect(
            CheckCommandTests.run(["check", "--impl", "corrected", "--property", "fit-is-valid", "--cases", "5"]).status
                == ExitStatus.success)
        let mixed = CheckCommandTests.run([
            "check", "--impl", "exec:cat", "--impl", Self.refusesEverything, "--property", "longitude-round-trip",
            "--cases", "5",
        ])
        #expect(mixed.status == ExitStatus.failure, "\(mixed.output)\(mixed.errors)")
    }
}
