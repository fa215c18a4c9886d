/// The member names a request may carry (PROTOCOL.md, plus the `scale` extension).
///
/// Members with any other name are checked for syntax and otherwise ignored, so that
/// clients can send fields of a later protocol version.
enum EvalField: Int, CaseIterable, Sendable {
    case id, op, impl, convention
    case lat, lon, zoom, x, y, width, height, scale, latitudeDelta, longitudeDelta
    case points

    /// The member name as it appears in JSON.
    var name: String {
        switch self {
        case .id: "id"
        case .op: "op"
        case .impl: "impl"
        case .convention: "convention"
        case .lat: "lat"
        case .lon: "lon"
        case .zoom: "zoom"
        case .x: "x"
        case .y: "y"
        case .width: "width"
        case .height: "height"
        case .scale: "scale"
        case .latitudeDelta: "latitudeDelta"
        case .longitudeDelta: "longitudeDelta"
        case .points: "points"
        }
    }

    /// Each field's name in UTF-8, indexed by `rawValue`.
    private static let names: [[UInt8]] = allCases.map { Array($0.name.utf8) }

    /// The field a member name (a validated string token) denotes, or nil.
    static func named(_ token: JSONStringToken, in bytes: UnsafeBufferPointer<UInt8>) -> EvalField? {
        if token.hasEscapes {
            let decoded = token.decoded(in: bytes)
            return names.firstIndex(of: decoded).flatMap(EvalField.init(rawValue:))
        }
        let range = token.contentRange
        guard !range.isEmpty else { return nil }
        // Candidates by length and first byte, then one comparison.
        let candidate: EvalField?
        switch (range.count, bytes[range.lowerBound]) {
        case (2, 0x69): candidate = .id
        case (2, 0x6F): candidate = .op
        case (4, 0x69): candidate = .impl
        case (10, 0x63): candidate = .convention
        case (3, 0x6C): candidate = bytes[range.lowerBound + 1] == 0x61 ? .lat : .lon
        case (4, 0x7A): candidate = .zoom
        case (1, 0x78): candidate = .x
        case (1, 0x79): candidate = .y
        case (5, 0x77): candidate = .width
        case (6, 0x68): candidate = .height
        case (5, 0x73): candidate = .scale
        case (13, 0x6C): candidate = .latitudeDelta
        case (14, 0x6C): candidate = .longitudeDelta
        case (6, 0x70): candidate = .points
        default: candidate = nil
        }
        guard let candidate else { return nil }
        return token.equals(names[candidate.rawValue], in: bytes) ? candidate : nil
    }
}

/// What a request member held, as far as `eval` needs to know before the op is known.
enum EvalFieldValue {
    /// A JSON number, converted.
    case number(Double)
    /// A string, left in the line.
    case string(JSONStringToken)
    /// The `points` member when it is an array of `[lat, lon]` number pairs (kept in
    /// `EvalMembers.points`, so that this enum stays trivially copyable).
    case points
    /// The `points` member when it is an array but some element is not a pair of numbers.
    case malformedPoints(firstBadIndex: Int)
    /// Anything else: a value of this kind (`id` is kept as a range instead).
    case other(JSONKind)
    /// The `id` member: where its source text lies in the line.
    case source(Range<Int>)

    /// The value's kind, for type errors.
    var kind: JSONKind {
        switch self {
        case .number: .number
        case .string: .string
        case .points, .malformedPoints: .array
        case .other(let kind): kind
        case .source: .null  // not asked of `id`
        }
    }
}
