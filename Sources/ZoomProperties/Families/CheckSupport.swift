import MercatorCore
import PropertyCheck

/// Small helpers the property checks share.
enum CheckSupport {
    /// The seed's pixel space: zoom 20 in seed512, a 2^29-px world.
    static let seedZoom = 20.0
    static let seedWorld = ZoomConvention.seed512.worldWidth(atZoom: 20)
    /// One seed512 pixel at zoom 20, in degrees of longitude: 360 / 2^29 ≈ 6.7e-7°.
    static let seedPixelDegrees = 360 / seedWorld

    /// Calls `body`, turning a projection error into a property failure that names it.
    static func expectValue<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ProjectionError {
            throw PropertyFailure("\(what) threw \(error)")
        }
    }

    /// Runs `body` and returns its value or its projection error.
    static func outcome<T>(_ body: () throws -> T) -> Result<T, ProjectionError> {
        do {
            return .success(try body())
        } catch let error as ProjectionError {
            return .failure(error)
        } catch {
            return .failure(.unsupported("unexpected error \(error)"))
        }
    }

    /// The exact y (within an ulp, `MercatorMathTests`) of a latitude in seed512 px at zoom 20.
    static func exactSeedY(_ latitude: Double) -> Double {
        WebMercator.y(latitude: latitude, worldWidth: seedWorld)
    }

    /// Angular distance between two longitudes in degrees, 0...180.
    static func longitudeDistance(_ a: Double, _ b: Double) -> Double {
        let difference = abs(a - b).truncatingRemainder(dividingBy: 360)
        return Swift.min(difference, 360 - difference)
    }

    /// Rounds to 3 significant decimals for failure messages.
    static func short(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return NumberText.shortest(value) }
        let scale = Double.pow10(2 - Int((Swift.abs(value)).log10Floor))
        return NumberText.shortest((value * scale).rounded() / scale)
    }
}

private extension Double {
    static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<Swift.abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }

    var log10Floor: Int {
        var exponent = 0
        var value = self
        while value >= 10 { value /= 10; exponent += 1 }
        while value < 1 { value *= 10; exponent -= 1 }
        return exponent
    }
}
