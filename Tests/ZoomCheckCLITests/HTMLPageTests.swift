import Foundation
import Testing
import TestSupport
@testable import ZoomCheckCLI

/// `check --html DIR`: the findings page for any implementation, here an `exec:` program with
/// a planted bug; its structure is golden (headings, sections, ids, the properties shown and
/// what each failure carries), not its numbers.
@Suite("zoomcheck check --html", .tags(.cli)) struct HTMLPageTests {
    /// The Python example adapter with one line changed: ψ(φ) from two terms of its series,
    /// good only near the equator.
    static func plantedBugAdapter(in directory: String) throws -> String {
        let original = try String(contentsOfFile: TestPackage.pythonAdapter, encoding: .utf8)
        let line = "        psi = math.asinh(math.tan(magnitude * RADIANS_PER_DEGREE))"
        let bug = "        psi = magnitude * RADIANS_PER_DEGREE + (magnitude * RADIANS_PER_DEGREE) ** 3 / 6"
        #expect(original.contains(line), "the adapter's line the bug replaces")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/planted_bug_adapter.py"
        try original.replacingOccurrences(of: line, with: bug).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The page's structure, one line per landmark: headings, sections, the facts each failure
    /// gives, whether it has a plot, the verdict cells and coverage rows; numbers left out.
    static func structure(_ html: String) -> String {
        var lines: [String] = []
        var inCoverage = false
        for line in html.split(separator: "\n").map(String.init) {
            if line.hasPrefix("<table") { inCoverage = line.contains(#"class="coverage""#) }
            let text = line.replacing(/<[^>]+>/, with: "")
            if let heading = line.firstMatch(of: /^<(h[1-3])[^>]*>/) {
                let id = line.firstMatch(of: /id="([^"]+)"/).map { " #\($0.1)" } ?? ""
                lines.append("\(heading.1)\(id) \(text)")
            } else if let section = line.firstMatch(of: /^<section[^>]*id="([^"]+)"/) {
                lines.append("section #\(section.1)")
            } else if line.hasPrefix("<dt>") {
                lines.append("  " + (line.firstMatch(of: /<dt>([^<]+)<\/dt>/).map { String($0.1) } ?? ""))
            } else if let svg = line.firstMatch(of: /^<svg [^>]*id="([^"]+)"/) {
                lines.append("  figure #\(svg.1)")
            } else if line.hasPrefix(#"<p class="no-plot">"#) {
                lines.append("  no plot: " + (text.firstMatch(of: /: ([^.:]+)/).map { String($0.1) } ?? ""))
            } else if line.hasPrefix("<tr><td><code>"), line.contains("<td>") {
                let cells = line.matches(of: /<td[^>]*>(.*?)<\/td>/).map { String($0.1).replacing(/<[^>]+>/, with: "") }
                let kept = inCoverage ? Array(cells.prefix(1)) : cells  // a coverage row's counts left out
                lines.append("  row " + kept.joined(separator: " | "))
            } else if line.hasPrefix(#"<p id="extra-cases">"#) {
                lines.append("extra cases stated")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("An exec: program with a planted bug: summary, a section per failure with its plot, coverage")
    func plantedBugPage() throws {
        let directory = ObservationFiles.directory()
        let adapter = try Self.plantedBugAdapter(in: directory)
        let result = CheckCommandTests.run([
            "check", "--impl", "exec:python3 \(adapter)", "--property", "project-matches-the-reference", "--property",
            "latitude-round-trip", "--property", "latitude-span-matches-height", "--property",
            "bad-latitude-is-refused", "--cases", "200", "--html", directory + "/page",
        ])
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.errors.contains("wrote \(directory)/page/index.html"), "\(result.errors)")
        let html = try String(contentsOfFile: directory + "/page/index.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</body></html>\n"))
        #expect(!html.contains("<script") && !html.contains("http://") || html.contains("http://www.w3.org/2000/svg"))
        try GoldenText.cli.check(Self.structure(html), against: "html-page-structure")
        // Replay lines wrap only at spaces, each option kept with its value, and run from the
        // run's directory, which the page names once: no `(cd …)` around them.
        let replays = html.matches(of: /<pre class="replay">(.*?)<\/pre>/).map { String($0.1) }
        #expect(replays.count >= 3)
        for replay in replays {
            #expect(!replay.contains("(cd "), "\(replay)")
            #expect(replay.contains("<span>--seed 0x20100122</span> <span>--cases 200</span>"), "\(replay)")
        }
        #expect(html.contains("Replay lines run from <code>\(FileManager.default.currentDirectoryPath)</code>"))
        #expect(!html.contains("overflow-wrap") && html.contains("pre.replay span{white-space:nowrap}"))
    }

    @Test("The page names a replay line's paths relative to the run's directory, the program as it was run")
    func pageReplayLine() {
        let display = ReplayDisplay(
            program: "/abs/bin/zoomcheck", shown: "zoomcheck", seed: .default, runDirectory: "/home/me/adapter")
        #expect(
            display.page(
                """
                (cd /home/me/adapter && /abs/bin/zoomcheck replay --property p --impl 'exec:python3 a.py' --seed \
                0x0000000020100122 --cases 10 --regressions /home/me/adapter/saved)
                """) == """
                    zoomcheck replay --property p --impl 'exec:python3 a.py' --seed 0x20100122 --cases 10 \
                    --regressions saved
                    """)
        // A path outside the run's directory stays as it is.
        #expect(display.page("/abs/bin/zoomcheck replay --regressions /tmp/r").hasSuffix("--regressions /tmp/r"))
        let spans =
            #"<span>zoomcheck</span> <span>replay</span> <span>--impl 'exec:a b'</span> <span>--cases 10</span>"#
        #expect(
            CheckPage.replayBlock("zoomcheck replay --impl 'exec:a b' --cases 10") == #"<pre class="replay">"# + spans
                + "</pre>")
    }

    @Test("--html naming a file, nothing, or a directory that cannot be created is a usage error (64)")
    func badDirectories() throws {
        let (directory, file, arguments) = try ObserveOptionTests.directoryWithFile()
        let onFile = CheckCommandTests.run(arguments + ["--html", file])
        #expect(onFile.status == 64)
        #expect(
            onFile.errors.contains(
                "--html \(file): exists and is not a directory; give a directory for the findings page"),
            "\(onFile.errors)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x", "the file is left as it was")
        #expect(CheckCommandTests.run(arguments + ["--html", ""]).status == 64)
        #expect(CheckCommandTests.run(["check", "--list", "--html", directory]).status == 64)
        let underFile = CheckCommandTests.run(arguments + ["--html", file + "/page"])
        #expect(underFile.status == 64)
        #expect(underFile.errors.contains("--html \(file)/page: cannot be created"), "\(underFile.errors)")
    }

    @Test("An index.html that is not a regular file is never replaced: exit 74, named") func indexThatIsADirectory()
        throws
    {
        let directory = ObservationFiles.directory()
        try FileManager.default.createDirectory(atPath: directory + "/index.html", withIntermediateDirectories: true)
        let result = CheckCommandTests.run([
            "check", "--property", "bad-latitude-is-refused", "--impl", "corrected", "--cases", "10", "--html",
            directory,
        ])
        #expect(result.status == 74, "\(result.errors)")
        #expect(result.errors.contains("cannot write \(directory)/index.html"), "\(result.errors)")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: directory + "/index.html", isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
    }

    @Test(
        "A directory it may not write into: exit 74, the file named, nothing left behind",
        .enabled(if: getuid() != 0, "root writes into any directory")) func unwritableDirectory() throws
    {
        let directory = ObservationFiles.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(chmod(directory, 0o555) == 0)
        defer { chmod(directory, 0o755) }
        let result = CheckCommandTests.run([
            "check", "--property", "bad-latitude-is-refused", "--impl", "corrected", "--cases", "10", "--html",
            directory,
        ])
        #expect(result.status == 74, "\(result.errors)")
        #expect(result.errors.contains("cannot write \(directory)/index.html"), "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test("Without --html nothing changes: the --json document is the same, timings aside") func jsonUnchanged() throws
    {
        let directory = ObservationFiles.directory()
        let arguments = [
            "check", "--property", "latitude-round-trip", "--impl", "seed", "--cases", "300", "--regressions",
            directory + "-regressions",
        ]
        _ = CheckCommandTests.run(arguments + ["--json", directory + "-plain.json"])
        _ = CheckCommandTests.run(arguments + ["--json", directory + "-html.json", "--html", directory + "/page"])
        #expect(
            try ObserveOptionTests.withoutTimings(directory + "-plain.json")
                == ObserveOptionTests.withoutTimings(directory + "-html.json"))
        #expect(FileManager.default.fileExists(atPath: directory + "/page/index.html"))
    }
}
