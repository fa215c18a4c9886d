import Foundation
import MercatorCore

/// The requests of a window of cases, sent to the program together
/// (``ExternalImplementation/requestBatch()``).
///
/// While the runner checks a case (``begin(slot:)`` to ``end()``), the batch is the calling
/// thread's: the program's requests come here. The case's requests answered earlier in the
/// window are answered again, in order, at once; the first one without an answer is queued
/// and throws, and so does every later one of that check, which is then checked again after
/// ``resolve()``. A check that asks something other than what it asked before (it is not a
/// function of its case) has its requests from there on sent one at a time, so it still
/// finishes. Only the program's own answers are replayed: the verdicts are those of one
/// request at a time.
final class ExternalBatch: RequestBatch, @unchecked Sendable {
    let owner: ExternalImplementation
    /// What one case asked so far in this window, with the answers, in order.
    private struct Slot {
        var asked: [(request: RequestLine, outcome: Result<ResponseObject, ProjectionError>)] = []
        /// The check asked differently on a second check: its requests go one at a time.
        var direct = false
    }
    private var slots: [Slot] = []
    private var queued: [(slot: Int, request: RequestLine)] = []
    /// The slot of the case being checked.
    private var currentSlot = 0
    /// Requests the current check has asked so far.
    private var askedNow = 0
    private var suspended = false

    init(owner: ExternalImplementation) { self.owner = owner }

    var implementation: any ZoomImplementation { owner }

    func reset(slots count: Int) {
        slots = Array(repeating: Slot(), count: count)
        queued.removeAll(keepingCapacity: true)
    }

    func begin(slot: Int) {
        currentSlot = slot
        askedNow = 0
        suspended = false
        pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
    }

    func end() -> Bool {
        pthread_setspecific(Self.key, nil)
        return suspended
    }

    func resolve() {
        let outcomes = owner.send(batch: queued.map { $0.request.line() })
        for (queued, outcome) in zip(queued, outcomes) { slots[queued.slot].asked.append((queued.request, outcome)) }
        queued.removeAll(keepingCapacity: true)
    }

    /// The answer to `request` for the current case: replayed, sent one at a time, or queued
    /// (the check is suspended: this throws).
    func answer(_ request: RequestLine) throws(ProjectionError) -> ResponseObject {
        if suspended { throw Self.suspension }
        let index = askedNow
        askedNow += 1
        if slots[currentSlot].direct { return try owner.send(request.line()) }
        if index < slots[currentSlot].asked.count {
            let earlier = slots[currentSlot].asked[index]
            if earlier.request.isSame(as: request) {
                // A request refused unasked (the program stopped for good) is marked again
                // on the thread that judges this case.
                if case .failure(let error) = earlier.outcome, owner.isUnasked(error) {
                    UnaskedRequests.mark(error.message)
                }
                return try earlier.outcome.get()
            }
            slots[currentSlot].direct = true
            return try owner.send(request.line())
        }
        queued.append((currentSlot, request))
        suspended = true
        throw Self.suspension
    }

    /// What a suspended check's requests throw; the runner ignores how the check ends.
    static let suspension = ProjectionError.implementationFailure(
        "suspended until the window's requests are answered (ZoomCheck's batching; never reported)")

    /// The batch whose case the calling thread is checking, if any.
    static var current: ExternalBatch? {
        pthread_getspecific(key).map { Unmanaged<ExternalBatch>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
