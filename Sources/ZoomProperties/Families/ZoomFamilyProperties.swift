import Foundation
import MercatorCore
import PropertyCheck

/// Families 4 and 5: spans as the zoom changes, and reading the zoom back.
enum ZoomFamilyProperties {
    static let all: [CatalogueProperty] = [
        spanShrinks, longitudeHalves, levelRoundTrip, fractionalRoundTrip, levelIsARounding, levelRounding,
    ]

    static func region(_ implementation: any ZoomImplementation, _ input: SpanInput, zoom: Double? = nil) throws
        -> Region
    {
        try CheckSupport.expectValue("region at zoom \(NumberText.shortest(zoom ?? input.zoom))") {
            try implementation.region(
                centeredAt: input.center, zoom: zoom ?? input.zoom, viewport: input.viewport,
                convention: input.convention)
        }
    }

    /// Span inputs with integer zooms below the top one served (0...27 for 0...28), so that
    /// z + 1 exists.
    static func belowTopZoom(_ implementation: any ZoomImplementation) -> Gen<SpanInput> {
        let top = Double(implementation.capabilities.servedZooms.levels.upperBound)
        return SpanInput.integerZooms(for: implementation).map { input in
            var input = input
            input.zoom = Swift.max(0, Swift.min(input.zoom, top - 1))
            return input
        }
    }

    /// `belowTopZoom` 1 draw in 2, and the three lowest zooms served (0...2) the other: where
    /// the devices' viewports are wider than the world at z and at z + 1, so that both spans
    /// are clamped at 360°.
    static func nearTheClamp(_ implementation: any ZoomImplementation) -> Gen<SpanInput> {
        let levels = implementation.capabilities.servedZooms.levels
        let lowest = levels.lowerBound, belowTop = Swift.max(lowest, levels.upperBound - 1)
        let low = Gen.int(in: lowest...Swift.min(lowest + 2, belowTop)).labelled { Strata.labels(zoom: Double($0)) }
            .named("zoom")
        return Gen.frequency([
            (weight: 1, generator: belowTopZoom(implementation)),
            (weight: 1, generator: SpanInput.integerZooms(for: implementation, zoom: low)),
        ])
    }

    static let spanShrinks = CatalogueProperty.define(
        "span-shrinks-as-zoom-grows", .zoomMonotonicity, .defect, operations: [.span],
        statement: """
            Going from zoom z to z + 1 strictly shrinks the longitude span (unless both are clamped at 360°, or the \
            span at z + 1 is within the whole pixels of its edges) and does not grow the latitude span (unless the \
            viewport is so short that the rows of z + 1 need not lie inside those of z once on whole pixels, or a \
            pole limits the span at z or at z + 1).
            """,
        bound: """
            longitude: strict order while the exact span at z + 1 exceeds 3 pixels at z (each edge of the span at z \
            may move a pixel at z, each of the span at z + 1 a pixel at z + 1), and below that at most the part \
            of them it does not cover, + both spans' budgets; latitude: may grow by its span budget (2 × 3.2e-13° \
            + 16u relative), checked where the rows of z + 1, moved by a whole centre row (1 px at the zoom) and \
            whole edges (1 px each), still lie inside those of z moved the same way: a height of at least 4 × \
            (2 px at z + 2 px at z + 1 / 2) = 12 pt; where a pole limits the span at z + 1, it is the room its \
            centre leaves, which a snapped centre moves (the validity properties check it), and so where it \
            limits the span at z
            """, strata: { _ in Strata.Design.integerSpans.map { $0.scaled(0.5) } }, generator: nearTheClamp
    ) { implementation, input, _ in try checkShrinks(implementation, input) }

