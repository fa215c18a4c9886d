@testable import PropertyCheck
import Testing
import TestSupport

@Suite("Generators", .tags(.engine)) struct GenTests {
    static let coordinates = Gen.array(of: .zip(.double(in: -85...85), .double(in: -180...180)), count: 0...8)

    @Test("Replaying a sample's choices rebuilds the same value") func replayRebuilds() {
        for seed: UInt64 in 1...200 {
            guard let (value, choices) = Self.coordinates.sample(seed: seed),
                let replayed = Self.coordinates.value(replaying: choices)
            else {
                Issue.record("seed \(seed) produced no value")
                continue
            }
            #expect(replayed.map(\.0) == value.map(\.0))
            #expect(replayed.map(\.1) == value.map(\.1))
        }
    }

    @Test("Running out of choices draws the simplest value of every primitive") func zeroChoices() {
        let empty: ChoiceSequence = []
        #expect(Gen.bool.value(replaying: empty) == false)
        #expect(Gen.int(in: 0...10).value(replaying: empty) == 0)
        #expect(Gen.int(in: 5...10).value(replaying: empty) == 5)
        #expect(Gen.int(in: -10...(-5)).value(replaying: empty) == -5)
        #expect(Gen.int(in: -10...10).value(replaying: empty) == 0)
        #expect(Gen.double(in: -1...1).value(replaying: empty) == 0)
        #expect(Gen.double(in: 2.5...7).value(replaying: empty) == 2.5)
        #expect(Gen.array(of: Gen.bool, count: 2...5).value(replaying: empty) == [false, false])
        #expect(Gen.oneOf(.constant(1), .constant(2)).value(replaying: empty) == 1)
        #expect(Gen.element(of: ["a", "b"]).value(replaying: empty) == "a")
    }

    @Test("Replayed choices out of range are clamped to valid values") func clamping() {
        #expect(Gen.int(in: 0...10).value(replaying: [999]) == 10)
        #expect(Gen.double(in: 0...1000).value(replaying: [5000, 0]) == 1000)
        #expect(Gen.double(in: 0...1000).value(replaying: [5, 1]) == 0, "negative clamped to the lower bound")
        let nan = DoubleLexEncoding.encode(.nan)
        #expect(Gen.double(in: -1...1).value(replaying: [nan, 0]) == 0, "NaN only when asked")
        #expect(Gen.double(in: -1...1, includeNonFinite: true).value(replaying: [nan, 0])?.isNaN == true)
        let zero = Gen.double(in: 0...1).value(replaying: [0, 1])
        #expect(zero == 0 && zero?.sign == .plus, "-0.0 only where the range reaches below zero")
    }

    @Test("Doubles stay in range and hit every boundary and awkward value") func doubleBias() {
        let gen = Gen.double(in: -180...180)
        var seen = Set<UInt64>()
        let source = ChoiceSource(seed: 5)
        for _ in 0..<20_000 {
            let value = try! gen.body(source)
            #expect(value >= -180 && value <= 180 && !value.isNaN)
            seen.insert(value.bitPattern)
        }
        let expected: [Double] = [
            -180, 180, (-180.0).nextUp, (180.0).nextDown, 0, -0.0, 1, -1, .leastNonzeroMagnitude,
            -.leastNonzeroMagnitude, .leastNormalMagnitude,
        ]
        for value in expected { #expect(seen.contains(value.bitPattern), "\(value) never drawn") }
    }

    @Test("Non-finite doubles appear only when asked for") func nonFinite() {
        let plain = ChoiceSource(seed: 3)
        let wide = Gen.double(in: -Double.infinity...Double.infinity)
        #expect((0..<20_000).allSatisfy { _ in (try! wide.body(plain)).isFinite })
        let withNonFinite = Gen.double(in: 0...1, includeNonFinite: true)
        let source = ChoiceSource(seed: 3)
        let values = (0..<20_000).map { _ in try! withNonFinite.body(source) }
        #expect(values.contains { $0.isNaN })
        #expect(values.contains(.infinity))
        #expect(values.contains(-.infinity))
    }

    @Test("Integers stay in range and reach both bounds") func integers() {
        let gen = Gen.int(in: -3...1_000_000)
        let source = ChoiceSource(seed: 11)
        let values = (0..<5_000).map { _ in try! gen.body(source) }
        #expect(values.allSatisfy { (-3...1_000_000).contains($0) })
        #expect(values.contains(-3) && values.contains(1_000_000) && values.contains(0))
    }

    @Test("Arrays respect their length bounds and reach both") func arrayLengths() {
        let gen = Gen.array(of: Gen.int(in: 0...9), count: 2...6)
        let source = ChoiceSource(seed: 2)
        let lengths = (0..<2_000).map { _ in (try! gen.body(source)).count }
        #expect(Set(lengths) == Set(2...6))
    }

    @Test("zip, map, flatMap, element and frequency compose") func combinators() {
        let triple = Gen.zip(Gen.int(in: 0...3), Gen.bool, Gen.constant("x"))
        let quadruple = Gen.zip(Gen.int(in: 0...3), Gen.int(in: 0...3), Gen.int(in: 0...3), Gen.int(in: 0...3))
        #expect(triple.value(replaying: [2, 1]).map { [$0.0 == 2, $0.1, $0.2 == "x"] } == [true, true, true])
        #expect(quadruple.value(replaying: [1, 2, 3]).map { [$0.0, $0.1, $0.2, $0.3] } == [1, 2, 3, 0])
        let doubled = Gen.int(in: 0...10).map { $0 * 2 }
        #expect(doubled.value(replaying: [4]) == 8)
        let dependent = Gen.int(in: 1...3).flatMap { n in Gen.array(of: .constant(n), count: n) }
        #expect(dependent.value(replaying: [2]) == [3, 3, 3])
        let weighted = Gen.frequency([
            (weight: 1, generator: .constant("rare")), (weight: 0, generator: .constant("never")),
            (weight: 9, generator: .constant("common")),
        ])
        let source = ChoiceSource(seed: 4)
        let draws = (0..<1_000).map { _ in try! weighted.body(source) }
        #expect(!draws.contains("never"))
        #expect(draws.filter { $0 == "common" }.count > draws.filter { $0 == "rare" }.count)
    }

    @Test("filter retries within its budget and then discards the case with a typed reason") func filterBudget() {
        let even = Gen.int(in: 0...100).filter("even") { $0 % 2 == 0 }
        let source = ChoiceSource(seed: 8)
        #expect((0..<500).allSatisfy { _ in (try! even.body(source)) % 2 == 0 })
        let impossible = Gen.int(in: 0...100).filter("negative", budget: 7) { $0 < 0 }
        do {
            _ = try impossible.body(ChoiceSource(seed: 8))
            Issue.record("an impossible filter produced a value")
        } catch {
            #expect(error == GenerationRejection(reason: .filterBudgetExhausted(filter: "negative", attempts: 7)))
        }
    }

    @Test("A custom generator draws from others through its source") func custom() {
        let pair = Gen { source in
            let n = try source.draw(Gen.int(in: 0...5))
            source.label(n == 0 ? "zero" : "positive")
            return (n, try source.draw(Gen.bool))
        }
        let source = ChoiceSource(replaying: [3, 1])
        let value = try! pair.body(source)
        #expect(value.0 == 3 && value.1)
        #expect(source.labels == ["positive"])
    }
}
