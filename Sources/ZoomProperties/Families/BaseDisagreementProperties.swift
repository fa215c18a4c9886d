import MercatorCore
import PropertyCheck

/// Family 7: the one-level disagreement between the blog's 512-px world and 256-px tiles.
/// `seed512-zoom-is-tile256-zoom-plus-one` is a defect: the convention is named in every
/// request, so a span must be the one it names. `zoom-level-matches-google` is a convention:
/// a program whose only numbering is seed512 is right to show, at z, what Google shows at
/// z + 1 — it is the numbering that differs, not the arithmetic (the convention matrix's
/// seed512-only control holds every defect property).
enum BaseDisagreementProperties {
    static let all: [CatalogueProperty] = [seedIsTilePlusOne, matchesGoogleTiles]

    /// The reference: what a 256-px-tile map shows, 360° · width / (256 · 2^z), unclamped.
    static func tileLongitudeDelta(width: Double, tileZoom: Double) -> Double {
        360 * width / ZoomConvention.tile256.worldWidth(atZoom: tileZoom)
    }

    /// Two edges each a whole pixel at the request's zoom (`MapPixel`), plus the span budget,
    /// in degrees.
    static func twoWholeEdges(_ expected: Double, _ input: SpanInput) -> Tolerance {
        let pixel = MapPixel.longitudeDegrees(worldWidth: input.convention.worldWidth(atZoom: input.zoom))
        return Tolerance(
            .degrees(2 * pixel + ErrorBudget.spanDegrees(expected)),
            because: "two edges on whole pixels at the zoom, plus the span budget")
    }

    /// The strata of the centre and the zoom; the convention is set after the span input is
    /// drawn, so its composite strata (tile edges, wide viewports) are not claimed, and zoom 0 is
    /// left out because the checks discard clamped spans.
    static let centreAndZoomStrata = Strata.Design.unclamped(
        Strata.Design.longitudes + Strata.Design.bandLatitudes + Strata.Design.integerZooms)

    static let seedIsTilePlusOne = CatalogueProperty.define(
        "seed512-zoom-is-tile256-zoom-plus-one", .baseDisagreement, .defect, operations: [.span],
        statement: "A seed512 zoom z shows the longitude span a 256-px-tile map shows at z + 1.",
        bound: """
            2 px at the zoom asked (2 × 360° / W) + the span budget (2 × 3.2e-13° + 16u relative): each of two edges \
            may be a whole pixel at the zoom, rounded or floored
            """,
        appliesTo: { implementation in
            implementation.capabilities.conventions.contains(.seed512)
                ? nil : "the implementation does not take seed512 zooms"
        }, strata: { _ in centreAndZoomStrata },
        generator: { implementation in
            ZoomFamilyProperties.belowTopZoom(implementation).map { input in
                var input = input
                input.convention = .seed512
                return input
            }
        }
    ) { implementation, input, context in
        let region = try ZoomFamilyProperties.region(implementation, input)
        let expected = tileLongitudeDelta(width: input.viewport.widthInPoints, tileZoom: input.zoom + 1)
        try assume(expected < 360, "clamped at 360°")
        try twoWholeEdges(expected, input).require(
            region.span.longitudeDelta, near: expected,
            """
            longitudeDelta \(NumberText.shortest(region.span.longitudeDelta)) vs \(NumberText.shortest(expected)) \
            at tile256 z + 1
            """, screenPoints: { $0 * input.viewport.widthInPoints / expected }, in: context)
    }

    static let matchesGoogleTiles = CatalogueProperty.define(
        "zoom-level-matches-google", .baseDisagreement, .convention, operations: [.span],
        statement: """
            Zoom level z, as the implementation's setter takes it, shows what Google's 256-px-tile map shows at z \
            (the web map the blog compared against): a convention, since a program that numbers only in seed512 is \
            right to differ by one level.
            """,
        bound: """
            2 px at the zoom asked + the span budget, as for the seed512/tile256 property: two edges on whole pixels
            """, strata: { _ in centreAndZoomStrata },
        generator: { implementation in
            ZoomFamilyProperties.belowTopZoom(implementation).map { input in
                var input = input
                // Asked in tile256 (Google's convention) where the implementation takes it;
                // otherwise in the only convention its code has (a seed variant's own).
                let conventions = implementation.capabilities.conventions
                input.convention = conventions.contains(.tile256) || conventions.isEmpty ? .tile256 : .seed512
                return input
            }
        }
    ) { implementation, input, context in
        let region = try ZoomFamilyProperties.region(implementation, input)
        let expected = tileLongitudeDelta(width: input.viewport.widthInPoints, tileZoom: input.zoom)
        try assume(expected < 360, "clamped at 360°")
        try twoWholeEdges(expected, input).require(
            region.span.longitudeDelta, near: expected,
            """
            longitudeDelta \(NumberText.shortest(region.span.longitudeDelta)) vs Google's \
            \(NumberText.shortest(expected))
            """, screenPoints: { $0 * input.viewport.widthInPoints / expected }, in: context)
    }
}
