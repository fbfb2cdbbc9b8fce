import Foundation
import NIOConcurrencyHelpers
import Spawning

/// Runs a short command to completion through `ChildSpawn` (the app's own way to start children), capturing its
/// output in temporary files. Unlike `Process`, it does not wait for descriptors to close, so a command that leaves
/// a daemon behind (e.g. `tmux` starting its server) is seen to finish.
struct SpawnedCommand {
    /// The exit status (or 128 + signal) and what the command printed.
    struct Result {
        let status: Int32
        let output: Data
        let errorOutput: Data
    }

    let executable: String
    let arguments: [String]
    let environment: [String: String]
    /// Seconds after which the command is sent SIGTERM (a hung command fails its test instead of blocking it).
    var timeout: TimeInterval = 600

    func run() throws -> Result {
        let output = try CapturedOutput()
        let errors = try CapturedOutput()
        defer { output.remove(); errors.remove() }
        let pid = try ChildSpawn.spawn(executable: executable, arguments: arguments, environment: environment) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, output.handle.fileDescriptor, 1)
            posix_spawn_file_actions_adddup2(&actions, errors.handle.fileDescriptor, 2)
        }.get()
        let ended = NIOLockedValueBox(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            ended.withLockedValue { ended in if !ended { kill(pid, SIGTERM) } }
        }
        let status = try ChildSpawn.waitForExit(pid).get()
        ended.withLockedValue { $0 = true }
        return Result(status: status, output: output.contents(), errorOutput: errors.contents())
    }
}

/// A temporary file that takes a child process's output.
struct CapturedOutput {
    let url: URL
    let handle: FileHandle

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-out-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forWritingTo: url)
    }

    func contents() -> Data {
        (try? Data(contentsOf: url)) ?? Data()
    }

    func remove() {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }
}
