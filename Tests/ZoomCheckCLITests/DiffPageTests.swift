import Foundation
import PropertyCheck
import Testing
import TestSupport
@testable import ZoomCheckCLI
@testable import ZoomProperties

/// `zoomcheck diff --html FILE`: the comparison of two implementations as a page in the
/// findings page's style; its structure is golden for one run of the seed port against the
/// corrected core.
@Suite("zoomcheck diff --html", .tags(.cli)) struct DiffPageTests {
    /// The element between `<section … id="ID">` and its `</section>`, or "".
    static func section(_ id: String, in html: String) -> String {
        guard let start = html.range(of: #"id="\#(id)">"#) else { return "" }
        let rest = html[start.upperBound...]
        return String(rest[..<(rest.range(of: "</section>")?.lowerBound ?? rest.endIndex)])
    }

    @Test(
        """
        seed against corrected: the page has a section for each documented finding the two disagree on, each \
        distinct disagreement with its minimal request, the reference agreeing with the corrected core, both \
        answers and a replay line; no other property has one
        """) func seedAgainstCorrectedPage() throws
    {
        let outcomes = DiffCommandTests.seedAgainstCorrected
        let parsed = try CommandArguments.parse(
            ["--impl", "seed", "--impl", "corrected", "--cases", "200"], options: DiffCommand.options
        ).get()
        let options = try DiffOptions.from(parsed).get()
        let display = ReplayDisplay(program: "zoomcheck", shown: "zoomcheck", seed: .default, runDirectory: "/run")
        let html = DiffPage.html(outcomes, options: options, replay: display)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</body></html>\n"))
        #expect(!html.contains("<script"))
        let expectations = CatalogueSubject.seed.expectations
        var documented = 0
        for outcome in outcomes {
            let name = outcome.property.name
            let id = "disagreement-\(name)"
            guard case .fails = expectations.verdict(for: name), outcome.differs else {
                #expect(!html.contains(#"id="\#(id)""#), "\(name): not a disagreement, no section")
                continue
            }
            documented += 1
            let section = Self.section(id, in: html)
            #expect(!section.isEmpty, "\(name): its section")
            #expect(html.contains(##"<a href="#\##(id)">"##), "\(name): linked from the contents")
            let report = try #require(outcome.run?.result.failure, "\(name)")
            for one in [report] + report.otherFailures {
                #expect(
                    section.contains(
                        "<dt>Minimal request</dt><dd><code>\(HTMLPage.escape(one.minimalCounterexample))</code></dd>"),
                    "\(name): \(one.minimalCounterexample)")
                #expect(section.contains(HTMLPage.escape(one.minimalMessage)), "\(name): what differs")
            }
            let count = 1 + report.otherFailures.count
            #expect(section.components(separatedBy: "<dt>Reference agrees with</dt>").count == count + 1, "\(name)")
            #expect(
                section.components(separatedBy: #"<dd class="reference"><strong>corrected</strong></dd>"#).count
                    == count + 1, "\(name): the reference agrees with the corrected core")
            #expect(section.components(separatedBy: #"<pre class="replay">"#).count == count + 1, "\(name)")
            // Both answers side by side, with the reference's.
            #expect(
                section.contains("<th>seed</th><th>corrected</th><th>the reference (corrected)</th>"),
                "\(name): the answers")
        }
        // Every documented finding but the one the corrected core does not answer (see
        // DiffCommandTests.findingsShownOtherwise).
        let findings = ZoomCatalogue.all.filter {
            if case .fails = expectations.verdict(for: $0.name) { return true } else { return false }
        }
        #expect(documented == findings.count - 1, "documented findings shown: \(documented) of \(findings.count)")
        #expect(html.contains("They disagree on \(documented) of \(outcomes.count) properties"))
        // What was compared, and which properties both gates hold.
        #expect(html.contains(#"<h2>What was compared</h2>"#))
        #expect(html.contains("<h3 id=\"side-first\">The first: seed</h3>"))
        #expect(html.contains("<h3 id=\"side-second\">The second: corrected</h3>"))
        #expect(html.contains("<h3 id=\"properties\">The properties both gates hold</h3>"))
        #expect(html.contains("Compared: the \(outcomes.count) selected properties both sides' gates hold"))
        // The fit across ±180° is drawn: both regions on the world.
        let fit = Self.section("disagreement-fit-takes-the-short-way", in: html)
        #expect(fit.contains(#"<figure class="counterexample-picture">"#))
        #expect(fit.contains(#"class="region returned""#) && fit.contains(#"class="region second""#))
        #expect(fit.contains(#"class="region expected""#) && fit.contains(#"class="antimeridian""#))
        #expect(fit.contains("the region seed returned") && fit.contains("the region corrected returned"))
    }

    @Test(
        """
        diff --html through the command: exit 1, the page written atomically and named on standard error, its \
        structure golden; the projection drawn with both positions
        """) func seedAgainstCorrectedCommand() throws
    {
        let directory = ObservationFiles.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/diff.html"
        let result = ZoomCheckMainTests.run([
            "diff", "--impl", "seed", "--impl", "corrected", "--property", "fit-takes-the-short-way", "--property",
            "longitude-round-trip", "--property", "project-matches-the-reference", "--cases", "200", "--html", path,
        ])
        #expect(result.status == ExitStatus.failure, "\(result.errors)")
        #expect(result.errors.contains("zoomcheck diff: wrote \(path)"), "\(result.errors)")
        #expect(!result.output.contains("wrote"), "standard output stays the report")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["diff.html"])
        try GoldenText.cli.check(HTMLPageTests.structure(html), against: "diff-page-structure")
        let projection = Self.section("disagreement-project-matches-the-reference", in: html)
        #expect(projection.contains(#"class="position returned""#) && projection.contains(#"class="position second""#))
        #expect(projection.contains(#"class="position expected""#))
        #expect(projection.contains(#"<tr class="differs">"#), "the request answered beyond two budgets, marked")
        #expect(html.contains(#"<td class="holds">agree</td>"#))
        // The replay line reruns exactly that comparison, from the run's directory.
        let fit = Self.section("disagreement-fit-takes-the-short-way", in: html)
        #expect(
            fit.contains(
                """
                <span>diff</span> <span>--impl seed</span> <span>--impl corrected</span> \
                <span>--property fit-takes-the-short-way</span> <span>--seed 0x20100122</span> <span>--cases 200</span>
                """), "\(fit)")
    }

    @Test("Two built-in implementations that agree: exit 0, and the page says they agree, with no disagreement")
    func agreeingPage() throws {
        let directory = ObservationFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/agree.html"
        let result = ZoomCheckMainTests.run([
            "diff", "--impl", "corrected", "--impl", "control-half-angle", "--property", "longitude-round-trip",
            "--property", "project-matches-the-reference", "--property", "fit-takes-the-short-way", "--cases", "200",
            "--html", path,
        ])
        #expect(result.status == ExitStatus.success, "\(result.output)\(result.errors)")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("<h1>ZoomCheck diff: corrected against control-half-angle</h1>"))
        #expect(html.contains(#"<p class="verdict agree"><strong>They agree</strong> on every property compared"#))
        #expect(
            html.contains("<p>None: on every property compared, corrected and control-half-angle answer alike.</p>"))
        #expect(html.components(separatedBy: #"<td class="holds">agree</td>"#).count == 4)
        #expect(!html.contains(#"class="disagreement""#) && !html.contains("<svg"))
        #expect(html.contains("Disagreements (0)"))
    }

    @Test(
        """
        Text a program returned is escaped everywhere on the page: its name, an error message with <script>, an \
        error code with markup
        """) func hostileProgram() throws
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zoomcheck-diff-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = try DiffCommandTests.adapter(in: directory, "good")
        let line = #"    return {"x": x_of_longitude(lon, world), "y": y_of_latitude(lat, world)}"#
        let hostile = try DiffCommandTests.adapter(
            in: directory, "hostile",
            patch: (
                line,
                """
                    if lon > 90:
                        raise ProtocolError("<b>code</b>", "<script>alert('pwned')</script> & \\"quoted\\"")
                \(line)
                """
            ))
        // The hostile program's name too.
        let source = try String(contentsOfFile: hostile, encoding: .utf8)
        try source.replacingOccurrences(of: #""name": "python-example""#, with: #""name": "<i>hostile</i>""#).write(
            toFile: hostile, atomically: true, encoding: .utf8)
        let path = directory.appendingPathComponent("hostile.html").path
        let result = ZoomCheckMainTests.run([
            "diff", "--impl", "exec:python3 \(good)", "--impl", "exec:python3 \(hostile)", "--property",
            "project-matches-the-reference", "--cases", "100", "--html", path,
        ])
        if result.status == ExitStatus.unavailable {
            try Test.cancel("python3 cannot be started here (\(result.errors))")
        }
        #expect(result.status == ExitStatus.failure, "\(result.output)\(result.errors)")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!html.contains("<script") && !html.contains("<i>") && !html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert('pwned')&lt;/script&gt; &amp; &quot;quoted&quot;"))
        #expect(html.contains("exec:&lt;i&gt;hostile&lt;/i&gt;"))
        #expect(html.contains("answered &lt;b&gt;code&lt;/b&gt;"))
        // The hostile side's answer, in its column, and in the picture's notes.
        #expect(html.contains("<th>exec:&lt;i&gt;hostile&lt;/i&gt;</th>"))
        #expect(html.contains("exec:&lt;i&gt;hostile&lt;/i&gt;'s position: none: "))
    }

    @Test(
        """
        An --html path that cannot be written exits 74 naming the file, and leaves nothing half-done: no page, no \
        temporary file, a directory in its place left as it was
        """) func unwritablePage() throws
    {
        let directory = ObservationFiles.directory()
        try FileManager.default.createDirectory(atPath: directory + "/page.html", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "x".write(toFile: directory + "/file", atomically: true, encoding: .utf8)
        let arguments = [
            "diff", "--impl", "seed", "--impl", "corrected", "--property", "fit-takes-the-short-way", "--cases", "50",
        ]
        // A directory where the page would go: never replaced.
        let onDirectory = ZoomCheckMainTests.run(arguments + ["--html", directory + "/page.html"])
        #expect(onDirectory.status == ExitStatus.ioFailure, "\(onDirectory.errors)")
        #expect(onDirectory.errors.contains("zoomcheck diff: cannot write \(directory)/page.html"))
        #expect(onDirectory.output.contains("fit-takes-the-short-way DIFFER"), "the report is printed first")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: directory + "/page.html", isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/page.html").isEmpty)
        // Under a regular file: no directory can be made there.
        let underFile = ZoomCheckMainTests.run(arguments + ["--html", directory + "/file/page.html"])
        #expect(underFile.status == ExitStatus.ioFailure, "\(underFile.errors)")
        #expect(underFile.errors.contains("zoomcheck diff: cannot write \(directory)/file/page.html"))
        #expect(try String(contentsOfFile: directory + "/file", encoding: .utf8) == "x")
        // Nothing left behind: no temporary file beside either.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["file", "page.html"])
        // The usage errors: no path; the same file as --json.
        let empty = ZoomCheckMainTests.run(arguments + ["--html", ""])
        #expect(empty.status == ExitStatus.usage && empty.errors.contains("--html needs a file path"))
        let same = ZoomCheckMainTests.run(arguments + ["--html", directory + "/out", "--json", directory + "/./out"])
        #expect(same.status == ExitStatus.usage && same.errors.contains("--json and --html name the same file"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
    }

    @Test(
        "An existing page in a directory it may not write into: exit 74, the old page left whole, nothing beside it",
        .enabled(if: getuid() != 0, "root writes into any directory")) func replacedWhole() throws
    {
        let directory = ObservationFiles.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer {
            chmod(directory, 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        try "old page".write(toFile: directory + "/page.html", atomically: true, encoding: .utf8)
        #expect(chmod(directory, 0o555) == 0)
        let result = ZoomCheckMainTests.run([
            "diff", "--impl", "seed", "--impl", "corrected", "--property", "fit-takes-the-short-way", "--cases", "50",
            "--html", directory + "/page.html",
        ])
        #expect(result.status == ExitStatus.ioFailure, "\(result.errors)")
        #expect(result.errors.contains("cannot write \(directory)/page.html"), "\(result.errors)")
        #expect(try String(contentsOfFile: directory + "/page.html", encoding: .utf8) == "old page")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["page.html"])
    }
}
