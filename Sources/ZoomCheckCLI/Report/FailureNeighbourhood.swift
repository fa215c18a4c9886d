import Foundation
import MercatorCore
import PropertyCheck
import ZoomProperties

/// The neighbourhood of a failure's minimal counterexample, for `check --html`: the input
/// that crosses a boundary, swept across it with everything else held at the minimal case,
/// the implementation asked again at each value (the same implementation, through the same
/// subject — an `exec:` program through the protocol, one request at a time), and the error
/// its check measured plotted beside the property's bound.
struct FailureNeighbourhood {
    /// Values swept per plotted failure (the minimal value and the boundary's two sides
    /// besides): the extra cases a failure costs.
    static let points = 200
    /// Failures plotted per page; the others get a line saying the limit was reached.
    static let plottedFailures = 12

    /// One swept value: the input's value, the verdict, the worst error measured.
    struct Point {
        var x: Double
        var fails: Bool
        var measurement: CaseMeasurement?
    }

    let boundary: InputBoundary
    /// The input's value in the minimal case (in the plotted coordinate: see ``mapped``).
    let minimal: Double
    /// The boundary's passing value, in the plotted coordinate.
    let passing: Double?
    /// Whether x is the input's value as its named generator renders it (a latitude), rather
    /// than the primitive draw behind it.
    let mapped: Bool
    let points: [Point]
    /// Cases checked for this neighbourhood (one per value swept, and the probes before).
    let cases: Int

    /// What the page shows for a failure: a plot, or why there is none.
    enum Result {
        case plot(FailureNeighbourhood)
        case none(String)

        var cases: Int {
            if case .plot(let neighbourhood) = self { return neighbourhood.cases }
            return 0
        }
    }

    /// Sweeps the first numeric input of `outcome`'s minimal case whose boundary was found,
    /// against the implementation of the outcome's subject; or says why nothing is swept.
    static func sweep(_ outcome: CatalogueOutcome) -> Result {
        guard let failure = outcome.run?.result.failure else { return .none("it did not fail") }
        let implementation = outcome.subject.implementation
        guard let choices = failure.minimalChoices else {
            return .none("its minimal case is an explicit example value, which has no input to move")
        }
        let crossing = failure.boundaries.filter { $0.passingDraw != nil }
        guard !crossing.isEmpty else {
            return .none(
                failure.boundaries.isEmpty
                    ? "its minimal case has no numeric input that crosses a boundary"
                    : "it fails at every value tried of each numeric input (no boundary to sweep across)")
        }
        var spent = 0
        for boundary in crossing {
            // One probe first: the minimal case as it is, and the input's value there.
            let start = outcome.property.sweep(
                implementation, choices: choices, position: boundary.choicePosition, values: [nil])
            spent += 1
            guard let minimalDraw = start.first?.drawn else { continue }
            let values = sweepValues(minimal: minimalDraw, boundary: boundary)
            let swept = outcome.property.sweep(
                implementation, choices: choices, position: boundary.choicePosition, values: values)
            spent += swept.count
            let judged = swept.filter { $0.drawn != nil && $0.verdict != .discarded }
            // The input as its named generator renders it, when every value reads as a number.
            let named = ([start[0]] + judged).map { $0.namedValue.flatMap { Double($0) } }
            let mapped = named.allSatisfy { $0 != nil } && boundary.passingValue.flatMap { Double($0) } != nil
            var seen = Set<UInt64>()
            var points: [Point] = []
            for (index, sweptCase) in judged.enumerated() {
                let x = mapped ? named[index + 1]! : sweptCase.drawn!
                guard seen.insert(x.bitPattern).inserted else { continue }
                if case .fails = sweptCase.verdict {
                    points.append(Point(x: x, fails: true, measurement: sweptCase.worst))
                } else {
                    points.append(Point(x: x, fails: false, measurement: sweptCase.worst))
                }
            }
            points.sort { $0.x < $1.x }
            return .plot(
                FailureNeighbourhood(
                    boundary: boundary, minimal: mapped ? named[0]! : minimalDraw,
                    passing: mapped ? boundary.passingValue.flatMap { Double($0) } : boundary.passingDraw,
                    mapped: mapped, points: points, cases: spent))
        }
        return .none("the input that crosses its boundary could not be replayed on its own")
    }

    /// ``points`` values evenly across the neighbourhood, and the minimal value and the
    /// boundary's two sides exactly: from below the lowest of them to above the highest, by
    /// half their spread or a tenth of their size, whichever is more.
    static func sweepValues(minimal: Double, boundary: InputBoundary) -> [Double] {
        let marks = [minimal, boundary.failingDraw] + (boundary.passingDraw.map { [$0] } ?? [])
        let (low, high) = window(marks)
        let step = (high - low) / Double(points - 1)
        return ((0..<points).map { low + Double($0) * step } + marks).sorted()
    }

