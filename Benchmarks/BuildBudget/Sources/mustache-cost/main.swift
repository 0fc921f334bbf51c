// What swift-mustache costs per tag, by kind of tag, and how its rendering scales over threads:
// the figures behind the template rows of BENCHMARKS.md. Each template has 50 tags of one kind
// over a flat dictionary of 50 strings, and renders with escaping that changes nothing, so only
// the engine is timed.
//
// usage: mustache-cost [RENDERS]
import Foundation
import Mustache

struct Verbatim: MustacheContentType {
    func escapeText(_ text: String) -> String { text }
}
MustacheContentTypes.register(Verbatim(), named: "VERBATIM")

let renders = CommandLine.arguments.count > 1 ? max(100, Int(CommandLine.arguments[1]) ?? 20000) : 20000

func library(_ text: String) -> MustacheLibrary {
    MustacheLibrary(templates: ["t": try! MustacheTemplate(string: "{{%CONTENT_TYPE:VERBATIM}}\n" + text)])
}

func lines(_ make: (Int) -> String) -> String { (0..<50).map { make($0) + "\n" }.joined() }

/// The contexts, made anew on each thread so threads share no values.
enum Context: Sendable {
    case strings, flag, nested

    func make() -> [String: Any] {
        var strings: [String: Any] = [:]
        for i in 0..<50 { strings["k\(i)"] = "value number \(i)" }
        switch self {
        case .strings: return strings
        case .flag: return ["b": true]
        case .nested: return ["o": strings]
        }
    }
}

/// Nanoseconds per render on `threads` threads at once, each with its own parse and context.
func nanoseconds(_ text: String, _ shape: Context, threads: Int = 1) -> Double {
    let perThread = renders / threads
    let start = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        let own = library(text)
        let context = shape.make()
        var bytes = 0
        for _ in 0..<perThread { bytes += own.render(context, withTemplate: "t")!.utf8.count }
        precondition(bytes > 0)
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(perThread * threads)
}

let text = lines { "<p>text \($0)</p>" }
let base = nanoseconds(text, .strings)
print("\(renders) renders of 50 tags each; per tag, after the cost of the same template as plain text:")
let cases: [(String, String, Context)] = [
    ("{{k}} a string", lines { "<p>{{k\($0)}}</p>" }, .strings),
    ("{{{k}}} a string, unescaped", lines { "<p>{{{k\($0)}}}</p>" }, .strings),
    ("{{k}} not in the context", lines { "<p>{{m\($0)}}</p>" }, .strings),
    ("{{#b}}…{{/b}} on true", lines { _ in "{{#b}}<p>x</p>{{/b}}" }, .flag),
    ("{{#k}}{{.}}{{/k}} on a string", lines { "{{#k\($0)}}<p>{{.}}</p>{{/k\($0)}}" }, .strings),
    ("{{#k}}{{k}}{{/k}} on a string", lines { "{{#k\($0)}}<p>{{k\($0)}}</p>{{/k\($0)}}" }, .strings),
    ("{{o.k}} one level down", lines { "<p>{{o.k\($0)}}</p>" }, .nested),
]
for (label, template, context) in cases {
    let perTag = (nanoseconds(template, context) - base) / 50
    print("  " + label.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "%7.0f ns", perTag))
}
let variables = lines { "<p>{{k\($0)}}</p>" }
let one = nanoseconds(variables, .strings, threads: 1)
let cores = ProcessInfo.processInfo.activeProcessorCount
let many = nanoseconds(variables, .strings, threads: cores)
print(String(
    format: "50 variables: %.1f µs a render on 1 thread; on %d threads %.1f µs of wall time a render (%.2f× the throughput)",
    one / 1000, cores, many / 1000, one / many))
