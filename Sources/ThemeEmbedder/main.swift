import Foundation

// The EmbedDefaultTheme plugin's tool: `ThemeEmbedder <theme folder> <output.swift> <relative path>…`
// writes a Swift file holding each theme file's bytes as one base64 string literal. A long string
// literal type-checks at once, where a `[UInt8]` literal of the same 27 KB script takes the
// compiler seconds; decoding 90 KB at first use takes well under a millisecond.

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: ThemeEmbedder THEME-FOLDER OUTPUT.swift [RELATIVE-PATH…]\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: arguments[1])
var source = """
    // Generated at build time by the EmbedDefaultTheme plugin from the package's Templates/; do not edit.

    extension DefaultTheme {
        static let encodedFiles: KeyValuePairs<String, String> = [

    """
for relative in arguments.dropFirst(3) {
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path) else {
        FileHandle.standardError.write(Data("error: cannot read \(folder.path)/\(relative)\n".utf8))
        exit(1)
    }
    let escaped = relative.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    source += "        \"\(escaped)\": \"\(data.base64EncodedString())\",\n"
}
if arguments.count == 3 { source += "        :\n" }
source += "    ]\n}\n"
do {
    // Written only when it changed, so an unchanged theme does not recompile the module.
    let url = URL(fileURLWithPath: arguments[2])
    if FileManager.default.contents(atPath: url.path) != Data(source.utf8) {
        try Data(source.utf8).write(to: url, options: .atomic)
    }
} catch {
    FileHandle.standardError.write(Data("error: cannot write \(arguments[2]): \(error)\n".utf8))
    exit(1)
}
