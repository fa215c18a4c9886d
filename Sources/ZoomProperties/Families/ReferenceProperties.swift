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
/// the corrected core's; bounds are `ErrorBudget`'s, plus a whole pixel at the zoom where a
/// position may be one (`MapPixel`, the rule of what a map shows). The conventions hold a
/// program to what it declares past the band, outside the world and about its pixel grid.
enum ReferenceProperties {
    static let all: [CatalogueProperty] = [
        project, unproject, span, zoomReading, beyondTheBand, beyondTheWorld, declaredGrid,
    ]

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
            extends: as project-matches-the-reference; clamps: the edge row's budget and a whole pixel at the zoom; \
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
            let refusedByValue =
                implementation.capabilities.badInput != .errorCodes && !(pixel.x.isFinite && pixel.y.isFinite)
            let answer = "(x \(NumberText.shortest(pixel.x)), y \(NumberText.shortest(pixel.y)))"
            try ensure(refusedByValue, "answered \(answer) where it declares refuses")
        case (_, .failure(let error)):
            throw PropertyFailure("refused (\(error)) where it declares \(declared.rawValue)")
        case (.clamps, .success(let pixel)):
            let edge = CheckSupport.clampedRow(latitude: input.coordinate.latitude, world: world) ?? 0
            let budget =
                MapPixel.pixels + ErrorBudget.rowPixelsAnywhere(worldWidth: world, latitude: MercatorMath.latitudeLimit)
            try Tolerance(.absolute(budget), because: "the band edge's row budget and a whole pixel").require(
                pixel.y, near: edge, "y, clamped to the band's edge", screenPoints: { $0 }, in: context)
        case (.extends, .success(let pixel)):
            try requireRow(pixel.y, of: input, "y, outside the world", pixels: MapPixel.pixels, in: context)
        }
    }

    /// Fails unless `y` is the reference row of `input`'s latitude within `pixels` plus the row
    /// budget there. Within a hair of a pole (8.5e-7° for the textbook route, where 1 − sin φ
    /// rounds to 0) that budget exceeds the whole world: any row beyond the world's edge on the
    /// latitude's side, ±∞ included, is then as good an answer as the reference.
    static func requireRow(_ y: Double, of input: ProjectInput, _ what: String, pixels: Double, in context: CaseContext)
        throws
    {
        let world = input.space.world, latitude = input.coordinate.latitude
        let budget = pixels + ErrorBudget.rowPixelsAnywhere(worldWidth: world, latitude: latitude)
        if budget >= world, latitude > 0 ? !(y > 0) : !(y < world) { return }
        let reference = referencePixel(input.coordinate, in: input.space).y
        try Tolerance(.absolute(budget), because: "\(pixelsReason(pixels)) plus the row budget at the latitude")
            .require(
                y, near: reference,
                "\(what): \(NumberText.shortest(y)) px, the reference \(NumberText.shortest(reference)) px",
                screenPoints: { $0 }, in: context)
    }

    /// The words for `pixels` whole pixels in a bound's reason.
    static func pixelsReason(_ pixels: Double) -> String {
        pixels == MapPixel.pixels
            ? "a whole pixel at the zoom"
            : pixels == 0 ? "no whole pixel" : "\(CheckSupport.short(pixels)) px of the grid"
    }

    /// A pixel of `space` for a coordinate, by the protocol's definition.
    static func referencePixel(_ coordinate: Coordinate, in space: PixelSpace) -> (x: Double, y: Double) {
        (
            (coordinate.longitude + 180) / 360 * space.world,
            SpanReference.y(latitude: coordinate.latitude, world: space.world)
        )
    }

    /// Fails unless `pixel` is where `input` projects, each coordinate within `pixels` and its
    /// budget: x on the circle (±180° and its rounding neighbourhood may be either edge); y the
    /// reference row inside the band, and past it anywhere from the reference row to the band's
    /// edge row (a program may clamp the latitude to the band, or clamp its sine or ψ to reach
    /// some row beyond the edge: no map shows those rows).
    static func requireProjected(_ pixel: PixelPoint, of input: ProjectInput, pixels: Double, in context: CaseContext)
        throws
    {
        let reference = referencePixel(input.coordinate, in: input.space)
        let world = input.space.world
        try Tolerance(
            .absolute(pixels + ErrorBudget.positionPixels(worldWidth: world)),
            because: "\(pixelsReason(pixels)) plus the position budget"
        ).require(
            CheckSupport.unwrappedX(pixel.x, longitude: input.coordinate.longitude, world: world), near: reference.x,
            "x: \(NumberText.shortest(pixel.x)) px, the reference \(NumberText.shortest(reference.x)) px",
            screenPoints: { $0 }, in: context)
        if let edge = CheckSupport.clampedRow(latitude: input.coordinate.latitude, world: world) {
            let edgeBudget =
                pixels + ErrorBudget.rowPixelsAnywhere(worldWidth: world, latitude: MercatorMath.latitudeLimit)
            let rowBudget =
                pixels + ErrorBudget.rowPixelsAnywhere(worldWidth: world, latitude: input.coordinate.latitude)
            let north = input.coordinate.latitude > 0
            // Between the edge row and the reference row, each with its budget; the reference row
            // beyond a pole's hair may be ±∞.
            let lower = north ? reference.y - rowBudget : edge - edgeBudget
            let upper = north ? edge + edgeBudget : reference.y + rowBudget
            if pixel.y >= lower && pixel.y <= upper { return }
            if rowBudget >= world, north ? !(pixel.y > 0) : !(pixel.y < world) { return }
        }
        try requireRow(pixel.y, of: input, "y", pixels: pixels, in: context)
    }

    static let project = CatalogueProperty.define(
        "project-matches-the-reference", .reference, .defect, operations: [.project],
        statement: """
            project gives x = (λ + 180°)/360° · W and y = W/2 − W·ψ(φ)/2π at every zoom and convention the \
            implementation declares, for every latitude strictly inside ±90°, to within the pixel a map draws it \
            in; past the Mercator band it may instead give any row from the reference's to the band's edge row \
            (y = 0 or W: a clamp) or refuse it, and x within a pixel of ±180° may be 0 or W.
            """,
        bound: """
            x: a whole pixel at the zoom (rounded or floored) + the position budget 16u·W; y: the same pixel + \
            16u·W·(1 + 1/cos²φ), the conditioning of the routes through sin φ or tanh ψ, uncapped beyond the band \
            (at 89.9° and zoom 20 it is 0.3 px); where that exceeds the world, any row beyond the edge on the \
            latitude's side, ±∞ included
            """,
        strata: { Strata.Design.pixelSpaces(for: $0) + Strata.Design.longitudes + Strata.Design.sphereLatitudes },
        pin: { SinglePrecisionClass.latitudeBand($0.coordinate.latitude) }, generator: projectInputs
    ) { implementation, input, context in
        try assume(abs(input.coordinate.latitude) < 90, "the poles project to infinity")
        let pixel = try CheckSupport.projectOrDiscard(input.coordinate, policy: implementation.capabilities.badInput) {
            try implementation.project(input.coordinate, zoom: input.space.zoom, convention: input.space.convention)
        }
        try requireProjected(pixel, of: input, pixels: MapPixel.pixels, in: context)
    }

    /// Coordinates anywhere on the sphere, in the pixel spaces the implementation declares.
    static let projectInputs: @Sendable (any ZoomImplementation) -> Gen<ProjectInput> = { implementation in
        Gen.zip(PixelSpaceGen.declared(by: implementation), CoordinateGen.sphereLatitude, CoordinateGen.longitude).map {
            ProjectInput(space: $0, coordinate: Coordinate(latitude: $1, longitude: $2))
        }
    }

    /// Whether `answer` is a refusal under `policy`: a protocol error (but `unsupported` and
    /// an implementation failure), or, under `refuses` and `unchecked`, an answer that cannot be
    /// mistaken for a coordinate (not finite).
    static func isRefusal(_ answer: Result<Coordinate, ProjectionError>, _ policy: Capabilities.BadInputPolicy) -> Bool
    {
        switch answer {
        case .failure(let error):
            return error.code != "unsupported" && error.code != ProjectionError.implementationFailure("").code
        case .success(let coordinate):
            return policy != .errorCodes && !(coordinate.latitude.isFinite && coordinate.longitude.isFinite)
        }
    }

    /// Fails unless `answer`, what `unproject` gave for `input`, is the reference within
    /// `pixels` (the input may be read as a whole pixel) and the budgets; discards a refusal of
    /// an x the program's own rounding of W may put past the east edge, and of a row outside
    /// the world (any refusal the program's policy allows, a NaN answer under `refuses`); past
    /// the world's rows, any latitude from the reference's to the band's edge (a clamp).
    static func requireUnprojected(
        _ answer: Result<Coordinate, ProjectionError>, of input: UnprojectInput, pixels: Double,
        policy: Capabilities.BadInputPolicy, in context: CaseContext
    ) throws {
        let world = input.space.world
        if isRefusal(answer, policy) {
            // The world's east edge W is a computed value (W₀ · 2^zoom): a program whose own 2^zoom
            // rounds the other way refuses an x that ZoomCheck's W puts on the edge.
            try assume(
                !CheckSupport.isAtComputedEdge(input.x, edge: world, budget: ErrorBudget.relative * world),
                "x on the world's east edge, which the program's own rounding of W may put outside")
            // No map shows a row outside the world: a program may refuse it, as project may
            // refuse a latitude past the band (`unprojectBeyondWorld`); the world's south edge W
            // is computed, so a row on it may be outside the program's own.
            try assume(
                !(input.y < 0 || input.y > world)
                    && !CheckSupport.isAtComputedEdge(input.y, edge: world, budget: ErrorBudget.relative * world),
                "a row outside the world, which unproject may refuse")
        }
        let coordinate = try CheckSupport.expectValue("unproject") { try answer.get() }
        let latitude = SpanReference.latitude(y: input.y, world: world)
        let pixel = pixels + ErrorBudget.positionPixels(worldWidth: world)
        try Tolerance(
            .absolute(pixel * 360 / world + ErrorBudget.coordinateDegrees),
            because: "\(pixelsReason(pixels)) plus the position budget, in degrees"
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
        let allowance = pixel * 360 * cosine / world + inverse + ErrorBudget.coordinateDegrees
        if input.y < 0 || input.y > world {
            // A row outside the world clamped to the world's edge reads the band's edge; any
            // latitude between that and the reference's is a row no map shows.
            let (edge, edgeAllowance) = clampedEdge(of: input, pixel: pixel)
            let (low, high) =
                input.y < 0
                ? (edge - edgeAllowance, latitude + allowance) : (latitude - allowance, edge + edgeAllowance)
            if coordinate.latitude >= low && coordinate.latitude <= high { return }
        }
        // A whole pixel of rows is not a fixed amount of latitude (at zoom 0 one row spans from
        // 0.3° to 0.003°): in the world, the latitude answered may instead be judged as a row,
        // within the pixel, its row budget (the inverse's conditioning included) and the
        // coordinate budget in rows.
        if abs(coordinate.latitude) < 90, input.y >= 0, input.y <= world {
            let row = SpanReference.y(latitude: coordinate.latitude, world: world)
            let rowCosine = Swift.max(ErrorBudget.cosine(ofLatitude: coordinate.latitude), .leastNormalMagnitude)
            let rows =
                pixels + ErrorBudget.rowPixelsAnywhere(worldWidth: world, latitude: coordinate.latitude) + ErrorBudget
                .coordinateDegrees * world / (360 * rowCosine)
            if abs(row - input.y) <= rows { return }
        }
        try Tolerance(
            .absolute(allowance),
            because: "\(pixelsReason(pixels)) and the position budget at dφ/dy, plus the inverse's conditioning"
        ).require(
            coordinate.latitude, near: latitude, "latitude",
            screenPoints: { $0 * world / (360 * Swift.max(cosine, .leastNormalMagnitude)) }, in: context)
    }

    /// The band's edge latitude a row outside the world is clamped to, on its side, and how far
    /// from it a clamp may land: a clamp to the program's own edge may then take `pixel` rows
    /// inward, whose latitude is that row's (dφ/dy grows inward), plus the coordinate budget.
    static func clampedEdge(of input: UnprojectInput, pixel: Double) -> (latitude: Double, allowance: Double) {
        let world = input.space.world
        return (
            (input.y < 0 ? 1 : -1) * MercatorMath.latitudeLimit,
            SpanReference.latitudeReach(ofRow: input.y < 0 ? 0 : world, pixels: pixel, world: world)
                + ErrorBudget.coordinateDegrees
        )
    }

    static let unproject = CatalogueProperty.define(
        "unproject-matches-the-reference", .reference, .defect, operations: [.unproject],
        statement: """
            unproject gives λ = 360°·x/W − 180° and φ = gd(π·(1 − 2y/W)) at every zoom and convention the \
            implementation declares, for x in the world and every finite y, to within the pixel the input lies in; \
            a row outside the world is a latitude nearer the pole than the band's edge (never beyond the pole), \
            the band's edge itself (a clamp), or refused: no map shows it.
            """,
        bound: """
            longitude: (a whole pixel at the zoom + 16u·W) · 360°/W + the coordinate budget, on the circle; \
            latitude: the same pixels · 360°·cos φ/W, plus 16u/cos φ radians (an asin(tanh ψ) inverse), plus the \
            coordinate budget; x within 16u·W of W may be refused (the program's own W), by an error or, under \
            badInput refuses, a NaN
            """, strata: { Strata.Design.pixelSpaces(for: $0) }, generator: unprojectInputs
    ) { implementation, input, context in
        let answer = CheckSupport.outcome {
            try implementation.unproject(
                PixelPoint(x: input.x, y: input.y, zoom: input.space.zoom, convention: input.space.convention))
        }
        try requireUnprojected(
            answer, of: input, pixels: MapPixel.pixels, policy: implementation.capabilities.badInput, in: context)
    }

    /// Pixels in the spaces the implementation declares: x in the world, y any row (`rowGen`).
    static let unprojectInputs: @Sendable (any ZoomImplementation) -> Gen<UnprojectInput> = { implementation in
        // x is named in pixels, so that a boundary found by moving the zoom says that x
        // moved with it (x = 1 · W is the world's edge whatever the zoom).
        Gen.zip(
            PixelSpaceGen.declared(by: implementation).flatMap { space in
                Gen.double(in: 0...1).map { $0 * space.world }.named("x").map { (space, $0) }
            }, rowGen
        ).map { spaceAndX, row in
            UnprojectInput(space: spaceAndX.0, x: spaceAndX.1, y: row * spaceAndX.0.world).taken(by: implementation)
        }
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

    /// A program that states what `unproject` does with a row outside the world is held to it.
    static let beyondTheWorld = CatalogueProperty.define(
        "unproject-beyond-the-world-as-declared", .reference, .convention, operations: [.unproject],
        statement: """
            A row outside the world (y < 0 or y > W, up to four worlds away) is unprojected as the program declares \
            in `unprojectBeyondWorld`: the latitude the definition gives, nearer the pole than the band's edge \
            (`extends`), the band's edge latitude ±85.0511° (`clamps`), or refused with invalid-latitude \
            (`refuses`).
            """,
        bound: """
            extends and clamps: the latitudes a whole pixel of rows away at the zoom (inward from the edge for a \
            clamp: dφ/dy grows inward), the inverse's conditioning and the coordinate budget; refuses: the exact \
            code (under badInput error-codes; any refusal otherwise)
            """,
        appliesTo: { implementation in
            implementation.capabilities.unprojectBeyondWorld == nil
                ? "the implementation does not state what unproject does with a row outside the world" : nil
        }, strata: { Strata.Design.pixelSpaces(for: $0) },
        generator: { implementation in
            Gen.zip(
                PixelSpaceGen.declared(by: implementation).flatMap { space in
                    Gen.double(in: 0...1).map { $0 * space.world }.named("x").map { (space, $0) }
                }, Gen.double(in: 1e-6...4).named("rows past the edge (worlds)"), Gen.bool.named("south (else north)")
            ).map { spaceAndX, past, south in
                let (space, x) = spaceAndX
                return UnprojectInput(space: space, x: x, y: south ? space.world * (1 + past) : -space.world * past)
                    .taken(by: implementation)
            }
        }
    ) { implementation, input, context in
        guard let declared = implementation.capabilities.unprojectBeyondWorld else { return }
        let answer = CheckSupport.outcome {
            try implementation.unproject(
                PixelPoint(x: input.x, y: input.y, zoom: input.space.zoom, convention: input.space.convention))
        }
        let policy = implementation.capabilities.badInput
        // An x the program's own rounding of W may put past the east edge may be refused for it.
        try assume(
            !(isRefusal(answer, policy)
                && CheckSupport.isAtComputedEdge(
                    input.x, edge: input.space.world, budget: ErrorBudget.relative * input.space.world)),
            "x on the world's east edge, which the program's own rounding of W may put outside")
        switch (declared, answer) {
        case (_, .failure(let error)) where error.code == "unsupported": throw error
        case (.refuses, _):
            try ensure(isRefusal(answer, policy), "answered \(answer) where it declares refuses")
            if case .failure(let error) = answer, policy == .errorCodes {
                try ensure(error.code == "invalid-latitude", "refused with \(error.code), not invalid-latitude")
            }
        case (_, .failure(let error)):
            throw PropertyFailure("refused (\(error)) where it declares \(declared.rawValue)")
        case (.clamps, .success(let coordinate)):
            let (edge, allowance) = clampedEdge(
                of: input, pixel: MapPixel.pixels + ErrorBudget.positionPixels(worldWidth: input.space.world))
            try Tolerance(.absolute(allowance), because: "a whole pixel at the band's edge").require(
                coordinate.latitude, near: edge, "latitude, clamped to the band's edge", in: context)
        case (.extends, .success(let coordinate)):
            let reference = SpanReference.latitude(y: input.y, world: input.space.world)
            let cosine = ErrorBudget.cosine(ofLatitude: reference)
            let pixel = MapPixel.pixels + ErrorBudget.positionPixels(worldWidth: input.space.world)
            let allowance =
                SpanReference.latitudeReach(ofRow: input.y, pixels: pixel, world: input.space.world) + ErrorBudget
                .relative / Swift.max(cosine, .leastNormalMagnitude) * MercatorMath.degreesPerRadian
                + ErrorBudget.coordinateDegrees
            try Tolerance(.absolute(allowance), because: "a whole pixel of rows and the inverse's conditioning")
                .require(coordinate.latitude, near: reference, "latitude of a row outside the world", in: context)
        }
    }

    static let zoomReading = CatalogueProperty.define(
        "zoom-reading-matches-the-reference", .reference, .defect, operations: [.zoom],
        statement: """
            The zoom read from any valid region (centres up to the poles and on ±180°, latitude spans from 0 to the \
            poles' room) is log2(360° · width / (W₀ · longitudeDelta)) for a getter that reads the longitude \
            span, where that is in the zooms the program serves (at most that for one that reads both); beyond \
            them a getter may report the zoom clamped to its nearest zoom served, as a map that cannot zoom further \
            shows it; the level is within one of the zoom so clamped, and always a level served.
            """,
        bound: """
            the span's relative error r through log2, r / ((1 − r) ln 2), where r is two edges' coordinate budget \
            over the longitude span, a whole pixel for each edge at the zoom the map shows the region (2 / width at \
            the zoom read, or at the nearest zoom served beyond them: a getter may project the region's corners \
            there, and round them) and 16u; + 2 ulps of 32 (a getter that computes 20 − log2(x)); the level exactly
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
        // A getter that reads both spans reads a region whose latitude binds lower. A program
        // that did not declare which spans it reads is read as either, except on thin regions,
        // where the longitude binds for both.
        let capabilities = implementation.capabilities
        // Into the getter's own range when it states one.
        let served = capabilities.readZooms
        // The region's edges may be whole pixels at the zoom the map shows it at: the zoom read,
        // or the nearest zoom served beyond them (a region narrower than the top zoom shows is
        // shown at the top zoom, in its coarser pixels).
        // (Its own arithmetic may take the pixels of the zoom it reads, at the width it is read
        // on: the larger of the two budgets holds both. A region under two pixels wide there
        // has no zoom to check, only a level.)
        let shownWidth = input.viewport.widthInPoints * PortableMath.exp2(served.clamp(reference) - reference)
        let budget = Swift.max(
            ErrorBudget.zoomReading(longitudeDelta: input.longitudeDelta, widthInPoints: shownWidth, zoom: reference),
            ErrorBudget.zoomReading(
                longitudeDelta: input.longitudeDelta, widthInPoints: input.viewport.widthInPoints, zoom: reference))
        let longitudeOnly =
            capabilities.zoomSource == .longitude && (capabilities.isDeclared || input.latitudeShape == .thin)
        let zoom = NumberText.shortest(reading.zoom), shown = NumberText.shortest(reference)
        // Beyond the zooms served, a getter may report the nearest zoom served (a view that
        // cannot zoom out past its minimum shows its minimum), or the zoom as computed.
        let clampedReference = served.clamp(reference)
        if !capabilities.integerGetter {
            let lowest = Swift.min(reference, clampedReference) - budget
            let highest = Swift.max(reference, clampedReference) + budget
            let clamped =
                served.contains(reference) ? "" : " (\(NumberText.shortest(clampedReference)) clamped to \(served))"
            if longitudeOnly {
                try ensure(
                    reading.zoom >= lowest && reading.zoom <= highest,
                    """
                    zoom \(zoom), the reference \(shown)\(clamped) \
                    (off by \(CheckSupport.short(abs(reading.zoom - reference))); \
                    allowed: \(CheckSupport.short(budget)))
                    """,
                    size: .screenPoints(
                        input.viewport.widthInPoints * abs(PortableMath.exp2(reading.zoom - reference) - 1)))
            } else {
                // A getter that reads both spans may read lower, never higher.
                try ensure(
                    reading.zoom <= highest,
                    """
                    zoom \(zoom) is above \(shown), the zoom that shows the longitude span\(clamped)
                    """)
            }
        }
        // A program whose zoom range has no end (`"max": null`: a map with no maximum zoom,
        // Leaflet's getMaxZoom() is Infinity without one) and reports the zoom as computed past
        // it may give the level its rule gives that zoom, where the exact reading is past it: the
        // longitude span's zoom, or for a getter that reads both spans the lower of it and the
        // rows' (a thumbnail whose rows are the band reads below 0).
        let exactShown =
            longitudeOnly
            ? reference
            : PortableMath.log2(
                MapPixel.shownWorld(of: region, in: input.viewport, topZoom: 64) / input.convention.worldWidthAtZoomZero
            )
        let asComputed =
            capabilities.getterRange == nil && reading.zoom.isFinite && exactShown.isFinite
            && ((capabilities.zoomRangeOpenAbove && exactShown > served.highest)
                || (capabilities.zoomRangeOpenBelow && exactShown < served.lowest))
            && abs(reading.zoom - exactShown) <= budget
        try ensure(
            served.levels.contains(reading.level) || (asComputed && abs(Double(reading.level) - reading.zoom) <= 1),
            "level \(reading.level) is outside the levels served, \(served.levels)")
        // Every rounding rule (fitting, nearest, unspecified) puts the level within one of the
        // zoom the longitude span shows, clamped to the zooms served (or as computed, above);
        // a getter that reads both spans may read lower, never higher.
        let levelReference = asComputed ? Swift.max(reference, clampedReference) : clampedReference
        try ensure(
            Double(reading.level) <= levelReference + 1 + budget,
            """
            level \(reading.level) is more than one above \(NumberText.shortest(clampedReference)), the zoom the \
            longitude span shows clamped to \(served)
            """)
        if longitudeOnly {
            try ensure(
                Double(reading.level) >= clampedReference - 1 - budget,
                """
                level \(reading.level) is more than one below \(NumberText.shortest(clampedReference)), the zoom the \
                longitude span shows clamped to \(served)
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

    /// The pixel as `implementation` takes it: on a whole pixel for one that declares
    /// `pixelInput: whole` (its domain: ZoomCheck sends whole pixels), else unchanged. Rounded
    /// away from the world, so that a row outside it stays outside and one inside stays inside.
    func taken(by implementation: any ZoomImplementation) -> UnprojectInput {
        guard implementation.capabilities.pixelInput != .any else { return self }
        return UnprojectInput(space: space, x: x.rounded(.down), y: y > space.world ? y.rounded(.up) : y.rounded(.down))
    }
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
