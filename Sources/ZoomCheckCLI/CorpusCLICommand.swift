extension ZoomCheckCommand {
    /// `zoomcheck corpus`: verify golden corpus files.
    public static let corpus = ZoomCheckCommand(
        name: "corpus", summary: "Verify golden corpus files (default Corpus/golden)",
        help: CorpusCommand.usage,
        run: { arguments, io in
            CorpusCommand.run(
                arguments: arguments,
                standardOutput: { io.output.writeIgnoringFailure($0 + "\n") },
                standardError: { io.errors.writeIgnoringFailure($0 + "\n") })
        })
}
