import Foundation
import PropertyBased
import Testing

@Suite(.serialized) struct SwiftPropertyBased {
    @Test func oneDouble() async {
        let started = ContinuousClock.now
        await propertyCheck(count: Checks.cases, input: Gen.double(in: -1e6...1e6)) { x in #expect(x * x >= 0) }
        Checks.report("swift-property-based, one double, #expect", Checks.cases, started)
    }

    @Test func latitudeRoundTrip() async {
        let started = ContinuousClock.now
        await propertyCheck(count: Checks.cases, input: Gen.double(in: Checks.band)) { latitude in
            #expect(Checks.roundTrips(latitude))
        }
        Checks.report("swift-property-based, P1 latitude round trip, #expect", Checks.cases, started)
    }

    final class Failing: @unchecked Sendable {
        let lock = NSLock()
        var last: [Int] = [], calls = 0, failures = 0
    }

    @Test func arraySumShrink() async {
        let failing = Failing()
        let started = ContinuousClock.now
        await withKnownIssue {
            await propertyCheck(count: 1000, input: Gen.int(in: 0...1000).array(of: 0...20)) { xs in
                failing.lock.withLock {
                    failing.calls += 1
                    if xs.reduce(0, +) >= 100 { failing.last = xs; failing.failures += 1 }
                }
                #expect(xs.reduce(0, +) < 100)
            }
        }
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        print("PEER swift-property-based shrink: \(failing.last) after \(failing.failures) failing calls, \(failing.calls) calls, \(String(format: "%.4f", seconds)) s")
    }
}
