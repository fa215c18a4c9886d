import MercatorCore
import PropertyCheck

/// The engine's overhead on a real property: P1's latitude round trip (latitude → seed512 y
/// at zoom 20 → latitude, through the corrected core's formulas) run by the engine, and the
/// same check in a bare loop over the same latitudes, in the same process.
///
/// The bare loop draws latitudes with the generator's uniform mapping (``Xoshiro256StarStar``,
/// top 53 bits, `lower + width × u`), so both loops do the same arithmetic per case; the
/// engine adds recording the choices, the special-value bias and the check's call.
enum RoundTripBenchmark {
    /// The seed512 world width at zoom 20: 512 << 20 px.
    static let worldWidthAtZoom20 = Double(512 << 20)
    /// Latitudes of the Mercator band.
    static let band = -MercatorMath.latitudeLimit...MercatorMath.latitudeLimit
    /// Accepted round-trip error: a millionth of a degree, far above the ~1e-13° the
    /// corrected core achieves, so the check never fails and both loops run every case.
    static let toleranceInDegrees = 1e-6

    /// The check both loops run: true when the latitude comes back.
    @inline(never) static func roundTrips(_ latitude: Double) -> Bool {
        let y = WebMercator.y(latitude: latitude, worldWidth: worldWidthAtZoom20)
        let back = WebMercator.latitude(y: y, worldWidth: worldWidthAtZoom20)
        return abs(back - latitude) <= toleranceInDegrees
    }

    static let property = Property("bench: P1 latitude round trip", Gen.double(in: band)) { latitude in
        try ensure(roundTrips(latitude), "\(latitude) does not come back")
    }

    /// P1 with a check that receives a context (and never uses it): run by the loop that keeps
    /// scores, beside ``property``'s plain loop, so that the plain loop's specialisation shows
    /// what it still saves.
    static let scoringProperty = Property("bench: P1 latitude round trip, context", Gen.double(in: band)) {
        (latitude: Double, _: CaseContext) in try ensure(roundTrips(latitude), "\(latitude) does not come back")
    }

    /// Watches P1's cases the way `expectProperty` does (PropertyCheckTesting's `IssueCapture`)
    /// when no `#expect` fails: the runner marks each case in the thread's flags, and nothing
    /// is ever noticed. Swift Testing's own work, which the CLI does not link, runs only for a
    /// case that records an issue.
    final class QuietObserver: CaseObserver, @unchecked Sendable {
        let flags = CaseFlags()
        func flagsForCurrentThread() -> CaseFlags { flags }
        func noticedFailure() -> any Error { PropertyFailure("noticed nothing, yet asked") }
    }

    /// Cases per second of `property` with `configuration`, over its generation time.
    static func speed(_ property: Property<Double>, _ configuration: RunConfiguration) -> (Double, passed: Bool) {
        let run = property.run(configuration)
        return (Double(run.timing.casesChecked) / Swift.max(run.timing.generation.seconds, 1e-9), run.result.isSuccess)
    }

    /// Lines: the engine's cases/s, the same through the loop that keeps scores and through
    /// the observed loop `expectProperty` runs, the bare loop's cases/s, and their ratios
    /// (best of `repetitions` each, interleaved).
    static func run(cases: Int, repetitions: Int) -> [String] {
        var engineBest = 0.0
        var scoringBest = 0.0
        var observedBest = 0.0
        var bareBest = 0.0
        var failures = 0
        let observed = property.observingCases(with: QuietObserver()) { body in try await body() }
        for repetition in 0..<Swift.max(1, repetitions) {
            let configuration = RunConfiguration(
                settings: RunSettings(seed: Seed(UInt64(repetition + 1)), caseCount: cases))
            let (engine, enginePassed) = speed(property, configuration)
            let (watched, watchedPassed) = speed(observed, configuration)
            let (scoring, scoringPassed) = speed(scoringProperty, configuration)
            failures += (enginePassed ? 0 : 1) + (watchedPassed ? 0 : 1) + (scoringPassed ? 0 : 1)
            engineBest = Swift.max(engineBest, engine)
            scoringBest = Swift.max(scoringBest, scoring)
            observedBest = Swift.max(observedBest, watched)
            var rng = Xoshiro256StarStar(seed: UInt64(repetition + 1))
            let lower = band.lowerBound
            let width = band.upperBound - band.lowerBound
            var passed = 0
            let started = ContinuousClock.now
            for _ in 0..<cases where roundTrips(lower + width * rng.nextUnitDouble()) { passed += 1 }
            let seconds = Swift.max((ContinuousClock.now - started).seconds, 1e-9)
            if passed != cases { failures += 1 }
            bareBest = Swift.max(bareBest, Double(cases) / seconds)
        }
        let ratio = bareBest / Swift.max(engineBest, 1)
        return [
            """
            cases/s, P1 latitude round trip through the engine: \(Int(engineBest.rounded())) cases/s (best of \
            \(repetitions) × \(cases) cases)
            """,
            "cases/s, P1 latitude round trip in a bare loop: \(Int(bareBest.rounded())) cases/s (same check, same run)",
            "P1 engine overhead: bare loop / engine = \(String(format: "%.2f", ratio))× (target ≤ 1.2×)"
                + (failures == 0 ? "" : "; \(failures) runs FAILED"),
            """
            cases/s, P1 through the loop that keeps scores (a check given a context): \
            \(Int(scoringBest.rounded())) cases/s; plain loop / scoring loop = \
            \(String(format: "%.2f", engineBest / Swift.max(scoringBest, 1)))×
            """,
            """
            cases/s, P1 through the observed loop expectProperty runs when no #expect fails: \
            \(Int(observedBest.rounded())) cases/s; engine / observed = \
            \(String(format: "%.2f", engineBest / Swift.max(observedBest, 1)))× (target ≤ 1.2×; Swift Testing's \
            own part runs only for a case that records an issue)
            """,
        ]
    }
}
