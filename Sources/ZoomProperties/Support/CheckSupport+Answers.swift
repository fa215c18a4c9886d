import Foundation
import MercatorCore
import PropertyCheck

/// Judging an implementation's answers: its `valid` flag, its errors, a computed edge, and
/// numbers for failure messages.
extension CheckSupport {
    /// Fails unless the `valid` an answer reports is the region's validity in `reading`
    /// (PROTOCOL.md's rules; a Mercator view's own pole rules).
    static func requireValidFlag(_ answer: RegionAnswer, reading: RegionReading) throws {
        let violations = reading.violations(of: answer.region)
        try ensure(
            answer.reportedValid == violations.isEmpty,
            """
            reported valid: \(answer.reportedValid) for \(answer.region), which \
            \(violations.isEmpty ? "is valid" : "breaks: " + violations.map(\.rawValue).joined(separator: ", "))\
            \(reading == .mapKit ? "" : " read as \(reading.rawValue)")
            """)
    }

    /// Calls `body`, turning a projection error into a property failure that names it, of the
    /// error's kind (``FailureSignature/answered(_:)``); `unsupported` passes through, so that
    /// the case is discarded as not applicable.
    static func expectValue<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ProjectionError {
            if error.code == "unsupported" { throw error }
            throw PropertyFailure("\(what) threw \(error)", signature: .answered(error))
        }
    }

    /// Runs `body` and returns its value or its projection error.
    static func outcome<T>(_ body: () throws -> T) -> Result<T, ProjectionError> {
        do { return .success(try body()) } catch let error as ProjectionError { return .failure(error) } catch {
            return .failure(.implementationFailure("unexpected error \(error)"))
        }
    }

    /// Whether a refusal of `value` is the program's own rounding of a boundary that is a
    /// computed value: the protocol's `edge`, which any correct route computes to within
    /// `budget` (its own pow, atan or sinh within 2 ulps, its own order of operations). Inside
    /// that window either answer is correct; outside it the protocol's answer is the only one.
    static func isAtComputedEdge(_ value: Double, edge: Double, budget: Double) -> Bool {
        value.isFinite && abs(value - edge) <= budget
    }

    /// Whether the position `value` lies on an edge of a world `world` pixels wide (0 or W,
    /// within `budget`) or outside it by at most a whole pixel more: where a correct program's
    /// rounding of W, or its whole pixels (a floor of −ε at the band's edge is −1), can put
    /// the position of a point inside the band. A refusal to unproject such a position is the
    /// refusal beyond the world a program may declare, not a round trip broken.
    static func isOnOrJustOutsideTheWorld(_ value: Double, world: Double, budget: Double) -> Bool {
        guard value.isFinite else { return false }
        let reach = MapPixel.pixels + budget
        return (value <= budget && value >= -reach) || (value >= world - budget && value <= world + reach)
    }

    /// Rounds to 3 significant decimals for failure messages.
    /// (−0 is written 0: "a −0° arc" is the same arc as a 0° one.)
    static func short(_ value: Double) -> String { NumberText.shortest(FailureSize.threeSignificantDigits(value) + 0) }
}

extension FailureSignature {
    /// The signature of a failure that is an error answer: every error with the same code
    /// (`invalid-latitude`, `implementation-failure`: a crashed program, an `unsupported` to a
    /// request the program declared it serves) is one kind of failure, wherever the check met it.
    static func answered(_ error: ProjectionError) -> FailureSignature { FailureSignature("answered " + error.code) }
}
