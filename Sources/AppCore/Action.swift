import StackAPI

/// Something that happened: a command from a key, a resize, a load's result, a signal.
public enum Action: Hashable, Sendable {
    /// The program started: load the first page.
    case start
    /// A key press already translated through the keymap.
    case command(Command)
    /// The terminal changed size.
    case resize(Viewport)
    /// A page of questions arrived (or failed).
    case questionsLoaded(LoadToken, Result<Page<Question>, APIError>)
    /// A question thread arrived (or failed).
    case threadLoaded(LoadToken, Result<QuestionThread, APIError>)
    /// A load has taken long enough to show the loading indicator.
    case loadingIndicatorDue(LoadToken)
    /// The renderer measured the question view's document at the current width.
    case threadMeasured(lines: Int)
    /// SIGINT, SIGTERM or SIGHUP.
    case terminate
    /// A message for the status line from outside the reducer (config problems, browser launch, clipboard).
    case notify(String, isError: Bool)
}
