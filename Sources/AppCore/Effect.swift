import StackAPI

/// Priority of a load: what the user waits for, or a prefetch that may wait.
public enum LoadPriority: Hashable, Sendable {
    case userInitiated
    case prefetch
}

/// Work the reducer asks the runtime to do; the runtime turns results back into actions.
public enum Effect: Hashable, Sendable {
    /// Load one page of the question list.
    case loadQuestions(LoadToken, settings: BrowseSettings, page: Int, priority: LoadPriority)
    /// Load a question with its body and its answers.
    case loadThread(LoadToken, questionID: Int, site: String)
    /// Cancel one load.
    case cancel(LoadToken)
    /// Cancel every load in flight.
    case cancelAll
    /// Send `.loadingIndicatorDue(token)` after `seconds` if the load is still running.
    case scheduleLoadingIndicator(LoadToken, seconds: Double)
    /// Restore the terminal and exit with this code.
    case quit(exitCode: Int32)
}
