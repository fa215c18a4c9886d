import MercatorCore
import PropertyCheck
import Testing
import TestSupport
@testable import ZoomProperties

/// Map-view sessions: the seed port's zoom creep — its minimal session and the cycles it takes
/// to reach the clamp. (The family's verdicts for the shipped implementations are in
/// `EveryFamilySuite`.)
@Suite("Map-view sessions", .tags(.catalogue)) struct SessionPropertiesTests {
    @Test("The seed getter's zoom creep shrinks to one save and one restore from the initial view", .tags(.finding))
    func creepMinimalSession() throws {
        let property = try #require(ZoomCatalogue.named("session-restore-keeps-the-level"))
        let outcome = CatalogueRunner(settings: .catalogueDefaults).run(property, against: .seed)
        #expect(outcome.isExpected)
        let minimal = """
            let map = try MapViewSession(SeedPort(variant: .original), convention: .seed512); try \
            map.saveZoomLevel(); try map.restoreSavedZoom()
            """
        #expect(outcome.observed == .fails(pin: minimal))
        let report = try #require(outcome.run?.result.failure)
        #expect(report.minimalCounterexample == minimal)
        #expect(
            report.minimalMessage == """
                step 2 `try map.restoreSavedZoom()`: postcondition failed: the view was at zoom 0 and read level 1; \
                restoring it moved the view to zoom 1
                """)
    }

    @Test("The minimal session, pasted as code, zooms the seed port in one level") func creepPasted() throws {
        let map = try MapViewSession(SeedPort(variant: .original), convention: .seed512)
        try map.saveZoomLevel()
        try map.restoreSavedZoom()
        #expect(map.zoom == 1)
        let corrected = try MapViewSession(WebMercator(), convention: .seed512)
        try corrected.saveZoomLevel()
        try corrected.restoreSavedZoom()
        #expect(corrected.zoom == 0)
    }

    /// Save/restore cycles from the initial view (zoom 0, 320 × 460 pt) until the zoom stops
    /// changing, with the zoom after each cycle.
    static func creep(_ implementation: any ZoomImplementation) throws -> [Double] {
        let map = try MapViewSession(implementation, convention: .seed512)
        var zooms: [Double] = []
        for _ in 0..<100 {
            let before = map.zoom
            try map.saveZoomLevel()
            try map.restoreSavedZoom()
            if map.zoom == before { break }
            zooms.append(map.zoom ?? .nan)
        }
        return zooms
    }

    @Test(
        "The seed port creeps one level per save/restore cycle: 28 cycles from zoom 0 to the clamp at 28",
        .tags(.finding)) func creepCyclesToTheClamp() throws
    {
        let zooms = try Self.creep(BuiltInImplementations.seed)
        #expect(zooms.count == 28)
        #expect(zooms == (1...28).map(Double.init))
        #expect(try Self.creep(BuiltInImplementations.corrected).isEmpty)
    }

    /// At zoom 28 a 320-pt view is 1.25 px of the zoom-20 pixel space wide; the seed rounds
    /// both edges to whole pixels and the span comes out 2 px (1.34e-6°), which the getter
    /// reads as zoom 28.32, level 28: its one level too high is cancelled, so the creep ends
    /// at the clamp.
    @Test("At the clamp the seed getter reads 28 again, so the creep stops there") func creepStopsAtTheClamp() throws {
        let map = try MapViewSession(SeedPort(variant: .original), convention: .seed512)
        try map.setCenter(Coordinate(latitude: 0, longitude: 0), zoom: 27)
        #expect(try map.saveZoomLevel() == 28)
        try map.restoreSavedZoom()
        #expect(map.zoom == 28)
        let region = map.region
        #expect(try map.saveZoomLevel() == 28)
        try map.restoreSavedZoom()
        #expect(map.zoom == 28)
        #expect(map.region == region)
    }

    @Test("A pan across ±180° wraps the centre's longitude") func panAcrossTheAntimeridian() throws {
        let map = try MapViewSession(WebMercator(), convention: .tile256)
        try map.setCenter(Coordinate(latitude: 10, longitude: 179), zoom: 5)
        let span = map.region.span.longitudeDelta
        try map.pan(byWidths: 2 / span)
        #expect(abs(map.center.longitude - -179) < 1e-9)
        #expect(map.region.isValid)
    }

    @Test("Resizing keeps the centre and zoom; a rotation swaps width and height") func resize() throws {
        let map = try MapViewSession(WebMercator(), convention: .seed512)
        try map.setCenter(Coordinate(latitude: 40, longitude: -3), zoom: 6)
        let before = map.region.span.longitudeDelta
        try map.resize(to: Viewport(widthInPoints: 460, heightInPoints: 320))
        #expect(map.zoom == 6)
        #expect(map.center == Coordinate(latitude: 40, longitude: -3))
        #expect(abs(map.region.span.longitudeDelta - before * 460 / 320) < 1e-12)
    }

    @Test("Sessions are deterministic: the same seed gives the same minimal session") func determinism() throws {
        let property = try #require(ZoomCatalogue.named("session-region-stays-valid"))
        let runner = CatalogueRunner(settings: RunSettings(seed: Seed(99), caseCount: 500))
        let first = runner.run(property, against: .seed)
        let second = runner.run(property, against: .seed)
        #expect(first.run?.pin != nil)
        #expect(first.run?.pin == second.run?.pin)
        #expect(first.run?.result == second.run?.result)
    }
}

