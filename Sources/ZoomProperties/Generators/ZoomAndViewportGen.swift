import MercatorCore
import PropertyCheck

/// Generators of zoom levels and viewports.
public enum ZoomAndViewportGen {
    /// Viewports of real devices, in points, the blog's phone first (it is the simplest).
    public static let deviceSizes: [(width: Double, height: Double)] = [
        (320, 460), (320, 480), (375, 667), (390, 844), (768, 1024), (1024, 1366), (1280, 1840),
    ]
    /// Extreme viewports: a single point, and a 4096-point square.
    public static let extremeSizes: [(width: Double, height: Double)] = [(1, 1), (4096, 4096)]
    /// Label for viewports of the extreme sizes.
    public static let extremeViewportLabel = "extreme viewport"
    /// Label for zoom 0.
    public static let zoomZeroLabel = "zoom 0"

    /// Integer zooms 0...28 (`FittingLevel.lowest...FittingLevel.highest`); labels the zoom
    /// strata (`Strata.labels(zoom:)`: zoom 0, integer, ≥ 20), whose shares `integerZoomStrata`
    /// states.
    public static let integerZoom: Gen<Int> = Gen.int(in: FittingLevel.lowest...FittingLevel.highest).labelled {
        Strata.labels(zoom: Double($0))
    }.named("zoom")

    /// `integerZoom`'s strata: `Gen.int` is uniform on the 29 levels in 15 draws of 16 (the
    /// rest are its bounds and the value nearest 0): zoom 0 at least 15/464, 20...28 (9 levels)
    /// 135/464, and every draw a whole level.
    static let integerZoomStrata = [
        Strata.DesignedShare(label: Strata.zoomZero, share: 15.0 / 464),
        Strata.DesignedShare(label: Strata.integerZoom, share: 1),
        Strata.DesignedShare(label: Strata.deepZoom, share: 135.0 / 464),
    ]

    /// Fractional zooms in 0...28, `InputPolicy.supportedZooms` (integers included, as the double
    /// generator's special values); labels the zoom strata, whose shares `fractionalZoomStrata`
    /// states.
    public static let fractionalZoom: Gen<Double> = Gen.double(in: InputPolicy.supportedZooms).labelled(
        Strata.labels(zoom:)
    ).named("zoom")

    /// `fractionalZoom`'s strata: `Gen.double` draws one of its 6 special values here (0, 28, 1,
    /// 28's lower neighbour, two tiny magnitudes) in 1 draw of 8, and is uniform on the range in
    /// at least 13 of 16: zoom 0 1/48; a whole level (0, 1, 28) 1/16; 20...28, 8/28 of the
    /// range, 13/56; a fractional zoom 3/4 (uniform draws are whole with probability < 2^-40).
    static let fractionalZoomStrata = [
        Strata.DesignedShare(label: Strata.zoomZero, share: 1.0 / 48),
        Strata.DesignedShare(label: Strata.integerZoom, share: 1.0 / 16),
        Strata.DesignedShare(label: Strata.deepZoom, share: 13.0 / 56),
        Strata.DesignedShare(label: Strata.fractionalZoom, share: 3.0 / 4),
    ]

    /// Integer zooms the implementation serves: `integerZoom` for 0...28, or its declared
    /// `zoomRange`'s levels.
    public static func integerZoom(servedBy implementation: any ZoomImplementation) -> Gen<Int> {
        let levels = implementation.capabilities.servedZooms.levels
        guard levels != FittingLevel.lowest...FittingLevel.highest else { return integerZoom }
        return Gen.int(in: levels).labelled { Strata.labels(zoom: Double($0)) }.named("zoom")
    }

    /// Fractional zooms the implementation serves: `fractionalZoom` for 0...28, or its declared
    /// `zoomRange`.
    public static func fractionalZoom(servedBy implementation: any ZoomImplementation) -> Gen<Double> {
        let range = implementation.capabilities.servedZooms
        guard range != .protocolRange else { return fractionalZoom }
        return Gen.double(in: range.range).labelled(Strata.labels(zoom:)).named("zoom")
    }

    /// Views narrower than the 256-px world at zoom 0 (thumbnail maps), in points.
    public static let narrowSizes: [(width: Double, height: Double)] = [(100, 100), (150, 100), (200, 200), (240, 160)]

    /// A viewport of one of `sizes` at 1, 2 or 3 pixels per point.
    static func viewports(of sizes: [(width: Double, height: Double)]) -> Gen<Viewport> {
        Gen.zip(Gen.element(of: sizes), Gen.element(of: [1.0, 2, 3])).map { size, scale in
            Viewport(widthInPoints: size.width, heightInPoints: size.height, pixelsPerPoint: scale)
        }
    }

