/// A minimal parser for `--name value` and `--flag` arguments.
struct CommandArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []

    /// Parses `arguments` against the options that take a value and the flags.
    ///
    /// - Returns: nil and a message for an unknown option, a missing value or a stray word.
    static func parse(_ arguments: [String], valued: Set<String>, flags known: Set<String>) -> Result<CommandArguments, UsageMessage> {
        var parsed = CommandArguments()
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if valued.contains(word) {
                guard index + 1 < arguments.count else { return .failure(UsageMessage("\(word) needs a value")) }
                parsed.values[word, default: []].append(arguments[index + 1])
                index += 2
            } else if known.contains(word) {
                parsed.flags.insert(word)
                index += 1
            } else {
                return .failure(UsageMessage(word.hasPrefix("-") ? "unknown option '\(word)'" : "unexpected argument '\(word)'"))
            }
        }
        return .success(parsed)
    }

    /// The last value given for `option`.
    func value(_ option: String) -> String? { values[option]?.last }
    /// Every value given for `option`, in order.
    func all(_ option: String) -> [String] { values[option] ?? [] }
}

/// Why a command line was rejected.
struct UsageMessage: Error {
    let text: String
    init(_ text: String) { self.text = text }
}
