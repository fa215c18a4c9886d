/// The corrected zoom arithmetic: spherical Web Mercator in double precision.
///
/// What it corrects, document by document:
/// - single-precision `logf`/`sinf` → double precision in forms that do not cancel near the
///   poles (`MercatorMath`);
/// - an implicit 2^29 world → an explicit `ZoomConvention` on every call;
/// - `round()` on every pixel → no quantisation, and fractional zooms;
/// - regions invalid at zoom 0 → clamps that make every region valid (`Region.isValid`);
/// - the getter's hidden `* 2` → zoom defined per point, as map tiles are;
/// - a bounding-box fit → the shortest longitude arc, crossing the antimeridian when that is
///   shorter, and latitude clamped at the poles.
///
/// Every entry point validates its input and throws a `ProjectionError` naming the value;
/// none traps.
public struct WebMercator: ZoomImplementation, Hashable {
    /// Zoom levels accepted by every entry point, in either convention: 0 through 28 (the
    /// seed's clamp), fractional values included (`InputPolicy.supportedZooms`).
    public static let supportedZooms = InputPolicy.supportedZooms

    /// Padding and minimum size of a fitted region.
    public struct FitOptions: Hashable, Sendable {
        /// Factor applied to both deltas so that points are not on the edge (004 uses 1.15).
        public var padFactor: Double
        /// Smallest delta in degrees, for a single point or a tight cluster (004: 0.014°,
        /// about a mile of latitude).
        public var minimumDelta: Double

        /// Defaults: the documents' padding, `Capabilities.FitPadding.documents`.
        public init(
            padFactor: Double = Capabilities.FitPadding.documents.factor,
            minimumDelta: Double = Capabilities.FitPadding.documents.minimumDelta
        ) {
            self.padFactor = padFactor
            self.minimumDelta = minimumDelta
        }

        /// The same padding as `Capabilities` states it.
        public var padding: Capabilities.FitPadding {
            Capabilities.FitPadding(factor: padFactor, minimumDelta: minimumDelta)
        }
    }

    /// Padding and minimum size used by `fit`.
    public var fitOptions: FitOptions

    public init(fitOptions: FitOptions = FitOptions()) { self.fitOptions = fitOptions }

    public var name: String { "corrected" }

    /// ZoomCheck's conventions, with this instance's fit padding.
    public var capabilities: Capabilities {
        // Built once for the default padding: the catalogue reads them on every request.
        fitOptions == Self.defaultFitOptions ? Self.defaultCapabilities : Self.capabilities(padding: fitOptions.padding)
    }

    static let defaultFitOptions = FitOptions()
    static let defaultCapabilities = capabilities(padding: defaultFitOptions.padding)

    static func capabilities(padding: Capabilities.FitPadding) -> Capabilities {
        var capabilities = Capabilities.zoomCheckDefaults
        capabilities.fitPadding = padding
        capabilities.fitAspect = .free
        capabilities.projectBeyondBand = .extends
        capabilities.unprojectBeyondWorld = .extends
        capabilities.pixelGrid = Capabilities.PixelGrid.none
        return capabilities
    }
}
