import Foundation

/// Threads that check the cases of one window at once, with the runner's own thread.
///
/// A window's cases are handed out by index to whichever thread is free; ``run(count:_:)``
/// returns once every one was checked. The threads live until ``stop()`` (the end of the
/// run). Meant for checks that mostly wait (on a program behind a pipe): on a busy core the
/// threads only take turns.
final class CaseWindowThreads: @unchecked Sendable {
    private let condition = NSCondition()
    private var body: ((Int) -> Void)?
    private var next = 0
    private var count = 0
    private var finished = 0
    private var stopping = false

    /// Starts `helpers` threads besides the caller's.
    init(helpers: Int) {
        for _ in 0..<Swift.max(0, helpers) {
            let thread = Thread { [self] in serve() }
            thread.name = "PropertyCheck case window"
            // The same stack as a check worker's: a check may recurse as deep on either.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Calls `body` for every index below `count`, on the helpers and the calling thread,
    /// and returns when all have returned.
    func run(count: Int, _ body: @escaping (Int) -> Void) {
        condition.lock()
        self.body = body
        self.count = count
        next = 0
        finished = 0
        condition.broadcast()
        condition.unlock()
        work()
        condition.lock()
        while finished < count { condition.wait() }
        self.body = nil
        condition.unlock()
    }

    /// Takes indices until none is left.
    private func work() {
        condition.lock()
        while let body, next < count {
            let index = next
            next += 1
            condition.unlock()
            body(index)
            condition.lock()
            finished += 1
            if finished == count { condition.broadcast() }
        }
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while !stopping && (body == nil || next >= count) { condition.wait() }
            if stopping {
                condition.unlock()
                return
            }
            condition.unlock()
            work()
        }
    }

    /// Ends the helper threads (after the window in progress, if any).
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }
}
