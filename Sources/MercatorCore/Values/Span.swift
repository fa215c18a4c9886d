/// The size of a coordinate region in degrees, as `MKCoordinateSpan` holds it.
public struct Span: Hashable, Sendable, CustomStringConvertible {
    /// North–south extent in degrees; a valid region has 0...180.
    public var latitudeDelta: Double
    /// East–west extent in degrees; a valid region has 0...360.
    public var longitudeDelta: Double

    public init(latitudeDelta: Double, longitudeDelta: Double) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }

    public var description: String {
        "Δlat \(NumberText.shortest(latitudeDelta))°, Δlon \(NumberText.shortest(longitudeDelta))°"
    }
}
