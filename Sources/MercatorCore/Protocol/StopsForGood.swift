#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An implementation that can stop answering for good: a program that hung, or answered
/// something the protocol does not allow, is not restarted, and every later request fails at
/// once without reaching it (``UnaskedRequests``).
package protocol StopsForGood: ZoomImplementation {
    /// Why it answers no more, once it stopped for good; nil while it answers.
    var stopReason: String? { get }
}

/// Requests refused without being asked, marked on the thread that asked them: the catalogue
/// judges no case on an answer nobody gave. A check that asked such a request is not a
/// failure of that case (nor a candidate while shrinking one): the case is not checked.
///
/// A mark is set by the implementation that refused (``mark(_:)``) and taken by whoever
/// judges the case (``take()``), on the same thread: one `pthread_getspecific` per case.
package enum UnaskedRequests {
    /// Notes that a request of the case being checked on this thread was refused unasked.
    package static func mark(_ reason: String) {
        if let box = current {
            if box.reason == nil { box.reason = reason }
            return
        }
        let box = Box(reason: reason)
        pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
    }

    /// The first reason marked on this thread since the last call, and clears it.
    package static func take() -> String? {
        guard let box = current, let reason = box.reason else { return nil }
        box.reason = nil
        return reason
    }

    private final class Box {
        var reason: String?
        init(reason: String?) { self.reason = reason }
    }

    private static var current: Box? {
        pthread_getspecific(key).map { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The thread's box, released when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<Box>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<Box>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()
}
