import Foundation

enum Environment {
    static func value(_ name: String) -> String? { ProcessInfo.processInfo.environment[name] }
}

/// Diagnostics and progress go to standard error so the standard output stays one line.
enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func out(_ text: String) {
        print(text)
    }

    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    static func progress(_ text: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }

    static func clearProgress() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
