import Foundation
import Testing
import TestSupport
@testable import ZoomCheckCLI
@testable import ZoomProtocol

/// A program's text (its error codes and messages, its name, members it
/// invents) never writes a line of any output: no line feed, carriage return, ESC or NUL of
/// its reaches the text report, the GitHub annotations, the JUnit XML or the JSON raw.
@Suite(
    "A program's text stays data in every output", .tags(.cli), .serialized,
    .enabled(
        if: ExternalImplementationTests.binaryExists,
        "needs .build/debug/zoomcheck: run `swift build` first (CI/gate.sh does)")) struct ProgramTextTests
{
    /// What the hostile program puts in its error message: a workflow command and a forged
    /// summary, each after a line break, then an ESC sequence that clears the screen and a NUL.
    static let forgedMessage = #"x\n::error file=README.md,line=1::forged\r\n61 passed, 0 failed\u001b[2J\u0000end"#

    /// The program: a `describe` answer with a line break in its name and in a member it
    /// invents, then the forged message as the error of every request.
    static let program: String = {
        let path = RegressionsScratch.make() + "/hostile.sh"
        let script = """
            while read r; do
            case "$r" in
            *describe*) printf '%s\\n' '{"name":"evil\\nname","weird\\n::error::member":1}';;
            *) printf '%s\\n' '{"error":{"code":"boom\\n::warning::c","message":"\(forgedMessage)"}}';;
            esac
            done

            """
        FileManager.default.createFile(atPath: path, contents: Data(script.utf8))
        return path
    }()

    /// One run of `check` against the program, with JUnit, JSON and (when `annotations`)
    /// GitHub annotations; the outputs' text.
    static func run(annotations: Bool) throws -> (output: String, junit: String, json: Data) {
        let directory = RegressionsScratch.make()
        let result = try BinaryRun.shell(
            """
            "$0" check --impl 'exec:sh \(program)' --property longitude-round-trip --cases 2 \
            --regressions '\(directory)' --junit '\(directory)/out.xml' --json '\(directory)/out.json'
            """, environment: ["GITHUB_ACTIONS": annotations ? "true" : "false"])
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        let junit = try String(contentsOfFile: directory + "/out.xml", encoding: .utf8)
        let json = try Data(contentsOf: URL(fileURLWithPath: directory + "/out.json"))
        return (result.output, junit, json)
    }

    /// Lines a program forged: a workflow command or the summary, at column 0.
    static func forgedLines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter {
            $0.hasPrefix("::warning") || $0.hasPrefix("::error file=") || $0.hasPrefix("61 passed")
                || $0.hasPrefix("::error::member")
        }
    }

    static func rawControls(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0 != "\n" && ProgramText.needsEscape($0) }
    }

    @Test("Text report: the program's line breaks, CR, ESC and NUL are shown as escapes, on the report's own lines")
    func textReport() throws {
        let output = try Self.run(annotations: false).output
        #expect(Self.forgedLines(output).isEmpty, "\(output)")
        #expect(Self.rawControls(output).isEmpty)
        #expect(output.contains(#"boom\u{A}::warning::c: x\u{A}::error file=README.md"#), "\(output)")
        #expect(output.contains(#"forged\u{D}\u{A}61 passed, 0 failed\u{1B}[2J\u{0}end"#))
    }

    @Test("GitHub annotations: one ::error line per failure, no forged line, no raw ESC or NUL") func annotations()
        throws
    {
        let output = try Self.run(annotations: true).output
        #expect(Self.forgedLines(output).isEmpty, "\(output)")
        #expect(output.split(separator: "\n").filter { $0.hasPrefix("::") }.count == 1, "\(output)")
        #expect(Self.rawControls(output).isEmpty, "\(output.unicodeScalars.filter { $0.value < 0x20 })")
    }

    @Test("JUnit: the program's message holds no line break (&#10;) nor raw control") func junit() throws {
        let junit = try Self.run(annotations: false).junit
        #expect(!junit.contains("&#10;::"), "\(junit)")
        #expect(!junit.contains("&#10;61 passed"))
        #expect(Self.rawControls(junit).isEmpty)
        #expect(junit.contains(#"boom\u{A}::warning::c"#))
    }

    @Test("JSON: every string the program supplied decodes to text with no control character") func json() throws {
        let document = try JSONSerialization.jsonObject(with: Self.run(annotations: false).json) as? [String: Any]
        let results = try #require(document?["results"] as? [[String: Any]])
        let message = try #require((results.first?["failure"] as? [String: Any])?["message"] as? String)
        #expect(message.contains(#"61 passed, 0 failed\u{1B}"#), "\(message)")
        #expect(!message.unicodeScalars.contains { ProgramText.needsEscape($0) }, "\(message)")
    }

    @Test("HTML: text holding CR, ESC and NUL is written with visible escapes") func html() {
        let page = FindingsSurveys.htmlSections([], textReport: ["a\r\u{1B}[2J\u{0}b\u{2028}c"]).joined()
        #expect(Self.rawControls(page).isEmpty)
        #expect(page.contains(#"a\u{D}\u{1B}[2J\u{0}b\u{2028}c"#))
    }

    /// A program's standard error is not zoomcheck's text but the program's
    /// own channel, inherited as it is (Documentation/reliability.md says why): it never
    /// reaches the report, the annotations or any output file, and arrives unchanged, a
    /// Python traceback included.
    @Test(
        "A program's standard error is inherited: its bytes reach zoomcheck's standard error as written, never stdout")
    func standardErrorInherited() throws {
        let directory = RegressionsScratch.make()
        let forged = "\u{1B}[31m::error file=README.md,line=1::forged on stderr"
        let program = directory + "/noisy.sh"
        try """
        printf '\\033[31m::error file=README.md,line=1::forged on stderr\\n' >&2
        exec python3 '\(TestPackage.pythonAdapter)'
        """.write(toFile: program, atomically: true, encoding: .utf8)
        let result = try BinaryRun.shell(
            """
            "$0" check --impl 'exec:sh \(program)' --property longitude-round-trip --cases 5 \
            --regressions '\(directory)/r' --json '\(directory)/out.json'
            """, environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.errors.contains(forged + "\n"), "\(result.errors.debugDescription)")
        #expect(!result.output.contains("forged"))
        #expect(try !String(contentsOfFile: directory + "/out.json", encoding: .utf8).contains("forged"))
    }

    @Test("A program's strings and member names are read escaped, once") func readEscaped() throws {
        let answer = try #require(ResponseObject.decode(Array(#"{"m":"a\nb\u001b","k\r":1}"#.utf8)))
        #expect(answer.string("m") == #"a\u{A}b\u{1B}"#)
        #expect(answer.number(#"k\u{D}"#) == 1)
    }
}
