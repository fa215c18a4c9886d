import Foundation
import PropertyCheck
import ZoomProperties

/// `zoomcheck diff --html FILE`: the comparison of two implementations as a self-contained page
/// in the findings page's style (``HTMLPage``, ``CheckPage``): what was compared (each side,
/// its gate, the properties both gates hold, the seed and cases), a verdict per property, and
/// a section per property the two disagree on — each distinct disagreement's minimal request,
/// both sides' answers to it side by side with the reference's, which side the reference
/// agrees with, its replay line, and a picture of both answers where `check --html` draws one
/// (``CounterexamplePicture`` with a ``CounterexamplePicture/Comparison``).
///
/// The minimal cases are asked again for the page (each side and the reference, one case
/// each; the picture's request of each side), here, never while the comparison runs. Every
/// text a program returned is escaped. Deterministic: no timings.
enum DiffPage {
    /// The page's own style, after the shared and the findings page's.
    static let extraStyle = """
        table.answers{width:100%;table-layout:fixed}table.answers td{overflow-wrap:anywhere}\
        tr.differs td{background:#fdecea}tr.difference td{color:#b00;font-size:0.9em}\
        .agree{color:#060}
        """

    /// The rows of a disagreement's answers shown; the rest are counted.
    static let shownRequests = 12

