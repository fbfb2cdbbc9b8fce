import Foundation
import Spawning

/// Starts a program that runs on its own beside the terminal UI, without a shell and without waiting for it.
///
/// The child is spawned by `ChildSpawn` (no shell, default signals, none of our descriptors, its own process group)
/// with `/dev/null` as stdin, stdout and stderr, so it can never draw over the curses screen. A background thread
/// waits for it to exit, so it never stays a zombie, and tells `ended` how it ended (on that thread).
enum DetachedProcess {
    /// Starts `executable` with `arguments` (passed as they are, one argv element each) and exactly `environment`
    /// (nothing else is inherited); returns its process id, or the `posix_spawn` error. `ended` hears how the
    /// child ended, whenever that is, on the thread that waited for it.
    static func start(executable: String, arguments: [String], environment: [String: String],
                      ended: @escaping @Sendable (ChildEnding) -> Void = { _ in }) -> Result<pid_t, POSIXError> {
        let started = ChildSpawn.spawn(executable: executable, arguments: arguments, environment: environment,
                                       ownProcessGroup: true) { actions in
            for descriptor: Int32 in 0...2 {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        if case .success(let pid) = started { reapInBackground(pid, ended: ended) }
        return started
    }

    /// Waits for `pid` to exit on a thread of its own (a browser may run for hours; a shared dispatch
    /// queue's worker should not be held that long).
    private static func reapInBackground(_ pid: pid_t, ended: @escaping @Sendable (ChildEnding) -> Void) {
        let reaper = Thread {
            if case .success(let ending) = ChildSpawn.waitForEnding(pid) { ended(ending) }
        }
        reaper.name = "stackterm-reap-\(pid)"
        reaper.stackSize = 64 * 1024
        reaper.start()
    }
}
