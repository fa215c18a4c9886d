import Foundation
import PropertyCheck
import Testing
import TestSupport

/// `RunConfiguration.caseWindow`: cases checked several at a time, judged in order.
@Suite("Case windows", .tags(.engine)) struct CaseWindowTests {
    /// Counts what checks put off until their case is judged.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    /// A property with labels, discards and (when `failsFrom` is given) failures; its check
    /// counts the cases it judges through `whenJudged`.
    static func property(_ counter: Counter, failsFrom limit: Int?) -> Property<Int> {
        Property("windowed", Gen.int(in: 0...10_000)) { x, context in
            context.whenJudged { counter.add() }
            context.label(x % 2 == 0 ? "even" : "odd")
            try assume(x % 7 != 0)
            if let limit { try ensure(x < limit, "\(x) is not below \(limit)") }
        }
    }

    @Test(
        "Windows of 1, 3 and 16 give the same result, counts, minimal counterexample and judged effects",
        arguments: [nil, 9_000, 50] as [Int?]) func sameAsOneAtATime(failsFrom limit: Int?)
    {
        var outcomes: [(PropertyResult, Int?, Int, Int)] = []
        for window in [1, 3, 16] {
            let counter = Counter()
            var configuration = RunConfiguration(settings: RunSettings(seed: Seed(11), caseCount: 2_000))
            configuration.caseWindow = window
            let run = Self.property(counter, failsFrom: limit).run(configuration)
            outcomes.append((run.result, run.minimalCounterexample, run.timing.casesChecked, counter.count))
        }
        for outcome in outcomes.dropFirst() {
            #expect(outcome.0 == outcomes[0].0)
            #expect(outcome.1 == outcomes[0].1)
            #expect(outcome.2 == outcomes[0].2)
            #expect(
                outcome.3 == outcomes[0].3,
                "effects of cases judged: \(outcome.3) against \(outcomes[0].3) one at a time")
        }
        #expect(outcomes[0].0.isSuccess == (limit == nil))
    }
}

/// `RunConfiguration.caseBatch`: a window's cases checked on one thread, suspended at their
/// first question without an answer and checked again once the window's questions are
/// answered together.
@Suite("Case batches", .tags(.engine)) struct CaseBatchTests {
    /// Answers questions (`n → n * n + 1`) a batch at a time, counting what it was sent.
    final class SquaringBatch: CaseBatching, @unchecked Sendable {
        struct Suspended: Error {}
        private var answers: [[Int]] = []
        private var queued: [(slot: Int, question: Int)] = []
        private var current: Int?
        private var askedNow = 0
        private var suspended = false
        private(set) var questionsSent = 0
        private(set) var batchesSent = 0
        private(set) var windows = 0

        func reset(slots: Int) {
            windows += 1
            answers = Array(repeating: [], count: slots)
            queued = []
        }
        func begin(slot: Int) {
            current = slot
            askedNow = 0
            suspended = false
        }
        func end() -> Bool {
            current = nil
            return suspended
        }
        func resolve() {
            batchesSent += 1
            questionsSent += queued.count
            for (slot, question) in queued { answers[slot].append(question * question + 1) }
            queued = []
        }

        /// The answer to `question`: replayed, or queued (this throws).
        func ask(_ question: Int) throws -> Int {
            guard let slot = current else {
                questionsSent += 1
                return question * question + 1
            }
            if suspended { throw Suspended() }
            defer { askedNow += 1 }
            if askedNow < answers[slot].count { return answers[slot][askedNow] }
            queued.append((slot, question))
            suspended = true
            throw Suspended()
        }
    }

    /// Each case asks `x % 4` questions, each from the answer before (so they cannot be asked
    /// at once), labels its case, counts judged cases, and fails when the last answer is at
    /// least `limit`. A check that swallows the suspension (`try?`) must not change anything.
    static func property(_ ask: @escaping @Sendable (Int) throws -> Int, _ counter: CaseWindowTests.Counter, limit: Int)
        -> Property<Int>
    {
        Property("batched", Gen.int(in: 0...2_000)) { x, context in
            context.whenJudged { counter.add() }
            var value = x % 97
            for _ in 0..<(x % 4) { value = try ask(value) % 10_007 }
            let swallowed = (try? ask(x)) ?? -1
            context.label(swallowed % 2 == 0 ? "even" : "odd")
            try assume(x % 11 != 0)
            try ensure(value < limit, "answer \(value) is not below \(limit)")
        }
    }

    @Test(
        "A batched window gives the result, counterexample, counts, labels and effects of one at a time",
        arguments: [9_900, 20_000]) func sameAsOneAtATime(limit: Int)
    {
        var configuration = RunConfiguration(settings: RunSettings(seed: Seed(23), caseCount: 3_000))
        let plainCounter = CaseWindowTests.Counter()
        let plainBatch = SquaringBatch()
        let plain = Self.property({ try plainBatch.ask($0) }, plainCounter, limit: limit).run(configuration)

        let batch = SquaringBatch()
        let counter = CaseWindowTests.Counter()
        configuration.caseWindow = 32
        configuration.caseBatch = batch
        let batched = Self.property({ try batch.ask($0) }, counter, limit: limit).run(configuration)

        // The results compare whole: verdict, counts, label counts, counterexamples.
        #expect(batched.result == plain.result)
        #expect(batched.minimalCounterexample == plain.minimalCounterexample)
        #expect(batched.timing.casesChecked == plain.timing.casesChecked)
        #expect(counter.count == plainCounter.count, "effects of judged cases")
        #expect((plain.minimalCounterexample != nil) == (limit < 10_007), "the verdict the limit sets")
        // Up to 4 questions a case (3 chained, 1 swallowed): at most 4 batches a window, and
        // windows of up to 32 cases (fewer near the end of the run).
        #expect(batch.batchesSent <= 4 * batch.windows, "\(batch.batchesSent) batches for \(batch.windows) windows")
        #expect(batch.windows >= 1 && batch.windows * 8 < 3_000, "\(batch.windows) windows")
        if limit > 10_007 {
            // Every case judged, none past the end: each question was sent once, as one at a time.
            #expect(batch.questionsSent == plainBatch.questionsSent)
        }
    }
}
