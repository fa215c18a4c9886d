import MercatorCore
import PropertyCheck

/// The choice sequence of each pinned minimal counterexample, by implementation and property.
///
/// The runner replays a documented finding's pinned choices after generation when every
/// generated case passed, so that the finding reproduces — with its pinned minimal
/// counterexample — at any case count (`--cases 1` included), while a full run still finds
/// it by generation first. Only the shipped seed ports have pins (see `ExpectedVerdicts`).
/// Regenerated with the pins: `swift run -c release zoomcheck check --impl all --print-pins`.
public enum PinnedChoices {
    /// The pinned minimal choices of `property` for `implementation`, if it is a seed port
    /// with a documented finding for it.
    public static func choices(for property: String, implementation: any ZoomImplementation) -> [UInt64]? {
        guard implementation is SeedPort else { return nil }
        return table[implementation.name]?[property]
    }

    /// Swift source for `table`, from observed outcomes (the minimal choices of each failure).
    static func swiftSource(for outcomes: [CatalogueOutcome]) -> [String] {
        var byImplementation: [String: [(String, String)]] = [:]
        for outcome in outcomes {
            guard case .fails? = outcome.observed, let choices = outcome.run?.result.failure?.minimalChoices else {
                continue
            }
            let list = choices.values.map(String.init).joined(separator: ", ")
            byImplementation[outcome.implementationName, default: []].append((outcome.property.name, "[\(list)]"))
        }
        var lines = ["    static let table: [String: [String: [UInt64]]] = ["]
        for implementation in byImplementation.keys.sorted() {
            lines.append("        \(ExpectedVerdicts.quoted(implementation)): [")
            for (property, choices) in byImplementation[implementation]! {
                lines.append("            \(ExpectedVerdicts.quoted(property)): \(choices),")
            }
            lines.append("        ],")
        }
        lines.append("    ]")
        return lines
    }

