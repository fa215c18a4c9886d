import Testing
@testable import ZoomProtocol

/// A `level` answer is an integer, whatever its size (PROTOCOL.md, version 3).
@Suite("Reading a level", .tags(.jsonLines))
struct LevelAnswerTests {
    @Test("2^64 − 1 (an unsigned wrap) is an integer beyond any level, read as Int.max; fractions and non-finite values are not integers")
    func levels() {
        #expect(ExternalImplementation.level(18_446_744_073_709_551_615) == Int.max)
        #expect(ExternalImplementation.level(-1e30) == Int.min)
        #expect(ExternalImplementation.level(17) == 17)
        #expect(ExternalImplementation.level(-0.0) == 0)
        #expect(ExternalImplementation.level(2.5) == nil)
        #expect(ExternalImplementation.level(.nan) == nil)
        #expect(ExternalImplementation.level(.infinity) == nil)
    }
}
