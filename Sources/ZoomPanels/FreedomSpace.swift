import MercatorCore
import PropertyCheck

/// The freedom space (PROTOCOL.md, "What a correct program may do") as the engine's own
/// generator and property: each dimension of ``Freedoms`` is one choice, the corrected core's
/// own choice first, so that a failing combination shrinks like any other counterexample, to
/// the fewest freedoms taken and to the first choice of each dimension left in it.
package enum FreedomSpace {
    /// A combination of freedoms: every dimension one draw, each of its choices equally likely
    /// (the core's own among them). Shrinks toward ``Freedoms/none``.
    package static let generator = Gen<Freedoms> { source throws(GenerationRejection) in
        Freedoms(
            libm: try source.draw(.element(of: Freedoms.Libm.allCases)),
            latitudeRoute: try source.draw(.element(of: Freedoms.LatitudeRoute.allCases)),
            zoomRoute: try source.draw(.element(of: Freedoms.ZoomRoute.allCases)),
            beyondTheBand: try source.draw(.element(of: Freedoms.BeyondTheBand.allCases)),
            antimeridian: try source.draw(.element(of: Freedoms.Antimeridian.allCases)),
            pixels: try source.draw(.element(of: Freedoms.Pixels.allCases)),
            centreSnappedAtZoom: try source.draw(.bool),
            fitViewport: try source.draw(.bool) ? Freedoms.phoneViewport : nil, zoomRange: try source.draw(.bool),
            getterClamps: try source.draw(.bool), fitClampsPoints: try source.draw(.bool),
            matrixRoute: try source.draw(.bool), fitUnpadded: try source.draw(.bool),
            beyondTheWorld: try source.draw(.element(of: Freedoms.BeyondTheWorld.allCases)),
            refusals: try source.draw(.element(of: Freedoms.Refusals.allCases)), levelNearest: try source.draw(.bool),
            viewInWorld: try source.draw(.bool), unprojectWholePixels: try source.draw(.bool),
            getterRange: try source.draw(.bool))
    }

    /// `count` combinations drawn by ``generator`` from `seed`, the same on every machine:
    /// what `zoomcheck eval --print-freedom-space` lists after the single freedoms.
    package static func sample(_ count: Int, seed: Seed = .default) -> [Freedoms] {
        var seeds = SplitMix64(seed: seed.rawValue)
        return (0..<count).compactMap { _ in generator.sample(seed: seeds.next())?.value }
    }

    /// The property "every combination holds": `failures` names what a combination fails
    /// (nothing when it holds). A failing combination is shrunk by the engine, each attempt a
    /// call of `failures`, so keep it deterministic.
    package static func property(
        _ name: String = "the freedom space holds every property", failures: @escaping @Sendable (Freedoms) -> [String]
    ) -> Property<Freedoms> {
        Property(name, generator, describe: \.description) { freedoms in
            let failed = failures(freedoms)
            try ensure(failed.isEmpty, "\(freedoms) fails:\n" + failed.joined(separator: "\n"))
        }
    }

    /// How ``property(_:failures:)`` is run: `count` combinations from `seed`, one failure
    /// shrunk (every attempt is a run of its own), no boundary search and nothing saved.
    package static func configuration(count: Int, seed: Seed = .default) -> RunConfiguration {
        var configuration = RunConfiguration(
            settings: RunSettings(seed: seed, caseCount: count, searchesBoundaries: false), shrinkStepLimit: 200,
            shrinkTimeLimit: .seconds(120), savesFailures: false)
        configuration.distinctFailureLimit = 1
        return configuration
    }
}
