extension ImageReference {
    /// Absolute URL for a feed or a payment page. A local file's path is percent-encoded segment by segment (a space
    /// or an accent in a file name is legal on disk but not in a URL); a remote URL is kept as written.
    public func absoluteURL(in site: Site) -> String {
        switch self {
        case .remote(let url):
            return url
        case .local(let path):
            return (site.assetBaseURL ?? site.baseURL) + path.split(separator: "/", omittingEmptySubsequences: false)
                .map { Self.percentEncoded(String($0)) }.joined(separator: "/")
        }
    }

    /// RFC 3986 path segment: unreserved characters and sub-delimiters stay, the rest becomes `%XX` of UTF-8.
    public static func percentEncoded(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where "-._~!$&'()*+,;=:@".utf8.contains(byte):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
