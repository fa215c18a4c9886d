import ClampedMercator
import MercatorCore
import PropertyCheck
import PropertyCheckTesting
import Testing
import ZoomProperties

/// Checks someone's own `ZoomImplementation` with ZoomCheck's catalogue, and with a
/// property of their own.
@Suite("Clamped Mercator")
struct CatalogueTests {
    @Test("Holds every defect-class property of the catalogue")
    func catalogue() {
        let outcomes = CatalogueRunner(caseCount: 500).runAll(ZoomCatalogue.all, against: [ClampedMercator()])
        for outcome in outcomes where outcome.blocks(.defects) {
            Issue.record(Comment(rawValue: outcome.run?.result.render() ?? "\(outcome.property.name) did not run"))
        }
        #expect(!outcomes.isEmpty)
    }

    @Test("Projecting then unprojecting a coordinate comes back within a millionth of a degree")
    func roundTrip() async {
        let coordinates = Gen.zip(Gen.double(in: -85...85), Gen.double(in: -180..<180))
        await expectProperty(Property("project ∘ unproject", coordinates) { latitude, longitude in
            let implementation = ClampedMercator()
            let pixel = try implementation.project(Coordinate(latitude: latitude, longitude: longitude), zoom: 20, convention: .seed512)
            let back = try implementation.unproject(pixel)
            #expect(abs(back.latitude - latitude) < 1e-6)
            #expect(abs(back.longitude - longitude) < 1e-6)
        })
    }
}
