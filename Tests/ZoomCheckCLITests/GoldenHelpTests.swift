import Testing
import TestSupport

extension GoldenText {
    /// The CLI's help and error texts, `Tests/ZoomCheckCLITests/Golden/` (re-record with
    /// `ZOOMCHECK_RECORD_GOLDEN=1 swift test --disable-xctest --filter ZoomCheckCLITests`).
    static let cli = GoldenText(directory: TestPackage.path("Tests/ZoomCheckCLITests/Golden"))
}

@Suite("Golden help texts", .tags(.cli)) struct GoldenHelpTests {
    @Test(
        "Each help text is recorded",
        arguments: ["usage"]
            + ["check", "diff", "probe", "replay", "test", "report", "corpus", "eval", "bench"].map { "help-\($0)" })
    func recorded(name: String) throws {
        let arguments = name == "usage" ? ["help"] : ["help", String(name.dropFirst("help-".count))]
        try GoldenText.cli.check(ZoomCheckMainTests.run(arguments).output, against: name)
    }
}