    /// The swept range around `marks`.
    static func window(_ marks: [Double]) -> (low: Double, high: Double) {
        let low = marks.min() ?? 0, high = marks.max() ?? 0
        let margin = Swift.max((high - low) / 2, 0.1 * Swift.max(abs(low), abs(high)), 1e-9)
        return (low - margin, high + margin)
    }

    /// The unit plotted: that of the minimal case's worst measurement, else the most common.
    var unit: String? {
        if let atMinimal = points.first(where: { $0.x == minimal })?.measurement?.unit { return atMinimal }
        let units = points.compactMap(\.measurement?.unit)
        return Dictionary(grouping: units, by: { $0 }).max { $0.value.count < $1.value.count }?.key
    }

    /// The ranges of x where the property fails, from one failing point to the last failing
    /// one before a passing point.
    var failingRanges: [ClosedRange<Double>] {
        var ranges: [ClosedRange<Double>] = []
        var start: Double?
        var last = 0.0
        for point in points {
            if point.fails {
                if start == nil { start = point.x }
                last = point.x
            } else if let open = start {
                ranges.append(open...last)
                start = nil
            }
        }
        if let open = start { ranges.append(open...last) }
        return ranges
    }

    /// The plot: the error measured and the bound against the swept input (log scale; an
    /// exact 0 drawn at the axis' floor), the failing ranges shaded, the minimal value and
    /// the boundary marked. Nil when the check measured no error in the plotted unit.
    func plot(id: String, title: String) -> SVGPlot? {
        guard let unit else { return nil }
        let measured = points.compactMap { point in point.measurement.flatMap { $0.unit == unit ? (point.x, $0) : nil }
        }
        let finite = measured.flatMap { [$0.1.error, $0.1.bound] }.filter { $0.isFinite && $0 > 0 }
        guard let smallest = finite.min(), let largest = finite.max() else { return nil }
        var floorExponent = Int(log10(smallest).rounded(.down)), topExponent = Int(log10(largest).rounded(.up))
        if topExponent <= floorExponent { topExponent = floorExponent + 1 }
        floorExponent = Swift.max(floorExponent, topExponent - 16)
        let floor = pow(10, Double(floorExponent)), top = pow(10, Double(topExponent))
        let tickStep = Swift.max(1, (topExponent - floorExponent + 5) / 6)
        let yTicks = stride(from: floorExponent, through: topExponent, by: tickStep).map { pow(10, Double($0)) }
        func clamped(_ value: Double) -> Double { value.isFinite ? Swift.min(Swift.max(value, floor), top) : top }
        let low = points.first?.x ?? minimal, high = points.last?.x ?? minimal
        let range = low < high ? low...high : (low - 1)...(high + 1)
        var lines = [
            SVGPlot.Line(
                value: minimal, vertical: true, label: "minimal case \(Self.short(minimal))", colour: "rgb(120,0,160)")
        ]
        if let passing, abs(passing - minimal) > (range.upperBound - range.lowerBound) / 6 {
            lines.append(
                .init(value: passing, vertical: true, label: "holds at \(Self.short(passing))", colour: "rgb(0,110,60)")
            )
        }
        return SVGPlot(
            id: id, title: title,
            x: .init(
                label: mapped ? boundary.input : "\(boundary.input) (the generator's draw, before its mapping)",
                range: range, ticks: Self.ticks(range)),
            y: .init(label: "error (\(unit); log scale)", range: floor...top, scale: .log, ticks: yTicks),
            series: [
                .init(
                    name: "the implementation's error", colour: "rgb(200,40,40)",
                    points: measured.map { (x: $0.0, y: clamped($0.1.error)) }),
                .init(
                    name: "the property's bound", colour: "rgb(30,90,200)",
                    points: measured.map { (x: $0.0, y: clamped($0.1.bound)) }, dashed: true),
            ], lines: lines, bands: failingRanges.map { .init(range: $0, label: "") })
    }

    /// `value` for a marker's label: a whole number in full, else to four significant digits.
    static func short(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return NumberText.shortest(Double(String(format: "%.4g", value)) ?? value)
    }

    /// About six round ticks across `range`.
    static func ticks(_ range: ClosedRange<Double>) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return [range.lowerBound] }
        let raw = span / 6
        let power = pow(10, (log10(raw)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? raw
        let first = (range.lowerBound / step).rounded(.up) * step
        return stride(from: first, through: range.upperBound, by: step).map { tick in
            abs(tick) < step * 1e-9 ? 0 : Double(String(format: "%.12g", tick)) ?? tick
        }
    }

    /// Counts for the caption: values swept, failing, holding.
    var counts: (failing: Int, holding: Int) { (points.filter(\.fails).count, points.filter { !$0.fails }.count) }
}
