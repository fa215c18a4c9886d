extension Capabilities {
    /// How a fit pads the points' extent: each delta is the extent times `factor`, at least
    /// `minimumDelta`, at most what the world allows (360° of longitude; for latitude, what
    /// keeps the region within the poles, `PoleLimit`).
    ///
    /// The corrected core's `fit` (with `WebMercator.FitOptions`), the control panel's fits
    /// and the catalogue's `fit-is-padded` property all pad with `paddedDelta(_:atMost:)`.
    public struct FitPadding: Hashable, Sendable, CustomStringConvertible {
        /// Factor applied to both extents, dimensionless (the documents: 1.15).
        public var factor: Double
        /// Smallest delta in degrees, for one point or a tight cluster (the documents: 0.014°).
        public var minimumDelta: Double

        public init(factor: Double, minimumDelta: Double) {
            self.factor = factor
            self.minimumDelta = minimumDelta
        }

        /// The documents' padding, from 004 (Brian Reiter's `zoomMapViewToFitAnnotations:`):
        /// `ANNOTATION_REGION_PAD_FACTOR` 1.15 ("so pins aren't scrunched on the edges") and
        /// `MINIMUM_ZOOM_ARC` 0.014° ("approximately 1 miles", at 69 miles per degree).
        public static let documents = FitPadding(factor: 1.15, minimumDelta: 0.014)

        /// A padded delta in degrees: `min(limit, max(minimumDelta, factor × extent))`.
        ///
        /// One rounding (the product); the clamps are exact. In that operand order a NaN
        /// `limit` gives NaN and a NaN `extent` gives `minimumDelta`.
        ///
        /// - Parameters:
        ///   - extent: The points' extent in degrees: latitude north minus south, or the
        ///     length of the shortest longitude arc holding them.
        ///   - limit: The largest delta allowed, in degrees: 360 for longitude; for latitude
        ///     `PoleLimit.delta(centeredAt:)` of the region's centre (the catalogue's reference
        ///     uses `PoleLimit.room(centeredAt:)`).
        public func paddedDelta(_ extent: Double, atMost limit: Double) -> Double {
            Swift.min(limit, Swift.max(minimumDelta, factor * extent))
        }

        public var description: String {
            "× \(NumberText.shortest(factor)), at least \(NumberText.shortest(minimumDelta))°"
        }
    }
}
