import MercatorCore

/// Inputs several test targets share.
package enum SharedInputs {
    /// Seeds a result is pinned across: small ones, the conventional 42 and two with high
    /// bits set, so that a result that holds for one seed only is caught.
    package static let seeds: [UInt64] = [1, 2, 3, 42, 0xDEAD_BEEF, 0x0123_4567_89AB_CDEF]

    /// The documents' iPhone map view, 320 × 460 points at one pixel per point ("the map size
    /// is 320 pixels by 460 pixels", 000 and 001).
    package static let documentsPhone = Viewport(widthInPoints: 320, heightInPoints: 460)
}
