/// What an implementation can do and which of ZoomCheck's conventions it keeps.
///
/// Properties of the *defect* class hold for any correct Web-Mercator zoom arithmetic; they
/// read capabilities only to know which operations and conventions they may call. Properties
/// of the *convention* class check a rule that ZoomCheck's corrected core keeps and that
/// other code may legitimately not keep (exact refusal codes, the documents' fit padding,
/// the centre limit, how `level` rounds); they read capabilities to know whether, and which
/// version of, the rule applies. A property that needs something an implementation does not
/// declare is *not applicable*, with the reason, never failed.
///
/// The defaults are ZoomCheck's own conventions (what `WebMercator` keeps). An external
/// program that does not answer the protocol's `describe` request gets them.
public struct Capabilities: Hashable, Sendable, CustomStringConvertible {
    /// An operation of the protocol (PROTOCOL.md).
    public enum Operation: String, Hashable, Sendable, CaseIterable, Comparable {
        case project, unproject, span, zoom, fit

        public static func < (a: Operation, b: Operation) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// How the getter turns the fractional zoom into the integer `level`.
    public enum LevelRounding: String, Hashable, Sendable, CaseIterable {
        /// The largest integer zoom whose span still holds the region (floor, decided by
        /// comparing spans so that a zoom that is an integer up to rounding reads as that
        /// integer). ZoomCheck's corrected core; Leaflet's `getBoundsZoom`.
        case fitting
        /// The nearest integer to the fractional zoom.
        case nearest
        /// Not stated: only what every rounding shares is checked (`level` within one of `zoom`).
        case unspecified
    }

    /// Which spans of a region the getter reads.
    public enum ZoomSource: String, Hashable, Sendable, CaseIterable {
        /// The longitude span only (MapKit, the documents, the corrected core): linear in pixels.
        case longitude
        /// Both spans: the largest zoom at which the region's latitude and longitude extents
        /// both fit the viewport (Leaflet's `getBoundsZoom`).
        case latitudeAndLongitude = "latitude-and-longitude"
    }

    /// How impossible input is answered.
    public enum BadInputPolicy: String, Hashable, Sendable, CaseIterable {
        /// A protocol error with exactly the code PROTOCOL.md names for the input
        /// (`invalid-latitude`, `invalid-zoom`, …): ZoomCheck's corrected core.
        case errorCodes = "error-codes"
        /// Refused somehow: any protocol error, or an answer that cannot be mistaken for one
        /// (a non-finite value, an invalid region).
        case refuses
        /// Not validated: garbage in, garbage out. The refusal properties do not apply; a
        /// finite, valid-looking answer to NaN or ±∞ is still a defect.
        case unchecked
    }

    /// Where a map view may be centred.
    public enum CentreLimit: String, Hashable, Sendable, CaseIterable {
        /// Centres beyond the Mercator band (±85.0511°) are refused with `invalid-latitude`.
        case mercatorBand = "mercator-band"
        /// Any latitude in −90...90 is accepted as a centre.
        case none
    }

