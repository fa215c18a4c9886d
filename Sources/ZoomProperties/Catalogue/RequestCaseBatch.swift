import MercatorCore
import PropertyCheck

/// An implementation's ``RequestBatch`` as the engine's `CaseBatching`: the window's cases are
/// checked on the runner's thread and their requests sent together.
final class RequestCaseBatch: CaseBatching {
    let batch: any RequestBatch

    init(_ batch: any RequestBatch) { self.batch = batch }

    func reset(slots: Int) { batch.reset(slots: slots) }
    func begin(slot: Int) { batch.begin(slot: slot) }
    func end() -> Bool { batch.end() }
    func resolve() { batch.resolve() }
}
