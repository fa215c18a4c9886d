import Testing

extension Tag {
    /// A test that pins a documented defect of the seed code.
    @Tag static var finding: Self
    /// A test of a numeric bound against an independent reference.
    @Tag static var accuracy: Self
}