    static let table: [String: [String: [UInt64]]] = [
        "seed": [
            "latitude-round-trip": [0, 1, 0], "pixel-y-round-trip": [0],
            "map-point-is-half-seed-pixel": [0, 1, 0, 0, 0, 0], "y-odd-about-equator": [0, 1, 0],
            "y-within-one-pixel": [0, 1, 0], "span-shrinks-as-zoom-grows": [0, 0, 0, 2, 0, 27, 0, 0, 0],
            "longitude-span-halves-per-level": [0, 0, 0, 2, 0, 26, 0, 0, 0],
            "zoom-round-trip-level": [3, 0, 2, 0, 0, 0, 0, 0], "zoom-round-trip-fractional": [3, 0, 2, 0, 0, 0, 0, 0],
            "zoom-level-is-a-rounding-of-zoom": [3, 0, 2, 0, 21, 7, 0, 0],
            "zoom-level-follows-its-rounding": [3, 0, 2, 0, 0, 0, 0, 0],
            "latitude-span-matches-height": [3, 6, 2, 0, 12, 8, 0, 0],
            "regions-are-valid": [0, 7, 0, 0, 0, 0, 0, 0, 0, 0],
            "longitude-span-at-most-360": [3, 0, 2, 0, 0, 4, 0, 0],
            "region-within-the-poles": [0, 7, 0, 0, 0, 0, 0, 0, 0, 0],
            "zoom-level-matches-google": [3, 0, 2, 0, 1, 0, 0, 0],
            "fit-covers-every-point": [2, 1, 0, 0, 0, 0, 0, 1, 57, 0, 0, 0, 0, 0],
            "fit-is-valid": [0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 74, 0, 0, 0, 0, 0],
            "fit-latitude-span-at-most-180": [0, 1, 0, 72, 1, 0, 0, 0, 1, 3, 2, 2, 0, 0],
            "fit-takes-the-short-way": [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0],
            "fit-centred-on-the-points": [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0],
            "fit-is-padded": [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0], "fit-single-point": [0, 86, 0, 0, 0, 0],
            "fit-covers-points-beyond-the-band": [0, 1, 86, 0, 0, 0, 0, 0], "nan-input-is-never-answered": [12, 0],
            "bad-latitude-is-refused": [1, 0, 0, 91, 0], "bad-longitude-is-refused": [0, 0, 181, 0],
            "bad-pixel-is-refused": [2, 1], "centre-beyond-the-band-is-refused": [0, 86, 0, 0],
            "bad-zoom-is-refused": [0, 0, 0], "bad-viewport-is-refused": [0, 0, 0, 0],
            "bad-fit-point-is-refused": [0, 1, 0, 0, 0, 9256744413781032960, 0, 0],
            "bad-span-zoom-reading-is-refused": [0, 2], "bad-region-zoom-reading-is-refused": [0, 0, 0],
            "bad-viewport-zoom-reading-is-refused": [0, 0, 1], "session-restore-keeps-the-level": [0, 1, 0, 1, 1, 0],
            "session-region-stays-valid": [0, 1, 3, 4, 0, 0, 0, 0],
            "project-matches-the-reference": [0, 0, 1, 0, 0, 0, 0],
            "span-matches-the-reference": [0, 0, 7, 0, 2, 0, 0, 0, 0, 0],
            "zoom-reading-matches-the-reference": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            "fit-is-bounded-by-its-points": [0, 0, 1, 3, 2, 2, 0, 0],
            "fit-refuses-a-bad-point-anywhere": [1, 0, 67, 0, 2, 0, 0, 0, 1, 1, 0, 0],
        ],
        "seed-21": [
            "latitude-round-trip": [0, 1, 0], "pixel-y-round-trip": [0],
            "map-point-is-half-seed-pixel": [0, 1, 0, 0, 0, 0], "y-odd-about-equator": [0, 1, 0],
            "y-within-one-pixel": [0, 1, 0], "span-shrinks-as-zoom-grows": [3, 0, 2, 0, 22, 7, 0, 0],
            "longitude-span-halves-per-level": [0, 0, 0, 2, 0, 27, 0, 0, 0],
            "latitude-span-matches-height": [3, 6, 2, 0, 13, 8, 0, 0],
            "regions-are-valid": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            "longitude-span-at-most-360": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            "region-within-the-poles": [0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
            "fit-covers-every-point": [2, 1, 0, 0, 0, 0, 0, 1, 57, 0, 0, 0, 0, 0],
            "fit-is-valid": [0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 74, 0, 0, 0, 0, 0],
            "fit-latitude-span-at-most-180": [0, 1, 0, 72, 1, 0, 0, 0, 1, 3, 2, 2, 0, 0],
            "fit-takes-the-short-way": [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0],
            "fit-centred-on-the-points": [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0],
            "fit-is-padded": [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0], "fit-single-point": [0, 86, 0, 0, 0, 0],
            "fit-covers-points-beyond-the-band": [0, 1, 86, 0, 0, 0, 0, 0],
            "bad-latitude-is-refused": [1, 0, 0, 91, 0], "bad-longitude-is-refused": [0, 0, 181, 0],
            "bad-pixel-is-refused": [2, 1], "centre-beyond-the-band-is-refused": [0, 86, 0, 0],
            "bad-zoom-is-refused": [0, 0, 0], "bad-viewport-is-refused": [0, 0, 0, 0],
            "bad-fit-point-is-refused": [0, 1, 0, 0, 0, 9256744413781032960, 0, 0],
            "project-matches-the-reference": [0, 0, 1, 0, 0, 0, 0],
            "span-matches-the-reference": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            "fit-is-bounded-by-its-points": [0, 0, 1, 3, 2, 2, 0, 0],
            "fit-refuses-a-bad-point-anywhere": [1, 0, 67, 0, 2, 0, 0, 0, 1, 1, 0, 0],
        ],
        "seed-mappoint": [
            "latitude-round-trip": [0, 1, 0], "pixel-y-round-trip": [0],
            "map-point-is-half-seed-pixel": [0, 1, 0, 0, 0, 0], "y-odd-about-equator": [0, 1, 0],
            "y-within-one-pixel": [0, 1, 0], "regions-are-valid": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            "longitude-span-at-most-360": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            "region-within-the-poles": [0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
            "fit-covers-every-point": [2, 1, 0, 0, 0, 0, 0, 1, 57, 0, 0, 0, 0, 0],
            "fit-is-valid": [0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 74, 0, 0, 0, 0, 0],
            "fit-latitude-span-at-most-180": [0, 1, 0, 72, 1, 0, 0, 0, 1, 3, 2, 2, 0, 0],
            "fit-takes-the-short-way": [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0],
            "fit-centred-on-the-points": [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0],
            "fit-is-padded": [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0], "fit-single-point": [0, 86, 0, 0, 0, 0],
            "fit-covers-points-beyond-the-band": [0, 1, 86, 0, 0, 0, 0, 0],
            "bad-latitude-is-refused": [1, 0, 0, 91, 0], "bad-longitude-is-refused": [0, 0, 181, 0],
            "bad-pixel-is-refused": [2, 1], "centre-beyond-the-band-is-refused": [0, 86, 0, 0],
            "bad-zoom-is-refused": [0, 0, 0], "bad-viewport-is-refused": [0, 0, 0, 0],
            "bad-fit-point-is-refused": [0, 1, 0, 0, 0, 9256744413781032960, 0, 0],
            "project-matches-the-reference": [0, 0, 1, 0, 0, 0, 0],
            "span-matches-the-reference": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            "fit-is-bounded-by-its-points": [0, 0, 1, 3, 2, 2, 0, 0],
            "fit-refuses-a-bad-point-anywhere": [1, 0, 67, 0, 2, 0, 0, 0, 1, 1, 0, 0],
        ],
    ]
}