/// What the real-library panel showed sessions doing wrong: asking for zooms a program declared
/// it does not serve, and failing a centre that did not move against a bound made NaN by a
/// getter's non-finite reading.
@Suite("Map-view sessions keep to what a program declares", .tags(.catalogue)) struct SessionDomainTests {
    @Test("A program that declares zooms 1...22 is never sent setCenter at another zoom") func setCenterInsideTheRange()
        throws
    {
        let implementation = FreeMercator(try Freedoms(parsing: "zoom-range"))
        let range = implementation.capabilities.servedZooms
        #expect(range.lowest == 1 && range.highest == 22)
        var zooms: [Double] = []
        for seed in 0..<400 {
            guard let sample = SessionMachine.sessions(.restoreKeepsTheZoom, implementation).sample(seed: UInt64(seed))
            else { continue }
            let code = SessionMachine.code(sample.value)
            for match in code.matches(of: /setCenter\([^)]*\), zoom: ([0-9.e+-]+)\)/) {
                zooms.append(try #require(Double(String(match.1))))
            }
        }
        #expect(zooms.count >= 50, "\(zooms.count) setCenter commands in 400 sessions")
        #expect(zooms.allSatisfy { (1...22).contains($0) }, "\(zooms.filter { !(1...22).contains($0) })")
    }

    /// The corrected core whose getter answers a non-finite reading: no zoom to restore.
    struct NonFiniteGetter: ZoomImplementation {
        let core = WebMercator()
        var name: String { "non-finite-getter" }
        var capabilities: Capabilities { core.capabilities }
        func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
            -> PixelPoint
        { try core.project(coordinate, zoom: zoom, convention: convention) }
        func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate { try core.unproject(pixel) }
        func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
            throws(ProjectionError) -> Region
        { try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention) }
        func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
            -> ZoomReading
        { ZoomReading(zoom: .nan, level: 0) }
        func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region { try core.fit(points) }
    }

    @Test("A saved reading that is not finite is not judged by the restore: no 'allowed nan' failure")
    func nonFiniteReadingIsNotRestored() throws {
        let property = try #require(ZoomCatalogue.named("session-restore-keeps-the-zoom"))
        let outcome = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: 300)).run(
            property, against: CatalogueSubject(NonFiniteGetter()))
        // Before: "the centre moved … (0°, allowed nan°)", or a restore to zoom nan, failed it.
        #expect(outcome.run?.result.failure == nil, "\(outcome.report())")
    }

    @Test(
        """
        A centre snapped a hair past the band's edge and then refused as a NaN region (badInput: refuses) is the \
        refusal at the edge, as an error answer there is
        """) func refusalWrittenAsNaNAtTheEdge() throws
    {
        // The freedom space through exec: found it: setCenter((85.05112877980659, 0), zoom: 0) puts the
        // centre at 85.05112877980679 (whole pixels at zoom 0), and restoring the saved zoom then
        // answers a NaN region; every session property failed with "a value is not finite".
        let implementation = FreeMercator(
            try Freedoms(
                parsing: "route-atanh-sin,project-refuses,whole-pixels,centre-snapped-at-zoom,refuses-with-nan"))
        let runner = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: 300))
        for name in ["session-region-stays-valid", "session-restore-keeps-the-zoom", "session-restore-keeps-the-level"]
        {
            let property = try #require(ZoomCatalogue.named(name))
            let outcome = runner.run(property, against: CatalogueSubject(implementation))
            #expect(outcome.run?.result.failure == nil, "\(name): \(outcome.report())")
        }
    }
}
