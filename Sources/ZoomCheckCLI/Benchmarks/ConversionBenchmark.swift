import Foundation
import MercatorCore

/// Nanoseconds per conversion, per implementation.
enum ConversionBenchmark {
    static func run(iterations: Int) -> [String] {
        var lines: [String] = []
        for implementation in [BuiltInImplementations.corrected, BuiltInImplementations.seed]
            as [any ZoomImplementation]
        {
            var sink = 0.0
            let started = ContinuousClock.now
            for index in 0..<iterations {
                let latitude = Double(index % 170_000) * 0.001 - 85
                let longitude = Double(index % 360_000) * 0.001 - 180
                if let pixel = try? implementation.project(
                    Coordinate(latitude: latitude, longitude: longitude), zoom: 20, convention: .seed512)
                {
                    sink += pixel.y
                }
            }
            let nanoseconds = (ContinuousClock.now - started).seconds * 1e9 / Double(iterations)
            lines.append(
                """
                project (\(implementation.name)): \(String(format: "%.1f", nanoseconds)) ns per conversion over \
                \(iterations) conversions (checksum \(sink.isFinite ? "finite" : "non-finite"))
                """)
        }
        return lines
    }
}
