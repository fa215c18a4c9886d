import MercatorCore

/// Typed access to the members of one request, with the protocol's error messages.
///
/// `line` is the line the members were scanned from (string values stay in it).
extension EvalMembers {
    /// What `mistyped` says a number field must be.
    static let numberExpectation = "a number (or the string \"inf\", \"-inf\" or \"nan\")"

    /// A number field: a JSON number, or one of the strings "inf", "-inf", "nan".
    func number(_ field: EvalField, in line: UnsafeBufferPointer<UInt8>, default defaultValue: Double? = nil)
        throws(EvalFailure) -> Double
    {
        switch self[field] {
        case nil:
            guard let defaultValue else { throw .missing(field) }
            return defaultValue
        case .number(let value)?: return value
        case .string(let token)?:
            guard let value = NonFiniteText.value(of: token, in: line) else {
                throw .mistyped(field, expected: Self.numberExpectation, found: token.sourceText(in: line))
            }
            return value
        case let value?: throw .mistyped(field, expected: Self.numberExpectation, found: value.kind.description)
        }
    }

    /// A string field naming one of `choices` (`listing` spells them out for the message).
    func name<Choice>(
        _ field: EvalField, in line: UnsafeBufferPointer<UInt8>, among choices: [(name: [UInt8], value: Choice)],
        listing: String, default defaultValue: Choice? = nil
    ) throws(EvalFailure) -> Choice {
        switch self[field] {
        case nil:
            guard let defaultValue else { throw .missing(field) }
            return defaultValue
        case .string(let token)?:
            for choice in choices where token.equals(choice.name, in: line) { return choice.value }
            throw .invalidRequest("unknown \(field.name) \(token.sourceText(in: line)) (expected \(listing))")
        case let value?: throw .mistyped(field, expected: "a string (\(listing))", found: value.kind.description)
        }
    }

    /// The `points` field: an array of `[lat, lon]` pairs of numbers.
    func points(in line: UnsafeBufferPointer<UInt8>) throws(EvalFailure) -> [Coordinate] {
        let expected = "an array of [lat, lon] pairs of numbers"
        switch self[.points] {
        case nil: throw .missing(.points)
        case .points?: return points
        case .malformedPoints(let index)?:
            throw .mistyped(.points, expected: expected, found: "an array whose element \(index) is not such a pair")
        case .string(let token)?: throw .mistyped(.points, expected: expected, found: token.sourceText(in: line))
        case let value?: throw .mistyped(.points, expected: expected, found: value.kind.description)
        }
    }
}
