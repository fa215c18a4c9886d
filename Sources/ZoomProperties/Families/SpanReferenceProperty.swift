import MercatorCore
import PropertyCheck

/// `span` against PROTOCOL.md's exact definition, clipping included (family 12).
///
/// `latitude-span-matches-height` checks views whose rows lie inside the world and that no
/// pole limits; the clipping of the rows to 0...W and the pole limit 2(90 − |lat|), which the
/// protocol defines just as exactly, were compared with nothing. This property covers every
/// view, low zooms and tall viewports included, where both bind.
extension ReferenceProperties {
    /// The pole limit 2(90° − |φ|) of the centre the view shows with its row moved by `shift`
    /// pixels (a program that snaps its centre row limits the span by the centre it shows).
    static func poleRoom(_ reference: SpanReference, shift: Double) -> Double {
        guard shift != 0 else { return PoleLimit.room(centeredAt: reference.input.center.latitude) }
        // Not clipped to the world: a centre on the band's edge snapped a pixel outward shows a
        // latitude just past it.
        return PoleLimit.room(
            centeredAt: SpanReference.latitude(y: reference.centerRow + shift, world: reference.world))
    }

    /// The extent least and greatest over every centre row within `pixels` of the exact one
    /// and every edge within `pixels` of its row (`MapPixel`: a program may round or floor its
    /// centre row and its edges to whole pixels at the zoom, as tile renderers do), limited by
    /// the pole room of the centre each shows.
    ///
    /// The visible extent's extremes are `SpanReference.visibleExtentRange(pixels:)`'s (derived
    /// there). The pole room is monotone in the shift on each side of the equator (its extremes
    /// at the ends and where the centre row is the equator's). The limited extent is the lesser
    /// of the two: its least is the least of their least values; its greatest is at most the
    /// lesser of their greatest (a bound, not always attained).
    static func extremeLatitudeDeltas(_ reference: SpanReference, pixels: Double) -> (low: Double, high: Double) {
        let visible = reference.visibleExtentRange(pixels: pixels)
        let room = [-pixels, 0, pixels, reference.world / 2 - reference.centerRow].filter {
            $0 >= -pixels && $0 <= pixels
        }.map { poleRoom(reference, shift: $0) }
        return (Swift.min(visible.low, room.min()!), Swift.min(visible.high, room.max()!))
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
            longitude: the span budget (2 × 3.2e-13° + 16u relative) plus a whole pixel at the zoom for each edge \
            (2 × 360°/W); latitude: between the extremes over every centre row within a pixel of the exact one and \
            every edge row within a pixel of its own (computed at the breakpoints where the extent's monotonicity \
            changes, not sampled; the pole limit of the centre each shows), widened by each edge's row budget at \
            dφ/dy and the coordinate budget
            """,
        // Scaled by 1/2, the fractional branch.
        strata: { Strata.Design.fractionalSpans(for: $0).map { $0.scaled(0.5) } },
        generator: { implementation in
            let capabilities = implementation.capabilities
            let lowest = capabilities.servedZooms.levels.lowerBound
            let lowZooms = lowest...Swift.max(lowest, Swift.min(lowest + 4, capabilities.servedZooms.levels.upperBound))
            let low = Gen.zip(
                CoordinateGen.bandCoordinate, Gen.int(in: lowZooms).map(Double.init).named("zoom"),
                ZoomAndViewportGen.viewport, Gen.element(of: ZoomAndViewportGen.conventions(for: implementation))
            ).map { SpanInput(center: $0, zoom: $1, viewport: $2, convention: $3).taken(by: capabilities) }
            return Gen.frequency([
                (weight: 1, generator: low), (weight: 1, generator: SpanInput.fractionalZooms(for: implementation)),
            ])
        }
    ) { implementation, input, context in
        try requireSpan(
            try ZoomFamilyProperties.region(implementation, input), of: input, pixels: MapPixel.pixels, in: context)
    }

    /// Fails unless `region`'s spans are what PROTOCOL.md defines for `input`, each edge within
    /// `pixels` and its budget, the centre row within `pixels` too.
    static func requireSpan(_ region: Region, of input: SpanInput, pixels: Double, in context: CaseContext) throws {
        let reference = SpanReference(input)
        let longitude = Swift.min(360, reference.longitudeDelta)
        try Tolerance(
            .absolute(ErrorBudget.spanDegrees(longitude) + 2 * pixels * 360 / reference.world),
            because: "the span budget plus \(pixelsReason(pixels)) for each edge"
        ).require(
            region.span.longitudeDelta, near: longitude, "longitudeDelta", screenPoints: { $0 * reference.world / 360 },
            in: context)
        let (low, high) = extremeLatitudeDeltas(reference, pixels: pixels)
        let half = input.viewport.heightInPoints / 2
        let edges = [reference.centerRow - half, reference.centerRow + half].map {
            Swift.min(reference.world, Swift.max(0, $0))
        }.map { SpanReference.latitude(y: $0, world: reference.world) }
        // The whole pixels are in the extremes; each edge adds its row budget at dφ/dy.
        let perEdge =
            edges.map {
                ErrorBudget.rowPixels(worldWidth: reference.world, latitude: $0)
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
