import Foundation
import MercatorCore

/// Collects the lines of one `case` block and checks them at its `end`.
struct CaseBuilder {
    let id: String
    let file: String
    let line: Int

    var source: String?
    var place: String?
    var quotes: [String] = []
    var method: String?
    var notes: [String] = []
    var operation: (Operation, line: Int)?
    var implementations: ([String], line: Int)?
    var verdict: (Verdict, line: Int)?
    var rawInputs: [(key: String, words: [String], line: Int)] = []
    var expectLines: [(rest: String, line: Int)] = []
    var correctLines: [(rest: String, line: Int)] = []
    var figureLines: [(rest: String, line: Int)] = []
    var singleKeyLines: [String: Int] = [:]

    init(id: String, file: String, line: Int) {
        self.id = id
        self.file = file
        self.line = line
    }

    func error(_ line: Int, _ message: String) -> CorpusError { .malformed(file: file, line: line, message: message) }

    mutating func add(key: String, rest: String, line: Int) throws(CorpusError) {
        let single = ["source", "place", "method", "op", "impl", "verdict"]
        if single.contains(key) {
            if let first = singleKeyLines[key] {
                throw error(line, "duplicate '\(key)' in case '\(id)': already given at line \(first)")
            }
            singleKeyLines[key] = line
            guard !rest.isEmpty else { throw error(line, "expected text after '\(key)'") }
        }
        switch key {
        case "source":
            guard !rest.contains(" ") else {
                throw error(
                    line,
                    """
                    expected 'source SEED-FILE' (one file name such as 001_c81320060d965ac9.txt), found \
                    '\(rest.clipped)'
                    """)
            }
            source = rest
        case "place": place = rest
        case "method": method = rest
        case "quote", "note":
            guard !rest.isEmpty else { throw error(line, "expected text after '\(key)'") }
            if key == "quote" { quotes.append(rest) } else { notes.append(rest) }
        case "op":
            guard let op = Operation(rawValue: rest) else {
                throw error(
                    line,
                    """
                    unknown operation '\(rest.clipped)': expected one of \
                    \(Operation.allCases.map(\.rawValue).joined(separator: ", "))
                    """)
            }
            operation = (op, line)
        case "impl":
            let names = rest.words
            for name in names where !CorpusParser.implementationNames.contains(name) {
                throw error(
                    line,
                    """
                    unknown implementation '\(name.clipped)': expected one of \
                    \(CorpusParser.implementationNames.joined(separator: ", "))
                    """)
            }
            guard Set(names).count == names.count else {
                throw error(line, "implementation listed twice in '\(rest.clipped)'")
            }
            implementations = (names, line)
        case "verdict":
            let words = rest.words
            if words == ["holds"] {
                verdict = (.holds, line)
            } else if words.count == 2, words[0] == "defect", CorpusParser.isIdentifier(words[1]) {
                verdict = (.defect(words[1]), line)
            } else {
                throw error(line, "expected 'verdict holds' or 'verdict defect NAME', found '\(rest.clipped)'")
            }
        case "expect": expectLines.append((rest, line))
        case "correct": correctLines.append((rest, line))
        case "figure": figureLines.append((rest, line))
        default:
            guard CorpusParser.inputKeys.contains(key) else {
                throw error(
                    line,
                    """
                    unknown key '\(key.clipped)' in case '\(id)': expected one of \
                    \((CorpusParser.caseKeys + ["end"]).joined(separator: ", ")) or an input of the operation
                    """)
            }
            rawInputs.append((key, rest.words, line))
        }
    }

