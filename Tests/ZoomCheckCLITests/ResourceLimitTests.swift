import Foundation
import Testing
import TestSupport
import PropertyCheck
import ZoomProtocol
@testable import ZoomCheckCLI

/// Special files, `ulimit -n`, `ulimit -f` and `NAME_MAX`,
/// each met with a message and an exit status instead of a hang, a crash or a silent loss.
@Suite(
    "Resource limits and special files", .tags(.cli),
    .enabled(if: ExternalImplementationTests.binaryExists, "needs .build/debug/zoomcheck: run `swift build` first"))
struct ResourceLimitTests {
    static let quick = "--impl seed --property fit-is-valid --cases 5"

    /// The names in `directory`.
    static func names(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test("A FIFO at DIR/index.html: check --html exits 74 naming it, at once (it waited for a reader forever)")
    func fifoAtThePage() throws {
        let directory = RegressionsScratch.make()
        #expect(mkfifo(directory + "/index.html", 0o600) == 0)
        let result = try BinaryRun.shell(
            """
            timeout 60 "$0" check \(Self.quick) --regressions '\(directory)/r' --html '\(directory)'
            """)
        #expect(result.status == ExitStatus.ioFailure, "\(result.errors)")
        #expect(
            result.errors.contains(
                "cannot write \(directory)/index.html: it is a FIFO (named pipe), not a regular file"),
            "\(result.errors)")
        // report --html writes its page the same way.
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.write("<html>", to: directory + "/index.html", regularOnly: true)
        }
    }

    @Test("A FIFO at DIR/NAME.svg: report --svg refuses it (74) instead of writing through it to whoever reads")
    func fifoAtAPlot() throws {
        let directory = RegressionsScratch.make()
        let fifo = directory + "/single-precision-error.svg"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader held open, so that writing through the FIFO (the old way) fails this test
        // instead of waiting for a reader forever.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        #expect(reader >= 0)
        defer { close(reader) }
        #expect { try ReportCommand.writePlots([("single-precision-error", "<svg/>\n")], into: directory) } throws: {
            error in "\(error)" == "cannot write \(fifo): it is a FIFO (named pipe), not a regular file"
        }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO is left as it was")
        var byte: UInt8 = 0
        #expect(read(reader, &byte, 1) <= 0, "nothing was written into the FIFO")
    }

    @Test("Under ulimit -n 10, check and replay refuse at once with 71 and say what to raise") func tooFewDescriptors()
        throws
    {
        let result = try BinaryRun.shell(#"ulimit -n 10; "$0" check "# + Self.quick)
        #expect(result.status == ExitStatus.osError, "\(result.status): \(result.output)\(result.errors)")
        #expect(result.errors.contains("the limit on open files is 10 (ulimit -n)"), "\(result.errors)")
        #expect(result.output.isEmpty)
        let eval = try BinaryRun.shell(#"ulimit -n 10; echo '{"op":"describe"}' | "$0" eval"#)
        #expect(eval.status == 0, "eval needs no more than its three streams: \(eval.errors)")
        #expect(DescriptorLimit.problem(soft: 1024, needed: 40) == nil)
        #expect(DescriptorLimit.problem(soft: .max, needed: 40) == nil)
        #expect(DescriptorLimit.problem(soft: 39, needed: 40)?.contains("ulimit -n 1024") == true)
        #expect(DescriptorLimit.problem(soft: 10, hard: 10, needed: 40)?.contains("at most 10 (ulimit -Hn)") == true)
    }

    /// A soft limit below the need is raised toward the hard limit before
    /// the run starts; only a hard limit below the need refuses it (it refused under the soft
    /// limit alone).
    @Test("Under a soft ulimit -n 10 with a higher hard limit, check raises it and runs") func softLimitRaised() throws
    {
        var limit = rlimit()
        #expect(getrlimit(DescriptorLimit.RLIMIT_NOFILE_VALUE, &limit) == 0)
        try #require(limit.rlim_max >= rlim_t(DescriptorLimit.needed), "this machine's hard limit is below the need")
        let result = try BinaryRun.shell(
            "ulimit -S -n 10; \"$0\" check --regressions '\(RegressionsScratch.make())' " + Self.quick)
        #expect(result.status == ExitStatus.success, "\(result.status): \(result.output)\(result.errors)")
        #expect(!result.errors.contains("the limit on open files"), "\(result.errors)")
    }

    @Test("Under ulimit -f, --json exits 74 naming the file, and leaves no temporary file (SIGXFSZ killed it)")
    func fileSizeLimit() throws {
        let directory = RegressionsScratch.make()
        let result = try BinaryRun.shell(
            """
            ulimit -f 1; "$0" check \(Self.quick) --regressions '\(directory)/r' --json '\(directory)/out.json'
            """)
        #expect(result.status == ExitStatus.ioFailure, "\(result.status): \(result.errors)")
        #expect(result.errors.contains("cannot write \(directory)/out.json"), "\(result.errors)")
        #expect(result.errors.contains("File too large"), "\(result.errors)")
        #expect(Self.names(directory).allSatisfy { !$0.contains(".tmp-") }, "\(Self.names(directory))")
    }

    @Test("A 240-character program file name saves its counterexamples; --json to a 240-character name is written")
    func longNames() throws {
        let directory = RegressionsScratch.make()
        let program = directory + "/" + String(repeating: "p", count: 237) + ".sh"
        try "while read r; do echo '{}'; done\n".write(toFile: program, atomically: true, encoding: .utf8)
        let json = directory + "/" + String(repeating: "j", count: 235) + ".json"
        let result = try BinaryRun.shell(
            """
            "$0" check --impl 'exec:sh \(program)' --property longitude-round-trip --cases 5 --json '\(json)'
            """, environment: ["XDG_CACHE_HOME": directory + "/cache"])
        #expect(result.status == ExitStatus.failure, "\(result.output)\(result.errors)")
        let flat = CheckCommandTests.flat(result.output)
        #expect(flat.contains("counterexample saved to"), "\(result.output)")
        #expect(!flat.contains("could not save"), "\(result.output)")
        #expect(FileManager.default.fileExists(atPath: json), "\(result.errors)")
    }
}

/// An emptied or foreign cache entry blocked its property (exit 1) until it
/// was deleted by hand.
@Suite(
    "An unreadable cache entry is set aside", .tags(.cli),
    .enabled(if: ExternalImplementationTests.binaryExists, "needs .build/debug/zoomcheck: run `swift build` first"))
struct CacheEntryTests {
    @Test(
        "An emptied, a foreign or a garbage entry: a warning, the file set aside, the property run (exit 0)",
        arguments: ["", "zoomcheck-regressions 1\nproperty fit-is-valid@seed\n", "\u{FF}\u{FE}garbage"])
    func unreadableEntry(contents: String) throws {
        let cache = RegressionsScratch.make()
        let command = "python3 \(TestPackage.pythonAdapter)"
        let directory = try #require(
            CheckOptions.cacheDirectory(
                for: ExternalImplementation(command: command), environment: ["XDG_CACHE_HOME": cache]))
        let entry = RegressionStore(directory: directory).path(propertyName: "longitude-round-trip@exec:python-example")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try contents.write(toFile: entry, atomically: true, encoding: .utf8)
        let result = try BinaryRun.shell(
            """
            "$0" check --impl 'exec:\(command)' --property longitude-round-trip --cases 20
            """, environment: ["XDG_CACHE_HOME": cache])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let flat = CheckCommandTests.flat(result.output)
        #expect(flat.contains("warning: the cached counterexamples \(entry) cannot be read"), "\(result.output)")
        #expect(flat.contains("set aside as \(entry).unreadable"), "\(result.output)")
        // Said on standard error too, where a run's warnings go.
        #expect(
            CheckCommandTests.flat(result.errors).contains(
                "zoomcheck check: warning: the cached counterexamples \(entry) cannot be read"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: entry))
        #expect(FileManager.default.contents(atPath: entry + ".unreadable") == Data(contents.utf8))
    }
}
