import MercatorCore
import PropertyCheck

/// The bounds the catalogue's checks use, each a `Tolerance` with its reason.
///
/// Pixel bounds are in the pixels of the value they compare (seed512 pixels at zoom 20 for
/// the projection properties, pixels at the case's zoom for spans).
enum PropertyTolerances {
    /// No rounding involved: each side is within a few ulps of W/2 at zoom 20 (6e-8 px).
    static let unrounded = Tolerance(.absolute(1e-6), because: "no round(): a few ulps of W/2 (6e-8 px) each way")
    /// One `round()` moves a pixel by at most half a pixel; 1e-6 px for the reference's ulps.
    static let oneRound = Tolerance(
        .absolute(0.5 + 1e-6), because: "one round() is ±0.5 px; 1e-6 px for the reference's ulps")
    /// One `round()`, compared with an unrounded map point (exactly half a pixel allowed).
    static let halfPixel = Tolerance(
        .absolute(0.5), because: "the seed rounds each pixel once (±0.5 px); MapKit's map point is not rounded")
    /// Two `round()` calls, one per edge of a span; 1e-6 px for subtracting two longitudes.
    static let twoRounds = Tolerance(
        .absolute(1 + 1e-6), because: "two round() calls (±0.5 px each); 1e-6 px for subtracting two rounded longitudes"
    )
    /// A span that is not quantised: far above the cancellation of two rounded longitudes
    /// (≤ 1e-5 px at zoom 28), far below one `round()` shift (≥ 0.25 px).
    static let notQuantised = Tolerance(
        .absolute(0.01), because: "≥ 1e-5 px of cancellation allowed, < 0.25 px of a round() shift")
    /// A centre that went through MapKit map points and back: well under a millimetre.
    static let sameCentre = Tolerance(
        .degrees(1e-9), because: "a round trip through map points costs ~1e-14°; 1e-9° is 0.1 mm")
}

extension Tolerance {
    /// Fails the property with `message` and the observed error when `observed` is not
    /// within this tolerance of `expected`; with `screenPoints`, which turns the difference
    /// observed − expected into screen points, the failure carries that size
    /// (``FailureSize/screenPoints(_:)``).
    func require(
        _ observed: Double, near expected: Double, _ message: @autoclosure () -> String,
        screenPoints: ((Double) -> Double)? = nil
    ) throws {
        let check = self.check(observed, against: expected)
        guard check.passed else {
            throw PropertyFailure(
                "\(message()) (off by \(CheckSupport.short(check.observedError)); allowed: \(self))",
                size: screenPoints.map { .screenPoints($0(observed - expected)) })
        }
    }
}