    /// A view narrower than the zoom-0 world: one of `narrowSizes`.
    static let narrowViewport = viewports(of: narrowSizes)

    /// A device or extreme viewport at 1, 2 or 3 pixels per point.
    public static let viewport: Gen<Viewport> = viewports(of: deviceSizes + extremeSizes).labelled { viewport in
        extremeSizes.contains { $0.width == viewport.widthInPoints && $0.height == viewport.heightInPoints }
            ? [extremeViewportLabel] : []
    }

    /// The conventions an implementation's spans are checked in: those its capabilities
    /// list (a seed variant has only its own), in the order of `ZoomConvention.allCases`.
    public static func conventions(for implementation: any ZoomImplementation) -> [ZoomConvention] {
        let supported = ZoomConvention.allCases.filter(implementation.capabilities.conventions.contains)
        return supported.isEmpty ? ZoomConvention.allCases : supported
    }
}

/// The input of a span property: where, how far in, how large a view, which convention.
public struct SpanInput: Sendable, Hashable, CustomStringConvertible {
    public var center: Coordinate
    public var zoom: Double
    public var viewport: Viewport
    public var convention: ZoomConvention

    package init(center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention) {
        self.center = center
        self.zoom = zoom
        self.viewport = viewport
        self.convention = convention
    }

    public var description: String {
        "centre \(center), zoom \(NumberText.shortest(zoom)) \(convention), viewport \(viewport)"
    }

    /// Span inputs for `implementation` with integer zooms (`zoom`, the zooms it serves by
    /// default: 0...28 or its `zoomRange`), labelled with the strata of their parts and
    /// `Strata.labels(span:)` (`Strata.Design.integerSpans`).
    public static func integerZooms(
        for implementation: any ZoomImplementation, center: Gen<Coordinate> = CoordinateGen.bandCoordinate,
        zoom: Gen<Int>? = nil
    ) -> Gen<SpanInput> {
        let capabilities = implementation.capabilities
        return Gen.zip(
            center, zoom ?? ZoomAndViewportGen.integerZoom(servedBy: implementation), ZoomAndViewportGen.viewport,
            Gen.element(of: ZoomAndViewportGen.conventions(for: implementation))
        ).map { SpanInput(center: $0, zoom: Double($1), viewport: $2, convention: $3).taken(by: capabilities) }
            .labelled(Strata.labels(span:))
    }

    /// Span inputs for `implementation` with fractional zooms, or integer zooms when it takes
    /// no others (`Capabilities.fractionalZooms`); labelled as at integer zooms
    /// (`Strata.Design.fractionalSpans(for:)`).
    public static func fractionalZooms(for implementation: any ZoomImplementation) -> Gen<SpanInput> {
        let capabilities = implementation.capabilities
        guard capabilities.fractionalZooms else { return integerZooms(for: implementation) }
        return Gen.zip(
            CoordinateGen.bandCoordinate, ZoomAndViewportGen.fractionalZoom(servedBy: implementation),
            ZoomAndViewportGen.viewport, Gen.element(of: ZoomAndViewportGen.conventions(for: implementation))
        ).map { SpanInput(center: $0, zoom: $1, viewport: $2, convention: $3).taken(by: capabilities) }.labelled(
            Strata.labels(span:))
    }

    /// The input moved into the domain of a program that keeps its view inside the world
    /// (`viewConstraint: "world"`), so that its cases are judged rather than discarded: the
    /// zoom raised to the lowest whole zoom whose world holds the view (when it serves it),
    /// then the centre moved to the nearest latitude whose rows stay inside the world, with the
    /// domain's pixel to spare and another for the row's rounding (the equator when the world
    /// holds the view with less). Other programs, and bad values, are taken as drawn. The
    /// capabilities are read once per generator, not once per case.
    package func taken(by capabilities: Capabilities) -> SpanInput {
        guard capabilities.viewConstraint == .world, center.latitude.isFinite, abs(center.latitude) < 90,
            InputPolicy.supportedZooms.contains(zoom), (try? InputPolicy.checkViewport(viewport)) != nil
        else { return self }
        var moved = self
        let lowest = Capabilities.ViewConstraint.lowestWholeZoom(viewport: viewport, convention: convention)
        if zoom < lowest, capabilities.servedZooms.contains(lowest) { moved.zoom = lowest }
        let world = convention.worldWidth(atZoom: moved.zoom)
        let half = viewport.heightInPoints / 2 + 2 * Capabilities.ViewConstraint.margin
        let row = AccurateMercator.y(latitude: center.latitude, world: world)
        let inside = world >= 2 * half ? Swift.min(Swift.max(row, half), world - half) : world / 2
        if inside != row { moved.center.latitude = AccurateMercator.latitude(y: inside, world: world) }
        return moved
    }
}
