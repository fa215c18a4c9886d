import MercatorCore
import PropertyCheck

/// Families 4 and 5: spans as the zoom changes, and reading the zoom back.
enum ZoomFamilyProperties {
    static let all: [CatalogueProperty] = [spanShrinks, longitudeHalves, levelRoundTrip, fractionalRoundTrip, spanNotQuantised]

    static func region(_ implementation: any ZoomImplementation, _ input: SpanInput, zoom: Double? = nil) throws -> Region {
        try CheckSupport.expectValue("region at zoom \(NumberText.shortest(zoom ?? input.zoom))") {
            try implementation.region(centeredAt: input.center, zoom: zoom ?? input.zoom, viewport: input.viewport, convention: input.convention)
        }
    }

    /// Span inputs with integer zooms 0...27 (so that z + 1 exists).
    static func belowTopZoom(_ implementation: any ZoomImplementation) -> Gen<SpanInput> {
        SpanInput.integerZooms(for: implementation).map { input in
            var input = input
            input.zoom = Swift.min(input.zoom, 27)
            return input
        }
    }

    static let spanShrinks = CatalogueProperty.define(
        "span-shrinks-as-zoom-grows", .zoomMonotonicity,
        statement: "Going from zoom z to z + 1 strictly shrinks the longitude span (unless both are clamped at 360°) and never grows the latitude span.",
        bound: "exact comparisons",
        generator: belowTopZoom
    ) { implementation, input, _ in
        let outer = try region(implementation, input), inner = try region(implementation, input, zoom: input.zoom + 1)
        let bothClamped = outer.span.longitudeDelta == 360 && inner.span.longitudeDelta == 360
        try ensure(bothClamped || inner.span.longitudeDelta < outer.span.longitudeDelta,
                   "longitudeDelta \(NumberText.shortest(outer.span.longitudeDelta)) at z, \(NumberText.shortest(inner.span.longitudeDelta)) at z + 1")
        try ensure(inner.span.latitudeDelta <= outer.span.latitudeDelta,
                   "latitudeDelta \(NumberText.shortest(outer.span.latitudeDelta)) at z, \(NumberText.shortest(inner.span.latitudeDelta)) at z + 1")
    }

    static let longitudeHalves = CatalogueProperty.define(
        "longitude-span-halves-per-level", .zoomMonotonicity,
        statement: "Where nothing is clamped, the longitude span at z + 1 is exactly half the span at z.",
        bound: "exact: halving is exact in binary floating point, so any difference is the implementation's",
        generator: belowTopZoom
    ) { implementation, input, _ in
        let outer = try region(implementation, input)
        guard outer.span.longitudeDelta < 360 else { return }
        let inner = try region(implementation, input, zoom: input.zoom + 1)
        try ensure(inner.span.longitudeDelta * 2 == outer.span.longitudeDelta,
                   "\(NumberText.shortest(outer.span.longitudeDelta)) at z but \(NumberText.shortest(inner.span.longitudeDelta)) × 2 = \(NumberText.shortest(inner.span.longitudeDelta * 2)) at z + 1")
    }

    static let levelRoundTrip = CatalogueProperty.define(
        "zoom-round-trip-level", .zoomRoundTrip,
        statement: "Setting integer zoom z and reading the zoom back gives level z (where the span is not clamped at 360°).",
        bound: "exact integer equality",
        appliesTo: { implementation in
            guard let seed = implementation as? SeedPort, seed.variant.nativeConvention != .seed512 else { return nil }
            return "the comments' getter reads seed512 zooms only, and this variant sets tile256 zooms"
        },
        coverage: [CoverageRequirement(ZoomAndViewportGen.zoomZeroLabel, minimumShare: 0.01)],
        generator: { SpanInput.integerZooms(for: $0) }
    ) { implementation, input, _ in
        let region = try region(implementation, input)
        guard region.span.longitudeDelta < 360 else { return }
        let reading = try CheckSupport.expectValue("zoom reading") { try implementation.zoom(of: region, viewport: input.viewport, convention: input.convention) }
        try ensure(reading.level == Int(input.zoom), "read back \(reading)")
    }

    static let fractionalRoundTrip = CatalogueProperty.define(
        "zoom-round-trip-fractional", .zoomRoundTrip,
        statement: "Setting a fractional zoom and reading it back gives the same zoom (where the span is not clamped at 360°).",
        bound: "2 ulps of max(zoom, 1): the ratio 360·w/(W₀·Δλ) carries one rounding, log2 adds ≤ 1 ulp",
        appliesTo: { ($0 as? SeedPort) != nil ? "the seed's zoom levels are NSUInteger: it has no fractional zooms" : nil },
        generator: { SpanInput.fractionalZooms(for: $0) }
    ) { implementation, input, _ in
        let region = try region(implementation, input)
        guard region.span.longitudeDelta < 360 else { return }
        let reading = try CheckSupport.expectValue("zoom reading") { try implementation.zoom(of: region, viewport: input.viewport, convention: input.convention) }
        let check = Tolerance.ulps(2, floor: 1, because: "one rounding in the ratio, one in log2").check(reading.zoom, against: input.zoom)
        try ensure(check.passed, "read back \(reading), \(CheckSupport.short(check.observedError)) ulps away")
    }

    static let spanNotQuantised = CatalogueProperty.define(
        "longitude-span-not-quantised", .zoomRoundTrip,
        statement: "The longitude span is what the viewport shows, 360° · width / W(z), to 0.01 px at zoom z, at every zoom where that is under 360°.",
        bound: "0.01 px at zoom z: well above the ~1e-5 px that subtracting two rounded longitudes costs at zoom 28, well below the ≥ 0.25 px a round() shift costs",
        generator: { implementation in
            SpanInput.integerZooms(for: implementation).filter("span under 360°", budget: 200) {
                360 * $0.viewport.widthInPoints / $0.convention.worldWidth(atZoom: $0.zoom) < 360
            }
        }
    ) { implementation, input, _ in
        let region = try region(implementation, input)
        let pixel = 360 / input.convention.worldWidth(atZoom: input.zoom)
        let expected = input.viewport.widthInPoints * pixel
        try PropertyTolerances.notQuantised.require(region.span.longitudeDelta / pixel, near: input.viewport.widthInPoints,
            "longitudeDelta \(NumberText.shortest(region.span.longitudeDelta)) vs \(NumberText.shortest(expected)), in px at zoom \(NumberText.shortest(input.zoom))")
    }
}
