import Foundation
import MercatorCore
import PropertyCheck

/// Spans match the viewport: the longitude span is its width, the latitude span its height,
/// each depends on its own axis only, and the reported `valid` flag tells the truth. All
/// defects, with bounds from `ErrorBudget`.
enum ViewportSpanProperties {
    static let all: [CatalogueProperty] = [
        longitudeMatchesWidth, latitudeMatchesHeight, axesIndependent, validFlag, keepsCentre,
    ]

    static let longitudeMatchesWidth = CatalogueProperty.define(
        "longitude-span-not-quantised", .viewportSpans, .defect, operations: [.span],
        statement: """
            The longitude span is what the viewport's width shows, 360° · width / W(z), at every zoom and scale \
            where that is under 360° (not quantised by rounding coarser than a whole pixel at the zoom, not scaled \
            by pixels per point).
            """,
        bound: """
            the span budget (2 × 3.2e-13° for the edges + 16u relative) + a whole pixel at the zoom for each edge \
            (2 × 360° / W: each edge may be the pixel a map draws it in, rounded or floored)
            """, strata: { _ in Strata.Design.unclamped(Strata.Design.integerSpans) },
        generator: { implementation in
            SpanInput.integerZooms(for: implementation).filter("span under 360°", budget: 200) {
                SpanReference($0).longitudeUnclamped
            }
        }
    ) { implementation, input, _ in
        let region = try ZoomFamilyProperties.region(implementation, input)
        let expected = SpanReference(input).longitudeDelta
        let pixel = MapPixel.longitudeDegrees(worldWidth: SpanReference(input).world)
        let error = abs(region.span.longitudeDelta - expected)
        try ensure(
            error <= ErrorBudget.spanDegrees(expected) + 2 * pixel,
            """
            longitudeDelta \(NumberText.shortest(region.span.longitudeDelta)) vs \
            \(NumberText.shortest(expected)): \(CheckSupport.short(error / pixel)) px at zoom \
            \(NumberText.shortest(input.zoom))
            """)
    }

    /// The most a centre row on a whole pixel at the zoom (rounded or floored, as tile
    /// renderers snap it) moves: `MapPixel`.
    static let roundedRow = MapPixel.pixels

    static let latitudeMatchesHeight = CatalogueProperty.define(
        "latitude-span-matches-height", .viewportSpans, .defect, operations: [.span],
        statement: """
            The latitude span is what the viewport's height shows: the latitudes of the rows centre ± height/2 px at \
            zoom z, at every zoom and scale where those rows are in the world and no pole clamps the region.
            """,
        bound: """
            every extent of rows whose centre row and edges each lie within a pixel of theirs (whole pixels at the \
            zoom, rounded or floored) — computed over the whole interval: the extent grows with the window and is \
            unimodal in its middle, largest where the window is centred on the equator, so its extremes are the \
            widest and narrowest windows at the ends and that peak when inside — widened by each edge's row budget \
            (16u·W·(1 + 1/cos²φ) px × 360·cos φ / W °/px) and the coordinate budget
            """, coverage: [CoverageRequirement(ZoomAndViewportGen.extremeViewportLabel, minimumShare: 0.05)],
        strata: { Strata.Design.rowsInWorld(Strata.Design.fractionalSpans(for: $0)) },
        generator: { SpanInput.fractionalZooms(for: $0) }
    ) { implementation, input, _ in try checkLatitudeSpan(implementation, input) }

