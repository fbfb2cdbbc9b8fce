import AppCore
import Spawning

/// Why a link could not be opened in a browser; each case reads as one line in the status bar.
public enum LaunchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `SafeLink` refused the link, so it is never handed to a program.
    case unsafeLink(SafeLink.Rejection)
    /// Neither `$BROWSER` nor `xdg-open` nor `sensible-browser` names a program that can be run.
    case noBrowser
    /// The program was found but could not be started (`posix_spawn` failed with `reason`).
    case spawnFailed(program: String, reason: String)
    /// The browser exited with a non-zero status (a terminal one when it returned the terminal, a detached one
    /// whenever it ended).
    case exited(program: String, status: Int32)
    case signalled(program: String, signal: Int32)
    /// With `$BROWSER` unset, the fallback program (`xdg-open`, `sensible-browser`) failed as `failure` says
    /// (e.g. Debian's `sensible-browser` with no browser installed).
    case fallbackFailed(program: String, failure: String)

    /// The error `ending` means for `program`: nil for an exit with status 0.
    public init?(program: String, ending: ChildEnding) {
        switch ending {
        case .exited(0): return nil
        case .exited(let status): self = .exited(program: program, status: status)
        case .signalled(let signal): self = .signalled(program: program, signal: signal)
        }
    }

    /// This error as the user should read it when no `$BROWSER` was set: a failed fallback program says what was tried
    /// and how to set one.
    public func unconfigured() -> LaunchError {
        switch self {
        case let .exited(program, status): .fallbackFailed(program: program, failure: "failed (exit status \(status))")
        case let .signalled(program, signal): .fallbackFailed(program: program, failure: "was ended by signal \(signal)")
        default: self
        }
    }

    /// How to tell stackterm which browser to use.
    static let setBrowser = "set $BROWSER, e.g. export BROWSER=firefox (or w3m to read in the terminal)"

    /// The message for the status bar, the advice first (a long one wraps above the status line).
    public var description: String {
        switch self {
        case .unsafeLink(let rejection):
            "Not opened: \(rejection)"
        case .noBrowser:
            "No browser found: \(Self.setBrowser) ($BROWSER is not set and neither xdg-open nor sensible-browser is installed)"
        case let .spawnFailed(program, reason):
            "Could not start \(program): \(reason)"
        case let .exited(program, status):
            "\(program) failed (exit status \(status))"
        case let .signalled(program, signal):
            "\(program) was ended by signal \(signal)"
        case let .fallbackFailed(program, failure):
            "No browser opened the link: \(Self.setBrowser) ($BROWSER is not set, and \(program) \(failure))"
        }
    }
}
