import MercatorCore
import PropertyCheck

/// A zoom and convention at which pixels are asked for.
public struct PixelSpace: Sendable, Hashable, CustomStringConvertible {
    public var zoom: Double
    public var convention: ZoomConvention

    /// The world's width (and height) in pixels.
    public var world: Double { convention.worldWidth(atZoom: zoom) }

    package init(zoom: Double, convention: ZoomConvention) {
        self.zoom = zoom
        self.convention = convention
    }

    public var description: String { "zoom \(NumberText.shortest(zoom)) \(convention)" }
}

/// The pixel spaces an implementation declares, drawn so that every declared one is
/// exercised: without `anyPixelZoom`, the documents' 2^29-px world only; with it, every
/// listed convention at the integer zooms it serves (0...28, or its `zoomRange`), and at
/// fractional zooms too when
/// `fractionalZooms` is declared (integers first, so the shrinker prefers them).
public enum PixelSpaceGen {
    /// An integer x in the documents' 2^29-px world: uniform (with the integer generator's
    /// bounds, 0 and 2^29, among its special values) 3 draws in 4, and within 2^21 px (1/256 of
    /// the world) of its west or east edge 1 in 4, where a world a pixel narrower than 2^29, or
    /// an edge test that leaves out W, shows. Labels `Strata.labels(pixel:)`, whose shares
    /// `worldPixelXDesign` states.
    static let worldPixelX: Gen<Int> = worldPixelXDesign.generator.named("x (px)").labelled(Strata.labels(pixel:))

    /// A pixel of the 2^29-px world drawn by `Gen.int(in: 0...2^29)`: a bound, 0 or 2^29, and so
    /// on a tile edge, in 1 draw of 16.
    static let worldPixelStrata = [Strata.DesignedShare(label: Strata.tileEdge, share: 1.0 / 16)]

    /// `worldPixelX`'s branches: the uniform one lands on a tile edge as `worldPixelStrata` says.
    static let worldPixelXDesign = Strata.Weighted<Int>([
        .init(3, Gen.int(in: 0...536_870_912), covers: [(Strata.tileEdge, 1, 16)]),
        .init(
            1,
            Gen.zip(Gen.bool.named("east edge (else west)"), Gen.int(in: 0...2_097_152)).map { east, offset in
                east ? 536_870_912 - offset : offset
            }),
    ])

    public static func declared(by implementation: any ZoomImplementation) -> Gen<PixelSpace> {
        let capabilities = implementation.capabilities
        guard capabilities.anyPixelZoom else {
            return Gen.element(of: [
                PixelSpace(zoom: capabilities.pixelSpace.zoom, convention: capabilities.pixelSpace.convention)
            ])
        }
        let conventions = Gen.element(of: ZoomAndViewportGen.conventions(for: implementation))
        let integer = ZoomAndViewportGen.integerZoom(servedBy: implementation).map(Double.init)
        let zoom =
            capabilities.fractionalZooms
            ? Gen.frequency([
                (weight: 1, generator: integer),
                (weight: 1, generator: ZoomAndViewportGen.fractionalZoom(servedBy: implementation)),
            ]) : integer
        return Gen.zip(zoom, conventions).map { PixelSpace(zoom: $0, convention: $1) }
    }
}
