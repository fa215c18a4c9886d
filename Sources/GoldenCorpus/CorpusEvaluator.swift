import MercatorCore

/// One comparison the evaluator made for a case.
package struct CheckResult: Hashable, Sendable, CustomStringConvertible {
    /// Which line of the case the check comes from.
    package enum Role: String, Hashable, Sendable {
        /// `expect`: the observed value must be within tolerance.
        case expect
        /// `correct`: a defect case's right value, which must *not* be reproduced.
        case correct
        /// `figure ... matches`: the document's figure must agree with the observation.
        case figureMatches = "figure (matches)"
        /// `figure ... differs`: the document's figure must disagree with it.
        case figureDiffers = "figure (differs)"
        /// `expect error CODE`.
        case error
    }

    package var role: Role
    package var output: String
    package var line: Int
    package var expected: String
    package var observed: String
    /// The observed error in the tolerance's measure; nil for error and missing checks.
    package var error: Double?
    package var tolerance: String
    package var passed: Bool

    /// `output observed X vs expected Y, error E (tolerance)` — the failure line of the CLI.
    package var description: String {
        let errorText = error.map { ", error \(NumberText.shortest($0))" } ?? ""
        let label: String
        switch role {
        case .expect: label = "expected"
        case .correct: label = "must differ from the correct value"
        case .figureMatches: label = "must match the document's figure"
        case .figureDiffers: label = "must differ from the document's figure"
        case .error: label = "expected error"
        }
        return "\(output) observed \(observed) vs \(label) \(expected)\(errorText) (\(tolerance); line \(line))"
    }
}

/// The outcome of one case against one implementation.
package struct CaseOutcome: Hashable, Sendable, CustomStringConvertible {
    package var caseID: String
    package var implementation: String
    package var checks: [CheckResult]

    /// Whether every check passed: the case behaves as its verdict says.
    package var passed: Bool { !checks.isEmpty && checks.allSatisfy(\.passed) }

    /// The checks that failed.
    package var failures: [CheckResult] { checks.filter { !$0.passed } }

    package var description: String {
        passed
            ? "PASS \(caseID) (\(implementation))"
            : "FAIL \(caseID) (\(implementation)): " + failures.map(\.description).joined(separator: "; ")
    }
}

/// Runs cases: the operation through the implementation (or the MercatorCore API), then
/// every `expect`, `correct` and `figure` line against the observation.
package enum CorpusEvaluator {
    /// One outcome per implementation the case lists; an unknown name fails its outcome.
    package static func evaluate(_ corpusCase: CorpusCase) -> [CaseOutcome] {
        corpusCase.implementations.map { name in
            if name == "api" { return evaluate(corpusCase, implementation: nil, name: name) }
            guard let implementation = BuiltInImplementations.named(name) else {
                return CaseOutcome(
                    caseID: corpusCase.id, implementation: name,
                    checks: [
                        CheckResult(
                            role: .expect, output: "impl", line: corpusCase.line, expected: "a built-in implementation",
                            observed: name, error: nil, tolerance: "exact", passed: false)
                    ])
            }
            return evaluate(corpusCase, implementation: implementation, name: name)
        }
    }

    /// Runs `corpusCase` against any implementation (a user's own included).
    package static func evaluate(_ corpusCase: CorpusCase, implementation: any ZoomImplementation) -> CaseOutcome {
        evaluate(corpusCase, implementation: implementation, name: implementation.name)
    }

    static func evaluate(_ corpusCase: CorpusCase, implementation: (any ZoomImplementation)?, name: String)
        -> CaseOutcome
    {
        let observation: Result<[String: CorpusValue], ProjectionError>
        do { observation = .success(try observe(corpusCase, implementation: implementation)) } catch {
            observation = .failure(error)
        }
        return CaseOutcome(caseID: corpusCase.id, implementation: name, checks: checks(corpusCase, observation))
    }

    static func checks(_ c: CorpusCase, _ observation: Result<[String: CorpusValue], ProjectionError>) -> [CheckResult]
    {
        switch (c.expectation, observation) {
        case (.error(let code, let line), .failure(let error)):
            return [
                CheckResult(
                    role: .error, output: "error", line: line, expected: code,
                    observed: "\(error.code) (\(error.message))", error: nil, tolerance: "exact",
                    passed: error.code == code)
            ]
        case (.error(let code, let line), .success(let values)):
            let shown = values.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return [
                CheckResult(
                    role: .error, output: "error", line: line, expected: code, observed: "no error (\(shown))",
                    error: nil, tolerance: "exact", passed: false)
            ]
        case (.values(let expectations), .failure(let error)):
            return [
                CheckResult(
                    role: .expect, output: "error", line: expectations.first?.line ?? c.line, expected: "values",
                    observed: "\(error.code) (\(error.message))", error: nil, tolerance: "exact", passed: false)
            ]
        case (.values(let expectations), .success(let values)):
            let space = pixelSpace(c)
            var results: [CheckResult] = []
            func check(_ e: OutputExpectation, role: CheckResult.Role, wantWithin: Bool) {
                guard let observed = values[e.output], let kind = c.operation.kind(of: e.output) else {
                    results.append(
                        CheckResult(
                            role: role, output: e.output, line: e.line, expected: "\(e.value)", observed: "nothing",
                            error: nil, tolerance: "\(e.tolerance.tolerance)", passed: false))
                    return
                }
                let comparison = e.tolerance.tolerance.compare(
                    observed: observed, expected: e.value, kind: kind, pixelSpace: space)
                results.append(
                    CheckResult(
                        role: role, output: e.output, line: e.line, expected: "\(e.value)", observed: "\(observed)",
                        error: comparison.error, tolerance: "\(e.tolerance.tolerance)",
                        passed: comparison.withinTolerance == wantWithin))
            }
            for e in expectations { check(e, role: .expect, wantWithin: true) }
            for e in c.corrections { check(e, role: .correct, wantWithin: false) }
            for f in c.figures {
                check(
                    f.expectation, role: f.relation == .matches ? .figureMatches : .figureDiffers,
                    wantWithin: f.relation == .matches)
            }
            return results
        }
    }

    /// The pixel space of a case's pixel outputs, for `px` tolerances.
    static func pixelSpace(_ c: CorpusCase) -> (zoom: Double, convention: ZoomConvention)? {
        switch c.operation {
        case .mapPoint: return (20, .tile256)
        case .project, .worldWidth:
            guard let zoom = c.arguments("zoom")?.first?.number,
                let convention = c.arguments("convention")?.first?.word.flatMap(ZoomConvention.init(rawValue:))
            else { return nil }
            return (zoom, convention)
        default: return nil
        }
    }
}
