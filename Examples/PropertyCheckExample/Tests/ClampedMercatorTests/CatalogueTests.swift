import ClampedMercator
import Testing
import ZoomPropertiesTesting

/// Checks someone's own `ZoomImplementation` with ZoomCheck's catalogue, and with a
/// property of their own.
@Suite("Clamped Mercator") struct CatalogueTests {
    @Test("Holds every defect-class property of the catalogue") func catalogue() {
        // One issue per defect-class property it breaks, with the report and a replay line.
        expectCatalogue(ClampedMercator(), runner: CatalogueRunner(settings: RunSettings(caseCount: 500)))
    }

    /// A known defect kept as a known issue: the fit of the 2010 blog post's code, which
    /// misses points across ±180°. The issue is recorded (with its report and replay line)
    /// and expected, so the test passes while the defect stays; the gate replays the line
    /// the report prints, from another directory, and checks it reproduces the same minimal
    /// counterexample.
    @Test("Known issue: a fit copied from the 2010 post misses points across ±180°")
    func copiedFitMissesTheAntimeridian() {
        withKnownIssue("the copied fit ignores the antimeridian") {
            expectCatalogue(
                CopiedFitMercator(), properties: [ZoomCatalogue.named("fit-covers-every-point")!],
                runner: CatalogueRunner(settings: RunSettings(caseCount: 500)))
        }
    }

    @Test("Projecting then unprojecting a coordinate comes back within a millionth of a degree") func roundTrip() async
    {
        let coordinates = Gen.zip(Gen.double(in: -85...85), Gen.double(in: -180..<180))
        await expectProperty(
            Property("project ∘ unproject", coordinates) { latitude, longitude in
                let implementation = ClampedMercator()
                let pixel = try implementation.project(
                    Coordinate(latitude: latitude, longitude: longitude), zoom: 20, convention: .seed512)
                let back = try implementation.unproject(pixel)
                #expect(abs(back.latitude - latitude) < 1e-6)
                #expect(abs(back.longitude - longitude) < 1e-6)
            })
    }
}

/// Someone's own implementation whose fit was copied from the 2010 post (ZoomCheck's port
/// of it): everything else is ClampedMercator's.
struct CopiedFitMercator: ZoomImplementation {
    let name = "copied-fit-mercator"
    private let clamped = ClampedMercator()

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    { try clamped.project(coordinate, zoom: zoom, convention: convention) }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate { try clamped.unproject(pixel) }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    { try clamped.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention) }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    { try clamped.zoom(of: region, viewport: viewport, convention: convention) }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region { try SeedPort(variant: .original).fit(points) }
}
