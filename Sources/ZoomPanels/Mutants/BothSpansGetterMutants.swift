import MercatorCore

/// A getter that reads both spans (Leaflet's `getBoundsZoom`), broken in its latitude path;
/// everything else is `LeafletControl`'s. The round trips do not see these defects (they give
/// such a getter a region whose latitude span does not bind); `zoom-round-trip-latitude` does.
protocol BothSpansGetterMutant: DelegatingMutant {
    /// The bounds' height in zoom-0 pixels, computed the broken way, and the viewport the
    /// scale is computed against.
    func brokenBounds(of region: Region, viewport: Viewport, convention: ZoomConvention) -> (
        height: Double, viewport: Viewport
    )
}

extension BothSpansGetterMutant {
    var core: any ZoomImplementation { LeafletControl() }
    var capabilities: Capabilities { LeafletControl().capabilities }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    {
        _ = try core.zoom(of: region, viewport: viewport, convention: convention)  // the same input checks
        let bounds = brokenBounds(of: region, viewport: viewport, convention: convention)
        return try LeafletControl.reading(
            region, boundsHeight: bounds.height, viewport: bounds.viewport, convention: convention)
    }
}

/// The bounds' height taken in degrees, as if latitude were linear on screen like longitude
/// (`latitudeDelta / 360 × W₀`): hand-written "fit both spans" getters that copy the
/// longitude line. Mercator rows are 1/cos φ farther apart, so the latitude reads too high.
struct BothSpansLatitudeLinear: BothSpansGetterMutant {
    var name: String { "mutant-both-spans-latitude-linear" }

    func brokenBounds(of region: Region, viewport: Viewport, convention: ZoomConvention) -> (
        height: Double, viewport: Viewport
    ) { (region.span.latitudeDelta / 360 * convention.worldWidthAtZoomZero, viewport) }
}

/// The latitude term of the scale divides the viewport's width, not its height, by the
/// bounds' height (a copy-paste of the longitude term): portrait views read too high.
struct BothSpansLatitudeAgainstWidth: BothSpansGetterMutant {
    var name: String { "mutant-both-spans-latitude-against-width" }

    func brokenBounds(of region: Region, viewport: Viewport, convention: ZoomConvention) -> (
        height: Double, viewport: Viewport
    ) {
        var widthAsHeight = viewport
        widthAsHeight.heightInPoints = viewport.widthInPoints
        return (LeafletControl.boundsHeight(region, convention: convention), widthAsHeight)
    }
}
