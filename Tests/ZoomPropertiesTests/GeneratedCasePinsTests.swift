import MercatorCore
import PropertyCheck
import Testing
@testable import ZoomProperties

/// Same seed, same case, bit for bit, on every platform: generation uses only IEEE-exact
/// operations (the area-uniform class goes through `PortableMath`, not the libm's `asin`),
/// so these bit patterns hold on glibc, musl and Apple's libm alike. A change here is a
/// change of every seed's cases: re-record only on purpose.
@Suite("Generated cases are pinned as bit patterns") struct GeneratedCasePinsTests {
    static func check(_ generator: Gen<Double>, _ pins: [(seed: UInt64, bits: UInt64)]) {
        for pin in pins {
            let value = generator.sample(seed: pin.seed)?.value
            #expect(value?.bitPattern == pin.bits, "seed \(pin.seed): \(value.map { String($0) } ?? "nothing")")
        }
    }

    @Test("Area-uniform latitudes in the Mercator band and on the sphere") func areaUniform() {
        Self.check(
            CoordinateGen.areaUniform(upTo: MercatorMath.latitudeLimit),
            [
                (1, 0x4002_AB94_640D_0534), (2, 0x8000_0000_0000_0000), (3, 0x4030_445A_255C_FF3A),
                (4, 0x404B_8AC1_8A03_EDF3), (5, 0x4027_78DC_F1D5_FA9E),
            ])
        Self.check(
            CoordinateGen.areaUniform(upTo: 90),
            [
                (1, 0x4002_BD79_643B_EE45), (2, 0x8000_0000_0000_0000), (3, 0x4030_545E_AB65_95DC),
                (4, 0x404B_B239_02FA_4350), (5, 0x4027_8FAB_4C90_E5ED),
            ])
    }

    @Test("Band and sphere latitudes, longitudes and fractional zooms") func coordinatesAndZooms() {
        Self.check(
            CoordinateGen.bandLatitude,
            [
                (1, 0xC054_7E81_73E2_63F2), (2, 0xC04A_E11D_2175_F0D0), (3, 0xC041_1351_48B4_45B9),
                (4, 0xC023_444D_194F_42D8), (5, 0x4039_7030_440A_4BC0),
            ])
        Self.check(
            CoordinateGen.sphereLatitude,
            [
                (1, 0xC054_37AC_EAD0_1901), (2, 0xC04C_7181_5879_F520), (3, 0xC054_C09A_68C9_C4E1),
                (4, 0xC024_634C_0B1B_5E98), (5, 0x403A_EB1D_0419_43FC),
            ])
        Self.check(
            CoordinateGen.longitude,
            [
                (1, 0xC066_737A_3C70_87B3), (2, 0xC05C_7181_5879_F520), (3, 0xC066_6EE9_C94E_9B92),
                (4, 0xC034_634C_0B1B_5E98), (5, 0x404A_EB1D_0419_43FC),
            ])
        Self.check(
            ZoomAndViewportGen.fractionalZoom,
            [
                (1, 0x402D_24FA_B8DF_93E0), (2, 0x0010_0000_0000_0000), (3, 0x4031_EFAF_45A2_4AAA),
                (4, 0x4039_85D9_79FB_B52A), (5, 0x4030_DBB9_E5E0_702C),
            ])
    }

