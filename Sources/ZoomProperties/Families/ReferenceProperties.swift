import Foundation
import MercatorCore
import PropertyCheck

/// Family 12: answers compared with an independent reference wherever the protocol defines
/// them exactly, over the whole domain the implementation declares.
///
/// The round trips and monotonicity properties are metamorphic: a program that is wrong
/// consistently (a floored fractional zoom in both directions, a world one level too wide)
/// passes them. These are differential: every pixel at every declared zoom and convention,
/// every latitude strictly inside the poles (beyond the Mercator band too), every finite
/// row (outside the world too), and the zoom read from any valid region, wider than the
/// world or narrower than zoom 28 shows. The references are `SpanReference`'s forms, not
/// the corrected core's; bounds are `ErrorBudget`'s, plus 0.5 px where a pixel may be
/// rounded to a whole one (the documents round).
enum ReferenceProperties {
    static let all: [CatalogueProperty] = [project, unproject, span, zoomReading, beyondTheBand]

    /// A program that states what `project` does past the band is held to it: the defect
    /// property accepts all three answers, this convention the declared one.
    static let beyondTheBand = CatalogueProperty.define(
        "project-beyond-the-band-as-declared", .reference, .convention, operations: [.project],
        statement: """
            A latitude past the Mercator band (85.0511…° to 90°, either hemisphere) is projected as the program \
            declares in `projectBeyondBand`: outside the world as the definition gives it (`extends`), to the band's \
            edge row (`clamps`: y = 0 or W), or refused with invalid-latitude (`refuses`).
            """,
        bound: """
            extends: as project-matches-the-reference; clamps: the edge row's budget and half a 2^29-px pixel; \
            refuses: the exact code (under badInput error-codes; any refusal otherwise)
            """,
        appliesTo: { implementation in
            implementation.capabilities.projectBeyondBand == nil
                ? "the implementation does not state what project does past the band" : nil
        }, strata: { Strata.Design.pixelSpaces(for: $0) + Strata.Design.longitudes },
        generator: { implementation in
            Gen.zip(
                PixelSpaceGen.declared(by: implementation),
                Gen.double(in: MercatorMath.latitudeLimit...89.999).named("latitude past the band"), Gen.bool,
                CoordinateGen.longitude
            ).map { space, latitude, south, longitude in
                // Past the band by more than the coordinate budget: not on its edge.
                let past = Swift.max(latitude, MercatorMath.latitudeLimit + 1e-9)
                return ProjectInput(
                    space: space, coordinate: Coordinate(latitude: south ? -past : past, longitude: longitude))
            }
        }
    ) { implementation, input, context in
        guard let declared = implementation.capabilities.projectBeyondBand else { return }
        let answer = CheckSupport.outcome {
            try implementation.project(input.coordinate, zoom: input.space.zoom, convention: input.space.convention)
        }
        let world = input.space.world
        switch (declared, answer) {
        case (_, .failure(let error)) where error.code == "unsupported": throw error
        case (.refuses, .failure(let error)):
            let exact = implementation.capabilities.badInput == .errorCodes
            try ensure(!exact || error.code == "invalid-latitude", "refused with \(error.code), not invalid-latitude")
        case (.refuses, .success(let pixel)):
            let answer = "(x \(NumberText.shortest(pixel.x)), y \(NumberText.shortest(pixel.y)))"
            throw PropertyFailure("answered \(answer) where it declares refuses")
        case (_, .failure(let error)):
            throw PropertyFailure("refused (\(error)) where it declares \(declared.rawValue)")
        case (.clamps, .success(let pixel)):
            let edge = CheckSupport.clampedRow(latitude: input.coordinate.latitude, world: world) ?? 0
            let budget =
                WholePixelRounding.pixels(worldWidth: world)
                + ErrorBudget.rowPixelsAnywhere(worldWidth: world, latitude: MercatorMath.latitudeLimit)
            try Tolerance(.absolute(budget), because: "the band edge's row budget and half a 2^29-px pixel").require(
                pixel.y, near: edge, "y, clamped to the band's edge", screenPoints: { $0 }, in: context)
        case (.extends, .success(let pixel)): try requireRow(pixel.y, of: input, "y, outside the world", in: context)
        }
    }

