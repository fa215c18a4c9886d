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
    @Test("The test's identifier, without its module and source location, is what zoomcheck test selects")
    func selecting() {
        let command = ReplayCommand.swiftTest(selecting: "ExampleTests.Suite/sums(of:)/File.swift:12:5").command(
            propertyName: "another name", seed: 0x2A)
        #expect(command == "ZOOMCHECK_SEED=0x2a zoomcheck test 'Suite/sums(of:)'")
        #expect(!command.contains("another name"))
    }

    @Test("The line names the package when it stays within 120 characters, and puts settings before the seed")
    func packageAndSettings() {
        let short = ReplayCommand.swiftTest(selecting: "M.S/t()", packagePath: "/work/my package")
        #expect(
            short.command(propertyName: "p", seed: 0x20100122)
                == "ZOOMCHECK_SEED=0x20100122 zoomcheck test 'S/t()' --package-path '/work/my package'")
        let deep = "/" + String(repeating: "deep/", count: 20) + "Package"
        let long = ReplayCommand.swiftTest(selecting: "M.S/t()", packagePath: deep).command(
            propertyName: "p", seed: Seed(.max))
        #expect(long == "ZOOMCHECK_SEED=0xffffffffffffffff zoomcheck test 'S/t()'")
        let withCases = ReplayCommand.swiftTest(selecting: "M.S/t()", environment: [("ZOOMCHECK_CASES", "300000")])
            .command(propertyName: "p", seed: 1)
        #expect(withCases == "ZOOMCHECK_CASES=300000 ZOOMCHECK_SEED=0x1 zoomcheck test 'S/t()'")
    }

    @Test("A realistic line fits on one screen line: at most 120 characters, with the seed at its widest")
    func fitsOneLine() {
        let line = ReplayCommand.swiftTest(
            selecting: "ClampedMercatorTests.CatalogueTests/copiedFitMissesTheAntimeridian()/CatalogueTests.swift:3:4",
            environment: [("ZOOMCHECK_CASES", "10000")]
        ).command(propertyName: "fit-covers-every-point", seed: Seed(.max))
        #expect(line.count <= ReplayCommand.lineWidth, "\(line.count) characters: \(line)")
    }

    @Test("A seed printed in the line's short form parses back to the same seed") func shortSeedParses() {
        for seed: UInt64 in [0, 1, 0x2A, 0x2010_0122, .max] {
            let line = ReplayCommand.swiftTest(selecting: "M.S/t()").command(propertyName: "p", seed: Seed(seed))
            let text = line.split(separator: " ")[0].dropFirst("ZOOMCHECK_SEED=".count)
            #expect(Seed(parsing: String(text))?.rawValue == seed, "\(text)")
        }
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
        #expect(ReplayCommand.shellQuoted("a\u{85}b\u{2028}") == #"$'a\xC2\x85b\xE2\x80\xA8'"#)
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

    /// The words bash reads from `line`, in the C locale (so that no `\u` escape could be
    /// read by the locale's character set), each printed followed by NUL.
    static func bashWords(_ line: String) throws -> [String] {
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", "printf '%s\\0' " + line]
        bash.environment = ["LC_ALL": "C", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        bash.standardOutput = output
        try bash.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        bash.waitUntilExit()
        return bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// A word was left bare when each grapheme cluster began with a letter,
    /// so a prepended or combining mark glued `;`, `>` or `|` into "a letter".
    @Test("A word is bare only when every scalar is plain ASCII; bash reads a quoted one back exactly")
    func quotedScalarByScalar() throws {
        for text in [
            "/tmp/x\u{D4E};y/zoomcheck", "a\u{301}>b", "é;x", "a\u{200D}|b", "x\u{202E}gpj.exe", "dir\u{2066}x\u{2069}",
            "a\u{A0}b", "\u{301}'b c'", "it's", "a b", "$HOME", "~",
        ] {
            let quoted = ReplayCommand.shellQuotedIfNeeded(text)
            #expect(quoted != text, "\(text.debugDescription) left bare")
            #expect(try Self.bashWords(quoted) == [text], "\(quoted)")
        }
        for plain in ["/usr/local/bin/zoomcheck", "exec:x", "a,b=c@d%e+f", "0x2a", "--cases"] {
            #expect(ReplayCommand.shellQuotedIfNeeded(plain) == plain)
        }
    }

    @Test("Bidirectional controls and other format characters are written as their UTF-8 bytes inside $'…'")
    func formatCharactersAsBytes() throws {
        let text = "/srv/a\u{202E}b\u{2066}c\u{200B}d\u{FEFF}e\u{AD}f\u{E000}g"
        let quoted = ReplayCommand.shellQuotedIfNeeded(text)
        #expect(quoted.hasPrefix("$'"))
        #expect(quoted.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F }, "\(quoted)")
        #expect(quoted.contains(#"\xE2\x80\xAE"#))
        #expect(try Self.bashWords(quoted) == [text])
    }
}
