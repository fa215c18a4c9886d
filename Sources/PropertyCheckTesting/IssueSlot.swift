#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import PropertyCheck
import Testing

/// One thread's issue-capture state: for each capture that checked cases on this thread, its
/// ``CaseFlags`` and the issues recorded on this thread during its current case.
///
/// Only its own thread touches a slot (Swift Testing hands an issue to the trait's filter on
/// the thread that records it), so it needs no lock: this is the glue's per-worker state,
/// wherever the engine checks a case (inline, on a time-limit worker, on a case-window
/// thread).
final class IssueSlot {
    /// One capture's state on this thread.
    final class Entry {
        weak var capture: IssueCapture?
        let flags = CaseFlags()
        var caught: [Issue] = []
        init(capture: IssueCapture) { self.capture = capture }
    }

    /// The captures' states, oldest first (a property checked inside another's check adds a
    /// second); entries of finished captures are dropped when a new one is added.
    @exclusivity(unchecked) var entries: [Entry] = []

    /// `capture`'s entry on this thread, added on first use.
    func entry(for capture: IssueCapture) -> Entry {
        for entry in entries where entry.capture === capture { return entry }
        entries.removeAll { $0.capture == nil }
        let entry = Entry(capture: capture)
        entries.append(entry)
        return entry
    }

    /// The entry of the innermost case being checked on this thread, if any.
    var checkingEntry: Entry? { entries.last { $0.flags.isChecking } }

    /// The calling thread's slot, created on first use (released when the thread ends);
    /// unretained: the thread holds it.
    @inline(__always) static var current: Unmanaged<IssueSlot> {
        if let existing = pthread_getspecific(key) { return Unmanaged.fromOpaque(existing) }
        let slot = Unmanaged.passRetained(IssueSlot())
        pthread_setspecific(key, slot.toOpaque())
        return slot
    }

    /// The calling thread's slot if it has one (an issue recorded on a thread that never ran
    /// a case has none).
    static var currentIfAny: IssueSlot? {
        pthread_getspecific(key).map { Unmanaged<IssueSlot>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The thread-local key holding each thread's slot (retained; released by the key's
    /// destructor when the thread exits).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
            let status = pthread_key_create(&key) { Unmanaged<IssueSlot>.fromOpaque($0).release() }
        #else
            let status = pthread_key_create(&key) { pointer in
                if let pointer { Unmanaged<IssueSlot>.fromOpaque(pointer).release() }
            }
        #endif
        precondition(status == 0, "pthread_key_create failed with \(status): no thread-local issue capture")
        return key
    }()
}
