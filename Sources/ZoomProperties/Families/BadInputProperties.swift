import Foundation
import MercatorCore
import PropertyCheck

/// Family 9: impossible input is refused, through every entry point.
///
/// Refusing is a convention (`Capabilities.badInput`): with `error-codes` the error must
/// carry exactly the code PROTOCOL.md names; with `refuses` any protocol error, or an outcome
/// that cannot be mistaken for an answer (a non-finite value, a region a map view rejects),
/// will do; with `unchecked` these properties do not apply. One thing is a defect whatever
/// the policy: a finite, valid-looking answer to NaN (`nan-input-is-never-answered`).
enum BadInputProperties {
    static let all: [CatalogueProperty] = [
        nanNeverAnswered, latitude, longitude, projectionZoom, pixel, centre, centreBeyondBand, zoom, viewport,
        fitPoint, zoomReadingSpan, zoomReadingRegion, zoomReadingViewport,
    ]

    /// NaN, ±∞, or a finite value past `limit` on either side (shrinks toward limit + 1),
    /// called `name` in reports.
    static func beyond(_ limit: Double, _ name: String) -> Gen<Double> {
        Gen.frequency([
            (weight: 3, generator: CoordinateGen.signed(Gen.double(in: limit.nextUp...1e300))),
            (weight: 1, generator: Gen.element(of: [Double.nan, .infinity, -.infinity])),
        ]).named(name)
    }

    /// Not applicable to an implementation that does not validate its input.
    static let refusalPolicyApplies: @Sendable (any ZoomImplementation) -> String? = { implementation in
        implementation.capabilities.badInput == .unchecked
            ? "the implementation does not validate its input (bad input: unchecked)" : nil
    }

    /// How a failure message shows a value that should have been refused: a region with its
    /// span to 10 significant digits (the seed port computes its latitudes with the platform's
    /// double `exp`/`atan`, whose last bits differ between libms and are not the claim: that
    /// it answered at all is), anything else as it describes itself.
    static func answered<T>(_ value: T) -> String {
        guard let region = value as? Region else { return "\(value)" }
        let digits = { (degrees: Double) in String(format: "%.10g", degrees) }
        return """
            centre \(region.center), Δlat \(digits(region.span.latitudeDelta))°, Δlon \
            \(digits(region.span.longitudeDelta))°
            """
    }

    /// Checks that `body` refuses under the implementation's bad-input policy: throws
    /// exactly `code` (`error-codes`), or throws any protocol error or returns something
    /// `looksValid` rejects (`refuses`).
    ///
    /// `unsupported` passes through (the case is not applicable: a program that cannot serve
    /// an op answers every request to it so, bad or not). An `implementation-failure` (an
    /// external program that died or answered garbage) has not refused anything.
    static func refused<T>(
        _ code: String, _ what: String, _ implementation: any ZoomImplementation, _ body: () throws -> T,
        looksValid: (T) -> Bool
    ) throws {
        switch CheckSupport.outcome(body) {
        case .success(let value):
            // Under error-codes the refusal is the named code, so even a non-finite or invalid
            // answer departs from what the program declared.
            try ensure(
                implementation.capabilities.badInput != .errorCodes,
                "\(what) answered \(value) instead of refusing with \(code)")
            try ensure(!looksValid(value), "\(what) answered \(answered(value)) instead of refusing")
        case .failure(let error):
            if error.code == "unsupported" { throw error }
            switch implementation.capabilities.badInput {
            case .errorCodes: try ensure(error.code == code, "\(what) threw \(error), expected \(code)")
            case .refuses, .unchecked:
                try ensure(
                    error.code != ProjectionError.implementationFailure("").code, "\(what) did not refuse: \(error)")
            }
        }
    }

    /// Checks that reading the zoom of `region` on `viewport` is refused (`refused`), in
    /// the implementation's first convention; a finite zoom is an answer.
    static func zoomReadingRefused(
        _ code: String, _ what: String, _ implementation: any ZoomImplementation, region: Region,
        viewport: Viewport = Viewport(widthInPoints: 320, heightInPoints: 460)
    ) throws {
        try refused(
            code, what, implementation,
            { () throws(ProjectionError) in
                try implementation.zoom(
                    of: region, viewport: viewport, convention: ZoomAndViewportGen.conventions(for: implementation)[0])
            }, looksValid: { $0.zoom.isFinite })
    }

