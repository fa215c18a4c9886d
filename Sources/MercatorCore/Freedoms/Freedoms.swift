/// The choices a correct implementation of PROTOCOL.md may make, as one value: which libm it
/// calls (within 2 ulps of the exact value), which route it takes to y and to the zoom, how
/// it rounds, clamps and wraps, and how it fits. `FreeMercator` is the corrected core with
/// any combination of them applied; the catalogue's defect properties must hold for every
/// combination (the freedom space: `FreedomSpace` in ZoomPanels draws combinations with the
/// engine, so a failing one shrinks to the fewest freedoms), and `zoomcheck eval --freedoms`
/// serves the same variant through the protocol.
///
/// Most freedoms are *always allowed*: they change nothing a program declares in `describe`.
/// Some are a program's domain or a declarable convention taken with its declaration (a zoom
/// range, a fixed pixel grid, what `project` and `unproject` do outside the world, a bad-input
/// policy, a level rule, no fit padding): `FreeMercator` then declares it, and is held to it.
/// The other declarable choices (integer getters, region readings, the centre limit) are
/// exercised by the convention matrix (`ConventionMatrix` in ZoomPanels).
package struct Freedoms: Hashable, Sendable, CustomStringConvertible {
    /// How every transcendental call (pow, exp2, exp, log, log2, sin, cos, tan, atan, atan2,
    /// asinh, sinh, atanh, tanh, asin) departs from the platform's result.
    package enum Libm: String, Hashable, Sendable, CaseIterable {
        /// The platform's own result.
        case platform
        /// Off by −2…+2 ulps, chosen per call from a hash of the function and its argument
        /// (deterministic: the same input is always off the same way).
        case hashed = "libm-hashed"
        /// Every call 2 ulps above the platform's result.
        case up = "libm-up"
        /// Every call 2 ulps below the platform's result.
        case down = "libm-down"
    }

    /// The route from a latitude to the isometric latitude ψ (and back).
    package enum LatitudeRoute: String, Hashable, Sendable, CaseIterable {
        /// The corrected core's split forms (`MercatorMath`).
        case core
        /// ψ = atanh(sin φ), φ = asin(tanh ψ): the textbook form, which cancels near the poles.
        case atanhSin = "route-atanh-sin"
        /// ψ = ln tan(π/4 + φ/2), φ = 2·atan(e^ψ) − π/2: the spherical Mercator of EPSG:3857.
        case logTan = "route-log-tan"
        /// ψ = asinh(tan φ), φ = atan(sinh ψ): tile libraries' form.
        case asinhTan = "route-asinh-tan"
        /// ψ = 2·atanh(tan(φ/2)), φ = 2·atan(tanh(ψ/2)): the Gudermannian's half-angle form.
        case gudermannian = "route-gudermannian"
    }

    /// The route from a region's longitude span to the zoom the getter reads.
    package enum ZoomRoute: String, Hashable, Sendable, CaseIterable {
        /// log2(360 · width / (W₀ · longitudeDelta)): the corrected core.
        case spanRatio = "zoom-span-ratio"
        /// The region's west and east edges projected at zoom 0, zoom = log2(width / (x_e − x_w)).
        case cornersAtZero = "zoom-corners-at-0"
        /// The edges projected in the 2^29-px world (zoom 20 in seed512), as MapKit's map
        /// points are: zoom = 20 − log2((x_e − x_w) / width) in seed512.
        case cornersAtPixelWorld = "zoom-corners-at-2^29"
        /// The difference of two logarithms: log2(width) − log2(W₀ · longitudeDelta / 360).
        case logOfExtents = "zoom-log2-extents"
    }

    /// What `project` does with a latitude past the Mercator band (±85.0511°).
    package enum BeyondTheBand: String, Hashable, Sendable, CaseIterable {
        /// Projects it outside the world (the protocol's definition).
        case extends
        /// Clamps it to the band's edge: y = 0 north of the band, W south of it.
        case clamps = "project-clamps"
        /// Refuses it with `invalid-latitude`.
        case refuses = "project-refuses"
        /// Clamps sin φ to ±0.9999 before ψ = atanh(sin φ), as some tile libraries do to keep
        /// ψ finite: latitudes past 89.19° all share one row beyond the world's edge.
        case clampsSine = "project-clamps-sine"
    }

    /// Which of x = 0 and x = W a longitude of ±180° projects to (one meridian).
    package enum Antimeridian: String, Hashable, Sendable, CaseIterable {
        /// −180° → 0 and 180° → W (the protocol's formula).
        case asGiven
        /// Both ±180° → 0, as a tile library's wrap writes it; and x = W unprojects to −180°.
        case west = "antimeridian-west"
        /// x from the longitude wrapped into [−180°, 180°) by a floored remainder: 180° → 0, and
        /// so is every longitude whose λ + 180 rounds to 360 (179.99999999999997°).
        case wrap = "antimeridian-wrap"
    }

    /// Which grid positions are kept on.
    package enum Pixels: String, Hashable, Sendable, CaseIterable {
        /// None: doubles throughout (the corrected core).
        case exact
        /// Whole pixels at the zoom the request names, rounded to the nearest — `project`'s x
        /// and y, `unproject`'s input, each edge of a `span`, each edge the getter reads at the
        /// zoom it reads, a fit's centre at the scale its view shows it.
        case roundedAtZoom = "whole-pixels"
        /// The same positions floored: the pixel that contains the point, as pixel-index and
        /// tile APIs answer (and `unproject` gives the pixel's north-west corner).
        case flooredAtZoom = "floor-pixels"
        /// Whole pixels of MapKit's fixed 2^28-point world at every zoom: correct only where a
        /// pixel of that world is no coarser than one at the request's zoom, so the variant
        /// takes tile256 zooms up to 20 only (`zoomRange`).
        case mapPoints = "whole-pixels-2^28"
    }

    /// What `unproject` does with a row outside the world (y < 0 or y > W).
    package enum BeyondTheWorld: String, Hashable, Sendable, CaseIterable {
        /// The latitude the definition gives (nearer the pole than the band's edge).
        case extends
        /// The row clamped to the world's edge: the band's edge latitude.
        case clamps = "unproject-clamps"
        /// Refused with `invalid-latitude`.
        case refuses = "unproject-refuses"
    }

    /// How bad input is answered.
    package enum Refusals: String, Hashable, Sendable, CaseIterable {
        /// The protocol's error codes (the corrected core's `InputPolicy`).
        case errorCodes
        /// `badInput: refuses`, every refusal written as a NaN answer instead of an error, at the
        /// program's own edges (its own W, its own band edge).
        case nanAnswers = "refuses-with-nan"
        /// `badInput: unchecked`: nothing validated, every formula computed as it stands, a NaN
        /// or ±∞ carried through to the answer; fields a route does not read are not looked at.
        case unchecked
    }

    package var libm: Libm
    package var latitudeRoute: LatitudeRoute
    package var zoomRoute: ZoomRoute
    package var beyondTheBand: BeyondTheBand
    package var antimeridian: Antimeridian
    /// The grid positions are kept on.
    package var pixels: Pixels
    /// A `span`'s centre row snapped to a whole pixel at the zoom itself (a tile renderer's
    /// snap), before the viewport's rows are measured from it; the answer reports the centre
    /// the view then shows.
    package var centreSnappedAtZoom: Bool
    /// `fit` sizes a fixed-aspect view (this many points wide and tall) to the points: the
    /// largest fractional zoom at which the padded extents fit, then the region that view
    /// shows there — more longitude than the points need when latitude binds (the whole
    /// world, when it binds at a low zoom), more latitude when longitude binds.
    package var fitViewport: Viewport?
    /// Zooms 1...22 only (`zoomRange`), as a map library whose levels stop at 22: other zooms
    /// in 0...28 are `unsupported`, and the getter clamps what it reads into 1...22.
    package var zoomRange: Bool
    /// The getter clamps the zoom it reads into the zooms it serves (0...28, or its range), as
    /// a map view that cannot zoom out past its minimum reports its minimum.
    package var getterClamps: Bool
    /// `fit` clamps each point's latitude to the Mercator band before fitting, as MapKit does:
    /// a pole is framed at 85.05°.
    package var fitClampsPoints: Bool
    /// `span` and `fit` go through Mercator metres and a 4×4 view matrix and its inverse, as a
    /// viewport library's camera does: a dozen more roundings, amplified near the poles.
    package var matrixRoute: Bool
    /// `fit` declares and takes no padding (`fitPadding` factor 1, minimum 0): the points'
    /// extremes lie on the region's edges.
    package var fitUnpadded: Bool
    package var beyondTheWorld: BeyondTheWorld
    package var refusals: Refusals
    /// The getter declares `level: nearest` and rounds its zoom to the nearest level.
    package var levelNearest: Bool
    /// The view is kept inside the world (`viewConstraint: world`), as MapLibre GL's transform
    /// and OpenLayers' default View keep it: a view wider or taller than the world at the zoom
    /// asked is shown at the zoom where the world holds it, its centre moved so that no row
    /// outside the world shows, and the getter reads no lower than that zoom.
    package var viewInWorld: Bool
    /// `unproject` takes whole pixels only (`pixelInput: whole`), as an API whose pixels are
    /// integers does: a fractional pixel is `unsupported`.
    package var unprojectWholePixels: Bool
    /// The getter reads no higher than zoom 17 (`getterRange`), while the setter serves more, as
    /// an auto-zoom that searches 17...0 does (staticmap's `_calculate_zoom`).
    package var getterRange: Bool

    package init(
        libm: Libm = .platform, latitudeRoute: LatitudeRoute = .core, zoomRoute: ZoomRoute = .spanRatio,
        beyondTheBand: BeyondTheBand = .extends, antimeridian: Antimeridian = .asGiven, pixels: Pixels = .exact,
        centreSnappedAtZoom: Bool = false, fitViewport: Viewport? = nil, zoomRange: Bool = false,
        getterClamps: Bool = false, fitClampsPoints: Bool = false, matrixRoute: Bool = false, fitUnpadded: Bool = false,
        beyondTheWorld: BeyondTheWorld = .extends, refusals: Refusals = .errorCodes, levelNearest: Bool = false,
        viewInWorld: Bool = false, unprojectWholePixels: Bool = false, getterRange: Bool = false
    ) {
        self.libm = libm
        self.latitudeRoute = latitudeRoute
        self.zoomRoute = zoomRoute
        self.beyondTheBand = beyondTheBand
        self.antimeridian = antimeridian
        self.pixels = pixels
        self.centreSnappedAtZoom = centreSnappedAtZoom
        self.fitViewport = fitViewport
        self.zoomRange = zoomRange
        self.getterClamps = getterClamps
        self.fitClampsPoints = fitClampsPoints
        self.matrixRoute = matrixRoute
        self.fitUnpadded = fitUnpadded
        self.beyondTheWorld = beyondTheWorld
        self.refusals = refusals
        self.levelNearest = levelNearest
        self.viewInWorld = viewInWorld
        self.unprojectWholePixels = unprojectWholePixels
        self.getterRange = getterRange
    }

    /// None taken: the corrected core's own choices.
    package static let none = Freedoms()

    /// The viewport `fit-viewport` sizes fits to when a request names none: the view
    /// ZoomCheck's fit requests carry, so that in process and through `exec:` agree.
    package static let phoneViewport = Viewport.fitView

    /// The names a freedom takes on the command line (`zoomcheck eval --freedoms`), each
    /// with the change it makes to `none`.
    package static let named: [(name: String, apply: @Sendable (inout Freedoms) -> Void)] = {
        typealias Entry = (name: String, apply: @Sendable (inout Freedoms) -> Void)
        var entries: [Entry] = []
        for value in Libm.allCases.dropFirst() { entries.append((value.rawValue, { $0.libm = value })) }
        for value in LatitudeRoute.allCases.dropFirst() {
            entries.append((value.rawValue, { $0.latitudeRoute = value }))
        }
        for value in ZoomRoute.allCases.dropFirst() { entries.append((value.rawValue, { $0.zoomRoute = value })) }
        for value in BeyondTheBand.allCases.dropFirst() {
            entries.append((value.rawValue, { $0.beyondTheBand = value }))
        }
        for value in Antimeridian.allCases.dropFirst() { entries.append((value.rawValue, { $0.antimeridian = value })) }
        for value in Pixels.allCases.dropFirst() { entries.append((value.rawValue, { $0.pixels = value })) }
        entries.append(("centre-snapped-at-zoom", { $0.centreSnappedAtZoom = true }))
        entries.append(("fit-viewport", { $0.fitViewport = Freedoms.phoneViewport }))
        entries.append(("zoom-range", { $0.zoomRange = true }))
        entries.append(("getter-clamps", { $0.getterClamps = true }))
        entries.append(("fit-clamps-to-band", { $0.fitClampsPoints = true }))
        entries.append(("route-matrix", { $0.matrixRoute = true }))
        entries.append(("fit-unpadded", { $0.fitUnpadded = true }))
        for value in BeyondTheWorld.allCases.dropFirst() {
            entries.append((value.rawValue, { $0.beyondTheWorld = value }))
        }
        for value in Refusals.allCases.dropFirst() { entries.append((value.rawValue, { $0.refusals = value })) }
        entries.append(("level-nearest", { $0.levelNearest = true }))
        entries.append(("view-in-world", { $0.viewInWorld = true }))
        entries.append(("unproject-whole-pixels", { $0.unprojectWholePixels = true }))
        entries.append(("getter-range", { $0.getterRange = true }))
        return entries
    }()

    /// Each single freedom, alone.
    package static var singles: [Freedoms] {
        named.map { entry in
            var freedoms = Freedoms.none
            entry.apply(&freedoms)
            return freedoms
        }
    }

    /// The freedoms named in a comma-separated list (`libm-hashed,project-clamps`); `none`
    /// or an empty list is none. Throws naming the first unknown name, or the first name that
    /// contradicts an earlier one (two choices of one dimension: `libm-up,libm-down`; the
    /// last would have won silently). A name given twice is the same choice.
    package init(parsing list: String) throws(FreedomsError) {
        self = .none
        var chosen: [Int: String] = [:]
        for name in list.split(separator: ",").map({ String($0).trimmingSpaces }) where !name.isEmpty && name != "none"
        {
            guard let entry = Self.named.first(where: { $0.name == name }) else { throw FreedomsError(name: name) }
            var alone = Freedoms.none
            entry.apply(&alone)
            for dimension in alone.dimensionsChanged(from: .none) {
                if let earlier = chosen[dimension], earlier != name {
                    throw FreedomsError(name: name, contradicting: earlier, choosing: Self.dimensionNames[dimension])
                }
                chosen[dimension] = name
            }
            entry.apply(&self)
        }
    }

    /// What each dimension chooses, in declaration order, for messages.
    static let dimensionNames = [
        "the libm", "the latitude route", "the zoom route", "what project does beyond the band", "where ±180° projects",
        "the pixel grid", "the snapped centre", "the fit's viewport", "the zoom range", "the getter's clamp",
        "the fit's points past the band", "the matrix route", "the fit's padding",
        "what unproject does beyond the world", "how bad input is answered", "the level rule", "the view's constraint",
        "the pixels unproject takes", "the getter's own range",
    ]

    /// The dimensions (in declaration order, from 0) in which `self` and `other` choose
    /// differently.
    private func dimensionsChanged(from other: Freedoms) -> [Int] {
        let differs = [
            libm != other.libm, latitudeRoute != other.latitudeRoute, zoomRoute != other.zoomRoute,
            beyondTheBand != other.beyondTheBand, antimeridian != other.antimeridian, pixels != other.pixels,
            centreSnappedAtZoom != other.centreSnappedAtZoom, fitViewport != other.fitViewport,
            zoomRange != other.zoomRange, getterClamps != other.getterClamps, fitClampsPoints != other.fitClampsPoints,
            matrixRoute != other.matrixRoute, fitUnpadded != other.fitUnpadded, beyondTheWorld != other.beyondTheWorld,
            refusals != other.refusals, levelNearest != other.levelNearest, viewInWorld != other.viewInWorld,
            unprojectWholePixels != other.unprojectWholePixels, getterRange != other.getterRange,
        ]
        return differs.indices.filter { differs[$0] }
    }

    /// How many distinct combinations the dimensions make: each choice of the libm, the
    /// latitude and zoom routes, the pixel grid, what happens beyond the band and the world, at
    /// the antimeridian and to bad input, times two for each freedom taken or not.
    package static let combinationCount =
        Libm.allCases.count * LatitudeRoute.allCases.count * ZoomRoute.allCases.count * BeyondTheBand.allCases.count
        * Antimeridian.allCases.count * Pixels.allCases.count * BeyondTheWorld.allCases.count * Refusals.allCases.count
        * (1 << 11)

    /// The names of the freedoms taken, comma-separated, in `named`'s order (`none` for none):
    /// what `init(parsing:)` reads back to the same value.
    package var description: String {
        let names = Self.named.compactMap { entry -> String? in
            var alone = Freedoms.none
            entry.apply(&alone)
            return isTaking(alone) ? entry.name : nil
        }
        return names.isEmpty ? "none" : names.joined(separator: ",")
    }

    /// Whether every choice that `single` makes away from `none` is made here too.
    private func isTaking(_ single: Freedoms) -> Bool {
        (single.libm == .platform || single.libm == libm)
            && (single.latitudeRoute == .core || single.latitudeRoute == latitudeRoute)
            && (single.zoomRoute == .spanRatio || single.zoomRoute == zoomRoute)
            && (single.beyondTheBand == .extends || single.beyondTheBand == beyondTheBand)
            && (single.antimeridian == .asGiven || single.antimeridian == antimeridian)
            && (single.pixels == .exact || single.pixels == pixels)
            && (!single.centreSnappedAtZoom || centreSnappedAtZoom)
            && (single.fitViewport == nil || single.fitViewport == fitViewport) && (!single.zoomRange || zoomRange)
            && (!single.getterClamps || getterClamps) && (!single.fitClampsPoints || fitClampsPoints)
            && (!single.matrixRoute || matrixRoute) && (!single.fitUnpadded || fitUnpadded)
            && (single.beyondTheWorld == .extends || single.beyondTheWorld == beyondTheWorld)
            && (single.refusals == .errorCodes || single.refusals == refusals) && (!single.levelNearest || levelNearest)
            && (!single.viewInWorld || viewInWorld) && (!single.unprojectWholePixels || unprojectWholePixels)
            && (!single.getterRange || getterRange)
    }

    /// Every pair of single freedoms (for the nightly profile): each two names applied together,
    /// where they touch different dimensions (two of one dimension would leave the second only).
    package static var pairs: [Freedoms] {
        named.indices.flatMap { first in
            named.indices.filter { $0 > first }.compactMap { second -> Freedoms? in
                var freedoms = Freedoms.none
                named[first].apply(&freedoms)
                named[second].apply(&freedoms)
                return freedoms.description == "\(named[first].name),\(named[second].name)" ? freedoms : nil
            }
        }
    }
}

/// A freedom name `Freedoms(parsing:)` does not know, or one that contradicts an earlier one.
package struct FreedomsError: Error, Hashable, Sendable, CustomStringConvertible {
    package var name: String
    /// The earlier name of the list that chose the same dimension otherwise; nil when
    /// `name` is unknown.
    package var contradicting: String?
    /// What both names choose (`the libm`), when they contradict.
    package var dimension: String?

    package init(name: String, contradicting: String? = nil, choosing dimension: String? = nil) {
        self.name = name
        self.contradicting = contradicting
        self.dimension = dimension
    }

    package var description: String {
        if let contradicting {
            return "'\(name)' contradicts '\(contradicting)': both choose \(dimension ?? "one thing"); give one"
        }
        return "unknown freedom '\(name)'; known: none, \(Freedoms.named.map(\.name).joined(separator: ", "))"
    }
}

extension String {
    fileprivate var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