    /// The check of `latitude-span-matches-height` for one input: the viewport's rows must lie in
    /// the world and no pole limit the span (else the case is discarded: `span-matches-the-
    /// reference` judges those), for every centre row within `roundedRow` of the exact one; the
    /// latitude delta must lie between the least and greatest extents over every centre row
    /// and edge row within a whole pixel of theirs (`SpanReference.visibleExtentRange`, derived
    /// there: the extremes over the whole interval, not samples of it — sampling −0.5, 0, +0.5
    /// missed the peak where the window is centred on the equator, and a correct route that
    /// rounds its centre row failed by up to 1e-5° at low zoom, `RoundedRowControlTests`),
    /// widened by each edge's row budget at dφ/dy.
    static func checkLatitudeSpan(_ implementation: any ZoomImplementation, _ input: SpanInput) throws {
        let reference = SpanReference(input)
        let height = input.viewport.heightInPoints
        let shifts = reference.extremeShifts(pixels: roundedRow, height: height)
        let edges = shifts.compactMap { reference.edgeLatitudes(shiftedBy: $0) }
        let extents = shifts.compactMap { reference.latitudeDelta(shiftedBy: $0) }
        try assume(extents.count == shifts.count, "the rows leave the world or a pole clamps the region")
        let region = try ZoomFamilyProperties.region(implementation, input)
        let range = reference.visibleExtentRange(pixels: roundedRow)
        // Each edge's budget at the shifted edge farthest from the equator (the budget grows
        // with |φ|), so that it covers every shift in the interval.
        let perEdge =
            edges.flatMap { [$0.north, $0.south] }.map { latitude in
                ErrorBudget.rowPixels(worldWidth: reference.world, latitude: latitude)
                    * reference.degreesPerPixel(atLatitude: latitude)
            }.max()! + ErrorBudget.coordinateDegrees
        let unshifted = reference.latitudeDelta() ?? extents[0]
        let unshiftedEdges = reference.edgeLatitudes() ?? edges[0]
        let slack = 2 * perEdge + ErrorBudget.relative * range.high
        let low = range.low - slack, high = range.high + slack
        let delta = region.span.latitudeDelta
        let outside = delta < low ? low - delta : delta - high
        // In screen points (pixels at the zoom): degrees over the degrees per pixel at the edges.
        let points =
            outside
            / ((reference.degreesPerPixel(atLatitude: unshiftedEdges.north)
                + reference.degreesPerPixel(atLatitude: unshiftedEdges.south)) / 2)
        try ensure(
            delta >= low && delta <= high,
            """
            latitudeDelta \(NumberText.shortest(delta)) but the viewport's \
            \(NumberText.shortest(input.viewport.heightInPoints)) rows span \
            \(NumberText.shortest(unshifted))° (\(NumberText.shortest(unshiftedEdges.north))° to \
            \(NumberText.shortest(unshiftedEdges.south))°), \
            \(NumberText.shortest(low))…\(NumberText.shortest(high))° with its centre and edges on whole pixels: \
            \(CheckSupport.short(outside))° outside
            """, size: .screenPoints(points))
    }

    /// Two viewports for the same centre and zoom: the case's, and another that differs in
    /// one axis (and scale).
    struct AxisPair: Sendable, Hashable, CustomStringConvertible {
        var input: SpanInput
        var other: Viewport
        var changesWidth: Bool

        /// The case's input with the other viewport.
        var otherInput: SpanInput {
            var changed = input
            changed.viewport =
                changesWidth
                ? Viewport(
                    widthInPoints: other.widthInPoints, heightInPoints: input.viewport.heightInPoints,
                    pixelsPerPoint: other.pixelsPerPoint)
                : Viewport(
                    widthInPoints: input.viewport.widthInPoints, heightInPoints: other.heightInPoints,
                    pixelsPerPoint: other.pixelsPerPoint)
            return changed
        }

        var description: String { "\(input), then viewport \(otherInput.viewport)" }
    }

