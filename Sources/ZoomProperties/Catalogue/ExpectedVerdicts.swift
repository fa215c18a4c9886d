import MercatorCore

/// The verdict each property is expected to reach for each shipped implementation.
///
/// Anything not listed is expected to hold: the corrected core, and any user's
/// implementation, must pass every property. The seed port's failures are the documented
/// findings, pinned to their minimal counterexamples (see `ExpectedVerdict.fails`): a
/// finding that stops reproducing, or whose minimal counterexample changes, fails
/// `zoomcheck check` and the test suite. Regenerate the pins with
/// `swift run -c release zoomcheck check --impl all --print-pins` after an intended change, and review
/// the diff.
public enum ExpectedVerdicts {
    /// The verdict expected of `implementation` for `property`: the pin when it is one of
    /// the shipped seed ports (by type, not by name — a user's type called `seed` must hold
    /// everything), otherwise `.holds`.
    public static func verdict(for property: String, implementation: any ZoomImplementation) -> ExpectedVerdict {
        guard implementation is SeedPort else { return .holds }
        return pins[implementation.name]?[property] ?? .holds
    }

    /// Swift source for `pins`, from observed outcomes: what `--print-pins` prints.
    ///
    /// Only failures are listed (holding is the default; not-applicable comes from the
    /// property's definition).
    public static func swiftSource(for outcomes: [CatalogueOutcome]) -> String {
        var byImplementation: [String: [(String, String)]] = [:]
        for outcome in outcomes {
            if case .fails(let pin)? = outcome.observed {
                byImplementation[outcome.implementationName, default: []].append((outcome.property.name, pin))
            }
        }
        var lines = ["    static let pins: [String: [String: ExpectedVerdict]] = ["]
        for implementation in byImplementation.keys.sorted() {
            lines.append("        \(quoted(implementation)): [")
            for (property, pin) in byImplementation[implementation]! {
                lines.append("            \(quoted(property)): .fails(pin: \(quoted(pin))),")
            }
            lines.append("        ],")
        }
        lines.append("    ]")
        lines += ["", "    // PinnedChoices.swift:"] + PinnedChoices.swiftSource(for: outcomes)
        return lines.joined(separator: "\n")
    }

