import PropertyCheck
import Testing
import TestSupport
@testable import ZoomCheckCLI
@testable import ZoomProtocol

/// The dispatcher: help, usage errors, exit statuses.
@Suite("zoomcheck command line", .tags(.cli)) struct ZoomCheckMainTests {
    /// Runs `zoomcheck` with `arguments`; returns the status, stdout and stderr.
    static func run(_ arguments: [String], input: String = "") -> (status: Int32, output: String, errors: String) {
        let output = MemorySink(), errors = MemorySink()
        let status = ZoomCheckMain.run(
            ["zoomcheck"] + arguments, io: CommandIO(input: MemorySource(input), output: output, errors: errors))
        return (status, output.text, errors.text)
    }

    @Test(
        "help, --help and -h print the usage, listing every command",
        arguments: [["help"], ["--help"], ["-h"], ["help", "--help"]]) func help(arguments: [String]) throws
    {
        let result = Self.run(arguments)
        #expect(result.status == 0)
        #expect(result.output == (try GoldenText.cli.expected("usage")))
        #expect(result.errors.isEmpty)
        for command in ZoomCheckMain.commands { #expect(result.output.contains("  \(command.name) ")) }
    }

    @Test(
        "help COMMAND, COMMAND --help and COMMAND -h print the command's help (golden)",
        arguments: ZoomCheckMain.commands.map(\.name)) func commandHelp(name: String) throws
    {
        let golden = try GoldenText.cli.expected("help-\(name)")
        for arguments in [["help", name], [name, "--help"], [name, "-h"], [name, "--cases", "1", "--help"]] {
            let result = Self.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.output == golden, "\(arguments)")
        }
        #expect(golden.hasPrefix("OVERVIEW: "))
        #expect(golden.contains("\nUSAGE: zoomcheck \(name)"))
        #expect(golden.contains("\nOPTIONS:\n"))
    }

    @Test("Every option a command accepts is listed in its help") func everyOptionListed() {
        let specs: [(String, [OptionSpec])] = [
            ("check", CheckCommand.options), ("replay", ReplayPropertyCommand.options), ("bench", BenchCommand.options),
            ("report", ReportCommand.options), ("test", TestCommand.options),
        ]
        for (name, options) in specs {
            let help = ZoomCheckMain.command(named: name)!.help
            for option in options { #expect(help.contains("  \(option.name)"), "\(name) help lists \(option.name)") }
        }
    }

    @Test("--version prints the version, alone or after a command") func version() {
        for arguments in [["--version"], ["check", "--version"], ["eval", "--version"]] {
            let result = Self.run(arguments)
            #expect(result.status == 0)
            #expect(result.output == "zoomcheck \(ZoomCheckMain.version)\n")
        }
    }

    /// Command lines that must be refused, each with its message (golden: errors.txt).
    static let refused: [[String]] = [
        [], ["frobnicate"], ["chek"], ["help", "replya"], ["--verbose"], ["eval", "--impl", "seed"], ["eval", "extra"],
        ["report", "--", "extra"], ["bench", "--quick=yes"], ["bench", "--quik"], ["check", "--casse", "5"],
        ["check", "--cases", "99999999999999999999"], ["check", "--cases", "0"], ["check", "--cases", "ten"],
        ["check", "--cases=-3"], ["check", "--seed", "1", "--seed", "2"], ["check", "--seed", "0xnothex"],
        ["check", "--seed"], ["check", "--seed", "--cases", "3"], ["check", "--impl", "seed", "--impl", "seed"],
        ["check", "--impl", "all", "--impl", "seed"], ["check", "--impl", "sed"], ["check", "--impl", "exec:"],
        ["check", "--property", "fit-is-vaild"], ["check", "--property", "fit-is-valid", "--property", "fit-is-valid"],
        ["check", "--list", "--markdown", "--print-pins"], ["check", "--print-pins", "--markdown"],
        ["check", "--list", "--cases", "5"], ["check", "--list=yes"], ["check", "--gate", "defect"],
        ["check", "--exec-timeout", "0"], ["check", "--shard", "4/3"], ["check", "stray"], ["replay", "--seed", "1"],
        ["replay", "--property", "fit-is-valid"],
        ["replay", "--property", "fit-is-valid", "--seed", "1", "--impl", "all"],
        ["replay", "--property", "a", "--property", "b", "--seed", "1"],
        // A count past the space, contradictory freedoms, a
        // value holding ESC and a line feed (shown escaped).
        ["eval", "--print-freedom-space", "1000000000000"], ["eval", "--freedoms", "libm-up,libm-down"],
        ["check", "--cases", "1\u{1B}[2J\n::error::forged"],
    ]

    @Test(
        """
        Usage errors exit 64 with a message naming what was wrong, the usage line and where help is (golden: \
        errors.txt)
        """) func usageErrors() throws
    {
        var transcript = ""
        for arguments in Self.refused {
            let result = Self.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.errors)")
            #expect(result.output.isEmpty, "\(arguments)")
            #expect(!result.errors.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" }, "\(arguments)")
            transcript += "$ zoomcheck \(ProgramText.escaped(arguments.joined(separator: " ")))\n\(result.errors)\n"
        }
        try GoldenText.cli.check(transcript, against: "errors")
    }

    @Test(
        """
        Environment variables with bad values are usage errors that name the variable (golden: \
        environment-errors.txt)
        """) func environmentErrors() throws
    {
        var transcript = ""
        for (variable, value) in [
            ("ZOOMCHECK_CASES", "0"), ("ZOOMCHECK_CASES", "99999999999999999999"), ("ZOOMCHECK_CASES", "many"),
            ("ZOOMCHECK_SEED", "0xZZ"),
            // An unknown boundary setting is refused, not ignored;
            // a value with ESC or a line feed is shown escaped.
            ("ZOOMCHECK_BOUNDARIES", "maybe"), ("ZOOMCHECK_CASES", "5\u{1B}[2J\n::error::forged"),
            ("ZOOMCHECK_SEED", "\u{1B}]0;title\u{7}\r\n0x1"),
        ] {
            let parsed = try CommandArguments.parse([], options: CheckCommand.options).get()
            guard case .failure(let message) = CheckOptions.from(parsed, environment: [variable: value]) else {
                Issue.record("\(variable)=\(value) was accepted")
                continue
            }
            #expect(message.text.contains(variable))
            #expect(!message.text.unicodeScalars.contains { $0.value < 0x20 }, "\(message.text.debugDescription)")
            transcript += "\(variable)=\(ProgramText.escaped(value)): \(message.text)\n"
        }
        try GoldenText.cli.check(transcript, against: "environment-errors")
    }

    @Test("ZOOMCHECK_SEED=random draws one fresh seed per check, used by every run and printed in the header")
    func randomSeed() throws {
        let parsed = try CommandArguments.parse([], options: CheckCommand.options).get()
        let seeds = (0..<2).compactMap { _ -> Seed? in
            guard case .success(let options) = CheckOptions.from(parsed, environment: ["ZOOMCHECK_SEED": "random"])
            else { return nil }
            #expect(options.runner.settings == options.settings)
            return options.seed
        }
        // Two fresh 64-bit seeds are equal with probability 2⁻⁶⁴.
        #expect(seeds.count == 2 && seeds[0] != seeds[1])
        guard case .success(let fixed) = CheckOptions.from(parsed, environment: [:]) else {
            Issue.record("no options")
            return
        }
        #expect(fixed.seed == 0x2010_0122)
    }

    @Test("eval answers its standard input") func evalRuns() {
        let result = Self.run(["eval"], input: #"{"id":1,"op":"project","lat":0,"lon":0}"# + "\n")
        #expect(result.status == 0)
        #expect(result.output == #"{"id":1,"x":268435456,"y":268435456}"# + "\n")
    }
}
