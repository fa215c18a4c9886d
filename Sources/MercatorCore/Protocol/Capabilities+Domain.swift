/// A program's domain, as `describe` may declare it: the zooms it serves, the finest pixel grid
/// it promises, and what `unproject` does with a row outside the world.
extension Capabilities {
    /// The zooms a program serves (`zoomRange`), a closed range inside 0...28, read against the
    /// `zoom` of every request whatever its convention: a map library whose levels stop at 22,
    /// or start at 1. Requests outside it may be answered `unsupported`, and its getter may
    /// clamp the zoom it reads into it.
    public struct ZoomRange: Hashable, Sendable, CustomStringConvertible {
        public var lowest: Double
        public var highest: Double

        /// A range inside 0...28 with `lowest` ≤ `highest` holding at least one whole level, or
        /// nil (a range such as 0.5...0.7 serves no level a getter could answer).
        public init?(lowest: Double, highest: Double) {
            guard lowest.isFinite, highest.isFinite, lowest <= highest, InputPolicy.supportedZooms.contains(lowest),
                InputPolicy.supportedZooms.contains(highest), lowest.rounded(.up) <= highest.rounded(.down)
            else { return nil }
            self.lowest = lowest
            self.highest = highest
        }

        /// The whole protocol range, 0...28: what a program that states none serves.
        public static let protocolRange = ZoomRange(lowest: 0, highest: 28)!

        public var range: ClosedRange<Double> { lowest...highest }

        public func contains(_ zoom: Double) -> Bool { range.contains(zoom) }

        /// `zoom` clamped into the range (NaN stays NaN).
        public func clamp(_ zoom: Double) -> Double { zoom.isNaN ? zoom : Swift.min(highest, Swift.max(lowest, zoom)) }

        /// The integer levels in the range: ⌈lowest⌉...⌊highest⌋.
        public var levels: ClosedRange<Int> { Int(lowest.rounded(.up))...Int(highest.rounded(.down)) }

        public var description: String { "\(NumberText.shortest(lowest))...\(NumberText.shortest(highest))" }
    }

    /// The finest grid a program keeps its positions on (`pixelGrid`): a promise of accuracy
    /// finer than what a map shows. Every program may answer whole pixels at the zoom a request
    /// names (PROTOCOL.md's rule of what a map shows); a program that declares a finer grid is
    /// held to it as a convention.
    public enum PixelGrid: Hashable, Sendable, CustomStringConvertible {
        /// Whole pixels at the request's zoom, rounded or floored: the rule itself, no promise
        /// beyond it.
        case requestZoom
        /// Whole pixels of a fixed world `2^exponent` pixels wide (the documents' 2^29, MapKit's
        /// map points 2^28), rounded or floored, at every zoom.
        case fixedWorld(exponent: Int)
        /// No whole pixels: every position within ZoomCheck's error budget of the exact one.
        case none

        /// The exponents a fixed world may have: 2^8 (a 256-px tile) to 2^40.
        public static let fixedWorldExponents = 8...40

        /// The grid named as `describe` writes it: `request-zoom`, `none`, or `2^K`.
        public init?(rawValue: String) {
            switch rawValue {
            case "request-zoom": self = .requestZoom
            case "none": self = .none
            default:
                guard rawValue.hasPrefix("2^"), let exponent = Int(rawValue.dropFirst(2)),
                    Self.fixedWorldExponents.contains(exponent), String(exponent) == rawValue.dropFirst(2)
                else { return nil }
                self = .fixedWorld(exponent: exponent)
            }
        }

        public var rawValue: String {
            switch self {
            case .requestZoom: "request-zoom"
            case .none: "none"
            case .fixedWorld(let exponent): "2^\(exponent)"
            }
        }

        public var description: String { rawValue }
    }

    /// What `unproject` does with a row outside the world, y < 0 or y > W (`unprojectBeyondWorld`).
    public enum UnprojectBeyondWorld: String, Hashable, Sendable, CaseIterable {
        /// The latitude the definition gives: nearer the pole than the band's edge.
        case extends
        /// The row clamped to the world's edge: the band's edge latitude, ±85.0511°.
        case clamps
        /// `invalid-latitude`.
        case refuses
    }