    /// A composite case as the bit patterns of its numbers (a convention as its index in
    /// `ZoomConvention.allCases`, an annotation set as its size and its first and last points).
    static func check<Value>(
        _ generator: Gen<Value>, bits: (Value) -> [UInt64], _ pins: [(seed: UInt64, bits: [UInt64])]
    ) {
        for pin in pins {
            let got = generator.sample(seed: pin.seed).map { bits($0.value) }
            let hex =
                got.map { "[" + $0.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", ") + "]" }
                ?? "nothing"
            #expect(got == pin.bits, "seed \(pin.seed): \(hex)")
        }
    }

    static func bits(_ points: [Coordinate]) -> [UInt64] {
        [UInt64(points.count)]
            + [points.first, points.last].compactMap { $0 }.flatMap {
                [$0.latitude.bitPattern, $0.longitude.bitPattern]
            }
    }

    static func bits(_ viewport: Viewport) -> [UInt64] {
        [viewport.widthInPoints.bitPattern, viewport.heightInPoints.bitPattern, viewport.pixelsPerPoint.bitPattern]
    }

    static func index(_ convention: ZoomConvention) -> UInt64 {
        UInt64(ZoomConvention.allCases.firstIndex(of: convention)!)
    }

    @Test("Annotation sets: on the sphere, in the band, and beyond the band") func annotationSets() {
        Self.check(
            AnnotationSetGen.annotations, bits: Self.bits,
            [
                (
                    1,
                    [0x1E, 0x4037_A952_2A38_4080, 0x4066_8000_0000_0000, 0xBFF0_0000_0000_0000, 0xC065_6B0E_11BB_665A]
                ),
                (2, [0xA, 0xC055_2D3D_77D1_C2D1, 0x4056_6B93_958F_6074, 0x4054_4E3F_1374_1424, 0x4053_D89D_B7DC_E86C]),
                (3, [0xC, 0xC022_18D8_3948_FDB0, 0xC066_3CBF_115C_A587, 0x402F_6030_7B2E_BE90, 0xC066_8000_0000_0000]),
                (4, [0x17, 0x8000_0000_0000_0000, 0x4054_2BA7_66B3_C198, 0xC055_4199_2E6B_ACD3, 0x0]),
            ])
        Self.check(
            AnnotationSetGen.bandAnnotations, bits: Self.bits,
            [
                (
                    1,
                    [0x1E, 0x4037_A952_2A38_4080, 0x4066_8000_0000_0000, 0xBFF0_0000_0000_0000, 0xC065_6B0E_11BB_665A]
                ),
                (2, [0xA, 0xC054_D132_9506_4887, 0x4056_6B93_958F_6074, 0x403E_FE93_5E3A_E104, 0x4064_4E3F_1374_1424]),
                (3, [0xC, 0xC022_18D8_3948_FDB0, 0xC066_3CBF_115C_A587, 0x402F_6030_7B2E_BE90, 0xC066_8000_0000_0000]),
                (4, [0x17, 0x8000_0000_0000_0000, 0x4054_2BA7_66B3_C198, 0xC054_D80D_959F_1330, 0x0]),
            ])
        Self.check(
            AnnotationSetGen.beyondBand, bits: Self.bits,
            [
                (1, [0x6, 0xC056_2016_8716_74F1, 0xC066_7FFF_FFFF_FFFF, 0xC056_312E_1BB2_9A06, 0x0]),
                (2, [0x2, 0x4056_1C98_4BED_D2C8, 0xC059_4908_0863_C688, 0x4056_3089_8C95_ABB5, 0x4066_6141_74A0_7CA2]),
                (3, [0x3, 0xC055_C9C0_E2F7_217E, 0x4053_66D7_2B3F_C544, 0xC056_323E_E90D_201C, 0x4066_6000_0000_0000]),
                (4, [0x5, 0x4055_8ACB_C0F7_B91B, 0x4054_2BA7_66B3_C198, 0x4056_7FFF_FFFF_FFFF, 0x4056_448C_A7ED_8914]),
            ])
    }

    @Test("Viewports, span inputs, pixel spaces and a session's resizes") func viewportsAndInputs() {
        Self.check(
            ZoomAndViewportGen.viewport, bits: Self.bits,
            [
                (1, [0x4094_0000_0000_0000, 0x409C_C000_0000_0000, 0x4000_0000_0000_0000]),
                (2, [0x4074_0000_0000_0000, 0x407C_C000_0000_0000, 0x4008_0000_0000_0000]),
                (3, [0x4094_0000_0000_0000, 0x409C_C000_0000_0000, 0x4000_0000_0000_0000]),
                (4, [0x4077_7000_0000_0000, 0x4084_D800_0000_0000, 0x4008_0000_0000_0000]),
            ])
        Self.check(
            SpanInput.fractionalZooms(for: BuiltInImplementations.corrected),
            bits: {
                [$0.center.latitude.bitPattern, $0.center.longitude.bitPattern, $0.zoom.bitPattern]
                    + Self.bits($0.viewport) + [Self.index($0.convention)]
            },
            [
                (
                    1,
                    [
                        0xC054_7E81_73E2_63F2, 0x4066_6000_0000_0000, 0x4038_47BF_BF2C_55F4, 0x4088_0000_0000_0000,
                        0x4090_0000_0000_0000, 0x4008_0000_0000_0000, 0x1,
                    ]
                ),
                (
                    2,
                    [
                        0xC04A_E11D_2175_F0D0, 0xC066_6B4A_C045_CED7, 0x4031_0CDD_5C9A_1209, 0x4094_0000_0000_0000,
                        0x409C_C000_0000_0000, 0x4008_0000_0000_0000, 0x0,
                    ]
                ),
                (
                    3,
                    [
                        0xC041_1351_48B4_45B9, 0xC042_16AB_86C8_A0D0, 0x4034_093D_40A7_C037, 0x40B0_0000_0000_0000,
                        0x40B0_0000_0000_0000, 0x3FF0_0000_0000_0000, 0x1,
                    ]
                ),
                (
                    4,
                    [
                        0xC023_444D_194F_42D8, 0x8000_0000_0000_0000, 0x402B_1B0E_1FBE_9122, 0x4094_0000_0000_0000,
                        0x409C_C000_0000_0000, 0x3FF0_0000_0000_0000, 0x0,
                    ]
                ),
            ])
        Self.check(
            PixelSpaceGen.declared(by: BuiltInImplementations.corrected),
            bits: { [$0.zoom.bitPattern, Self.index($0.convention)] },
            [
                (1, [0x4030_1330_8D68_E49F, 0x0]), (2, [0x4014_0000_0000_0000, 0x1]),
                (3, [0x4018_7204_CDE5_F25C, 0x1]), (4, [0x4028_0000_0000_0000, 0x1]),
            ])
        Self.check(
            SessionCommands.viewport, bits: Self.bits,
            [
                (1, [0x4080_0000_0000_0000, 0x4088_0000_0000_0000, 0x4000_0000_0000_0000]),
                (2, [0x407C_C000_0000_0000, 0x4074_0000_0000_0000, 0x4008_0000_0000_0000]),
                (3, [0x4090_0000_0000_0000, 0x4088_0000_0000_0000, 0x4000_0000_0000_0000]),
                (4, [0x407E_0000_0000_0000, 0x4074_0000_0000_0000, 0x4008_0000_0000_0000]),
            ])
    }
}