    /// Fails unless `y` is the reference row of `input`'s latitude within half a pixel of the
    /// 2^29-px world plus the row budget there. Within a hair of a pole (8.5e-7° for the
    /// textbook route, where 1 − sin φ rounds to 0) that budget exceeds the whole world: any
    /// row beyond the world's edge on the latitude's side, ±∞ included, is then as good an
    /// answer as the reference.
    static func requireRow(_ y: Double, of input: ProjectInput, _ what: String, in context: CaseContext) throws {
        let world = input.space.world, latitude = input.coordinate.latitude
        let budget =
            WholePixelRounding.pixels(worldWidth: world)
            + ErrorBudget.rowPixelsAnywhere(worldWidth: world, latitude: latitude)
        if budget >= world, latitude > 0 ? !(y > 0) : !(y < world) { return }
        let reference = referencePixel(input.coordinate, in: input.space).y
        try Tolerance(
            .absolute(budget), because: "half a pixel of the 2^29-px world plus the row budget at the latitude"
        ).require(
            y, near: reference,
            "\(what): \(NumberText.shortest(y)) px, the reference \(NumberText.shortest(reference)) px",
            screenPoints: { $0 }, in: context)
    }

    /// A pixel of `space` for a coordinate, by the protocol's definition.
    static func referencePixel(_ coordinate: Coordinate, in space: PixelSpace) -> (x: Double, y: Double) {
        (
            (coordinate.longitude + 180) / 360 * space.world,
            SpanReference.y(latitude: coordinate.latitude, world: space.world)
        )
    }

    static let project = CatalogueProperty.define(
        "project-matches-the-reference", .reference, .defect, operations: [.project],
        statement: """
            project gives x = (λ + 180°)/360° · W and y = W/2 − W·ψ(φ)/2π at every zoom and convention the \
            implementation declares, for every latitude strictly inside ±90°; past the Mercator band it may \
            instead clamp the latitude to the band's edge (y = 0 or W) or refuse it, and x at ±180° may be 0 or W.
            """,
        bound: """
            x: half a pixel of the 2^29-px world (0.5 · W / 2^29 px: a position may be rounded to one) + the \
            position budget 16u·W; y: the same half pixel + 16u·W·(1 + 1/cos²φ), the conditioning of the routes \
            through sin φ or tanh ψ, uncapped beyond the band (at 89.9° and zoom 20 it is 0.3 px); where that \
            exceeds the world, any row beyond the edge on the latitude's side, ±∞ included
            """,
        strata: { Strata.Design.pixelSpaces(for: $0) + Strata.Design.longitudes + Strata.Design.sphereLatitudes },
        pin: { SinglePrecisionClass.latitudeBand($0.coordinate.latitude) },
        generator: { implementation in
            Gen.zip(PixelSpaceGen.declared(by: implementation), CoordinateGen.sphereLatitude, CoordinateGen.longitude)
                .map { ProjectInput(space: $0, coordinate: Coordinate(latitude: $1, longitude: $2)) }
        }
    ) { implementation, input, context in
        try assume(abs(input.coordinate.latitude) < 90, "the poles project to infinity")
        let pixel = try CheckSupport.projectOrDiscard(input.coordinate) {
            try implementation.project(input.coordinate, zoom: input.space.zoom, convention: input.space.convention)
        }
        let reference = referencePixel(input.coordinate, in: input.space)
        let world = input.space.world
        let wholePixel = WholePixelRounding.pixels(worldWidth: world)
        try Tolerance(
            .absolute(wholePixel + ErrorBudget.positionPixels(worldWidth: world)),
            because: "half a pixel of the 2^29-px world plus the position budget"
        ).require(
            CheckSupport.unwrappedX(pixel.x, longitude: input.coordinate.longitude, world: world), near: reference.x,
            "x: \(NumberText.shortest(pixel.x)) px, the reference \(NumberText.shortest(reference.x)) px",
            screenPoints: { $0 }, in: context)
        // Past the band a program may clamp the latitude to the band's edge: the edge's row,
        // within that row's budget.
        if let clamped = CheckSupport.clampedRow(latitude: input.coordinate.latitude, world: world),
            abs(pixel.y - clamped) <= wholePixel
                + ErrorBudget.rowPixelsAnywhere(worldWidth: world, latitude: MercatorMath.latitudeLimit)
        {
            return
        }
        try requireRow(pixel.y, of: input, "y", in: context)
    }

