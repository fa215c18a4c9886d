import Foundation
import GoldenCorpus
import Testing

/// A valid case; the malformation tests break it one way at a time.
let validCase = """
    # a comment
    case sample-case
      source 000_448a57cb9e149894.txt
      place "Set the Zoom Level of an MKMapView", MKMapView+ZoomLevel.m
      quote #define MERCATOR_OFFSET 268435456
      method literal
      op constant
      impl api
      name mercatorOffset
      expect value 268_435_456 exact -- an integer literal
      verdict holds
    end
    """

func lines(_ text: String) -> [String] { text.components(separatedBy: "\n") }

func replacing(line number: Int, with replacement: String?, in text: String = validCase) -> String {
    var all = lines(text)
    if let replacement { all[number - 1] = replacement } else { all.remove(at: number - 1) }
    return all.joined(separator: "\n")
}

func parseError(_ text: String, file: String = "bad.zc") -> CorpusError? {
    do {
        _ = try CorpusParser.parse(text, file: file)
        return nil
    } catch { return error }
}

@Suite("Corpus parser") struct CorpusParserTests {
    @Test("A valid case parses with its provenance, inputs and expectation") func validCaseParses() throws {
        let cases = try CorpusParser.parse(validCase, file: "good.zc")
        #expect(cases.count == 1)
        let c = try #require(cases.first)
        #expect(c.id == "sample-case" && c.line == 2 && c.operation == .constant && c.verdict == .holds)
        #expect(c.provenance.quotes == ["#define MERCATOR_OFFSET 268435456"])
        #expect(
            c.expectation
                == .values([
                    OutputExpectation(
                        output: "value", value: .number(268_435_456),
                        tolerance: ToleranceSpec(.exact, reason: "an integer literal"), line: 10)
                ]))
        let outcomes = CorpusEvaluator.evaluate(c)
        #expect(outcomes.allSatisfy { $0.passed })
    }

    @Test("An empty file is refused") func emptyFile() {
        #expect(
            parseError("")
                == .malformed(
                    file: "bad.zc", line: 1,
                    message: "expected at least one 'case ID' ... 'end' block; the file has none"))
        #expect(
            parseError("# only a comment\n")
                == .malformed(
                    file: "bad.zc", line: 1,
                    message: "expected at least one 'case ID' ... 'end' block; the file has none"))
    }

    @Test("Binary garbage is refused at the line of the first bad byte") func binaryGarbage() {
        let bytes: [UInt8] = Array("# ok\n".utf8) + [0x63, 0x61, 0xFF, 0xFE, 0x00, 0x0A]
        #expect(
            throws: CorpusError.malformed(
                file: "blob.zc", line: 2,
                message: "expected UTF-8 text, found bytes that are not UTF-8 (is this a binary file?)")
        ) { try CorpusParser.parse(bytes: bytes, file: "blob.zc") }
        #expect(
            throws: CorpusError.malformed(
                file: "nul.zc", line: 1,
                message: "expected text, found the control character U+0000 (is this a binary file?)")
        ) { try CorpusParser.parse(bytes: [0x63, 0x00, 0x61], file: "nul.zc") }
    }

    @Test("A duplicate case id names the first definition") func duplicateID() {
        #expect(
            parseError(validCase + "\n" + validCase)
                == .malformed(
                    file: "bad.zc", line: 14, message: "duplicate case id 'sample-case': first defined at line 2"))
    }

    @Test("An unknown key is refused with the keys that are allowed") func unknownKey() {
        #expect(
            parseError(replacing(line: 6, with: "  methd literal"))
                == .malformed(
                    file: "bad.zc", line: 6,
                    message: """
                        unknown key 'methd' in case 'sample-case': expected one of source, place, quote, method, \
                        note, op, \
                        impl, verdict, expect, correct, figure, end or an input of the operation
                        """))
    }

    @Test("An unknown operation lists the operations") func unknownOperation() {
        #expect(
            parseError(replacing(line: 7, with: "  op teleport"))
                == .malformed(
                    file: "bad.zc", line: 7,
                    message: """
                        unknown operation 'teleport': expected one of constant, world-width, equivalent-zoom, \
                        project, \
                        unproject, map-point, region, corners, zoom, zoom-roundtrip, zoom-step, span-scale, fit, \
                        ground-length
                        """))
    }

    @Test("Bad numbers are refused, in values and in inputs") func badNumbers() {
        #expect(
            parseError(replacing(line: 10, with: "  expect value 0x10 exact -- hex"))
                == .malformed(file: "bad.zc", line: 10, message: "expected a number for 'value', found '0x10'"))
        #expect(
            parseError(replacing(line: 10, with: "  expect value 1__0 exact -- double underscore"))
                == .malformed(file: "bad.zc", line: 10, message: "expected a number for 'value', found '1__0'"))
        let projectCase = validCase.replacingOccurrences(of: "op constant", with: "op project").replacingOccurrences(
            of: "impl api", with: "impl corrected"
        ).replacingOccurrences(
            of: "  name mercatorOffset", with: "  coordinate 1.5e 0\n  zoom 20\n  convention seed512")
        #expect(
            parseError(projectCase)
                == .malformed(file: "bad.zc", line: 9, message: "expected a number for 'coordinate', found '1.5e'"))
    }

    @Test("Missing provenance is refused at the case header") func missingProvenance() {
        #expect(
            parseError(replacing(line: 3, with: nil))
                == .malformed(
                    file: "bad.zc", line: 2,
                    message: """
                        case 'sample-case' has no 'source': every case needs provenance ('source SEED-FILE', \
                        'place WHERE', \
                        'quote FIGURE AS PRINTED')
                        """))
        #expect(
            parseError(replacing(line: 5, with: nil))
                == .malformed(
                    file: "bad.zc", line: 2,
                    message: """
                        case 'sample-case' has no 'quote': every case needs provenance ('source SEED-FILE', 'place \
                        WHERE', \
                        'quote FIGURE AS PRINTED')
                        """))
    }

    @Test("A case without an expectation is refused") func missingExpectation() {
        #expect(
            parseError(replacing(line: 10, with: nil))
                == .malformed(
                    file: "bad.zc", line: 2,
                    message: """
                        case 'sample-case' has no 'expect' line: expected 'expect OUTPUT VALUE TOLERANCE -- \
                        REASON' or \
                        'expect error CODE'
                        """))
    }

    @Test("An unterminated block names the line that opened it") func unterminatedBlock() {
        #expect(
            parseError(replacing(line: 12, with: nil))
                == .malformed(
                    file: "bad.zc", line: 2,
                    message: "case 'sample-case' is not closed: expected 'end' before the end of the file"))
        #expect(
            parseError(replacing(line: 12, with: "case another"))
                == .malformed(
                    file: "bad.zc", line: 12,
                    message: "expected 'end' to close case 'sample-case' (opened at line 2) before a new 'case'"))
    }

    @Test("A tolerance without a reason is refused") func toleranceWithoutReason() {
        #expect(
            parseError(replacing(line: 10, with: "  expect value 268435456 exact"))
                == .malformed(
                    file: "bad.zc", line: 10,
                    message: """
                        expected ' -- REASON' after the tolerance in 'expect value 268435456 exact': every \
                        tolerance needs a \
                        one-line reason
                        """))
        #expect(
            parseError(replacing(line: 10, with: "  expect value 268435456 exact --"))
                == .malformed(
                    file: "bad.zc", line: 10,
                    message: "expected a reason after '--' in 'expect value 268435456 exact --'"))
    }

    @Test("An unknown tolerance lists the forms") func unknownTolerance() {
        #expect(
            parseError(replacing(line: 10, with: "  expect value 268435456 roughly -- close"))
                == .malformed(
                    file: "bad.zc", line: 10,
                    message: """
                        expected a tolerance (exact | ulps N [scale S] | abs X [deg|px|km|mi] | rel X | px P at \
                        zoom Z \
                        [seed512|tile256]), found 'roughly'
                        """))
        #expect(
            parseError(replacing(line: 10, with: "  expect value 268435456 ulps -1 -- negative"))
                == .malformed(
                    file: "bad.zc", line: 10, message: "expected a finite bound ≥ 0 in the tolerance, found '-1'"))
    }

    @Test("A defect verdict needs the correct value; holds cases may not give one") func verdictLines() {
        #expect(
            parseError(replacing(line: 11, with: "  verdict defect made-up"))
                == .malformed(
                    file: "bad.zc", line: 2,
                    message: """
                        case 'sample-case' has 'verdict defect made-up' but no 'correct' line: expected 'correct \
                        OUTPUT VALUE \
                        TOLERANCE -- REASON' giving the right value
                        """))
        #expect(
            parseError(replacing(line: 11, with: "  correct value 1 exact -- nope\n  verdict holds"))
                == .malformed(
                    file: "bad.zc", line: 11,
                    message: "'correct' lines belong to defect cases; case 'sample-case' has 'verdict holds'"))
        #expect(
            parseError(replacing(line: 11, with: "  verdict broken"))
                == .malformed(
                    file: "bad.zc", line: 11,
                    message: "expected 'verdict holds' or 'verdict defect NAME', found 'broken'"))
    }

    @Test("Inputs, outputs and implementations must belong to the operation") func operationMismatch() {
        #expect(
            parseError(replacing(line: 9, with: "  name mercatorOffset\n  zoom 3"))
                == .malformed(
                    file: "bad.zc", line: 10, message: "input 'zoom' does not apply to op 'constant': expected name"))
        #expect(
            parseError(replacing(line: 10, with: "  expect x 1 exact -- no such output"))
                == .malformed(
                    file: "bad.zc", line: 10, message: "op 'constant' has no output 'x': expected one of value"))
        #expect(
            parseError(replacing(line: 8, with: "  impl seed"))
                == .malformed(
                    file: "bad.zc", line: 8,
                    message: "op 'constant' calls the MercatorCore API directly: expected 'impl api'"))
        #expect(
            parseError(replacing(line: 8, with: "  impl magic"))
                == .malformed(
                    file: "bad.zc", line: 8,
                    message:
                        "unknown implementation 'magic': expected one of corrected, seed, seed-21, seed-mappoint, api"))
    }

    @Test("Text outside a block and unknown error codes are refused") func strayLines() {
        #expect(
            parseError("hello\n" + validCase)
                == .malformed(file: "bad.zc", line: 1, message: "expected 'case ID' to start a case, found 'hello'"))
        #expect(
            parseError(replacing(line: 10, with: "  expect error boom"))
                == .malformed(
                    file: "bad.zc", line: 10,
                    message: """
                        expected 'expect error CODE' with CODE one of invalid-request, invalid-latitude, \
                        invalid-longitude, \
                        invalid-zoom, invalid-viewport, invalid-span, empty-input, unsupported, found 'expect \
                        error boom'
                        """))
    }
}
