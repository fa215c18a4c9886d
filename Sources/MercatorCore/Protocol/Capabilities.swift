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
    public var operations: Set<Operation> {
        get { storage.fields.operations }
        set { update { $0.operations = newValue } }
    }
    /// The conventions its `span` and `zoom` take (and `project`/`unproject`: see
    /// `pixelSpaces`).
    public var conventions: Set<ZoomConvention> {
        get { storage.fields.conventions }
        set { update { $0.conventions = newValue } }
    }
    /// Whether `span` and `zoom` take fractional zoom levels (false: integers only).
    public var fractionalZooms: Bool {
        get { storage.fields.fractionalZooms }
        set { update { $0.fractionalZooms = newValue } }
    }
    /// Whether `project`/`unproject` work at any zoom in 0...28 and in every listed
    /// convention (false: only at zoom 20 in seed512, the documents' pixel space).
    public var anyPixelZoom: Bool {
        get { storage.fields.anyPixelZoom }
        set { update { $0.anyPixelZoom = newValue } }
    }
    /// How `level` rounds.
    public var levelRounding: LevelRounding {
        get { storage.fields.levelRounding }
        set { update { $0.levelRounding = newValue } }
    }
    /// Which spans the getter reads.
    public var zoomSource: ZoomSource {
        get { storage.fields.zoomSource }
        set { update { $0.zoomSource = newValue } }
    }
    /// The fit's padding, or nil when it is not stated (the padding properties do not apply).
    public var fitPadding: FitPadding? {
        get { storage.fields.fitPadding }
        set { update { $0.fitPadding = newValue } }
    }
    /// How impossible input is answered.
    public var badInput: BadInputPolicy {
        get { storage.fields.badInput }
        set { update { $0.badInput = newValue } }
    }
    /// Where a map view may be centred.
    public var centreLimit: CentreLimit {
        get { storage.fields.centreLimit }
        set { update { $0.centreLimit = newValue } }
    }
    /// How its regions are read: MapKit's symmetric centre ± Δ/2, or a Mercator view.
    public var regionReading: RegionReading {
        get { storage.fields.regionReading }
        set { update { $0.regionReading = newValue } }
    }
    /// Whether the getter returns whole levels only: its `zoom` is its `level` (the
    /// properties that read a fractional zoom back do not apply).
    public var integerGetter: Bool {
        get { storage.fields.integerGetter }
        set { update { $0.integerGetter = newValue } }
    }
    /// How `fit` shapes its region: each delta padded on its own (`free`, the documents'), or
    /// the region a fixed-aspect view shows (`fixed`: one delta padded, the other as large as
    /// the view's aspect makes it). Nil: not stated, and either is accepted.
    public var fitAspect: FitAspect? {
        get { storage.fields.fitAspect }
        set { update { $0.fitAspect = newValue } }
    }
    /// What `project` does with a latitude past the Mercator band: projects it outside the
    /// world (`extends`, the definition), clamps it to the band's edge, or refuses it. Nil:
    /// not stated, and any of the three is accepted (PROTOCOL.md's freedoms).
    public var projectBeyondBand: ProjectBeyondBand? {
        get { storage.fields.projectBeyondBand }
        set { update { $0.projectBeyondBand = newValue } }
    }
    /// The zooms the program serves (`zoomRange`): nil, not stated, serves 0...28
    /// (`servedZooms`).
    public var zoomRange: ZoomRange? {
        get { storage.fields.zoomRange }
        set { update { $0.zoomRange = newValue } }
    }
    /// The ends of the zoom range the program has none at (`zoomRange` with `"max": null` or
    /// `"min": null`: a map with no maximum zoom, Leaflet without `maxZoom`). It is still sent
    /// zooms in 0...28; its getter may read beyond them, as computed, with the level its rule
    /// gives there.
    public var zoomRangeOpenAbove: Bool {
        get { storage.fields.zoomRangeOpenAbove }
        set { update { $0.zoomRangeOpenAbove = newValue } }
    }
    public var zoomRangeOpenBelow: Bool {
        get { storage.fields.zoomRangeOpenBelow }
        set { update { $0.zoomRangeOpenBelow = newValue } }
    }
    /// The zooms the getter reads into (`getterRange`), when narrower than those served: an
    /// auto-zoom that searches 17...0 while the renderer serves 18 and up. Nil: the zooms served.
    public var getterRange: ZoomRange? {
        get { storage.fields.getterRange }
        set { update { $0.getterRange = newValue } }
    }
    /// The finest grid the program keeps its positions on (`pixelGrid`): nil, not stated,
    /// promises nothing finer than whole pixels at the request's zoom.
    public var pixelGrid: PixelGrid? {
        get { storage.fields.pixelGrid }
        set { update { $0.pixelGrid = newValue } }
    }
    /// What `unproject` does with a row outside the world (`unprojectBeyondWorld`): nil, not
    /// stated, and any of extends, clamps or refuses is accepted.
    public var unprojectBeyondWorld: UnprojectBeyondWorld? {
        get { storage.fields.unprojectBeyondWorld }
        set { update { $0.unprojectBeyondWorld = newValue } }
    }
    /// Whether the program's view may show space outside the world (`viewConstraint`): `none`,
    /// the default, or `world` (a view kept inside the world, as MapLibre GL's transform and
    /// OpenLayers' default View keep it).
    public var viewConstraint: ViewConstraint {
        get { storage.fields.viewConstraint }
        set { update { $0.viewConstraint = newValue } }
    }
    /// What pixels `unproject` takes (`pixelInput`): any (the default), or whole pixels only,
    /// as an API that takes integers does (osmdroid's `getGeoFromMercator(long, long, …)`).
    public var pixelInput: PixelInput {
        get { storage.fields.pixelInput }
        set { update { $0.pixelInput = newValue } }
    }

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
    public var isDeclared: Bool {
        get { storage.fields.isDeclared }
        set { update { $0.isDeclared = newValue } }
    }

    /// The fields, held in one shared box: a copy of the capabilities, which the catalogue
    /// reads on every request through `any ZoomImplementation`, is one reference, not a copy
    /// of two sets and twenty fields. Changed in place when the box is not shared.
    private struct Fields: Hashable, Sendable {
        var operations: Set<Operation>
        var conventions: Set<ZoomConvention>
        var fractionalZooms: Bool
        var anyPixelZoom: Bool
        var levelRounding: LevelRounding
        var zoomSource: ZoomSource
        var fitPadding: FitPadding?
        var badInput: BadInputPolicy
        var centreLimit: CentreLimit
        var regionReading: RegionReading = .mapKit
        var integerGetter: Bool = false
        var fitAspect: FitAspect? = nil
        var projectBeyondBand: ProjectBeyondBand? = nil
        var zoomRange: ZoomRange? = nil
        var zoomRangeOpenAbove: Bool = false
        var zoomRangeOpenBelow: Bool = false
        var getterRange: ZoomRange? = nil
        var pixelGrid: PixelGrid? = nil
        var unprojectBeyondWorld: UnprojectBeyondWorld? = nil
        var viewConstraint: ViewConstraint = .none
        var pixelInput: PixelInput = .any
        var isDeclared: Bool = true
    }

    private final class Storage: @unchecked Sendable {
        // Sendable: the fields are changed only through `update`, on a box no other copy holds.
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    private mutating func update(_ change: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        change(&storage.fields)
    }

    public static func == (left: Capabilities, right: Capabilities) -> Bool {
        left.storage === right.storage || left.storage.fields == right.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    public init(
        operations: Set<Operation> = Set(Operation.allCases),
        conventions: Set<ZoomConvention> = Set(ZoomConvention.allCases), fractionalZooms: Bool = true,
        anyPixelZoom: Bool = true, levelRounding: LevelRounding = .fitting, zoomSource: ZoomSource = .longitude,
        fitPadding: FitPadding? = .documents, badInput: BadInputPolicy = .errorCodes,
        centreLimit: CentreLimit = .mercatorBand, regionReading: RegionReading = .mapKit, integerGetter: Bool = false
    ) {
        storage = Storage(
            Fields(
                operations: operations, conventions: conventions, fractionalZooms: fractionalZooms,
                anyPixelZoom: anyPixelZoom, levelRounding: levelRounding, zoomSource: zoomSource,
                fitPadding: fitPadding, badInput: badInput, centreLimit: centreLimit, regionReading: regionReading,
                integerGetter: integerGetter))
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
