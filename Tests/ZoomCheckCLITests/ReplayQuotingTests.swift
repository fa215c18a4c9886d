import Foundation
import PropertyCheck
import Testing
import TestSupport
@testable import ZoomCheckCLI
@testable import ZoomProtocol

/// A printed replay line is never code. The binary's path was left bare when
/// each grapheme cluster began with a letter, so `…/xൎ;y/zoomcheck` (U+0D4E glues the `;` that
/// follows it into one cluster) printed a line that, pasted, ran `y/zoomcheck` from the current
/// directory; and a bidirectional control inside `'…'` was escaped by the report's sanitiser
/// after quoting, so the pasted line named a directory that does not exist.
@Suite("A pasted replay line runs exactly what it names", .tags(.cli)) struct ReplayQuotingTests {
    /// Directory names that each attacked one step of the old quoting.
    static let hostileNames = [
        "x\u{D4E};y", "q\u{301}>r", "s\u{200D}|t", "b\u{202E}c", "d\u{2066}e\u{2069}", "f\u{A0}g", "h\u{1B}[2Ji",
    ]

    /// Runs `line` (as printed: continued with ` \` and a line feed) with bash in `directory`;
    /// the file `argv` written by the program the line names, split at NUL.
    static func paste(_ line: String, in directory: String) throws -> [String]? {
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", line]
        bash.currentDirectoryURL = URL(fileURLWithPath: directory)
        bash.environment = ["LC_ALL": "C", "PATH": "/usr/bin:/bin", "OUT": directory + "/argv"]
        bash.standardError = FileHandle.nullDevice
        try bash.run()
        bash.waitUntilExit()
        guard let bytes = FileManager.default.contents(atPath: directory + "/argv") else { return nil }
        return bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// A script that writes its own path and arguments to `$OUT`, NUL after each.
    static func plantProgram(at path: String, marker: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try ExecutableFile.write("#!/bin/sh\nprintf '%s\\0' \(marker) \"$@\" > \"$OUT\"\n", to: path)
    }

    @Test("A binary under a hostile directory: the report's line, pasted, runs that binary with its arguments")
    func hostileBinaryPath() throws {
        for name in Self.hostileNames {
            let scratch = RegressionsScratch.make()
            let binary = scratch + "/" + name + "/zoomcheck"
            try Self.plantProgram(at: binary, marker: "intended")
            // What `y/zoomcheck` from the working directory would run (the old line's second command).
            try Self.plantProgram(at: scratch + "/y/zoomcheck", marker: "decoy")
            let shown = ReplayProgram.shown(argv0: binary, executable: nil, searchPath: "", currentDirectory: scratch)
            let line = CheckOptions.replayLine(
                program: shown, implementation: "exec:python3 'my adapter.py'", regressions: nil,
                arguments: ["--exec-timeout", "2"], workingDirectory: nil)("fit-is-valid", Seed(0x2a), 10, nil)
            // As the text report prints it: laid out within 100 columns, then sanitised.
            let printed = TerminalText.sanitized(ReportLayout.replay(line, indent: "    "))
            #expect(printed == ReportLayout.replay(line, indent: "    "), "the sanitiser changed the line")
            let pasted = String(printed.drop { $0 == " " }.dropFirst("replay: ".count))
            #expect(
                try Self.paste(pasted, in: scratch) == [
                    "intended", "replay", "--property", "fit-is-valid", "--impl", "exec:python3 'my adapter.py'",
                    "--seed", "0x000000000000002a", "--cases", "10", "--exec-timeout", "2",
                ], "\(name.debugDescription): \(printed)")
        }
    }

    @Test("GitHub annotations and JSON carry the same line: nothing in it is raw or changed by escaping")
    func annotationsKeepTheLine() {
        for name in Self.hostileNames {
            let program = ReplayCommand.shellQuotedIfNeeded("/srv/" + name + "/zoomcheck")
            #expect(ProgramText.escaped(program) == program, "\(program)")
            #expect(program.unicodeScalars.allSatisfy { !ReplayCommand.isHidden($0) }, "\(program)")
            #expect(program.hasPrefix("'") || program.hasPrefix("$'"), "\(program)")
        }
    }

    @Test("The layout splits only at unquoted spaces, scalar by scalar: a mark after a quote hides nothing")
    func layoutReadsScalars() {
        #expect(ReportLayout.shellWords("a '\u{301}b c' d") == ["a", "'\u{301}b c'", "d"])
        #expect(ReportLayout.shellWords("a $'\u{301}\\' b' c") == ["a", "$'\u{301}\\' b'", "c"])
        #expect(ExternalImplementation.shellWords("python3 '\u{301}my a.py'") == ["python3", "\u{301}my a.py"])
    }
}
