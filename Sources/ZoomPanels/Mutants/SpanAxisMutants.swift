import MercatorCore

/// The latitude span computed from the viewport's width: `scaledMapHeight = width * scale`,
/// as a public Swift port of the category has it.
struct SpanHeightEqualsWidth: DelegatingMutant {
    var name: String { "mutant-span-height-equals-width" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        var square = viewport
        square.heightInPoints = viewport.widthInPoints
        return try core.region(centeredAt: center, zoom: zoom, viewport: square, convention: convention)
    }
}

/// The latitude span halved (a half-height used as the full delta), as ports that compute
/// `centre − top` and forget the other half do.
struct LatitudeDeltaHalved: DelegatingMutant {
    var name: String { "mutant-latitude-delta-halved" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try MutantSupport.region(center, zoom, viewport, convention) { span, _ in
            Span(latitudeDelta: span.latitudeDelta / 2, longitudeDelta: span.longitudeDelta)
        }
    }
}

/// Width and height swapped (`CGSize(height, width)`), as ports that read a rotated view's
/// bounds do: the longitude span follows the height and the latitude span the width.
struct WidthHeightSwapped: DelegatingMutant {
    var name: String { "mutant-width-height-swapped" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        let swapped = Viewport(
            widthInPoints: viewport.heightInPoints, heightInPoints: viewport.widthInPoints,
            pixelsPerPoint: viewport.pixelsPerPoint)
        return try core.region(centeredAt: center, zoom: zoom, viewport: swapped, convention: convention)
    }
}

/// The longitude span derived from the latitude span by the aspect ratio
/// (`longitudeDelta = latitudeDelta * width / height`), a common MapKit answer that treats
/// degrees of latitude and longitude as the same size on screen.
struct LongitudeFromAspectRatio: DelegatingMutant {
    var name: String { "mutant-longitude-from-aspect-ratio" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try MutantSupport.region(center, zoom, viewport, convention) { span, _ in
            Span(
                latitudeDelta: span.latitudeDelta,
                longitudeDelta: min(360, span.latitudeDelta * viewport.widthInPoints / viewport.heightInPoints))
        }
    }
}

/// The latitude span as twice the northern half (`2 * (north − centre)`), which assumes
/// Mercator rows are symmetric in latitude about the centre; they are not away from the equator.
struct LatitudeDeltaTwiceNorthHalf: DelegatingMutant {
    var name: String { "mutant-latitude-delta-twice-north-half" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        var region = try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        let world = convention.worldWidth(atZoom: zoom)
        let topY = max(0, WebMercator.y(latitude: center.latitude, worldWidth: world) - viewport.heightInPoints / 2)
        let north = MutantSupport.latitude(y: topY, worldWidth: world)
        let limit = PoleLimit.room(centeredAt: center.latitude)
        region.span.latitudeDelta = min(2 * (north - center.latitude), limit)
        return region
    }
}
