import MercatorCore
import ZoomProperties

/// The report's figures, each a plot of a survey that `FindingsSurveyTests` asserts, with a
/// caption that says what it shows, the measured threshold and the command that reproduces it.
struct FindingsFigure {
    /// File name stem and element id.
    let id: String
    let plot: SVGPlot
    let caption: String
    let command: String
}

enum FindingsFigures {
    /// The corrected core's series in the single-precision plot.
    static let correctedSeriesName = "corrected core (within 2^-22 px = 4 ulps of y)"
    /// Widths of the common viewports whose getter errors are plotted, in points.
    static let widths: [Double] = [320, 375, 390, 768, 1024, 1280]

    /// Every figure, measured now.
    static func all() -> [FindingsFigure] {
        [
            singlePrecision(SinglePrecisionSurvey.measure()), getterLevels(), longitudeSpan(), fitAntimeridian(),
            fitLatitude(),
        ]
    }

    static func micro(_ value: Double) -> String { NumberText.shortest((value * 1e6).rounded() / 1e6) }
    static func hundredths(_ value: Double) -> String { NumberText.shortest((value * 100).rounded() / 100) }
    /// Three significant digits (C's %.3g, the same on every platform), for tiny values.
    static func significant(_ value: Double) -> String {
        NumberText.shortest(Double(String(format: "%.3g", value)) ?? value)
    }

    /// The smallest error a log axis shows; exact zeros are drawn there.
    static let logFloor = 1e-9

    /// What the plot shows of the corrected core's error: 2^−22 px (4 ulps of a y near 2^28)
    /// when it is at most that, else the next power of two. Its measured errors are 0, 1 or 2
    /// ulps of y, and which one moves with the platform libm's last bits (glibc and musl differ
    /// in three buckets), so the plot shows the bound it keeps, the same on every libm.
    static func correctedLevel(_ error: Double) -> Double {
        guard error > 0x1p-22, error.isFinite else { return 0x1p-22 }
        let power = Double(sign: .plus, exponent: error.exponent, significand: 1)
        return power == error ? error : 2 * power
    }

    static func singlePrecision(_ survey: SinglePrecisionSurvey) -> FindingsFigure {
        let seed = survey.profile.map { (x: $0.latitude, y: Swift.max($0.seedError, logFloor)) }
        // The corrected core computes y with the platform's libm: drawn as the bound it keeps.
        let corrected = survey.profile.map { (x: $0.latitude, y: correctedLevel($0.correctedError)) }
        let plot = SVGPlot(
            id: "single-precision-error", title: "The seed's y error at zoom 20 against latitude",
            x: .init(
                label: "latitude (degrees north)", range: 0...90,
                ticks: stride(from: 0.0, through: 90, by: 10).map { $0 }),
            y: .init(
                label: "|y − exact y| (px at zoom 20, seed512; log scale)", range: logFloor...1e3, scale: .log,
                ticks: [1e-9, 1e-6, 1e-3, 1, 1e3]),
            series: [
                .init(name: "seed port (logf/sinf, round)", colour: "rgb(200,40,40)", points: seed),
                .init(name: Self.correctedSeriesName, colour: "rgb(30,90,200)", points: corrected),
            ], lines: [.init(value: 1, vertical: false, label: "1 px")])
        let first = survey.firstLatitudeOverOnePixel.map { NumberText.shortest($0) + "°" } ?? "nowhere"
        return FindingsFigure(
            id: plot.id, plot: plot,
            caption: """
                The documents' latitudeToPixelSpaceY: computes log((1 + sin φ)/(1 − sin φ)) with logf and sinf. \
                Its y \
                at zoom 20 (seed512) is more than 1 px off from \(first) on (grid step \
                \(NumberText.shortest(survey.step))°), \(hundredths(survey.worstErrorByBand[0])) px within the first \
                5°, and worst \(hundredths(survey.worstError)) px at \(NumberText.shortest(survey.worstLatitude))°. \
                The corrected core stays within \
                \(significant(correctedLevel(survey.profile.map(\.correctedError).max() ?? 0))) px (4 ulps of y; its \
                own error of 0 to 2 ulps moves with the platform's libm) of an independent double-double formula. \
                Each point is the worst error in a \(NumberText.shortest(SinglePrecisionSurvey.profileBucket))° \
                bucket of \(survey.sampleCount) latitudes.
                """, command: "zoomcheck report")
    }

