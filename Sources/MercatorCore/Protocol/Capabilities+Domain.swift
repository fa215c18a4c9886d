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

    /// The zooms the program serves: the declared range, or 0...28.
    public var servedZooms: ZoomRange { zoomRange ?? .protocolRange }
}
