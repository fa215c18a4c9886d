import MercatorCore
import ZoomPanels
import ZoomProtocol
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ZoomCheckCommand {
    /// `zoomcheck eval`: the JSON-lines protocol of PROTOCOL.md on standard input/output.
    package static let eval = ZoomCheckCommand(
        name: "eval", summary: "Answer JSON-lines requests on stdin (PROTOCOL.md)", help: EvalCommand.help,
        run: EvalCommand.run)
}

/// The `eval` command: standard input and output served by ZoomProtocol's `EvalSession`.
package enum EvalCommand {
    static let help = CommandHelp(
        overview: "Answer JSON-lines requests on standard input (PROTOCOL.md).",
        usage: "zoomcheck eval [--freedoms LIST]", options: options,
        details: """
            Reads requests from standard input, one JSON object per line, and writes one
            response line per request, in order, flushing after each chunk of input it reads
            (PROTOCOL.md, version 3). Ops: describe, project, unproject, span, zoom, fit.
            Implementations (impl): corrected (default), seed, and the seed variants seed-21
            and seed-mappoint. Blank lines get no response.

            Compatible extensions of the protocol:
              - the strings "inf", "-inf" and "nan" are accepted wherever a number is;
              - "scale" (pixels per point, default 1) sets the viewport scale of span and zoom;
              - members with unknown names are ignored.
            Also: a number too large for a double (1e999) reads as infinity; a member given
            twice, nesting deeper than 64 levels, and lines over 64 MiB are invalid-request;
            a line that is not a JSON object gets an error without an "id".

            FREEDOMS (PROTOCOL.md, "What a correct program may do"): a correct
            program's own choices, for checking that ZoomCheck accepts them:
            \(wrapped(Freedoms.named.map(\.name)))

            EXIT STATUS: 0 at end of input, whatever the lines held; 64 for a usage error;
            74 if standard input cannot be read or standard output cannot be written.
            """
    ).text

    /// `names`, comma-separated, wrapped at 72 columns with the help's indentation.
    static func wrapped(_ names: [String]) -> String {
        var lines = [""]
        for (index, name) in names.enumerated() {
            let word = name + (index < names.count - 1 ? "," : ".")
            if !lines[lines.count - 1].isEmpty, lines[lines.count - 1].count + 1 + word.count > 72 { lines.append("") }
            lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
        }
        return lines.joined(separator: "\n")
    }

    static let options = [
        OptionSpec(
            "--freedoms", "list",
            """
            Answer impl "corrected" with the corrected core taking these
            freedoms, comma-separated (FREEDOMS below). Default: none.
            """),
        OptionSpec(
            "--print-freedom-space", "count",
            """
            Print the freedom space the gate explores, one --freedoms list per
            line — every single freedom, then COUNT sampled combinations — and
            exit (CI/freedom-space.sh reads it).
            """),
        OptionSpec(
            "--print-freedom-pairs",
            """
            Print every pair of single freedoms, one --freedoms list per line,
            and exit (the nightly profile of CI/freedom-space.sh).
            """),
    ]

    /// Runs `eval` with the arguments after its name (`--freedoms` only).
    static func run(_ arguments: [String], io: CommandIO) throws(CommandError) -> Int32 {
        let parsed = try CommandArguments.parse(arguments, options: options).orUsageError()
        if parsed.flags.contains("--print-freedom-pairs") {
            io.output.writeIgnoringFailure(Freedoms.pairs.map(\.description).joined(separator: "\n") + "\n")
            return ExitStatus.success
        }
        if let text = parsed.value("--print-freedom-space") {
            guard let count = Int(text), count >= 0 else {
                throw .usage("--print-freedom-space: '\(text)' is not a count of combinations")
            }
            guard count <= Freedoms.combinationCount else {
                throw .usage(
                    """
                    --print-freedom-space: \(count) is more than the \(Freedoms.combinationCount) combinations the \
                    freedoms make; give at most that many
                    """)
            }
            let lines = (Freedoms.singles + FreedomSpace.sample(count)).map(\.description)
            io.output.writeIgnoringFailure(lines.joined(separator: "\n") + "\n")
            return ExitStatus.success
        }
        var corrected: any ZoomImplementation = BuiltInImplementations.corrected
        if let list = parsed.value("--freedoms") {
            do {
                let freedoms = try Freedoms(parsing: list)
                if freedoms != .none { corrected = FreeMercator(freedoms) }
            } catch { throw .usage("--freedoms: \(error)") }
        }
        // A closed reader must surface as EPIPE from write(2), not kill the process.
        signal(SIGPIPE, SIG_IGN)
        do {
            var session = EvalSession(corrected: corrected)
            try session.serve(from: io.input, to: io.output)
            return ExitStatus.success
        } catch {
            // Said here, once: not again as "the output is incomplete".
            (io.output as? RecordingSink)?.reported = true
            throw .io("zoomcheck eval: \(error)\n")
        }
    }
}
