public import Foundation

/// Where a theme's files come from: a base theme held in memory (Vitrine's built-in one), each
/// file replaced by the folder's file of the same path, or a folder alone that must hold a whole
/// theme. A shop's `Templates/` then holds only the files it changes; without the folder, the
/// base is the whole theme.
public struct ThemeSource: Sendable {
    /// The base theme's files by path (`partials/header.mustache`, `static/style.css`).
    public var base: [String: Data]
    /// How diagnostics name the base theme's folder: `(built-in)`.
    public var baseDisplay: String
    /// The folder whose files replace the base's (or, without a base, make the whole theme).
    public var folder: URL

    public init(base: [String: Data], baseDisplay: String, overrides folder: URL) {
        self.base = base
        self.baseDisplay = baseDisplay
        self.folder = folder
    }

    /// A whole theme in one folder, with no base.
    public static func folder(_ folder: URL) -> ThemeSource {
        ThemeSource(base: [:], baseDisplay: "", overrides: folder)
    }

    /// One file of the theme and where it is read from.
    enum Origin {
        case base(Data)
        case folder
    }
}
