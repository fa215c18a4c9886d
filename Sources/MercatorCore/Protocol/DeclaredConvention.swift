/// A convention a program can declare through the protocol's `describe`: once declared,
/// departing from it is the program breaking its own word, gated like a defect (the default
/// gate for `exec:` programs, `declared`). A convention only assumed — ZoomCheck's default
/// for a program that says nothing — stays reported and ungated.
///
/// The raw values are the `describe` members that declare them (PROTOCOL.md).
public enum DeclaredConvention: String, Hashable, Sendable, CaseIterable, Comparable {
    /// How `level` rounds (`level`: fitting or nearest; `unspecified` declares nothing).
    case level
    /// How a fit pads (`fitPadding`: an object; `null` declares nothing).
    case fitPadding
    /// How impossible input is answered (`badInput`).
    case badInput
    /// Where a map view may be centred (`centreLimit`).
    case centreLimit
    /// What `project` does past the Mercator band (`projectBeyondBand`).
    case projectBeyondBand
    /// What `unproject` does with a row outside the world (`unprojectBeyondWorld`).
    case unprojectBeyondWorld
    /// The finest grid positions keep (`pixelGrid`: `none` or a fixed world; `request-zoom`
    /// promises nothing beyond what a map shows).
    case pixelGrid

    public static func < (a: DeclaredConvention, b: DeclaredConvention) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// An implementation that knows which conventions it declared (an `exec:` program, from its
/// `describe` answer), as opposed to ones ZoomCheck assumed for it.
public protocol DeclaresConventions {
    /// The conventions the implementation declared.
    var declaredConventions: Set<DeclaredConvention> { get }
}

extension Capabilities {
    /// The conventions these capabilities state, as a `describe` answer of them declares them:
    /// `level` unless unspecified, `fitPadding` when stated, `badInput` and `centreLimit`,
    /// `projectBeyondBand` and `unprojectBeyondWorld` when stated, and `pixelGrid` when it
    /// promises more than whole pixels at the request's zoom.
    public var statedConventions: Set<DeclaredConvention> {
        var stated: Set<DeclaredConvention> = [.badInput, .centreLimit]
        if levelRounding != .unspecified { stated.insert(.level) }
        if fitPadding != nil { stated.insert(.fitPadding) }
        if projectBeyondBand != nil { stated.insert(.projectBeyondBand) }
        if unprojectBeyondWorld != nil { stated.insert(.unprojectBeyondWorld) }
        if let pixelGrid, pixelGrid != .requestZoom { stated.insert(.pixelGrid) }
        return stated
    }
}
