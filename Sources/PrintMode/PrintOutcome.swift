import StackAPI

/// The exit codes of `stackterm print` (and the usage code shared with `stackterm`).
public enum PrintExitCode {
    /// At least one question printed.
    public static let success: Int32 = 0
    /// A network or API error (message on stderr).
    public static let failure: Int32 = 1
    /// A usage error: a bad flag or value.
    public static let usage: Int32 = 2
    /// The list or search had no questions.
    public static let noResults: Int32 = 3
    /// Throttled, daily quota used up, or pages past 25 without an API key.
    public static let throttled: Int32 = 4
}

/// How a print run ended.
public enum PrintOutcome: Equatable, Sendable {
    /// Every page needed was loaded; `count` questions were printed.
    case finished(count: Int)
    /// A load failed after `printed` questions were printed.
    case failed(APIError, printed: Int)
    /// Page `page` brought no question not already printed although the API said it had more: `count` were printed.
    case repeated(count: Int, page: Int)

    /// The process exit code (see `PrintExitCode`).
    public var exitCode: Int32 {
        switch self {
        case .finished(let count), .repeated(let count, _):
            return count > 0 ? PrintExitCode.success : PrintExitCode.noResults
        case .failed(.throttled, _), .failed(.quotaExhausted, _), .failed(.pageLimit, _):
            return PrintExitCode.throttled
        case .failed:
            return PrintExitCode.failure
        }
    }

    /// The line for stderr: the error's summary (without the browser's retry hint), why nothing was printed,
    /// or why the run stopped before `--limit`.
    public var message: String? {
        switch self {
        case .finished(let count):
            return count > 0 ? nil : "stackterm: no questions matched"
        case .failed(let error, _):
            return "stackterm: " + error.summary(retryKey: nil)
        case .repeated(let count, let page):
            return "stackterm: the server sent no new questions on page \(page) — stopped after \(count)"
        }
    }
}
