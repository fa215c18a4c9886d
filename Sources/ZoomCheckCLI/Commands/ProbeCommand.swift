import Foundation
import MercatorCore
import PropertyCheck
import ZoomProtocol

extension ZoomCheckCommand {
    /// `zoomcheck probe`: a behaviour card inferred from a program's answers.
    package static let probe = ZoomCheckCommand(
        name: "probe", summary: "Infer a program's describe answer and edge behaviour from its answers",
        help: ProbeCommand.help, run: ProbeCommand.run)
}

/// The `probe` command: the designed set of requests (``ProbeRequests``) sent to one
/// implementation, the `describe` members inferred from its answers (``ProbeInference``),
/// checked against what it declares, and its edges (``ProbeCard``).
enum ProbeCommand {
    static let markdown = OptionSpec("--markdown", "Print the card as Markdown (for a README) instead of text.")
    static let json = OptionSpec("--json", "path", "Also write the card as JSON, schema zoomcheck.probe/1.")

    static let options: [OptionSpec] = [
        RunOption.impl.withHelp(
            """
            The implementation to probe, as check takes it: corrected, seed,
            seed-21, seed-mappoint, a control-… or mutant-… name, or
            exec:COMMAND. Exactly one.
            """, repeatable: false), markdown, json, RunOption.execTimeout,
    ]

    static let help = CommandHelp(
        overview: "Infer a program's describe answer and edge behaviour from its answers.",
        usage: "zoomcheck probe --impl <name> [--markdown] [--json <path>] [<options>]", options: options,
        details: """
            Sends a fixed, designed set of \(ProbeRequests.all.count) requests, one at a time, in both
            conventions: the poles, the band's edge and past it, ±180° and its neighbours,
            zooms 0, 10, 20, 28, every integer zoom 0…28, below 0 and past 28, views narrower
            and wider than the world, one point, coincident points, points across the
            antimeridian, and every bad value in every field (and two at once, for the order
            of the checks). From the answers it infers each declarable describe member, with
            the requests that decided it, or says it is undetermined; prints the implied
            describe answer, ready to paste, a table of the edges and where they depart from
            PROTOCOL.md; and compares each member the program declares with the inferred one.
            A mismatch is reported, not failed. Nothing is saved; --window does not apply.

            EXIT STATUS:
              0   the card was produced (mismatches included)
              64  usage error (no --impl or more than one, an unknown name, a bad value)
              69  an exec: program cannot start, died or hung during the probe, or
                  answered none of its requests as the protocol asks
              74  the card or --json could not be written
            """
    ).text

    static func run(_ arguments: [String], io: CommandIO) throws(CommandError) -> Int32 {
        let parsed = try CommandArguments.parse(arguments, options: Self.options).orUsageError()
        let words = parsed.all(RunOption.impl)
        guard words.count == 1 else {
            throw .usage(
                "probe takes one implementation: give --impl once, not "
                    + (words.isEmpty ? "none" : words.map { "'\($0)'" }.joined(separator: ", ")))
        }
        if let path = parsed.value(json), path.isEmpty { throw .usage("\(json.name) needs a file path") }
        let program = try CheckOptions.ProgramOptions.from(parsed).orUsageError()
        let selected = try CheckOptions.selection(words, libm: .portable, program: program).orUsageError()
        guard selected.count == 1, let implementation = selected.first?.subject.implementation else {
            throw .usage("probe takes one implementation, and '\(words[0])' selects \(selected.count)")
        }
        let external = implementation as? ExternalImplementation
        if let external, let problem = external.startProblem {
            throw .unavailable(CheckCommand.cannotStart(problem, command: external.command, in: .probe))
        }
        let card = ProbeCard(probing: implementation, command: external?.command)
        if external != nil, let problem = died(card, external: external) {
            throw .unavailable("zoomcheck probe: \(problem)\n")
        }
        let text = parsed.has(markdown) ? markdownText(card) : self.text(card)
        io.output.writeIgnoringFailure(TerminalText.sanitized(text))
        if let path = parsed.value(json) {
            do { try AtomicFile.write(ProbeJSON.document(card).rendered(), to: path) } catch {
                throw .io("zoomcheck probe: \(error)\n")
            }
        }
        return ExitStatus.success
    }

