import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
import TestSupport
import ZoomProperties
@testable import ZoomCheckCLI

/// The report's plots are checked as a reader sees them: the SVG is parsed, every polyline
/// point is mapped back to data coordinates through the plot area's stated ranges, and the
/// plotted extremes are compared with the survey figures `FindingsSurveyTests` asserts.
@Suite("Findings report plots", .tags(.cli)) struct FindingsFiguresTests {
    /// The polylines of an SVG plot, in data coordinates.
    final class PlotReader: NSObject, XMLParserDelegate {
        var area: [String: String] = [:]
        var series: [String: [(x: Double, y: Double)]] = [:]
        var references: Int = 0
        var texts: [String] = []
        private var inText = false

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            if element == "g", attributes["class"] == "plot-area" { area = attributes }
            if element == "line", attributes["class"] == "reference" { references += 1 }
            if element == "text" {
                inText = true
                texts.append("")
            }
            guard element == "polyline", let name = attributes["data-series"], let points = attributes["points"] else {
                return
            }
            series[name] = points.split(separator: " ").map { pair in
                let xy = pair.split(separator: ",").compactMap { Double($0) }
                return self.data(x: xy[0], y: xy[1])
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }
        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "text" { inText = false }
        }

        func number(_ key: String) -> Double { Double(area[key] ?? "") ?? .nan }

        /// Pixel coordinates back to data coordinates.
        func data(x: Double, y: Double) -> (x: Double, y: Double) {
            let fx = (x - number("data-left")) / number("data-width")
            let fy = 1 - (y - number("data-top")) / number("data-height")
            let dataX = number("data-x-min") + fx * (number("data-x-max") - number("data-x-min"))
            let dataY: Double
            if area["data-y-scale"] == "log" {
                dataY = pow(
                    10, log10(number("data-y-min")) + fy * (log10(number("data-y-max")) - log10(number("data-y-min"))))
            } else {
                dataY = number("data-y-min") + fy * (number("data-y-max") - number("data-y-min"))
            }
            return (dataX, dataY)
        }

        static func read(_ svg: String) throws -> PlotReader {
            let reader = PlotReader()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = reader
            #expect(parser.parse(), "the SVG does not parse: \(parser.parserError.map { "\($0)" } ?? "")")
            return reader
        }
    }

    @Test(
        """
        The single-precision plot's seed maximum is the survey's worst error, at its latitude; the corrected core \
        stays under 1e-6 px
        """) func singlePrecision() throws
    {
        let survey = SinglePrecisionSurvey.measure(step: 0.001)
        let plot = try PlotReader.read(FindingsFigures.singlePrecision(survey).plot.render())
        let seed = try #require(plot.series["seed port (logf/sinf, round)"])
        let peak = try #require(seed.max { $0.y < $1.y })
        // Coordinates are written to 0.01 px; on 12 decades over 294 px that is 0.02% of a value.
        #expect(abs(peak.y / survey.worstError - 1) < 0.001, "plotted \(peak.y), survey \(survey.worstError)")
        #expect(abs(peak.x - survey.worstLatitude) <= SinglePrecisionSurvey.profileBucket + 0.01)
        let first = try #require(seed.first { $0.y > 1 })
        #expect(first.x <= 0.01 + 0.01)
        let corrected = try #require(plot.series["corrected core (within 2^-22 px = 4 ulps of y)"])
        #expect(corrected.allSatisfy { $0.y < 1e-6 })
        #expect(plot.references == 1)
        #expect(plot.texts.contains("latitude (degrees north)"))
        #expect(plot.texts.contains { $0.hasPrefix("|y − exact y| (px at zoom 20") })
    }

    @Test("The getter plot shows z + 1 at every zoom up to 20 for every width, and the corrected core at 0")
    func getterLevels() throws {
        let plot = try PlotReader.read(FindingsFigures.getterLevels().plot.render())
        for width in FindingsFigures.widths {
            let points = try #require(plot.series["seed, \(Int(width)) pt"])
            #expect(points.filter { $0.x < 20.5 }.allSatisfy { abs($0.y - 1) < 0.001 }, "\(width) pt")
        }
        #expect(try #require(plot.series["corrected core, 375 pt"]).allSatisfy { abs($0.y) < 0.001 })
    }

    @Test("The antimeridian plot is 360° up to the survey's threshold separation and below it after")
    func fitAntimeridian() throws {
        let threshold = FitSurveys.antimeridianWholeWorldThreshold()
        let plot = try PlotReader.read(FindingsFigures.fitAntimeridian().plot.render())
        let seed = try #require(plot.series["seed port (bounding box)"])
        let wholeWorld = seed.filter { abs($0.y - 360) < 0.01 }.map(\.x)
        let last = try #require(wholeWorld.max())
        // Sampled every 0.25°: the last whole-world separation is within one step below 2d.
        #expect(
            last <= 2 * threshold.halfGap + 0.01 && last > 2 * threshold.halfGap - 0.26,
            "\(last) vs \(2 * threshold.halfGap)")
        #expect(seed.allSatisfy { $0.y > 270 })
        let corrected = try #require(plot.series["corrected core (shortest arc)"])
        #expect(try #require(corrected.max { $0.y < $1.y }).y < 1.15 * 90 + 0.01)
    }

    @Test("The latitude plot crosses 180° at the survey's threshold, 90 / 1.15") func fitLatitude() throws {
        let threshold = FitSurveys.latitudeOver180Threshold()
        let plot = try PlotReader.read(FindingsFigures.fitLatitude().plot.render())
        let seed = try #require(plot.series["seed port (× 1.15, clamped at 360)"])
        let firstOver = try #require(seed.first { $0.y > 180 + 0.01 })
        #expect(firstOver.x >= threshold && firstOver.x < threshold + 0.26)
        #expect(try #require(plot.series["corrected core (clamped at the poles)"]).allSatisfy { $0.y <= 180 + 0.01 })
    }

    /// The numbers of every `name="…"` attribute in `text`.
    static func attributeNumbers(_ name: String, in text: String) -> [Double] {
        let pattern = try! NSRegularExpression(pattern: " \(name)=\"([-0-9.]+)\"")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).flatMap { Double(text[$0]) }
        }
    }

    @Test(
        """
        No legend crosses a plotted line: every polyline stays in the plot area, every legend entry lies below \
        it, and each series has a marker shape of its own
        """) func legendsClearOfLines() throws
    {
        for figure in FindingsFigures.all() {
            let svg = figure.plot.render()
            let reader = try PlotReader.read(svg)
            let top = reader.number("data-top"), bottom = top + reader.number("data-height")
            let pixelYs = svg.components(separatedBy: "<polyline ").dropFirst().flatMap { element -> [Double] in
                let points = element.components(separatedBy: "points=\"")[1].components(separatedBy: "\"")[0]
                return points.split(separator: " ").compactMap { $0.split(separator: ",").last.flatMap { Double($0) } }
            }
            #expect(!pixelYs.isEmpty && pixelYs.allSatisfy { $0 >= top && $0 <= bottom }, "\(figure.id)")
            let legend = try #require(
                svg.components(separatedBy: "<g class=\"legend\"").last?.components(separatedBy: "</g>").first)
            let legendYs =
                Self.attributeNumbers("y", in: legend) + Self.attributeNumbers("y1", in: legend)
                + Self.attributeNumbers("cy", in: legend)
            // Below the plot area and its x-axis label (baseline 12 px above the plot's bottom edge + 52).
            #expect(!legendYs.isEmpty && legendYs.allSatisfy { $0 - 8 > bottom + 40 }, "\(figure.id): \(legendYs)")
            let seriesCount = figure.plot.series.count
            let shapes = legend.components(separatedBy: "class=\"marker\"").count - 1
            #expect(shapes == seriesCount, "\(figure.id)")
            // Series drawn on one line (six of the getter plot's seven) show their markers side
            // by side: no two markers in the plot area share a centre.
            let plotArea = svg.components(separatedBy: "<g class=\"legend\"")[0]
            let centres = zip(
                Self.attributeNumbers("data-x", in: plotArea), Self.attributeNumbers("data-y", in: plotArea)
            ).map { "\($0),\($1)" }
            #expect(
                centres.count == seriesCount * SVGPlot.markersPerSeries && Set(centres).count == centres.count,
                "\(figure.id)")
            #expect(
                Self.attributeNumbers("height", in: svg.components(separatedBy: ">")[0]).first
                    == figure.plot.totalHeight)
        }
    }

    @Test("report --html writes one self-contained page: every figure inline, no script, nothing fetched")
    func htmlPage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "zoomcheck-report-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = ZoomCheckMainTests.run(["report", "--html", directory])
        #expect(result.status == 0)
        #expect(result.errors == "zoomcheck report: wrote \(directory)/index.html\n")
        let page = try String(contentsOfFile: directory + "/index.html", encoding: .utf8)
        // One page: check --html's, of the seed port's pinned run, then the surveys.
        #expect(page.contains(#"<section id="failures">"#) && page.contains(#"<section id="surveys">"#))
        #expect(page.components(separatedBy: #"<figure id="figure-"#).count - 1 == 5)
        #expect(!page.contains("<script"))
        // The text report wraps at spaces instead of scrolling sideways; only a replay line's
        // word longer than the page may scroll.
        #expect(page.contains("pre{background:#f6f6f6;padding:1em;white-space:pre-wrap}"))
        #expect(!page.contains("src=") && !page.contains(#"href="http"#))
        for id in [
            "single-precision-error", "getter-level-error", "longitude-span", "fit-antimeridian", "fit-latitude",
        ] { #expect(page.contains(#"<figure id="figure-\#(id)">"#)) }
    }
}
