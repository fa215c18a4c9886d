import Foundation
import MercatorCore
import PropertyCheck

/// Family 5, the getter's latitude path: a getter that reads both spans (Leaflet's
/// `getBoundsZoom`, `Capabilities.ZoomSource.latitudeAndLongitude`) must read the zoom at
/// which the region's latitude extent is the viewport's height. The round trips cannot say
/// this: they halve the latitude span so that longitude binds.
enum LatitudeReadingProperties {
    static let all: [CatalogueProperty] = [latitudeRoundTrip]

    /// How much narrower than the viewport's the region's longitude span is made, so that
    /// the longitude reading is log2(16) = 4 levels above the latitude one and never binds.
    static let longitudeNarrowing = 16.0

    /// The region whose latitude edges are the latitudes of the viewport's top and bottom
    /// rows at the input's zoom (computed by `SpanReference`, not by the implementation), and
    /// whose longitude span is the viewport's / `longitudeNarrowing`; nil when the rows leave
    /// the world.
    static func rowsRegion(_ input: SpanInput) -> (region: Region, north: Double, south: Double)? {
        let reference = SpanReference(input)
        guard let edges = reference.edgeLatitudes() else { return nil }
        let center = Coordinate(latitude: (edges.north + edges.south) / 2, longitude: input.center.longitude)
        let span = Span(
            latitudeDelta: edges.north - edges.south,
            longitudeDelta: Swift.min(360, reference.longitudeDelta) / longitudeNarrowing)
        return (Region(center: center, span: span), edges.north, edges.south)
    }

    static let latitudeRoundTrip = CatalogueProperty.define(
        "zoom-round-trip-latitude", .zoomRoundTrip, .defect, operations: [.zoom],
        statement: """
            A getter that reads both spans, given a region whose latitude edges are the latitudes of the viewport's \
            top and bottom rows at zoom z (and whose longitude span is 1/16 of the viewport's, so that latitude \
            binds), reads zoom z.
            """,
        bound: """
            derived per case: each edge row off by its row budget plus 3.2e-13° of latitude at W/(360·cos φ) px per \
            degree, plus a whole pixel at the zoom (rounded or floored); the height's relative error r = 2 × that / \
            height + 16u, through log2: r / ((1 − r) ln 2), + 2 ulps of the zoom
            """,
        appliesTo: { implementation in
            implementation.capabilities.zoomSource == .latitudeAndLongitude
                ? ZoomFamilyProperties.wholeLevelsOnly(implementation)
                : "the getter reads the longitude span only (zoomSource longitude): it has no latitude path"
        },
        // The check discards a viewport whose rows leave the world, so it requires none of the
        // strata only such viewports reach (`Strata.Design.rowsInWorld`).
        strata: { Strata.Design.rowsInWorld(Strata.Design.fractionalSpans(for: $0)) },
        generator: { SpanInput.fractionalZooms(for: $0) }
    ) { implementation, input, _ in
        guard let rows = rowsRegion(input) else { throw CaseDiscarded("the viewport's rows leave the world") }
        let reading = try ZoomFamilyProperties.reading(implementation, rows.region, input)
        let world = input.convention.worldWidth(atZoom: input.zoom)
        let edge =
            ErrorBudget.rowFromDegreesPixels(worldWidth: world, latitude: Swift.max(abs(rows.north), abs(rows.south)))
            + MapPixel.pixels
        let bound = ErrorBudget.zoomReading(
            spanPixels: input.viewport.heightInPoints, edgePixels: edge, zoom: input.zoom)
        let error = abs(reading.zoom - input.zoom)
        try ensure(
            error <= bound,
            """
            rows \(NumberText.shortest(rows.north))° to \(NumberText.shortest(rows.south))° read back \
            \(reading), \(CheckSupport.short(error)) from the zoom set (allowed \
            \(CheckSupport.short(bound)))
            """,
            size: .screenPoints(input.viewport.heightInPoints * abs(PortableMath.exp2(reading.zoom - input.zoom) - 1)))
    }
}
