public import Foundation

/// One written index file: its path under the output folder and its bytes.
public struct SearchIndexFile: Sendable, Equatable {
    /// E.g. `search/manifest.json`.
    public var path: String
    /// `search-manifest`, `search-lexicon`, `search-postings`, `search-facets` or `search-records`.
    public var kind: String
    public var data: Data

    public init(path: String, kind: String, data: Data) {
        self.path = path
        self.kind = kind
        self.data = data
    }
}
