import Foundation
import MercatorCore

/// The checks both libraries run (the same as `zoomcheck bench`'s).
enum Checks {
    static let world = Double(512 << 20)
    static let band = -MercatorMath.latitudeLimit...MercatorMath.latitudeLimit
    @inline(never) static func roundTrips(_ latitude: Double) -> Bool {
        let y = WebMercator.y(latitude: latitude, worldWidth: world)
        return abs(WebMercator.latitude(y: y, worldWidth: world) - latitude) <= 1e-6
    }
    static let cases = Int(ProcessInfo.processInfo.environment["PEER_CASES"] ?? "") ?? 200_000
    static func report(_ name: String, _ cases: Int, _ started: ContinuousClock.Instant) {
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        print(String(format: "PEER %@: %.0f cases/s (%d cases, %.3f s)", name, Double(cases) / seconds, cases, seconds))
    }
}
