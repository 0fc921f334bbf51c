import Foundation

/// Where a folder of releases lives and how its commands run: `/bin/sh` on this machine, or the
/// same script through `ssh` on a server. Files go with rsync either way, so the two differ only
/// in how a command reaches the shell.
public struct ReleaseHost: Sendable {
    public enum Access: Sendable, Equatable {
        case local
        /// `command` is the ssh program and its options (`--ssh`), `destination` is `[user@]host`.
        case ssh(command: [String], destination: String, port: Int?)
    }

    public let access: Access
    /// The folder that holds `releases/` and the `current` link, absolute.
    public let base: String

    public init(access: Access, base: String) {
        self.access = access
        self.base = base
    }

    /// Runs a POSIX shell script in `base`'s parent context and returns what it printed.
    @discardableResult
    func run(_ script: String, input: Data? = nil, what: String) throws(DeployError) -> String {
        switch access {
        case .local:
            return try Self.execute(["/bin/sh", "-c", script], input: input, what: what)
        case .ssh(let command, let destination, let port):
            // ssh joins its arguments into one command line for the remote shell: one quoted word.
            let remote = "sh -c " + Self.quoted(script)
            return try Self.execute(Self.ssh(command, port: port) + [destination, remote], input: input, what: what)
        }
    }

    /// Sends `paths` (relative to `root`) into `folder` on the host. rsync writes each file beside
    /// its final name and renames it into place, so a file that is a hard link shared with an
    /// older release is replaced, never changed in place.
    func send(_ paths: [String], from root: URL, into folder: String) throws(DeployError) {
        guard !paths.isEmpty else { return }
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-deploy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: list) }
        do {
            try Data(paths.joined(separator: "\0").utf8).write(to: list)
        } catch {
            throw .unreadable(path: list.path, reason: "\(error)")
        }
        var arguments = [
            "rsync", "--links", "--copy-links", "--times", "--perms", "--chmod=D755,F644", "--ignore-times", "--from0",
            "--files-from=\(list.path)",
        ]
        let destination: String
        switch access {
        case .local:
            destination = folder + "/"
        case .ssh(let command, let host, let port):
            arguments += ["-e", Self.ssh(command, port: port).map(Self.quoted).joined(separator: " ")]
            destination = host + ":" + folder + "/"
        }
        try Self.execute(arguments + [root.standardizedFileURL.path + "/", destination], input: nil, what: "rsync")
    }

    /// The ssh command line: never a password or host-key prompt, which would hang a CI job
    /// (an option the user gave comes first, and ssh keeps the first value it reads).
    static func ssh(_ command: [String], port: Int?) -> [String] {
        command + ["-o", "BatchMode=yes"] + (port.map { ["-p", String($0)] } ?? [])
    }

    @discardableResult
    static func execute(_ arguments: [String], input: Data?, what: String) throws(DeployError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-deploy-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        do {
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
        } catch {
            throw .remote(command: arguments[0], status: 127, output: "\(error)")
        }
        if let input {
            // Written from another thread: a large list would otherwise fill the pipe while this
            // one waits to read the output.
            let writer = inputPipe.fileHandleForWriting
            DispatchQueue.global().async {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let complaint = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw .remote(command: what, status: process.terminationStatus, output: complaint)
        }
        return String(decoding: printed, as: UTF8.self)
    }

    /// One word for a POSIX shell, whatever it holds.
    static func quoted(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:,@%+".contains($0)) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
