#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TemplateSet {
    /// This set as the current thread renders it: its own parse of the same texts, made at the
    /// thread's first render. Rendering retains and releases every node it reads, and when two
    /// cores did so on one tree, its reference counts moved between their caches on every page:
    /// a tenth of rendering's time at 10,000 products (`perf`, two cores against one).
    var forThisThread: TemplateSet {
        let copies = ThreadCopies.current
        if let found = copies.sets.first(where: { $0.identity === identity }) { return found }
        let copy = TemplateSet(copying: self)
        copies.sets.insert(copy, at: 0)
        if copies.sets.count > ThreadCopies.limit { copies.sets.removeLast() }
        return copy
    }
}

/// The copies one thread renders with, most recent first. A few, since a server can render with
/// more than one set, and a preview that reloads its theme makes a new set each time. An entry
/// holds its set's identity, so that identity is never freed and reused while it is here.
final class ThreadCopies {
    static let limit = 4
    var sets: [TemplateSet] = []

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<ThreadCopies>.fromOpaque(pointer).release() }
        }
        return key
    }()

    static var current: ThreadCopies {
        if let pointer = pthread_getspecific(key) { return Unmanaged<ThreadCopies>.fromOpaque(pointer).takeUnretainedValue() }
        let copies = ThreadCopies()
        pthread_setspecific(key, Unmanaged.passRetained(copies).toOpaque())
        return copies
    }
}
