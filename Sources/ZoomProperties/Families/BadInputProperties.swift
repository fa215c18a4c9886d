import MercatorCore
import PropertyCheck

/// Family 9: impossible input is refused, through every entry point.
///
/// "Refused" means a typed error, or — for code that validates nothing, like the seed — an
/// outcome that cannot be mistaken for an answer: a non-finite value or a region the map
/// view rejects. A finite, valid-looking answer to an impossible question is the defect.
enum BadInputProperties {
    static let all: [CatalogueProperty] = [latitude, longitude, zoom, viewport, fitPoint, zoomReadingSpan]

    /// NaN, ±∞, or a finite value past `limit` on either side (shrinks toward limit + 1).
    static func beyond(_ limit: Double) -> Gen<Double> {
        Gen.frequency([
            (weight: 3, generator: CoordinateGen.signed(Gen.double(in: limit.nextUp...1e300))),
            (weight: 1, generator: Gen.element(of: [Double.nan, .infinity, -.infinity])),
        ])
    }

    static func refused<T>(_ code: String, _ what: String, _ body: () throws -> T, looksValid: (T) -> Bool) throws {
        switch CheckSupport.outcome(body) {
        case .success(let value):
            try ensure(!looksValid(value), "\(what) answered \(value) instead of refusing")
        case .failure(let error):
            try ensure(error.code == code, "\(what) threw \(error.code), expected \(code)")
        }
    }

    static func finite(_ pixel: PixelPoint) -> Bool { pixel.x.isFinite && pixel.y.isFinite }

    static let latitude = CatalogueProperty.define(
        "bad-latitude-is-refused", .badInput,
        statement: "Projecting a latitude that is NaN, infinite or beyond ±90° is refused (invalid-latitude).",
        bound: "exact error code",
        generator: { _ in Gen.frequency([(weight: 1, generator: Gen.element(of: [90.0, -90])), (weight: 4, generator: beyond(90))]) }
    ) { implementation, latitude, _ in
        try refused("invalid-latitude", "project", { try implementation.project(Coordinate(latitude: latitude, longitude: 0), zoom: 20, convention: .seed512) }, looksValid: finite)
    }

    static let longitude = CatalogueProperty.define(
        "bad-longitude-is-refused", .badInput,
        statement: "Projecting a longitude that is NaN, infinite or beyond ±180° is refused (invalid-longitude).",
        bound: "exact error code",
        generator: { _ in beyond(180) }
    ) { implementation, longitude, _ in
        try refused("invalid-longitude", "project", { try implementation.project(Coordinate(latitude: 0, longitude: longitude), zoom: 20, convention: .seed512) }, looksValid: finite)
    }

    static let zoom = CatalogueProperty.define(
        "bad-zoom-is-refused", .badInput,
        statement: "Setting a zoom below 0, above 28, NaN or infinite is refused (invalid-zoom), not clamped or wrapped.",
        bound: "exact error code",
        generator: { implementation in
            Gen.zip(Gen.frequency([(weight: 1, generator: Gen.element(of: [-1.0, 29])), (weight: 2, generator: Gen.double(in: 28.5...1e300)), (weight: 2, generator: Gen.double(in: -1e300...(-1))), (weight: 1, generator: Gen.element(of: [Double.nan, .infinity, -.infinity]))]),
                    Gen.element(of: ZoomAndViewportGen.conventions(for: implementation)))
        }
    ) { implementation, input, _ in
        try refused("invalid-zoom", "region", { () throws(ProjectionError) in
            try implementation.region(centeredAt: Coordinate(latitude: 0, longitude: 0), zoom: input.0, viewport: Viewport(widthInPoints: 320, heightInPoints: 460), convention: input.1)
        }, looksValid: \.isValid)
    }

    static let viewport = CatalogueProperty.define(
        "bad-viewport-is-refused", .badInput,
        statement: "Setting a zoom on a viewport whose width or height is zero, negative, NaN or infinite is refused (invalid-viewport).",
        bound: "exact error code",
        generator: { implementation in
            let bad = Gen.frequency([(weight: 2, generator: Gen.element(of: [0.0, -0.0, -1])), (weight: 2, generator: Gen.double(in: -1e300...0)), (weight: 1, generator: Gen.element(of: [Double.nan, .infinity, -.infinity]))])
            return Gen.zip(bad, Gen.bool, Gen.element(of: ZoomAndViewportGen.conventions(for: implementation))).map { value, isHeight, convention in
                (isHeight ? Viewport(widthInPoints: 320, heightInPoints: value) : Viewport(widthInPoints: value, heightInPoints: 460), convention)
            }
        }
    ) { implementation, input, _ in
        try refused("invalid-viewport", "region", { () throws(ProjectionError) in
            try implementation.region(centeredAt: Coordinate(latitude: 0, longitude: 0), zoom: 3, viewport: input.0, convention: input.1)
        }, looksValid: \.isValid)
    }

    static let fitPoint = CatalogueProperty.define(
        "bad-fit-point-is-refused", .badInput,
        statement: "Fitting annotations when one has a latitude beyond ±90° or a longitude beyond ±180° (or NaN, ±∞) is refused.",
        bound: "exact error code",
        generator: { _ in
            Gen.zip(Gen.bool, beyond(90), beyond(180), Gen.int(in: 0...3)).map { badLatitude, latitude, longitude, goodCount in
                Array(repeating: Coordinate(latitude: 10, longitude: 20), count: goodCount)
                    + [badLatitude ? Coordinate(latitude: latitude, longitude: 0) : Coordinate(latitude: 0, longitude: longitude)]
            }
        }
    ) { implementation, points, _ in
        let code = points.last.map { abs($0.latitude) <= 90 ? "invalid-longitude" : "invalid-latitude" } ?? "invalid-latitude"
        try refused(code, "fit", { try implementation.fit(points) }, looksValid: \.isValid)
    }

    static let zoomReadingSpan = CatalogueProperty.define(
        "bad-span-zoom-reading-is-refused", .badInput,
        statement: "Reading the zoom of a region whose longitude delta is ≤ 0, over 360°, NaN or infinite is refused (invalid-span).",
        bound: "exact error code",
        generator: { _ in
            Gen.frequency([(weight: 2, generator: Gen.element(of: [0.0, -1, 361, 720])), (weight: 2, generator: Gen.double(in: 360.0.nextUp...1e300)), (weight: 1, generator: Gen.double(in: -1e300...0)), (weight: 1, generator: Gen.element(of: [Double.nan, .infinity]))])
        }
    ) { implementation, longitudeDelta, _ in
        let region = Region(center: Coordinate(latitude: 0, longitude: 0), span: Span(latitudeDelta: 1, longitudeDelta: longitudeDelta))
        try refused("invalid-span", "zoom reading", { () throws(ProjectionError) in
            try implementation.zoom(of: region, viewport: Viewport(widthInPoints: 320, heightInPoints: 460), convention: .seed512)
        }, looksValid: { _ in true })
    }
}
