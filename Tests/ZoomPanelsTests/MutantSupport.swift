import MercatorCore
@testable import ZoomPanels

/// Fixed inputs shared by the mutant tests.
enum Fixed {
    static let core = WebMercator()
    /// An iPhone-sized view, 1×.
    static let phone = Viewport(widthInPoints: 320, heightInPoints: 480)
    /// Cupertino.
    static let cupertino = Coordinate(latitude: 37.3, longitude: -122)

    static func mutant(_ name: String) -> any ZoomImplementation { MutantPanel.named(name)! }

    static func coreRegion(
        _ center: Coordinate = cupertino, zoom: Double = 10, viewport: Viewport = phone,
        convention: ZoomConvention = .seed512
    ) throws -> Region { try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention) }

    static func region(
        _ name: String, _ center: Coordinate = cupertino, zoom: Double = 10, viewport: Viewport = phone,
        convention: ZoomConvention = .seed512
    ) throws -> Region {
        try mutant(name).region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
    }
}
