import MercatorCore
import PropertyCheck

/// Family 9: impossible input is refused, through every entry point.
///
/// "Refused" means a typed error, or — for code that validates nothing, like the seed — an
/// outcome that cannot be mistaken for an answer: a non-finite value or a region the map
/// view rejects. A finite, valid-looking answer to an impossible question is the defect.
enum BadInputProperties {
    static let all: [CatalogueProperty] = [latitude, longitude, projectionZoom, pixel, centre, zoom, viewport, fitPoint, zoomReadingSpan, zoomReadingViewport]

    /// NaN, ±∞, or a finite value past `limit` on either side (shrinks toward limit + 1).
    static func beyond(_ limit: Double) -> Gen<Double> {
        Gen.frequency([
            (weight: 3, generator: CoordinateGen.signed(Gen.double(in: limit.nextUp...1e300))),
            (weight: 1, generator: Gen.element(of: [Double.nan, .infinity, -.infinity])),
        ])
    }

    /// Checks that `body` refuses: throws `code`, or returns something `looksValid` rejects.
    ///
    /// `unsupported` counts as a refusal only from the seed port, whose code cannot express
    /// some requests at all (another zoom, another convention); from any other
    /// implementation it is a failure, and so is an `implementation-failure` (an external
    /// program that died or answered garbage has not refused anything).
    static func refused<T>(_ code: String, _ what: String, _ implementation: any ZoomImplementation, _ body: () throws -> T, looksValid: (T) -> Bool) throws {
        switch CheckSupport.outcome(body) {
        case .success(let value):
            try ensure(!looksValid(value), "\(what) answered \(value) instead of refusing")
        case .failure(let error):
            let cannotExpress = error.code == "unsupported" && implementation is SeedPort
            try ensure(error.code == code || cannotExpress, "\(what) threw \(error), expected \(code)")
        }
    }

    /// Zooms just outside 0...28, far outside, and non-finite (shrinks toward −1).
    static let badZoom: Gen<Double> = Gen.frequency([
        (weight: 1, generator: Gen.element(of: [-1.0, 29])),
        (weight: 2, generator: Gen.double(in: 28.0.nextUp...28.5)),
        (weight: 2, generator: Gen.double(in: -1...(-Double.leastNonzeroMagnitude))),
        (weight: 2, generator: Gen.double(in: 28.5...1e300)),
        (weight: 2, generator: Gen.double(in: -1e300...(-1))),
        (weight: 1, generator: Gen.element(of: [Double.nan, .infinity, -.infinity])),
    ])

    static func finite(_ pixel: PixelPoint) -> Bool { pixel.x.isFinite && pixel.y.isFinite }

    static let latitude = CatalogueProperty.define(
        "bad-latitude-is-refused", .badInput,
        statement: "Projecting a latitude that is NaN, infinite or beyond ±90° is refused (invalid-latitude).",
        bound: "exact error code",
        generator: { _ in Gen.frequency([(weight: 1, generator: Gen.element(of: [90.0, -90])), (weight: 4, generator: beyond(90))]) }
    ) { implementation, latitude, _ in
        try refused("invalid-latitude", "project", implementation, { try implementation.project(Coordinate(latitude: latitude, longitude: 0), zoom: 20, convention: .seed512) }, looksValid: finite)
    }

    static let longitude = CatalogueProperty.define(
        "bad-longitude-is-refused", .badInput,
        statement: "Projecting a longitude that is NaN, infinite or beyond ±180° is refused (invalid-longitude).",
        bound: "exact error code",
        generator: { _ in beyond(180) }
    ) { implementation, longitude, _ in
        try refused("invalid-longitude", "project", implementation, { try implementation.project(Coordinate(latitude: 0, longitude: longitude), zoom: 20, convention: .seed512) }, looksValid: finite)
    }

    static let projectionZoom = CatalogueProperty.define(
        "bad-projection-zoom-is-refused", .badInput,
        statement: "Projecting at a zoom below 0, above 28, NaN or infinite is refused (invalid-zoom; code that only has zoom 20 answers unsupported).",
        bound: "exact error code",
        describe: { (zoom: Double) in "zoom \(NumberText.shortest(zoom))" },
        generator: { _ in badZoom }
    ) { implementation, zoom, _ in
        try refused("invalid-zoom", "project", implementation, { try implementation.project(Coordinate(latitude: 10, longitude: 20), zoom: zoom, convention: .seed512) }, looksValid: finite)
    }

    static let pixel = CatalogueProperty.define(
        "bad-pixel-is-refused", .badInput,
        statement: "Unprojecting an x outside the world (0...2^29 at zoom 20) or a non-finite x or y is refused (invalid-longitude / invalid-latitude), not mapped to a longitude past ±180°.",
        bound: "exact error code; a latitude or longitude within range would be a silent answer",
        describe: { (pixel: PixelPoint) in "pixel (x \(NumberText.shortest(pixel.x)), y \(NumberText.shortest(pixel.y))) at zoom 20 seed512" },
        generator: { _ in
            Gen.frequency([
                (weight: 3, generator: CoordinateGen.signed(Gen.double(in: 0...1e300)).map { offset in
                    PixelPoint(x: offset < 0 ? offset - 1 : CheckSupport.seedWorld + 1 + offset, y: CheckSupport.seedWorld / 2, zoom: 20, convention: .seed512)
                }),
                (weight: 1, generator: Gen.element(of: [Double.nan, .infinity, -.infinity]).map { PixelPoint(x: $0, y: CheckSupport.seedWorld / 2, zoom: 20, convention: .seed512) }),
                (weight: 1, generator: Gen.element(of: [Double.nan, .infinity, -.infinity]).map { PixelPoint(x: CheckSupport.seedWorld / 2, y: $0, zoom: 20, convention: .seed512) }),
            ])
        }
    ) { implementation, pixel, _ in
        let code = pixel.x.isFinite ? (pixel.y.isFinite ? "invalid-longitude" : "invalid-latitude") : "invalid-longitude"
        try refused(code, "unproject", implementation, { try implementation.unproject(pixel) }, looksValid: { abs($0.latitude) <= 90 && abs($0.longitude) <= 180 })
    }