    /// `span-shrinks-as-zoom-grows` on one input.
    static func checkShrinks(_ implementation: any ZoomImplementation, _ input: SpanInput) throws {
        let outer = try region(implementation, input), inner = try region(implementation, input, zoom: input.zoom + 1)
        let bothClamped = outer.span.longitudeDelta == 360 && inner.span.longitudeDelta == 360
        // Whole pixels (`MapPixel`): the span at z is at least its exact value less two pixels
        // at z, p; the span at z + 1 at most its exact value, half that at z, plus two pixels
        // at z + 1 (p / 2 each). So inner − outer ≤ 3p − exact inner + both budgets: the order is
        // strict while the exact span at z + 1 exceeds that.
        let reference = SpanReference(input)
        let exactInner = reference.longitudeDelta / 2
        let pixel = MapPixel.longitudeDegrees(worldWidth: reference.world)
        let budgets = ErrorBudget.spanDegrees(reference.longitudeDelta) + ErrorBudget.spanDegrees(exactInner)
        let allowance = Swift.max(0, 3 * pixel + budgets - exactInner)
        try ensure(
            bothClamped || inner.span.longitudeDelta - outer.span.longitudeDelta < allowance
                || inner.span.longitudeDelta < outer.span.longitudeDelta,
            """
            longitudeDelta \(NumberText.shortest(outer.span.longitudeDelta)) at z, \
            \(NumberText.shortest(inner.span.longitudeDelta)) at z + 1
            """)
        // The rows of z + 1 lie inside those of z, each moved by a whole centre row and whole
        // edges, when h/4 ≥ (the most an edge moves at z) + (at z + 1) / 2, in pixels at z.
        let moves = 2 * MapPixel.pixels + 2 * MapPixel.pixels / 2
        guard input.viewport.heightInPoints / 4 >= moves else { return }
        // A span the pole limits is the room its centre leaves, 2 (90° − |φ|), not what the
        // zoom shows: a centre snapped to a whole row at z + 1 may leave more room than at z.
        // So is one at z: a centre snapped further from the equator at z than at z + 1 leaves
        // less room at z, and the rows of z + 1, clipped to the world, may then be taller (a
        // 375 × 667 view centred at 5°: 168.8° about 5.6° at zoom 0, the band's 170.1° at 1).
        let room = PoleLimit.room(centeredAt: inner.center.latitude)
        let outerRoom = PoleLimit.room(centeredAt: outer.center.latitude)
        guard inner.span.latitudeDelta < room - ErrorBudget.spanDegrees(room),
            outer.span.latitudeDelta < outerRoom - ErrorBudget.spanDegrees(outerRoom)
        else { return }
        try ensure(
            inner.span.latitudeDelta <= outer.span.latitudeDelta + ErrorBudget.spanDegrees(outer.span.latitudeDelta),
            """
            latitudeDelta \(NumberText.shortest(outer.span.latitudeDelta)) at z, \
            \(NumberText.shortest(inner.span.latitudeDelta)) at z + 1
            """)
    }

    static let longitudeHalves = CatalogueProperty.define(
        "longitude-span-halves-per-level", .zoomMonotonicity, .defect, operations: [.span],
        statement: "Where nothing is clamped, the longitude span at z + 1 is half the span at z.",
        bound: """
            the span budget of both spans: 2 × 3.2e-13° per span for its edges + 16u relative (maxLng − minLng is a \
            few ulps off the closed form 360·w/W, which halves exactly), + each edge's whole pixel at its zoom (2 \
            pixels at z on the span at z, twice 2 pixels at z + 1 on the span at z + 1: 4 pixels at z in all)
            """, strata: { _ in Strata.Design.unclamped(Strata.Design.integerSpans) }, generator: belowTopZoom
    ) { implementation, input, _ in
        try assume(SpanReference(input).longitudeUnclamped, "clamped at 360°")
        let outer = try region(implementation, input)
        let inner = try region(implementation, input, zoom: input.zoom + 1)
        // Each span's two edges may also be whole pixels at its zoom: 2 pixels at z on the span
        // at z, 2 × 2 pixels at z + 1 (one at z each) on twice the span at z + 1.
        let pixel = MapPixel.longitudeDegrees(worldWidth: SpanReference(input).world)
        let bound =
            ErrorBudget.spanDegrees(outer.span.longitudeDelta) + 2 * ErrorBudget.spanDegrees(inner.span.longitudeDelta)
            + 4 * pixel
        let difference = inner.span.longitudeDelta * 2 - outer.span.longitudeDelta
        try ensure(
            abs(difference) <= bound,
            """
            \(NumberText.shortest(outer.span.longitudeDelta)) at z but \
            \(NumberText.shortest(inner.span.longitudeDelta)) × 2 = \
            \(NumberText.shortest(inner.span.longitudeDelta * 2)) at z + 1 (off by \
            \(CheckSupport.short(abs(difference)))°, allowed \(CheckSupport.short(bound))°)
            """)
    }

