import Foundation
import MercatorCore

/// The comments' hidden `* 2 //2 is for retina display` in the getter (002, comment 8):
/// every reading is one level high.
struct GetterPlusOne: DelegatingMutant {
    var name: String { "mutant-getter-plus-one" }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    {
        var retina = viewport
        retina.widthInPoints = viewport.widthInPoints * 2
        return try core.zoom(of: region, viewport: retina, convention: convention)
    }
}

/// The getter always in a 256-px world (MapKit's `MKMapSizeWorld` formula used for the blog's
/// seed512 zooms): seed512 readings are one level high.
struct GetterIgnoresConvention: DelegatingMutant {
    var name: String { "mutant-getter-ignores-convention" }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    { try core.zoom(of: region, viewport: viewport, convention: .tile256) }
}

/// The getter reading the view's width in device pixels (`bounds.size.width * scale`), so a
/// 2× or 3× screen reads one or 1.58 levels high.
struct GetterUsesPixelsPerPoint: DelegatingMutant {
    var name: String { "mutant-getter-uses-pixels-per-point" }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    {
        var pixels = viewport
        pixels.widthInPoints = viewport.widthInPixels
        return try core.zoom(of: region, viewport: pixels, convention: convention)
    }
}

/// The getter reading the latitude span against the view's height as if latitude were
/// linear on screen (`log2(360 * height / (W₀ * latitudeDelta))`), a copy-paste of the
/// longitude formula seen in answers that "use the smaller span".
struct GetterReadsLatitude: DelegatingMutant {
    var name: String { "mutant-getter-reads-latitude" }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    {
        _ = try core.zoom(of: region, viewport: viewport, convention: convention)
        let zoom = log2(360 * viewport.heightInPoints / (convention.worldWidthAtZoomZero * region.span.latitudeDelta))
        guard zoom.isFinite else {
            throw .invalidSpan("latitudeDelta \(NumberText.shortest(region.span.latitudeDelta)) gives no zoom")
        }
        return ZoomReading(zoom: zoom, level: Int(min(28, max(0, zoom.rounded(.down)))))
    }
}

/// `level = floor(zoom)` without a tolerance, over the documents' own span route: a region set
/// at zoom z whose two-edge span rounds a few ulps wide reads zoom 4.999999999999999 and level
/// z − 1, as getters that floor the logarithm do.
struct LevelFloorWithoutTolerance: DelegatingMutant {
    var name: String { "mutant-level-floor-without-tolerance" }
    /// The correct route whose level rule is broken.
    var core: any ZoomImplementation { DocumentsControl() }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    {
        var reading = try core.zoom(of: region, viewport: viewport, convention: convention)
        reading.level = Int(min(28, max(0, reading.zoom.rounded(.down))))
        return reading
    }
}