    /// Whether a view may show space outside the world (`viewConstraint`).
    public enum ViewConstraint: String, Hashable, Sendable, CaseIterable {
        /// Any view: one wider or taller than the world, or reaching past its top or bottom row,
        /// shows the space beside it (MapKit, the documents, a static map).
        case none
        /// The view never shows outside the world: a view asked for that would (wider or taller
        /// than the world at the zoom asked, or rows past its top or bottom) is shown at a higher
        /// zoom or with its centre moved, as MapLibre GL's transform and OpenLayers' default
        /// View do. Such requests are outside the program's domain, and ZoomCheck does not send
        /// them.
        case world

        /// A pixel to spare at each edge: a program decides the edge in its own arithmetic.
        package static let margin = 1.0

        /// Whether a `viewport` centred at `latitude` in a world `world` points wide shows only
        /// the world: no wider or taller than it, its rows inside it, a pixel to spare. A value
        /// that is not finite, or a latitude at or past a pole, is bad input the program answers
        /// itself: true.
        public static func showsOnlyTheWorld(latitude: Double, world: Double, viewport: Viewport) -> Bool {
            let width = viewport.widthInPoints, height = viewport.heightInPoints
            guard latitude.isFinite, abs(latitude) < 90, world.isFinite, world > 0, width.isFinite, height.isFinite
            else { return true }
            let row = AccurateMercator.y(latitude: latitude, world: world)
            let half = height / 2 + margin
            return width + 2 * margin <= world && row - half >= 0 && row + half <= world
        }

        /// Whether a getter reads `region` in `viewport` at a zoom whose world holds the whole
        /// viewport (a pixel to spare each side): the world at the longitude span's zoom,
        /// 360 · width / longitudeDelta, and for a getter that reads both spans also at the rows'
        /// zoom, where the region's rows inside the band are the viewport's height. Not finite
        /// or empty: true.
        public static func readsOnlyTheWorld(_ region: Region, viewport: Viewport, readsLatitude: Bool) -> Bool {
            let width = viewport.widthInPoints, height = viewport.heightInPoints
            let delta = Swift.min(360, region.span.longitudeDelta)
            guard delta.isFinite, delta > 0, width.isFinite, height.isFinite else { return true }
            var world = 360 * width / delta
            if readsLatitude {
                let band = MercatorMath.latitudeLimit
                // (A region with no rows inside the band binds by its longitude span alone.)
                let north = Swift.min(band, region.northEdge), south = Swift.max(-band, region.southEdge)
                if north.isFinite, south.isFinite, north > south {
                    let rows =
                        AccurateMercator.y(latitude: south, world: 1) - AccurateMercator.y(latitude: north, world: 1)
                    world = Swift.min(world, height / rows)
                }
            }
            return Swift.max(width, height) + 2 * margin <= world
        }

        /// The lowest whole zoom at which a `viewport` centred on the equator shows only the
        /// world in `convention`: 0 unless the viewport is larger than the zoom-0 world.
        public static func lowestWholeZoom(viewport: Viewport, convention: ZoomConvention) -> Double {
            var zoom = 0.0
            while zoom < 28,
                !showsOnlyTheWorld(
                    latitude: 0, world: convention.worldWidthAtZoomZero * PortableMath.exp2(zoom), viewport: viewport)
            { zoom += 1 }
            return zoom
        }
    }

    /// What pixels `unproject` takes (`pixelInput`).
    public enum PixelInput: String, Hashable, Sendable, CaseIterable {
        /// Any pixel, fractional or whole.
        case any
        /// Whole pixels only, as an API whose pixels are 64-bit integers (Java's `long`): a
        /// fractional pixel is outside the program's domain, and ZoomCheck sends whole ones.
        case whole
        /// Whole pixels that a 32-bit `int` holds (−2^31 ... 2^31 − 1), as a C API taking `int`
        /// does: a pixel beyond that range is outside the domain too.
        case int32
    }

