import Testing

/// Every tag of the test targets, declared once (a tag declared in two targets is two
/// declarations of one name). Run one with `swift test --disable-xctest --filter NAME`.
extension Tag {
    /// Tests of the property engine itself (PRNG, generators, shrinker, runner, reports).
    @Tag public static var engine: Self
    /// A test that runs catalogue properties.
    @Tag public static var catalogue: Self
    /// A test that pins a documented defect of the seed code.
    @Tag public static var finding: Self
    /// A test of a numeric bound against an independent reference.
    @Tag public static var accuracy: Self
    /// A test of the golden corpus (`Corpus/golden`).
    @Tag public static var golden: Self
    /// Tests of the `zoomcheck` command line and the `eval` protocol.
    @Tag public static var cli: Self
    /// Tests of the JSON-lines protocol: JSON reading and writing, requests, responses,
    /// the `eval` session and the `exec:` client.
    @Tag public static var jsonLines: Self
}
