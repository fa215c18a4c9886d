#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What zoomcheck undoes however it ends: the process groups of running `exec:` programs
/// are killed, and temporary files being written are removed — at `exit`, and on SIGINT,
/// SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 and SIGALRM, whose handlers then restore the
/// default action and re-raise the signal, so the process still ends by it.
///
/// - A signal the parent left ignored (`nohup`, `trap '' INT`) stays ignored: no handler
///   replaces an inherited `SIG_IGN`.
/// - SIGQUIT ends the process (with the default action), instead of reaching the Swift
///   runtime's backtracer, which printed a crash report and carried on.
/// - SIGKILL cannot be caught: ``ChildProcessGroups`` also tells a reaper process, which
///   outlives zoomcheck, to kill the groups when zoomcheck's end of a pipe closes.
///
/// The tables are read by a signal handler, so they are allocated before any handler is
/// installed and written with plain stores; they grow by chunks that are never freed.
package enum ExitCleanup {
    /// The signals whose default action ends the process and that can be caught.
    package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]

    nonisolated(unsafe) static var installed = false
    static let lock = NSLockLike()
    /// Temporary files to remove, as C strings.
    static let temporaries = SlotTable<UnsafeMutablePointer<CChar>?>(empty: nil)

    /// Installs the handlers and the `atexit` hook (once).
    package static func installHandlers() {
        lock.withLock {
            guard !installed else { return }
            installed = true
            _ = temporaries
            _ = ChildProcessGroups.groups
            atexit { ExitCleanup.runCleanup() }
            for signal in signals {
                let previous = Glibc.signal(signal) { received in
                    ExitCleanup.runCleanup()
                    Glibc.signal(received, SIG_DFL)
                    raise(received)
                }
                // An inherited SIG_IGN stays (the test-and-restore leaves a moment in which
                // the signal would be handled; it is ignored again before any work starts).
                if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                    Glibc.signal(signal, SIG_IGN)
                }
            }
        }
    }

    /// Removes `path` if zoomcheck ends before ``forget(_:)``; the slot to pass to it.
    package static func removeOnExit(_ path: String) -> Int {
        installHandlers()
        return temporaries.insert(strdup(path))
    }

    /// No longer removes the file of `slot` (it was renamed or removed).
    package static func forget(_ slot: Int) { if let pointer = temporaries.remove(at: slot) { free(pointer) } }

    /// Kills the registered groups and removes the temporary files (async-signal-safe:
    /// `kill` and `unlink` only).
    static func runCleanup() {
        ChildProcessGroups.killAll()
        removeTemporaries()
    }

    /// Removes every registered temporary file (async-signal-safe: `unlink` only).
    static func removeTemporaries() { temporaries.forEach { pointer in if let pointer { unlink(pointer) } } }
}

/// A table of values that a signal handler can walk while other threads insert and remove:
/// chunks of 256 slots, linked, allocated before they are published and never freed, so
/// the table never fills up and never moves.
final class SlotTable<Value>: @unchecked Sendable {
    static var chunkSize: Int { 256 }
    let empty: Value
    /// The first chunk; each chunk's last slot is used for nothing, its link is `next`.
    private let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Value>>
    private var chunkCount = 1
    private let chunkLimit = 4_096
    private let lock = NSLockLike()

    init(empty: Value) {
        self.empty = empty
        chunks = UnsafeMutablePointer<UnsafeMutablePointer<Value>>.allocate(capacity: chunkLimit)
        chunks[0] = Self.makeChunk(empty)
    }

    private static func makeChunk(_ empty: Value) -> UnsafeMutablePointer<Value> {
        let chunk = UnsafeMutablePointer<Value>.allocate(capacity: chunkSize)
        chunk.initialize(repeating: empty, count: chunkSize)
        return chunk
    }

    /// Stores `value` in a free slot (growing the table if none is free); the slot's index.
    func insert(_ value: Value, isEmpty: (Value) -> Bool) -> Int {
        lock.withLock {
            for chunk in 0..<chunkCount {
                for index in 0..<Self.chunkSize where isEmpty(chunks[chunk][index]) {
                    chunks[chunk][index] = value
                    return chunk * Self.chunkSize + index
                }
            }
            // Capacity is 4,096 × 256 slots: a limit no run reaches (each slot is a live
            // process group or a file being written).
            precondition(chunkCount < chunkLimit, "more than \(chunkLimit * Self.chunkSize) live entries")
            let chunk = Self.makeChunk(empty)
            chunk[0] = value
            chunks[chunkCount] = chunk
            chunkCount += 1
            return (chunkCount - 1) * Self.chunkSize
        }
    }

    /// Empties `slot`; what it held.
    func remove(at slot: Int) -> Value {
        lock.withLock {
            let chunk = chunks[slot / Self.chunkSize]
            let value = chunk[slot % Self.chunkSize]
            chunk[slot % Self.chunkSize] = empty
            return value
        }
    }

    /// Calls `body` with every slot's value (from a signal handler too: no lock, no allocation).
    func forEach(_ body: (Value) -> Void) {
        for chunk in 0..<chunkCount { for index in 0..<Self.chunkSize { body(chunks[chunk][index]) } }
    }
}

extension SlotTable where Value == UnsafeMutablePointer<CChar>? {
    func insert(_ value: Value) -> Int { insert(value, isEmpty: { $0 == nil }) }
}

/// The process groups of running external programs (see ``ExitCleanup``).
enum ChildProcessGroups {
    /// The groups' ids; 0 is a free slot.
    static let groups = SlotTable<pid_t>(empty: 0)

    /// Installs the exit handlers (once); call before spawning.
    static func prepare() { ExitCleanup.installHandlers() }

    /// Registers `group`; the slot to pass to ``unregister(_:)``.
    static func register(_ group: pid_t) -> Int {
        let slot = groups.insert(group, isEmpty: { $0 == 0 })
        GroupReaper.shared.watch(group)
        return slot
    }

    static func unregister(_ slot: Int) {
        let group = groups.remove(at: slot)
        if group != 0 { GroupReaper.shared.forget(group) }
    }

    /// SIGKILL to every registered group (async-signal-safe: `kill` only).
    static func killAll() { groups.forEach { group in if group != 0 { kill(-group, SIGKILL) } } }
}
