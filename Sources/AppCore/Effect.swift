import StackAPI

/// Work the reducer asks the runtime to do; the runtime turns results back into actions.
public enum Effect: Hashable, Sendable {
    /// Load one page of the question list (`/questions`, or `/search/advanced` when `settings.searchQuery` is set);
    /// `reload` (the user pressed `r`) bypasses any cache.
    case loadQuestions(LoadToken, settings: BrowseSettings, page: Int, priority: LoadPriority, reload: Bool)
    /// Load one page of the latest answers feed (`/answers`).
    case loadAnswersFeed(LoadToken, site: String, page: Int, pageSize: Int, priority: LoadPriority, reload: Bool)
    /// Load the titles of these questions (for the answers feed, whose answers carry no title).
    case loadQuestionTitles(LoadToken, ids: [Int], site: String)
    /// Load a question with its body and its answers; `reload` bypasses any cache. `listCopy`, the question as a list
    /// brought it with its body, spares the question's request (only its answers are asked for).
    case loadThread(LoadToken, questionID: Int, site: String, reload: Bool, listCopy: Question?)
    /// Load the comments of these posts; `reload` (after `r`) bypasses what the store holds fresh.
    case loadComments(LoadToken, postIDs: [Int], site: String, reload: Bool)
    /// Find the question answer `answerID` belongs to (answers `.answerQuestionLoaded`).
    case loadAnswerQuestion(LoadToken, answerID: Int, site: String)
    case loadSites(LoadToken)
    /// The sites the local store holds (`Action.heldSitesLoaded`).
    case loadHeldSites(LoadToken)
    /// Imports the sample site shipped with stackterm into the store, then answers loads from the store only
    /// (`Action.sampleImported`).
    case importSample(LoadToken)
    /// Remember that these questions of `site` were read, with what was known of them then.
    case markRead(site: String, [Int: ReadState])
    /// Ask the store which of these questions of `site` were read, and how (answers `.readMarksLoaded`).
    case loadReadMarks(LoadToken, site: String, ids: [Int])
    /// Ask the store for the mark question `questionID` had before this opening (answers `.lastReadLoaded`); the store
    /// reads it before any `markRead` that follows.
    case loadLastRead(LoadToken, site: String, questionID: Int)
    /// Ask the store for the questions linked with `questionID` (answers `.linkedQuestionsLoaded`).
    case loadLinkedQuestions(LoadToken, site: String, questionID: Int)
    /// Save (or unsave) a question of `site` in the store; answered by `.saveRefused` only when the store does not
    /// (no store, a read-only one, a failed write, or a save of a question it holds no copy of).
    case setSaved(site: String, questionID: Int, saved: Bool)
    /// Load `site`'s saved questions, most recently saved first (answers `.savedLoaded`).
    case loadSaved(LoadToken, site: String)
    /// Load what the store remembers of `site`: its search history and saved ids (answers `.siteMemoryLoaded`).
    case loadSiteMemory(LoadToken, site: String)
    /// Remember a search on `site` for the next runs' search history.
    case rememberSearch(site: String, query: String)
    /// Remember the site, sort and tag filter in use, for the next launch.
    case rememberBrowse(RememberedBrowse)
    /// Remember the watched tags (`w` changed them), for the next launches.
    case rememberWatchedTags([String])
    /// Listen to the live source for `LiveSubscription`'s activity, replacing any source running (answered by
    /// `.liveActivity` and `.liveState` until `.stopLive` or another `.startLive`).
    case startLive(LiveSubscription)
    /// Stop the live source: nothing more arrives from it.
    case stopLive
    /// Call the reader: a new question in a watched tag arrived (`message` names it): the bell (unless `bell = false`)
    /// and a desktop notification where the terminal takes one (OSC 777, OSC 9).
    case alertWatched(message: String)
    /// Set the terminal window's title (`stackterm (2)`: two watched questions not opened yet).
    case setWindowTitle(String)
    case cancel(LoadToken)
    case cancelAll
    /// Send `.loadingIndicatorDue(token)` after `seconds` if the load is still running.
    case scheduleLoadingIndicator(LoadToken, seconds: Double)
    /// Open a URL in the user's browser (no shell, without waiting).
    case openURL(String)
    /// Put text on the terminal's clipboard (OSC 52).
    case copyToClipboard(String)
    /// Copy the question view's code block drawn on row `top` of its document, else the first one starting
    /// within the `rows` rows shown from there (the runtime has the layout; the reducer only knows rows).
    case copyCodeBlock(top: Int, rows: Int)
    /// Repaint every cell of the terminal from the current frame (another program wrote over it).
    case redraw
    /// Restore the terminal and exit with this code.
    case quit(exitCode: Int32)
}

extension Effect {
    /// A load effect followed by the timer that reveals its loading indicator (`Reducer.indicatorDelay`).
    static func withIndicator(_ load: Effect, token: LoadToken) -> [Effect] {
        [load, .scheduleLoadingIndicator(token, seconds: Reducer.indicatorDelay)]
    }
}
