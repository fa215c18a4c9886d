import ZoomProtocol
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ZoomCheckCommand {
    /// `zoomcheck eval`: the JSON-lines protocol of PROTOCOL.md on standard input/output.
    public static let eval = ZoomCheckCommand(
        name: "eval", summary: "Answer JSON-lines requests on stdin (PROTOCOL.md)", help: EvalCommand.help,
        run: EvalCommand.run)
}

/// The `eval` command: standard input and output served by ZoomProtocol's `EvalSession`.
public enum EvalCommand {
    static let help = CommandHelp(
        overview: "Answer JSON-lines requests on standard input (PROTOCOL.md).", usage: "zoomcheck eval", options: [],
        details: """
            Reads requests from standard input, one JSON object per line, and writes one
            response line per request, in order, flushing after each chunk of input it reads
            (PROTOCOL.md, version 2). Ops: describe, project, unproject, span, zoom, fit.
            Implementations (impl): corrected (default), seed, and the seed variants seed-21
            and seed-mappoint. Blank lines get no response.

            Compatible extensions of the protocol:
              - the strings "inf", "-inf" and "nan" are accepted wherever a number is;
              - "scale" (pixels per point, default 1) sets the viewport scale of span and zoom;
              - members with unknown names are ignored.
            Also: a number too large for a double (1e999) reads as infinity; a member given
            twice, nesting deeper than 64 levels, and lines over 64 MiB are invalid-request;
            a line that is not a JSON object gets an error without an "id".

            EXIT STATUS: 0 at end of input, whatever the lines held; 64 for a usage error;
            74 if standard input cannot be read or standard output cannot be written.
            """
    ).text

    /// Runs `eval` with the arguments after its name (there must be none).
    static func run(_ arguments: [String], io: CommandIO) throws(CommandError) -> Int32 {
        _ = try CommandArguments.parse(arguments, options: []).orUsageError()
        // A closed reader must surface as EPIPE from write(2), not kill the process.
        signal(SIGPIPE, SIG_IGN)
        do {
            var session = EvalSession()
            try session.serve(from: io.input, to: io.output)
            return ExitStatus.success
        } catch {
            // Said here, once: not again as "the output is incomplete".
            (io.output as? RecordingSink)?.reported = true
            throw .io("zoomcheck eval: \(error)\n")
        }
    }
}
