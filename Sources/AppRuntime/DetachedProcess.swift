import Foundation

/// Starts a program that runs on its own beside the terminal UI, without a shell and without waiting for it.
///
/// The child gets `/dev/null` as stdin, stdout and stderr (it can never draw over the curses screen), no
/// other descriptor of ours, default signal dispositions and an empty signal mask (the UI ignores SIGINT,
/// SIGTERM and SIGHUP, which a child would otherwise inherit), and its own process group (so keys typed in
/// the terminal never signal it). `posix_spawn` rather than Foundation `Process`, which waits for the child's
/// descriptors to close and so hangs when a launcher leaves a browser running. A background thread waits
/// for the child to exit, so it never stays a zombie.
enum DetachedProcess {
    /// Starts `executable` with `arguments` (passed as they are, one argv element each) and exactly `environment`
    /// (nothing else is inherited); returns its process id, or the `posix_spawn` error.
    static func start(executable: String, arguments: [String], environment: [String: String]) -> Result<pid_t, POSIXError> {
        let started = spawn(executable: executable, arguments: arguments, environment: environment, ownProcessGroup: true) { actions in
            for descriptor: Int32 in 0...2 {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        if case .success(let pid) = started { reapInBackground(pid) }
        return started
    }

    /// Spawns `executable` (no shell) with `arguments` and exactly `environment`, default signal dispositions, an
    /// empty signal mask, descriptors 0-2 as `standardDescriptors` arranges them and no other descriptor of ours,
    /// in a process group of its own when `ownProcessGroup`; its process id, or the `posix_spawn` error.
    static func spawn(executable: String, arguments: [String], environment: [String: String], ownProcessGroup: Bool,
                      standardDescriptors: (inout posix_spawn_file_actions_t) -> Void) -> Result<pid_t, POSIXError> {
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

    /// Waits for `pid` to exit on a thread of its own (a browser may run for hours; a shared dispatch
    /// queue's worker should not be held that long).
    private static func reapInBackground(_ pid: pid_t) {
        let reaper = Thread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        reaper.name = "stackterm-reap-\(pid)"
        reaper.stackSize = 64 * 1024
        reaper.start()
    }

    /// The descriptors open in this process now (from /proc/self/fd); closing one that is gone by the time
    /// the child starts is harmless.
    static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
    }
}
