import Foundation
import PropertyCheck
import PropertyCheckTesting
import Testing
import TestSupport

/// The Swift Testing glue's cost beside the plain engine, measured in the same test: printed
/// as a figure, never asserted (no test asserts a time). What is asserted is that both runs
/// check the same cases and pass.
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

    @Test("expectProperty and Property.run check the same cases; the glue's time beside the plain run is printed")
    func glueBesidePlain() async {
        let cases = 200_000
        var plainBest = Duration.seconds(1_000), glueBest = Duration.seconds(1_000)
        for repetition in 1...3 {
            let configuration = RunConfiguration(caseCount: cases, seed: UInt64(repetition), environment: [:])
            let plain = Self.plainRun(configuration)
            let glue = await expectProperty(Self.property, configuration)
            #expect(plain.result.isSuccess && glue.result.isSuccess)
            #expect(plain.timing.casesChecked == glue.timing.casesChecked)
            plainBest = min(plainBest, plain.timing.generation)
            glueBest = min(glueBest, glue.timing.generation)
        }
        let ratio = glueBest / plainBest
        print(
            "glue speed: expectProperty \(glueBest) vs Property.run \(plainBest) for \(cases) cases (best of 3): "
                + "\(String(format: "%.2f", ratio))× (target ≤ 1.2×)")
    }
}
