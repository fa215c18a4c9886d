import PropertyCheck

/// Standard state machines for the engine tests: three buggy systems with a known minimal
/// command sequence, and a correct one that must pass.
enum StandardMachines {
    // MARK: A counter whose fourth increment adds 2

    final class Counter {
        private(set) var value = 0
        private var increments = 0
        let breaksAfterThreeIncrements: Bool

        init(breaksAfterThreeIncrements: Bool) { self.breaksAfterThreeIncrements = breaksAfterThreeIncrements }

        func increment() {
            increments += 1
            value += breaksAfterThreeIncrements && increments == 4 ? 2 : 1
        }

        func decrement() { value -= 1 }
    }

    /// Increment and decrement (when the model is above 0); the value must match the model.
    static func counter(broken: Bool) -> StateMachine<Int, Counter> {
        StateMachine(
            initialModel: 0, system: { Counter(breaksAfterThreeIncrements: broken) },
            setupCode: "let counter = Counter()",
            commands: [
                .command(
                    "increment", code: "counter.increment()", run: { counter, _ in counter.increment() },
                    update: { $0 += 1 }),
                .command(
                    "decrement", precondition: { $0 > 0 }, code: "counter.decrement()",
                    run: { counter, _ in counter.decrement() }, update: { $0 -= 1 }),
            ],
            invariants: [
                StateMachineInvariant("value matches the model") { counter, model in
                    try ensure(counter.value == model, "value \(counter.value), model \(model)")
                }
            ])
    }

    // MARK: A bounded stack whose capacity check is off by one

    final class BoundedStack {
        static let capacity = 3
        private(set) var items: [Int] = []
        let offByOne: Bool

        init(offByOne: Bool) { self.offByOne = offByOne }

        /// Pushes unless full; the broken stack thinks it is full one element early.
        func push(_ value: Int) {
            let limit = offByOne ? Self.capacity - 1 : Self.capacity
            if items.count < limit { items.append(value) }
        }

        func pop() -> Int? { items.popLast() }
    }

    /// Push (when the model holds fewer than 3) and pop (when it holds any, checking the
    /// popped value); the stack's count must match the model's.
    static func stack(offByOne: Bool) -> StateMachine<[Int], BoundedStack> {
        StateMachine(
            initialModel: [], system: { BoundedStack(offByOne: offByOne) },
            setupCode: "let stack = BoundedStack(capacity: 3)",
            commands: [
                .command(
                    "push", precondition: { $0.count < BoundedStack.capacity },
                    arguments: { _ in Gen.int(in: 0...100) }, code: { "stack.push(\($0))" },
                    run: { stack, _, value in stack.push(value) }, update: { model, value in model.append(value) }),
                .command(
                    "pop", precondition: { !$0.isEmpty }, code: "stack.pop()",
                    run: { stack, model in
                        let popped = stack.pop()
                        try ensure(
                            popped == model.last,
                            "popped \(popped.map(String.init) ?? "nil"), model's top \(model.last!)")
                    }, update: { $0.removeLast() }),
            ],
            invariants: [
                StateMachineInvariant("count matches the model") { stack, model in
                    try ensure(stack.items.count == model.count, "count \(stack.items.count), model \(model.count)")
                }
            ])
    }

    // MARK: A key-value store whose delete misses an overwritten key

    final class KeyValueStore {
        /// Every put appends; a lookup takes the last entry for the key.
        private var entries: [(key: Int, value: Int)] = []
        let brokenDelete: Bool

        init(brokenDelete: Bool) { self.brokenDelete = brokenDelete }

        func put(_ key: Int, _ value: Int) { entries.append((key, value)) }

        /// Removes the key; the broken store removes only its first entry, so an overwritten
        /// key comes back with its old value.
        func delete(_ key: Int) {
            if brokenDelete {
                if let first = entries.firstIndex(where: { $0.key == key }) { entries.remove(at: first) }
            } else {
                entries.removeAll { $0.key == key }
            }
        }

        func get(_ key: Int) -> Int? { entries.last { $0.key == key }?.value }
    }

    static let keys = 0...3

    /// Put and delete over keys 0...3; every key must read as the model says.
    static func store(brokenDelete: Bool) -> StateMachine<[Int: Int], KeyValueStore> {
        StateMachine(
            initialModel: [:], system: { KeyValueStore(brokenDelete: brokenDelete) },
            setupCode: "let store = KeyValueStore()",
            commands: [
                .command(
                    "put", arguments: { _ in Gen.zip(Gen.int(in: keys), Gen.int(in: 0...9)) },
                    code: { "store.put(\($0.0), \($0.1))" }, run: { store, _, entry in store.put(entry.0, entry.1) },
                    update: { model, entry in model[entry.0] = entry.1 }),
                .command(
                    "delete", arguments: { _ in Gen.int(in: keys) }, code: { "store.delete(\($0))" },
                    run: { store, _, key in store.delete(key) }, update: { model, key in model[key] = nil }),
            ],
            invariants: [
                StateMachineInvariant("every key reads as the model says") { store, model in
                    for key in keys {
                        let read = store.get(key)
                        try ensure(
                            read == model[key],
                            """
                            key \(key) reads \(read.map(String.init) ?? "nil"), model \
                            \(model[key].map(String.init) ?? "nil")
                            """)
                    }
                }
            ])
    }
}
