extension ZoomCheckCommand {
    /// `zoomcheck corpus`: verify golden corpus files.
    public static let corpus: ZoomCheckCommand = ZoomCheckCommand(
        name: "corpus", summary: "Verify golden corpus files (default Corpus/golden)",
        help: CommandHelp(
            overview: "Verify golden corpus files.", usage: "zoomcheck corpus [<path> ...]",
            arguments: [
                (
                    "path",
                    """
                    A corpus file (*.zc) or a directory searched for them\n(default: Corpus/golden). A path given \
                    twice is read once.
                    """
                )
            ], options: [],
            details: """
                Prints one line per case and implementation (PASS or FAIL with the observed and
                expected values), then a summary. The file format is in Corpus/README.md.

                EXIT STATUS: 0 every case passes, 1 a case fails, 64 usage error, 65 a file
                cannot be read (the message says why) or parsed (it names the file and line),
                74 when the output cannot be written.
                """
        ).text,
        run: { arguments, io throws(CommandError) in
            let paths = try CommandArguments.parse(arguments, options: [], allowsPositional: true).orUsageError()
                .positional
            return try CorpusCommand.run(paths: paths, standardOutput: { io.output.writeIgnoringFailure($0 + "\n") })
        })
}
