import Foundation

/// Checks `CorrectlyRounded` over a range of binary32 magnitudes, both signs of each: for each
/// input, the double-double reference must be farther than `accurateRelativeError` from every
/// rounding midpoint (so its rounding is the correctly rounded result) and the function must
/// return exactly that rounding; where the result is exact by definition (zeros, infinities,
/// NaN, ln 1, logs of negatives) it must be that value. Runs on every core; deterministic
/// results, whatever the split.
package enum ExhaustiveCheck {
    /// One input that the check flags, or one of the hardest ones it saw.
    package struct Input: Sendable, Hashable, CustomStringConvertible {
        package let bits: UInt32
        /// The reference's distance to the nearest midpoint, relative to the value.
        package let relativeDistance: Double
        package let got: Float
        package let expected: Float

        package var description: String {
            """
            0x\(String(bits, radix: 16)) (\(Float(bitPattern: bits))): got 0x\(String(got.bitPattern, radix: 16)), \
            expected 0x\(String(expected.bitPattern, radix: 16)), midpoint distance \(relativeDistance)
            """
        }
    }

    package struct Report: Sendable {
        package let function: CorrectlyRounded.Function
        package var checked: UInt64 = 0
        /// Inputs whose result is exact by definition (zeros, infinities, NaN, ln 1, logs of
        /// negatives), checked against that value.
        package var special: UInt64 = 0
        /// Inputs where the fast path's ambiguity test sent the evaluation to double-double.
        package var fallbacks: UInt64 = 0
        package var ambiguous: [Input] = []
        package var mismatches: [Input] = []
        /// The `hardestCount` inputs whose reference is nearest a midpoint, nearest first.
        package var hardest: [Input] = []

        package var summary: String {
            let hard = hardest.prefix(8).map { "  \($0)" }.joined(separator: "\n")
            return """
                \(function): \(checked) inputs, \(special) special, \(fallbacks) fast-path fallbacks, \
                \(ambiguous.count) ambiguous, \(mismatches.count) wrong; hardest:\n\(hard)
                """
        }

        mutating func merge(_ other: Report) {
            checked += other.checked
            special += other.special
            fallbacks += other.fallbacks
            ambiguous += other.ambiguous
            mismatches += other.mismatches
            hardest = ExhaustiveCheck.hardest(hardest + other.hardest)
        }
    }

    /// How many of the hardest inputs a report keeps.
    package static let hardestCount = 16

    static func hardest(_ inputs: [Input]) -> [Input] {
        Array(inputs.sorted { ($0.relativeDistance, $0.bits) < ($1.relativeDistance, $1.bits) }.prefix(hardestCount))
    }

    /// Checks both signs of every magnitude in `magnitudes` (bit patterns with the sign bit
    /// clear: `0...0x7FFF_FFFF` is all 2^32 inputs), split into chunks over the available cores.
    /// sin's reference depends on |x| only, so it is computed once for +x and −x.
    package static func run(_ function: CorrectlyRounded.Function, magnitudes: ClosedRange<UInt32>) -> Report {
        let chunkCount = 256
        let upper = Swift.min(UInt64(magnitudes.upperBound), 0x7FFF_FFFF)
        guard UInt64(magnitudes.lowerBound) <= upper else { return Report(function: function) }
        let total = upper - UInt64(magnitudes.lowerBound) + 1
        let chunkSize = (total + UInt64(chunkCount) - 1) / UInt64(chunkCount)
        let results = ChunkResults(count: chunkCount)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let start = UInt64(magnitudes.lowerBound) + UInt64(chunk) * chunkSize
            let end = Swift.min(start + chunkSize, upper + 1)
            results.store(chunk, check(function, from: start, to: end))
        }
        return results.all().reduce(into: Report(function: function)) { $0.merge($1) }
    }

    /// Checks +m and −m for the magnitudes m in start..<end.
    static func check(_ function: CorrectlyRounded.Function, from start: UInt64, to end: UInt64) -> Report {
        var report = Report(function: function)
        var threshold = Double.infinity  // the largest distance among the kept hardest
        var magnitude = start
        while magnitude < end {
            defer { magnitude += 1 }
            let positive = Float(bitPattern: UInt32(truncatingIfNeeded: magnitude))
            let positiveReference = function.reference(positive)
            for x in [positive, -positive] {
                report.checked += 1
                // sin's reference is of |sin x|: the same for −x.
                let reference = x.sign == .plus || function == .sin ? positiveReference : function.reference(x)
                guard let reference else {
                    // Exact by definition: compared bit for bit (any NaN matches a NaN).
                    report.special += 1
                    let got = function.evaluate(x), expected = function.special(x)
                    if !(got.isNaN && expected.isNaN) && got.bitPattern != expected.bitPattern {
                        report.mismatches.append(
                            Input(bits: x.bitPattern, relativeDistance: .infinity, got: got, expected: expected))
                    }
                    continue
                }
                let signed = function.sign(of: x) == .minus ? -reference : reference
                let expected = CorrectlyRounded.nearest(signed)
                let got = function.evaluate(x)
                if !function.fastPathDecides(x) { report.fallbacks += 1 }
                let distance = CorrectlyRounded.relativeDistanceToMidpoint(reference)
                let input = Input(bits: x.bitPattern, relativeDistance: distance, got: got, expected: expected)
                if distance <= CorrectlyRounded.accurateRelativeError { report.ambiguous.append(input) }
                if got.bitPattern != expected.bitPattern { report.mismatches.append(input) }
                if distance < threshold || report.hardest.count < hardestCount {
                    report.hardest = hardest(report.hardest + [input])
                    if report.hardest.count == hardestCount { threshold = report.hardest.last!.relativeDistance }
                }
            }
        }
        return report
    }

    /// Per-chunk results written from concurrent iterations (each index written once).
    final class ChunkResults: @unchecked Sendable {
        private var reports: [Report?]
        private let lock = NSLock()

        init(count: Int) { reports = Array(repeating: nil, count: count) }

        func store(_ index: Int, _ report: Report) {
            lock.lock()
            defer { lock.unlock() }
            reports[index] = report
        }

        func all() -> [Report] {
            lock.lock()
            defer { lock.unlock() }
            return reports.compactMap { $0 }
        }
    }
}

extension CorrectlyRounded.Function {
    /// The result where `reference` is nil, by definition: sin ±0 = ±0, sin ±∞ = NaN; ln 1 = +0,
    /// ln ±0 = −∞, ln +∞ = +∞, ln of a negative = NaN; NaN gives NaN.
    func special(_ x: Float) -> Float {
        switch self {
        case .sin: x == 0 ? x : .nan
        case .log: x.isNaN || x < 0 ? .nan : (x == 0 ? -.infinity : (x == 1 ? 0 : x))
        }
    }

    /// Whether the binary64 path alone decides the result for `x` (finite, not special).
    func fastPathDecides(_ x: Float) -> Bool {
        switch self {
        case .sin:
            let fast = CorrectlyRounded.fastSine(SineArgumentReduction(x.magnitude))
            return CorrectlyRounded.roundedIfUnambiguous(fast, relativeError: CorrectlyRounded.fastRelativeError) != nil
        case .log:
            let fast = CorrectlyRounded.fastLogarithm(LogarithmArgument(x))
            return CorrectlyRounded.roundedIfUnambiguous(fast, relativeError: CorrectlyRounded.fastRelativeError) != nil
        }
    }
}
