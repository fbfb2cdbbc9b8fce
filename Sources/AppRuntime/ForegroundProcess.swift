import Foundation
import Spawning

/// Runs a program in the foreground on the terminal (a terminal browser such as `w3m`) and waits for it.
///
/// The caller hands the terminal over first (curses suspended) and takes it back after. The child is spawned by
/// `ChildSpawn` with the terminal's input as stdin and its output as stdout and stderr, and stays in our process
/// group so it may read the terminal. A stop
/// (Ctrl-Z typed at it) is answered with SIGCONT: the terminal is the program's until it exits.
enum ForegroundProcess {
    /// Starts `executable` with `arguments` and exactly `environment` on the terminal's descriptors and waits for
    /// it to end; the `posix_spawn` error when it could not start.
    static func run(executable: String, arguments: [String], environment: [String: String],
                    input: Int32, output: Int32) -> Result<ChildEnding, POSIXError> {
        let started = ChildSpawn.spawn(executable: executable, arguments: arguments, environment: environment,
                                       ownProcessGroup: false) { actions in
            posix_spawn_file_actions_adddup2(&actions, input, 0)
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, output, 2)
        }
        let pid: pid_t
        switch started {
        case .success(let child): pid = child
        case .failure(let error): return .failure(error)
        }
        var waitStatus: Int32 = 0
        while true {
            guard waitpid(pid, &waitStatus, WUNTRACED) >= 0 else {
                if errno == EINTR { continue }
                return .success(.exited(-1))
            }
            if waitStatus & 0x7f == 0x7f {
                // Stopped (Ctrl-Z reached it, or it read the terminal from the background): we cannot take the
                // terminal back from a stopped program, so it goes on.
                kill(pid, SIGCONT)
                continue
            }
            return .success(ChildEnding(waitStatus: waitStatus))
        }
    }
}