    static let unproject = CatalogueProperty.define(
        "unproject-matches-the-reference", .reference, .defect, operations: [.unproject],
        statement: """
            unproject gives λ = 360°·x/W − 180° and φ = gd(π·(1 − 2y/W)) at every zoom and convention the \
            implementation declares, for x in the world and every finite y (rows outside the world are latitudes \
            nearer the poles, never beyond them).
            """,
        bound: """
            longitude: (0.5 · W / 2^29 px + 16u·W) · 360°/W + the coordinate budget, on the circle; latitude: the \
            same pixels · 360°·cos φ/W, plus 16u/cos φ radians (an asin(tanh ψ) inverse), plus the coordinate \
            budget; x within 16u·W of W may be refused (the program's own W)
            """, strata: { Strata.Design.pixelSpaces(for: $0) },
        generator: { implementation in
            // x is named in pixels, so that a boundary found by moving the zoom says that x
            // moved with it (x = 1 · W is the world's edge whatever the zoom).
            Gen.zip(
                PixelSpaceGen.declared(by: implementation).flatMap { space in
                    Gen.double(in: 0...1).map { $0 * space.world }.named("x").map { (space, $0) }
                }, rowGen
            ).map { spaceAndX, row in UnprojectInput(space: spaceAndX.0, x: spaceAndX.1, y: row * spaceAndX.0.world) }
        }
    ) { implementation, input, context in
        let world = input.space.world
        let answer = CheckSupport.outcome {
            try implementation.unproject(
                PixelPoint(x: input.x, y: input.y, zoom: input.space.zoom, convention: input.space.convention))
        }
        // The world's east edge W is a computed value (W₀ · 2^zoom): a program whose own 2^zoom
        // rounds the other way refuses an x that ZoomCheck's W puts on the edge.
        if case .failure(let error) = answer, error.code == "invalid-longitude" {
            try assume(
                !CheckSupport.isAtComputedEdge(input.x, edge: world, budget: ErrorBudget.relative * world),
                "x on the world's east edge, which the program's own rounding of W may put outside")
        }
        let coordinate = try CheckSupport.expectValue("unproject") { try answer.get() }
        let latitude = SpanReference.latitude(y: input.y, world: world)
        let pixel = WholePixelRounding.pixels(worldWidth: world) + ErrorBudget.positionPixels(worldWidth: world)
        try Tolerance(
            .absolute(pixel * 360 / world + ErrorBudget.coordinateDegrees),
            because: "half a pixel of the 2^29-px world plus the position budget, in degrees"
        ).require(
            Region.longitudeDistance(coordinate.longitude, 360 * input.x / world - 180), near: 0,
            "longitude \(NumberText.shortest(coordinate.longitude)), on the circle", screenPoints: { $0 * world / 360 },
            in: context)
        // A pole by the route's last rounding is a pole: atan(±∞)·180/π may round to the double
        // above 90 (a faithful libm's atan(∞) may be the double above π/2).
        try ensure(
            abs(coordinate.latitude) <= 90 + ErrorBudget.coordinateDegrees,
            "latitude \(NumberText.shortest(coordinate.latitude)) is beyond a pole")
        let cosine = ErrorBudget.cosine(ofLatitude: latitude)
        let inverse = ErrorBudget.relative / Swift.max(cosine, .leastNormalMagnitude) * MercatorMath.degreesPerRadian
        try Tolerance(
            .absolute(pixel * 360 * cosine / world + inverse + ErrorBudget.coordinateDegrees),
            because: "a rounded pixel and the position budget at dφ/dy, plus the inverse's conditioning"
        ).require(
            coordinate.latitude, near: latitude, "latitude",
            screenPoints: { $0 * world / (360 * Swift.max(cosine, .leastNormalMagnitude)) }, in: context)
    }

