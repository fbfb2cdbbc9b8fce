import StackAPI

/// What a screen's reducer returns to the root: the effects to run, the moves on the stack it asks for, and every
/// other change to what screens share, each named — the status message it made (which belongs to that screen and
/// action, `StatusState`), the load tokens it took, the quota a response reported, read marks, saves. The root is
/// the only writer of `SharedState`: it applies an outcome in one place (`Reducer.apply`).
struct Outcome {
    var effects: [Effect] = []
    var navigation: [Navigation] = []
    /// What this action does to the status line's message, if anything.
    var status: StatusChange?
    /// How many load tokens this outcome took after `ScreenContext.lastToken` (`makeToken`).
    var tokensTaken = 0
    /// The request quota a response reported (nil: not reported).
    var quotaRemaining: Int?
    var quotaMax: Int?
    /// Read marks made now (opening a question, marking the screen read): they replace older ones.
    var readMarks: [Int: ReadState] = [:]
    /// The store's read marks of rows shown: they never replace a mark made this session.
    var storedReadMarks: [Int: ReadState] = [:]
    /// A tag to watch (true) or stop watching (false).
    var watch: (tag: String, watched: Bool)?
    /// Watched questions that just arrived live (counted until opened).
    var watchedArrived: Set<Int> = []
    /// Questions saved (true) or unsaved (false).
    var saved: [Int: Bool] = [:]
    /// Words for beside the status line's message until the next key press (`StatusState.notice`).
    var notice: String?
    /// From now on every load is answered by the store: the app is offline, with no live source
    /// (`Effect.answerFromStoreOnly`, before the outcome's own effects).
    var storeOnly = false
    /// What the API says the logged-in user did to posts (a thread's marks arrived): kept where this session has
    /// no mark of its own.
    var knownMarks: [PostKey: PostMarks] = [:]
    /// Writes of the logged-in user sent now (votes, bookmarks, accepts), by their load's token.
    var writesSent: [LoadToken: PostWrite] = [:]
    /// What the API's site objects said about MathJax, by site (`markdown_extensions`), when the site list arrived.
    var sitesWithMathJax: [String: Bool] = [:]

    init(_ effects: [Effect] = [], _ navigation: [Navigation] = []) {
        self.effects = effects
        self.navigation = navigation
    }

    /// A load token no earlier load had: the next after the context's last and those this outcome took already.
    mutating func makeToken(_ context: ScreenContext) -> LoadToken {
        tokensTaken += 1
        return LoadToken(context.lastToken + tokensTaken)
    }

    // MARK: The status line

    /// Shows `message`, as an error or as information (the last word of the action wins).
    mutating func setStatus(_ message: String, isError: Bool) {
        status = .show(message, isError ? .error : .info)
    }

    /// Clears the message (a `notice` stays).
    mutating func clearStatus() {
        status = .clear
    }

    /// After a successful load: clears the error an earlier load left, and only that.
    mutating func clearLoadError() {
        status = StatusChange.clearLoadError.after(status)
    }

    /// After a failed load: the error's one-line summary, unless the load was cancelled.
    mutating func report(_ error: APIError, _ context: ScreenContext) {
        guard error.isUserVisible else { return }
        // Offline by choice (--offline, the sample), the store answered and will answer the same again: no retry is
        // offered that cannot succeed. After the network failed, a retry may reach it again.
        let retry = context.storeOnly && error.isUnreachable ? nil : context.keyName(.reload)
        status = .show(error.summary(retryKey: retry) + Self.wayForward(error, context), .loadError)
    }

    /// For an error about the site itself (the API knows no such site, or serves no such method there): the key of
    /// the site picker, the way out. Empty for any other error.
    static func wayForward(_ error: APIError, _ context: ScreenContext) -> String {
        guard case .api(_, let name, let message) = error,
              name == "no_method" || (name == "bad_parameter" && message.lowercased().contains("site")) else { return "" }
        let key = context.keyName(.pickSite)
        return key.isEmpty ? "" : " — press \(key) to choose another site"
    }

    /// Esc cancelled a load: says so and how to retry (with the effective reload key).
    mutating func noteCancelled(_ context: ScreenContext) {
        let key = context.keyName(.reload)
        setStatus(key.isEmpty ? "Load cancelled" : "Load cancelled — press \(key) to retry", isError: false)
    }

    /// The message the status line will show once the root applies this outcome over `context`'s.
    func message(over context: ScreenContext) -> String? {
        var line = context.status
        if let status { line.apply(status) }
        return line.message
    }

    /// After a load whose `count` `noun` carried impossible values (shown as `?`): says so, unless the load already
    /// left a message of its own (`before` is the message the load found).
    mutating func noteUnknownValues(_ count: Int, _ noun: String, before: String?, _ context: ScreenContext) {
        guard count > 0, message(over: context) == before else { return }
        let what = count == 1 ? "1 \(noun.dropLast())" : "\(count) \(noun)"
        setStatus("The server sent impossible dates or numbers in \(what): shown as ?", isError: false)
    }

    // MARK: Shared state

    /// The quota a response reported; a value it did not report stays as it was.
    mutating func noteQuota(_ remaining: Int?, _ max: Int?) {
        if let remaining { quotaRemaining = remaining }
        if let max { quotaMax = max }
    }
}

/// What an action does to the status line's message; the root applies it (`StatusState.apply`), and the message's
/// lifetime rule (`commandStarts`, `actionEnded`) takes it from there.
enum StatusChange: Hashable, Sendable {
    case show(String, StatusKind)
    case clear
    /// Clears the message only when it is a failed load's error (a load succeeded).
    case clearLoadError

    /// This change made after `earlier` in the same action, as one change.
    func after(_ earlier: StatusChange?) -> StatusChange {
        guard self == .clearLoadError, let earlier else { return self }
        switch earlier {
        case .show(_, .loadError): return .clear
        case .show, .clear, .clearLoadError: return earlier
        }
    }
}

extension StatusState {
    /// Applies what an action did to the message.
    mutating func apply(_ change: StatusChange) {
        switch change {
        case let .show(message, kind): show(message, kind)
        case .clear: clear()
        case .clearLoadError: if kind == .loadError { clear() }
        }
    }
}
