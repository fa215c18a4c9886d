import PropertyCheck

/// Engine benchmarks, for `zoomcheck bench` (never run as timed tests).
///
/// Measure with a release build; debug builds are an order of magnitude slower.
///
/// - Warning: Not API. Public only so that `zoomcheck bench` and the engine's tests can reach
///   it: `PropertyCheckBenchmarks` is no product of the package and may change without notice.
package enum EngineBenchmark {
    /// What to measure and how often.
    package struct Options: Sendable {
        /// Cases per throughput run.
        package var throughputCases: Int
        /// Repetitions of each throughput run (the best is kept).
        package var throughputRepetitions: Int
        /// Repetitions of each standard shrink (the median is reported).
        package var shrinkRepetitions: Int
        /// Seed for every run.
        package var seed: UInt64

        /// Defaults: 2 000 000 cases × 3 for throughput, 21 runs per shrink, seed 1.
        package init(
            throughputCases: Int = 2_000_000, throughputRepetitions: Int = 3, shrinkRepetitions: Int = 21,
            seed: UInt64 = 1
        ) {
            self.throughputCases = throughputCases
            self.throughputRepetitions = throughputRepetitions
            self.shrinkRepetitions = shrinkRepetitions
            self.seed = seed
        }
    }

    /// A cheap property over one double.
    static let oneDouble = Property("bench: one double", .double(in: -1e6...1e6)) { x in
        if !(x * x >= 0) { throw PropertyFailure("\(x) squared is negative") }
    }

    /// A property over arrays of 10 (latitude, longitude) pairs, two doubles per element.
    static let tenCoordinates = Property(
        "bench: 10 coordinates", .array(of: .zip(.double(in: -85...85), .double(in: -180...180)), count: 10)
    ) { coordinates in
        for (latitude, longitude) in coordinates where abs(latitude) > 85 || abs(longitude) > 180 {
            throw PropertyFailure("(\(latitude), \(longitude)) out of range")
        }
    }

    /// Runs every benchmark and returns its figures, in a fixed order.
    package static func run(_ options: Options = Options()) -> [BenchmarkFigure] {
        var figures = [
            throughput(oneDouble, label: "cases/s, one double", options),
            throughput(tenCoordinates, label: "cases/s, array of 10 coordinates", options),
        ]
        for standard in StandardShrinks.all { figures.append(shrinkFigure(standard, options)) }
        return figures
    }

    static func throughput<Value>(_ property: Property<Value>, label: String, _ options: Options) -> BenchmarkFigure {
        let configuration = RunConfiguration(
            settings: RunSettings(seed: Seed(options.seed), caseCount: options.throughputCases))
        var best = 0.0
        for _ in 0..<Swift.max(1, options.throughputRepetitions) {
            let run = property.run(configuration)
            let seconds = run.timing.generation.seconds
            if seconds > 0 { best = Swift.max(best, Double(run.timing.casesChecked) / seconds) }
        }
        return BenchmarkFigure(
            name: label, value: best, unit: "cases/s",
            detail: "best of \(options.throughputRepetitions) × \(options.throughputCases) cases")
    }

    static func shrinkFigure(_ standard: StandardShrinks.Case, _ options: Options) -> BenchmarkFigure {
        let configuration = StandardShrinks.configuration(seed: options.seed)
        var durations: [Double] = []
        var detail = "did not fail"
        for _ in 0..<Swift.max(1, options.shrinkRepetitions) {
            let (result, timing) = standard.run(configuration)
            durations.append(timing.shrinking.seconds * 1000)
            if let report = result.failure {
                let verdict =
                    report.minimalCounterexample == standard.expectedMinimal
                    ? "as expected" : "EXPECTED \(standard.expectedMinimal)"
                detail = """
                    \(report.shrinkSteps) steps, \(report.shrinkAttempts) attempts, minimal \
                    \(report.minimalCounterexample) \(verdict)
                    """
            }
        }
        durations.sort()
        return BenchmarkFigure(
            name: "shrink time, \(standard.name)", value: durations[durations.count / 2], unit: "ms",
            detail: "median of \(durations.count); " + detail)
    }
}
