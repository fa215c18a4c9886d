/// An implementation that can be started afresh, so that ZoomCheck can tell whether its
/// answers depend on the requests it answered before.
///
/// A program that keeps state between requests (a cache keyed badly, a running minimum, a
/// counter) fails on a case only after some history; its counterexample then does not
/// replay. When a property fails, the catalogue asks the minimal case again as the first
/// request of a fresh instance: if it holds there, the report says "answers depend on earlier
/// requests", a defect of its own, instead of offering a counterexample that will not
/// reproduce. An external program conforms (a fresh instance is a new process).
public protocol FreshlyStartable: ZoomImplementation {
    /// A new instance that has answered nothing yet.
    func freshInstance() -> any ZoomImplementation
}
