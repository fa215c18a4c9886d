import Foundation
import PropertyCheck
import Testing
import TestSupport
@testable import ZoomCheckCLI

/// An observation file is an output like `--json`: a lost one
/// never passes, it is bounded in bytes, two implementations never share one, and it is
/// written through the descriptor that created it.
@Suite("Observation files are outputs", .tags(.cli)) struct ObservationOutputTests {
    static let property = ["--property", "bad-latitude-is-refused", "--impl", "seed", "--cases", "200"]

    @Test("A directory planted at the file's name: exit 74 naming the file (it was exit 0, silently)")
    func directoryAtTheName() throws {
        let directory = ObservationFiles.directory()
        let planted = directory + "/bad-latitude-is-refused@seed.jsonl"
        try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: true)
        let result = CheckCommandTests.run(["check"] + Self.property + ["--observe", directory])
        #expect(result.status == ExitStatus.ioFailure, "\(result.output)\(result.errors)")
        #expect(result.errors.contains("cannot write \(planted): it is a directory"), "\(result.errors)")
        #expect(result.errors.contains("its observations are lost"), "\(result.errors)")
        // The report was still printed, and the other outputs written.
        #expect(result.output.contains("bad-latitude-is-refused"))
        let replay = CheckCommandTests.run([
            "replay", "--property", "bad-latitude-is-refused", "--impl", "seed", "--seed", "0x20100122", "--cases",
            "200", "--observe", directory,
        ])
        #expect(replay.status == ExitStatus.ioFailure, "\(replay.output)\(replay.errors)")
    }

    @Test(
        "A file too large to write (ulimit -f): exit 74, the old file kept whole, no temporary file left",
        .enabled(if: ExternalImplementationTests.binaryExists, "needs .build/debug/zoomcheck")) func fileSizeLimit()
        throws
    {
        let directory = ObservationFiles.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/bad-latitude-is-refused@corrected.jsonl"
        try "{\"type\":\"info\",\"content\":\"the last run's lines\"}\n".write(
            toFile: file, atomically: false, encoding: .utf8)
        // 64 blocks of 1024 bytes: the first 256 KiB block of lines does not fit.
        let result = try BinaryRun.shell(
            """
            ulimit -f 64; "$0" check --property bad-latitude-is-refused --impl corrected --cases 2000 \
            --regressions '\(directory)-regressions' --observe '\(directory)'
            """)
        #expect(result.status == ExitStatus.ioFailure, "\(result.output)\(result.errors)")
        #expect(result.errors.contains("cannot write \(file): File too large"), "\(result.errors)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasSuffix("the last run's lines\"}\n"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory) == [(file as NSString).lastPathComponent])
    }

    @Test("A program's 64 KB error message is cut in every line: the file stays small, and says how much was cut")
    func boundedInBytes() throws {
        let directory = ObservationFiles.directory()
        // 32 times the limit; every answer of the run, shrinking's included, carries it.
        let message = String(repeating: "x", count: 1 << 16)
        let program = RegressionsScratch.make() + "/big-error.sh"
        try """
        read r; echo '{"protocol":4,"name":"big-error"}'
        while read r; do echo '{"error":{"code":"odd","message":"\(message)"}}'; done
        """.write(toFile: program, atomically: true, encoding: .utf8)
        let result = CheckCommandTests.run([
            "check", "--impl", "exec:sh '\(program)'", "--property", "longitude-round-trip", "--cases", "20",
            "--observe", directory,
        ])
        #expect(result.status == ExitStatus.failure, "\(result.output)\(result.errors)")
        let file = directory + "/" + RunObservation.safeFileName("longitude-round-trip@exec:big-error") + ".jsonl"
        let bytes = try #require(FileManager.default.contents(atPath: file)).count
        let lines = try ObservationFiles.lines(file)
        #expect(bytes <= lines.count * (RunObservation.textByteLimit + 2_048), "\(bytes) bytes in \(lines.count) lines")
        let reasons = lines.compactMap { $0["status_reason"] as? String }.filter { !$0.isEmpty }
        #expect(!reasons.isEmpty && reasons.allSatisfy { $0.utf8.count <= RunObservation.textByteLimit })
        #expect(reasons.allSatisfy { $0.hasSuffix(" bytes cut") }, "\(reasons.first ?? "")")
    }

    @Test("Two implementations whose names differ only in replaced characters get two files and two page ids")
    func distinctNames() throws {
        let directory = ObservationFiles.directory()
        let programs = try ["a+b", "a*b"].map { name in
            let program = RegressionsScratch.make() + "/named.sh"
            try """
            read r; echo '{"protocol":4,"name":"\(name)"}'; exec python3 '\(TestPackage.pythonAdapter)'
            """.write(toFile: program, atomically: true, encoding: .utf8)
            return "exec:sh '\(program)'"
        }
        let result = CheckCommandTests.run([
            "check", "--impl", programs[0], "--impl", programs[1], "--property", "longitude-round-trip", "--cases",
            "20", "--observe", directory, "--html", directory + "/page",
        ])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }
        #expect(files.count == 2, "\(files)")
        for file in files {
            let implementations = try ObservationFiles.lines(directory + "/" + file).compactMap {
                ($0["metadata"] as? [String: String])?["implementation"]
            }
            #expect(Set(implementations).count == 1, "\(file): \(Set(implementations))")
        }
        let page = try String(contentsOfFile: directory + "/page/index.html", encoding: .utf8)
        let ids = page.matches(of: /id="([^"]+)"/).map { String($0.1) }
        #expect(Set(ids).count == ids.count, "\(ids.sorted())")
        #expect(CheckPage.idPart("exec:a+b") != CheckPage.idPart("exec:a*b"))
    }

    /// `--json` naming the page or an observation file was accepted, and one
    /// output replaced the other.
    @Test("--json or --junit naming the --html page or an observation file is a usage error (64)")
    func outputsNeverShareAFile() throws {
        let directory = ObservationFiles.directory()
        let observed = directory + "/obs"
        for outputs in [
            ["--json", directory + "/page/index.html", "--html", directory + "/page"],
            ["--junit", directory + "/page/./index.html", "--html", directory + "/page"],
            ["--json", observed + "/bad-latitude-is-refused@seed.jsonl", "--observe", observed],
            ["--junit", observed + "/../obs/other.jsonl", "--observe", observed],
        ] {
            let result = CheckCommandTests.run(["check"] + Self.property + outputs)
            #expect(result.status == ExitStatus.usage, "\(outputs): \(result.errors)")
            #expect(result.errors.contains(outputs[0]), "\(result.errors)")
            #expect(result.output.isEmpty)
        }
        let apart = CheckCommandTests.run(
            ["check"] + Self.property + ["--json", observed + "/report.json", "--observe", observed])
        #expect(apart.status == 0, "\(apart.errors)")
    }

    @Test("--json or --junit reaching the page or an observation file through a link is a usage error too")
    func linkedOutputsNeverShareAFile() throws {
        let directory = ObservationFiles.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Both links dangle when the run starts: the files they lead to are written by it.
        #expect(symlink("page/index.html", directory + "/to-page.json") == 0)
        #expect(symlink("obs/bad-latitude-is-refused@seed.jsonl", directory + "/to-observation.xml") == 0)
        for outputs in [
            ["--json", directory + "/to-page.json", "--html", directory + "/page"],
            ["--junit", directory + "/to-observation.xml", "--observe", directory + "/obs"],
        ] {
            let result = CheckCommandTests.run(["check"] + Self.property + outputs)
            #expect(result.status == ExitStatus.usage, "\(outputs): \(result.errors)")
            #expect(result.errors.contains(outputs[0] + " " + outputs[1]), "\(result.errors)")
            #expect(result.output.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/page/index.html"))
    }
}