    func build(endLine: Int) throws(CorpusError) -> CorpusCase {
        for (key, present) in [("source", source != nil), ("place", place != nil), ("quote", !quotes.isEmpty)]
        where !present {
            throw error(
                line,
                """
                case '\(id)' has no '\(key)': every case needs provenance ('source SEED-FILE', 'place WHERE', \
                'quote FIGURE AS PRINTED')
                """)
        }
        guard let method else {
            throw error(line, "case '\(id)' has no 'method': say how the expected values were computed")
        }
        guard let (operation, _) = operation else {
            throw error(line, "case '\(id)' has no 'op': expected 'op OPERATION'")
        }
        guard let (implementations, implLine) = implementations else {
            throw error(
                line,
                """
                case '\(id)' has no 'impl': expected 'impl NAME...' \
                (\(CorpusParser.implementationNames.joined(separator: ", ")))
                """)
        }
        guard let (verdict, _) = verdict else {
            throw error(line, "case '\(id)' has no 'verdict': expected 'verdict holds' or 'verdict defect NAME'")
        }
        if operation.usesAPI, implementations != ["api"] {
            throw error(implLine, "op '\(operation.rawValue)' calls the MercatorCore API directly: expected 'impl api'")
        }
        if !operation.usesAPI, implementations.contains("api") {
            throw error(
                implLine,
                """
                op '\(operation.rawValue)' runs through an implementation: expected 'impl' with corrected, seed, \
                seed-21 or seed-mappoint, not api
                """)
        }
        let inputs = try checkInputs(operation)

        var expectation: Expectation?
        var values: [OutputExpectation] = []
        for (rest, lineNumber) in expectLines {
            let words = rest.words
            if words.first == "error" {
                guard words.count == 2, CorpusParser.errorCodes.contains(words[1]) else {
                    throw error(
                        lineNumber,
                        """
                        expected 'expect error CODE' with CODE one of \
                        \(CorpusParser.errorCodes.joined(separator: ", ")), found 'expect \(rest.clipped)'
                        """)
                }
                guard expectation == nil, values.isEmpty else {
                    throw error(
                        lineNumber, "'expect error' cannot be combined with other 'expect' lines in case '\(id)'")
                }
                expectation = .error(code: words[1], line: lineNumber)
                continue
            }
            if case .error = expectation {
                throw error(lineNumber, "'expect error' cannot be combined with other 'expect' lines in case '\(id)'")
            }
            let parsed = try outputExpectation(rest, operation: operation, line: lineNumber, keyword: "expect")
            if let first = values.first(where: { $0.output == parsed.output }) {
                throw error(lineNumber, "output '\(parsed.output)' is already expected at line \(first.line)")
            }
            values.append(parsed)
        }
        if expectation == nil {
            guard !values.isEmpty else {
                throw error(
                    line,
                    """
                    case '\(id)' has no 'expect' line: expected 'expect OUTPUT VALUE TOLERANCE -- REASON' or \
                    'expect error CODE'
                    """)
            }
            expectation = .values(values)
        }
        var corrections: [OutputExpectation] = []
        for (rest, lineNumber) in correctLines {
            guard case .defect = verdict else {
                throw error(lineNumber, "'correct' lines belong to defect cases; case '\(id)' has 'verdict holds'")
            }
            corrections.append(try outputExpectation(rest, operation: operation, line: lineNumber, keyword: "correct"))
        }
        if case .defect(let name) = verdict, corrections.isEmpty {
            throw error(
                line,
                """
                case '\(id)' has 'verdict defect \(name)' but no 'correct' line: expected 'correct OUTPUT VALUE \
                TOLERANCE -- REASON' giving the right value
                """)
        }
        var figures: [FigureCheck] = []
        for (rest, lineNumber) in figureLines {
            let words = rest.words
            guard words.count >= 3, let relation = FigureCheck.Relation(rawValue: words[2]) else {
                throw error(
                    lineNumber,
                    """
                    expected 'figure OUTPUT VALUE matches|differs TOLERANCE -- REASON', found 'figure \
                    \(rest.clipped)'
                    """)
            }
            let withoutRelation = rest.replacingFirstWord(at: 2)
            figures.append(
                FigureCheck(
                    expectation: try outputExpectation(
                        withoutRelation, operation: operation, line: lineNumber, keyword: "figure"), relation: relation)
            )
        }
        if case .error = expectation, !(figures.isEmpty && corrections.isEmpty) {
            throw error(line, "case '\(id)' expects an error: 'figure' and 'correct' lines need values to compare")
        }
        return CorpusCase(
            id: id, file: file, line: line,
            provenance: Provenance(source: source ?? "", place: place ?? "", quotes: quotes), method: method,
            notes: notes, operation: operation, implementations: implementations, inputs: inputs,
            expectation: expectation ?? .values(values), corrections: corrections, figures: figures, verdict: verdict)
    }

    /// Types each input line against the operation's specification.
    func checkInputs(_ operation: Operation) throws(CorpusError) -> [(key: String, arguments: [CorpusArgument])] {
        let specs = operation.inputs
        var result: [(key: String, arguments: [CorpusArgument])] = []
        var seenAt: [String: Int] = [:]
        for raw in rawInputs {
            guard let spec = specs.first(where: { $0.key == raw.key }) else {
                throw error(
                    raw.line,
                    """
                    input '\(raw.key)' does not apply to op '\(operation.rawValue)': expected \
                    \(specs.map(\.key).joined(separator: ", "))
                    """)
            }
            if let first = seenAt[raw.key], !spec.repeatable {
                throw error(raw.line, "duplicate input '\(raw.key)': already given at line \(first)")
            }
            seenAt[raw.key] = seenAt[raw.key] ?? raw.line
            let minimum = spec.arguments.count - spec.optionalTrailing
            guard (minimum...spec.arguments.count).contains(raw.words.count) else {
                throw error(
                    raw.line,
                    "expected '\(spec.usage)', found '\(([raw.key] + raw.words).joined(separator: " ").clipped)'")
            }
            var arguments: [CorpusArgument] = []
            for (word, kind) in zip(raw.words, spec.arguments) {
                switch kind {
                case .number:
                    guard let value = CorpusNumber.parse(word) else {
                        throw error(raw.line, "expected a number for '\(raw.key)', found '\(word.clipped)'")
                    }
                    arguments.append(.number(value))
                case .convention:
                    guard ZoomConvention(rawValue: word) != nil else {
                        throw error(raw.line, "expected \(kind.label) for '\(raw.key)', found '\(word.clipped)'")
                    }
                    arguments.append(.word(word))
                case .choice(let options):
                    guard options.contains(word) else {
                        throw error(raw.line, "expected \(kind.label) for '\(raw.key)', found '\(word.clipped)'")
                    }
                    arguments.append(.word(word))
                }
            }
            result.append((raw.key, arguments))
        }
        for spec in specs where spec.required && seenAt[spec.key] == nil {
            throw error(
                line, "case '\(id)' (op \(operation.rawValue)) has no input '\(spec.key)': expected '\(spec.usage)'")
        }
        return result
    }