    /// The operations the implementation answers; the others are `unsupported`.
    public var operations: Set<Operation>
    /// The conventions its `span` and `zoom` take (and `project`/`unproject`: see
    /// `pixelSpaces`).
    public var conventions: Set<ZoomConvention>
    /// Whether `span` and `zoom` take fractional zoom levels (false: integers only).
    public var fractionalZooms: Bool
    /// Whether `project`/`unproject` work at any zoom in 0...28 and in every listed
    /// convention (false: only at zoom 20 in seed512, the documents' pixel space).
    public var anyPixelZoom: Bool
    /// How `level` rounds.
    public var levelRounding: LevelRounding
    /// Which spans the getter reads.
    public var zoomSource: ZoomSource
    /// The fit's padding, or nil when it is not stated (the padding properties do not apply).
    public var fitPadding: FitPadding?
    /// How impossible input is answered.
    public var badInput: BadInputPolicy
    /// Where a map view may be centred.
    public var centreLimit: CentreLimit
    /// How its regions are read: MapKit's symmetric centre ± Δ/2, or a Mercator view.
    public var regionReading: RegionReading = .mapKit
    /// Whether the getter returns whole levels only: its `zoom` is its `level` (the
    /// properties that read a fractional zoom back do not apply).
    public var integerGetter = false
    /// How `fit` shapes its region: each delta padded on its own (`free`, the documents'), or
    /// the region a fixed-aspect view shows (`fixed`: one delta padded, the other as large as
    /// the view's aspect makes it). Nil: not stated, and either is accepted.
    public var fitAspect: FitAspect? = nil
    /// What `project` does with a latitude past the Mercator band: projects it outside the
    /// world (`extends`, the definition), clamps it to the band's edge, or refuses it. Nil:
    /// not stated, and any of the three is accepted (PROTOCOL.md's freedoms).
    public var projectBeyondBand: ProjectBeyondBand? = nil
    /// The zooms the program serves (`zoomRange`): nil, not stated, serves 0...28
    /// (`servedZooms`).
    public var zoomRange: ZoomRange? = nil
    /// The ends of the zoom range the program has none at (`zoomRange` with `"max": null` or
    /// `"min": null`: a map with no maximum zoom, Leaflet without `maxZoom`). It is still sent
    /// zooms in 0...28; its getter may read beyond them, as computed, with the level its rule
    /// gives there.
    public var zoomRangeOpenAbove = false
    public var zoomRangeOpenBelow = false
    /// The zooms the getter reads into (`getterRange`), when narrower than those served: an
    /// auto-zoom that searches 17...0 while the renderer serves 18 and up. Nil: the zooms served.
    public var getterRange: ZoomRange? = nil
    /// The finest grid the program keeps its positions on (`pixelGrid`): nil, not stated,
    /// promises nothing finer than whole pixels at the request's zoom.
    public var pixelGrid: PixelGrid? = nil
    /// What `unproject` does with a row outside the world (`unprojectBeyondWorld`): nil, not
    /// stated, and any of extends, clamps or refuses is accepted.
    public var unprojectBeyondWorld: UnprojectBeyondWorld? = nil
    /// Whether the program's view may show space outside the world (`viewConstraint`): `none`,
    /// the default, or `world` (a view kept inside the world, as MapLibre GL's transform and
    /// OpenLayers' default View keep it).
    public var viewConstraint: ViewConstraint = .none
    /// What pixels `unproject` takes (`pixelInput`): any (the default), or whole pixels only,
    /// as an API that takes integers does (osmdroid's `getGeoFromMercator(long, long, …)`).
    public var pixelInput: PixelInput = .any

    /// What `project` does with a latitude past the Mercator band (`projectBeyondBand`).
    public enum ProjectBeyondBand: String, Hashable, Sendable, CaseIterable {
        /// y outside 0…W, as the definition gives it (the corrected core).
        case extends
        /// The latitude clamped to the band's edge: y = 0 in the north, W in the south.
        case clamps
        /// `invalid-latitude`.
        case refuses
    }

    /// How `fit` shapes its region (`Capabilities.fitAspect`).
    public enum FitAspect: String, Hashable, Sendable, CaseIterable {
        /// Each delta is its own extent, padded: the documents' fit and the corrected core's.
        case free
        /// The region a fixed-aspect view shows when sized to the points: one delta is the
        /// padded extent, the other at least its own padded extent (more longitude than the
        /// points need when latitude binds, the whole world when it binds at a low zoom).
        case fixed
    }
    /// Whether the implementation said these itself (a Swift type's `capabilities`, an
    /// `exec:` program's `describe` answer), or they are ZoomCheck's defaults assumed for one
    /// that said nothing (`assumed`). Only what is declared is held against it: answering
    /// `unsupported` inside an assumed capability stays an honest answer.
    public var isDeclared = true

