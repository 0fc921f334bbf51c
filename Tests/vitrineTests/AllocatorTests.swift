import CMimalloc
import Foundation
import Testing

/// `vitrine` relies on mimalloc replacing malloc for every library in the process; a link order
/// that put libc first would silently bring glibc's allocator back.
@Suite struct AllocatorTests {
    @Test func mallocIsServedByMimalloc() throws {
        let pointer = try #require(malloc(64))
        defer { free(pointer) }
        #expect(mi_is_in_heap_region(pointer))
    }
}