    static func getterLevels() -> FindingsFigure {
        let profiles = ZoomSurveys.profiles(widths: widths)
        let colours = [
            "rgb(200,40,40)", "rgb(230,130,20)", "rgb(150,60,160)", "rgb(30,140,60)", "rgb(30,90,200)", "rgb(90,90,90)",
        ]
        var series = zip(profiles, colours).map { profile, colour in
            SVGPlot.Series(
                name: "seed, \(NumberText.shortest(profile.widthInPoints)) pt", colour: colour,
                points: profile.levelErrors.enumerated().compactMap { zoom, error in
                    error.map { (x: Double(zoom), y: Double($0)) }
                })
        }
        let corrected = (0...28).map { zoom -> (x: Double, y: Double) in
            let viewport = Viewport(widthInPoints: 375, heightInPoints: 667)
            let core = WebMercator()
            let level =
                (try? core.region(
                    centeredAt: Coordinate(latitude: 12, longitude: 34), zoom: Double(zoom), viewport: viewport,
                    convention: .seed512)).flatMap {
                    try? core.zoom(of: $0, viewport: viewport, convention: .seed512).level
                }
            return (Double(zoom), Double((level ?? -99) - zoom))
        }
        series.append(.init(name: "corrected core, 375 pt", colour: "rgb(0,0,0)", points: corrected, dashed: true))
        let plot = SVGPlot(
            id: "getter-level-error", title: "The zoom getter's level error by zoom",
            x: .init(
                label: "zoom set with setCenterCoordinate:zoomLevel: (seed512)", range: 0...28,
                ticks: stride(from: 0.0, through: 28, by: 4).map { $0 }),
            y: .init(label: "level read − zoom set (levels)", range: -1...3, ticks: [-1, 0, 1, 2, 3]), series: series,
            bands: [.init(range: 20.5...28, label: "round() past zoom 20")])
        let rows = ZoomSurveys.roundTrip(widths: widths)
        let departures = rows.compactMap { row in
            row.firstZoomWithWrongLevel.map {
                """
                \(NumberText.shortest(row.widthInPoints)) pt from zoom \($0)
                """
            }
        }
        return FindingsFigure(
            id: plot.id, plot: plot,
            caption: """
                The comments' getter multiplies the width by a hidden 2, so a region set at zoom z reads back as z + \
                1 at every zoom (an app that saves and restores the zoom creeps in one level per cycle). Past zoom 20 \
                the setter's round() quantises the span and the reading leaves even z + 1: \
                \(departures.isEmpty ? "for none of these widths" : departures.joined(separator: ", ")). The \
                corrected core reads back z exactly.
                """, command: "zoomcheck report")
    }

    static func longitudeSpan() -> FindingsFigure {
        let profiles = ZoomSurveys.profiles(widths: [375, 768])
        func points(_ values: [Double]) -> [(x: Double, y: Double)] {
            values.enumerated().map { (Double($0.offset), $0.element) }
        }
        let corrected = (0...28).map { zoom in
            (
                x: Double(zoom),
                y: WebMercator.longitudeDelta(widthInPoints: 768, zoom: Double(zoom), convention: .seed512)
            )
        }
        let quantised = ZoomSurveys.roundTrip(widths: [375])[0].firstQuantisedZoom ?? 28
        let zoomZero = ZoomSurveys.zoomZeroWidthThresholds().first { $0.variant == "seed" }?.widthInPoints
        let plot = SVGPlot(
            id: "longitude-span", title: "The span's longitude delta against zoom",
            x: .init(label: "zoom (seed512)", range: 0...28, ticks: stride(from: 0.0, through: 28, by: 4).map { $0 }),
            y: .init(
                label: "longitudeDelta (degrees; log scale)", range: 1e-7...1e3, scale: .log,
                ticks: [1e-6, 1e-4, 1e-2, 1, 100]),
            series: [
                .init(name: "seed, 768 pt", colour: "rgb(200,40,40)", points: points(profiles[1].seedLongitudeDeltas)),
                .init(name: "corrected, 768 pt (clamped)", colour: "rgb(30,90,200)", points: corrected, dashed: true),
                .init(name: "seed, 375 pt", colour: "rgb(230,130,20)", points: points(profiles[0].seedLongitudeDeltas)),
                .init(
                    name: "exact 360·w/W, 375 pt", colour: "rgb(0,0,0)",
                    points: points(profiles[0].exactLongitudeDeltas), dashed: true),
            ], lines: [.init(value: 360, vertical: false, label: "360°: the whole world")],
            bands: [.init(range: Double(quantised)...28, label: "quantised (375 pt)")])
        return FindingsFigure(
            id: plot.id, plot: plot,
            caption: """
                The seed's span halves per level like the exact 360·w/W, but at zoom 0 a view \
                \(zoomZero.map { "\($0)" } ?? "?") pt or wider spans more than 360° (768 pt: \
                \(NumberText.shortest(profiles[1].seedLongitudeDeltas[0]))°, a region MapKit rejects), where the \
                corrected core clamps at 360°; and from zoom \(quantised) on a 375-pt view round() in zoom-20 pixels \
                quantises the span (\(NumberText.shortest(profiles[0].seedLongitudeDeltas[quantised]))° instead of \
                \(NumberText.shortest(profiles[0].exactLongitudeDeltas[quantised]))° at zoom \(quantised)).
                """, command: "zoomcheck report")
    }