    public init(
        operations: Set<Operation> = Set(Operation.allCases),
        conventions: Set<ZoomConvention> = Set(ZoomConvention.allCases), fractionalZooms: Bool = true,
        anyPixelZoom: Bool = true, levelRounding: LevelRounding = .fitting, zoomSource: ZoomSource = .longitude,
        fitPadding: FitPadding? = .documents, badInput: BadInputPolicy = .errorCodes,
        centreLimit: CentreLimit = .mercatorBand, regionReading: RegionReading = .mapKit, integerGetter: Bool = false
    ) {
        self.operations = operations
        self.conventions = conventions
        self.fractionalZooms = fractionalZooms
        self.anyPixelZoom = anyPixelZoom
        self.levelRounding = levelRounding
        self.zoomSource = zoomSource
        self.fitPadding = fitPadding
        self.badInput = badInput
        self.centreLimit = centreLimit
        self.regionReading = regionReading
        self.integerGetter = integerGetter
    }

    /// ZoomCheck's conventions: everything supported, `fitting` levels read from longitude,
    /// the documents' padding, exact error codes, centres within the Mercator band.
    public static let zoomCheckDefaults = Capabilities()

    /// ZoomCheck's defaults, assumed for an implementation that does not say what it
    /// supports (an `exec:` program that does not answer `describe`, a Swift type that does
    /// not implement `capabilities`): the properties read them, but nothing is held against
    /// the implementation because of them.
    public static let assumed: Capabilities = {
        var capabilities = Capabilities()
        capabilities.isDeclared = false
        return capabilities
    }()

    /// Whether `operation` is answered.
    public func supports(_ operation: Operation) -> Bool { operations.contains(operation) }

    /// The pixel space the projection properties use: zoom 20 in seed512 (the documents'),
    /// or the same 2^29-px world as zoom 21 in tile256 for code that projects at any zoom
    /// but has no seed512.
    ///
    /// A program that projects in that world only (`anyPixelZoom` false) has it in the
    /// convention it lists: zoom 20 of seed512 when it lists seed512 (or none), else zoom 21
    /// of tile256 — the same pixels, numbered as the program numbers them.
    public var pixelSpace: (zoom: Double, convention: ZoomConvention) {
        conventions.contains(.seed512) || conventions.isEmpty ? (20, .seed512) : (21, .tile256)
    }

    /// One line per field, for reports and `describe`.
    public var description: String {
        let operationList = operations.sorted().map(\.rawValue).joined(separator: ", ")
        let conventionList = ZoomConvention.allCases.filter(conventions.contains).map(\.rawValue).joined(
            separator: ", ")
        return """
            operations: \(operationList); conventions: \(conventionList); fractional zooms: \
            \(fractionalZooms ? "yes" : "no"); \
            pixels at any zoom: \(anyPixelZoom ? "yes" : "no (zoom 20 seed512 only)"); level: \
            \(levelRounding.rawValue); \
            getter reads: \(zoomSource.rawValue); fit padding: \(fitPadding.map(\.description) ?? "not stated"); \
            bad input: \(badInput.rawValue); centre limit: \(centreLimit.rawValue)\
            \(regionReading == .mapKit ? "" : "; regions read as: \(regionReading.rawValue)")\
            \(integerGetter ? "; getter returns whole levels only" : "")\
            \(fitAspect == .free ? "" : "; fit aspect: \(fitAspect?.rawValue ?? "not stated")")\
            \(projectBeyondBand.map { "; project past the band: \($0.rawValue)" } ?? "")\
            \(zoomRange.map { "; zooms: \($0)" } ?? "")\
            \(getterRange.map { "; getter reads: \($0)" } ?? "")\
            \(pixelGrid.map { "; pixel grid: \($0)" } ?? "")\
            \(unprojectBeyondWorld.map { "; unproject outside the world: \($0.rawValue)" } ?? "")\
            \(viewConstraint == .none ? "" : "; view kept inside the world")\
            \(pixelInput == .any ? "" : "; unproject takes whole pixels")
            """
    }
}
