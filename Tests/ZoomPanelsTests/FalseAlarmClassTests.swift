import Foundation
import MercatorCore
import PropertyCheck
import Testing
import TestSupport
@testable import ZoomPanels
@testable import ZoomProperties

/// The classes of correct code that real map libraries showed ZoomCheck failing, each as a
/// small correct variant of the corrected core (`FreeMercator` taking the freedom that is the
/// class, with what it declares): every property must hold for it, defects and the
/// conventions it declares. Written before the bounds were derived again from what a map
/// shows (PROTOCOL.md, "What a correct program may do"); each failed then.
@Suite("Classes of correct code real libraries showed: each variant holds every property") struct FalseAlarmClassTests {
    static let caseCount = TestProfile.cases(gate: 200, nightly: 2_000)
    static let runner = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: caseCount))

    /// A class, and the freedoms that are it.
    struct FalseAlarmClass: Sendable, CustomTestStringConvertible {
        var name: String
        var freedoms: String
        var testDescription: String { "\(name) (--freedoms \(freedoms))" }
    }

    static let classes: [FalseAlarmClass] = [
        .init(name: "whole pixels at the request's zoom, rounded", freedoms: "whole-pixels"),
        .init(name: "whole pixels at the request's zoom, floored", freedoms: "floor-pixels"),
        .init(name: "whole pixels of a coarser fixed world, MapKit's 2^28", freedoms: "whole-pixels-2^28"),
        .init(name: "a zoom range that is not 0...28", freedoms: "zoom-range"),
        .init(name: "a getter clamped to its zoom range", freedoms: "getter-clamps"),
        .init(name: "the centre a snapped span shows, reported", freedoms: "centre-snapped-at-zoom"),
        .init(name: "a fit that clamps its points to the band first", freedoms: "fit-clamps-to-band"),
        .init(name: "a route with more roundings: a 4×4 view matrix", freedoms: "route-matrix"),
        .init(name: "a route with more roundings, on an unpadded fit", freedoms: "route-matrix,fit-unpadded"),
        .init(name: "unproject refusing rows outside the world", freedoms: "unproject-refuses"),
        .init(name: "unproject clamping rows outside the world", freedoms: "unproject-clamps"),
        .init(name: "bad values in fields a route never reads, unchecked", freedoms: "unchecked"),
        .init(name: "a declared refusal (NaN) at a computed edge, above", freedoms: "refuses-with-nan,libm-up"),
        .init(name: "a declared refusal (NaN) at a computed edge, below", freedoms: "refuses-with-nan,libm-down"),
        .init(name: "a longitude within rounding of ±180° written as 180°", freedoms: "antimeridian-wrap"),
        .init(name: "whole pixels meeting the nearest level rule", freedoms: "whole-pixels,level-nearest"),
        .init(name: "floored pixels meeting the nearest level rule", freedoms: "floor-pixels,level-nearest"),
        .init(name: "a clamp past the band to another off-map row", freedoms: "project-clamps-sine"),
        .init(name: "a view kept inside the world, its domain declared", freedoms: "view-in-world"),
        .init(name: "unproject taking whole pixels only, floored", freedoms: "unproject-whole-pixels,floor-pixels"),
        .init(name: "a getter whose range stops below the setter's", freedoms: "getter-range"),
    ]

    @Test("The variant holds every property", arguments: classes) func holds(_ falseAlarm: FalseAlarmClass) throws {
        let freedoms = try Freedoms(parsing: falseAlarm.freedoms)
        let subject = CatalogueSubject(FreeMercator(freedoms), gate: .declared)
        for outcome in Self.runner.runAll(ZoomCatalogue.all, against: [subject]) where outcome.blocksItsGate {
            Issue.record(Comment(rawValue: "\(falseAlarm.name): \(outcome.property.name)\n\(outcome.report())"))
        }
    }
}

/// Classes the nightly freedom space met where two freedoms meet near an edge, each as the
/// smallest combination that shows it and the one property it failed, at a count that
/// reaches the case (each failed before its fix, at the case named).
@Suite("Freedoms meeting near an edge: each combination holds the property it failed") struct EdgeCombinationTests {
    struct EdgeClass: Sendable, CustomTestStringConvertible {
        var name: String
        var freedoms: String
        var property: String
        var testDescription: String { "\(name) (--freedoms \(freedoms), \(property))" }
    }

