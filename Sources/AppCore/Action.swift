import Foundation
import StackAPI

/// Something that happened: a key, a resize, a load's result, a signal.
public enum Action: Hashable, Sendable {
    /// The program started: load the first page.
    case start
    /// A key press: goes to the prompt or picker when one is open, else through the keymap.
    case key(Key)
    /// A command, already chosen (tests and the keymap use this).
    case command(Command)
    /// The terminal changed size.
    case resize(Viewport)
    /// A page of questions arrived (or failed).
    case questionsLoaded(LoadToken, Result<Page<Question>, APIError>)
    /// The local store's copy of page 1 of a list, while the network loads it (`fetchedAt`: when the store got it).
    case cachedQuestionsLoaded(LoadToken, [Question], fetchedAt: Date)
    /// A page of the answers feed arrived (or failed).
    case answersFeedLoaded(LoadToken, Result<Page<Answer>, APIError>)
    /// Questions arrived whose titles the answers feed shows.
    case questionTitlesLoaded(LoadToken, Result<[Question], APIError>)
    /// A question thread arrived (or failed).
    case threadLoaded(LoadToken, Result<QuestionThread, APIError>)
    /// Comments arrived, by post id (or failed).
    case commentsLoaded(LoadToken, Result<[Int: [Comment]], APIError>)
    /// Open a question of the current site by a link to it (the command line's URL); an answer-only link's
    /// question is looked up first.
    case openQuestionLink(questionID: Int?, answerID: Int?)
    /// The question an answer belongs to arrived (or failed).
    case answerQuestionLoaded(LoadToken, Result<Int, APIError>)
    /// The list of sites arrived (or failed), with the API names of those the local store holds.
    case sitesLoaded(LoadToken, Result<[Site], APIError>, held: Set<String> = [])
    /// A load has taken long enough to show the loading indicator.
    case loadingIndicatorDue(LoadToken)
    /// A signal that ends the program (SIGTERM, SIGINT, SIGHUP…): quit with exit status 128 + `signal`.
    case terminate(signal: Int32)
    /// The methods the API has paused while our loads wait for them (empty: none any more), once a second.
    case apiPausesChanged([APIPause])
    /// A message for the status line from outside the reducer (config problems, browser launch, clipboard).
    case notify(String, isError: Bool)
    /// Read marks of a list's questions arrived from the store (`Effect.loadReadMarks`).
    case readMarksLoaded(LoadToken, [Int: ReadState])
    /// The mark the question had before it was opened this time (nil: never read; `Effect.loadLastRead`).
    case lastReadLoaded(LoadToken, ReadState?)
    /// The questions the store knows are linked with the question (duplicates, related; `Effect.loadLinkedQuestions`).
    case linkedQuestionsLoaded(LoadToken, [LinkedQuestion])
    /// The site's saved questions arrived from the store (or failed).
    case savedLoaded(LoadToken, Result<[Question], APIError>)
    /// The sites the local store holds (`Effect.loadHeldSites`).
    case heldSitesLoaded(LoadToken, [HeldSiteSummary])
    /// The sample site's import ended: the site and its source, or why not (`Effect.importSample`).
    case sampleImported(LoadToken, Result<ImportedSample, APIError>)
    /// What the store remembers of the site: past searches (oldest first) and the ids of its saved questions
    /// (`Effect.loadSiteMemory`).
    case siteMemoryLoaded(LoadToken, searches: [String], savedIDs: Set<Int>)
    /// The store did not keep the save (or unsave) of `questionID` asked by `Effect.setSaved`, for `SaveRefusal`'s reason.
    case saveRefused(site: String, questionID: Int, saved: Bool, SaveRefusal)
    /// Questions the live source (`Effect.startLive`) says changed, one entry per question, oldest first.
    case liveActivity([LiveActivity])
    /// The live source's state changed.
    case liveState(LiveStatus)
    /// Questions the live source's poll or gap fill brought for `LiveSubscription` (the API's rows, most recent
    /// activity first), to go to the list like `.liveActivity`.
    case livePolled(LiveSubscription, [Question])
    /// Loads are now answered by the local store (true) or the network again (false).
    case offlineChanged(Bool)
    /// A message that stays on the status line until the next key press, beside any later message (why the config
    /// file was ignored: the network error it causes must not hide it).
    case notice(String)
}

/// The sample site, imported into the store: its API name and the words naming its source, date and licence.
public struct ImportedSample: Hashable, Sendable {
    public let site: String
    public let attribution: String

    public init(site: String, attribution: String) {
        self.site = site
        self.attribution = attribution
    }
}