    /// One NaN in one input of one operation.
    enum NaNProbe: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case projectLatitude = "project, lat NaN", projectLongitude = "project, lon NaN"
        case unprojectX = "unproject, x NaN", unprojectY = "unproject, y NaN"
        case spanLatitude = "span, centre lat NaN", spanZoom = "span, zoom NaN"
        case spanWidth = "span, width NaN", spanHeight = "span, height NaN"
        case zoomLongitudeDelta = "zoom, longitudeDelta NaN", zoomWidth = "zoom, width NaN"
        case fitLatitude = "fit, one point's lat NaN", fitLongitude = "fit, one point's lon NaN"
        case zoomCentreLatitude = "zoom, centre lat NaN", zoomCentreLongitude = "zoom, centre lon NaN"
        case zoomLatitudeDelta = "zoom, latitudeDelta NaN"

        var operation: Capabilities.Operation {
            switch self {
            case .projectLatitude, .projectLongitude: .project
            case .unprojectX, .unprojectY: .unproject
            case .spanLatitude, .spanZoom, .spanWidth, .spanHeight: .span
            case .zoomLongitudeDelta, .zoomWidth, .zoomCentreLatitude, .zoomCentreLongitude, .zoomLatitudeDelta: .zoom
            case .fitLatitude, .fitLongitude: .fit
            }
        }

        var description: String { rawValue }