    static let classes: [EdgeClass] = [
        .init(
            name: "a row past the world clamped to the program's own edge, then floored a row inside (case 55)",
            freedoms: "floor-pixels,unproject-clamps,libm-down", property: "unproject-beyond-the-world-as-declared"),
        .init(
            name: "a fit of a point a hair from the pole through Mercator metres and sin φ (case 11)",
            freedoms: "route-matrix,route-atanh-sin,fit-unpadded,libm-down", property: "fit-single-point"),
        .init(
            name: "a fit whose route through metres rounds past the pole is at the pole: a valid region (case 18)",
            freedoms: "libm-up,route-gudermannian,route-matrix", property: "fit-is-bounded-by-its-points"),
    ]

    @Test("The combination holds the property", arguments: classes) func holds(_ edge: EdgeClass) throws {
        let property = try #require(ZoomCatalogue.all.first { $0.name == edge.property })
        let subject = CatalogueSubject(FreeMercator(try Freedoms(parsing: edge.freedoms)), gate: .declared)
        let runner = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: 200))
        let outcomes = runner.runAll([property], against: [subject])
        #expect(outcomes.count == 1)
        for outcome in outcomes where outcome.blocksItsGate {
            Issue.record(Comment(rawValue: "\(edge.name)\n\(outcome.report())"))
        }
    }
}

/// Cases outsiders' correct programs met, replayed against the variant that takes the same
/// freedom: each failed before the property learned the freedom.
@Suite("Outsiders' correct programs: the cases they met") struct OutsiderCaseTests {
    @Test(
        """
        A fit wider than the zoom-0 view shows, read by a getter that clamps to its minimum zoom and restored: \
        no served zoom holds it, so the restore is not held to it (a Go outsider's tile library)
        """) func clampedFitRestore() throws
    {
        let variant = FreeMercator(try Freedoms(parsing: "getter-clamps"))
        let map = try MapViewSession(variant, convention: .seed512)
        try map.fit([(0, 0), (0, 47), (0, -47), (0, 180)].map { Coordinate(latitude: $0.0, longitude: $0.1) })
        let before = map.region
        try map.saveZoom()
        let saved = try #require(map.saved)
        #expect(saved.zoom == 0, "the variant clamps the reading of a 261° fit on 320 pt (−0.214) to 0")
        try map.restoreSavedZoom()
        try SessionChecks.afterRestore(.restoreKeepsTheFit, map, saved: saved, zoomBefore: nil, regionBefore: before)
    }
}

/// A getter with no top zoom (Leaflet without `maxZoom`: `getMaxZoom()` is Infinity) reads a
/// region narrower than zoom 28 shows at its zoom as computed, and gives the level its rule
/// gives there: 29 for a region 8.4e-7° wide in 320 points. It states `zoomRange` with no
/// `max` when `declared`.
struct NoTopZoomGetter: DelegatingMutant {
    var declared = true
    var name: String { "no-top-zoom" }
    var capabilities: Capabilities {
        var capabilities = core.capabilities
        capabilities.zoomRangeOpenAbove = declared
        return capabilities
    }
    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    {
        let reading = try core.zoom(of: region, viewport: viewport, convention: convention)
        guard reading.zoom > 29 else { return reading }
        return ZoomReading(zoom: reading.zoom, level: Int(reading.zoom.rounded(.down)))
    }
}

