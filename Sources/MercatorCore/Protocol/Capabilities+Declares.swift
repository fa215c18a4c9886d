/// Whether a request lies inside what an implementation declares it supports.
///
/// `unsupported` is an honest answer only outside the declaration: an operation not listed,
/// a convention not listed, a fractional zoom without `fractionalZooms`, a pixel space other
/// than the documents' without `anyPixelZoom`. Inside it the answer must be a value or a
/// refusal, never `unsupported`. An impossible zoom (NaN, ±∞, outside 0...28) is bad input,
/// judged by the bad-input properties, which count `unsupported` there as PROTOCOL.md says. The catalogue holds an
/// implementation to this (`DeclaredSupport` in ZoomProperties), so that a program cannot
/// declare a capability and then leave every property that exercises it "not applicable".
extension Capabilities {
    /// Whether `project`/`unproject` at `zoom` in `convention` is declared.
    ///
    /// With `anyPixelZoom`: every zoom the program serves (`servedZooms`, 0...28 unless it
    /// states a `zoomRange`) in every listed convention, fractional zooms only when
    /// `fractionalZooms` is declared too. Without: the documents' 2^29-px world,
    /// `pixelSpace` (zoom 20 in seed512), whatever conventions are listed for spans — code
    /// that has only that world answers `unsupported` to every other zoom, NaN included
    /// (PROTOCOL.md).
    public func declaresPixels(_ operation: Operation, zoom: Double, convention: ZoomConvention) -> Bool {
        guard isDeclared, supports(operation) else { return false }
        // Without it, the 2^29-px world in either numbering (zoom 20 of seed512, zoom 21 of
        // tile256): a program answers one of them, and is asked the other when it answers
        // `unsupported` to the first (ZoomProperties' DeclaredSupport).
        guard anyPixelZoom else { return zoom == 20 && convention == .seed512 || zoom == 21 && convention == .tile256 }
        guard conventions.contains(convention), Self.isPossibleZoom(zoom), servedZooms.contains(zoom) else {
            return false
        }
        return fractionalZooms || zoom == zoom.rounded(.down)
    }

    /// Whether `span` at `zoom` in `convention` is declared (integer zooms in the served range,
    /// and fractional ones with `fractionalZooms`).
    public func declaresSpan(zoom: Double, convention: ZoomConvention) -> Bool {
        guard isDeclared, supports(.span), conventions.contains(convention), Self.isPossibleZoom(zoom),
            servedZooms.contains(zoom)
        else { return false }
        return fractionalZooms || zoom == zoom.rounded(.down)
    }

    /// Whether `zoom` (the getter) in `convention` is declared: for a program that lists
    /// both conventions, either. A program that lists one may have a getter tied to the
    /// documents' seed512 numbering whatever its setter takes (the documents' own getter is),
    /// so its `unsupported` stays an honest answer.
    public func declaresZoomReading(convention: ZoomConvention) -> Bool {
        isDeclared && supports(.zoom) && conventions.count > 1 && conventions.contains(convention)
    }

    /// Whether `operation` is declared (for `fit`, which takes no zoom or convention).
    public func declares(_ operation: Operation) -> Bool { isDeclared && supports(operation) }

    /// A zoom the protocol accepts at all: finite, in 0...28. Anything else is bad input.
    static func isPossibleZoom(_ zoom: Double) -> Bool { zoom.isFinite && InputPolicy.supportedZooms.contains(zoom) }
}
