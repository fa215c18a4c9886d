import Testing
@testable import ZoomCheckCLI

/// The dispatcher: help, usage errors, exit statuses.
@Suite("zoomcheck command line", .tags(.cli))
struct ZoomCheckMainTests {
    /// Runs `zoomcheck` with `arguments`; returns the status, stdout and stderr.
    static func run(_ arguments: [String], input: String = "") -> (status: Int32, output: String, errors: String) {
        let output = MemorySink(), errors = MemorySink()
        let status = ZoomCheckMain.run(["zoomcheck"] + arguments, io: CommandIO(input: MemorySource(input), output: output, errors: errors))
        return (status, output.text, errors.text)
    }

    static let usage = """
        usage: zoomcheck COMMAND [ARGUMENTS]
               zoomcheck help [COMMAND]

        Verifies the map-zoom arithmetic of MKMapView+ZoomLevel and its corrected core.

        commands:
          check   Run the property catalogue against the implementations (the CI gate)
          replay  Re-run one property with a seed and show every shrink step
          report  Measure and print the seed code's numeric edge cases
          corpus  Verify golden corpus files (default Corpus/golden)
          eval    Answer JSON-lines requests on stdin (PROTOCOL.md)
          bench   Measure engine, shrinker, conversion and catalogue speed

        Run 'zoomcheck help COMMAND' for a command's arguments.

        """

    @Test("help, --help and -h print the usage, listing every command", arguments: [["help"], ["--help"], ["-h"], ["help", "--help"]])
    func help(arguments: [String]) {
        let result = Self.run(arguments)
        #expect(result.status == 0)
        #expect(result.output == Self.usage)
        #expect(result.errors.isEmpty)
    }

    @Test("help eval and eval --help print the eval help", arguments: [["help", "eval"], ["eval", "--help"], ["eval", "-h"]])
    func evalHelp(arguments: [String]) {
        let result = Self.run(arguments)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("usage: zoomcheck eval\n\nReads requests from standard input"))
        #expect(result.output.contains(#"the strings "inf", "-inf" and "nan" are accepted wherever a number is"#))
    }

    @Test("Usage errors exit 64 with a message on standard error", arguments: [
        ([], "zoomcheck: missing command\n\n"),
        (["frobnicate"], "zoomcheck: unknown command 'frobnicate'\n\n"),
        (["help", "frobnicate"], "zoomcheck: unknown command 'frobnicate'\n\n"),
    ])
    func usageErrors(arguments: [String], prefix: String) {
        let result = Self.run(arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors == prefix + Self.usage)
    }

    @Test("eval takes no arguments")
    func evalArguments() {
        let result = Self.run(["eval", "--impl", "seed"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("zoomcheck eval: unexpected argument '--impl'\n\nusage: zoomcheck eval\n"))
    }

    @Test("eval answers its standard input")
    func evalRuns() {
        let result = Self.run(["eval"], input: #"{"id":1,"op":"project","lat":0,"lon":0}"# + "\n")
        #expect(result.status == 0)
        #expect(result.output == #"{"id":1,"x":268435456,"y":268435456}"# + "\n")
    }
}
