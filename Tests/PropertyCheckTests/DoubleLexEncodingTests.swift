@testable import PropertyCheck
import Testing
import TestSupport

@Suite("Double magnitude encoding", .tags(.engine)) struct DoubleLexEncodingTests {
    @Test("Encoding then decoding returns the same magnitude") func roundTrip() {
        let values: [Double] = [
            0, 1, 2, 1.5, 0.1, 1e-300, .leastNonzeroMagnitude, .leastNormalMagnitude, 0x1p56, 0x1p56 + 8, 1e300,
            .greatestFiniteMagnitude, .infinity, 179.99999999999997, 123_456.789,
        ]
        for value in values { #expect(DoubleLexEncoding.decode(DoubleLexEncoding.encode(value)) == value, "\(value)") }
        #expect(DoubleLexEncoding.decode(DoubleLexEncoding.encode(.nan)).isNaN)
        var rng = Xoshiro256StarStar(seed: 9)
        for _ in 0..<10_000 {
            let value = abs(Double(bitPattern: rng.next()))
            guard !value.isNaN else { continue }
            #expect(DoubleLexEncoding.decode(DoubleLexEncoding.encode(value)) == value)
        }
    }

    @Test("Small integers are their own choice and come before every fraction") func integersFirst() {
        #expect(DoubleLexEncoding.encode(0) == 0)
        #expect(DoubleLexEncoding.encode(2) == 2)
        #expect(DoubleLexEncoding.encode(180) == 180)
        #expect(DoubleLexEncoding.encode(2) < DoubleLexEncoding.encode(1.5))
        #expect(DoubleLexEncoding.encode(1_000_000) < DoubleLexEncoding.encode(0.5))
    }

    @Test("Fewer fractional bits encode smaller: 1.5 is the simplest fraction in [1, 2)") func fewerBits() {
        #expect(DoubleLexEncoding.encode(1.5) == (UInt64(1) << 63) | 1)
        #expect(DoubleLexEncoding.encode(1.5) < DoubleLexEncoding.encode(1.25))
        #expect(DoubleLexEncoding.encode(1.25) < DoubleLexEncoding.encode(1.5000000001))
    }

    @Test("Infinity and NaN come after every finite value") func nonFiniteLast() {
        let greatest = DoubleLexEncoding.encode(.greatestFiniteMagnitude)
        let tiniest = DoubleLexEncoding.encode(.leastNonzeroMagnitude)
        #expect(greatest < DoubleLexEncoding.encode(.infinity))
        #expect(tiniest < DoubleLexEncoding.encode(.infinity))
        #expect(DoubleLexEncoding.encode(.infinity) < DoubleLexEncoding.encode(.nan))
    }
}
