import Foundation
import Testing
import TestSupport
import PropertyCheck
@testable import ZoomCheckCLI
@testable import ZoomProtocol
#if canImport(Glibc)
    import Glibc
#endif

/// `--json`, `--junit` and regressions files: only a regular file or a missing path is
/// replaced by a rename; links are followed; devices, FIFOs and /dev/stdout are written
/// through; no temporary file is left behind.
@Suite("Output paths are written, never replaced", .tags(.cli)) struct OutputPathTests {
    static let quick = ["check", "--property", "fit-is-valid", "--cases", "5"]

    static func fileType(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    static func leftovers(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains(".tmp-") }
    }

    @Test("--junit through a symbolic link writes the link's target and keeps the link") func symbolicLink() throws {
        let directory = RegressionsScratch.make()
        try "old".write(toFile: directory + "/target.xml", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.xml", withDestinationPath: "target.xml")
        let result = CheckCommandTests.run(Self.quick + ["--junit", directory + "/link.xml"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(Self.fileType(directory + "/link.xml") == S_IFLNK, "the link is still a link")
        #expect(try String(contentsOfFile: directory + "/target.xml", encoding: .utf8).contains("<testsuites"))
        #expect(Self.leftovers(in: directory).isEmpty)
    }

    @Test("A dangling link is written at the path it names") func danglingLink() throws {
        let directory = RegressionsScratch.make()
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/link.json", withDestinationPath: directory + "/made.json")
        let result = CheckCommandTests.run(Self.quick + ["--json", directory + "/link.json"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(Self.fileType(directory + "/link.json") == S_IFLNK)
        #expect(try String(contentsOfFile: directory + "/made.json", encoding: .utf8).contains("zoomcheck.check/1"))
    }

    @Test("A FIFO is written through: its reader gets the whole document and it stays a FIFO") func fifo() throws {
        let directory = RegressionsScratch.make()
        let fifo = directory + "/results.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let pipe = Pipe()
        reader.standardOutput = pipe
        try reader.run()
        let result = CheckCommandTests.run(Self.quick + ["--json", fifo])
        let read = pipe.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(String(decoding: read, as: UTF8.self).contains("\"schema\": \"zoomcheck.check/1\""))
        #expect(Self.fileType(fifo) == S_IFIFO)
        #expect(Self.leftovers(in: directory).isEmpty)
    }

    @Test("A character device (a private copy of /dev/null, made as root) stays a device") func device() throws {
        let directory = RegressionsScratch.make()
        let node = directory + "/null"
        // mknod needs root (CAP_MKNOD); elsewhere this test is cancelled (a skip).
        // Device 1:3 is /dev/null (old_encode_dev: major << 8 | minor).
        guard mknod(node, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else {
            try Test.cancel("mknod needs root (\(String(cString: strerror(errno))))")
        }
        let json = CheckCommandTests.run(Self.quick + ["--json", node])
        let junit = CheckCommandTests.run(Self.quick + ["--junit", node])
        #expect(json.status == 0 && junit.status == 0, "\(json.errors)\(junit.errors)")
        #expect(Self.fileType(node) == S_IFCHR, "the device was replaced by a regular file")
        #expect(Self.leftovers(in: directory).isEmpty)
    }

    @Test(
        "--json /dev/stdout prints the document, after the report when standard output is a file",
        .enabled(if: ExternalImplementationTests.binaryExists, "needs .build/debug/zoomcheck")) func standardOutput()
        throws
    {
        let regressions = RegressionsScratch.make()
        let piped = try BinaryRun.shell(
            #""$0" check --property fit-is-valid --cases 5 --regressions "\#(regressions)" --json /dev/stdout"#)
        #expect(piped.status == 0, "\(piped.errors)")
        #expect(piped.output.contains("\"schema\": \"zoomcheck.check/1\""))
        let file = regressions + "/out.txt"
        let redirected = try BinaryRun.shell(
            #"""
            "$0" check --property fit-is-valid --cases 5 --regressions "\#(regressions)" --json /dev/stdout > \#
            "\#(file)"
            """#)
        #expect(redirected.status == 0, "\(redirected.errors)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("zoomcheck check:"), "the report was kept")
        #expect(text.contains("\"schema\": \"zoomcheck.check/1\""), "the document was appended")
        #expect(Self.fileType(file) == S_IFREG)
    }

    @Test("A directory is refused by name") func directory() {
        let directory = RegressionsScratch.make()
        let result = CheckCommandTests.run(Self.quick + ["--json", directory])
        #expect(result.status == ExitStatus.ioFailure)
        #expect(result.errors.contains("cannot write \(directory): it is a directory"), "\(result.errors)")
    }

    @Test("A path holding a line feed or ESC is named escaped in the 74 message, never printed raw")
    func controlCharactersNamedEscaped() throws {
        let directory = RegressionsScratch.make()
        try "x".write(toFile: directory + "/file", atomically: false, encoding: .utf8)
        let result = CheckCommandTests.run(Self.quick + ["--json", directory + "/file/\u{1B}[2J\n::error::forged"])
        #expect(result.status == ExitStatus.ioFailure)
        let named = "cannot write \(directory)/file/\\u{1B}[2J\\u{A}::error::forged:"
        #expect(result.errors.contains(named), "\(result.errors)")
        #expect(!result.errors.dropLast().contains("\n"), "one line: \(result.errors)")
    }

    @Test("OutputPath: regular and missing paths are replaced, links followed, devices and /proc links written through")
    func resolution() throws {
        let directory = RegressionsScratch.make()
        #expect(try OutputPath.resolve(directory + "/missing") == .replace(directory + "/missing"))
        #expect(try OutputPath.resolve("/dev/null") == .writeThrough("/dev/null", append: false))
        try FileManager.default.createSymbolicLink(atPath: directory + "/loop", withDestinationPath: "loop")
        #expect(throws: OutputPath.Refusal.self) { try OutputPath.resolve(directory + "/loop") }
        if case .writeThrough(let path, _) = try OutputPath.resolve("/dev/stdout") {
            #expect(path.hasPrefix("/proc/"))
        } else {
            Issue.record("/dev/stdout would be replaced")
        }
    }

    @Test("A link planted at the temporary name a run once used (.NAME.tmp-PID) is neither followed nor moved")
    func plantedLinkAtTheOldName() throws {
        let directory = RegressionsScratch.make()
        let victim = directory + "/victim.txt"
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        let planted = directory + "/.out.xml.tmp-\(getpid())"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
        try AtomicFile.write("<testsuites/>\n", to: directory + "/out.xml")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious", "the link's target was written")
        #expect(Self.fileType(directory + "/out.xml") == S_IFREG, "the output is a regular file, not the planted link")
        #expect(try String(contentsOfFile: directory + "/out.xml", encoding: .utf8) == "<testsuites/>\n")
        #expect(Self.fileType(planted) == S_IFLNK)
        #expect(Self.leftovers(in: directory) == [(planted as NSString).lastPathComponent])
    }

    @Test("A temporary file being written is removed when zoomcheck is signalled (the handlers' cleanup)")
    func temporaryRemovedOnSignal() throws {
        let path = RegressionsScratch.make() + "/.results.json.tmp-1"
        FileManager.default.createFile(atPath: path, contents: Data("partial".utf8))
        let slot = ExitCleanup.removeOnExit(path)
        defer { ExitCleanup.forget(slot) }
        ExitCleanup.removeTemporaries()
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

@Suite("--junit and --json never name one file", .tags(.cli)) struct SameOutputFileTests {
    @Test("The same path, another spelling of it, or a link to it is a usage error") func samePath() throws {
        let directory = RegressionsScratch.make()
        let file = directory + "/out.json"
        FileManager.default.createFile(atPath: file, contents: Data())
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.json", withDestinationPath: "out.json")
        for other in [file, directory + "/./out.json", directory + "/link.json"] {
            let result = CheckCommandTests.run(OutputPathTests.quick + ["--junit", file, "--json", other])
            #expect(result.status == ExitStatus.usage, "\(other): \(result.errors)")
            #expect(result.errors.contains("--junit and --json name the same file"))
        }
        let missing = CheckCommandTests.run(
            OutputPathTests.quick + ["--junit", directory + "/new.xml", "--json", directory + "/new.xml"])
        #expect(missing.status == ExitStatus.usage)
    }
}
