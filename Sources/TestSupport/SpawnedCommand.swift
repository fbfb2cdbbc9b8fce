import Foundation

/// Runs a short command to completion with `posix_spawn` + `waitpid`, capturing its output in temporary files.
/// Unlike `Process`, it does not wait for descriptors to close, so a command that leaves a daemon behind
/// (e.g. `tmux` starting its server) is seen to finish; descriptors above 2 are not inherited.
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

    func run() throws -> Result {
        let output = try CapturedOutput()
        let errors = try CapturedOutput()
        defer { output.remove(); errors.remove() }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output.handle.fileDescriptor, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.handle.fileDescriptor, 2)
        for descriptor in Self.openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        // tmux forks its server from this client and keeps the signal mask it inherited: start it with every
        // signal at its default and none blocked, or a blocked SIGCHLD would stop it reaping its panes.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
        }
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitCode, output: output.contents(), errorOutput: errors.contents())
    }

    /// The descriptors open in this process now (from /proc/self/fd).
    private static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
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