    /// Why the card cannot stand, for a program that died or hung during the probe (a
    /// process that ended, one stopped for good) or answered none of its requests: the first
    /// request it failed on and why, and how it ended when that was later.
    static func died(_ card: ProbeCard, external: ExternalImplementation?) -> String? {
        let failures = card.failures
        // A program that answered no request as the protocol asks (`cat`, echoing each one)
        // cannot be probed either, though it runs.
        let answeredNone = failures.count == card.inference.answers.requests.count
        guard
            let ended = failures.first(where: { failure in
                answeredNone || external?.stopReason != nil || failure.reason.contains("; the process ")
                    || failure.reason.contains("could not start") || failure.reason.contains("not restarted")
            }), let first = failures.first
        else { return nil }
        return """
            the program failed during the probe, at request \(first.request.name) \
            (\(first.request.op.rawValue) \(first.request.fields)): \(first.reason)\
            \(ended.request.name == first.request.name ? "" : "; then, at \(ended.request.name): \(ended.reason)"); \
            \(failures.count) of \(card.inference.answers.requests.count) requests failed; no card was made \
            (exit \(ExitStatus.unavailable))
            """
    }

    // MARK: - Text

    static func n(_ value: Double) -> String { NumberText.shortest(value) }

    static func text(_ card: ProbeCard) -> String {
        var lines: [String] = []
        lines.append("zoomcheck probe: \(card.name)")
        if let command = card.command { lines += ReportLayout.wrap("command: \(command)", lead: "  ", hanging: "    ") }
        lines += ReportLayout.wrap(header(card), lead: "  ", hanging: "  ")
        lines.append("")
        lines.append("Implied describe answer (paste it as your program's answer to {\"op\":\"describe\"}):")
        lines += card.describeAnswer().split(separator: "\n").map { "  " + $0 }
        lines.append("")
        lines.append("Members, as inferred (evidence: the requests that decided each):")
        let width = card.members.map(\.name.count).max() ?? 0
        for member in card.members {
            let name = member.name.padding(toLength: width, withPad: " ", startingAt: 0)
            lines += ReportLayout.wrap(
                "\(name)  \(member.value ?? "undetermined")  [\(verdict(member))]", lead: "  ",
                hanging: String(repeating: " ", count: width + 4))
            lines += ReportLayout.wrap(member.reason, lead: "      ", hanging: "      ")
            if !member.evidence.isEmpty {
                lines += ReportLayout.wrap(
                    "evidence: " + member.evidence.joined(separator: ", ")
                        + (member.isThin ? " (thin: one request)" : ""), lead: "      ", hanging: "        ")
            }
        }
        lines.append("")
        for (index, line) in declarations(card).enumerated() {
            lines += ReportLayout.wrap(line, lead: index == 0 ? "" : "  ", hanging: "    ")
        }
        lines.append("")
        let findings = card.findings
        lines.append(
            findings.isEmpty
                ? "Edge findings: none (every edge shown below as PROTOCOL.md defines it)"
                : "Edge findings (\(findings.count)): where the answers depart from PROTOCOL.md's definitions")
        for row in findings { lines += ReportLayout.wrap("\(row.request): \(row.note)", lead: "  ", hanging: "    ") }
        lines.append("")
        lines.append("Edges (\(conventions(card.inference))):")
        var edge = ""
        for row in card.edgeRows {
            if row.edge != edge {
                edge = row.edge
                lines.append("  \(edge)")
            }
            lines += ReportLayout.wrap(row.fields, lead: "    ", hanging: "        ")
            lines += ReportLayout.wrap(
                "→ " + row.answer + (row.note.isEmpty ? "" : "  (\(row.note))"), lead: "      ", hanging: "        ")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func header(_ card: ProbeCard) -> String {
        let count = card.inference.answers.requests.count
        let failed = card.failures.count
        return "\(count) requests, \(failed) failed, in " + String(format: "%.2f s", card.seconds) + "; read in "
            + conventions(card.inference)
    }

    /// Which convention each op was read in: `seed512` when one serves them all.
    static func conventions(_ inference: ProbeInference) -> String {
        let each = [
            ("span", inference.spanConvention), ("the getter", inference.getterConvention),
            ("project", inference.pixelConvention),
        ]
        let names = Set(each.compactMap { $0.1?.rawValue })
        if names.count <= 1 { return names.first ?? "no convention (none answered)" }
        return each.map { "\($0.0) \($0.1?.rawValue ?? "none")" }.joined(separator: ", ")
    }

    static func verdict(_ member: InferredMember) -> String {
        switch member.agreement {
        case .agrees: "declared: same"
        case .differs: "MISMATCH: declared \(member.declared ?? "")"
        case .undetermined: "declared \(member.declared ?? ""), not decided here"
        case .notDeclared: "not declared"
        case .promisesNothing: "declared \(member.declared ?? ""): no promise"
        case .weaker: "declared \(member.declared ?? ""): true, and weaker"
        case .notHeld: "declared \(member.declared ?? ""): not held, under badInput unchecked"
        }
    }

    /// The declarations checked: every mismatch with its evidence, or that there is none.
    static func declarations(_ card: ProbeCard) -> [String] {
        let declared = card.members.filter { $0.declared != nil }
        guard !declared.isEmpty else { return ["Declarations checked: the program declares no member."] }
        let mismatches = card.mismatches
        guard !mismatches.isEmpty else {
            return ["Declarations checked: \(declared.count) members declared, none differs from its inference."]
        }
        var lines = [
            "Declarations checked: \(mismatches.count) of \(declared.count) declared members differ from the answers:"
        ]
        for member in mismatches {
            lines.append(member.mismatch + " (see " + member.evidence.joined(separator: ", ") + ")")
        }
        return lines
    }

    // MARK: - Markdown

    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    static func markdownText(_ card: ProbeCard) -> String {
        var lines = ["## Behaviour card: `\(card.name)`", "", header(card) + " (`zoomcheck probe`).", ""]
        lines += ["Implied `describe` answer:", "", "```json", card.describeAnswer(), "```", ""]
        lines += ["| Member | Inferred | Declared | Evidence |", "|---|---|---|---|"]
        for member in card.members {
            lines.append(
                "| `\(member.name)` | `\(cell(member.value ?? "undetermined"))` | \(cell(verdict(member))) | "
                    + cell(member.reason) + " (" + member.evidence.map { "`\($0)`" }.joined(separator: ", ")
                    + (member.isThin ? "; thin: one request" : "") + ") |")
        }
        lines.append("")
        let declared = declarations(card)
        lines += declared.prefix(1) + declared.dropFirst().map { "- " + $0 }
        if !card.findings.isEmpty {
            lines += ["", "Edge findings:", ""]
            lines += card.findings.map { "- `\($0.request)`: \(cell($0.note))" }
        }
        lines += ["", "| Edge | Request | Answer |", "|---|---|---|"]
        for row in card.edgeRows {
            lines.append(
                "| \(cell(row.edge)) | `\(cell(row.fields))` | \(cell(row.answer))"
                    + (row.note.isEmpty ? "" : " (\(cell(row.note)))") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `zoomcheck probe --json PATH`: the card as a versioned JSON document.
///
/// Schema `zoomcheck.probe/1` (Documentation/cli.md, "A behaviour card: zoomcheck probe").
/// Member values are JSON texts (strings holding `describe`'s own spelling of the value). A
/// new optional member keeps the version; removing or changing the meaning of one makes it
/// `/2`.
enum ProbeJSON {
    static let schema = "zoomcheck.probe/1"

    static func document(_ card: ProbeCard) -> JSONValue {
        let members: [JSONValue] = card.members.map { member in
            .object([
                ("name", .string(member.name)), ("inferred", .optional(member.value)),
                ("declared", .optional(member.declared)), ("agreement", .string(member.agreement.rawValue)),
                ("reason", .string(member.reason)), ("evidence", .array(member.evidence.map { .string($0) })),
                ("thin", .bool(member.isThin)),
            ])
        }
        let answers = card.inference.answers
        let requests: [JSONValue] = zip(answers.requests, answers.answers).map { request, answer in
            .object([
                ("name", .string(request.name)), ("op", .string(request.op.rawValue)),
                ("fields", .string(request.fields)), ("protocolRefusal", .optional(request.refusal)),
                ("answer", .string(answer.text)),
            ])
        }
        let edges: [JSONValue] = card.edgeRows.map { row in
            .object([
                ("edge", .string(row.edge)), ("request", .string(row.request)), ("answer", .string(row.answer)),
                ("note", .string(row.note)),
            ])
        }
        return .object([
            ("schema", .string(schema)), ("name", .string(card.name)), ("command", .optional(card.command)),
            ("convention", .optional(card.inference.convention?.rawValue)),
            ("requestCount", .integer(answers.requests.count)), ("failed", .integer(card.failures.count)),
            ("seconds", .number((card.seconds * 1000).rounded() / 1000)),
            ("describe", .string(card.describeAnswer(oneLine: true))), ("members", .array(members)),
            ("mismatches", .array(card.mismatches.map { .string($0.name) })),
            ("findings", .array(card.findings.map { .string($0.request) })), ("edges", .array(edges)),
            ("requests", .array(requests)),
        ])
    }
}