    /// `OUTPUT VALUE TOLERANCE -- REASON`.
    func outputExpectation(_ rest: String, operation: Operation, line: Int, keyword: String) throws(CorpusError)
        -> OutputExpectation
    {
        guard
            let separator = rest.range(of: " -- ")
                ?? (rest.hasSuffix(" --") ? rest.range(of: " --", options: .backwards) : nil)
        else {
            throw error(
                line,
                """
                expected ' -- REASON' after the tolerance in '\(keyword) \(rest.clipped)': every tolerance needs \
                a one-line reason
                """)
        }
        let reason = String(rest[separator.upperBound...]).trimmed
        guard !reason.isEmpty else { throw error(line, "expected a reason after '--' in '\(keyword) \(rest.clipped)'") }
        let words = String(rest[..<separator.lowerBound]).words
        guard words.count >= 3 else {
            throw error(
                line, "expected '\(keyword) OUTPUT VALUE TOLERANCE -- REASON', found '\(keyword) \(rest.clipped)'")
        }
        guard let kind = operation.kind(of: words[0]) else {
            throw error(
                line,
                """
                op '\(operation.rawValue)' has no output '\(words[0].clipped)': expected one of \
                \(operation.outputs.map(\.name).joined(separator: ", "))
                """)
        }
        let value: CorpusValue
        switch kind {
        case .flag:
            guard words[1] == "true" || words[1] == "false" else {
                throw error(line, "expected true or false for '\(words[0])', found '\(words[1].clipped)'")
            }
            value = .flag(words[1] == "true")
        case .names: value = .names(words[1] == "none" ? [] : words[1].split(separator: ",").map(String.init))
        default:
            guard let number = CorpusNumber.parse(words[1]) else {
                throw error(line, "expected a number for '\(words[0])', found '\(words[1].clipped)'")
            }
            value = .number(number)
        }
        let tolerance = try parseTolerance(Array(words.dropFirst(2)), line: line)
        guard kind.accepts(tolerance) else {
            throw error(
                line,
                """
                tolerance '\(tolerance)' does not suit output '\(words[0])' (\(kind.rawValue)); see README \
                \"Tolerances\"
                """)
        }
        return OutputExpectation(
            output: words[0], value: value, tolerance: ToleranceSpec(tolerance, reason: reason), line: line)
    }

    func parseTolerance(_ words: [String], line: Int) throws(CorpusError) -> CorpusTolerance {
        let text = words.joined(separator: " ")
        let expected = """
            expected a tolerance (exact | ulps N [scale S] | abs X [deg|px|km|mi] | rel X | px P at zoom Z \
            [seed512|tile256]), found '\(text.clipped)'
            """
        func bound(_ word: String) throws(CorpusError) -> Double {
            guard let value = CorpusNumber.parse(word), value.isFinite, value >= 0 else {
                throw error(line, "expected a finite bound ≥ 0 in the tolerance, found '\(word.clipped)'")
            }
            return value
        }
        switch words.first {
        case "exact" where words.count == 1: return .exact
        case "ulps" where words.count == 2: return .ulps(try bound(words[1]), scale: nil)
        case "ulps" where words.count == 4 && words[2] == "scale":
            return .ulps(try bound(words[1]), scale: try bound(words[3]))
        case "abs" where words.count == 2: return .absolute(try bound(words[1]), unit: nil)
        case "abs" where words.count == 3:
            guard let unit = CorpusTolerance.Unit(rawValue: words[2]) else {
                throw error(
                    line, "expected a unit deg, px, km or mi after 'abs \(words[1])', found '\(words[2].clipped)'")
            }
            return .absolute(try bound(words[1]), unit: unit)
        case "rel" where words.count == 2: return .relative(try bound(words[1]))
        case "px" where (words.count == 5 || words.count == 6) && words[2] == "at" && words[3] == "zoom":
            guard let zoom = CorpusNumber.parse(words[4]), zoom.isFinite else {
                throw error(line, "expected a finite zoom after 'at zoom', found '\(words[4].clipped)'")
            }
            var convention = ZoomConvention.seed512
            if words.count == 6 {
                guard let named = ZoomConvention(rawValue: words[5]) else {
                    throw error(line, "expected seed512 or tile256 after the zoom, found '\(words[5].clipped)'")
                }
                convention = named
            }
            return .pixels(try bound(words[1]), atZoom: zoom, convention: convention)
        default: throw error(line, expected)
        }
    }
}

extension String {
    /// The text with its word at `index` (0-based, whitespace-separated) removed.
    func replacingFirstWord(at index: Int) -> String {
        var parts = split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard index < parts.count else { return self }
        parts.remove(at: index)
        return parts.joined(separator: " ")
    }
}