@Suite("A getter with no top zoom") struct NoTopZoomTests {
    @Test(
        """
        Levels above 28 that follow the zoom as computed pass zoom-reading-matches-the-reference when the range \
        is declared open above (zoomRange max null), and fail it when not
        """) func levelAsComputed() throws
    {
        let region = Region(
            center: Coordinate(latitude: 0, longitude: 0), span: Span(latitudeDelta: 1e-6, longitudeDelta: 8.38e-7))
        let reading = try NoTopZoomGetter().zoom(of: region, viewport: Viewport.fitView, convention: .tile256)
        #expect(reading.level == 29)
        let property = try #require(ZoomCatalogue.all.first { $0.name == "zoom-reading-matches-the-reference" })
        let outcome = FalseAlarmClassTests.runner.run(property, against: CatalogueSubject(NoTopZoomGetter()))
        #expect(outcome.observed == .holds, "\(outcome.report())")
        // Not declared, a level past 28 is still one outside the levels served (a getter whose
        // clamp at 28 was lost, as three of the Python adapter's mutants lose it).
        let undeclared = FalseAlarmClassTests.runner.run(
            property, against: CatalogueSubject(NoTopZoomGetter(declared: false)))
        #expect(undeclared.observed != .holds, "\(undeclared.report())")
    }
}

@Suite("A pole limit about a snapped centre") struct SnappedCentrePoleLimitTests {
    @Test(
        """
        span-shrinks-as-zoom-grows: a centre snapped further from the equator at z than at z + 1 leaves less room at \
        z (a 375 × 667 view centred at 5°, as geotiler shows it: 168.8° at zoom 0, the band's 170.1° at 1)
        """) func poleLimitAtTheLowerZoom() throws
    {
        let snapped = FreeMercator(Freedoms(centreSnappedAtZoom: true))
        let input = SpanInput(
            center: Coordinate(latitude: 5, longitude: 0), zoom: 0,
            viewport: Viewport(widthInPoints: 375, heightInPoints: 667), convention: .tile256)
        let outer = try snapped.region(
            centeredAt: input.center, zoom: 0, viewport: input.viewport, convention: .tile256)
        let inner = try snapped.region(
            centeredAt: input.center, zoom: 1, viewport: input.viewport, convention: .tile256)
        #expect(outer.span.latitudeDelta < inner.span.latitudeDelta)
        #expect(throws: Never.self) { try ZoomFamilyProperties.checkShrinks(snapped, input) }
    }
}

@Suite("A view kept inside the world: its level") struct ViewInWorldLevelTests {
    @Test(
        """
        A getter that keeps its view inside the world raises a level whose view the world cannot hold: 1024 × 1366 \
        at zoom 2.5 reads level 3, not the 2 whose world is 1024 points tall (OpenLayers' default View)
        """) func levelRaisedIntoTheWorld() throws
    {
        let free = FreeMercator(Freedoms(viewInWorld: true))
        let viewport = Viewport(widthInPoints: 1024, heightInPoints: 1366)
        let input = SpanInput(
            center: Coordinate(latitude: 0, longitude: 0), zoom: 2.5, viewport: viewport, convention: .tile256)
        let region = ZoomFamilyProperties.getterRegion(
            try free.region(centeredAt: input.center, zoom: 2.5, viewport: viewport, convention: .tile256),
            reading: .mapKit)
        let reading = try free.zoom(of: region, viewport: viewport, convention: .tile256)
        #expect(reading.level == 3)
        let allowed = ZoomFamilyProperties.allowedLevels(
            region, viewport, .tile256, zoom: 2.5, bound: ZoomFamilyProperties.readingBound(input), free.capabilities)
        #expect(allowed.contains(3) && allowed.contains(2), "\(allowed.sorted())")
    }
}

@Suite("unproject's pixel domain") struct PixelInputDomainTests {
    @Test("pixelInput int32: a whole pixel a 32-bit int cannot hold is outside the domain, as a fraction is")
    func int32Domain() {
        var capabilities = WebMercator().capabilities
        capabilities.pixelInput = .int32
        func outside(_ x: Double, _ y: Double) -> Bool {
            capabilities.outsideTheDomain(unprojecting: PixelPoint(x: x, y: y, zoom: 4, convention: .tile256)) != nil
        }
        #expect(!outside(0, -2_147_483_648) && !outside(4096, 2_147_483_647))
        #expect(outside(0, -4_096_000_000) && outside(0, 2_147_483_648) && outside(0.5, 12))
        #expect(!outside(.nan, 12), "bad input stays the program's to answer")
        capabilities.pixelInput = .whole
        #expect(!outside(0, -4_096_000_000) && outside(0, 0.5))
    }
}
