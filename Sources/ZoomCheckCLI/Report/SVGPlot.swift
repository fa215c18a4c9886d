import Foundation
import MercatorCore

/// A line chart as a self-contained SVG element: axes with ticks and unit labels, series as
/// polylines, reference lines and shaded ranges. No scripts, no external resources.
///
/// Legibility: each series also carries a marker of its own shape (circle, square,
/// triangle, diamond, …) at a few points, staggered between series, so that series drawn on
/// top of each other can still be told apart; the legend (line and marker per series) sits
/// below the plot area, in a `legend` group, where no polyline can cross it.
///
/// The plot area carries its data ranges (`data-x-min`, `data-x-max`, `data-y-min`,
/// `data-y-max`, `data-y-scale`) so that a reader — or a test — can map every polyline point
/// back to data coordinates.
struct SVGPlot {
    enum Scale: String { case linear, log }

    struct Axis {
        var label: String
        var range: ClosedRange<Double>
        var scale: Scale = .linear
        var ticks: [Double]
    }

    struct Series {
        var name: String
        var colour: String
        var points: [(x: Double, y: Double)]
        var dashed = false
    }

    /// A horizontal (y = value) or vertical (x = value) reference line.
    struct Line {
        var value: Double
        var vertical: Bool
        var label: String
        var colour = "rgb(187,0,0)"
    }

    /// A shaded range of x.
    struct Band {
        var range: ClosedRange<Double>
        var label: String
        var colour = "rgb(243,211,211)"
    }

    var id: String
    var title: String
    var x: Axis
    var y: Axis
    var series: [Series]
    var lines: [Line] = []
    var bands: [Band] = []

    static let width = 760.0, height = 380.0
    static let left = 78.0, right = 20.0, top = 34.0, bottom = 52.0
    /// Legend rows under the x-axis label: up to two series per row.
    static let legendColumns = 2, legendRowHeight = 16.0
    var legendRows: Int { (series.count + Self.legendColumns - 1) / Self.legendColumns }
    /// The SVG's height: the plot, then the legend.
    var totalHeight: Double { Self.height + (series.isEmpty ? 0 : Double(legendRows) * Self.legendRowHeight + 6) }
    var plotWidth: Double { Self.width - Self.left - Self.right }
    var plotHeight: Double { Self.height - Self.top - Self.bottom }

    func px(_ value: Double) -> Double {
        Self.left + (value - x.range.lowerBound) / (x.range.upperBound - x.range.lowerBound) * plotWidth
    }

    func py(_ value: Double) -> Double {
        let clamped = Swift.min(Swift.max(value, y.range.lowerBound), y.range.upperBound)
        let fraction: Double
        switch y.scale {
        case .linear: fraction = (clamped - y.range.lowerBound) / (y.range.upperBound - y.range.lowerBound)
        case .log:
            fraction =
                (log10(clamped) - log10(y.range.lowerBound)) / (log10(y.range.upperBound) - log10(y.range.lowerBound))
        }
        return Self.top + (1 - fraction) * plotHeight
    }

    /// Coordinates with two decimals (a hundredth of a pixel): deterministic text.
    static func number(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        return NumberText.shortest(hundredths / 100)
    }

    static func tickLabel(_ value: Double, _ scale: Scale) -> String {
        if scale == .log {
            let exponent = Int(log10(value).rounded())
            return exponent >= -2 && exponent <= 3 ? NumberText.shortest(value) : "1e\(exponent)"
        }
        return NumberText.shortest(value)
    }

    /// Markers per series on the plot.
    static let markersPerSeries = 4

    /// Indices of the points that carry series `series`'s markers: evenly spread, and
    /// shifted by a fraction of the spacing per series, so that overlapping series show
    /// their markers side by side.
    func markerPositions(count: Int, series index: Int) -> [Int] {
        guard count > 0 else { return [] }
        let spacing = Double(count) / Double(Self.markersPerSeries)
        let shift = (Double(index) + 0.5) / Double(Swift.max(1, series.count))
        return Array(Set((0..<Self.markersPerSeries).map { Swift.min(count - 1, Int((Double($0) + shift) * spacing)) }))
            .sorted()
    }

