import Foundation
import GoldenCorpus
import MercatorCore
import Testing
import TestSupport

/// A golden case as a test argument: named by id, file:line and provenance.
struct GoldenArgument: CustomTestStringConvertible, Sendable {
    let corpusCase: CorpusCase

    var testDescription: String {
        let c = corpusCase
        return """
            \(c.id) (\((c.file as NSString).lastPathComponent):\(c.line)) — \(c.provenance.source), \
            \(c.provenance.place)
            """
    }
}

enum GoldenFixture {
    /// `Corpus/golden` of this package.
    static let directory = TestPackage.goldenCorpus

    static let loaded: Result<[CorpusCase], CorpusError> = Result { () throws(CorpusError) in
        try CorpusLoader.load(paths: [directory])
    }

    static var arguments: [GoldenArgument] { ((try? loaded.get()) ?? []).map(GoldenArgument.init) }
}

@Suite("Golden corpus", .tags(.golden)) struct GoldenCasesTests {
    @Test("The golden corpus parses and holds at least 40 cases, each with provenance") func corpusLoads() throws {
        let cases = try GoldenFixture.loaded.get()
        #expect(cases.count >= 40)
        for c in cases {
            #expect(
                !c.provenance.source.isEmpty && !c.provenance.place.isEmpty && !c.provenance.quotes.isEmpty, "\(c.id)")
        }
    }

    @Test("Every golden case behaves as its verdict says", arguments: GoldenFixture.arguments) func goldenCase(
        _ argument: GoldenArgument
    ) {
        let outcomes = CorpusEvaluator.evaluate(argument.corpusCase)
        #expect(outcomes.count == argument.corpusCase.implementations.count)
        for outcome in outcomes { #expect(outcome.passed, "\(outcome)") }
    }

    @Test("Every golden case survives a write and re-parse unchanged", arguments: GoldenFixture.arguments)
    func roundTrip(_ argument: GoldenArgument) throws {
        let text = CorpusWriter.text(of: argument.corpusCase)
        let reparsed = try CorpusParser.parse(text, file: "roundtrip.zc")
        #expect(reparsed.count == 1)
        #expect(reparsed.map(CorpusWriter.text(of:)) == [text])
    }
}