    /// The region the round trips read back: the implementation's own, with its latitude
    /// delta halved, so that the longitude span is the one that binds whatever the getter
    /// reads. A getter that reads only the longitude span ignores the change; one that reads
    /// both (Leaflet's `getBoundsZoom`) would otherwise read a little less than z, because a
    /// region symmetric in degrees is not the viewport's rows — and it need not declare
    /// `zoomSource` for the round trips to judge it fairly. Its latitude path has a property
    /// of its own (`zoom-round-trip-latitude`).
    static func regionToRead(_ implementation: any ZoomImplementation, _ input: SpanInput) throws -> Region {
        getterRegion(try region(implementation, input), reading: implementation.capabilities.regionReading)
    }

    /// The region a getter is sent for a view showing `region` (a program's own answer, in its
    /// `reading`): the same view as MapKit's region (PROTOCOL.md: a getter is sent a map view's
    /// region, whatever the program's own regions are), its latitude delta halved (see
    /// ``regionToRead(_:_:)``). A Mercator view's region sent as it is would reach past a pole
    /// in MapKit's reading whenever its rows do not: a fit of (0, 0) and (79, 180) centred at
    /// 55.5° with 139° of rows.
    static func getterRegion(_ region: Region, reading: RegionReading) -> Region {
        var read = reading.mapKitRegion(of: region)
        read.span.latitudeDelta /= 2
        return read
    }

    static func reading(_ implementation: any ZoomImplementation, _ region: Region, _ input: SpanInput) throws
        -> ZoomReading
    {
        try CheckSupport.expectValue("zoom reading") {
            try implementation.zoom(of: region, viewport: input.viewport, convention: input.convention)
        }
    }

    /// The derived bound on a fractional zoom read back at `input` (see `ErrorBudget.zoomReading`).
    static func readingBound(_ input: SpanInput) -> Double {
        let reference = SpanReference(input)
        return ErrorBudget.zoomReading(
            spanPixels: input.viewport.widthInPoints, worldWidth: reference.world, zoom: input.zoom)
    }

    /// The level the protocol's fitting rule gives `region` on `viewport`: the largest level L
    /// in `levels` at which min(360°, 360° · width / W(L)) holds its longitude span, a span
    /// within the span budget of L's counting as held. Within the budget the rule reads L, so
    /// that a region set at L reads back as L even where its logarithm, or its own span, is a
    /// rounding off (reading L − 1 there is zoom creep: a saved level restored one lower);
    /// beyond it — whole pixels make a span set at zoom z wider than z shows by a pixel or two
    /// — the region fits at z − 1 only.
    static func fittingLevel(
        of region: Region, _ viewport: Viewport, _ convention: ZoomConvention, within levels: ClosedRange<Int>
    ) -> Int {
        let delta = region.span.longitudeDelta
        return levels.reversed().first { level in
            let span = Swift.min(360, 360 * viewport.widthInPoints / convention.worldWidth(atZoom: Double(level)))
            return span >= delta - ErrorBudget.spanDegrees(span)
        } ?? levels.lowerBound
    }

    /// The levels a correct getter may answer for a region set at `zoom` on `viewport` (a region
    /// the program returned for that zoom): `zoom` itself, as a getter that compares its own
    /// spans reads it; the fitting rule on the region as returned (`fittingLevel`: z − 1 for a
    /// span whole pixels made wider); or the nearest level to any zoom within `bound` of
    /// `zoom` (a whole pixel on each edge of a small view moves the reading far); clamped into
    /// `levels`.
    static func allowedLevels(
        _ region: Region, _ viewport: Viewport, _ convention: ZoomConvention, zoom: Double, bound: Double,
        _ capabilities: Capabilities
    ) -> Set<Int> {
        var allowed: Set<Int> = []
        for levels in capabilities.levelRanges(in: viewport, convention: convention) {
            let fitting = fittingLevel(of: region, viewport, convention, within: levels)
            let nearest = Int((zoom - Swift.min(bound, 64)).rounded())...Int((zoom + Swift.min(bound, 64)).rounded())
            allowed.formUnion(
                ([Int(zoom.rounded()), fitting] + Array(nearest)).map {
                    Swift.min(levels.upperBound, Swift.max(levels.lowerBound, $0))
                })
        }
        return allowed
    }

