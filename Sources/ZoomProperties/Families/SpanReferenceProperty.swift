import MercatorCore
import PropertyCheck

/// `span` against PROTOCOL.md's exact definition, clipping included (family 12).
///
/// `latitude-span-matches-height` checks views whose rows lie inside the world and that no
/// pole limits; the clipping of the rows to 0...W and the pole limit 2(90 − |lat|), which the
/// protocol defines just as exactly, were compared with nothing. This property covers every
/// view, low zooms and tall viewports included, where both bind.
extension ReferenceProperties {
    /// The latitude extent PROTOCOL.md defines for `input` with the centre row moved by
    /// `shift` pixels: rows clipped to the world, then limited by the poles.
    static func definedLatitudeDelta(_ reference: SpanReference, shift: Double) -> Double {
        let half = reference.input.viewport.heightInPoints / 2
        let top = Swift.max(0, reference.centerRow + shift - half)
        let bottom = Swift.min(reference.world, reference.centerRow + shift + half)
        let visible = Swift.max(
            0,
            SpanReference.latitude(y: top, world: reference.world)
                - SpanReference.latitude(y: bottom, world: reference.world))
        return Swift.min(visible, PoleLimit.room(centeredAt: reference.input.center.latitude))
    }

    /// The extreme extents over every centre row within half a pixel of the exact one (a
    /// program may round its centre row to a whole pixel, as the documents round).
    ///
    /// Why these shifts are enough: between the shifts at which an edge row reaches 0 or W,
    /// the extent is constant (both rows clipped), monotone in the shift (one clipped: the
    /// other edge's latitude moves one way), or unimodal with its peak where the window is
    /// centred on the equator (neither clipped: the rows' latitudes are an odd, concave-convex
    /// function of y). So the extremes over [−0.5, 0.5] lie at its ends, at those breakpoints,
    /// or at the equator-centred shift; the pole limit, a minimum with a constant, keeps that.
    static func extremeLatitudeDeltas(_ reference: SpanReference) -> (low: Double, high: Double) {
        let half = reference.input.viewport.heightInPoints / 2
        let breakpoints = [
            -0.5, 0, 0.5, half - reference.centerRow, reference.world - half - reference.centerRow,
            reference.world / 2 - reference.centerRow,
        ]
        let deltas = breakpoints.filter { $0 >= -0.5 && $0 <= 0.5 }.map { definedLatitudeDelta(reference, shift: $0) }
        return (deltas.min()!, deltas.max()!)
    }

    static let span = CatalogueProperty.define(
        "span-matches-the-reference", .reference, .defect, operations: [.span],
        statement: """
            span gives longitudeDelta = min(360°, 360° · width / W) and latitudeDelta = the latitudes of the \
            viewport's top and bottom rows, clipped to the world, limited to 2(90° − |lat|), for every centre in \
            the \
            band, every declared zoom and every viewport — where the rows leave the world and where a pole limits \
            the \
            region included.
            """,
        bound: """
            longitude: the span budget (2 × 3.2e-13° + 16u relative) plus each edge's whole-pixel rounding (2 × \
            180°/2^29); latitude: between the extremes over every centre row within 0.5 px of the exact one (computed \
            at the breakpoints where the extent's monotonicity changes, not sampled), widened by each edge's row \
            budget and whole-pixel rounding (0.5·W/2^29 px) at dφ/dy, and the coordinate budget
            """,
        strata: { Strata.Design.fractionalSpans(for: $0).map { $0.scaled(0.5, "1/2, the fractional branch") } },
        generator: { implementation in
            let low = Gen.zip(
                CoordinateGen.bandCoordinate, Gen.int(in: 0...4).map(Double.init).named("zoom"),
                ZoomAndViewportGen.viewport, Gen.element(of: ZoomAndViewportGen.conventions(for: implementation))
            ).map { SpanInput(center: $0, zoom: $1, viewport: $2, convention: $3) }
            return Gen.frequency([
                (weight: 1, generator: low), (weight: 1, generator: SpanInput.fractionalZooms(for: implementation)),
            ])
        }
    ) { implementation, input, context in
        let reference = SpanReference(input)
        let region = try ZoomFamilyProperties.region(implementation, input)
        let longitude = Swift.min(360, reference.longitudeDelta)
        try Tolerance(
            .absolute(ErrorBudget.spanDegrees(longitude) + 2 * WholePixelRounding.longitudeDegrees),
            because: "the span budget plus each edge's whole-pixel rounding"
        ).require(
            region.span.longitudeDelta, near: longitude, "longitudeDelta", screenPoints: { $0 * reference.world / 360 },
            in: context)
        let (low, high) = extremeLatitudeDeltas(reference)
        let half = input.viewport.heightInPoints / 2
        let edges = [reference.centerRow - half, reference.centerRow + half].map {
            Swift.min(reference.world, Swift.max(0, $0))
        }.map { SpanReference.latitude(y: $0, world: reference.world) }
        let perEdge =
            edges.map {
                (ErrorBudget.rowPixels(worldWidth: reference.world, latitude: $0)
                    + WholePixelRounding.pixels(worldWidth: reference.world))
                    * reference.degreesPerPixel(atLatitude: $0)
            }.max()! + ErrorBudget.coordinateDegrees
        let slack = 2 * perEdge + ErrorBudget.relative * high
        let delta = region.span.latitudeDelta
        // Its size in screen points at the edge nearer a pole, where a degree spans the most.
        // One value when the two readings agree (a viewport that shows the whole world).
        let span = NumberText.shortest(low) + (low == high ? "°" : "° to \(NumberText.shortest(high))°")
        try ensure(
            delta >= low - slack && delta <= high + slack,
            """
            latitudeDelta \(NumberText.shortest(delta))° but the viewport's rows, clipped to the world and \
            limited by the poles, span \(span)
            """,
            size: .screenPoints(
                (delta < low ? low - delta : delta - high) / edges.map(reference.degreesPerPixel).min()!))
    }
}
