import Foundation
import MercatorCore
import PropertyCheck
import ZoomProperties
import ZoomProtocol

/// The findings page, the one HTML page ZoomCheck writes: a run (``CheckRun``) as a
/// self-contained document — a summary of each implementation (what it declared, its
/// verdicts), a section per failing property (statement, minimal case and its size, the case
/// as first found when shrinking changed it, boundaries, replay line, a picture of each
/// distinct failure's minimal case where it is a fit, a span or a position
/// (``CounterexamplePicture``), and a plot of the neighbourhood where a numeric sweep makes
/// sense) and the coverage table. `check --html
/// DIR` writes it for its run; `report --html DIR` for the seed port's pinned run, with the
/// surveys' figures after it (``Frame/sections``).
///
/// Deterministic: no timings; the same run gives the same page.
enum CheckPage {
    /// The page's own style, after the shared one. A replay line wraps only at its spaces,
    /// an option kept with its value (a `span` each, `nowrap`); a word longer than the line
    /// scrolls rather than breaks.
    static let extraStyle = """
        h3{margin-top:2em}.class{font-weight:normal;color:#666}.fails,.fails a{color:#b00;font-weight:bold}\
        .departs,.departs a{color:#a60}.holds{color:#060}dt{font-weight:bold;margin-top:0.5em}dd{margin-left:1.5em}\
        .no-plot{font-style:italic;color:#555}nav ul{padding-left:1.2em}\
        pre.replay{overflow-x:auto}pre.replay span{white-space:nowrap}
        """

    /// What the page says of itself besides its run.
    struct Frame {
        /// The page's title and first heading; nil: `ZoomCheck findings: ` and the
        /// implementations' names.
        var title: String?
        /// A paragraph after the heading, in HTML; nil: none.
        var introduction: String?
        /// The command that writes the page.
        var writtenBy = "zoomcheck check --html DIR"
        /// Sections after the run's, in HTML (`report --html`'s surveys).
        var sections: [String] = []
    }