    /// A whole pixel per edge may leave no span at all: then no zoom can be read.
    static func assumeReadableWidth(_ input: SpanInput) throws {
        try assume(
            input.viewport.widthInPoints > 2 * MapPixel.pixels,
            "the viewport is at most two pixels wide: whole pixels may leave no span")
    }

    /// Not applicable to a getter that declares whole levels only (`integerGetter`): it has
    /// no fractional zoom to read back.
    static let wholeLevelsOnly: @Sendable (any ZoomImplementation) -> String? = { implementation in
        implementation.capabilities.integerGetter
            ? """
            the getter returns whole levels only (integerGetter): no fractional zoom to read back
            """ : nil
    }

    static let levelRoundTrip = CatalogueProperty.define(
        "zoom-round-trip-level", .zoomRoundTrip, .defect, operations: [.span, .zoom],
        statement: """
            Setting integer zoom z and reading the zoom back gives level z, where the longitude span is not clamped \
            at 360° (the region read back has its latitude span halved, so that the longitude span binds whether the \
            getter reads one span or both).
            """,
        bound: """
            exact integer: z, or the fitting rule applied to the region the program returned (a span within the \
            span budget of z's fits at z; z − 1 where whole pixels made it wider than z shows), or the nearest \
            level to any zoom within the reading budget of z (edges a whole pixel off: 0.009 levels on a 320-pt \
            view, more on a small one)
            """,
        // Zoom 0 is 1/29 of the zooms drawn, but in tile256 only the 1-pt viewport leaves its
        // span unclamped (every device is wider than 256 pt), so for code with tile256 only
        // unclamped zoom-0 cases are about 0.9% of those kept: 0.5% still proves it is reached.
        coverage: [CoverageRequirement(ZoomAndViewportGen.zoomZeroLabel, minimumShare: 0.005)],
        strata: { _ in Strata.Design.unclamped(Strata.Design.integerSpans) },
        generator: { SpanInput.integerZooms(for: $0) }
    ) { implementation, input, _ in
        try assume(SpanReference(input).longitudeUnclamped, "clamped at 360°")
        try assumeReadableWidth(input)
        let region = try regionToRead(implementation, input)
        let reading = try reading(implementation, region, input)
        let allowed = allowedLevels(
            region, input.viewport, input.convention, zoom: input.zoom, bound: readingBound(input),
            implementation.capabilities)
        try ensure(
            allowed.contains(reading.level),
            """
            read back \(reading) from a region set at zoom \(Int(input.zoom)) (longitudeDelta \
            \(NumberText.shortest(region.span.longitudeDelta))°): a correct getter reads level \
            \(allowed.sorted().map(String.init).joined(separator: " or "))
            """)
    }

    /// The strata of the getter's readings of fractional-zoom spans, where nothing is clamped
    /// (the checks discard clamped spans).
    static let unclampedReadings: @Sendable (any ZoomImplementation) -> [Strata.DesignedShare] = {
        Strata.Design.unclamped(Strata.Design.fractionalSpans(for: $0))
    }

    static let fractionalRoundTrip = CatalogueProperty.define(
        "zoom-round-trip-fractional", .zoomRoundTrip, .defect, operations: [.span, .zoom],
        statement: """
            Setting a zoom (fractional where the implementation takes them, else integer) and reading the fractional \
            zoom back gives the same zoom, where the longitude span is not clamped at 360°.
            """,
        bound: """
            derived per case: the span's relative error r = 2 × (16u·W + a whole pixel at the zoom) / width for its \
            edges + 16u, through log2: r / ((1 − r) ln 2), + 2 ulps of the zoom; 0.0091 on a 320-pt view, where the \
            view's edges are a pixel off
            """, appliesTo: wholeLevelsOnly, strata: unclampedReadings,
        generator: { SpanInput.fractionalZooms(for: $0) }
    ) { implementation, input, _ in
        try assume(SpanReference(input).longitudeUnclamped, "clamped at 360°")
        try assumeReadableWidth(input)
        let region = try regionToRead(implementation, input)
        let reading = try reading(implementation, region, input)
        let bound = readingBound(input)
        let error = abs(reading.zoom - input.zoom)
        // On screen: the viewport's width shown at the zoom read instead of the zoom set.
        let points = input.viewport.widthInPoints * abs(PortableMath.exp2(reading.zoom - input.zoom) - 1)
        // A getter with a range of its own narrower than the zooms served may read the nearest
        // zoom in it (`getterRange`).
        let readable = implementation.capabilities.readZooms
        try ensure(
            error <= bound
                || (!readable.contains(input.zoom) && abs(reading.zoom - readable.clamp(input.zoom)) <= bound),
            """
            read back \(reading), \(CheckSupport.short(error)) from the zoom set (allowed \
            \(CheckSupport.short(bound))): the \(NumberText.shortest(input.viewport.widthInPoints))-pt width off \
            by ≈ \(CheckSupport.short(points)) pt
            """, size: .screenPoints(points))
    }

