/// The command-line conventions of swift-argument-parser, by hand (the package has no
/// dependencies): `--name value` and `--name=value`, flags, `--` ending the options, every
/// option given at most once unless it is repeatable, and a suggestion for a near miss.
struct CommandArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    /// Words that are not options (and every word after `--`).
    private(set) var positional: [String] = []

    /// Parses `arguments` against `options`.
    ///
    /// - Returns: A message for an unknown option (with a suggestion), a missing value, a
    ///   value given to a flag, an option given twice, or a stray word when `positional` is
    ///   not allowed.
    static func parse(_ arguments: [String], options: [OptionSpec], allowsPositional: Bool = false) -> Result<
        CommandArguments, UsageMessage
    > {
        var parsed = CommandArguments()
        var index = 0
        let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                guard allowsPositional || index == arguments.count else {
                    return .failure(
                        UsageMessage(
                            "unexpected argument '\(arguments[index])' after '--' (this command takes no arguments)"))
                }
                parsed.positional += arguments[index...]
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                guard allowsPositional else { return .failure(UsageMessage("unexpected argument '\(word)'")) }
                parsed.positional.append(word)
                continue
            }
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let option = byName[name] else {
                return .failure(
                    UsageMessage("unknown option '\(name)'" + Suggestion.didYouMean(name, among: options.map(\.name))))
            }
            let value: String?
            if option.valueName == nil {
                if inlineValue != nil { return .failure(UsageMessage("\(name) takes no value, as in '\(name)'")) }
                value = nil
            } else if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, byName[arguments[index]] == nil, arguments[index] != "--" else {
                    return .failure(UsageMessage("\(name) needs a value: \(name) <\(option.valueName!)>"))
                }
                value = arguments[index]
                index += 1
            }
            if let value {
                let earlier = parsed.values[name] ?? []
                if !option.repeatable, let first = earlier.first {
                    return .failure(UsageMessage("\(name) is given twice ('\(first)' and '\(value)'); give it once"))
                }
                if earlier.contains(value) {
                    return .failure(UsageMessage("\(name) \(value) is given twice; give it once"))
                }
                parsed.values[name, default: []].append(value)
            } else {
                guard parsed.flags.insert(name).inserted else {
                    return .failure(UsageMessage("\(name) is given twice; give it once"))
                }
            }
        }
        return .success(parsed)
    }

    /// The value given for `option` (options that are not repeatable have at most one).
    func value(_ option: String) -> String? { values[option]?.last }
    /// The last value given for `option`, nil when it was not given.
    func value(_ option: OptionSpec) -> String? { value(option.name) }
    /// Every value given for `option`, in order.
    func all(_ option: OptionSpec) -> [String] { all(option.name) }
    /// Whether `option` was given, as a flag or with a value.
    func has(_ option: OptionSpec) -> Bool { has(option.name) }
    /// Every value given for `option`, in order.
    func all(_ option: String) -> [String] { values[option] ?? [] }
    /// Whether `option` (a flag or a valued option) was given.
    func has(_ option: String) -> Bool { flags.contains(option) || values[option] != nil }
}

/// Why a command line was rejected.
struct UsageMessage: Error {
    let text: String
    init(_ text: String) { self.text = text }
}

/// "Did you mean" for a near miss: the closest name by edit distance (at most a third of
/// the word, and at most 3) or the only name it is a prefix of.
enum Suggestion {
    /// ` (did you mean '--cases'?)`, or empty.
    static func didYouMean(_ word: String, among names: [String]) -> String {
        guard let best = closest(word, among: names) else { return "" }
        return " (did you mean '\(best)'?)"
    }

    static func closest(_ word: String, among names: [String]) -> String? {
        let prefixed = names.filter { $0.hasPrefix(word) && word.count >= 3 }
        if prefixed.count == 1 { return prefixed[0] }
        let limit = Swift.min(3, Swift.max(1, word.count / 3))
        let scored = names.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance, with a transposition counted as one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return Swift.max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
