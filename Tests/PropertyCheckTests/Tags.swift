import Testing

extension Tag {
    /// Tests of the property engine itself (PRNG, generators, shrinker, runner, reports).
    @Tag static var engine: Self
}
