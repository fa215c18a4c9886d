import Foundation
import PropertyCheck
import Testing
import TestSupport

@Suite("Replay command", .tags(.engine)) struct ReplayCommandTests {
    @Test("The default command sets the seed and filters by the escaped, quoted name") func defaultCommand() {
        #expect(
            ReplayCommand.swiftTest.command(propertyName: "x (it's 1.5)", seed: 255)
                == #"ZOOMCHECK_SEED=0x00000000000000ff swift test --disable-xctest --filter 'x \(it'\''s 1\.5\)'"#)
    }

    @Test("A template substitutes the seed and the name") func template() {
        let command = ReplayCommand.template("ZOOMCHECK_SEED={seed} zoomcheck check --property {quotedName} # {name}")
        #expect(
            command.command(propertyName: "zoom round trip", seed: 1)
                == "ZOOMCHECK_SEED=0x0000000000000001 zoomcheck check --property 'zoom round trip' # zoom round trip")
    }

    @Test("Seeds format as 16 hex digits and parse from hex or decimal") func seeds() {
        #expect(Seed(.max).description == "0xffffffffffffffff")
        #expect(Seed(parsing: "0xffffffffffffffff")?.rawValue == .max)
        #expect(Seed(parsing: "42")?.rawValue == 42)
        #expect(Seed(parsing: "0x")?.rawValue == nil)
        #expect(Seed(parsing: "-1")?.rawValue == nil)
    }
}

@Suite("Replay command selecting a test", .tags(.engine)) struct ReplaySelectingTests {
    @Test("The test's identifier becomes an escaped filter, without its source location, and a run of 0 tests says so")
    func selecting() {
        let command = ReplayCommand.swiftTest(selecting: "ExampleTests.Suite/sums(of:)/File.swift:12:5").command(
            propertyName: "another name", seed: 0x2A)
        #expect(
            command.hasPrefix(
                """
                ZOOMCHECK_SEED=0x000000000000002a swift test --disable-xctest --filter \
                'ExampleTests\\.Suite/sums\\(of:\\)' 2>&1 | awk '
                """))
        #expect(command.contains("exit 69"))
        #expect(!command.contains("another name"))
    }
}

