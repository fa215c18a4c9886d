/// `SeedPort` as an implementation under test.
///
/// Fidelity rules kept here (see `SeedPort` for the full list):
/// 1. The seed code can only express what it has: pixels at zoom 20 in seed512, spans in its
///    variant's native convention, the getter in seed512. Anything else is `unsupported`
///    (PROTOCOL.md), never a silent conversion.
/// 2. A protocol zoom reaches the setter as C would pass it to an `NSUInteger` parameter
///    (`zoomLevel(fromProtocolZoom:)`); the region is the one `setRegion:` would receive.
/// 3. Nothing is validated: NaN, ±∞ and invalid regions come back as the original would
///    have produced them.
extension SeedPort: ZoomImplementation {
    public var name: String { variant.rawValue }

    /// What the documents' code can express: every operation, spans in the variant's own
    /// convention, integer zooms (`NSUInteger`), pixels at zoom 20 only, a getter that
    /// rounds to the nearest level. Policy is left at ZoomCheck's conventions on purpose:
    /// the port is checked against them so that where the documents depart from them
    /// (no validation, no centre limit) is a documented finding, in the convention class.
    public var capabilities: Capabilities {
        // Built once per variant: the catalogue reads them on every request.
        switch variant {
        case .original: Self.originalCapabilities
        case .zoomExponent21: Self.zoomExponent21Capabilities
        case .mapPointSpan: Self.mapPointSpanCapabilities
        }
    }

    static let originalCapabilities = capabilities(of: .original)
    static let zoomExponent21Capabilities = capabilities(of: .zoomExponent21)
    static let mapPointSpanCapabilities = capabilities(of: .mapPointSpan)

    static func capabilities(of variant: Variant) -> Capabilities {
        var capabilities = Capabilities(
            conventions: [variant.nativeConvention], fractionalZooms: false, anyPixelZoom: false,
            levelRounding: .nearest, badInput: .refuses)
        // The documents pad each delta on its own.
        capabilities.fitAspect = .free
        // Their `round()` calls promise nothing finer than a map's pixels (they round in the
        // 2^29-px world whatever the zoom): where that is coarser than the pixel at the zoom, the
        // defect properties find it (spans quantised above zoom 20).
        capabilities.pixelGrid = .requestZoom
        return capabilities
    }

    public func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try Self.requirePixelSpace(zoom: zoom, convention: convention)
        return PixelPoint(
            x: Self.longitudeToPixelSpaceX(coordinate.longitude),
            y: Self.latitudeToPixelSpaceY(coordinate.latitude, libm: libm), zoom: Self.pixelSpaceZoom,
            convention: .seed512)
    }

    public func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try Self.requirePixelSpace(zoom: pixel.zoom, convention: pixel.convention)
        return Coordinate(
            latitude: Self.pixelSpaceYToLatitude(pixel.y), longitude: Self.pixelSpaceXToLongitude(pixel.x))
    }

    public func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        guard convention == variant.nativeConvention else {
            throw .unsupported(
                """
                \(name) takes \(variant.nativeConvention) zoom levels; \(convention) is not expressible in the \
                seed code
                """)
        }
        let zoomLevel = try Self.zoomLevel(fromProtocolZoom: zoom)
        return setCenterCoordinate(center, zoomLevel: zoomLevel, viewport: viewport)
    }

    public func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
        -> ZoomReading
    {
        guard convention == .seed512 else {
            throw .unsupported(
                "the seed getter reads seed512 zoom levels; \(convention) is not expressible in the seed code")
        }
        let level = try Self.getZoomLevel(region: region, viewport: viewport)
        return ZoomReading(
            zoom: Self.getterFractionalZoom(longitudeDelta: region.span.longitudeDelta, viewport: viewport),
            level: level)
    }

    public func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try Self.zoomMapViewToFitAnnotations(points)
    }

    /// The seed's conversions exist only at zoom 20 in seed512.
    static func requirePixelSpace(zoom: Double, convention: ZoomConvention) throws(ProjectionError) {
        guard zoom == pixelSpaceZoom, convention == .seed512 else {
            // An invalid zoom (bad-projection-zoom-is-refused draws values up to 1e300) is named
            // as such rather than by its seventeen digits.
            guard zoom.isFinite, (0...28).contains(zoom) else {
                // 3.2158978405776553e+299 reads as "about 10^299".
                let digits = NumberText.shortest(zoom.magnitude)
                let shown =
                    digits.range(of: "e+").map { "about \(zoom < 0 ? "−" : "")10^\(digits[$0.upperBound...])" }
                    ?? NumberText.shortest(zoom)
                throw .unsupported(
                    """
                    the seed conversions work at zoom 20 in seed512 only: every other zoom is unsupported, an \
                    invalid one (here \(shown), outside 0…28) included
                    """)
            }
            let asked = "zoom \(NumberText.shortest(zoom)) in \(convention)"
            throw .unsupported("the seed conversions work at zoom 20 in seed512 only, not \(asked)")
        }
    }
}
