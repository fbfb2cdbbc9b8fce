import StackAPI

/// How a thread print ended: its exit code and the line for stderr (the same codes as a list print).
public struct ThreadOutcome: Equatable, Sendable {
    /// The process exit code (see `PrintExitCode`).
    public let exitCode: Int32
    /// The line for stderr, or nil when the thread was printed.
    public let message: String?

    public init(_ result: Result<ThreadLoader.Loaded, ThreadLoader.Failure>) {
        switch result {
        case .success:
            (exitCode, message) = (PrintExitCode.success, nil)
        case .failure(.notFound(let what)):
            (exitCode, message) = (PrintExitCode.noResults, "stackterm: " + what)
        case .failure(.api(.api(id: 404, name: "not_found", let what))):
            (exitCode, message) = (PrintExitCode.noResults, "stackterm: " + what)
        case .failure(.api(let error)):
            let outcome = PrintOutcome.failed(error, printed: 0)
            (exitCode, message) = (outcome.exitCode, outcome.message)
        }
    }
}