/// The Swift Testing replay line run for real by `/bin/sh`, against a stand-in `swift` that
/// prints what `swift test` prints: the report (whose last line is this very replay line)
/// and Swift Testing's run summary.
@Suite("Replay line outcomes", .tags(.engine)) struct ReplayLineOutcomeTests {
    /// Runs `line` with a `swift` on the PATH that prints `output` and exits `status`.
    static func run(_ line: String, swiftPrints output: String, status: Int32) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "replay-line-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try output.write(to: directory.appendingPathComponent("output.txt"), atomically: true, encoding: .utf8)
        let swift = directory.appendingPathComponent("swift")
        try "#!/bin/sh\ncat '\(directory.path)/output.txt'\nexit \(status)\n".write(
            to: swift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = directory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }

    static let line = ReplayCommand.swiftTest(
        selecting: "ExampleTests.Suite/roundTrip()/File.swift:3:4", packagePath: "/work/my package"
    ).command(propertyName: "round trip", seed: 0x2A)

    /// What `swift test` prints for a property that failed: the issue's comment is the
    /// report, which ends with the replay line itself (awk program included).
    static func failingOutput(summary: String) -> String {
        """
        ◇ Test run started.
        ✘ Test roundTrip() recorded an issue at File.swift:9:13: Expectation failed: (x → -181.0) > -180
        ↳ Property "round trip" failed on generated case 3 after 2 passing cases.
        ↳   minimal counterexample: -181.0
        ↳   replay: \(line)
        ✘ Test roundTrip() failed after 0.004 seconds with 1 issue.
        \(summary)

        """
    }

    @Test(
        """
        A replay that reproduces the failure says so and exits 1, even though the report it prints \
        holds the \
        replay line
        """) func reproduced() throws
    {
        let result = try Self.run(
            Self.line,
            swiftPrints: Self.failingOutput(
                summary: "✘ Test run with 1 test in 1 suite failed after 0.005 seconds with 1 issue."), status: 1)
        #expect(result.status == 1)
        #expect(result.output.contains("minimal counterexample: -181.0"))
        #expect(result.errors.contains(ReplayCommand.reproducedMessage))
        #expect(!result.errors.contains(ReplayCommand.selectedNothingMessage), "\(result.errors)")
    }

    @Test("A passing replay exits 0 and says that the test passed") func passed() throws {
        let result = try Self.run(
            Self.line,
            swiftPrints: """
                ✔ Test roundTrip() passed after 0.002 seconds.\n✔ Test run with 1 test in 1 suite \
                passed after \
                0.003 \
                seconds.\n
                """, status: 0)
        #expect(result.status == 0)
        #expect(result.errors.contains(ReplayCommand.passedMessage))
    }

    @Test("A test that passes with known issues (a documented defect kept as one) says they were recorded again")
    func knownIssue() throws {
        let result = try Self.run(
            Self.line,
            swiftPrints: Self.failingOutput(
                summary: "━ Test run with 1 test in 1 suite passed after 0.015 seconds with 1 known issue."), status: 0)
        #expect(result.status == 0)
        #expect(result.errors.contains(ReplayCommand.knownIssueMessage))
        #expect(!result.errors.contains(ReplayCommand.selectedNothingMessage))
    }

    @Test("A filter that selects no test is reported, with exit 69; no summary at all (a build error) exits 1")
    func selectedNothing() throws {
        let nothing = try Self.run(
            Self.line, swiftPrints: "✔ Test run with 0 tests in 0 suites passed after 0.001 seconds.\n", status: 0)
        #expect(nothing.status == 69)
        #expect(nothing.errors.contains(ReplayCommand.selectedNothingMessage))
        let broken = try Self.run(Self.line, swiftPrints: "error: compile command failed\n", status: 1)
        #expect(broken.status == 1)
        #expect(broken.errors.contains(ReplayCommand.noSummaryMessage))
    }

    @Test("The line names the package, so it runs from any directory, and puts extra settings before the seed")
    func packageAndSettings() {
        #expect(
            Self.line.hasPrefix(
                """
                ZOOMCHECK_SEED=0x000000000000002a swift test --package-path '/work/my package' \
                --disable-xctest \
                --filter 'ExampleTests\\.Suite/roundTrip\\(\\)' 2>&1 | awk '
                """))
        let withCases = ReplayCommand.swiftTest(selecting: "M.S/t()", environment: [("ZOOMCHECK_CASES", "300000")])
            .command(propertyName: "p", seed: 1)
        #expect(
            withCases.hasPrefix(
                "ZOOMCHECK_CASES=300000 ZOOMCHECK_SEED=0x0000000000000001 swift test --disable-xctest --filter"))
    }

    @Test("A test file's package root is the nearest directory above it with a Package.swift") func packageRoot() throws
    {
        let root = try #require(ReplayCommand.packageRoot(containing: #filePath))
        #expect(root == TestPackage.root)
        #expect(FileManager.default.fileExists(atPath: root + "/Package.swift"))
        #expect(#filePath.hasPrefix(root + "/Tests/"))
        #expect(ReplayCommand.packageRoot(containing: "relative/File.swift") == nil)
    }

    @Test("Text with ESC, CR or a line feed is quoted $'…' on one line, and bash reads its bytes back")
    func controlCharactersQuoted() throws {
        let text = "dir\u{1B}[2J\r\nname's \\ end\u{7F}"
        let quoted = ReplayCommand.shellQuoted(text)
        #expect(quoted == #"$'dir\x1B[2J\r\nname\'s \\ end\x7F'"#)
        #expect(ReplayCommand.shellQuoted("a\u{85}b\u{2028}") == #"$'a\u0085b\u2028'"#)
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 })
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", "printf %s " + quoted]
        let output = Pipe()
        bash.standardOutput = output
        try bash.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        bash.waitUntilExit()
        #expect(String(decoding: bytes, as: UTF8.self) == text)
        #expect(ReplayCommand.shellQuoted("it's") == #"'it'\''s'"#)
    }
}