    /// The page of `run`, its replay lines as `replay` prints them for the page (named
    /// relative to the run's directory), each failure's neighbourhood swept through `sweep`
    /// (extra cases, counted on the page) and each of its distinct failures' minimal case asked
    /// again for its picture through `picture` (``CounterexamplePicture``; a few requests each)
    /// — on demand, here, never while the run runs.
    static func html(
        _ run: CheckRun, replay: ReplayDisplay, frame: Frame = Frame(),
        sweep: (CatalogueOutcome) -> FailureNeighbourhood.Result = FailureNeighbourhood.sweep,
        picture: (CatalogueOutcome) -> [CounterexampleScene?] = CounterexamplePicture.scenes
    ) -> String {
        let header = run.header
        let names = header.subjects.map(\.name)
        let failing = failures(run.outcomes)
        let checked = Set(run.outcomes.map(\.property.name)).count, all = ZoomCatalogue.all.count
        let scope =
            checked == all ? "Every property of the catalogue" : "\(checked) of the catalogue's \(all) properties"
        let title = frame.title ?? "ZoomCheck findings: " + names.joined(separator: ", ")
        var lines = HTMLPage.head(title: title, extraStyle: extraStyle)
        lines.append("<h1>\(HTMLPage.escape(title))</h1>")
        if let introduction = frame.introduction { lines.append(introduction) }
        lines.append(
            """
            <p>\(scope)\(header.shard == .whole ? "" : " (shard \(header.shard))") checked with seed \
            <code>\(header.seed)</code>, up to \(header.caseCount) cases per property. Written by \
            <code>\(HTMLPage.escape(frame.writtenBy))</code>; the same run writes the same page. Replay lines run \
            from <code>\(HTMLPage.escape(replay.runDirectory))</code>, the directory the run was made in.</p>
            """)
        let failureLinks = failing.map { outcome in
            "<li><a href=\"#\(anchor(outcome))\"><code>\(outcome.property.name)</code> @ "
                + "\(HTMLPage.escape(outcome.implementationName))</a></li>"
        }.joined()
        lines.append(
            """
            <nav id="contents"><ul><li><a href="#summary">Summary</a></li><li><a href="#failures">Failing \
            properties (\(failing.count))</a>\(failing.isEmpty ? "" : "<ul>\(failureLinks)</ul>")</li><li>\
            <a href="#coverage">Coverage</a></li></ul></nav>
            """)
        lines += summary(run)
        var extraCases = 0, pictureRequests = 0
        lines.append(#"<section id="failures">"#)
        lines.append("<h2>Failing properties</h2>")
        if failing.isEmpty { lines.append("<p>None: every property checked held, or did not apply.</p>") }
        for (index, outcome) in failing.enumerated() {
            let neighbourhood: FailureNeighbourhood.Result =
                index < FailureNeighbourhood.plottedFailures
                ? sweep(outcome)
                : .none("only the first \(FailureNeighbourhood.plottedFailures) failures of a page are swept")
            extraCases += neighbourhood.cases
            let scenes = index < CounterexamplePicture.picturedFailures ? picture(outcome) : []
            pictureRequests += scenes.compactMap { $0?.requests }.reduce(0, +)
            lines += failureSection(outcome, neighbourhood: neighbourhood, replay: replay, scenes: scenes)
        }
        lines.append(
            """
            <p id="extra-cases">The plots cost \(extraCases) extra cases, each asking the implementation what one \
            case of its property asks (a few requests), one at a time: at most \(FailureNeighbourhood.points + 4) \
            per failure, for the first \(FailureNeighbourhood.plottedFailures) failures. The pictures of the minimal \
            cases cost \(pictureRequests) requests (one a case, two for a round trip), for the first \
            \(CounterexamplePicture.picturedFailures) failures.</p>
            """)
        lines.append("</section>")
        lines += coverage(run.outcomes, showsImplementation: header.subjects.count > 1)
        lines += frame.sections
        lines.append("</body></html>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The failures shown: gated ones first, then departures from conventions not gated,
    /// then documented findings, each in run order.
    static func failures(_ outcomes: [CatalogueOutcome]) -> [CatalogueOutcome] {
        let failed = outcomes.filter { $0.run?.result.failure != nil }
        return failed.filter(\.blocksItsGate) + failed.filter { !$0.blocksItsGate && !$0.isExpected }
            + failed.filter(\.isExpected)
    }

    /// An element id for `outcome`: `failure-PROPERTY--IMPLEMENTATION`, the implementation's
    /// name made safe by ``idPart(_:)``.
    static func anchor(_ outcome: CatalogueOutcome) -> String {
        "failure-\(outcome.property.name)--\(idPart(outcome.implementationName))"
    }

    /// `name` with every character other than an ASCII letter or digit (and `-`, with
    /// `keepingHyphens`) replaced by `_`, and then, when anything was, `.` and 8 hex digits of
    /// its hash: two implementations whose names differ only there (`exec:a+b`, `exec:a*b`)
    /// get different ids.
    static func idPart(_ name: String, keepingHyphens: Bool = true) -> String {
        SafeName.make(name, limit: .max, separator: ".") { _, scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9": true
            case "-": keepingHyphens
            default: false
            }
        }
    }

    /// A verdict in words, and its class for the style sheet.
    static func verdict(_ outcome: CatalogueOutcome) -> (word: String, style: String) {
        switch (outcome.observed, outcome.isExpected) {
        case (.holds?, true): return ("holds", "holds")
        case (.fails?, true): return ("fails as documented (a pinned finding)", "departs")
        case (.notApplicable?, _): return ("n/a", "")
        case (.holds?, false): return ("holds, but a documented finding was expected", "fails")
        case (.fails?, false):
            return outcome.blocksItsGate
                ? ("FAILS", "fails") : ("departs from a convention it did not declare (not gated)", "departs")
        case (nil, _): return ("could not run", "fails")
        }
    }

    // MARK: - Summary

    /// Each implementation: its command, what it declared (capabilities, conventions and
    /// freedoms), its gate and a table of its verdicts.
    static func summary(_ run: CheckRun) -> [String] {
        var lines = [#"<section id="summary">"#, "<h2>Summary</h2>"]
        for subject in run.header.subjects {
            let outcomes = run.outcomes.filter { $0.subject.name == subject.name }
            let id = "implementation-" + idPart(subject.name, keepingHyphens: false)
            lines.append(#"<h3 id="\#(id)">\#(HTMLPage.escape(subject.name))</h3>"#)
            var facts: [(String, String)] = []
            if let command = subject.command {
                facts.append(("Command", "<code>\(HTMLPage.escape(command))</code>"))
                let notes = subject.notes
                if !notes.isEmpty { facts.append(("Notes", notes.map(HTMLPage.escape).joined(separator: "<br>"))) }
            }
            facts.append(("Gated on", HTMLPage.escape(CheckReport.gateText(subject))))
            let counts = Dictionary(grouping: outcomes, by: { verdict($0).word }).mapValues(\.count)
            facts.append(
                (
                    "Verdicts",
                    counts.sorted { $0.key < $1.key }.map { "\($0.value) \(HTMLPage.escape($0.key))" }.joined(
                        separator: ", ")
                        + "; \(outcomes.compactMap(\.run?.timing.casesChecked).reduce(0, +)) cases checked"
                ))
            lines.append("<dl>")
            for (term, value) in facts { lines.append("<dt>\(term)</dt><dd>\(value)</dd>") }
            lines.append("</dl>")
            lines += declarations(subject)
            if let card = subject.behaviourCard?() {
                lines.append(
                    "<details><summary>What it does at the edges: its behaviour card (zoomcheck probe)</summary>")
                lines.append("<pre>\(HTMLPage.escape(card))</pre></details>")
            }
        }
        lines += verdictTable(run)
        lines.append("</section>")
        return lines
    }

    /// What `subject` declared, as a table: what it answers, the conventions (declared
    /// and gated, or only assumed, as its gate judges them) and the declarable freedoms; then
    /// the freedoms every correct program has.
    static func declarations(_ subject: CatalogueSubject) -> [String] {
        let capabilities = subject.implementation.capabilities
        func convention(_ name: DeclaredConvention) -> String {
            switch subject.gate {
            case .all: "gated (--gate all)"
            case .defects: "not gated (--gate defects)"
            case .declared:
                subject.declaredConventions.contains(name) ? "declared: gated" : "not declared: assumed, not gated"
            }
        }
        let said = capabilities.isDeclared ? "declared" : "assumed (it declared nothing)"
        let rows: [(String, String, String)] = [
            (
                "operations", capabilities.operations.sorted().map(\.rawValue).joined(separator: ", "),
                "what it answers (\(said))"
            ),
            (
                "conventions",
                ZoomConvention.allCases.filter(capabilities.conventions.contains).map(\.rawValue).joined(
                    separator: ", "), "what it answers (\(said))"
            ), ("fractionalZooms", capabilities.fractionalZooms ? "yes" : "no", "what it answers (\(said))"),
            ("anyPixelZoom", capabilities.anyPixelZoom ? "yes" : "no", "what it answers (\(said))"),
            ("level", capabilities.levelRounding.rawValue, "convention, " + convention(.level)),
            (
                "fitPadding", capabilities.fitPadding.map(\.description) ?? "null",
                "convention, " + convention(.fitPadding)
            ), ("badInput", capabilities.badInput.rawValue, "convention, " + convention(.badInput)),
            ("centreLimit", capabilities.centreLimit.rawValue, "convention, " + convention(.centreLimit)),
            (
                "projectBeyondBand", capabilities.projectBeyondBand?.rawValue ?? "not stated",
                "convention, " + convention(.projectBeyondBand)
            ),
            (
                "unprojectBeyondWorld", capabilities.unprojectBeyondWorld?.rawValue ?? "not stated",
                "convention, " + convention(.unprojectBeyondWorld)
            ),
            (
                "pixelGrid", capabilities.pixelGrid?.rawValue ?? "not stated (measured against none, not gated)",
                "convention, " + convention(.pixelGrid)
            ), ("zoomRange", capabilities.zoomRange?.description ?? "not stated (0...28)", "what it answers (\(said))"),
            ("zoomSource", capabilities.zoomSource.rawValue, "declared freedom: how its getter reads a region"),
            ("regionReading", capabilities.regionReading.rawValue, "declared freedom: how its regions are read"),
            ("integerGetter", capabilities.integerGetter ? "true" : "false", "declared freedom: whole levels only"),
            (
                "fitAspect", capabilities.fitAspect?.rawValue ?? "not stated",
                "declared freedom: how fit shapes its region"
            ),
        ]
        var lines = [
            "<table class=\"declarations\"><thead><tr><th>describe member</th><th>value</th><th>what it is</th></tr>"
                + "</thead><tbody>"
        ]
        for (member, value, kind) in rows {
            let cells = "<td>\(HTMLPage.escape(value))</td><td>\(HTMLPage.escape(kind))</td>"
            lines.append("<tr><td><code>\(member)</code></td>\(cells)</tr>")
        }
        lines.append("</tbody></table>")
        lines.append(
            """
            <p>Always allowed, whatever it declares (PROTOCOL.md, "What a correct program may do"): its own libm \
            within 2 ulps, its own route to y and to the zoom, whole pixels, clamps at the Mercator band and 180° \
            written as x = 0.</p>
            """)
        return lines
    }

    /// Every property's verdict: a row per property, a column per implementation; a failing
    /// cell links to its section.
    static func verdictTable(_ run: CheckRun) -> [String] {
        let names = run.header.subjects.map(\.name)
        var lines = [
            "<h3 id=\"verdicts\">Verdicts</h3>",
            "<table class=\"verdicts\"><thead><tr><th>Property</th><th>Class</th>"
                + names.map { "<th>\(HTMLPage.escape($0))</th>" }.joined() + "</tr></thead><tbody>",
        ]
        let byProperty = Dictionary(grouping: run.outcomes, by: \.property.name)
        for property in CheckReport.uniqueInOrder(run.outcomes.map(\.property.name)) {
            let group = byProperty[property] ?? []
            guard let first = group.first else { continue }
            let cells = names.map { name -> String in
                guard let outcome = group.first(where: { $0.implementationName == name }) else { return "<td>—</td>" }
                let (word, style) = verdict(outcome)
                let text = HTMLPage.escape(word)
                let shown = outcome.run?.result.failure != nil ? "<a href=\"#\(anchor(outcome))\">\(text)</a>" : text
                return style.isEmpty ? "<td>\(shown)</td>" : "<td class=\"\(style)\">\(shown)</td>"
            }
            lines.append(
                "<tr><td><code>\(property)</code></td><td>\(first.property.verdictClass)</td>" + cells.joined()
                    + "</tr>")
        }
        lines.append("</tbody></table>")
        let notApplicable = run.outcomes.compactMap { outcome -> String? in
            guard case .notApplicable(let reason)? = outcome.observed else { return nil }
            return "<li><code>\(outcome.property.name)</code> @ \(HTMLPage.escape(outcome.implementationName)): "
                + "\(HTMLPage.escape(reason))</li>"
        }
        if !notApplicable.isEmpty {
            lines.append("<p>Not applicable (n/a), with the reason:</p>")
            lines.append("<ul class=\"not-applicable\">" + notApplicable.joined() + "</ul>")
        }
        return lines
    }

    // MARK: - Failures

    /// One failing property against one implementation.
    static func failureSection(
        _ outcome: CatalogueOutcome, neighbourhood: FailureNeighbourhood.Result, replay: ReplayDisplay,
        scenes: [CounterexampleScene?] = []
    ) -> [String] {
        guard let report = outcome.run?.result.failure else { return [] }
        let property = outcome.property
        let (word, style) = verdict(outcome)
        let size = report.minimalSize?.judged ?? "not stated in screen points by this property"
        var lines = [
            #"<section class="failure" id="\#(anchor(outcome))">"#,
            """
            <h3><code>\(property.name)</code> @ \(HTMLPage.escape(outcome.implementationName)) \
            <span class="class">[\(property.verdictClass)]</span> <span class="\(style)">\(HTMLPage.escape(word))\
            </span></h3>
            """, "<p class=\"statement\">\(HTMLPage.escape(property.statement))</p>", "<dl>",
            "<dt>Bound</dt><dd>\(HTMLPage.escape(property.bound))</dd>",
            "<dt>What is wrong</dt><dd>\(HTMLPage.escape(report.minimalMessage))</dd>",
            "<dt>Minimal counterexample</dt><dd><code>\(HTMLPage.escape(report.minimalCounterexample))</code></dd>",
            "<dt>How big</dt><dd>\(HTMLPage.escape(size))</dd>",
        ]
        // The case as the run found it, before shrinking: the minimal case is the simplest one
        // that fails the same way, and may look like an edge case the program never meets.
        if report.originalCounterexample != report.minimalCounterexample {
            lines.append(
                """
                <dt>First found</dt><dd><code>\(HTMLPage.escape(report.originalCounterexample))</code> — \
                \(HTMLPage.escape(report.originalMessage))</dd>
                """)
        }
        let boundaries = BoundarySummary.lines(of: outcome)
        lines.append(
            "<dt>Boundaries</dt><dd>"
                + (boundaries.isEmpty ? "none searched" : boundaries.map(HTMLPage.escape).joined(separator: "<br>"))
                + "</dd>")
        lines.append("<dt>Replay</dt><dd>\(replayBlock(replay.page(report.replayCommand)))</dd>")
        lines.append("</dl>")
        lines += CounterexamplePicture.figure(
            scenes.first ?? nil, id: "picture-\(anchor(outcome))", title: "\(property.name): the minimal case")
        lines += otherFailures(report, scenes: Array(scenes.dropFirst()), anchor: anchor(outcome), name: property.name)
        switch neighbourhood {
        case .none(let reason):
            lines.append("<p class=\"no-plot\">No plot of the neighbourhood: \(HTMLPage.escape(reason)).</p>")
        case .plot(let swept):
            let title = "\(property.name): the error along \(swept.boundary.input) (shaded where it fails)"
            if let plot = swept.plot(id: "plot-\(anchor(outcome))", title: title) {
                let (failing, holding) = swept.counts
                lines.append("<figure>")
                lines.append(plot.render())
                lines.append(
                    """
                    <figcaption>\(HTMLPage.escape(swept.boundary.input)) moved alone across its boundary, every \
                    other input held at the minimal case: \(swept.points.count) values, \(failing) failing \
                    (shaded), \(holding) holding. The error is the largest the check measured against its bound \
                    in each case; an exact 0 is drawn at the bottom of the scale.</figcaption>
                    """)
                lines.append("</figure>")
            } else {
                let (failing, holding) = swept.counts
                lines.append(
                    """
                    <p class="no-plot">No plot of the neighbourhood: this property's check says whether a case \
                    holds, not how large its error is. Moving \(HTMLPage.escape(swept.boundary.input)) alone across \
                    its boundary: \(swept.points.count) values, \(failing) failing, \(holding) holding.</p>
                    """)
            }
        }
        lines.append("</section>")
        return lines
    }

    /// The other distinct failures of a failing run, each with what is wrong, its minimal case,
    /// how big, its boundaries and its replay line (nothing when the run found one kind).
    static func otherFailures(
        _ report: PropertyReport, scenes: [CounterexampleScene?] = [], anchor: String = "", name: String = ""
    ) -> [String] {
        var lines: [String] = []
        for (offset, other) in report.otherFailures.enumerated() {
            let boundaries = BoundarySummary.lines(of: other)
            lines += [
                "<h4>Distinct failure \(offset + 2) of \(report.otherFailures.count + 1)</h4>", "<dl>",
                "<dt>What is wrong</dt><dd>\(HTMLPage.escape(other.minimalMessage))</dd>",
                "<dt>Minimal counterexample</dt><dd><code>\(HTMLPage.escape(other.minimalCounterexample))</code></dd>",
                "<dt>How big</dt><dd>"
                    + HTMLPage.escape(other.minimalSize?.judged ?? "not stated in screen points by this property")
                    + "</dd>",
                "<dt>Boundaries</dt><dd>"
                    + (boundaries.isEmpty ? "none searched" : boundaries.map(HTMLPage.escape).joined(separator: "<br>"))
                    + "</dd>", "<dt>Replay</dt><dd><pre>\(HTMLPage.escape(other.replayCommand))</pre></dd>", "</dl>",
            ]
            lines += CounterexamplePicture.figure(
                offset < scenes.count ? scenes[offset] : nil, id: "picture-\(anchor)-\(offset + 2)",
                title: "\(name): distinct failure \(offset + 2)'s minimal case")
        }
        return lines
    }

    // MARK: - Coverage

    /// The coverage table: what each run recorded of its cases — cases checked, discarded
    /// and answered `unsupported`, and the share of each label the generated cases carried
    /// (a passing run's; a failing run stops counting at its failure). One function, so that
    /// per-property strata (required shares) can replace its columns.
    static func coverage(_ outcomes: [CatalogueOutcome], showsImplementation: Bool) -> [String] {
        let implementations = CheckReport.uniqueInOrder(outcomes.map(\.implementationName))
        let against = showsImplementation ? "" : ", against " + HTMLPage.escape(implementations.joined(separator: ", "))
        var lines = [
            #"<section id="coverage">"#, "<h2>Coverage</h2>",
            """
            <p>What each run recorded of its cases\(against). Labels are counted over the generated cases of a \
            run that passed; a failing run stops at its failure. Strata are the places map code breaks that the \
            property's generator is designed to reach: each share beside the share required, and the verdict of \
            the coverage test (met, unproven, or under-covered: the run fails).</p>
            """,
            """
            <table class="coverage"><thead><tr><th>Property</th>\(showsImplementation ? "<th>Implementation</th>" : "")\
            <th>Cases checked</th><th>Discarded</th><th>Unsupported</th><th>Strata (share, required, verdict)</th>\
            <th>Labels (share of generated cases)</th>\
            </tr></thead><tbody>
            """,
        ]
        func implementationCell(_ outcome: CatalogueOutcome) -> String {
            showsImplementation ? "<td>\(HTMLPage.escape(outcome.implementationName))</td>" : ""
        }
        for outcome in outcomes {
            guard let run = outcome.run else { continue }
            var discarded = "—", labels = "—", strata = "—"
            let rows = run.result.coverage
            if !rows.isEmpty {
                strata = rows.map {
                    """
                    \(HTMLPage.escape($0.label)): \(percent($0.count, of: $0.cases)), \
                    \(String(format: "%.1f%%", $0.requirement.minimumShare * 100)), \($0.status.rawValue)
                    """
                }.joined(separator: "<br>")
            }
            // A failing run counts the cases before its failure: said so, not as a bare count.
            let checked =
                run.result.failure.map { "failed after \($0.casesBeforeFailure) passing" }
                ?? String(run.timing.casesChecked)
            if case .passed(let pass) = run.result {
                // A passing run's table is empty only when the property requires no stratum.
                if rows.isEmpty { strata = "none required (the labels it reached are beside)" }
                discarded = String(pass.discardedCases)
                if !pass.labelCounts.isEmpty {
                    labels = pass.labelCounts.map {
                        "\(HTMLPage.escape($0.label)): \(percent($0.count, of: pass.generatedCases))"
                    }.joined(separator: "<br>")
                }
            }
            lines.append(
                """
                <tr><td><code>\(outcome.property.name)</code></td>\(implementationCell(outcome))\
                <td>\(checked)</td><td>\(discarded)</td><td>\(run.unsupportedCases)</td>\
                <td>\(strata)</td><td>\(labels)</td></tr>
                """)
        }
        lines.append("</tbody></table>")
        lines.append("</section>")
        return lines
    }

    /// A replay line as a block that wraps only at its spaces, each option kept with its
    /// value: copied, it is the line.
    static func replayBlock(_ line: String) -> String {
        let groups = ReportLayout.optionGroups(ReportLayout.shellWords(line))
        return "<pre class=\"replay\">" + groups.map { "<span>\(HTMLPage.escape($0))</span>" }.joined(separator: " ")
            + "</pre>"
    }

    /// `count` of `total` as a percentage with one decimal.
    static func percent(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "n/a" }
        let tenths = (count * 1000 + total / 2) / total
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