        /// Whether a getter that reads `source` reads the field this probe makes NaN: one that
        /// reads the longitude span reads it and the width only (PROTOCOL.md: the latitude span
        /// and the centre are validated but not read); one that reads both spans reads all but
        /// the centre's longitude. Every other probe's field is read.
        func isRead(by source: Capabilities.ZoomSource) -> Bool {
            switch (self, source) {
            case (.zoomCentreLatitude, .longitude), (.zoomLatitudeDelta, .longitude), (.zoomCentreLongitude, _): false
            default: true
            }
        }
    }

    static let nanNeverAnswered = CatalogueProperty.define(
        "nan-input-is-never-answered", .badInput, .defect, operations: [],
        statement: """
            A NaN in an input the answer depends on never gets a finite, valid-looking answer (a NaN point dropped by \
            min/max, a NaN zoom clamped to 360°): it is refused or comes back non-finite or invalid, whatever the \
            bad-input policy (under `unchecked`, in the fields the declared route reads).
            """, bound: "exact: any protocol error, a non-finite value, or an invalid region passes",
        describe: { (probe: (NaNProbe, Int)) in
            probe.0.operation == .fit ? "\(probe.0) among \(probe.1) good points" : probe.0.description
        },
        generator: { implementation in
            let supported = NaNProbe.allCases.filter { implementation.capabilities.supports($0.operation) }
            return Gen.zip(
                Gen.element(of: supported.isEmpty ? NaNProbe.allCases : supported).named("NaN input"),
                Gen.int(in: 0...3).named("good points"))
        }
    ) { implementation, probe, _ in
        let (kind, goodPoints) = probe
        try assume(implementation.capabilities.supports(kind.operation), "\(kind.operation) not answered")
        // A program that validates nothing need not look at a field its declared route never
        // reads: its answer does not depend on it.
        try assume(
            implementation.capabilities.badInput != .unchecked
                || kind.isRead(by: implementation.capabilities.zoomSource),
            "a field the declared route does not read, and the program declares bad input unchecked")
        let nan = Double.nan, space = CheckSupport.pixelSpace(implementation)
        let convention = ZoomAndViewportGen.conventions(for: implementation)[0]
        let viewport = Viewport(
            widthInPoints: kind == .spanWidth ? nan : 320, heightInPoints: kind == .spanHeight ? nan : 460)
        let finite: (PixelPoint) -> Bool = { $0.x.isFinite && $0.y.isFinite }
        func noAnswer<T>(_ body: () throws -> T, looksValid: (T) -> Bool) throws {
            switch CheckSupport.outcome(body) {
            case .success(let value): try ensure(!looksValid(value), "answered \(value)")
            // Any protocol error refuses, `unsupported` included: it is not an answer (and
            // discarding the probe would hide a NaN taken for an unsupported value). Only a
            // program that said nothing about itself may mean "not this operation" by it.
            case .failure(let error):
                if error.code == "unsupported", !implementation.capabilities.isDeclared { throw error }
            }
        }
        switch kind {
        case .projectLatitude, .projectLongitude:
            let coordinate = Coordinate(
                latitude: kind == .projectLatitude ? nan : 10, longitude: kind == .projectLongitude ? nan : 20)
            try noAnswer(
                { try implementation.project(coordinate, zoom: space.zoom, convention: space.convention) },
                looksValid: finite)
        case .unprojectX, .unprojectY:
            let pixel = PixelPoint(
                x: kind == .unprojectX ? nan : 2e8, y: kind == .unprojectY ? nan : 2e8, zoom: space.zoom,
                convention: space.convention)
            try noAnswer(
                { try implementation.unproject(pixel) }, looksValid: { $0.latitude.isFinite && $0.longitude.isFinite })
        case .spanLatitude, .spanZoom, .spanWidth, .spanHeight:
            let centre = Coordinate(latitude: kind == .spanLatitude ? nan : 10, longitude: 20)
            try noAnswer(
                {
                    try implementation.region(
                        centeredAt: centre, zoom: kind == .spanZoom ? nan : 3, viewport: viewport,
                        convention: convention)
                }, looksValid: \.isValid)
        case .zoomLongitudeDelta, .zoomWidth, .zoomCentreLatitude, .zoomCentreLongitude, .zoomLatitudeDelta:
            let centre = Coordinate(
                latitude: kind == .zoomCentreLatitude ? nan : 10, longitude: kind == .zoomCentreLongitude ? nan : 20)
            let region = Region(
                center: centre,
                span: Span(
                    latitudeDelta: kind == .zoomLatitudeDelta ? nan : 1,
                    longitudeDelta: kind == .zoomLongitudeDelta ? nan : 1))
            let view = Viewport(widthInPoints: kind == .zoomWidth ? nan : 320, heightInPoints: 460)
            try noAnswer(
                { try implementation.zoom(of: region, viewport: view, convention: convention) },
                looksValid: { $0.zoom.isFinite })
        case .fitLatitude, .fitLongitude:
            let bad = Coordinate(latitude: kind == .fitLatitude ? nan : 10, longitude: kind == .fitLongitude ? nan : 20)
            let points = Array(repeating: Coordinate(latitude: 10, longitude: 20), count: goodPoints) + [bad]
            try noAnswer({ try implementation.fit(points) }, looksValid: \.isValid)
        }
    }

    /// Zooms just outside 0...28, far outside, and non-finite (shrinks toward −1).
    static let badZoom: Gen<Double> = Gen.frequency([
        (weight: 1, generator: Gen.element(of: [-1.0, 29])), (weight: 2, generator: Gen.double(in: 28.0.nextUp...28.5)),
        (weight: 2, generator: Gen.double(in: -1...(-Double.leastNonzeroMagnitude))),
        (weight: 2, generator: Gen.double(in: 28.5...1e300)), (weight: 2, generator: Gen.double(in: -1e300...(-1))),
        (weight: 1, generator: Gen.element(of: [Double.nan, .infinity, -.infinity])),
    ]).named("zoom")

    static func finite(_ pixel: PixelPoint) -> Bool { pixel.x.isFinite && pixel.y.isFinite }

    static let latitude = CatalogueProperty.define(
        "bad-latitude-is-refused", .badInput, .convention, operations: [.project],
        statement: "Projecting a latitude that is NaN, infinite or beyond ±90° is refused (invalid-latitude).",
        bound: "exact error code", appliesTo: refusalPolicyApplies,
        generator: { _ in
            Gen.frequency([
                (weight: 1, generator: Gen.element(of: [90.0, -90])), (weight: 4, generator: beyond(90, "latitude")),
            ])
        }
    ) { implementation, latitude, _ in
        let space = CheckSupport.pixelSpace(implementation)
        try refused(
            "invalid-latitude", "project", implementation,
            {
                try implementation.project(
                    Coordinate(latitude: latitude, longitude: 0), zoom: space.zoom, convention: space.convention)
            }, looksValid: finite)
    }

    static let longitude = CatalogueProperty.define(
        "bad-longitude-is-refused", .badInput, .convention, operations: [.project],
        statement: "Projecting a longitude that is NaN, infinite or beyond ±180° is refused (invalid-longitude).",
        bound: "exact error code", appliesTo: refusalPolicyApplies, generator: { _ in beyond(180, "longitude") }
    ) { implementation, longitude, _ in
        let space = CheckSupport.pixelSpace(implementation)
        try refused(
            "invalid-longitude", "project", implementation,
            {
                try implementation.project(
                    Coordinate(latitude: 0, longitude: longitude), zoom: space.zoom, convention: space.convention)
            }, looksValid: finite)
    }

    static let projectionZoom = CatalogueProperty.define(
        "bad-projection-zoom-is-refused", .badInput, .convention, operations: [.project],
        statement: """
            Projecting, and unprojecting where the implementation does, at a zoom below 0, above 28, NaN or infinite \
            is refused (invalid-zoom; code that only has zoom 20 answers unsupported).
            """, bound: "exact error code", appliesTo: refusalPolicyApplies,
        describe: { (zoom: Double) in "zoom \(NumberText.shortest(zoom))" }, generator: { _ in badZoom }
    ) { implementation, zoom, _ in
        let convention = ZoomAndViewportGen.conventions(for: implementation)[0]
        try refused(
            "invalid-zoom", "project", implementation,
            { try implementation.project(Coordinate(latitude: 10, longitude: 20), zoom: zoom, convention: convention) },
            looksValid: finite)
        // The same zoom to unproject, at the world's corner (a pixel of every world), so that
        // only the zoom can be refused.
        guard implementation.capabilities.operations.contains(.unproject) else { return }
        try refused(
            "invalid-zoom", "unproject", implementation,
            { try implementation.unproject(PixelPoint(x: 0, y: 0, zoom: zoom, convention: convention)) },
            looksValid: { $0.latitude.isFinite && $0.longitude.isFinite })
    }

    static let pixel = CatalogueProperty.define(
        "bad-pixel-is-refused", .badInput, .convention, operations: [.unproject],
        statement: """
            Unprojecting an x outside the world (0...2^29 at zoom 20) or a non-finite x or y is refused \
            (invalid-longitude / invalid-latitude), not mapped to a longitude past ±180°.
            """, bound: "exact error code; a latitude or longitude within range would be a silent answer",
        appliesTo: refusalPolicyApplies,
        describe: { (pixel: PixelPoint) in
            """
            pixel (x \(NumberText.shortest(pixel.x)), y \(NumberText.shortest(pixel.y))) at zoom 20 seed512
            """
        },
        generator: { _ in
            Gen.frequency([
                (
                    weight: 3,
                    generator: CoordinateGen.signed(Gen.double(in: 0...1e300)).named(
                        "x beyond the world (px past its edge)"
                    ).map { offset in
                        PixelPoint(
                            x: offset < 0 ? offset - 1 : CheckSupport.seedWorld + 1 + offset,
                            y: CheckSupport.seedWorld / 2, zoom: 20, convention: .seed512)
                    }
                ),
                (
                    weight: 1,
                    generator: Gen.element(of: [Double.nan, .infinity, -.infinity]).map {
                        PixelPoint(x: $0, y: CheckSupport.seedWorld / 2, zoom: 20, convention: .seed512)
                    }
                ),
                (
                    weight: 1,
                    generator: Gen.element(of: [Double.nan, .infinity, -.infinity]).map {
                        PixelPoint(x: CheckSupport.seedWorld / 2, y: $0, zoom: 20, convention: .seed512)
                    }
                ),
            ])
        }
    ) { implementation, pixel, _ in
        let code =
            pixel.x.isFinite ? (pixel.y.isFinite ? "invalid-longitude" : "invalid-latitude") : "invalid-longitude"
        let space = CheckSupport.pixelSpace(implementation)
        let asked = PixelPoint(x: pixel.x, y: pixel.y, zoom: space.zoom, convention: space.convention)
        try refused(
            code, "unproject", implementation, { try implementation.unproject(asked) },
            looksValid: { abs($0.latitude) <= 90 && abs($0.longitude) <= 180 })
    }

    static let centre = CatalogueProperty.define(
        "bad-centre-is-refused", .badInput, .convention, operations: [.span],
        statement: """
            Setting a zoom around a centre past ±90° of latitude or ±180° of longitude, or non-finite, is refused \
            (invalid-latitude / invalid-longitude).
            """, bound: "exact error code", appliesTo: refusalPolicyApplies,
        generator: { implementation in
            Gen.zip(
                Gen.bool, beyond(90, "latitude"), beyond(180, "longitude"),
                Gen.element(of: ZoomAndViewportGen.conventions(for: implementation))
            ).map { badLatitude, latitude, longitude, convention in
                SpanInput(
                    center: badLatitude
                        ? Coordinate(latitude: latitude, longitude: 0) : Coordinate(latitude: 0, longitude: longitude),
                    zoom: 3, viewport: Viewport(widthInPoints: 320, heightInPoints: 460), convention: convention)
            }
        }
    ) { implementation, input, _ in
        let code = abs(input.center.latitude) <= 90 ? "invalid-longitude" : "invalid-latitude"
        try refused(
            code, "region", implementation,
            {
                try implementation.region(
                    centeredAt: input.center, zoom: input.zoom, viewport: input.viewport, convention: input.convention)
            }, looksValid: \.isValid)
    }

    static let centreBeyondBand = CatalogueProperty.define(
        "centre-beyond-the-band-is-refused", .badInput, .convention, operations: [.span],
        statement: """
            Setting a zoom around a centre beyond the Mercator band (85.0511° < |lat| < 90°), where a map view \
            cannot centre, is refused with invalid-latitude (ZoomCheck's centre limit).
            """,
        bound: """
            exact error code (any refusal under the refuses policy); a centre within the coordinate budget of the \
            band's edge (3.2e-13°) may be accepted: the program's own atan(sinh π) may hold it
            """,
        appliesTo: { implementation in
            // A refusal property: an unchecked program refuses nothing (PROTOCOL.md).
            refusalPolicyApplies(implementation)
                ?? (implementation.capabilities.centreLimit == .none
                    ? "the implementation accepts any latitude as a centre (centre limit: none)" : nil)
        },
        generator: { implementation in
            Gen.zip(
                CoordinateGen.signed(Gen.double(in: MercatorMath.latitudeLimit.nextUp...90.0.nextDown)).named(
                    "centre latitude"), Gen.element(of: ZoomAndViewportGen.conventions(for: implementation))
            ).map { latitude, convention in
                SpanInput(
                    center: Coordinate(latitude: latitude, longitude: 0), zoom: 3,
                    viewport: Viewport(widthInPoints: 320, heightInPoints: 460), convention: convention)
            }
        }
    ) { implementation, input, _ in
        // The band's limit is a computed value, atan(sinh π): a program's own may be an ulp or a
        // few above ZoomCheck's double, and then accepts a centre that far past it.
        let answer = CheckSupport.outcome {
            try implementation.region(
                centeredAt: input.center, zoom: input.zoom, viewport: input.viewport, convention: input.convention)
        }
        if case .success = answer {
            let atEdge = CheckSupport.isAtComputedEdge(
                abs(input.center.latitude), edge: MercatorMath.latitudeLimit, budget: ErrorBudget.coordinateDegrees)
            try assume(
                !atEdge, "a centre within rounding of the band's edge, which the program's own band edge may hold")
        }
        try refused("invalid-latitude", "region", implementation, { try answer.get() }, looksValid: \.isValid)
    }

    static let zoom = CatalogueProperty.define(
        "bad-zoom-is-refused", .badInput, .convention, operations: [.span],
        statement: """
            Setting a zoom below 0, above 28, NaN or infinite is refused (invalid-zoom), not clamped, truncated or \
            wrapped.
            """, bound: "exact error code", appliesTo: refusalPolicyApplies,
        describe: { (input: (Double, ZoomConvention)) in "zoom \(NumberText.shortest(input.0)) in \(input.1)" },
        generator: { implementation in
            Gen.zip(badZoom, Gen.element(of: ZoomAndViewportGen.conventions(for: implementation)))
        }
    ) { implementation, input, _ in
        try refused(
            "invalid-zoom", "region", implementation,
            {
                try implementation.region(
                    centeredAt: Coordinate(latitude: 0, longitude: 0), zoom: input.0,
                    viewport: Viewport(widthInPoints: 320, heightInPoints: 460), convention: input.1)
            }, looksValid: \.isValid)
    }

    /// A 320 × 460-pt viewport at 1 px/pt with one bad value — zero, negative, NaN or infinite —
    /// in its width, its height or its scale (PROTOCOL.md validates `scale` like `width` and
    /// `height`: a program that stops refusing a bad scale is caught).
    static let badViewport: Gen<Viewport> = Gen.zip(
        Gen.frequency([
            (weight: 2, generator: Gen.element(of: [0.0, -0.0, -1])),
            (weight: 2, generator: Gen.double(in: -1e300...0)),
            (weight: 1, generator: Gen.element(of: [Double.nan, .infinity, -.infinity])),
        ]).named("viewport side or scale"), Gen.int(in: 0...2).named("which: width, height, scale")
    ).map { value, which in
        Viewport(
            widthInPoints: which == 0 ? value : 320, heightInPoints: which == 1 ? value : 460,
            pixelsPerPoint: which == 2 ? value : 1)
    }

    static let viewport = CatalogueProperty.define(
        "bad-viewport-is-refused", .badInput, .convention, operations: [.span],
        statement: """
            Setting a zoom on a viewport whose width, height or scale is zero, negative, NaN or infinite is refused \
            (invalid-viewport).
            """, bound: "exact error code", appliesTo: refusalPolicyApplies,
        describe: { (input: (Viewport, ZoomConvention)) in "viewport \(input.0) in \(input.1)" },
        generator: { implementation in
            Gen.zip(badViewport, Gen.element(of: ZoomAndViewportGen.conventions(for: implementation)))
        }
    ) { implementation, input, _ in
        try refused(
            "invalid-viewport", "region", implementation,
            { () throws(ProjectionError) in
                try implementation.region(
                    centeredAt: Coordinate(latitude: 0, longitude: 0), zoom: 3, viewport: input.0, convention: input.1)
            }, looksValid: \.isValid)
    }

    static let fitPoint = CatalogueProperty.define(
        "bad-fit-point-is-refused", .badInput, .convention, operations: [.fit],
        statement: """
            Fitting annotations when one has a latitude beyond ±90° or a longitude beyond ±180° (or NaN, ±∞) is \
            refused.
            """, bound: "exact error code", appliesTo: refusalPolicyApplies,
        generator: { _ in
            Gen.zip(
                Gen.bool, beyond(90, "latitude"), beyond(180, "longitude"), Gen.int(in: 0...3).named("valid points")
            ).map { badLatitude, latitude, longitude, goodCount in
                Array(repeating: Coordinate(latitude: 10, longitude: 20), count: goodCount) + [
                    badLatitude
                        ? Coordinate(latitude: latitude, longitude: 0) : Coordinate(latitude: 0, longitude: longitude)
                ]
            }
        }
    ) { implementation, points, _ in
        let code =
            points.last.map { abs($0.latitude) <= 90 ? "invalid-longitude" : "invalid-latitude" } ?? "invalid-latitude"
        try refused(code, "fit", implementation, { try implementation.fit(points) }, looksValid: \.isValid)
    }

    static let zoomReadingSpan = CatalogueProperty.define(
        "bad-span-zoom-reading-is-refused", .badInput, .convention, operations: [.zoom],
        statement: """
            Reading the zoom of a region whose longitude delta is ≤ 0, over 360°, NaN or infinite is refused \
            (invalid-span).
            """, bound: "exact error code", appliesTo: refusalPolicyApplies,
        generator: { _ in
            Gen.frequency([
                (weight: 2, generator: Gen.element(of: [0.0, -1, 361, 720])),
                (weight: 2, generator: Gen.double(in: 360.0.nextUp...1e300)),
                (weight: 1, generator: Gen.double(in: -1e300...0)),
                (weight: 1, generator: Gen.element(of: [Double.nan, .infinity])),
            ]).named("longitude delta")
        }
    ) { implementation, longitudeDelta, _ in
        let region = Region(
            center: Coordinate(latitude: 0, longitude: 0), span: Span(latitudeDelta: 1, longitudeDelta: longitudeDelta))
        try zoomReadingRefused("invalid-span", "zoom reading", implementation, region: region)
    }

    /// How a region handed to the getter is invalid, other than its longitude span.
    enum BadRegion: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case pastNorthPole = "reaches past the north pole", pastSouthPole = "reaches past the south pole"
        case centreLatitude = "centre latitude beyond ±90°", centreLongitude = "centre longitude beyond 180°"
        case centreLongitudeWest = "centre longitude beyond −180°"
        case negativeLatitudeDelta = "negative latitudeDelta", wideLatitudeDelta = "latitudeDelta over 180°"
        var description: String { rawValue }
    }

    static let zoomReadingRegion = CatalogueProperty.define(
        "bad-region-zoom-reading-is-refused", .badInput, .convention, operations: [.zoom],
        statement: """
            Reading the zoom of a region a map view rejects for any reason besides its longitude span — past a pole, \
            a centre beyond ±90° or ±180°, a latitudeDelta below 0 or over 180° — is refused (invalid-span).
            """, bound: "exact error code", appliesTo: refusalPolicyApplies,
        describe: { (input: (BadRegion, Double)) in "\(input.0) by \(NumberText.shortest(input.1))" },
        generator: { _ in
            Gen.zip(
                Gen.element(of: BadRegion.allCases),
                Gen.frequency([
                    (weight: 2, generator: Gen.element(of: [1e-9, 1, 90])),
                    (weight: 2, generator: Gen.double(in: 1e-12...180)),
                ]).named("by how much"))
        }
    ) { implementation, input, _ in
        let (kind, amount) = input
        var centre = Coordinate(latitude: 10, longitude: 20)
        var latitudeDelta = 2.0
        switch kind {
        case .pastNorthPole:
            centre.latitude = 80
            latitudeDelta = 20 + 2 * amount
        case .pastSouthPole:
            centre.latitude = -80
            latitudeDelta = 20 + 2 * amount
        case .centreLatitude:
            centre.latitude = 90 + amount
            latitudeDelta = 0
        case .centreLongitude: centre.longitude = 180 + amount
        case .centreLongitudeWest: centre.longitude = -180 - amount
        case .negativeLatitudeDelta: latitudeDelta = -amount
        case .wideLatitudeDelta:
            centre.latitude = 0
            latitudeDelta = 180 + amount
        }
        let region = Region(center: centre, span: Span(latitudeDelta: latitudeDelta, longitudeDelta: 1))
        try assume(!region.isValid, "the amount is lost to rounding")
        try zoomReadingRefused("invalid-span", "zoom reading of a region that \(kind)", implementation, region: region)
    }

    static let zoomReadingViewport = CatalogueProperty.define(
        "bad-viewport-zoom-reading-is-refused", .badInput, .convention, operations: [.zoom],
        statement: """
            Reading the zoom of a valid region on a viewport whose width, height or scale is zero, negative, NaN or \
            infinite is refused (invalid-viewport).
            """, bound: "exact error code", appliesTo: refusalPolicyApplies,
        describe: { (viewport: Viewport) in "viewport \(viewport)" }, generator: { _ in badViewport }
    ) { implementation, viewport, _ in
        let region = Region(
            center: Coordinate(latitude: 0, longitude: 0), span: Span(latitudeDelta: 1, longitudeDelta: 1))
        try zoomReadingRefused("invalid-viewport", "zoom reading", implementation, region: region, viewport: viewport)
    }
}