    /// Marker `index` (its shape: circle, square, triangle, diamond, inverted triangle,
    /// cross, then again) centred at (x, y) pixels, 7 px across.
    static func marker(_ index: Int, at x: Double, _ y: Double, colour: String) -> String {
        let n = Self.number, r = 3.5
        let centre = #"class="marker" data-x="\#(n(x))" data-y="\#(n(y))""#
        let path: String
        switch index % 6 {
        case 0: return #"<circle \#(centre) cx="\#(n(x))" cy="\#(n(y))" r="\#(n(r))" fill="\#(colour)"/>"#
        case 1: path = "M\(n(x - r)),\(n(y - r))h\(n(2 * r))v\(n(2 * r))h\(n(-2 * r))z"
        case 2: path = "M\(n(x)),\(n(y - r))L\(n(x + r)),\(n(y + r))L\(n(x - r)),\(n(y + r))z"
        case 3: path = "M\(n(x)),\(n(y - r))L\(n(x + r)),\(n(y))L\(n(x)),\(n(y + r))L\(n(x - r)),\(n(y))z"
        case 4: path = "M\(n(x - r)),\(n(y - r))L\(n(x + r)),\(n(y - r))L\(n(x)),\(n(y + r))z"
        default:
            return #"""
                <path \#(centre) d="M\#(n(x - r)),\#(n(y - r))L\#(n(x + r)),\#(n(y + r))\#
                M\#(n(x + r)),\#(n(y - r))L\#(n(x - r)),\#(n(y + r))" stroke="\#(colour)" stroke-width="1.8" \#
                fill="none"/>
                """#
        }
        return #"<path \#(centre) d="\#(path)" fill="\#(colour)"/>"#
    }

    /// An SVG element's opening lines: the element (`id`, `width` × `height`, `extra`
    /// attributes such as a class), its title for screen readers, a white background and the
    /// title drawn at the top.
    static func opening(id: String, width: Double, height: Double, title: String, extra: String = "") -> [String] {
        let n = number
        return [
            #"""
            <svg xmlns="http://www.w3.org/2000/svg" id="\#(id)"\#(extra) viewBox="0 0 \#(n(width)) \#
            \#(n(height))" width="\#(n(width))" height="\#(n(height))" role="img" \#
            aria-labelledby="\#(id)-title" font-family="Helvetica, Arial, sans-serif" font-size="12">
            """#, #"<title id="\#(id)-title">\#(JUnitReport.escape(title))</title>"#,
            #"<rect x="0" y="0" width="\#(n(width))" height="\#(n(height))" fill="rgb(255,255,255)"/>"#,
            #"""
            <text x="\#(n(width / 2))" y="20" text-anchor="middle" font-size="14" \#
            font-weight="bold">\#(JUnitReport.escape(title))</text>
            """#,
        ]
    }

    func render() -> String {
        let n = Self.number
        var out = Self.opening(id: id, width: Self.width, height: totalHeight, title: title)
        out.append(
            #"""
            <g class="plot-area" data-x-min="\#(x.range.lowerBound)" data-x-max="\#(x.range.upperBound)" \#
            data-y-min="\#(y.range.lowerBound)" data-y-max="\#(y.range.upperBound)" \#
            data-y-scale="\#(y.scale.rawValue)" data-left="\#(n(Self.left))" data-top="\#(n(Self.top))" \#
            data-width="\#(n(plotWidth))" data-height="\#(n(plotHeight))">
            """#)
        for band in bands {
            let x0 = px(Swift.max(band.range.lowerBound, x.range.lowerBound)),
                x1 = px(Swift.min(band.range.upperBound, x.range.upperBound))
            out.append(
                #"""
                <rect class="band" x="\#(n(x0))" y="\#(n(Self.top))" width="\#(n(x1 - x0))" \#
                height="\#(n(plotHeight))" fill="\#(band.colour)"/>
                """#)
            out.append(
                #"""
                <text x="\#(n((x0 + x1) / 2))" y="\#(n(Self.top + plotHeight - 8))" text-anchor="middle" \#
                fill="rgb(136,0,0)">\#(JUnitReport.escape(band.label))</text>
                """#)
        }
        // Grid and ticks.
        for tick in x.ticks {
            out.append(
                #"""
                <line x1="\#(n(px(tick)))" y1="\#(n(Self.top))" x2="\#(n(px(tick)))" \#
                y2="\#(n(Self.top + plotHeight))" stroke="rgb(228,228,228)"/>
                """#)
            out.append(
                #"""
                <text x="\#(n(px(tick)))" y="\#(n(Self.top + plotHeight + 16))" \#
                text-anchor="middle">\#(Self.tickLabel(tick, x.scale))</text>
                """#)
        }
        for tick in y.ticks {
            out.append(
                #"""
                <line x1="\#(n(Self.left))" y1="\#(n(py(tick)))" x2="\#(n(Self.left + plotWidth))" \#
                y2="\#(n(py(tick)))" stroke="rgb(228,228,228)"/>
                """#)
            out.append(
                #"""
                <text x="\#(n(Self.left - 6))" y="\#(n(py(tick) + 4))" \#
                text-anchor="end">\#(Self.tickLabel(tick, y.scale))</text>
                """#)
        }
        out.append(
            #"""
            <rect x="\#(n(Self.left))" y="\#(n(Self.top))" width="\#(n(plotWidth))" height="\#(n(plotHeight))" \#
            fill="none" stroke="rgb(68,68,68)"/>
            """#)
        out.append(
            #"""
            <text class="x-label" x="\#(n(Self.left + plotWidth / 2))" y="\#(n(Self.height - 12))" \#
            text-anchor="middle">\#(JUnitReport.escape(x.label))</text>
            """#)
        out.append(
            #"""
            <text class="y-label" transform="translate(16 \#(n(Self.top + plotHeight / 2))) rotate(-90)" \#
            text-anchor="middle">\#(JUnitReport.escape(y.label))</text>
            """#)
        for line in lines {
            if line.vertical {
                out.append(
                    #"""
                    <line class="reference" x1="\#(n(px(line.value)))" y1="\#(n(Self.top))" \#
                    x2="\#(n(px(line.value)))" y2="\#(n(Self.top + plotHeight))" stroke="\#(line.colour)" \#
                    stroke-dasharray="5 3"/>
                    """#)
                out.append(
                    #"""
                    <text x="\#(n(px(line.value) + 4))" y="\#(n(Self.top + plotHeight - 6))" \#
                    fill="\#(line.colour)">\#(JUnitReport.escape(line.label))</text>
                    """#)
            } else {
                out.append(
                    #"""
                    <line class="reference" x1="\#(n(Self.left))" y1="\#(n(py(line.value)))" \#
                    x2="\#(n(Self.left + plotWidth))" y2="\#(n(py(line.value)))" stroke="\#(line.colour)" \#
                    stroke-dasharray="5 3"/>
                    """#)
                out.append(
                    #"""
                    <text x="\#(n(Self.left + 6))" y="\#(n(py(line.value) - 4))" \#
                    fill="\#(line.colour)">\#(JUnitReport.escape(line.label))</text>
                    """#)
            }
        }
        for (index, item) in series.enumerated() {
            let finite = item.points.filter { $0.x.isFinite && $0.y.isFinite }
            let points = finite.map { "\(n(px($0.x))),\(n(py($0.y)))" }.joined(separator: " ")
            out.append(
                #"""
                <polyline class="series" data-series="\#(JUnitReport.escape(item.name))" fill="none" \#
                stroke="\#(item.colour)" stroke-width="1.6"\#(item.dashed ? #" stroke-dasharray="6 3""# : "") \#
                points="\#(points)"/>
                """#)
            for position in markerPositions(count: finite.count, series: index) {
                out.append(Self.marker(index, at: px(finite[position].x), py(finite[position].y), colour: item.colour))
            }
        }
        out.append("</g>")
        // Legend, below the plot area and its x label: nothing plotted reaches it.
        out.append(#"<g class="legend" data-top="\#(n(Self.height))">"#)
        let columnWidth = plotWidth / Double(Self.legendColumns)
        for (offset, item) in series.enumerated() {
            let yPosition = Self.height + Double(offset / Self.legendColumns) * Self.legendRowHeight + 6
            let xPosition = Self.left + Double(offset % Self.legendColumns) * columnWidth
            out.append(
                #"""
                <line x1="\#(n(xPosition))" y1="\#(n(yPosition - 4))" x2="\#(n(xPosition + 22))" \#
                y2="\#(n(yPosition - 4))" stroke="\#(item.colour)" \#
                stroke-width="2"\#(item.dashed ? #" stroke-dasharray="6 3""# : "")/>
                """#)
            out.append(Self.marker(offset, at: xPosition + 11, yPosition - 4, colour: item.colour))
            out.append(
                #"<text x="\#(n(xPosition + 28))" y="\#(n(yPosition))">\#(JUnitReport.escape(item.name))</text>"#)
        }
        out.append("</g>")
        out.append("</svg>")
        return out.joined(separator: "\n")
    }
}
