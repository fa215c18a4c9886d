import Foundation
import PropertyCheck
import PropertyCheckTesting
import Testing
import TestSupport

/// The Swift Testing glue beside the plain engine. Always: both check the same cases and pass
/// (2,000 cases). The glue's cost, printed beside the plain run and never asserted (no test
/// asserts a time), only with ZOOMCHECK_GLUE_SPEED=1: 200,000 cases, best of 3 — a measurement,
/// kept out of the gate's time; the bench's "P1 through the observed loop" row measures the
/// loop expectProperty runs without Swift Testing.
@Suite("Swift Testing glue speed", .tags(.engine)) struct TestingGlueSpeedTests {
    /// P1's latitude round trip in double precision, a check that costs tens of nanoseconds,
    /// so the glue's per-case cost shows.
    static let property = Property("glue speed: latitude round trip", Gen.double(in: -85...85)) { latitude in
        let radians = latitude * .pi / 180
        let psi = Foundation.log(Foundation.tan(.pi / 4 + radians / 2))
        let back = (2 * Foundation.atan(Foundation.exp(psi)) - .pi / 2) * 180 / .pi
        try ensure(abs(back - latitude) <= 1e-9, "\(latitude) came back as \(back)")
    }

    /// The plain engine's run (a synchronous function, so the synchronous `run` is the one called).
    static func plainRun(_ configuration: RunConfiguration) -> PropertyRun<Double> { property.run(configuration) }

    static let measures = ProcessInfo.processInfo.environment["ZOOMCHECK_GLUE_SPEED"] == "1"

    @Test("expectProperty and Property.run check the same cases; ZOOMCHECK_GLUE_SPEED=1 prints the glue's time")
    func glueBesidePlain() async {
        let cases = Self.measures ? 200_000 : 2_000
        var plainBest = Duration.seconds(1_000), glueBest = Duration.seconds(1_000)
        for repetition in 1...(Self.measures ? 3 : 1) {
            let configuration = RunConfiguration(caseCount: cases, seed: UInt64(repetition), environment: [:])
            let plain = Self.plainRun(configuration)
            let glue = await expectProperty(Self.property, configuration)
            #expect(plain.result.isSuccess && glue.result.isSuccess)
            #expect(plain.timing.casesChecked == glue.timing.casesChecked && glue.timing.casesChecked == cases)
            plainBest = min(plainBest, plain.timing.generation)
            glueBest = min(glueBest, glue.timing.generation)
        }
        guard Self.measures else { return }
        let ratio = glueBest / plainBest
        print(
            "glue speed: expectProperty \(glueBest) vs Property.run \(plainBest) for \(cases) cases (best of 3): "
                + "\(String(format: "%.2f", ratio))× (target ≤ 1.2×)")
    }
}
