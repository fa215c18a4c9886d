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
            where \
            that is under 360° (not quantised by rounding coarser than a whole zoom-20 pixel, not scaled by pixels \
            per point).
            """,
        bound: """
            the span budget (2 × 3.2e-13° for the edges + 16u relative) + the whole-pixel rounding of both edges (2 \
            × \
            180 / 2^29 °: each edge may be rounded to a whole zoom-20 seed pixel, as the documents do; 0.5 screen px \
            per edge at zoom 20, 128 at zoom 28)
            """, strata: { _ in Strata.Design.unclamped(Strata.Design.integerSpans) },
        generator: { implementation in
            SpanInput.integerZooms(for: implementation).filter("span under 360°", budget: 200) {
                SpanReference($0).longitudeUnclamped
            }
        }
    ) { implementation, input, _ in
        let region = try ZoomFamilyProperties.region(implementation, input)
        let expected = SpanReference(input).longitudeDelta
        let pixel = 360 / SpanReference(input).world
        let error = abs(region.span.longitudeDelta - expected)
        try ensure(
            error <= ErrorBudget.spanDegrees(expected) + 2 * WholePixelRounding.longitudeDegrees,
            """
            longitudeDelta \(NumberText.shortest(region.span.longitudeDelta)) vs \
            \(NumberText.shortest(expected)): \(CheckSupport.short(error / pixel)) px at zoom \
            \(NumberText.shortest(input.zoom))
            """)
    }

    /// The most a centre row rounded to a whole pixel (as the documents round it) moves.
    static let roundedRow = 0.5

    static let latitudeMatchesHeight = CatalogueProperty.define(
        "latitude-span-matches-height", .viewportSpans, .defect, operations: [.span],
        statement: """
            The latitude span is what the viewport's height shows: the latitudes of the rows centre ± height/2 px at \
            zoom z, at every zoom and scale where those rows are in the world and no pole clamps the region.
            """,
        bound: """
            every extent of rows shifted by any t in −0.5…+0.5 px (a centre row rounded to a whole pixel) — \
            computed \
            over the whole interval: the extent is unimodal in t, largest where the window is centred on the equator, \
            so its extremes are the ends and that peak when inside — widened by each edge's row budget (16u·W·(1 + \
            1/cos²φ) px × 360·cos φ / W °/px), the whole-pixel rounding of each edge (half a zoom-20 seed pixel: \
            0.5·W/2^29 px) and the coordinate budget
            """, coverage: [CoverageRequirement(ZoomAndViewportGen.extremeViewportLabel, minimumShare: 0.05)],
        strata: { Strata.Design.rowsInWorld(Strata.Design.fractionalSpans(for: $0)) },
        generator: { SpanInput.fractionalZooms(for: $0) }
    ) { implementation, input, _ in try checkLatitudeSpan(implementation, input) }

    /// The shifts of the centre row, in −`roundedRow`…+`roundedRow` px, at which the latitude
    /// extent of the viewport's rows takes its least and greatest values.
    ///
    /// Why these suffice. The extent is E(t) = φ(c + t − h/2) − φ(c + t + h/2), with φ(y) the
    /// latitude of row y; in ψ = (W/2 − y)·2π/W it is the integral of sech over a window of
    /// fixed width, (180/π)·∫ sech ψ dψ from ψ_bottom to ψ_top. Moving the window south by dt
    /// changes it by (sech ψ_bottom − sech ψ_top)·(2π/W)·(180/π), which is positive while the
    /// window's middle is north of the equator (|ψ_top| > |ψ_bottom|), zero when the window is
    /// centred on it, and negative south of it: sech is even and falls with |ψ|. So E is
    /// unimodal with its peak at t* = W/2 − c (the window centred on the equator): its least
    /// value over an interval is at an end, its greatest at an end or at t* when t* is inside.
    /// Sampling −0.5, 0, +0.5 misses the peak: a correct route that rounds its centre row
    /// then fails by up to 1e-5° at low zoom (`RoundedRowControlTests`).
    static func extremeRowShifts(_ reference: SpanReference) -> [Double] {
        let peak = reference.world / 2 - reference.centerRow
        return [-roundedRow, roundedRow] + (abs(peak) < roundedRow ? [peak] : [])
    }

    /// The check of `latitude-span-matches-height` for one input.
    static func checkLatitudeSpan(_ implementation: any ZoomImplementation, _ input: SpanInput) throws {
        let reference = SpanReference(input)
        let shifts = extremeRowShifts(reference) + [0]
        let edges = shifts.compactMap { reference.edgeLatitudes(shiftedBy: $0) }
        let extents = shifts.compactMap { reference.latitudeDelta(shiftedBy: $0) }
        try assume(extents.count == shifts.count, "the rows leave the world or a pole clamps the region")
        let region = try ZoomFamilyProperties.region(implementation, input)
        // Each edge's budget at the shifted edge farthest from the equator (the budget grows
        // with |φ|), so that it covers every shift in the interval.
        let perEdge =
            edges.flatMap { [$0.north, $0.south] }.map { latitude in
                (ErrorBudget.rowPixels(worldWidth: reference.world, latitude: latitude)
                    + WholePixelRounding.pixels(worldWidth: reference.world))
                    * reference.degreesPerPixel(atLatitude: latitude)
            }.max()! + ErrorBudget.coordinateDegrees
        let unshifted = extents.last!, unshiftedEdges = edges.last!
        let slack = 2 * perEdge + ErrorBudget.relative * extents.max()!
        let low = extents.min()! - slack, high = extents.max()! + slack
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
            \(NumberText.shortest(low))…\(NumberText.shortest(high))° with a centre row rounded: \
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
            """, bound: "the span budget of the span compared (2 × 3.2e-13° + 16u relative)",
        strata: { _ in Strata.Design.integerSpans },
        generator: { implementation in
            Gen.zip(SpanInput.integerZooms(for: implementation), ZoomAndViewportGen.viewport, Gen.bool).map {
                AxisPair(input: $0, other: $1, changesWidth: $2)
            }
        }
    ) { implementation, pair, _ in
        let first = try ZoomFamilyProperties.region(implementation, pair.input)
        let second = try ZoomFamilyProperties.region(implementation, pair.otherInput)
        if pair.changesWidth {
            let difference = abs(first.span.latitudeDelta - second.span.latitudeDelta)
            try ensure(
                difference <= ErrorBudget.spanDegrees(first.span.latitudeDelta),
                """
                latitudeDelta \(NumberText.shortest(first.span.latitudeDelta)) became \
                \(NumberText.shortest(second.span.latitudeDelta)) when only the width (and scale) changed
                """)
        } else {
            let difference = abs(first.span.longitudeDelta - second.span.longitudeDelta)
            try ensure(
                difference <= ErrorBudget.spanDegrees(first.span.longitudeDelta),
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
            (−10° to 170° by a floored modulo, ±180° to 0) nor moved in latitude.
            """,
        bound: """
            the coordinate budget, 3.2e-13°, in latitude and along the circle in longitude (−180° and 180° are \
            one \
            meridian)
            """, strata: { _ in Strata.Design.integerSpans },
        generator: { SpanInput.integerZooms(for: $0, center: CoordinateGen.bandCoordinate) }
    ) { implementation, input, _ in
        let shown = try ZoomFamilyProperties.region(implementation, input).center
        let latitudeError = abs(shown.latitude - input.center.latitude)
        let longitudeError = Region.longitudeDistance(shown.longitude, input.center.longitude)
        try ensure(
            latitudeError <= ErrorBudget.coordinateDegrees && longitudeError <= ErrorBudget.coordinateDegrees,
            """
            asked for centre \(input.center), the view shows \(shown): \
            \(CheckSupport.short(Swift.max(latitudeError, longitudeError)))° away
            """)
    }
}
