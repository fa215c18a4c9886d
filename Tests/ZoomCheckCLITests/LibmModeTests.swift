import Foundation
import MercatorCore
import Testing
import TestSupport
@testable import ZoomCheckCLI

/// `check --libm platform`: the seed ports call the platform's `sinf`/`logf`, judged by the
/// properties only; the report names the library and how far it departs from the portable
/// (correctly rounded) pair. Nothing here pins a libm's last bits: the same assertions hold
/// under glibc and with musl preloaded (CI/libm-canary.sh runs this suite so).
@Suite("zoomcheck check --libm", .tags(.cli)) struct LibmModeTests {
    @Test("--libm platform names the library that defines sinf and measures its departure from the portable pair")
    func platformIsNamedAndMeasured() {
        let result = CheckCommandTests.run([
            "check", "--libm", "platform", "--impl", "seed", "--property", "y-error-within-single-precision-bound",
            "--cases", "2000",
        ])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let name = FloatLibm.platformLibraryName
        #expect(
            CheckCommandTests.flat(result.output).contains(
                "libm: the seed ports call sinf and logf from \(name), judged by the properties only"),
            "\(result.output)")
        #expect(
            CheckCommandTests.flat(result.output).contains(CheckCommandTests.flat("libm: \(LibmDeparture.measure())")),
            "\(result.output)")
        // The single-precision bound assumes only a faithful (1-ulp) sinf and logf.
        #expect(result.output.contains("\ny-error-within-single-precision-bound  holds\n"), "\(result.output)")
    }

    @Test("The departure report counts a moved y only where the platform's sinf or logf differs from the portable one")
    func departureIsMeasured() {
        let departure = LibmDeparture.measure(count: 2001)
        #expect(departure.latitudes == 2001)
        #expect(
            departure.sineDifferences <= departure.latitudes && departure.logarithmDifferences <= departure.latitudes)
        // Differences in y come only from differences in sinf or logf.
        #expect(departure.pixelDifferences <= departure.sineDifferences + departure.logarithmDifferences)
        #expect((departure.pixelDifferences == 0) == (departure.largestPixelDifference == 0))
    }

    @Test("--libm portable is the default and changes nothing; any other value is a usage error naming it")
    func values() {
        let regressions = FileManager.default.temporaryDirectory.appendingPathComponent(
            "zoomcheck-libm-tests-\(UUID().uuidString)"
        ).path
        let arguments = [
            "--impl", "seed", "--property", "y-within-one-pixel", "--cases", "100", "--regressions", regressions,
        ]
        let portable = CheckCommandTests.run(["check", "--libm", "portable"] + arguments)
        let plain = CheckCommandTests.run(["check"] + arguments)
        #expect(portable.status == 0)
        #expect(!portable.output.contains("libm:"))
        let strip = { (text: String) in
            text.replacingOccurrences(of: #"\d+ ms|[0-9.]+ s\n"#, with: "", options: .regularExpression)
        }
        #expect(strip(portable.output) == strip(plain.output))
        let typo = CheckCommandTests.run(["check", "--libm", "platfrom"])
        #expect(typo.status == 64)
        #expect(typo.errors.contains("--libm takes portable or platform, not 'platfrom'"), "\(typo.errors)")
    }
}