    /// Rows as fractions of the world: inside it mostly, outside it (up to four worlds away)
    /// sometimes, its edges, and far beyond it: within 10^9 worlds either side, almost every
    /// draw past where ψ = π·(1 − 2y/W) passes 709 and e^|ψ| overflows, and where the colatitude
    /// is below a degree's ulp. One double, so that a failure out there shrinks to a row a few
    /// worlds away when one fails as well.
    static let rowGen: Gen<Double> = Gen.frequency([
        (weight: 4, generator: Gen.double(in: 0...1)), (weight: 2, generator: Gen.double(in: -4...5)),
        (weight: 1, generator: Gen.element(of: [0, 1, 0.5, -1e6, 1e6])),
        (weight: 1, generator: Gen.double(in: -1e9...1e9)),
    ]).named("y (fraction of the world)")

    static let zoomReading = CatalogueProperty.define(
        "zoom-reading-matches-the-reference", .reference, .defect, operations: [.zoom],
        statement: """
            The zoom read from any valid region (centres up to the poles and on ±180°, latitude spans from 0 to the \
            poles' room) is log2(360° · width / (W₀ · longitudeDelta)) for a getter that reads the longitude \
            span, \
            where that is in 0...28 (at most that for one that reads both, or beyond 0...28, where it may be \
            clamped); regions wider than the world and narrower than zoom 28 shows included, the level is within one \
            of the zoom clamped to 0...28, and never outside 0...28.
            """,
        bound: """
            the span's relative error r through log2, r / ((1 − r) ln 2), where r is two edges' coordinate budget \
            and half a 2^29-px pixel each (a getter may project the region's corners, and round them) over the \
            longitude span, + 16u; + 2 ulps of 32 (a getter that computes 20 − log2(x)); the level exactly
            """, strata: { _ in Strata.Design.longitudes + Strata.Design.sphereLatitudes },
        generator: { implementation in
            let centre = Gen.zip(CoordinateGen.sphereLatitude, CoordinateGen.longitude).map {
                Coordinate(latitude: $0, longitude: $1)
            }
            // A view narrower than the zoom-0 world (a thumbnail map) 1 draw in 4: only such a
            // view reads a region below zoom 0, where the level is clamped to 0.
            let viewport = Gen.frequency([
                (weight: 3, generator: ZoomAndViewportGen.viewport),
                (weight: 1, generator: ZoomAndViewportGen.narrowViewport),
            ])
            return Gen.zip(
                centre, viewport, Gen.element(of: ZoomAndViewportGen.conventions(for: implementation)),
                Gen.element(of: LatitudeShape.allCases)
            ).flatMap { centre, viewport, convention, shape in
                // The zoom at which the view shows the whole world: a region read between it
                // and 0 reads below zoom 0, 1 draw in 3 where there is such a zoom.
                let whole = PortableMath.log2(viewport.widthInPoints / convention.worldWidthAtZoomZero)
                let anywhere = Gen.double(in: -6...34)
                let zoom =
                    whole < 0
                    ? Gen.frequency([
                        (weight: 2, generator: anywhere), (weight: 1, generator: Gen.double(in: whole...0)),
                    ]) : anywhere
                return zoom.named("zoom the region is read at").map { zoom in
                    // PortableMath.exp2, not the platform's: the same case on every machine.
                    let world = convention.worldWidthAtZoomZero * PortableMath.exp2(zoom)
                    return ReadingInput(
                        centre: centre, longitudeDelta: Swift.min(360, 360 * viewport.widthInPoints / world),
                        latitudeShape: shape, viewport: viewport, convention: convention)
                }
            }
        }
    ) { implementation, input, context in
        let region = Region(
            center: input.centre, span: Span(latitudeDelta: input.latitudeDelta, longitudeDelta: input.longitudeDelta))
        try assume(region.isValid, "the region reaches past a pole by a rounding")
        let reading = try CheckSupport.expectValue("zoom") {
            try implementation.zoom(of: region, viewport: input.viewport, convention: input.convention)
        }
        let reference = PortableMath.log2(
            360 * input.viewport.widthInPoints / (input.convention.worldWidth(atZoom: 0) * input.longitudeDelta))
        let budget = ErrorBudget.zoomReading(longitudeDelta: input.longitudeDelta, zoom: reference)
        // A getter that reads both spans reads a region whose latitude binds lower. A program
        // that did not declare which spans it reads is read as either, except on thin regions,
        // where the longitude binds for both.
        let capabilities = implementation.capabilities
        let longitudeOnly =
            capabilities.zoomSource == .longitude && (capabilities.isDeclared || input.latitudeShape == .thin)
        switch longitudeOnly {
        case _ where capabilities.integerGetter: break  // its zoom is its level, judged below
        case true where InputPolicy.supportedZooms.contains(reference):
            try Tolerance(.absolute(budget), because: "the ratio's roundings through log2").require(
                reading.zoom, near: reference,
                "zoom \(NumberText.shortest(reading.zoom)), the reference \(NumberText.shortest(reference))",
                screenPoints: { input.viewport.widthInPoints * abs(PortableMath.exp2($0) - 1) }, in: context)
        case true, false:
            // Beyond 0...28 a getter may clamp the fractional zoom it reports; it may not
            // report one above what the longitude span shows.
            try ensure(
                reading.zoom <= reference + budget,
                """
                zoom \(NumberText.shortest(reading.zoom)) is above \(NumberText.shortest(reference)), the zoom \
                that shows the longitude span
                """)
        }
        try ensure(
            (FittingLevel.lowest...FittingLevel.highest).contains(reading.level),
            "level \(reading.level) is outside 0...28")
        // Every rounding rule (fitting, nearest, unspecified) puts the level within one of the
        // zoom the longitude span shows, clamped to 0...28; a getter that reads both spans
        // may read lower, never higher.
        let clamped = Swift.min(28, Swift.max(0, reference))
        try ensure(
            Double(reading.level) <= clamped + 1 + budget,
            """
            level \(reading.level) is more than one above \(NumberText.shortest(clamped)), the zoom the longitude \
            span shows clamped to 0...28
            """)
        if longitudeOnly {
            try ensure(
                Double(reading.level) >= clamped - 1 - budget,
                """
                level \(reading.level) is more than one below \(NumberText.shortest(clamped)), the zoom the \
                longitude span shows clamped to 0...28
                """)
        }
    }
}

