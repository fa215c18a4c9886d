import Foundation

/// Threads that check the cases of one window at once, with the runner's own thread.
///
/// Case `k` of a window goes to helper `k − 1` (case 0 to the caller): each helper is woken
/// once per window by a semaphore of its own, and the last to finish wakes the caller once —
/// no lock is contended per case, which on a busy machine cost more context switches than
/// the requests in flight saved. The threads live until ``stop()`` (the end of the run).
/// Meant for checks that mostly wait (on a program behind a pipe).
final class CaseWindowThreads: @unchecked Sendable {
    private let lock = NSLock()
    private var body: ((Int) -> Void)?
    private var unfinished = 0
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)
    private var starts: [DispatchSemaphore] = []

    /// Starts `helpers` threads besides the caller's.
    init(helpers: Int) {
        for helper in 0..<Swift.max(0, helpers) {
            let start = DispatchSemaphore(value: 0)
            starts.append(start)
            let thread = Thread { [self] in serve(index: helper + 1, start: start) }
            thread.name = "PropertyCheck case window"
            // The same stack as a check worker's: a check may recurse as deep on either.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Calls `body` for every index below `count` (at most the helpers + 1), on the helpers
    /// and the calling thread, and returns when all have returned.
    func run(count: Int, _ body: @escaping (Int) -> Void) {
        let helpers = Swift.min(count - 1, starts.count)
        lock.lock()
        self.body = body
        unfinished = helpers
        lock.unlock()
        for helper in 0..<Swift.max(0, helpers) { starts[helper].signal() }
        body(0)
        if helpers > 0 { finished.wait() }
        lock.lock()
        self.body = nil
        lock.unlock()
    }

    private func serve(index: Int, start: DispatchSemaphore) {
        while true {
            start.wait()
            lock.lock()
            let body = self.body
            let stopping = self.stopping
            lock.unlock()
            if stopping { return }
            body?(index)
            lock.lock()
            unfinished -= 1
            let last = unfinished == 0
            lock.unlock()
            if last { finished.signal() }
        }
    }

    /// Ends the helper threads (between windows).
    func stop() {
        lock.lock()
        stopping = true
        lock.unlock()
        for start in starts { start.signal() }
    }
}
