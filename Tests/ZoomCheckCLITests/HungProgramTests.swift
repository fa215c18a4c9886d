import Foundation
import Testing
import TestSupport
import MercatorCore
@testable import ZoomCheckCLI
@testable import ZoomProtocol

/// A program that never answers costs one timeout for the whole run.
@Suite("A hung program costs one timeout", .tags(.cli)) struct HungProgramTests {
    /// A program that notes each start in `log`, then never answers.
    static func hanging(log: String) -> String { "exec:echo started >> '\(log)'; exec sleep 1000" }

    static func starts(_ log: String) -> Int {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    @Test("Started once: describe's timeout stops it, no property restarts it, no state re-check starts a copy")
    func startedOnce() {
        let log = RegressionsScratch.make() + "/starts"
        let result = CheckCommandTests.run([
            "check", "--impl", Self.hanging(log: log), "--property", "longitude-round-trip", "--property",
            "latitude-round-trip", "--property", "x-increases-with-longitude", "--cases", "5", "--exec-timeout", "0.5",
        ])
        #expect(result.status == ExitStatus.failure, "\(result.output)\(result.errors)")
        #expect(Self.starts(log) == 1, "started \(Self.starts(log)) times\n\(result.output)")
        #expect(!result.output.contains("answers depend on earlier requests"), "\(result.output)")
        #expect(result.output.contains("is not restarted"), "\(result.output)")
    }

    @Test("A fresh instance of a program that hung fails at once, without starting it")
    func freshInstanceSharesTheHang() throws {
        let log = RegressionsScratch.make() + "/starts"
        let program = ExternalImplementation(
            command: "echo started >> '\(log)'; exec sleep 1000", answerTimeout: .milliseconds(300), workerCount: 1)
        #expect(throws: ProjectionError.self) {
            try program.project(.init(latitude: 0, longitude: 0), zoom: 1, convention: .seed512)
        }
        let fresh = program.freshInstance()
        #expect(throws: ProjectionError.self) {
            try fresh.project(.init(latitude: 0, longitude: 0), zoom: 1, convention: .seed512)
        }
        #expect(Self.starts(log) == 1)
    }
}

/// A `describe` that times out no longer drops the program's declared
/// conventions silently (the gate then changed between two runs of one program): the
/// program is not restarted, and every property says why.
@Suite("A describe that times out is loud", .tags(.cli)) struct SlowDescribeTests {
    @Test("A program slow to answer describe fails the run, naming describe; it is not judged on assumed conventions")
    func slowDescribe() {
        // Slow on its first start only (as under load): restarted, it would answer at once,
        // and pass while judged on conventions it never declared.
        let marker = RegressionsScratch.make() + "/started"
        let program = """
            exec:if [ ! -e '\(marker)' ]; then touch '\(marker)'; read r; sleep 3; fi; \
            exec python3 '\(TestPackage.pythonAdapter)'
            """
        let result = CheckCommandTests.run([
            "check", "--impl", program, "--property", "longitude-round-trip", "--cases", "5", "--exec-timeout", "0.5",
        ])
        #expect(result.status == ExitStatus.failure, "\(result.output)")
        #expect(result.output.contains("describe was not answered"), "\(result.output)")
        #expect(
            CheckCommandTests.flat(result.output).contains(
                "gave no answer within 0.5 seconds to describe and is not restarted"))
    }
}
