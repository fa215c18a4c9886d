import Testing

/// Every tag of the test targets, declared once (a tag declared in two targets is two
/// declarations of one name). Run one with `swift test --disable-xctest --filter NAME`.
extension Tag {
    /// Tests of the property engine itself (PRNG, generators, shrinker, runner, reports).
    @Tag package static var engine: Self
    /// A test that runs catalogue properties.
    @Tag package static var catalogue: Self
    /// A test that pins a documented defect of the seed code.
    @Tag package static var finding: Self
    /// A test of a numeric bound against an independent reference.
    @Tag package static var accuracy: Self
    /// A test of the golden corpus (`Corpus/golden`).
    @Tag package static var golden: Self
    /// Tests of the `zoomcheck` command line and the `eval` protocol.
    @Tag package static var cli: Self
    /// Tests of the JSON-lines protocol: JSON reading and writing, requests, responses,
    /// the `eval` session and the `exec:` client.
    @Tag package static var jsonLines: Self
}
