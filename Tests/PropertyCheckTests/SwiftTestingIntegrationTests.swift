import Foundation
import PropertyCheck
import PropertyCheckBenchmarks
import PropertyCheckTesting
import Testing
import TestSupport

/// `#expect`/`#require` inside checks, async checks, the case time limit and the replay
/// command, as a Swift Testing user meets them.
@Suite("Swift Testing inside checks", .tags(.engine)) struct SwiftTestingIntegrationTests {
    /// No shrink time limit to speak of: an async check yields the cooperative pool at every
    /// `await`, and while the rest of the suite runs in parallel on a 2-core machine each
    /// yield can wait long enough for the default 30 s limit to stop shrinking short of the
    /// minimum (the flaky failure "An async check is awaited, shrunk and reported once" saw
    /// under load). These tests are about what is reported, not how fast.
    static let configuration = RunConfiguration(
        settings: RunSettings(seed: Seed(7), caseCount: 1_000), shrinkTimeLimit: .seconds(3_600))

    /// Issues that reach the test, collected by an issue-handling scope around `body` (and
    /// dropped, so that the expected failure does not fail this test).
    static func issuesReachingTheTest(_ body: @Sendable () async -> Void) async throws -> [Issue] {
        final class Issues: @unchecked Sendable {
            let lock = NSLock()
            var all: [Issue] = []
        }
        let issues = Issues()
        let scope = IssueHandlingTrait.filterIssues { issue in
            issues.lock.withLock { issues.all.append(issue) }
            return false
        }
        try await scope.provideScope(for: try #require(Test.current), testCase: Test.Case.current) { await body() }
        return issues.lock.withLock { issues.all }
    }

    @Test("#expect inside a check is shrunk and reported once, at the expectation") func expectInsideCheck()
        async throws
    {
        let expectationLine = #line + 1
        let property = Property("below 1000", Gen.int(in: 0...10_000)) { x in #expect(x < 1000) }
        let issues = try await Self.issuesReachingTheTest {
            let run = await expectProperty(property, Self.configuration)
            #expect(run.minimalCounterexample == 1000)
        }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.sourceLocation?.line == expectationLine)
        #expect(issue.sourceLocation?.fileName == "SwiftTestingIntegrationTests.swift")
        let comment = issue.comments.map(\.rawValue).joined()
        #expect(comment.contains("minimal counterexample: 1000"))
        #expect(comment.contains("Expectation failed"))
    }

    @Test("#expect inside a check run on a time-limit worker thread is shrunk and reported once")
    func expectOnWorkerThread() async throws {
        let configuration = {
            var configuration = Self.configuration
            configuration.caseTimeLimit = .seconds(3_600)
            return configuration
        }()
        let property = Property("below 1000 on a worker", Gen.int(in: 0...10_000)) { x in #expect(x < 1000) }
        let issues = try await Self.issuesReachingTheTest {
            let run = await expectProperty(property, configuration)
            #expect(run.minimalCounterexample == 1000)
        }
        #expect(issues.count == 1)
        #expect(issues.first?.comments.map(\.rawValue).joined().contains("Expectation failed") == true)
    }

    @Test("A property checked inside another's check shrinks on its own, and its failure fails the outer case")
    func nestedProperties() async throws {
        let inner = Property("inner below 50", Gen.int(in: 0...100)) { y in #expect(y < 50) }
        let outer = Property("outer below 10", Gen.int(in: 0...100)) { (x: Int) async in
            #expect(x < 10)
            if x == 0 { await expectProperty(inner, Self.configuration) }
        }
        let issues = try await Self.issuesReachingTheTest {
            let run = await expectProperty(outer, Self.configuration)
            #expect(run.minimalCounterexample == 0)
        }
        // One issue: the outer property's report. Its minimal case, 0, failed by the inner
        // property's one issue, whose report shows the inner shrinking to 50 by itself (the
        // inner cases' expectations were the inner capture's, never the outer case's).
        #expect(issues.count == 1)
        let comment = issues.first?.comments.map(\.rawValue).joined() ?? ""
        #expect(comment.contains("Property \"outer below 10\" failed"))
        #expect(comment.contains("minimal counterexample: 0"))
        #expect(
            comment.contains(
                "failure: Caught error: \"inner below 50\" fails, minimal counterexample 50 — "
                    + "Property \"inner below 50\" failed"))
        #expect(comment.contains("minimal counterexample: 50"))
    }

    @Test("#require inside a check fails the case, and its thrown error is not reported again")
    func requireInsideCheck() async throws {
        let property = Property("has a first element", Gen.array(of: .int(in: 0...9), count: 0...5)) { xs in
            let first = try #require(xs.first)
            #expect(first >= 0)
        }
        let issues = try await Self.issuesReachingTheTest {
            let run = await expectProperty(property, Self.configuration)
            #expect(run.minimalCounterexample == [])
        }
        #expect(issues.count == 1)
    }

    @Test("A passing property with #expect records nothing") func passingExpect() async {
        await expectProperty(
            Property("squares are non-negative", Gen.int(in: -1000...1000)) { x in #expect(x * x >= 0) },
            Self.configuration)
    }

    @Test("A two-parameter closure over a pair binds the pair's elements") func pairClosure() async {
        let run = await expectProperty(
            Property("pair", Gen.zip(.int(in: 0...5), .int(in: 10...15))) { a, b in #expect(a <= 5 && b >= 10) },
            Self.configuration)
        #expect(run.result.isSuccess)
    }

    @Test("An async check is awaited, shrunk and reported once") func asyncCheck() async throws {
        let property = Property("async below 1000", Gen.int(in: 0...10_000)) { (x: Int) async throws in
            await Task.yield()
            #expect(x < 1000)
        }
        #expect(property.isAsync)
        let issues = try await Self.issuesReachingTheTest {
            let run = await expectProperty(property, Self.configuration)
            #expect(run.minimalCounterexample == 1000)
        }
        #expect(issues.count == 1)
    }

    @Test("Running an async property synchronously is a configuration error, not a pass") func asyncRunSynchronously() {
        let property = Property("async", Gen.int(in: 0...10)) { (_: Int) async in }
        func runSynchronously() -> PropertyRun<Int> { property.run(Self.configuration) }
        #expect(
            runSynchronously().result == .misconfigured(propertyName: "async", error: .asyncCheck(property: "async")))
    }

    @Test("assume discards cases, counted in the pass report") func assumeDiscards() async {
        let run = await expectProperty(
            Property("not a multiple of ten", Gen.int(in: 0...100)) { x in
                try assume(x % 10 != 0, "a multiple of ten")
                #expect(x / 10 * 10 != x)
            }, Self.configuration)
        guard case let .passed(report) = run.result else {
            Issue.record("\(run.render())")
            return
        }
        #expect(report.discardedCases > 0)
        #expect(report.generatedCases == 1_000)
    }

    /// The time-limit tests' configuration: seed 3, 200 cases, a 500 ms case time limit, one
    /// distinct failure. The limit is ten times what a passing check needs on a machine whose
    /// cores are busy with every other suite (at 50 ms a passing case was abandoned there, and
    /// shrank below the boundary); one distinct failure, because every later case of the same
    /// kind would cost the whole limit.
    static var timeLimited: RunConfiguration {
        var configuration = RunConfiguration(settings: RunSettings(seed: Seed(3), caseCount: 200))
        configuration.caseTimeLimit = .milliseconds(500)
        configuration.distinctFailureLimit = 1
        return configuration
    }

    @Test("A case that outlives the time limit fails, and is shrunk (sync check)") func timeLimitSync() async {
        let configuration = Self.timeLimited
        let property = Property("slow from 100", Gen.int(in: 0...1000)) { x in
            if x >= 100 { Thread.sleep(forTimeInterval: 2) }
        }
        let run = await property.run(configuration)
        #expect(run.minimalCounterexample == 100)
        #expect(run.result.failure?.minimalMessage.contains("did not finish within") == true)
    }

    @Test("A case that never finishes fails, and is shrunk (async check)") func timeLimitAsync() async {
        let configuration = Self.timeLimited
        let property = Property("hangs from 100", Gen.int(in: 0...1000)) { (x: Int) async throws in
            if x >= 100 { try await Task.sleep(for: .seconds(3_600)) }
        }
        let run = await property.run(configuration)
        // A cancelled sleep ends when the cooperative pool gets to it: on a machine whose
        // threads are all busy with other suites that can be after the grace, and then the run
        // stops shrinking where it is and says so (the gate saw 120). Either way the failure is
        // reported, with its cause.
        let notes = run.result.failure?.notes ?? []
        let stopped = notes.contains { $0.contains("; shrinking stopped: ") }
        #expect(run.minimalCounterexample == 100 || (stopped && (run.minimalCounterexample ?? 0) >= 100), "\(notes)")
        #expect(run.result.failure?.render().contains("abandoned") == true)
    }

    @Test("Checks that hang for good and ignore cancellation stop the shrinking, which says so") func hangsForGood()
        async
    {
        let configuration = Self.timeLimited
        let property = Property("hangs for good", Gen.array(of: Gen.int(in: 0...1000), count: 0...20)) { xs in
            if xs.reduce(0, +) >= 100 { Thread.sleep(forTimeInterval: 3_600) }
        }
        let run = await property.run(configuration)
        let report = run.result.failure
        #expect((run.minimalCounterexample ?? []).reduce(0, +) >= 100)
        #expect(
            report?.notes.contains { $0.hasSuffix("; shrinking stopped: 8 of them still ran 5.0 seconds later") }
                == true, "\(report?.notes ?? [])")
    }

    @Test("The replay command selects the test it came from, on one line of at most 120 characters")
    func replaySelectsTheTest() async throws {
        let issues = try await Self.issuesReachingTheTest {
            await expectProperty(
                StandardShrinks.integerAtLeast1000, RunConfiguration(settings: RunSettings(seed: Seed(1))))
        }
        let comment = try #require(issues.first).comments.map(\.rawValue).joined()
        let line = try #require(comment.split(separator: "\n").first { $0.hasPrefix("  replay: ") }).dropFirst(
            "  replay: ".count)
        #expect(
            line.hasPrefix("ZOOMCHECK_SEED=0x1 zoomcheck test 'SwiftTestingIntegrationTests/replaySelectsTheTest()'"))
        #expect(line.count <= ReplayCommand.lineWidth, "\(line.count) characters: \(line)")
    }

    @Test(
        """
        The library guide's §6 shows the line expectProperty prints, built as it builds this test's line \
        (ZOOMCHECK_RECORD_GOLDEN=1 regenerates it)
        """) func libraryGuideLine() async throws
    {
        let issues = try await Self.issuesReachingTheTest {
            await expectProperty(StandardShrinks.integerAtLeast1000, RunConfiguration(settings: RunSettings()))
        }
        let comment = try #require(issues.first).comments.map(\.rawValue).joined()
        let printed = try #require(comment.split(separator: "\n").first { $0.hasPrefix("  replay: ") })
        // This test's line is the one the builder makes for it, in this package …
        let test = try #require(Test.current)
        let line = ReplayCommand.swiftTest(
            selecting: String(describing: test.id),
            packagePath: ReplayCommand.packageRoot(containing: test.sourceLocation.filePath))
        let seed = try RunSettings.fromEnvironment(defaults: RunSettings()).seed
        #expect(printed.dropFirst("  replay: ".count) == line.command(propertyName: "", seed: seed))
        // … so the guide's, for its test and package, is what the builder makes for them.
        let guide = ReplayCommand.swiftTest(
            selecting: "MyTests.RunLengthTests/runLengthRoundTrip()", packagePath: "/home/me/MyPackage")
        try DocumentBlock(path: TestPackage.path("Documentation/library-guide.md"), name: "replay-line").check(
            "replay: " + guide.command(propertyName: "", seed: .default) + "\n")
    }

    @Test("An issue's headline is the property's one-line failure, and its comment the report")
    func headlineNamesTheProperty() async throws {
        let property = Property("below 1000", Gen.int(in: 0...10_000)) { x in #expect(x < 1000) }
        let issues = try await Self.issuesReachingTheTest { await expectProperty(property, Self.configuration) }
        let issue = try #require(issues.first)
        #expect(String(describing: issue.kind) == "Caught error: \"below 1000\" fails, minimal counterexample 1000")
        #expect(issue.comments.first?.rawValue.hasPrefix("Property \"below 1000\" failed on generated case") == true)
    }

    @Test("A headline stays on one line of at most 110 characters, whatever the counterexample") func headlineOneLine()
    {
        let long = PropertyResult.oneLine(
            "\"p\" fails, minimal counterexample [\n" + String(repeating: "1, ", count: 60) + "]")
        #expect(long.count == PropertyResult.headlineWidth)
        #expect(long.hasSuffix("…"))
        #expect(!long.contains("\n"))
        #expect(PropertyResult.oneLine("a\n  b") == "a b")
    }
}