    /// Why unprojecting `pixel` is outside the declared domain (a fractional pixel, for a
    /// program that takes whole ones), or nil. A pixel that is not finite is bad input,
    /// inside: the program answers it.
    public func outsideTheDomain(unprojecting pixel: PixelPoint) -> ProjectionError? {
        guard pixelInput != .any, pixel.x.isFinite, pixel.y.isFinite else { return nil }
        let int32 = -2_147_483_648.0...2_147_483_647.0
        let whole = pixel.x == pixel.x.rounded(.down) && pixel.y == pixel.y.rounded(.down)
        guard !whole || (pixelInput == .int32 && !(int32.contains(pixel.x) && int32.contains(pixel.y))) else {
            return nil
        }
        return .unsupported(
            """
            outside the domain it declares (pixelInput \(pixelInput.rawValue)): (x \(NumberText.shortest(pixel.x)), \
            y \(NumberText.shortest(pixel.y))) is not \(whole ? "a pixel a 32-bit int holds" : "a whole pixel")
            """)
    }

    /// Why a span request is outside the domain these capabilities declare, or nil when it is
    /// inside: a view that shows space outside the world, for a program that keeps its view
    /// inside it. Such a request is not sent; it is answered `unsupported` for the program, and
    /// the case is discarded. Bad input (a zoom outside 0...28, a centre or viewport the
    /// protocol refuses) is inside: the program answers it itself.
    public func outsideTheDomain(center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        -> ProjectionError?
    {
        guard viewConstraint == .world, InputPolicy.supportedZooms.contains(zoom), center.longitude.isFinite,
            (try? InputPolicy.checkViewport(viewport)) != nil,
            !ViewConstraint.showsOnlyTheWorld(
                latitude: center.latitude, world: convention.worldWidth(atZoom: zoom), viewport: viewport)
        else { return nil }
        return .unsupported(
            """
            outside the domain it declares (viewConstraint world): a view of \(viewport) at zoom \
            \(NumberText.shortest(zoom)) centred at \(center) would show space outside the world
            """)
    }

    /// Why a zoom reading of `region` in `viewport` is outside the declared domain (a view that
    /// would show space outside the world, for a program that keeps its view inside it), or nil.
    public func outsideTheDomain(reading region: Region, viewport: Viewport) -> ProjectionError? {
        guard viewConstraint == .world, region.isValid, (try? InputPolicy.checkViewport(viewport)) != nil,
            !ViewConstraint.readsOnlyTheWorld(
                region, viewport: viewport, readsLatitude: zoomSource == .latitudeAndLongitude)
        else { return nil }
        return .unsupported(
            """
            outside the domain it declares (viewConstraint world): a view of \(viewport) reading this region \
            would show space outside the world
            """)
    }

    /// The ranges of levels a getter's level may be clamped into for a view of `viewport`: the
    /// levels served, its own range's when it states one (`getterRange`), and for a program that
    /// keeps its view inside the world also those from the lowest whole zoom at which the world
    /// holds the view (its level rule may land on a level whose view it would not show, or be
    /// raised to one it would; the edge is its own arithmetic's, so either is taken).
    public func levelRanges(in viewport: Viewport, convention: ZoomConvention) -> [ClosedRange<Int>] {
        let levels = servedZooms.levels
        let ranges = getterRange.map { [levels, $0.levels] } ?? [levels]
        guard viewConstraint == .world, (try? InputPolicy.checkViewport(viewport)) != nil else { return ranges }
        let lowest = Int(ViewConstraint.lowestWholeZoom(viewport: viewport, convention: convention))
        return ranges + [Swift.min(Swift.max(levels.lowerBound, lowest), levels.upperBound)...levels.upperBound]
    }

    /// The zooms the getter reads into: its own range when it states one, else those served.
    public var readZooms: ZoomRange { getterRange ?? servedZooms }

    /// The zooms the program serves: the declared range, or 0...28.
    public var servedZooms: ZoomRange { zoomRange ?? .protocolRange }
}