    static let axesIndependent = CatalogueProperty.define(
        "span-axes-are-independent", .viewportSpans, .defect, operations: [.span],
        statement: """
            The longitude span depends on the viewport's width only and the latitude span on its height only: \
            changing the other axis or the pixels per point changes nothing (width and height are not swapped or \
            mixed).
            """,
        bound: """
            each of the two spans within its own allowance of the exact one, which the other axis does not change: \
            a whole pixel at the zoom and the row budget for each edge, and the span budget (2 × 3.2e-13° + 16u \
            relative); so the two differ by at most twice that
            """, strata: { _ in Strata.Design.integerSpans },
        generator: { implementation in
            Gen.zip(SpanInput.integerZooms(for: implementation), ZoomAndViewportGen.viewport, Gen.bool).map {
                AxisPair(input: $0, other: $1, changesWidth: $2)
            }
        }
    ) { implementation, pair, _ in
        let first = try ZoomFamilyProperties.region(implementation, pair.input)
        let second = try ZoomFamilyProperties.region(implementation, pair.otherInput)
        // Each span may be off its exact value by two edges' allowance (a whole pixel and a
        // row's budget each, at most 360°/W of latitude per pixel), whatever the other axis:
        // a program whose own rounding of an edge depends on both axes (a view matrix) is still
        // within it; the two answers, then, within twice that.
        let world = SpanReference(pair.input).world
        let rowBudget = ErrorBudget.rowPixels(worldWidth: world, latitude: MercatorMath.latitudeLimit)
        let edges = 2 * (MapPixel.pixels + rowBudget) * 360 / world
        func allowance(_ delta: Double) -> Double { 2 * (edges + ErrorBudget.spanDegrees(delta)) }
        if pair.changesWidth {
            let difference = abs(first.span.latitudeDelta - second.span.latitudeDelta)
            try ensure(
                difference <= allowance(first.span.latitudeDelta),
                """
                latitudeDelta \(NumberText.shortest(first.span.latitudeDelta)) became \
                \(NumberText.shortest(second.span.latitudeDelta)) when only the width (and scale) changed
                """)
        } else {
            let difference = abs(first.span.longitudeDelta - second.span.longitudeDelta)
            try ensure(
                difference <= allowance(first.span.longitudeDelta),
                """
                longitudeDelta \(NumberText.shortest(first.span.longitudeDelta)) became \
                \(NumberText.shortest(second.span.longitudeDelta)) when only the height (and scale) changed
                """)
        }
    }

    static let validFlag = CatalogueProperty.define(
        "span-valid-flag-agrees", .viewportSpans, .defect, operations: [.span],
        statement: "The `valid` a span answer reports agrees with the region's validity under PROTOCOL.md's rules.",
        bound: "exact: the rules compare with 90, 180 and 360 without tolerance",
        coverage: [CoverageRequirement(ZoomAndViewportGen.zoomZeroLabel, minimumShare: 0.01)],
        strata: { _ in Strata.Design.integerSpans }, generator: { SpanInput.integerZooms(for: $0) }
    ) { implementation, input, _ in
        let answer = try CheckSupport.expectValue("span") {
            try implementation.regionAnswer(
                centeredAt: input.center, zoom: input.zoom, viewport: input.viewport, convention: input.convention)
        }
        try CheckSupport.requireValidFlag(answer, reading: implementation.capabilities.regionReading)
    }

    static let keepsCentre = CatalogueProperty.define(
        "span-keeps-the-centre", .viewportSpans, .defect, operations: [.span],
        statement: """
            Setting a centre and a zoom shows that centre: the centre a span answer carries (PROTOCOL.md version 3; \
            the request's own when the answer carries none) is the one asked for — not wrapped to another meridian \
            (−10° to 170° by a floored modulo, ±180° to 0) nor moved in latitude by more than a pixel.
            """,
        bound: """
            a whole pixel at the zoom (a tile renderer snaps its centre row: 360°/W of longitude, 360°·cos φ/W of \
            latitude) and the coordinate budget, 3.2e-13°, in latitude and along the circle in longitude (−180° and \
            180° are one meridian)
            """, strata: { _ in Strata.Design.integerSpans },
        generator: { SpanInput.integerZooms(for: $0, center: CoordinateGen.bandCoordinate) }
    ) { implementation, input, _ in
        let shown = try ZoomFamilyProperties.region(implementation, input).center
        let latitudeError = abs(shown.latitude - input.center.latitude)
        let longitudeError = Region.longitudeDistance(shown.longitude, input.center.longitude)
        // A pixel's latitude at the centre, or at the snapped row's, whichever spans more degrees.
        let world = SpanReference(input).world
        let nearerTheEquator = Swift.min(abs(input.center.latitude), abs(shown.latitude.isFinite ? shown.latitude : 90))
        let latitudePixel = MapPixel.latitudeDegrees(worldWidth: world, atLatitude: nearerTheEquator)
        let longitudePixel = MapPixel.longitudeDegrees(worldWidth: world)
        try ensure(
            latitudeError <= latitudePixel + ErrorBudget.coordinateDegrees
                && longitudeError <= longitudePixel + ErrorBudget.coordinateDegrees,
            """
            asked for centre \(input.center), the view shows \(shown): \
            \(CheckSupport.short(Swift.max(latitudeError, longitudeError)))° away
            """)
    }
}
