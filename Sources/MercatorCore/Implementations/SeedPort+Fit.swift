/// `zoomMapViewToFitAnnotations:animated:` from 004 (Brian Reiter, 2012) as a function from
/// annotation coordinates to the region it sets.
///
/// Fidelity rules kept here (see `SeedPort` for the full list):
/// 1. `MKMapPointForCoordinate` for every annotation, then the bounding map rect of an
///    `MKPolygon` over those points (`MapKitGeometry.boundingRect`): a plain min/max box,
///    blind to the antimeridian.
/// 2. `MKCoordinateRegionForMapRect` of that rect (`MapKitGeometry.region(for:)`).
/// 3. Both deltas `*= ANNOTATION_REGION_PAD_FACTOR` (1.15); then each clamped to at most
///    `MAX_DEGREES_ARC` (360 — for latitude too, where 180 is the real limit); then each
///    raised to at least `MINIMUM_ZOOM_ARC` (0.014, "approximately 1 miles (1 degree of arc
///    ~= 69 miles)"); then, with exactly one annotation, both set to 0.014.
/// 4. No annotations: the original returns without setting a region ("bail if no
///    annotations"); the port throws `emptyInput` saying so.
///
/// The three constants below are the values of `Capabilities.FitPadding.documents` and of the
/// 360° longitude limit, deliberately not shared with `Conventions/`: fidelity rule 1 keeps the
/// `#define`s as printed, and rule 3 above (clamp both deltas at 360, then raise to the
/// minimum, then overwrite for one point) is the defect under test, not
/// `Capabilities.FitPadding.paddedDelta(_:atMost:)`.
extension SeedPort {
    /// `MINIMUM_ZOOM_ARC`: 0.014°, "approximately 1 miles" at 69 miles per degree (0.966 mi).
    public static let minimumZoomArc = 0.014
    /// `ANNOTATION_REGION_PAD_FACTOR`: 15% of padding "so pins aren't scrunched on the edges".
    public static let annotationRegionPadFactor = 1.15
    /// `MAX_DEGREES_ARC`: "padding can't be bigger than the world" — applied to both deltas.
    public static let maxDegreesArc: Double = 360

    /// The region `zoomMapViewToFitAnnotations:` passes to `setRegion:`.
    public static func zoomMapViewToFitAnnotations(_ annotations: [Coordinate]) throws(ProjectionError) -> Region {
        let count = annotations.count
        if count == 0 { throw .emptyInput("no annotations: the original returns without setting a region") }
        // load points C array by converting coordinates to points
        let points = annotations.map(MapKitGeometry.mapPoint(for:))
        // create MKMapRect from array of MKMapPoint
        guard let mapRect = MapKitGeometry.boundingRect(of: points) else {
            throw .emptyInput("no annotations: the original returns without setting a region")
        }
        // convert MKCoordinateRegion from MKMapRect
        var region = MapKitGeometry.region(for: mapRect)

        // add padding so pins aren't scrunched on the edges
        region.span.latitudeDelta *= annotationRegionPadFactor
        region.span.longitudeDelta *= annotationRegionPadFactor
        // but padding can't be bigger than the world
        if region.span.latitudeDelta > maxDegreesArc { region.span.latitudeDelta = maxDegreesArc }
        if region.span.longitudeDelta > maxDegreesArc { region.span.longitudeDelta = maxDegreesArc }

        // and don't zoom in stupid-close on small samples
        if region.span.latitudeDelta < minimumZoomArc { region.span.latitudeDelta = minimumZoomArc }
        if region.span.longitudeDelta < minimumZoomArc { region.span.longitudeDelta = minimumZoomArc }
        // and if there is a sample of 1 we want the max zoom-in instead of max zoom-out
        if count == 1 {
            region.span.latitudeDelta = minimumZoomArc
            region.span.longitudeDelta = minimumZoomArc
        }
        return region
    }
}
