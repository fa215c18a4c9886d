import Foundation
import PropertyCheck
import PropertyCheckTesting
import Testing

@Suite(.serialized) struct PropertyCheckPeer {
    static let configuration = RunConfiguration(settings: RunSettings(seed: Seed(1), caseCount: Checks.cases))

    @Test func oneDouble() async {
        let started = ContinuousClock.now
        await expectProperty(Property("one double", Gen.double(in: -1e6...1e6)) { x in #expect(x * x >= 0) }, Self.configuration)
        Checks.report("PropertyCheck expectProperty, one double, #expect", Checks.cases, started)
    }

    @Test func oneDoubleEnsure() async {
        let started = ContinuousClock.now
        await expectProperty(Property("one double", Gen.double(in: -1e6...1e6)) { x in try ensure(x * x >= 0, "negative") }, Self.configuration)
        Checks.report("PropertyCheck expectProperty, one double, try ensure", Checks.cases, started)
    }

    @Test func latitudeRoundTrip() async {
        let started = ContinuousClock.now
        await expectProperty(Property("P1", Gen.double(in: Checks.band)) { latitude in #expect(Checks.roundTrips(latitude)) }, Self.configuration)
        Checks.report("PropertyCheck expectProperty, P1 latitude round trip, #expect", Checks.cases, started)
    }

    @Test func latitudeRoundTripEnsure() async {
        let started = ContinuousClock.now
        await expectProperty(Property("P1", Gen.double(in: Checks.band)) { latitude in try ensure(Checks.roundTrips(latitude), "off") }, Self.configuration)
        Checks.report("PropertyCheck expectProperty, P1 latitude round trip, try ensure", Checks.cases, started)
    }

    @Test func arraySumShrink() async {
        let started = ContinuousClock.now
        let run = await expectFailure(Property("array sum", Gen.array(of: Gen.int(in: 0...1000), count: 0...20)) { xs in
            try ensure(xs.reduce(0, +) < 100, "sum \(xs.reduce(0, +))")
        }, minimalCounterexample: [100], RunConfiguration(settings: RunSettings(seed: Seed(1), caseCount: 1000)))
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        print("PEER PropertyCheck shrink: \(String(describing: run.minimalCounterexample)) in \(run.shrinkTrace.count) steps, \(String(format: "%.4f", seconds)) s")
    }
}
