import Foundation
import Testing
import MercatorCore
import PropertyCheck
@testable import ZoomProperties

/// Each property added to close a recall gap found by the mechanical mutants of the Python
/// adapter (`CI/mutation/`) kills a Swift mutant of the same class, with a pinned minimal
/// counterexample; and the corrected core holds it.
@Suite("Properties that close recall gaps") struct RecallPropertiesTests {
    /// The corrected core with one operation changed; it declares what the core declares.
    struct Mutant: ZoomImplementation {
        let name: String
        var core = WebMercator()
        var project:
            (@Sendable (WebMercator, Coordinate, Double, ZoomConvention) throws(ProjectionError) -> PixelPoint)?
        var unproject: (@Sendable (WebMercator, PixelPoint) throws(ProjectionError) -> Coordinate)?
        var region:
            (@Sendable (WebMercator, Coordinate, Double, Viewport, ZoomConvention) throws(ProjectionError) -> Region)?
        var zoom: (@Sendable (WebMercator, Region, Viewport, ZoomConvention) throws(ProjectionError) -> ZoomReading)?
        var fit: (@Sendable (WebMercator, [Coordinate]) throws(ProjectionError) -> Region)?

        var capabilities: Capabilities { core.capabilities }
        func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
            -> PixelPoint
        {
            if let project { return try project(core, coordinate, zoom, convention) }
            return try core.project(coordinate, zoom: zoom, convention: convention)
        }
        func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
            if let unproject { return try unproject(core, pixel) }
            return try core.unproject(pixel)
        }
        func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
            throws(ProjectionError) -> Region
        {
            if let region { return try region(core, center, zoom, viewport, convention) }
            return try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        }
        func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
            -> ZoomReading
        {
            if let zoom { return try zoom(core, region, viewport, convention) }
            return try core.zoom(of: region, viewport: viewport, convention: convention)
        }
        func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
            if let fit { return try fit(core, points) }
            return try core.fit(points)
        }
    }

    static let runner = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: 2_000))

    /// The minimal counterexample `property` reaches against `mutant`, or nil if it holds.
    static func minimal(_ property: CatalogueProperty, _ mutant: any ZoomImplementation) -> String? {
        let outcome = runner.run(property, against: CatalogueSubject(mutant))
        if case .fails(let pin)? = outcome.observed { return pin }
        return nil
    }

    @Test("Answering unsupported at a zoom the program declares (anyPixelZoom) fails instead of being skipped")
    func unsupportedInsideTheDeclaration() {
        let mutant = Mutant(
            name: "mutant-pixels-at-zoom-20-only",
            project: { core, coordinate, zoom, convention throws(ProjectionError) in
                guard zoom == 20 else { throw .unsupported("pixels at zoom 20 only") }
                return try core.project(coordinate, zoom: zoom, convention: convention)
            })
        #expect(Self.minimal(ReferenceProperties.project, mutant) == "northern latitude band [0°, 5°)")
        let outcome = Self.runner.run(ReferenceProperties.project, against: CatalogueSubject(mutant))
        #expect(outcome.report().contains("which its capabilities declare supported"))
    }

    @Test("The same answer is an honest unsupported when nothing was declared") func unsupportedOutsideTheDeclaration()
    {
        struct Undeclared: ZoomImplementation {
            let name = "undeclared-zoom-20-only"
            func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
                -> PixelPoint
            {
                guard zoom == 20, convention == .seed512 else { throw .unsupported("pixels at zoom 20 only") }
                return try WebMercator().project(coordinate, zoom: zoom, convention: convention)
            }
            func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
                try WebMercator().unproject(pixel)
            }
            func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
                throws(ProjectionError) -> Region
            { try WebMercator().region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention) }
            func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
                -> ZoomReading
            { try WebMercator().zoom(of: region, viewport: viewport, convention: convention) }
            func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region { try WebMercator().fit(points) }
        }
        let outcome = Self.runner.run(ReferenceProperties.project, against: CatalogueSubject(Undeclared()))
        // Nearly every case is discarded (the engine gives up): not applicable, never failed.
        #expect(outcome.isExpected)
        #expect(outcome.run?.unsupportedCases ?? 0 > 0)
    }

    @Test("project at a floored fractional zoom fails project-matches-the-reference") func flooredZoom() {
        let mutant = Mutant(
            name: "mutant-project-floors-zoom",
            project: { core, coordinate, zoom, convention throws(ProjectionError) in
                var pixel = try core.project(coordinate, zoom: zoom.rounded(.down), convention: convention)
                pixel.zoom = zoom
                return pixel
            })
        #expect(Self.minimal(ReferenceProperties.project, mutant) == "northern latitude band [0°, 5°)")
    }

    /// `project` with latitudes past `limit` clamped to it.
    static func clamping(at limit: Double) -> Mutant {
        Mutant(
            name: "project-clamps-at-\(limit)",
            project: { core, coordinate, zoom, convention throws(ProjectionError) in
                let clamped = Coordinate(
                    latitude: Swift.min(limit, Swift.max(-limit, coordinate.latitude)), longitude: coordinate.longitude)
                return try core.project(clamped, zoom: zoom, convention: convention)
            })
    }

    @Test(
        """
        Latitudes past the Mercator band clamped to its edge pass project-matches-the-reference (a freedom); \
        clamped at 85° they fail
        """) func clampedToTheBand()
    {
        let edge = Self.runner.run(
            ReferenceProperties.project, against: CatalogueSubject(Self.clamping(at: MercatorMath.latitudeLimit)))
        #expect(edge.observed == .holds, "\(edge.report())")
        #expect(Self.minimal(ReferenceProperties.project, Self.clamping(at: 85)) == "northern latitude band [85°, 90°)")
    }

    @Test(
        """
        Rows outside the world refused pass unproject-matches-the-reference (no map shows them: a freedom), and \
        fail the declared unprojectBeyondWorld extends
        """) func rowsOutsideTheWorld()
    {
        let mutant = Mutant(
            name: "mutant-unproject-refuses-outside-rows",
            unproject: { core, pixel throws(ProjectionError) in
                guard pixel.y >= 0, pixel.y <= pixel.convention.worldWidth(atZoom: pixel.zoom) else {
                    throw .invalidLatitude("row outside the world")
                }
                return try core.unproject(pixel)
            })
        let defect = Self.runner.run(ReferenceProperties.unproject, against: CatalogueSubject(mutant))
        #expect(defect.observed == .holds, "\(defect.report())")
        #expect(mutant.capabilities.unprojectBeyondWorld == .extends)
        #expect(Self.minimal(ReferenceProperties.beyondTheWorld, mutant) != nil)
    }

    @Test("Rows not clipped to the world fail span-matches-the-reference") func rowsNotClipped() {
        // The textbook span: the latitudes of centre ± height/2, rows outside the world taken
        // as they come (so a tall view at zoom 0 reaches towards the poles).
        let unclipped = Mutant(
            name: "mutant-span-rows-not-clipped",
            region: { core, center, zoom, viewport, convention throws(ProjectionError) in
                let world = convention.worldWidth(atZoom: zoom)
                let y = try core.project(center, zoom: zoom, convention: convention).y
                let north = try core.unproject(
                    PixelPoint(x: 0, y: y - viewport.heightInPoints / 2, zoom: zoom, convention: convention)
                ).latitude
                let south = try core.unproject(
                    PixelPoint(x: 0, y: y + viewport.heightInPoints / 2, zoom: zoom, convention: convention)
                ).latitude
                let delta = Swift.min(north - south, 2 * (90 - abs(center.latitude)))
                return Region(
                    center: center,
                    span: Span(
                        latitudeDelta: delta, longitudeDelta: Swift.min(360, 360 * viewport.widthInPoints / world)))
            })
        #expect(
            Self.minimal(ReferenceProperties.span, unclipped)
                == "centre (81, 0), zoom 2 seed512, viewport 320×460 pt @1x")
    }

    @Test("A level past 28 for a region narrower than zoom 28 shows fails zoom-reading-matches-the-reference")
    func levelPastTheTop() {
        let mutant = Mutant(
            name: "mutant-level-unclamped",
            zoom: { core, region, viewport, convention throws(ProjectionError) in
                var reading = try core.zoom(of: region, viewport: viewport, convention: convention)
                reading.level = Int(reading.zoom.rounded(.down))
                return reading
            })
        #expect(Self.minimal(ReferenceProperties.zoomReading, mutant) != nil)
    }

    @Test("A fit off the shortest arc fails fit-is-bounded-by-its-points") func boundingBoxFit() {
        let mutant = Mutant(
            name: "mutant-bbox-fit",
            fit: { _, points throws(ProjectionError) in try SeedPort.zoomMapViewToFitAnnotations(points) })
        // Not [(90, 0)]: the documents' fit goes through MapKit's map points, which clamp a pole
        // to the band's edge, as MapKit's own fits do (a freedom); its antimeridian fit fails.
        #expect(Self.minimal(FitBoundProperties.bounded, mutant) == "[(0, 180), (0, -180)]")
    }

    /// The shortest arc as a program finds it that counts the gap across ±180° `bias` degrees
    /// larger than it is (the mechanical mutants' `360` → `361`): it picks the wrong arc
    /// whenever the two largest gaps are within `bias` of each other.
    static func biasedArc(_ longitudes: [Double], bias: Double) -> (length: Double, centre: Double) {
        let ordered = longitudes.sorted()
        var largest = ordered[0] + 360 + bias - ordered[ordered.count - 1], westIndex = 0
        for index in 1..<ordered.count where ordered[index] - ordered[index - 1] > largest {
            largest = ordered[index] - ordered[index - 1]
            westIndex = index
        }
        let west = ordered[westIndex]
        let length = westIndex == 0 ? ordered[ordered.count - 1] - ordered[0] : ordered[westIndex - 1] + 360 - west
        let centre = west + length / 2
        return (length, centre > 180 ? centre - 360 : centre)
    }

    @Test(
        """
        A fit that counts the gap across ±180° one degree large picks the other arc on near ties, and fails \
        fit-is-bounded-by-its-points
        """) func nearTieArc()
    {
        let mutant = Mutant(
            name: "mutant-fit-wrap-gap-plus-one",
            fit: { core, points throws(ProjectionError) in
                var region = try core.fit(points)
                let arc = Self.biasedArc(points.map(\.longitude), bias: 1)
                region.center.longitude = arc.centre
                region.span.longitudeDelta = Swift.min(360, Swift.max(0.014, arc.length * 1.15))
                return region
            })
        #expect(Self.minimal(FitBoundProperties.bounded, mutant) == "[(0, -180), (0, 0), (0, 1)]")
    }

    @Test(
        """
        An unproject that never checks its zoom (an x beyond a NaN world is refused as a longitude) fails \
        bad-projection-zoom-is-refused
        """) func unprojectZoomUnchecked()
    {
        let mutant = Mutant(
            name: "mutant-unproject-zoom-unchecked",
            unproject: { core, pixel throws(ProjectionError) in
                let world = pixel.convention.worldWidth(atZoom: pixel.zoom)
                guard pixel.x >= 0, pixel.x <= world else {
                    throw .invalidLongitude("x \(pixel.x) is outside the world 0...\(world)")
                }
                return try core.unproject(PixelPoint(x: pixel.x, y: pixel.y, zoom: 20, convention: .seed512))
            })
        #expect(Self.minimal(BadInputProperties.projectionZoom, mutant) == "zoom -1")
    }

    @Test("The near-tie sets' two largest longitude gaps are within 2° of each other") func nearTiesAreNearTies() {
        let property = Property("near ties", FitBoundProperties.nearTies) { points in
            let ordered = points.map(\.longitude).sorted()
            let gaps =
                (zip(ordered.dropFirst(), ordered).map { $0 - $1 } + [ordered[0] + 360 - ordered[ordered.count - 1]])
                .sorted(by: >)
            try ensure(gaps[0] - gaps[1] <= 2 + 1e-9, "gaps \(gaps)")
        }
        #expect(property.run(RunConfiguration(settings: RunSettings(seed: Seed(7), caseCount: 2_000))).result.isSuccess)
    }

    @Test("A fit that drops a NaN point between distinct points fails fit-refuses-a-bad-point-anywhere")
    func droppedNaN() {
        let mutant = Mutant(
            name: "mutant-fit-drops-bad-points",
            fit: { core, points throws(ProjectionError) in
                try core.fit(
                    points.filter {
                        $0.latitude.isFinite && $0.longitude.isFinite && abs($0.latitude) <= 90
                            && abs($0.longitude) <= 180
                    })
            })
        #expect(Self.minimal(FitBoundProperties.badPointAnywhere, mutant) != nil)
    }

    @Test(
        "The corrected core holds every property added for recall",
        arguments: ReferenceProperties.all + FitBoundProperties.all) func correctedHolds(_ property: CatalogueProperty)
    { #expect(Self.runner.run(property, against: .corrected).observed == .holds) }
}
