import Foundation
import Testing
import MercatorCore
import PropertyCheck
@testable import ZoomProperties

/// The catalogue's checks can fail: each mutant below is the corrected core with one of the
/// documents' defects put back, and the catalogue must catch it, shrink it, save it as a
/// regression, and replay the saved case first on the next run.
@Suite("Mutants of the corrected core are caught") struct MutantTests {
    /// The corrected core with one operation replaced.
    struct Mutant: ZoomImplementation {
        let name: String
        var core = WebMercator()
        var projectOverride: (@Sendable (Coordinate, Double, ZoomConvention) throws(ProjectionError) -> PixelPoint)?
        var fitOverride: (@Sendable ([Coordinate]) throws(ProjectionError) -> Region)?
        var zoomShift = 0

        func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
            -> PixelPoint
        {
            if let projectOverride { return try projectOverride(coordinate, zoom, convention) }
            return try core.project(coordinate, zoom: zoom, convention: convention)
        }
        func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate { try core.unproject(pixel) }
        func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
            throws(ProjectionError) -> Region
        { try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention) }
        func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
            -> ZoomReading
        {
            var reading = try core.zoom(of: region, viewport: viewport, convention: convention)
            reading.level += zoomShift
            return reading
        }
        func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
            if let fitOverride { return try fitOverride(points) }
            return try core.fit(points)
        }
    }

    /// Single-precision y, as the seed computes it but without the rounding.
    static let singlePrecision = Mutant(
        name: "mutant-float-y",
        projectOverride: { coordinate, zoom, convention throws(ProjectionError) in
            var pixel = try WebMercator().project(coordinate, zoom: zoom, convention: convention)
            let sine = sinf(Float(coordinate.latitude * Double.pi / 180))
            let world = convention.worldWidth(atZoom: zoom)
            pixel.y = world / 2 - world / (4 * Double.pi) * Double(logf((1 + sine) / (1 - sine)))
            return pixel
        })

    /// The seed's bounding-box fit.
    static let boundingBoxFit = Mutant(
        name: "mutant-bbox-fit",
        fitOverride: { points throws(ProjectionError) in try SeedPort.zoomMapViewToFitAnnotations(points) })

    /// A getter one level high.
    static let offByOne = Mutant(name: "mutant-getter-plus-one", zoomShift: 1)

    /// A core that answers `unsupported` to every projection (its other operations work).
    static let unsupportedEverything = Mutant(
        name: "mutant-unsupported",
        projectOverride: { _, _, _ throws(ProjectionError) in throw .unsupported("nothing is supported") })

    func outcome(_ property: String, _ mutant: Mutant, directory: String? = nil) -> CatalogueOutcome {
        CatalogueRunner(settings: RunSettings(seed: Seed(7), caseCount: 2_000), regressionDirectory: directory).run(
            ZoomCatalogue.named(property)!, against: CatalogueSubject(mutant))
    }

    @Test("A single-precision y is caught by y-within-one-pixel, at 1°") func floatY() {
        let result = outcome("y-within-one-pixel", Self.singlePrecision)
        #expect(!result.isExpected)
        #expect(result.run?.result.failure?.minimalCounterexample == "1.0")
    }

    @Test("A bounding-box fit is caught by fit-takes-the-short-way, across the antimeridian") func boundingBox() {
        let result = outcome("fit-takes-the-short-way", Self.boundingBoxFit)
        #expect(!result.isExpected)
        #expect(result.run?.result.failure?.minimalCounterexample == "[(0, 180), (0, -180)]")
    }

    @Test("A getter one level high is caught by zoom-round-trip-level at zoom 0") func getter() {
        let result = outcome("zoom-round-trip-level", Self.offByOne)
        #expect(!result.isExpected)
        #expect(result.run?.result.failure?.minimalCounterexample.contains("zoom 0") == true)
    }

    @Test(
        """
        Answering `unsupported` to everything makes a property not applicable, with the implementation's reason, \
        never failed
        """) func unsupportedIsNotApplicable()
    {
        for name in ["bad-latitude-is-refused", "longitude-round-trip", "y-within-one-pixel"] {
            let result = outcome(name, Self.unsupportedEverything)
            #expect(result.isExpected, "\(name)")
            #expect(
                result.observed == .notApplicable("the implementation answered unsupported: nothing is supported"),
                "\(name)")
        }
    }

    @Test("A caught failure is saved atomically as a regression and replayed first on the next run")
    func regressionReplay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "zoomcheck-regressions-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = outcome("fit-takes-the-short-way", Self.boundingBoxFit, directory: directory)
        guard case .generated? = first.run?.result.failure?.origin else {
            Issue.record(
                """
                the first run should find the failure among generated cases: \
                \(String(describing: first.run?.result.failure?.origin))
                """)
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(files.count == 1 && files[0].hasSuffix(".regressions"), "\(files)")
        #expect(!files.contains { $0.hasPrefix(".") }, "no temporary file is left behind")
        let second = outcome("fit-takes-the-short-way", Self.boundingBoxFit, directory: directory)
        guard case .regression? = second.run?.result.failure?.origin else {
            Issue.record(
                """
                the second run should fail on the saved regression first: \
                \(String(describing: second.run?.result.failure?.origin))
                """)
            return
        }
        #expect(second.run?.result.failure?.minimalCounterexample == first.run?.result.failure?.minimalCounterexample)
    }
}
