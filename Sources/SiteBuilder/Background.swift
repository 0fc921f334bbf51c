import Dispatch

/// A value computed on another thread from the moment it is created; `value` waits for it.
final class Background<Value: Sendable>: @unchecked Sendable {
    private var result: Value?
    private let done = DispatchGroup()

    init(_ make: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global().async {
            self.result = make()
            self.done.leave()
        }
    }

    /// The group's wait orders the worker's write before this read.
    var value: Value {
        done.wait()
        return result!
    }
}