    static let levelIsARounding = CatalogueProperty.define(
        "zoom-level-is-a-rounding-of-zoom", .zoomRoundTrip, .defect, operations: [.span, .zoom],
        statement: """
            The level a getter returns is an integer rounding of the fractional zoom it returns (floor, ceiling or \
            nearest: within one level), where nothing is clamped.
            """, bound: "|level − zoom| < 1 + the reading budget", strata: unclampedReadings,
        generator: { SpanInput.fractionalZooms(for: $0) }
    ) { implementation, input, _ in
        try assume(SpanReference(input).longitudeUnclamped, "clamped at 360°")
        try assumeReadableWidth(input)
        let region = try regionToRead(implementation, input)
        let reading = try reading(implementation, region, input)
        let distance = abs(Double(reading.level) - reading.zoom)
        try ensure(
            distance < 1 + readingBound(input),
            """
            level \(reading.level) is \(CheckSupport.short(distance)) levels from zoom \
            \(NumberText.shortest(reading.zoom))
            """)
    }

    static let levelRounding = CatalogueProperty.define(
        "zoom-level-follows-its-rounding", .zoomRoundTrip, .convention, operations: [.span, .zoom],
        statement: """
            The level is the declared rounding of the zoom set: the largest level whose span holds the region \
            (`fitting`, ZoomCheck's and Leaflet's) or the nearest level (`nearest`).
            """,
        bound: """
            exact integer; any level the declared rule gives to a zoom within the reading budget of the zoom set (the \
            rule is monotone, so every integer between its values at the two ends)
            """,
        appliesTo: { implementation in
            implementation.capabilities.levelRounding == .unspecified
                ? "the implementation does not state how its level rounds" : nil
        }, strata: unclampedReadings, generator: { SpanInput.fractionalZooms(for: $0) }
    ) { implementation, input, _ in
        try assume(SpanReference(input).longitudeUnclamped, "clamped at 360°")
        try assumeReadableWidth(input)
        let region = try regionToRead(implementation, input)
        let reading = try reading(implementation, region, input)
        // At most 64 levels: beyond that every level in 0...28 is in reach anyway.
        let bound = Swift.min(readingBound(input), 64)
        // Every level the rule gives to some zoom in z ± bound: the rule is monotone in the
        // zoom, so that is every integer between what it gives the two ends (not only those
        // two: with a whole-pixel rounding on a small viewport the bound can exceed a level).
        let rule: (Double) -> Int
        switch implementation.capabilities.levelRounding {
        case .nearest: rule = { Int($0.rounded()) }
        case .fitting, .unspecified: rule = { Int($0.rounded(.down)) }
        }
        var clamped: Set<Int> = []
        for levels in implementation.capabilities.levelRanges(in: input.viewport, convention: input.convention) {
            clamped.formUnion(
                (rule(input.zoom - bound)...rule(input.zoom + bound)).map {
                    Swift.min(levels.upperBound, Swift.max(levels.lowerBound, $0))
                })
            if implementation.capabilities.levelRounding != .nearest {
                // The fitting rule is decided by comparing spans: on the region as returned.
                clamped.insert(fittingLevel(of: region, input.viewport, input.convention, within: levels))
            }
        }
        try ensure(
            clamped.contains(reading.level),
            """
            level \(reading.level) for zoom \(NumberText.shortest(input.zoom)); \
            \(implementation.capabilities.levelRounding.rawValue) gives \
            \(clamped.sorted().map(String.init).joined(separator: " or "))
            """)
    }
}
