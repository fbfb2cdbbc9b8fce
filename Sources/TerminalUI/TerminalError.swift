/// Why the terminal could not start.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// A file given for input or output could not be opened.
    case cannotOpen(path: String, errno: Int32)
    /// curses knows no terminal of this type (or `TERM` is not set).
    case unknownTerminalType(String?)
    /// The terminal was started twice.
    case alreadyStarted
    /// The terminal was stopped; a `Terminal` starts once.
    case stopped

    /// A one-line explanation for the user.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let code):
            return "cannot open \(path) (errno \(code))"
        case .unknownTerminalType(let type?):
            return "unknown terminal type '\(type)': set TERM to a type in the terminfo database (e.g. xterm-256color)"
        case .unknownTerminalType(nil):
            return "TERM is not set: set it to your terminal's type (e.g. xterm-256color)"
        case .alreadyStarted:
            return "the terminal is already started"
        case .stopped:
            return "the terminal was stopped; create a new Terminal to start again"
        }
    }
}