    /// A Swift string literal for `text`.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Pins by implementation name, then property name.
    static let pins: [String: [String: ExpectedVerdict]] = [
        "seed": [
            "latitude-round-trip": .fails(pin: "northern latitude band [0°, 5°)"),
            "pixel-y-round-trip": .fails(pin: "y in row 0 of 16 (each 2^25 px)"),
            "map-point-is-half-seed-pixel": .fails(pin: "northern latitude band [0°, 5°)"),
            "y-odd-about-equator": .fails(pin: "northern latitude band [0°, 5°)"),
            "y-within-one-pixel": .fails(pin: "northern latitude band [0°, 5°)"),
            "span-shrinks-as-zoom-grows": .fails(pin: "centre (0, 0), zoom 27 seed512, viewport 320×460 pt @1x"),
            "longitude-span-halves-per-level": .fails(pin: "centre (0, 0), zoom 26 seed512, viewport 320×460 pt @1x"),
            "zoom-round-trip-level": .fails(pin: "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x"),
            "zoom-round-trip-fractional": .fails(pin: "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x"),
            "zoom-level-is-a-rounding-of-zoom": .fails(pin: "centre (0, 0), zoom 21 seed512, viewport 1×1 pt @1x"),
            "zoom-level-follows-its-rounding": .fails(pin: "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x"),
            "latitude-span-matches-height": .fails(pin: "centre (85, 0), zoom 12 seed512, viewport 4096×4096 pt @1x"),
            "regions-are-valid": .fails(pin: "centre (7, 0), zoom 0 seed512, viewport 320×460 pt @1x"),
            "longitude-span-at-most-360": .fails(pin: "centre (0, 0), zoom 0 seed512, viewport 768×1024 pt @1x"),
            "region-within-the-poles": .fails(pin: "centre (7, 0), zoom 0 seed512, viewport 320×460 pt @1x"),
            "zoom-level-matches-google": .fails(pin: "centre (0, 0), zoom 1 seed512, viewport 320×460 pt @1x"),
            "fit-covers-every-point": .fails(pin: "[(0, 180), (57, 180)]"),
            "fit-is-valid": .fails(pin: "[(0, 0), (74, 0)]"),
            "fit-latitude-span-at-most-180": .fails(pin: "[(-72, 0), (85.05112877980659, 0)]"),
            "fit-takes-the-short-way": .fails(pin: "[(0, 180), (0, -180)]"),
            "fit-centred-on-the-points": .fails(pin: "[(0, 180), (0, -180)]"),
            "fit-is-padded": .fails(pin: "[(0, 180), (0, -180)]"), "fit-single-point": .fails(pin: "(86, 0)"),
            "fit-covers-points-beyond-the-band": .fails(pin: "[(86, 0)]"),
            "nan-input-is-never-answered": .fails(pin: "zoom, centre lat NaN"),
            "bad-latitude-is-refused": .fails(pin: "91.0"), "bad-longitude-is-refused": .fails(pin: "181.0"),
            "bad-pixel-is-refused": .fails(pin: "pixel (x 268435456, y inf) at zoom 20 seed512"),
            "centre-beyond-the-band-is-refused": .fails(pin: "centre (86, 0), zoom 3 seed512, viewport 320×460 pt @1x"),
            "bad-zoom-is-refused": .fails(pin: "zoom -1 in seed512"),
            "bad-viewport-is-refused": .fails(pin: "viewport 0×460 pt @1x in seed512"),
            "bad-fit-point-is-refused": .fails(pin: "[(0, 180.00000000000003)]"),
            "bad-span-zoom-reading-is-refused": .fails(pin: "361.0"),
            "bad-region-zoom-reading-is-refused": .fails(pin: "reaches past the north pole by 1e-09"),
            "bad-viewport-zoom-reading-is-refused": .fails(pin: "viewport 320×0 pt @1x"),
            "session-restore-keeps-the-level": .fails(
                pin: """
                    let map = try MapViewSession(SeedPort(variant: .original), convention: .seed512); try \
                    map.saveZoomLevel(); try map.restoreSavedZoom()
                    """),
            "session-region-stays-valid": .fails(
                pin: """
                    let map = try MapViewSession(SeedPort(variant: .original), convention: .seed512); try \
                    map.resize(to: Viewport(widthInPoints: 768, heightInPoints: 1024, pixelsPerPoint: 1))
                    """), "project-matches-the-reference": .fails(pin: "northern latitude band [0°, 5°)"),
            "span-matches-the-reference": .fails(pin: "centre (7, 0), zoom 0 seed512, viewport 320×460 pt @1x"),
            "zoom-reading-matches-the-reference": .fails(
                pin: "centre (0, 0), latitudeDelta 0.225°, longitudeDelta 225°, viewport 320×460 pt @1x, seed512"),
            "fit-is-bounded-by-its-points": .fails(pin: "[(90, 0)]"),
            "fit-refuses-a-bad-point-anywhere": .fails(pin: "[(inf, 20), (67, 0)] (point 0 is bad)"),
        ],
        "seed-21": [
            "latitude-round-trip": .fails(pin: "northern latitude band [0°, 5°)"),
            "pixel-y-round-trip": .fails(pin: "y in row 0 of 16 (each 2^25 px)"),
            "map-point-is-half-seed-pixel": .fails(pin: "northern latitude band [0°, 5°)"),
            "y-odd-about-equator": .fails(pin: "northern latitude band [0°, 5°)"),
            "y-within-one-pixel": .fails(pin: "northern latitude band [0°, 5°)"),
            "span-shrinks-as-zoom-grows": .fails(pin: "centre (0, 0), zoom 22 tile256, viewport 1×1 pt @1x"),
            "longitude-span-halves-per-level": .fails(pin: "centre (0, 0), zoom 27 tile256, viewport 320×460 pt @1x"),
            "latitude-span-matches-height": .fails(pin: "centre (85, 0), zoom 13 tile256, viewport 4096×4096 pt @1x"),
            "regions-are-valid": .fails(pin: "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x"),
            "longitude-span-at-most-360": .fails(pin: "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x"),
            "region-within-the-poles": .fails(pin: "centre (1, 0), zoom 0 tile256, viewport 320×460 pt @1x"),
            "fit-covers-every-point": .fails(pin: "[(0, 180), (57, 180)]"),
            "fit-is-valid": .fails(pin: "[(0, 0), (74, 0)]"),
            "fit-latitude-span-at-most-180": .fails(pin: "[(-72, 0), (85.05112877980659, 0)]"),
            "fit-takes-the-short-way": .fails(pin: "[(0, 180), (0, -180)]"),
            "fit-centred-on-the-points": .fails(pin: "[(0, 180), (0, -180)]"),
            "fit-is-padded": .fails(pin: "[(0, 180), (0, -180)]"), "fit-single-point": .fails(pin: "(86, 0)"),
            "fit-covers-points-beyond-the-band": .fails(pin: "[(86, 0)]"),
            "bad-latitude-is-refused": .fails(pin: "91.0"), "bad-longitude-is-refused": .fails(pin: "181.0"),
            "bad-pixel-is-refused": .fails(pin: "pixel (x 268435456, y inf) at zoom 20 seed512"),
            "centre-beyond-the-band-is-refused": .fails(pin: "centre (86, 0), zoom 3 tile256, viewport 320×460 pt @1x"),
            "bad-zoom-is-refused": .fails(pin: "zoom -1 in tile256"),
            "bad-viewport-is-refused": .fails(pin: "viewport 0×460 pt @1x in tile256"),
            "bad-fit-point-is-refused": .fails(pin: "[(0, 180.00000000000003)]"),
            "project-matches-the-reference": .fails(pin: "northern latitude band [0°, 5°)"),
            "span-matches-the-reference": .fails(pin: "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x"),
            "fit-is-bounded-by-its-points": .fails(pin: "[(90, 0)]"),
            "fit-refuses-a-bad-point-anywhere": .fails(pin: "[(inf, 20), (67, 0)] (point 0 is bad)"),
        ],
        "seed-mappoint": [
            "latitude-round-trip": .fails(pin: "northern latitude band [0°, 5°)"),
            "pixel-y-round-trip": .fails(pin: "y in row 0 of 16 (each 2^25 px)"),
            "map-point-is-half-seed-pixel": .fails(pin: "northern latitude band [0°, 5°)"),
            "y-odd-about-equator": .fails(pin: "northern latitude band [0°, 5°)"),
            "y-within-one-pixel": .fails(pin: "northern latitude band [0°, 5°)"),
            "regions-are-valid": .fails(pin: "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x"),
            "longitude-span-at-most-360": .fails(pin: "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x"),
            "region-within-the-poles": .fails(pin: "centre (1, 0), zoom 0 tile256, viewport 320×460 pt @1x"),
            "fit-covers-every-point": .fails(pin: "[(0, 180), (57, 180)]"),
            "fit-is-valid": .fails(pin: "[(0, 0), (74, 0)]"),
            "fit-latitude-span-at-most-180": .fails(pin: "[(-72, 0), (85.05112877980659, 0)]"),
            "fit-takes-the-short-way": .fails(pin: "[(0, 180), (0, -180)]"),
            "fit-centred-on-the-points": .fails(pin: "[(0, 180), (0, -180)]"),
            "fit-is-padded": .fails(pin: "[(0, 180), (0, -180)]"), "fit-single-point": .fails(pin: "(86, 0)"),
            "fit-covers-points-beyond-the-band": .fails(pin: "[(86, 0)]"),
            "bad-latitude-is-refused": .fails(pin: "91.0"), "bad-longitude-is-refused": .fails(pin: "181.0"),
            "bad-pixel-is-refused": .fails(pin: "pixel (x 268435456, y inf) at zoom 20 seed512"),
            "centre-beyond-the-band-is-refused": .fails(pin: "centre (86, 0), zoom 3 tile256, viewport 320×460 pt @1x"),
            "bad-zoom-is-refused": .fails(pin: "zoom -1 in tile256"),
            "bad-viewport-is-refused": .fails(pin: "viewport 0×460 pt @1x in tile256"),
            "bad-fit-point-is-refused": .fails(pin: "[(0, 180.00000000000003)]"),
            "project-matches-the-reference": .fails(pin: "northern latitude band [0°, 5°)"),
            "span-matches-the-reference": .fails(pin: "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x"),
            "fit-is-bounded-by-its-points": .fails(pin: "[(90, 0)]"),
            "fit-refuses-a-bad-point-anywhere": .fails(pin: "[(inf, 20), (67, 0)] (point 0 is bad)"),
        ],
    ]
}
