import StackAPI

/// Work the reducer asks the runtime to do; the runtime turns results back into actions.
public enum Effect: Hashable, Sendable {
    /// Run one load (`LoadRequest`: the network, the store, or both, as its recipe decides); its value comes back
    /// as `Action.loaded(token, …)`.
    case load(LoadToken, LoadRequest)
    /// Keep something of the reader's doing in the store for the next runs (`Memory`).
    case remember(Memory)
    /// Save (or unsave) a question of `site` in the store; answered by `.saveRefused` only when the store does not
    /// (no store, a read-only one, a failed write, or a save of a question it holds no copy of).
    case setSaved(site: String, questionID: Int, saved: Bool)
    /// Listen to the live source for `LiveSubscription`'s activity, replacing any source running (answered by
    /// `.liveActivity` and `.liveState` until `.stopLive` or another `.startLive`).
    case startLive(LiveSubscription)
    /// Stop the live source: nothing more arrives from it.
    case stopLive
    /// From now on every load is answered by the local store and no request leaves (the sample site was chosen).
    case answerFromStoreOnly
    /// Call the reader: a new question in a watched tag arrived (`message` names it): the bell (unless `bell = false`)
    /// and a desktop notification where the terminal takes one (OSC 777, OSC 9).
    case alertWatched(message: String)
    /// Set the terminal window's title (`stackterm (2)`: two watched questions not opened yet).
    case setWindowTitle(String)
    case cancel(LoadToken)
    case cancelAll
    /// Hand the terminal to `$EDITOR` on the draft of `EditRequest` (the store's, or its text), keep what it leaves in
    /// the store at once, and answer `.edited`.
    case editPost(EditRequest)
    /// Send `action` after `seconds` (the loading indicator's reveal, the next look at the unread inbox); the
    /// reducer decides then whether it still matters.
    case after(seconds: Double, Action)
    /// Open a URL in the user's browser (no shell, without waiting).
    case openURL(String)
    /// Put text on the terminal's clipboard (OSC 52).
    case copyToClipboard(String)
    /// Put a code block's text on the terminal's clipboard (OSC 52) and say how many lines went; nil: say there is
    /// no code block in view.
    case copyCode(String?)
    /// Repaint every cell of the terminal from the current frame (another program wrote over it).
    case redraw
    /// Restore the terminal and exit with this code.
    case quit(exitCode: Int32)
}

/// What the store keeps of the reader's doing, for the next runs (`Effect.remember`).
public enum Memory: Hashable, Sendable {
    /// These questions of `site` were read, with what was known of them then.
    case readMarks(site: String, [Int: ReadState])
    /// A search on `site`, for the next runs' search history.
    case search(site: String, query: String)
    /// The site, sort and tag filter in use, for the next launch.
    case browse(RememberedBrowse)
    /// The watched tags (`w` changed them), for the next launches.
    case watchedTags([String])
    /// The post of this draft was created: its draft is forgotten.
    case draftPosted(PostCompose)
}

extension Effect {
    /// A load effect followed by the timer that reveals its loading indicator (`Reducer.indicatorDelay`).
    static func withIndicator(_ load: Effect, token: LoadToken) -> [Effect] {
        [load, .after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token))]
    }
}
