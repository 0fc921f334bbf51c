public import Foundation

/// Vitrine's built-in theme: every file of the package's `Templates/` folder (templates,
/// partials, static files and scripts), embedded in the program when it is built
/// (`Plugins/EmbedDefaultTheme`). A shop's own `Templates/` folder holds only the files it
/// changes; every other file comes from here.
public enum DefaultTheme {
    /// The files by path relative to the theme folder (`partials/header.mustache`,
    /// `static/style.css`), with their bytes.
    public static let files: [String: Data] = {
        var files: [String: Data] = [:]
        for (path, encoded) in encodedFiles {
            guard let data = Data(base64Encoded: encoded) else { preconditionFailure("the embedded theme file \(path) is damaged") }
            files[path] = data
        }
        return files
    }()

    /// The paths of `files`, sorted.
    public static let paths: [String] = files.keys.sorted()

    /// How diagnostics and listings name a built-in file: `(built-in)/partials/header.mustache`.
    public static let displayFolder = "(built-in)"
}
