import MercatorCore

/// Where a case comes from: the seed document, the place in it and the figure as printed.
package struct Provenance: Hashable, Sendable {
    /// The seed file's name (`001_c81320060d965ac9.txt`).
    package var source: String
    /// Section title, figure or comment number with its author.
    package var place: String
    /// The figure or sentence exactly as the document gives it; one entry per `quote` line.
    package var quotes: [String]

    package init(source: String, place: String, quotes: [String]) {
        self.source = source
        self.place = place
        self.quotes = quotes
    }
}

/// What a case expects one output to be.
package struct OutputExpectation: Hashable, Sendable {
    package var output: String
    package var value: CorpusValue
    package var tolerance: ToleranceSpec
    /// The line of the file this expectation is on.
    package var line: Int

    package init(output: String, value: CorpusValue, tolerance: ToleranceSpec, line: Int) {
        self.output = output
        self.value = value
        self.tolerance = tolerance
        self.line = line
    }
}

/// A figure the document prints for an output, and whether the observed value agrees with it.
package struct FigureCheck: Hashable, Sendable {
    package enum Relation: String, Hashable, Sendable {
        /// The observed value is within the tolerance of the document's figure.
        case matches
        /// The observed value is not: the document's figure is wrong, or belongs elsewhere.
        case differs
    }

    package var expectation: OutputExpectation
    package var relation: Relation

    package init(expectation: OutputExpectation, relation: Relation) {
        self.expectation = expectation
        self.relation = relation
    }
}

/// The expected verdict of a case.
package enum Verdict: Hashable, Sendable, CustomStringConvertible {
    /// The implementation computes the right value.
    case holds
    /// The implementation reproduces the named documented defect: the `expect` values are the
    /// defective ones, and every `correct` value must *not* be reproduced.
    case defect(String)

    package var description: String {
        switch self {
        case .holds: "holds"
        case .defect(let name): "defect \(name)"
        }
    }
}

/// What the case expects the operation to produce: values, or an error with a protocol code.
package enum Expectation: Hashable, Sendable {
    case values([OutputExpectation])
    case error(code: String, line: Int)
}

/// One golden case: an operation on inputs, run against one or more implementations.
package struct CorpusCase: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// Unique within everything loaded together.
    package var id: String
    /// The file the case is in.
    package var file: String
    /// The line of its `case` header.
    package var line: Int
    package var provenance: Provenance
    /// How the expected values were computed (e.g. "exact: mpmath at 40 digits").
    package var method: String
    package var notes: [String]
    package var operation: Operation
    /// Implementation names (`corrected`, `seed`, `seed-21`, `seed-mappoint`) or `api`.
    package var implementations: [String]
    /// Input lines in file order: key and arguments (`point` may repeat).
    package var inputs: [(key: String, arguments: [CorpusArgument])]
    package var expectation: Expectation
    /// The correct values a defect case must not reproduce.
    package var corrections: [OutputExpectation]
    package var figures: [FigureCheck]
    package var verdict: Verdict

    package init(
        id: String, file: String, line: Int, provenance: Provenance, method: String, notes: [String],
        operation: Operation, implementations: [String], inputs: [(key: String, arguments: [CorpusArgument])],
        expectation: Expectation, corrections: [OutputExpectation], figures: [FigureCheck], verdict: Verdict
    ) {
        self.id = id
        self.file = file
        self.line = line
        self.provenance = provenance
        self.method = method
        self.notes = notes
        self.operation = operation
        self.implementations = implementations
        self.inputs = inputs
        self.expectation = expectation
        self.corrections = corrections
        self.figures = figures
        self.verdict = verdict
    }

    /// The arguments of the first input line with `key`.
    package func arguments(_ key: String) -> [CorpusArgument]? { inputs.first { $0.key == key }?.arguments }

    /// `id (file:line)`.
    package var description: String { "\(id) (\(file):\(line))" }

    package static func == (lhs: CorpusCase, rhs: CorpusCase) -> Bool {
        lhs.id == rhs.id && lhs.file == rhs.file && lhs.line == rhs.line && lhs.provenance == rhs.provenance
            && lhs.method == rhs.method && lhs.notes == rhs.notes && lhs.operation == rhs.operation
            && lhs.implementations == rhs.implementations && lhs.inputs.map(\.key) == rhs.inputs.map(\.key)
            && lhs.inputs.map(\.arguments) == rhs.inputs.map(\.arguments) && lhs.expectation == rhs.expectation
            && lhs.corrections == rhs.corrections && lhs.figures == rhs.figures && lhs.verdict == rhs.verdict
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(file)
        hasher.combine(line)
    }
}
