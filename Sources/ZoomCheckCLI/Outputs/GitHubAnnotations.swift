/// Workflow commands GitHub Actions turns into annotations, printed when `GITHUB_ACTIONS`
/// is `true`: an error for each result that fails the run, a notice for each convention
/// departure the gate does not cover.
enum GitHubAnnotations {
    /// Each line goes through ``TerminalText`` last: no control character reaches the log.
    static func lines(_ run: CheckRun) -> [String] {
        run.results.compactMap { result -> String? in
            let title = """
                zoomcheck: \(result.property.name) @ \(result.implementation) [\(result.property.verdictClass)]
                """
            let replay = result.failure.map { "\nreplay: \($0.replayCommand)" } ?? ""
            if result.blocks { return "::error title=\(property(title))::\(data(result.headline + replay))" }
            if !result.asExpected {
                return """
                    ::notice \
                    title=\(property(title))::\(data("convention departure, not gated: " + result.headline + replay))
                    """
            }
            return nil
        }.map(TerminalText.sanitized)
    }

    /// A message escaped as GitHub's toolkit does: %, CR and LF.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value escaped as GitHub's toolkit does: also `:` and `,`.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
