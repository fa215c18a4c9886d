import Foundation
import Testing
import TestSupport
import MercatorCore
@testable import ZoomCheckCLI
@testable import ZoomProtocol

/// A program that answers against the protocol (a line that is not a JSON
/// object, one over the size cap, a byte order mark, a duplicate member) was restarted for
/// every request — the failing case, each shrink step, each boundary probe, the fresh-instance
/// re-check: 67 starts and 99 s for two properties at `--cases 5`. Like a hang, it now stops
/// the program for good: later requests fail at once, unasked, and no case is judged on them.
@Suite("A program that breaks the protocol costs one start", .tags(.cli)) struct BrokenProgramTests {
    /// A program that notes each start in `log`, answers `describe`, then answers each
    /// request with `answer` (a shell word: printf's format).
    static func program(log: String, answer: String) -> String {
        """
        echo started >> '\(log)'; read r; echo '{"protocol":4,"name":"broken"}'; \
        while read r; do printf \(answer); done
        """
    }

    static let point = Coordinate(latitude: 10, longitude: 20)

    @Test(
        "Garbage, a byte order mark, a duplicate member, an answer over the cap: one start, later requests at once",
        arguments: [
            #"'garbage\n'"#, #"'\357\273\277{\"x\":1,\"y\":2}\n'"#, #"'{\"x\":1,\"x\":1,\"y\":2}\n'"#,
            #"'{\"x\":1,\"y\":2,\"pad\":\"%0300d\"}\n' 0"#,
        ]) func oneStart(answer: String)
    {
        let log = RegressionsScratch.make() + "/starts"
        let program = ExternalImplementation(
            command: Self.program(log: log, answer: answer), answerTimeout: .seconds(10), workerCount: 1,
            maximumAnswerLength: 256)
        #expect(program.startProblem == nil)
        var reasons: [String] = []
        for _ in 0..<4 {
            do {
                _ = try program.project(Self.point, zoom: 3, convention: .seed512)
                Issue.record("answered")
            } catch { reasons.append(error.message) }
        }
        #expect(HungProgramTests.starts(log) == 1, "started \(HungProgramTests.starts(log)) times: \(reasons)")
        #expect(reasons.first?.contains("the process") == true, "\(reasons)")
        #expect(
            reasons.dropFirst().allSatisfy { $0.contains("broke the protocol on an earlier request") }, "\(reasons)")
        #expect(reasons.dropFirst().allSatisfy { $0.hasSuffix("and is not restarted") }, "\(reasons)")
        #expect(program.stopReason != nil)
        // Its fresh instance shares the stop: the state re-check starts no copy.
        #expect(throws: ProjectionError.self) {
            try program.freshInstance().project(Self.point, zoom: 3, convention: .seed512)
        }
        #expect(HungProgramTests.starts(log) == 1)
    }

    @Test("A check against it: one start, the failing case reported as found (not shrunk), no state re-check")
    func checkRun() {
        let log = RegressionsScratch.make() + "/starts"
        let result = CheckCommandTests.run([
            "check", "--impl", "exec:" + Self.program(log: log, answer: #"'garbage\n'"#), "--property",
            "latitude-round-trip", "--cases", "5", "--regressions", RegressionsScratch.make(),
        ])
        #expect(result.status == ExitStatus.failure, "\(result.output)\(result.errors)")
        #expect(HungProgramTests.starts(log) == 1, "started \(HungProgramTests.starts(log)) times\n\(result.output)")
        let flat = CheckCommandTests.flat(result.output)
        #expect(flat.contains("answered a line that is not a JSON object"), "\(result.output)")
        // The failing case is the verdict, with the violation and its replay line: the cases
        // discarded after it (refused unasked) made the run give up "after 1 passing cases",
        // the failure lost.
        #expect(!flat.contains("gave up"), "\(result.output)")
        #expect(flat.contains("observed: fails"), "\(result.output)")
        #expect(
            flat.contains("project threw implementation-failure: external implementation")
                && flat.contains("': answered a line that is not a JSON object"), "\(result.output)")
        #expect(flat.contains("not shrunk: checked again, the failing case was discarded"), "\(result.output)")
        #expect(flat.contains("replay: "), "\(result.output)")
        // The minimal counterexample is the case the program broke on: nothing was shrunk
        // onto requests it never answered, and no boundary was searched among them.
        #expect(!flat.contains("first found:"), "\(result.output)")
        #expect(!flat.contains("boundary:"), "\(result.output)")
        #expect(!flat.contains("answers depend on earlier requests"), "\(result.output)")
    }

    @Test("A program that breaks the protocol answering describe: every property says so, after one start")
    func brokenDescribe() {
        let log = RegressionsScratch.make() + "/starts"
        let result = CheckCommandTests.run([
            "check", "--impl", "exec:echo started >> '\(log)'; while read r; do echo garbage; done", "--property",
            "latitude-round-trip", "--property", "longitude-round-trip", "--cases", "5", "--regressions",
            RegressionsScratch.make(),
        ])
        #expect(result.status == ExitStatus.failure, "\(result.output)\(result.errors)")
        #expect(HungProgramTests.starts(log) == 1, "started \(HungProgramTests.starts(log)) times\n\(result.output)")
        let flat = CheckCommandTests.flat(result.output)
        #expect(flat.contains("broke the protocol answering describe"), "\(result.output)")
        #expect(flat.contains("and is not restarted"), "\(result.output)")
    }
}
