import Foundation
import PackagePlugin

/// Embeds the package's `Templates/` folder, the default theme, into the `DefaultTheme` module at
/// build time: `Templates/` stays the one copy of the theme, and a `vitrine` binary copied
/// anywhere still has it. The file list is read at every build, so an added or removed theme
/// file is embedded without a clean build.
@main
struct EmbedDefaultTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let theme = context.package.directoryURL.appending(path: "Templates")
        let relatives = Self.files(under: theme)
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme+Files.swift")
        return [
            .buildCommand(
                displayName: "Embedding the default theme (\(relatives.count) files from Templates/)",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [theme.path, output.path] + relatives,
                inputFiles: relatives.map { theme.appending(path: $0) },
                outputFiles: [output])
        ]
    }

    /// Every regular file below `folder`, relative to it and sorted; hidden files and folders
    /// are left out, as the theme loader leaves them out.
    static func files(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var relatives: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if let type = enumerator.fileAttributes?[.type] as? FileAttributeType, type == .typeRegular {
                relatives.append(relative)
            }
        }
        return relatives.sorted()
    }
}
