import Foundation

/// `posix_spawn` the way stackterm starts every child, in the app and in its tests: no shell (argv passed as it is),
/// exactly the environment given (nothing inherited), every signal at its default and none blocked (the app ignores
/// SIGINT, SIGTERM and SIGHUP and SwiftNIO ignores SIGPIPE, which a child would otherwise inherit; tmux forks its
/// server from its client and would not reap its panes with SIGCHLD blocked), no descriptor of ours above 2, and
/// optionally a process group of its own (keys typed in the terminal never signal it).
///
/// Foundation's `Process` is not used: it waits for the child's descriptors to close, so it hangs when a child
/// leaves something running (a browser launcher, the tmux server).
public enum ChildSpawn {
    /// Spawns `executable` with `arguments` and `environment`; `standardDescriptors` arranges descriptors 0-2 (open
    /// or dup2 actions). The child's process id, or the `posix_spawn` error. Nobody waits for it: see `waitForExit`.
    public static func spawn(
        executable: String, arguments: [String], environment: [String: String], ownProcessGroup: Bool = false,
        standardDescriptors: (inout posix_spawn_file_actions_t) -> Void
    ) -> Result<pid_t, POSIXError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        standardDescriptors(&actions)
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL)) }
        return .success(pid)
    }

    /// Waits for `pid` to end (retrying on EINTR): its exit status, or 128 + the signal that ended it.
    public static func waitForExit(_ pid: pid_t) -> Result<Int32, POSIXError> {
        waitForEnding(pid).map(\.shellStatus)
    }

    /// Waits for `pid` to end (retrying on EINTR): how it ended.
    public static func waitForEnding(_ pid: pid_t) -> Result<ChildEnding, POSIXError> {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD)) }
        }
        return .success(ChildEnding(waitStatus: status))
    }

    /// A `waitpid` status as a shell reports it: the exit status, or 128 + the signal that ended the process.
    public static func exitCode(ofWaitStatus status: Int32) -> Int32 {
        ChildEnding(waitStatus: status).shellStatus
    }

    /// The descriptors open in this process now (from /proc/self/fd); closing one that is gone by the time the child
    /// starts is harmless.
    public static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
    }
}
