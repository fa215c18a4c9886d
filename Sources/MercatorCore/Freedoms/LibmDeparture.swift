/// How far the platform's `sinf`/`logf` depart from ZoomCheck's correctly rounded pair on
/// the seed's own inputs: what `zoomcheck check --libm platform` reports.
package struct LibmDeparture: Sendable, Hashable, CustomStringConvertible {
    /// Latitudes compared: `count` evenly spaced ones from 0 to the Mercator limit.
    package let latitudes: Int
    /// Latitudes whose `sinf(Float(φ·π/180))` differs (in any bit).
    package let sineDifferences: Int
    /// Latitudes whose `logf` of the (portable) ratio (1 + sin)/(1 − sin) differs.
    package let logarithmDifferences: Int
    /// Latitudes whose seed y (zoom 20, seed512 px) differs, and the largest difference.
    package let pixelDifferences: Int
    package let largestPixelDifference: Double
    package let latitudeOfLargest: Double

    /// Compares the two pairs at `count` evenly spaced latitudes in [0°, 85.0511°].
    package static func measure(count: Int = 100_001) -> LibmDeparture {
        var sines = 0, logarithms = 0, pixels = 0, largest = 0.0, at = 0.0
        for index in 0..<count {
            let latitude = MercatorMath.latitudeLimit * Double(index) / Double(count - 1)
            let argument = Float(latitude * Double.pi / 180.0)
            let sine = FloatLibm.portable.sin(argument)
            if FloatLibm.platform.sin(argument).bitPattern != sine.bitPattern { sines += 1 }
            let ratio: Float = (1 + sine) / (1 - sine)
            if FloatLibm.platform.log(ratio).bitPattern != FloatLibm.portable.log(ratio).bitPattern { logarithms += 1 }
            let difference =
                (SeedPort.latitudeToPixelSpaceY(latitude, libm: .platform) - SeedPort.latitudeToPixelSpaceY(latitude))
                .magnitude
            if difference > 0 { pixels += 1 }
            if difference > largest { (largest, at) = (difference, latitude) }
        }
        return LibmDeparture(
            latitudes: count, sineDifferences: sines, logarithmDifferences: logarithms, pixelDifferences: pixels,
            largestPixelDifference: largest, latitudeOfLargest: at)
    }

    package var description: String {
        """
        at \(latitudes) latitudes from 0° to the Mercator limit, sinf differs from the correctly rounded one at \
        \(sineDifferences), 
        """ + """
            logf at \(logarithmDifferences); the seed's y differs at \(pixelDifferences), by up to \
            \(NumberText.shortest(largestPixelDifference)) px
            """ + (pixelDifferences > 0 ? " (at \(NumberText.shortest(latitudeOfLargest))°)" : "")
    }
}
