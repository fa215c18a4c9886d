import MercatorCore
import PropertyCheck

/// Family 1: conversions there and back, in the 2^29-px world (zoom 20 seed512, or zoom 21
/// tile256 for code without seed512). All defects: bounds from `ErrorBudget`, plus a whole
/// pixel of that world for each answer a round trip passes through (`MapPixel`: each may be
/// the pixel a map draws the position in, rounded or floored).
enum RoundTripProperties {
    static let all: [CatalogueProperty] = [longitude, latitude, pixelX, pixelY, mapPointFactorTwo]

    static let longitude = CatalogueProperty.define(
        "longitude-round-trip", .roundTrips, .defect, operations: [.project, .unproject],
        statement: """
            lon → x → lon returns the longitude to within two pixels at zoom 20 (seed512), on the circle: ±180° \
            is one meridian, and may come back as either.
            """,
        bound: """
            2 px (project's x and unproject's reading of it may each be a whole pixel away, rounded or floored) + 2 × \
            the position budget (9.5e-7 px each: 16 roundings of u·W)
            """, strata: { _ in Strata.Design.longitudes },
        picture: { longitude, implementation in
            .coordinateRoundTrip(
                Coordinate(latitude: 0, longitude: longitude), CounterexampleRequest.seedSpace(implementation))
        }, generator: { _ in CoordinateGen.longitude }
    ) { implementation, longitude, _ in
        let pixel = try CheckSupport.project(implementation, Coordinate(latitude: 0, longitude: longitude))
        let back = try CheckSupport.unproject(implementation, x: pixel.x, y: pixel.y)
        let errorInPixels = Region.longitudeDistance(back.longitude, longitude) / CheckSupport.seedPixelDegrees
        try ensure(
            errorInPixels <= 2 * MapPixel.pixels + 2 * CheckSupport.seedPositionBudget,
            "came back as \(back.longitude), \(CheckSupport.short(errorInPixels)) px away")
    }

    static let latitude = CatalogueProperty.define(
        "latitude-round-trip", .roundTrips, .defect, operations: [.project, .unproject],
        statement: """
            lat → y → lat returns a latitude whose exact y is within two pixels of the original's at zoom 20.
            """,
        bound: """
            2 px (project's y and unproject's reading of it may each be a whole pixel away) + 2 × the row budget at \
            the latitude (9.5e-7 px × (1 + 1/cos²φ) each: 1.3e-4 px at the Mercator limit)
            """, coverage: [CoverageRequirement(CoordinateGen.highLatitudeLabel, minimumShare: 0.05)],
        strata: { _ in Strata.Design.bandLatitudes }, pin: { SinglePrecisionClass.latitudeBand($0) },
        picture: { latitude, implementation in
            .coordinateRoundTrip(
                Coordinate(latitude: latitude, longitude: 0), CounterexampleRequest.seedSpace(implementation))
        }, generator: { _ in CoordinateGen.bandLatitude }
    ) { implementation, latitude, context in
        let pixel = try CheckSupport.project(implementation, Coordinate(latitude: latitude, longitude: 0))
        let back = try CheckSupport.unproject(implementation, x: pixel.x, y: pixel.y)
        try Tolerance(
            .absolute(2 * MapPixel.pixels + 2 * CheckSupport.seedRowBudget(atLatitude: latitude)),
            because: "a whole pixel for each of the two answers plus two rows' budget"
        ).require(
            CheckSupport.exactSeedY(back.latitude), near: CheckSupport.exactSeedY(latitude),
            "came back as \(back.latitude), in y", screenPoints: { $0 }, in: context)
    }

    static let pixelX = CatalogueProperty.define(
        "pixel-x-round-trip", .roundTrips, .defect, operations: [.project, .unproject],
        statement: """
            An integer pixel x → lon → x comes back within two pixels, on the circle: x = 0 and x = W are one \
            meridian.
            """,
        bound: """
            2 px (unproject may read the pixel's corner or its centre, and project may round or floor it back) + \
            the position budget of the world width: 16 u·W = 9.5e-7 px at 2^29 px
            """, strata: { _ in Strata.Design.worldPixelX },
        picture: { x, implementation in
            .pixelRoundTrip(x: Double(x), y: 268_435_456, CounterexampleRequest.seedSpace(implementation))
        }, generator: { _ in PixelSpaceGen.worldPixelX }
    ) { implementation, x, context in
        let coordinate = try CheckSupport.unproject(implementation, x: Double(x), y: 268_435_456)
        let pixel = try CheckSupport.project(implementation, coordinate)
        let distance = CheckSupport.circularPixelDistance(pixel.x, Double(x), world: CheckSupport.seedWorld)
        try Tolerance(
            .absolute(2 * MapPixel.pixels + CheckSupport.seedPositionBudget),
            because: "a whole pixel for each of the two answers plus 16 roundings of u·W"
        ).require(
            distance, near: 0, "came back as \(NumberText.shortest(pixel.x)), on the circle", screenPoints: { $0 },
            in: context)
    }

