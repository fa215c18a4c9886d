import MercatorCore

/// The control panel's input checks beyond ZoomCheck's input policy.
///
/// Every control refuses bad input as `InputPolicy` does (the `errorCodes` policy, with the
/// corrected core's codes and messages), so a control differs from `WebMercator` only in its
/// route. What is left here is the one check a route's own arithmetic needs.
enum PanelInput {
    /// A zoom that came out of a getter: finite, or the region's delta was too small to read.
    static func checkReading(_ zoom: Double, _ region: Region) throws(ProjectionError) -> Double {
        guard zoom.isFinite else { throw .invalidSpan("region \(region) gives a zoom that is not finite") }
        return zoom
    }
}