    /// The page of `outcomes`, compared as `options` says, replay lines as `replay` prints
    /// them for a page; each disagreement's case asked again through `answers` and `scenes`.
    static func html(
        _ outcomes: [PairOutcome], options: DiffOptions, replay: ReplayDisplay,
        answers: (PairOutcome, PropertyReport) -> PairedCase? = DiffPage.answers,
        scenes: (PairOutcome, PropertyReport) -> (first: CounterexampleScene, second: CounterexampleScene)? = DiffPage
            .scenes
    ) -> String {
        let pair = options.pair, settings = options.runner.settings
        let (first, second) = (HTMLPage.escape(pair.firstName), HTMLPage.escape(pair.secondName))
        let differing = outcomes.filter(\.differs)
        let title = "ZoomCheck diff: \(pair.firstName) against \(pair.secondName)"
        var lines = HTMLPage.head(title: title, extraStyle: CheckPage.extraStyle + extraStyle)
        lines.append("<h1>\(HTMLPage.escape(title))</h1>")
        lines.append(
            """
            <p>\(outcomes.count) \(outcomes.count == 1 ? "property" : "properties") of the catalogue's \
            \(ZoomCatalogue.all.count) compared with seed <code>\(settings.seed)</code>, up to \
            \(settings.caseCount) cases per property: each case drawn by <strong>\(first)</strong>'s generators \
            and sent to both. Where the two answer further apart than two correct programs may, the case is a \
            disagreement, shrunk to a minimal request; the reference, ZoomCheck's corrected core, says which side it \
            agrees with. Written by <code>zoomcheck diff --html FILE</code>; the same run writes the same page. \
            Replay lines run from <code>\(HTMLPage.escape(replay.runDirectory))</code>, the directory the run was \
            made in.</p>
            """)
        let agree = outcomes.filter(\.agrees).count
        lines.append(
            differing.isEmpty
                ? agree > 0
                    ? """
                    <p class="verdict agree"><strong>They agree</strong> on every property compared (\(agree) \
                    compared, \(outcomes.count - agree) not comparable).</p>
                    """ : #"<p class="verdict">Nothing was compared: no property applies to both.</p>"#
                : """
                <p class="verdict fails">They disagree on \(differing.count) of \(outcomes.count) \
                \(outcomes.count == 1 ? "property" : "properties") (\(agree) agree).</p>
                """)
        let links = differing.map { "<li><a href=\"#\(anchor($0))\"><code>\($0.property.name)</code></a></li>" }
        lines.append(
            """
            <nav id="contents"><ul><li><a href="#compared">What was compared</a></li><li><a \
            href="#disagreements">Disagreements (\(differing.count))</a>\
            \(links.isEmpty ? "" : "<ul>\(links.joined())</ul>")</li></ul></nav>
            """)
        lines += compared(outcomes, options: options)
        lines.append(#"<section id="disagreements">"#)
        lines.append("<h2>Disagreements</h2>")
        if differing.isEmpty {
            lines.append("<p>None: on every property compared, \(first) and \(second) answer alike.</p>")
        }
        var requests = 0
        for (index, outcome) in differing.enumerated() {
            lines += section(
                outcome, pair: pair, replay: replay, pictured: index < CounterexamplePicture.picturedFailures,
                answers: answers, scenes: scenes, requests: &requests)
        }
        lines.append(
            """
            <p id="extra-requests">Asking each minimal request again for the page (both sides, the reference, and \
            each side's picture) cost \(requests) requests of the two sides.</p>
            """)
        lines.append("</section>")
        lines.append("</body></html>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// An element id for a property's section.
    static func anchor(_ outcome: PairOutcome) -> String { "disagreement-\(outcome.property.name)" }

    /// The case a report's minimal choices rebuild, asked again of both sides and the reference.
    static func answers(_ outcome: PairOutcome, _ report: PropertyReport) -> PairedCase? {
        report.minimalChoices.flatMap { outcome.property.pairedCase(outcome.pair, choices: $0) }
    }

    /// The pictures of a report's minimal case, one asked of each side.
    static func scenes(_ outcome: PairOutcome, _ report: PropertyReport) -> (
        first: CounterexampleScene, second: CounterexampleScene
    )? { report.minimalChoices.flatMap { outcome.property.scenes(outcome.pair, choices: $0) } }

    // MARK: - What was compared

    /// Each side (name, command, gate, what it declared), the properties compared and those
    /// left out, and a verdict per property.
    static func compared(_ outcomes: [PairOutcome], options: DiffOptions) -> [String] {
        let pair = options.pair
        var lines = [#"<section id="compared">"#, "<h2>What was compared</h2>"]
        for (role, subject, name) in [("first", pair.first, pair.firstName), ("second", pair.second, pair.secondName)] {
            lines.append(#"<h3 id="side-\#(role)">The \#(role): \#(HTMLPage.escape(name))</h3>"#)
            var facts: [(String, String)] = []
            if let command = subject.command { facts.append(("Command", "<code>\(HTMLPage.escape(command))</code>")) }
            facts.append(("Gated on", HTMLPage.escape(CheckReport.gateText(subject))))
            facts.append(
                (
                    "Its part",
                    role == "first"
                        ? "its generators draw every case (as <code>check</code> draws them for it)"
                        : "asked the same requests"
                ))
            lines.append("<dl>")
            for (term, value) in facts { lines.append("<dt>\(term)</dt><dd>\(value)</dd>") }
            lines.append("</dl>")
            lines.append("<details><summary>What \(HTMLPage.escape(name)) declared</summary>")
            lines += CheckPage.declarations(subject)
            lines.append("</details>")
        }
        lines.append(#"<h3 id="properties">The properties both gates hold</h3>"#)
        lines.append(
            """
            <p>Compared: the \(outcomes.count) selected \(outcomes.count == 1 ? "property" : "properties") both \
            sides' gates hold. Two correct programs may differ on a convention one of them does not declare, so a \
            property outside either gate is not compared\(options.leftOut.isEmpty ? " (none was left out)" : "").\
            </p>
            """)
        if !options.leftOut.isEmpty {
            lines.append(
                #"<p class="left-out">Left out, outside a side's gate: "#
                    + options.leftOut.map { "<code>\($0.name)</code>" }.joined(separator: ", ") + ".</p>")
        }
        // The report's count of the properties left out is the list above.
        for note in options.notes where options.leftOut.isEmpty || !note.hasPrefix("not compared:") {
            lines.append("<p class=\"note\">\(HTMLPage.escape(note))</p>")
        }
        lines.append(
            """
            <table class="verdicts"><thead><tr><th>Property</th><th>Class</th><th>Verdict</th>\
            <th>Cases compared</th></tr></thead><tbody>
            """)
        for outcome in outcomes {
            let word = DiffCommand.verdict(outcome)
            let cell: String
            if outcome.differs {
                let count = outcome.run?.result.failure.map { 1 + $0.otherFailures.count } ?? 1
                cell = """
                    <td class="fails"><a href="#\(anchor(outcome))">DIFFER</a>\
                    \(count > 1 ? " (\(count) distinct)" : "")</td>
                    """
            } else if outcome.agrees {
                cell = #"<td class="holds">agree</td>"#
            } else {
                cell = "<td>\(word)\(outcome.notCompared.map { ": " + HTMLPage.escape($0) } ?? "")</td>"
            }
            lines.append(
                """
                <tr><td><code>\(outcome.property.name)</code></td><td>\(outcome.property.verdictClass)</td>\(cell)\
                <td>\(outcome.run.map(DiffJSON.cases) ?? 0)</td></tr>
                """)
        }
        lines.append("</tbody></table>")
        lines.append("</section>")
        return lines
    }

    // MARK: - Disagreements

    /// One property the two disagree on: its statement, then each distinct disagreement.
    static func section(
        _ outcome: PairOutcome, pair: CataloguePair, replay: ReplayDisplay, pictured: Bool,
        answers: (PairOutcome, PropertyReport) -> PairedCase?,
        scenes: (PairOutcome, PropertyReport) -> (first: CounterexampleScene, second: CounterexampleScene)?,
        requests: inout Int
    ) -> [String] {
        guard let headline = outcome.run?.result.failure else { return [] }
        let property = outcome.property
        let all = [headline] + headline.otherFailures
        var lines = [
            #"<section class="disagreement" id="\#(anchor(outcome))">"#,
            """
            <h3><code>\(property.name)</code> <span class="class">[\(property.verdictClass)]</span> \
            <span class="fails">DIFFER</span>\(all.count > 1 ? " — \(all.count) distinct disagreements" : "")</h3>
            """, "<p class=\"statement\">\(HTMLPage.escape(property.statement))</p>",
        ]
        for (index, report) in all.enumerated() {
            if all.count > 1 { lines.append("<h4>Disagreement \(index + 1) of \(all.count)</h4>") }
            let found = index < outcome.disagreements.count ? outcome.disagreements[index] : nil
            lines.append("<dl>")
            lines.append("<dt>What differs</dt><dd>\(HTMLPage.escape(report.minimalMessage))</dd>")
            lines.append(
                "<dt>Minimal request</dt><dd><code>\(HTMLPage.escape(report.minimalCounterexample))</code></dd>")
            if let found {
                let kind =
                    found.kind == .verdicts
                    ? "the property holds for one and fails for the other"
                    : "both fail it, differently: answers further apart than two correct programs' may be"
                lines.append("<dt>Kind</dt><dd>\(kind)</dd>")
                let words = found.referenceAgreesWith.words(pair.firstName, pair.secondName)
                lines.append(
                    #"<dt>Reference agrees with</dt><dd class="reference">"#
                        + "<strong>\(HTMLPage.escape(words))</strong></dd>")
            }
            if report.originalCounterexample != report.minimalCounterexample {
                lines.append(
                    """
                    <dt>First found</dt><dd><code>\(HTMLPage.escape(report.originalCounterexample))</code> — \
                    \(HTMLPage.escape(report.originalMessage))</dd>
                    """)
            }
            lines.append("<dt>Replay</dt><dd>\(CheckPage.replayBlock(replay.page(report.replayCommand)))</dd>")
            lines.append("</dl>")
            let paired = answers(outcome, report)
            if let paired {
                requests += paired.rows.filter { $0.first != nil }.count + paired.rows.filter { $0.second != nil }.count
            }
            lines += answersTable(paired, pair: pair)
            let pictures = pictured ? scenes(outcome, report) : nil
            if let pictures { requests += pictures.first.requests + pictures.second.requests }
            let suffix = all.count > 1 ? "-\(index + 1)" : ""
            lines += CounterexamplePicture.figure(
                pictures?.first, id: "picture-\(anchor(outcome))\(suffix)",
                title: "\(property.name): both answers to the minimal request",
                comparison: pictures.map {
                    CounterexamplePicture.Comparison(
                        firstName: pair.firstName, secondName: pair.secondName, second: $0.second)
                })
        }
        lines.append("</section>")
        return lines
    }

    /// Both sides' answers to each request of the minimal case, and the reference's, side by
    /// side; a row the two answer further apart than two correct answers may be, marked.
    static func answersTable(_ paired: PairedCase?, pair: CataloguePair) -> [String] {
        guard let paired else {
            return [#"<p class="no-plot">The minimal case could not be asked again: its answers are not shown.</p>"#]
        }
        let escape = HTMLPage.escape
        func cell(_ text: String?) -> String { "<td>" + (text.map { escape($0) } ?? "<em>not asked</em>") + "</td>" }
        let reference = "the reference (\(pair.reference.name))"
        var lines = [
            #"<table class="answers"><thead><tr><th>Request</th>"#
                + "<th>\(escape(pair.firstName))</th><th>\(escape(pair.secondName))</th><th>\(escape(reference))</th>"
                + "</tr></thead><tbody>",
            "<tr class=\"verdict-row\"><td><em>the property's verdict</em></td>" + cell(paired.first)
                + cell(paired.second)
                + cell(paired.reference ?? "does not judge this property (it does not apply to the corrected core)")
                + "</tr>",
        ]
        for row in paired.rows.prefix(shownRequests) {
            lines.append(
                "<tr\(row.difference == nil ? "" : #" class="differs""#)><td><code>\(escape(row.request))</code></td>"
                    + cell(row.first) + cell(row.second)
                    + (paired.reference == nil ? "<td>—</td>" : cell(row.reference)) + "</tr>")
            if let difference = row.difference {
                lines.append(#"<tr class="difference"><td colspan="4">↑ \#(escape(difference))</td></tr>"#)
            }
        }
        if paired.rows.count > shownRequests {
            lines.append(
                """
                <tr><td colspan="4"><em>and \(paired.rows.count - shownRequests) more requests, not shown</em>\
                </td></tr>
                """)
        }
        lines.append("</tbody></table>")
        return lines
    }
}
