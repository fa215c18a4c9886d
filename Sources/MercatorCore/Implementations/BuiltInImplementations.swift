/// The implementations ZoomCheck ships, by their command-line names.
public enum BuiltInImplementations {
    /// The corrected core (`corrected`).
    public static let corrected = WebMercator()
    /// The faithful port of the post's code (`seed`).
    public static let seed = SeedPort(variant: .original)

    /// Every shipped implementation: the corrected core, then each seed variant.
    public static let all: [any ZoomImplementation] =
        [corrected] + SeedPort.Variant.allCases.map { SeedPort(variant: $0) }

    /// The shipped implementation called `name` (`corrected`, `seed`, `seed-21`,
    /// `seed-mappoint`), or nil.
    public static func named(_ name: String) -> (any ZoomImplementation)? { all.first { $0.name == name } }
}
