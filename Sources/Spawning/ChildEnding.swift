/// How a child process ended, read from a `waitpid` status of a process that exited or was killed (not stopped).
public enum ChildEnding: Hashable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// This signal ended it.
    case signalled(Int32)

    /// The ending a `waitpid` status of an ended process describes.
    public init(waitStatus status: Int32) {
        let signal = status & 0x7F
        self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// As a shell reports it: the exit status, or 128 + the signal.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signalled(let signal): 128 + signal
        }
    }

}
