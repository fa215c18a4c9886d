/// Thrown by a check to discard its case: the value is outside what the property is about,
/// or the implementation cannot answer it. A discarded case neither passes nor fails; it is
/// counted (``PassReport/discardedCases``) and a run that discards more than its
/// ``RunConfiguration/discardLimit`` gives up and says so. The shrinker treats a discarded
/// candidate as not failing, so a minimal counterexample is never a discarded case.
public struct CaseDiscarded: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the case was discarded.
    public let reason: String

    /// A discard with the reason reports give when too many cases are discarded.
    public init(_ reason: String) { self.reason = reason }

    /// `discarded: <reason>`.
    public var description: String { "discarded: \(reason)" }
}

/// Discards the current case unless `condition` holds (see ``CaseDiscarded``).
///
/// ```swift
/// try assume(span.longitudeDelta < 360, "clamped at 360°")
/// ```
@inlinable public func assume(_ condition: Bool, _ reason: @autoclosure () -> String = "assumption not met")
    throws(CaseDiscarded)
{ if !condition { throw CaseDiscarded(reason()) } }