/// A coordinate projected in a pixel space.
struct ProjectInput: Sendable, Hashable, CustomStringConvertible {
    var space: PixelSpace
    var coordinate: Coordinate
    var description: String { "\(coordinate) at \(space)" }
}

/// A pixel unprojected in a pixel space.
struct UnprojectInput: Sendable, Hashable, CustomStringConvertible {
    var space: PixelSpace
    var x: Double
    var y: Double
    var description: String { "(x \(NumberText.shortest(x)), y \(NumberText.shortest(y))) at \(space)" }
}

/// A region read back by the getter.
struct ReadingInput: Sendable, Hashable, CustomStringConvertible {
    var centre: Coordinate
    var longitudeDelta: Double
    var latitudeShape: LatitudeShape
    var viewport: Viewport
    var convention: ZoomConvention

    /// The latitude span, valid by construction: see `LatitudeShape`.
    var latitudeDelta: Double {
        let room = PoleLimit.room(centeredAt: centre.latitude)
        switch latitudeShape {
        case .thin: return Swift.min(longitudeDelta / 1_000, room)
        case .none: return 0
        case .poleRoom: return room
        }
    }

    var description: String {
        """
        centre \(centre), latitudeDelta \(NumberText.shortest(latitudeDelta))°, longitudeDelta \
        \(NumberText.shortest(longitudeDelta))°, viewport \(viewport), \(convention)
        """
    }
}

/// The latitude span of a region read back, each one valid: a thousandth of the longitude
/// span (so that the longitude binds for a getter that reads both spans, about ten levels
/// below), none at all, or all the room the poles leave (the region touches a pole).
enum LatitudeShape: Sendable, Hashable, CaseIterable { case thin, none, poleRoom }
