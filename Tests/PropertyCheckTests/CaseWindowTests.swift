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
            var configuration = RunConfiguration(caseCount: 2_000, seed: 11, environment: [:])
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
