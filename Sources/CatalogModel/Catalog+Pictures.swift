extension Catalog {
    /// Width merchant feeds, Open Graph and structured data ask for: Google Shopping wants at
    /// least 800 pixels for apparel and recommends it for everything.
    public static let shareWidth = 800

    /// The file to publish for `image` where one file is named (a feed, Open Graph, a bag line):
    /// the derived JPEG or PNG at least `width` pixels wide where the source allows, else the
    /// picture as it was given.
    public func published(_ image: ImageReference, atLeast width: Int) -> ImageReference {
        guard case .local(let path) = image, let rendition = pictures[path]?.fallback(atLeast: width) else { return image }
        return .local(rendition.path)
    }
}
