import PropertyCheck
import PropertyCheckTesting
import Testing
import TestSupport

/// Every distinct failure of a property (``FailureSignature``): after the first failure is
/// shrunk the run goes on within its case budget, shrinks each failure of a kind not found
/// yet, keeping its kind, up to ``RunConfiguration/distinctFailureLimit``, and reports each
/// with its own minimal case and replay line; the first stays the headline.
@Suite("Distinct failures", .tags(.engine)) struct DistinctFailuresTests {
    static let configuration = RunConfiguration(settings: RunSettings(seed: Seed(7), caseCount: 2_000))

    /// Two planted bugs in one property over 0…1000: the middle (100…900) fails one clause, the
    /// top (901…1000) another. Unrestricted, a shrink of a top case would slide down into the
    /// middle clause and end at 100; kept to its kind it ends at 901.
    static let twoBugs = Property("two bugs", Gen.int(in: 0...1_000)) { x in
        try ensure(x < 100 || x > 900, "\(x) is in the middle")
        try ensure(x <= 900, "\(x) is at the top")
    }

    @Test("A property with two planted bugs reports both, each shrunk to its own minimum") func bothBugsReported()
        throws
    {
        let run = Self.twoBugs.run(Self.configuration)
        let headline = try #require(run.result.failure)
        #expect(headline.otherFailures.count == 1)
        let minima = [headline.minimalCounterexample] + headline.otherFailures.map(\.minimalCounterexample)
        #expect(Set(minima) == ["100", "901"])
        #expect(run.minimalCounterexample.map { [$0] + run.otherMinimalCounterexamples }.map(Set.init) == [100, 901])
        // Each message is its own clause's.
        let messages = [headline.minimalMessage] + headline.otherFailures.map(\.minimalMessage)
        #expect(Set(messages) == ["100 is in the middle", "901 is at the top"])
    }

    @Test(
        "A later failure's shrink rejects a step into another kind; the headline shrinks as a first failure always did")
    func shrinkingKeepsTheKind() throws {
        // Two saved cases, a middle one then a top one: the first is the headline, the second a
        // later failure. Shrinking toward 0 passes through the middle: the top case keeps its
        // kind and ends at 901, not at the middle's 100.
        var configuration = Self.configuration
        configuration.regressions = [[500], [950]]
        let report = try #require(Self.twoBugs.run(configuration).result.failure)
        #expect(report.origin == .regression(1))
        #expect(report.minimalCounterexample == "100")
        #expect(report.otherFailures.map(\.minimalCounterexample) == ["901"])
        #expect(report.otherFailures.map(\.origin) == [.regression(2)])
        // A headline found on the top is shrunk to the simplest failing case, as before, into
        // the middle; the top is then found again as a distinct failure and keeps its kind.
        var top = Self.configuration
        top.regressions = [[950], [990]]
        let fromTop = try #require(Self.twoBugs.run(top).result.failure)
        #expect(fromTop.minimalCounterexample == "100")
        #expect(fromTop.otherFailures.map(\.minimalCounterexample) == ["901"])
    }

    @Test("The first failure found stays the headline: the same headline as a run that reports one failure")
    func headlineUnchanged() throws {
        var one = Self.configuration
        one.distinctFailureLimit = 1
        let single = try #require(Self.twoBugs.run(one).result.failure)
        let all = try #require(Self.twoBugs.run(Self.configuration).result.failure)
        #expect(all.minimalCounterexample == single.minimalCounterexample)
        #expect(all.originalCounterexample == single.originalCounterexample)
        #expect(all.casesBeforeFailure == single.casesBeforeFailure)
        #expect(all.origin == single.origin)
        #expect(all.replayCommand == single.replayCommand)
    }

    @Test("At most distinctFailureLimit kinds are reported, in the order found") func capped() throws {
        // Six clauses over 0…599, one per hundred: each a kind of its own (a clause is a line).
        let six = Property("six bugs", Gen.int(in: 0...599)) { x in
            try ensure(x >= 100, "0s")
            try ensure(x >= 200 || x < 100, "100s")
            try ensure(x >= 300 || x < 200, "200s")
            try ensure(x >= 400 || x < 300, "300s")
            try ensure(x >= 500 || x < 400, "400s")
            try ensure(x < 500, "500s")
        }
        let report = try #require(six.run(Self.configuration).result.failure)
        #expect(report.otherFailures.count == RunConfiguration.defaultDistinctFailureLimit - 1)
        let origins = ([report] + report.otherFailures).map { origin in
            if case .generated(let index) = origin.origin { return index }
            return -1
        }
        #expect(origins == origins.sorted())
        #expect(Set(([report] + report.otherFailures).map(\.minimalMessage)).count == 4)
    }

    @Test("The same seed gives the same distinct failures for every window, on threads or one at a time")
    func deterministic() throws {
        var windowed = Self.configuration
        windowed.caseWindow = 8
        let one = try #require(Self.twoBugs.run(Self.configuration).result.failure)
        let again = try #require(Self.twoBugs.run(Self.configuration).result.failure)
        let threads = try #require(Self.twoBugs.run(windowed).result.failure)
        #expect(one == again)
        #expect(one == threads)
    }

    @Test("A later failure's replay line selects its own case when the command can, else replays the run")
    func replayLines() throws {
        var configuration = Self.configuration
        configuration.replayCommand = ReplayCommand(
            { name, seed in "run \(name) \(seed)" },
            forCase: { name, seed, choices in "case \(name) \(seed) [\(choices)]" })
        let report = try #require(Self.twoBugs.run(configuration).result.failure)
        let other = try #require(report.otherFailures.first)
        let seed = Self.configuration.settings.seed
        #expect(report.replayCommand == "run two bugs \(seed)")
        #expect(other.replayCommand == "case two bugs \(seed) [\(try #require(other.minimalChoices))]")
        // Replaying that case first reproduces that failure, as the headline, at once: a case
        // replayed by its choices keeps its kind.
        var replay = Self.configuration
        replay.examples = [try #require(other.minimalChoices)]
        let replayed = try #require(Self.twoBugs.run(replay).result.failure)
        #expect(replayed.minimalCounterexample == other.minimalCounterexample)
        #expect(replayed.origin == .choiceExample(1))
        // The default command has no case to select: the seed replays the run, every failure with it.
        let plain = try #require(Self.twoBugs.run(Self.configuration).result.failure)
        #expect(plain.otherFailures.first?.replayCommand == plain.replayCommand)
    }

    @Test("A failure signature is the clause, not the numbers: one ensure failing twice is one failure")
    func signatures() {
        func failure(_ x: Int) -> FailureSignature? {
            do { try ensure(x < 10, "\(x) too big") } catch { return FailureSignature(of: error) }
            return nil
        }
        #expect(failure(11) == failure(500))
        #expect(failure(11) != FailureSignature(of: PropertyFailure("elsewhere")))
        struct Other: Error {}
        #expect(FailureSignature(of: Other()) == FailureSignature(of: Other()))
        #expect(FailureSignature(of: PropertyFailure("x", signature: FailureSignature("kind"))).identity == "kind")
    }

    @Test("The text report lists each later failure with its own minimal case and replay line") func rendered() throws {
        let report = try #require(Self.twoBugs.run(Self.configuration).result.failure)
        let text = report.render()
        #expect(text.contains("  distinct failure 2 of 2:"))
        let other = try #require(report.otherFailures.first)
        #expect(text.contains("    minimal counterexample: \(other.minimalCounterexample)"))
        #expect(text.components(separatedBy: "replay: ").count == 3)
    }
}
