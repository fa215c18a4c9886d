import MercatorCore
import PropertyCheck

/// Family 1: conversions there and back, in seed512 pixels at zoom 20 (the seed's only space).
enum RoundTripProperties {
    static let all: [CatalogueProperty] = [longitude, latitude, pixelX, pixelY, mapPointFactorTwo]

    static let longitude = CatalogueProperty.define(
        "longitude-round-trip", .roundTrips,
        statement: "lon → x → lon returns the longitude to within half a pixel at zoom 20.",
        bound: "0.5 px at zoom 20 seed512 (one round() is ±0.5 px) plus 2 ulps of 180° for the two conversions",
        generator: { _ in CoordinateGen.longitude }
    ) { implementation, longitude, _ in
        let pixel = try CheckSupport.expectValue("project") { try implementation.project(Coordinate(latitude: 0, longitude: longitude), zoom: 20, convention: .seed512) }
        let back = try CheckSupport.expectValue("unproject") { try implementation.unproject(pixel) }
        let bound = 0.5 * CheckSupport.seedPixelDegrees + 2 * 180.0.ulp
        try ensure(abs(back.longitude - longitude) <= bound, "came back as \(back.longitude), \(CheckSupport.short(abs(back.longitude - longitude) / CheckSupport.seedPixelDegrees)) px away")
    }

    static let latitude = CatalogueProperty.define(
        "latitude-round-trip", .roundTrips,
        statement: "lat → y → lat returns a latitude whose exact y is within half a pixel of the original's at zoom 20.",
        bound: "0.5 px at zoom 20 seed512 (one round()), plus 1e-6 px for the exact y's own ulps",
        coverage: [CoverageRequirement(CoordinateGen.highLatitudeLabel, minimumShare: 0.05)],
        pin: { SinglePrecisionClass.latitudeBand($0) },
        generator: { _ in CoordinateGen.bandLatitude }
    ) { implementation, latitude, _ in
        let pixel = try CheckSupport.expectValue("project") { try implementation.project(Coordinate(latitude: latitude, longitude: 0), zoom: 20, convention: .seed512) }
        let back = try CheckSupport.expectValue("unproject") { try implementation.unproject(pixel) }
        try PropertyTolerances.oneRound.require(CheckSupport.exactSeedY(back.latitude), near: CheckSupport.exactSeedY(latitude), "came back as \(back.latitude), in y")
    }

    static let pixelX = CatalogueProperty.define(
        "pixel-x-round-trip", .roundTrips,
        statement: "An integer pixel x → lon → x comes back exactly.",
        bound: "exact: integer pixels are representable and both directions are within far less than 0.5 px",
        generator: { _ in Gen.int(in: 0...536_870_912) }
    ) { implementation, x, _ in
        let coordinate = try CheckSupport.expectValue("unproject") { try implementation.unproject(PixelPoint(x: Double(x), y: 268_435_456, zoom: 20, convention: .seed512)) }
        let pixel = try CheckSupport.expectValue("project") { try implementation.project(coordinate, zoom: 20, convention: .seed512) }
        try ensure(pixel.x == Double(x), "came back as \(NumberText.shortest(pixel.x))")
    }

    static let pixelY = CatalogueProperty.define(
        "pixel-y-round-trip", .roundTrips,
        statement: "An integer pixel y in the world → lat → y comes back to within 1e-6 px (exactly, for code that rounds).",
        bound: "1e-6 px: each direction is within a few ulps; at y = 0 one ulp of latitude is worth 2.4e-7 px",
        pin: { SinglePrecisionClass.pixelBand($0) },
        generator: { _ in Gen.int(in: 0...536_870_912) }
    ) { implementation, y, _ in
        let coordinate = try CheckSupport.expectValue("unproject") { try implementation.unproject(PixelPoint(x: 268_435_456, y: Double(y), zoom: 20, convention: .seed512)) }
        let pixel = try CheckSupport.expectValue("project") { try implementation.project(coordinate, zoom: 20, convention: .seed512) }
        try PropertyTolerances.unrounded.require(pixel.y, near: Double(y), "came back as \(NumberText.shortest(pixel.y))")
    }

    static let mapPointFactorTwo = CatalogueProperty.define(
        "map-point-is-half-seed-pixel", .roundTrips,
        statement: "A coordinate's seed512 pixel at zoom 20 is twice its MapKit map point (2^29 vs 2^28 worlds), to within the seed's rounding.",
        bound: "0.5 px in x and y: the seed rounds each pixel once; MapKit's map point is not rounded",
        appliesTo: { implementation in
            implementation is WebMercator ? "MapKitGeometry models MapKit with the corrected core's own formulas, so this would compare the core with itself" : nil
        },
        coverage: [CoverageRequirement(CoordinateGen.highLatitudeLabel, minimumShare: 0.05)],
        pin: { SinglePrecisionClass.latitudeBand($0.latitude) },
        generator: { _ in CoordinateGen.bandCoordinate }
    ) { implementation, coordinate, _ in
        let pixel = try CheckSupport.expectValue("project") { try implementation.project(coordinate, zoom: 20, convention: .seed512) }
        let point = MapKitGeometry.mapPoint(for: coordinate)
        try PropertyTolerances.halfPixel.require(pixel.x, near: 2 * point.x, "x \(NumberText.shortest(pixel.x)) vs 2 × \(NumberText.shortest(point.x))")
        try PropertyTolerances.halfPixel.require(pixel.y, near: 2 * point.y, "y \(NumberText.shortest(pixel.y)) vs 2 × \(NumberText.shortest(point.y))")
    }
}

/// Stable classes for counterexamples that depend on the platform's `sinf`/`logf`.
///
/// A 1-ulp change in `logf` moves the seed's y by up to ~20 px near the Mercator limit and
/// ~0.2 px near the equator, so the exact latitude a shrinker lands on may differ between
/// libm builds; the 5° band it lands in (or the pixel band) is what pins compare.
enum SinglePrecisionClass {
    /// "latitude band [a°, b°)" of |φ|, with the sign.
    static func latitudeBand(_ latitude: Double) -> String {
        guard latitude.isFinite else { return "latitude \(NumberText.shortest(latitude))" }
        let lower = Int(abs(latitude) / 5) * 5
        return "\(latitude.sign == .minus ? "southern" : "northern") latitude band [\(lower)°, \(lower + 5)°)"
    }

    /// "pixel band" of a y in 2^25-px (1/16 of the world) rows.
    static func pixelBand(_ y: Int) -> String {
        "y in row \(y >> 25) of 16 (each 2^25 px)"
    }
}
