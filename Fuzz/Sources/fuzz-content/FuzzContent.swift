@testable import ContentLoader
import Foundation

/// One libFuzzer input, read the way the loader reads a content file: made editor-neutral, split
/// into front matter and body, the YAML and the body bounded and parsed, and the whole also read
/// as a `.json` file. The loader's answers are diagnostics, so anything but a crash, a hang or
/// runaway memory is a pass; libFuzzer reports those three.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContent(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = count == 0 || start == nil ? Data() : Data(bytes: start!, count: count)
    let bytes = EditorText.normalized(data)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    if case .success(let front) = FrontMatter.split(text) {
        _ = StructuredText.parseYAML(front.yaml, path: "fuzz.md", firstLine: front.yamlFirstLine)
        if MarkdownBounds.check(front.body) == nil { _ = MarkdownRenderer.render(front.body) }
    }
    _ = StructuredText.parseJSON(bytes, text: text, path: "fuzz.json")
    return 0
}

/// libFuzzer's driver, for the entry point below.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable target's entry point under the name `<target>_main`; it hands the
/// command line to libFuzzer's driver, which then runs as libFuzzer's own `main` would.
@_cdecl("fuzz_content_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzContent)
}
