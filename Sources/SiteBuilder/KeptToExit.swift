import Foundation

/// Values a one-shot build hands over to be reclaimed with the process rather than freed one
/// object at a time (`BuildOptions.leavesMemoryToExit`). Never emptied.
enum KeptToExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ values: [Any]) {
        lock.lock()
        kept.append(contentsOf: values)
        lock.unlock()
    }
}
