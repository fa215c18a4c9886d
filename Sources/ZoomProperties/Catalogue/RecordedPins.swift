// swift-format-ignore-file
// Recorded by `bash CI/regenerate.sh` from `zoomcheck check --impl all --print-pins` (the default seed,
// 10000 cases, Corpus/regressions); `bash CI/regenerate.sh --check`, in the gate, fails when a fresh run
// differs. Do not edit by hand: change the code, regenerate, review the diff.

/// Every documented finding of the shipped seed ports: the property, the pin its minimal
/// counterexample renders as, and the choice sequence that replays that counterexample; a
/// property's further rows are its other distinct failures, in the order found.
enum RecordedPins {
    static let all: [RecordedPin] = [
        RecordedPin(
            implementation: "seed", property: "latitude-round-trip",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 1, 0]),
        RecordedPin(
            implementation: "seed", property: "pixel-y-round-trip",
            pin: "y in row 0 of 16 (each 2^25 px)",
            choices: [0]),
        RecordedPin(
            implementation: "seed", property: "map-point-is-half-seed-pixel",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 1, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "y-odd-about-equator",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 13835058063147359872, 0]),
        RecordedPin(
            implementation: "seed", property: "y-within-one-pixel",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 1, 0]),
        RecordedPin(
            implementation: "seed", property: "span-shrinks-as-zoom-grows",
            pin: "centre (0, 0), zoom 27 seed512, viewport 320×460 pt @1x",
            choices: [0, 3, 0, 2, 0, 27, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "longitude-span-halves-per-level",
            pin: "centre (0, 0), zoom 26 seed512, viewport 320×460 pt @1x",
            choices: [0, 0, 0, 2, 0, 26, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "zoom-round-trip-level",
            pin: "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x",
            choices: [3, 0, 2, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "zoom-round-trip-fractional",
            pin: "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x",
            choices: [3, 0, 2, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "zoom-level-follows-its-rounding",
            pin: "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x",
            choices: [3, 0, 2, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "longitude-span-not-quantised",
            pin: "centre (0, 0), zoom 23 seed512, viewport 375×667 pt @1x",
            choices: [0, 0, 0, 2, 0, 23, 2, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "latitude-span-matches-height",
            pin: "centre (0, 0), zoom 23 seed512, viewport 320×460 pt @1x",
            choices: [3, 0, 2, 0, 23, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "regions-are-valid",
            pin: "centre (7, 0), zoom 0 seed512, viewport 320×460 pt @1x",
            choices: [0, 7, 0, 0, 0, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "longitude-span-at-most-360",
            pin: "centre (0, 0), zoom 0 seed512, viewport 768×1024 pt @1x",
            choices: [3, 0, 2, 0, 0, 4, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "region-within-the-poles",
            pin: "centre (7, 0), zoom 0 seed512, viewport 320×460 pt @1x",
            choices: [0, 7, 0, 0, 0, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "seed512-zoom-is-tile256-zoom-plus-one",
            pin: "centre (0, 0), zoom 23 seed512, viewport 375×667 pt @1x",
            choices: [0, 0, 0, 2, 0, 23, 2, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "zoom-level-matches-google",
            pin: "centre (0, 0), zoom 1 seed512, viewport 320×460 pt @1x",
            choices: [3, 0, 2, 0, 1, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "fit-covers-every-point",
            pin: "[(0, 180), (57, 180)]",
            choices: [2, 1, 0, 0, 0, 0, 0, 1, 57, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "fit-is-valid",
            pin: "[(0, 0), (74, 0)]",
            choices: [0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 74, 0, 2, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "fit-latitude-span-at-most-180",
            pin: "[(-72, 0), (85, 0)]",
            choices: [0, 1, 0, 72, 1, 2, 0, 1, 0, 85, 0, 2, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "fit-takes-the-short-way",
            pin: "[(0, 180), (0, -180)]",
            choices: [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        RecordedPin(
            implementation: "seed", property: "fit-centred-on-the-points",
            pin: "[(0, 180), (0, -180)]",
            choices: [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        RecordedPin(
            implementation: "seed", property: "fit-is-padded",
            pin: "[(0, 180), (0, -180)]",
            choices: [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        RecordedPin(
            implementation: "seed", property: "fit-is-padded",
            pin: "[(0, 0), (74, 0)]",
            choices: [0, 1, 0, 0, 0, 2, 0, 1, 0, 74, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "fit-covers-points-beyond-the-band",
            pin: "[(86, 0)]",
            choices: [0, 1, 86, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "nan-input-is-never-answered",
            pin: "zoom, centre lat NaN",
            choices: [12, 0]),
        RecordedPin(
            implementation: "seed", property: "bad-latitude-is-refused",
            pin: "91.0",
            choices: [1, 0, 0, 91, 0]),
        RecordedPin(
            implementation: "seed", property: "bad-longitude-is-refused",
            pin: "181.0",
            choices: [0, 0, 181, 0]),
        RecordedPin(
            implementation: "seed", property: "bad-pixel-is-refused",
            pin: "pixel (x 268435456, y inf) at zoom 20 seed512",
            choices: [2, 1]),
        RecordedPin(
            implementation: "seed", property: "centre-beyond-the-band-is-refused",
            pin: "centre (86, 0), zoom 3 seed512, viewport 320×460 pt @1x",
            choices: [0, 86, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "bad-zoom-is-refused",
            pin: "zoom -1 in seed512",
            choices: [0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "bad-viewport-is-refused",
            pin: "viewport 0×460 pt @1x in seed512",
            choices: [0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "bad-fit-point-is-refused",
            pin: "[(0, 180.00000000000003)]",
            choices: [0, 1, 0, 0, 0, 9256744413781032960, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "bad-span-zoom-reading-is-refused",
            pin: "361.0",
            choices: [0, 2]),
        RecordedPin(
            implementation: "seed", property: "bad-region-zoom-reading-is-refused",
            pin: "reaches past the north pole by 1e-09",
            choices: [0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "bad-viewport-zoom-reading-is-refused",
            pin: "viewport 320×0 pt @1x",
            choices: [0, 0, 1]),
        RecordedPin(
            implementation: "seed", property: "session-restore-keeps-the-level",
            pin: "let map = try MapViewSession(SeedPort(variant: .original), convention: .seed512); try "
                + "map.saveZoomLevel(); try map.restoreSavedZoom()",
            choices: [0, 1, 0, 1, 1, 0]),
        RecordedPin(
            implementation: "seed", property: "session-restore-keeps-the-level",
            pin: "let map = try MapViewSession(SeedPort(variant: .original), convention: .seed512); try "
                + "map.saveZoomLevel(); try map.setCenter(Coordinate(latitude: 0, longitude: 0), zoom: 1); try "
                + "map.restoreSavedZoom()",
            choices: [0, 1, 0, 1, 2, 0, 0, 0, 2, 0, 1, 1, 1, 0]),
        RecordedPin(
            implementation: "seed", property: "session-region-stays-valid",
            pin: "let map = try MapViewSession(SeedPort(variant: .original), convention: .seed512); try "
                + "map.resize(to: Viewport(widthInPoints: 768, heightInPoints: 1024, pixelsPerPoint: 1))",
            choices: [0, 1, 3, 4, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "project-matches-the-reference",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 0, 1, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "span-matches-the-reference",
            pin: "centre (8, 0), zoom 0 seed512, viewport 320×460 pt @1x",
            choices: [0, 0, 8, 0, 2, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "span-matches-the-reference",
            pin: "centre (0, 0), zoom 0 seed512, viewport 768×1024 pt @1x",
            choices: [0, 3, 0, 2, 0, 0, 4, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "zoom-reading-matches-the-reference",
            pin: "centre (0, 0), latitudeDelta 0.225°, longitudeDelta 225°, viewport 320×460 pt @1x, seed512",
            choices: [0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "zoom-reading-matches-the-reference",
            pin: "centre (0, 0), latitudeDelta 2.6193447411060332e-12°, longitudeDelta 2.6193447411060333e-09°, "
                + "viewport 1×1 pt @1x, seed512",
            choices: [3, 0, 2, 0, 0, 7, 0, 0, 0, 0, 28, 0]),
        RecordedPin(
            implementation: "seed", property: "fit-is-bounded-by-its-points",
            pin: "[(0, 180), (0, -180)]",
            choices: [0, 2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        RecordedPin(
            implementation: "seed", property: "fit-is-bounded-by-its-points",
            pin: "[(0, 0), (90, 0)]",
            choices: [0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 3, 2, 2, 0, 0]),
        RecordedPin(
            implementation: "seed", property: "fit-refuses-a-bad-point-anywhere",
            pin: "[(10, 181), (0, 0)] (point 0 is bad)",
            choices: [1, 3, 0, 2, 0, 0, 0, 1, 0, 181, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "latitude-round-trip",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 1, 0]),
        RecordedPin(
            implementation: "seed-21", property: "pixel-y-round-trip",
            pin: "y in row 0 of 16 (each 2^25 px)",
            choices: [0]),
        RecordedPin(
            implementation: "seed-21", property: "map-point-is-half-seed-pixel",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 1, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "y-odd-about-equator",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 13835058063147359872, 0]),
        RecordedPin(
            implementation: "seed-21", property: "y-within-one-pixel",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 1, 0]),
        RecordedPin(
            implementation: "seed-21", property: "longitude-span-halves-per-level",
            pin: "centre (0, 0), zoom 27 tile256, viewport 320×460 pt @1x",
            choices: [0, 0, 0, 2, 0, 27, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "longitude-span-not-quantised",
            pin: "centre (0, 0), zoom 24 tile256, viewport 375×667 pt @1x",
            choices: [3, 0, 2, 0, 24, 2, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "latitude-span-matches-height",
            pin: "centre (0, 0), zoom 24 tile256, viewport 320×460 pt @1x",
            choices: [3, 0, 2, 0, 24, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "regions-are-valid",
            pin: "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x",
            choices: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "longitude-span-at-most-360",
            pin: "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x",
            choices: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "region-within-the-poles",
            pin: "centre (1, 0), zoom 0 tile256, viewport 320×460 pt @1x",
            choices: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "zoom-level-matches-google",
            pin: "centre (0, 0), zoom 24 tile256, viewport 375×667 pt @1x",
            choices: [3, 0, 2, 0, 24, 2, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "fit-covers-every-point",
            pin: "[(0, 180), (57, 180)]",
            choices: [2, 1, 0, 0, 0, 0, 0, 1, 57, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "fit-is-valid",
            pin: "[(0, 0), (74, 0)]",
            choices: [0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 74, 0, 2, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "fit-latitude-span-at-most-180",
            pin: "[(-72, 0), (85, 0)]",
            choices: [0, 1, 0, 72, 1, 2, 0, 1, 0, 85, 0, 2, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "fit-takes-the-short-way",
            pin: "[(0, 180), (0, -180)]",
            choices: [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        RecordedPin(
            implementation: "seed-21", property: "fit-centred-on-the-points",
            pin: "[(0, 180), (0, -180)]",
            choices: [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        RecordedPin(
            implementation: "seed-21", property: "fit-is-padded",
            pin: "[(0, 180), (0, -180)]",
            choices: [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        RecordedPin(
            implementation: "seed-21", property: "fit-is-padded",
            pin: "[(0, 0), (74, 0)]",
            choices: [0, 1, 0, 0, 0, 2, 0, 1, 0, 74, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "fit-covers-points-beyond-the-band",
            pin: "[(86, 0)]",
            choices: [0, 1, 86, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "bad-latitude-is-refused",
            pin: "91.0",
            choices: [1, 0, 0, 91, 0]),
        RecordedPin(
            implementation: "seed-21", property: "bad-longitude-is-refused",
            pin: "181.0",
            choices: [0, 0, 181, 0]),
        RecordedPin(
            implementation: "seed-21", property: "bad-pixel-is-refused",
            pin: "pixel (x 268435456, y inf) at zoom 20 seed512",
            choices: [2, 1]),
        RecordedPin(
            implementation: "seed-21", property: "centre-beyond-the-band-is-refused",
            pin: "centre (86, 0), zoom 3 tile256, viewport 320×460 pt @1x",
            choices: [0, 86, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "bad-zoom-is-refused",
            pin: "zoom -1 in tile256",
            choices: [0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "bad-viewport-is-refused",
            pin: "viewport 0×460 pt @1x in tile256",
            choices: [0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "bad-fit-point-is-refused",
            pin: "[(0, 180.00000000000003)]",
            choices: [0, 1, 0, 0, 0, 9256744413781032960, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "project-matches-the-reference",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 0, 1, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "span-matches-the-reference",
            pin: "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x",
            choices: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "span-matches-the-reference",
            pin: "centre (8, 0), zoom 1 tile256, viewport 320×460 pt @1x",
            choices: [0, 0, 8, 0, 2, 0, 1, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "fit-is-bounded-by-its-points",
            pin: "[(0, 180), (0, -180)]",
            choices: [0, 2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        RecordedPin(
            implementation: "seed-21", property: "fit-is-bounded-by-its-points",
            pin: "[(0, 0), (90, 0)]",
            choices: [0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 3, 2, 2, 0, 0]),
        RecordedPin(
            implementation: "seed-21", property: "fit-refuses-a-bad-point-anywhere",
            pin: "[(10, 181), (0, 0)] (point 0 is bad)",
            choices: [1, 3, 0, 2, 0, 0, 0, 1, 0, 181, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "latitude-round-trip",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 1, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "pixel-y-round-trip",
            pin: "y in row 0 of 16 (each 2^25 px)",
            choices: [0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "map-point-is-half-seed-pixel",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 1, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "y-odd-about-equator",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 13835058063147359872, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "y-within-one-pixel",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 1, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "regions-are-valid",
            pin: "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x",
            choices: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "longitude-span-at-most-360",
            pin: "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x",
            choices: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "region-within-the-poles",
            pin: "centre (1, 0), zoom 0 tile256, viewport 320×460 pt @1x",
            choices: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "fit-covers-every-point",
            pin: "[(0, 180), (57, 180)]",
            choices: [2, 1, 0, 0, 0, 0, 0, 1, 57, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "fit-is-valid",
            pin: "[(0, 0), (74, 0)]",
            choices: [0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 74, 0, 2, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "fit-latitude-span-at-most-180",
            pin: "[(-72, 0), (85, 0)]",
            choices: [0, 1, 0, 72, 1, 2, 0, 1, 0, 85, 0, 2, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "fit-takes-the-short-way",
            pin: "[(0, 180), (0, -180)]",
            choices: [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "fit-centred-on-the-points",
            pin: "[(0, 180), (0, -180)]",
            choices: [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "fit-is-padded",
            pin: "[(0, 180), (0, -180)]",
            choices: [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "fit-is-padded",
            pin: "[(0, 0), (74, 0)]",
            choices: [0, 1, 0, 0, 0, 2, 0, 1, 0, 74, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "fit-covers-points-beyond-the-band",
            pin: "[(86, 0)]",
            choices: [0, 1, 86, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "bad-latitude-is-refused",
            pin: "91.0",
            choices: [1, 0, 0, 91, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "bad-longitude-is-refused",
            pin: "181.0",
            choices: [0, 0, 181, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "bad-pixel-is-refused",
            pin: "pixel (x 268435456, y inf) at zoom 20 seed512",
            choices: [2, 1]),
        RecordedPin(
            implementation: "seed-mappoint", property: "centre-beyond-the-band-is-refused",
            pin: "centre (86, 0), zoom 3 tile256, viewport 320×460 pt @1x",
            choices: [0, 86, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "bad-zoom-is-refused",
            pin: "zoom -1 in tile256",
            choices: [0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "bad-viewport-is-refused",
            pin: "viewport 0×460 pt @1x in tile256",
            choices: [0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "bad-fit-point-is-refused",
            pin: "[(0, 180.00000000000003)]",
            choices: [0, 1, 0, 0, 0, 9256744413781032960, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "project-matches-the-reference",
            pin: "northern latitude band [0°, 5°)",
            choices: [0, 0, 1, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "span-matches-the-reference",
            pin: "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x",
            choices: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "span-matches-the-reference",
            pin: "centre (8, 0), zoom 1 tile256, viewport 320×460 pt @1x",
            choices: [0, 0, 8, 0, 2, 0, 1, 0, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "fit-is-bounded-by-its-points",
            pin: "[(0, 180), (0, -180)]",
            choices: [0, 2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "fit-is-bounded-by-its-points",
            pin: "[(0, 0), (90, 0)]",
            choices: [0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 3, 2, 2, 0, 0]),
        RecordedPin(
            implementation: "seed-mappoint", property: "fit-refuses-a-bad-point-anywhere",
            pin: "[(10, 181), (0, 0)] (point 0 is bad)",
            choices: [1, 3, 0, 2, 0, 0, 0, 1, 0, 181, 0, 0, 0]),
    ]
}
