import PropertyCheck
import ZoomProperties

/// The text report's layout: lines of at most ``width`` columns (characters, not bytes), prose
/// wrapped at spaces with a hanging indent. A word is never broken, so a number or a path
/// longer than the room left stays whole; a replay line is continued with ` \` (``replay(_:indent:)``).
enum ReportLayout {
    /// The widest line the default report prints.
    static let width = 100

    /// `text` after `lead` (the first line's indent and label), wrapped at ``width``; every
    /// further line, and every line of a text that has several, starts with `hanging`.
    static func wrap(_ text: String, lead: String, hanging: String) -> [String] {
        var lines: [String] = []
        var current = lead
        var empty = true
        for (index, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 {
                lines.append(current)
                (current, empty) = (hanging, true)
            }
            for word in paragraph.split(separator: " ") {
                if !empty, current.count + 1 + word.count > width {
                    lines.append(current)
                    (current, empty) = (hanging, true)
                }
                current += (empty ? "" : " ") + word
                empty = false
            }
        }
        lines.append(current)
        return lines
    }

    /// A replay line: `indent`, `replay: ` and the command, continued with ` \` at unquoted
    /// spaces so that no line is wider than ``width`` (an option stays with its value; a word
    /// longer than the room stays whole). Pasted into a shell, the lines are one command.
    static func replay(_ command: String, indent: String) -> String {
        let hanging = indent + String(repeating: " ", count: 4)
        var lines: [String] = []
        var current = "\(indent)replay:"
        for group in optionGroups(shellWords(command)) {
            if current.count > indent.count + 7, current.count + 1 + group.count + 2 > width {
                lines.append(current + " \\")
                current = hanging + group
            } else {
                current += " " + group
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    /// `command` split at its unquoted spaces (single, double and `$'…'` quotes, and backslash
    /// escapes outside single quotes, kept as written), scalar by scalar: a combining mark
    /// after a quote must not hide the quote.
    static func shellWords(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Unicode.Scalar?
        var ansi = false  // in $'…', where a backslash escapes (\' included)
        var escaped = false
        for scalar in command.unicodeScalars {
            if escaped {
                escaped = false
            } else if scalar == "\\", quote != "'" || ansi {
                escaped = true
            } else if let open = quote {
                if scalar == open { (quote, ansi) = (nil, false) }
            } else if scalar == "'" || scalar == "\"" {
                (quote, ansi) = (scalar, scalar == "'" && word.unicodeScalars.last == "$")
            } else if scalar == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            word.unicodeScalars.append(scalar)
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// Words with each `--option` joined to the value after it.
    static func optionGroups(_ words: [String]) -> [String] {
        var groups: [String] = []
        var index = 0
        while index < words.count {
            if words[index].hasPrefix("--"), index + 1 < words.count, !words[index + 1].hasPrefix("--") {
                groups.append(words[index] + " " + words[index + 1])
                index += 2
            } else {
                groups.append(words[index])
                index += 1
            }
        }
        return groups
    }

    /// Where a failing case came from, in words: `generated case 51, after 50 passing cases`,
    /// `the pinned counterexample, replayed after 10000 passing cases`.
    static func origin(_ report: PropertyReport) -> String {
        let passing = CheckReport.plural(report.casesBeforeFailure, "passing case")
        switch report.origin {
        case .generated(1): return "the first generated case"
        case .generated(let index): return "generated case \(index), after \(passing)"
        case .targeted(let index):
            return "targeted case \(index) (hill-climbing toward larger errors), after \(passing)"
        case .pinned: return "the pinned counterexample, replayed after \(passing)"
        case .regression(let index): return "saved counterexample \(index), replayed"
        case .example(let index): return "explicit example \(index)"
        case .choiceExample(let index): return "explicit choice example \(index)"
        }
    }

    /// A failure, leading with what is wrong: the minimal case's failure, the minimal
    /// counterexample, how big the error is, where the case came from and the first one found
    /// (when it differs; with `showsOrigin` or `verbose`), where the minimal case stops
    /// failing, notes, then the replay line; then each other distinct failure of the run
    /// (`PropertyReport.otherFailures`), laid out the same way one step further in.
    /// `verbose` adds the engine's internals: shrink counts and the minimal choice sequence.
    static func failure(
        _ report: PropertyReport, outcome: CatalogueOutcome, indent: String, verbose: Bool, showsOrigin: Bool = true,
        replay: (String) -> String
    ) -> [String] {
        var lines = oneFailure(report, indent: indent, verbose: verbose, showsOrigin: showsOrigin)
        if let stateDependence = outcome.stateDependence {
            lines += wrap(stateDependence, lead: indent, hanging: indent + "  ")
        }
        if let other = outcome.run?.nonDegenerate {
            lines += wrap(
                "the minimal case is \(other.degeneracy); the nearest failure that is not: "
                    + "\(other.minimalCounterexample) — \(other.message)", lead: indent + "not degenerate: ",
                hanging: indent + "  ")
        }
        lines.append(self.replay(replay(report.replayCommand), indent: indent))
        for (offset, other) in report.otherFailures.enumerated() {
            lines.append("\(indent)distinct failure \(offset + 2) of \(report.otherFailures.count + 1):")
            lines += oneFailure(other, indent: indent + "  ", verbose: verbose, showsOrigin: showsOrigin)
            lines.append(self.replay(replay(other.replayCommand), indent: indent + "  "))
        }
        return lines
    }

    /// One failure of ``failure(_:outcome:indent:verbose:showsOrigin:replay:)``, up to its
    /// replay line.
    static func oneFailure(_ report: PropertyReport, indent: String, verbose: Bool, showsOrigin: Bool) -> [String] {
        let more = indent + "  "
        var lines = wrap(report.minimalMessage, lead: indent, hanging: more)
        lines += wrap(report.minimalCounterexample, lead: indent + "minimal counterexample: ", hanging: more)
        if let size = report.minimalSize { lines += wrap(size.judged, lead: indent + "how big: ", hanging: more) }
        if showsOrigin || verbose {
            lines += wrap(origin(report), lead: indent + "found on: ", hanging: more)
            if report.originalCounterexample != report.minimalCounterexample {
                lines += wrap(
                    "\(report.originalCounterexample) — \(report.originalMessage)", lead: indent + "first found: ",
                    hanging: more)
            }
        }
        for line in BoundarySummary.lines(of: report) {
            // An input the generator did not name is known by its place in the choice sequence,
            // which only --verbose shows.
            let shown =
                verbose ? line : line.replacing(/(integer|double|float) at choice [0-9]+/) { "an unnamed \($0.1)" }
            lines += wrap(shown, lead: indent + "boundary: ", hanging: more)
        }
        if verbose {
            lines.append("\(indent)seed: \(report.seed)")
            let attempts = "\(report.shrinkAttempts) attempts"
            lines.append("\(indent)shrinking: \(report.shrinkSteps) steps, \(attempts), \(report.shrinkStop)")
            lines.append(
                report.minimalChoices.map { "\(indent)minimal choices: [\($0)]" }
                    ?? "\(indent)minimal choices: none (an explicit example value is not shrunk)")
        }
        for note in report.notes { lines += wrap(note, lead: indent + "note: ", hanging: more) }
        return lines
    }

    /// An outcome that is not the expected one, for the report's unexpected sections and for
    /// `replay`: its failure (``failure(_:outcome:indent:verbose:replay:)``), or the engine's
    /// report when it did not fail; then what was expected and what was observed.
    static func outcome(_ outcome: CatalogueOutcome, verbose: Bool, replay: (String) -> String) -> [String] {
        var lines: [String]
        if let report = outcome.run?.result.failure {
            lines = failure(report, outcome: outcome, indent: "  ", verbose: verbose, replay: replay)
        } else if let result = outcome.run?.result {
            var inTable = false
            lines = result.render().split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                let text = String(line)
                // The coverage table's rows are laid out in columns already: kept as they are.
                if inTable, text.hasPrefix("    ") { return [text] }
                inTable = text == "  coverage:"
                if text.hasPrefix("  replay: ") {
                    return [self.replay(replay(String(text.dropFirst(10))), indent: "  ")]
                }
                let lead = String(text.prefix { $0 == " " })
                return wrap(String(text.dropFirst(lead.count)), lead: lead, hanging: lead + "  ")
            }
        } else {
            lines = wrap(
                outcome.problem.map { "could not run: \($0)" } ?? "not applicable: \(outcome.notApplicable ?? "")",
                lead: "  ", hanging: "    ")
        }
        if !outcome.isExpected {
            lines += wrap("\(outcome.expected)", lead: "  expected: ", hanging: "    ")
            lines += wrap(outcome.observed.map(\.description) ?? "no verdict", lead: "  observed: ", hanging: "    ")
        }
        return lines
    }
}