    static func fitAntimeridian() -> FindingsFigure {
        let profile = FitSurveys.antimeridianProfile()
        let threshold = FitSurveys.antimeridianWholeWorldThreshold()
        let plot = SVGPlot(
            id: "fit-antimeridian", title: "Fitting two points across ±180°, by separation",
            x: .init(
                label: "separation of (0, 180° − d/2) and (0, −180° + d/2) (degrees)", range: 0...90,
                ticks: stride(from: 0.0, through: 90, by: 10).map { $0 }),
            y: .init(label: "fitted longitudeDelta (degrees)", range: 0...400, ticks: [0, 90, 180, 270, 360]),
            series: [
                .init(
                    name: "seed port (bounding box)", colour: "rgb(200,40,40)",
                    points: profile.map { ($0.separation, $0.seed) }),
                .init(
                    name: "corrected core (shortest arc)", colour: "rgb(30,90,200)",
                    points: profile.map { ($0.separation, $0.corrected) }),
            ], lines: [.init(value: 360, vertical: false, label: "360°")],
            bands: [.init(range: 0...(2 * threshold.halfGap), label: "the whole world")])
        return FindingsFigure(
            id: plot.id, plot: plot,
            caption: """
                The documents' fit takes the bounding box of the points' longitudes, so two pins a few degrees apart \
                across the antimeridian span 360° − d, padded × 1.15: the whole world, centred on longitude \
                \(NumberText.shortest(threshold.centerLongitude)), for separations up to \
                \(micro(2 * threshold.halfGap))° (d/2 ≤ \(micro(threshold.halfGap))° = 180 · 0.15 / 1.15), and \
                the \
                long way round beyond. The corrected core fits 1.15 × d.
                """, command: "zoomcheck report")
    }

    static func fitLatitude() -> FindingsFigure {
        let profile = FitSurveys.latitudeProfile()
        let threshold = FitSurveys.latitudeOver180Threshold()
        let plot = SVGPlot(
            id: "fit-latitude", title: "Fitting (L, 0) and (−L, 0): the latitude delta",
            x: .init(label: "L (degrees)", range: 0...90, ticks: stride(from: 0.0, through: 90, by: 10).map { $0 }),
            y: .init(label: "fitted latitudeDelta (degrees)", range: 0...220, ticks: [0, 45, 90, 135, 180]),
            series: [
                .init(
                    name: "seed port (× 1.15, clamped at 360)", colour: "rgb(200,40,40)",
                    points: profile.map { ($0.latitude, $0.seed) }),
                .init(
                    name: "corrected core (clamped at the poles)", colour: "rgb(30,90,200)",
                    points: profile.map { ($0.latitude, $0.corrected) }),
            ],
            lines: [
                .init(value: 180, vertical: false, label: "180°"),
                .init(value: threshold, vertical: true, label: "L = \(micro(threshold))°"),
            ])
        return FindingsFigure(
            id: plot.id, plot: plot,
            caption: """
                The documents pad the latitude extent by 1.15 and clamp it at 360, not 180: from L = \
                \(micro(threshold))° (90 / 1.15) the fitted region spans more than 180° of latitude and reaches past \
                the poles. The corrected core keeps the region within the poles.
                """, command: "zoomcheck report")
    }
}
