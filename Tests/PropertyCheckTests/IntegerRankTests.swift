@testable import PropertyCheck
import Testing
import TestSupport

@Suite("Integer ranks", .tags(.engine)) struct IntegerRankTests {
    @Test(
        "Ranks are a bijection onto the range, simplest first",
        arguments: [0...10, 5...9, -9...(-5), -3...5, -5...3, -4...4, 0...0, -1...0]) func bijection(
            range: ClosedRange<Int>
        )
    {
        let ranks = IntegerRank(range)
        let values = (0...ranks.maximumRank).map(ranks.value(ofRank:))
        #expect(Set(values) == Set(range))
        for rank in 0...ranks.maximumRank { #expect(ranks.rank(of: ranks.value(ofRank: rank)) == rank) }
        let distances = values.map(\.magnitude)
        #expect(distances == distances.sorted(), "ranks grow with distance from zero")
    }

    @Test("Straddling ranges alternate positive first: 0, 1, -1, 2, -2, then the longer side") func alternation() {
        let ranks = IntegerRank(-2...4)
        #expect((0...6).map { ranks.value(ofRank: $0) } == [0, 1, -1, 2, -2, 3, 4])
    }

    @Test("The full Int range maps without overflow") func fullRange() {
        let ranks = IntegerRank(Int.min...Int.max)
        #expect(ranks.maximumRank == .max)
        #expect(ranks.value(ofRank: .max) == Int.min)
        #expect(ranks.value(ofRank: .max - 1) == -Int.max)
        #expect(ranks.value(ofRank: .max - 2) == Int.max)
        #expect(ranks.rank(of: Int.min) == .max)
        #expect(ranks.value(ofRank: 0) == 0)
    }

    @Test("Ranks beyond the maximum are clamped") func clamping() {
        #expect(IntegerRank(0...10).value(ofRank: 1_000) == 10)
    }
}