    static let centre = CatalogueProperty.define(
        "bad-centre-is-refused", .badInput,
        statement: "Setting a zoom around a centre outside the Mercator band (|lat| > 85.0511°), past ±180° of longitude, or non-finite is refused (invalid-latitude / invalid-longitude).",
        bound: "exact error code",
        generator: { implementation in
            Gen.zip(Gen.bool, beyond(MercatorMath.latitudeLimit), beyond(180), Gen.element(of: ZoomAndViewportGen.conventions(for: implementation)))
                .map { badLatitude, latitude, longitude, convention in
                    SpanInput(center: badLatitude ? Coordinate(latitude: latitude, longitude: 0) : Coordinate(latitude: 0, longitude: longitude),
                              zoom: 3, viewport: Viewport(widthInPoints: 320, heightInPoints: 460), convention: convention)
                }
        }
    ) { implementation, input, _ in
        let code = abs(input.center.latitude) <= MercatorMath.latitudeLimit ? "invalid-longitude" : "invalid-latitude"
        try refused(code, "region", implementation, { try implementation.region(centeredAt: input.center, zoom: input.zoom, viewport: input.viewport, convention: input.convention) }, looksValid: \.isValid)
    }

    static let zoom = CatalogueProperty.define(
        "bad-zoom-is-refused", .badInput,
        statement: "Setting a zoom below 0, above 28, NaN or infinite is refused (invalid-zoom), not clamped, truncated or wrapped.",
        bound: "exact error code",
        describe: { (input: (Double, ZoomConvention)) in "zoom \(NumberText.shortest(input.0)) in \(input.1)" },
        generator: { implementation in Gen.zip(badZoom, Gen.element(of: ZoomAndViewportGen.conventions(for: implementation))) }
    ) { implementation, input, _ in
        try refused("invalid-zoom", "region", implementation, {
            try implementation.region(centeredAt: Coordinate(latitude: 0, longitude: 0), zoom: input.0, viewport: Viewport(widthInPoints: 320, heightInPoints: 460), convention: input.1)
        }, looksValid: \.isValid)
    }

    static let viewport = CatalogueProperty.define(
        "bad-viewport-is-refused", .badInput,
        statement: "Setting a zoom on a viewport whose width or height is zero, negative, NaN or infinite is refused (invalid-viewport).",
        bound: "exact error code",
        describe: { (input: (Viewport, ZoomConvention)) in "viewport \(input.0) in \(input.1)" },
        generator: { implementation in
            let bad = Gen.frequency([(weight: 2, generator: Gen.element(of: [0.0, -0.0, -1])), (weight: 2, generator: Gen.double(in: -1e300...0)), (weight: 1, generator: Gen.element(of: [Double.nan, .infinity, -.infinity]))])
            return Gen.zip(bad, Gen.bool, Gen.element(of: ZoomAndViewportGen.conventions(for: implementation))).map { value, isHeight, convention in
                (isHeight ? Viewport(widthInPoints: 320, heightInPoints: value) : Viewport(widthInPoints: value, heightInPoints: 460), convention)
            }
        }
    ) { implementation, input, _ in
        try refused("invalid-viewport", "region", implementation, { () throws(ProjectionError) in
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
        try refused(code, "fit", implementation, { try implementation.fit(points) }, looksValid: \.isValid)
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
        try refused("invalid-span", "zoom reading", implementation, { () throws(ProjectionError) in
            try implementation.zoom(of: region, viewport: Viewport(widthInPoints: 320, heightInPoints: 460), convention: .seed512)
        }, looksValid: { _ in true })
    }

    static let zoomReadingViewport = CatalogueProperty.define(
        "bad-viewport-zoom-reading-is-refused", .badInput,
        statement: "Reading the zoom of a valid region on a viewport whose width or height is zero, negative, NaN or infinite is refused (invalid-viewport).",
        bound: "exact error code",
        describe: { (viewport: Viewport) in "viewport \(viewport)" },
        generator: { _ in
            let bad = Gen.frequency([(weight: 2, generator: Gen.element(of: [0.0, -0.0, -1])), (weight: 2, generator: Gen.double(in: -1e300...0)), (weight: 1, generator: Gen.element(of: [Double.nan, .infinity, -.infinity]))])
            return Gen.zip(bad, Gen.bool).map { value, isHeight in
                isHeight ? Viewport(widthInPoints: 320, heightInPoints: value) : Viewport(widthInPoints: value, heightInPoints: 460)
            }
        }
    ) { implementation, viewport, _ in
        let region = Region(center: Coordinate(latitude: 0, longitude: 0), span: Span(latitudeDelta: 1, longitudeDelta: 1))
        try refused("invalid-viewport", "zoom reading", implementation, {
            try implementation.zoom(of: region, viewport: viewport, convention: .seed512)
        }, looksValid: { _ in true })
    }
}