    static let pixelY = CatalogueProperty.define(
        "pixel-y-round-trip", .roundTrips, .defect, operations: [.project, .unproject],
        statement: """
            An integer pixel y in the world → lat → y comes back within two pixels.
            """,
        bound: """
            2 px (a whole pixel for each answer) + the row budget at the row's latitude: 16 u·W × (1 + 1/cos²φ) = \
            1.9e-6 px at the equator to 1.3e-4 px at the world's edge (an asin(tanh ψ) inverse loses u/cos²φ there)
            """, strata: { _ in Strata.Design.worldPixel }, pin: { SinglePrecisionClass.pixelBand($0) },
        picture: { y, implementation in
            .pixelRoundTrip(x: 268_435_456, y: Double(y), CounterexampleRequest.seedSpace(implementation))
        }, generator: { _ in Gen.int(in: 0...536_870_912).named("y (px)").labelled(Strata.labels(pixel:)) }
    ) { implementation, y, context in
        let coordinate = try CheckSupport.unproject(implementation, x: 268_435_456, y: Double(y))
        let pixel = try CheckSupport.project(implementation, coordinate)
        let latitude = SpanReference.latitude(y: Double(y), world: CheckSupport.seedWorld)
        try Tolerance(
            .absolute(2 * MapPixel.pixels + CheckSupport.seedRowBudget(atLatitude: latitude)),
            because:
                "a whole pixel for each of the two answers, and 16 roundings of u·W times the latitude's conditioning"
        ).require(
            pixel.y, near: Double(y), "came back as \(NumberText.shortest(pixel.y))", screenPoints: { $0 }, in: context)
    }

    static let mapPointFactorTwo = CatalogueProperty.define(
        "map-point-is-half-seed-pixel", .roundTrips, .defect, operations: [.project],
        statement: """
            A coordinate's pixel in the 2^29-px world is twice its MapKit map point (2^28 world), to within a whole \
            pixel.
            """,
        bound: """
            1 px (a pixel may be whole, rounded or floored) + the row budget at the latitude (9.5e-7 px × \
            (1 + 1/cos²φ)); MapKit's map point is not rounded
            """,
        appliesTo: { implementation in
            implementation is WebMercator
                ? """
                MapKitGeometry models MapKit with the corrected core's own formulas, so this would compare the core \
                with itself
                """ : nil
        }, coverage: [CoverageRequirement(CoordinateGen.highLatitudeLabel, minimumShare: 0.05)],
        strata: { _ in Strata.Design.longitudes + Strata.Design.bandLatitudes },
        pin: { SinglePrecisionClass.latitudeBand($0.latitude) }, generator: { _ in CoordinateGen.bandCoordinate }
    ) { implementation, coordinate, context in
        let pixel = try CheckSupport.project(implementation, coordinate)
        let point = MapKitGeometry.mapPoint(for: coordinate)
        let x = CheckSupport.unwrappedX(pixel.x, longitude: coordinate.longitude, world: CheckSupport.seedWorld)
        let bound = Tolerance(
            .absolute(MapPixel.pixels + CheckSupport.seedRowBudget(atLatitude: coordinate.latitude)),
            because: "a whole pixel plus the row budget")
        try bound.require(
            x, near: 2 * point.x, "x \(NumberText.shortest(pixel.x)) vs 2 × \(NumberText.shortest(point.x))",
            screenPoints: { $0 }, in: context)
        try bound.require(
            pixel.y, near: 2 * point.y, "y \(NumberText.shortest(pixel.y)) vs 2 × \(NumberText.shortest(point.y))",
            screenPoints: { $0 }, in: context)
    }
}

/// Stable classes for counterexamples that depend on the platform's `sinf`/`logf`.
///
/// One ulp of `sinf` moves the seed's y by up to 693 px near 85° (one of `logf` by up to
/// 20.4 px; Reference/seed_sensitivity.py), so the exact latitude a shrinker lands on may
/// differ with `--libm platform`; the 5° band it lands in (or the pixel band) is what pins
/// compare. The default, portable pair gives the same bits everywhere.
enum SinglePrecisionClass {
    /// "latitude band [a°, b°)" of |φ|, with the sign.
    static func latitudeBand(_ latitude: Double) -> String {
        guard latitude.isFinite else { return "latitude \(NumberText.shortest(latitude))" }
        let lower = Int(abs(latitude) / 5) * 5
        return "\(latitude.sign == .minus ? "southern" : "northern") latitude band [\(lower)°, \(lower + 5)°)"
    }

    /// "pixel band" of a y in 2^25-px (1/16 of the world) rows.
    static func pixelBand(_ y: Int) -> String { "y in row \(y >> 25) of 16 (each 2^25 px)" }
}
