import Foundation
import StackAPI

/// What one load asks for — from the network, the store, or both, as the runtime's recipe for it decides. A load
/// travels one way: a screen's reducer returns `Effect.load(token, request)`, the runtime runs the request's recipe
/// (`AppRuntime/LoadRecipes.swift`), and its value comes back as `Action.loaded(token, result)` to the screen on the
/// stack waiting for `token` (`ScreenFeature.loaded`). Adding a kind of load is one case here, one in `LoadResult`,
/// one recipe and one handler in the feature that asked for it.
public enum LoadRequest: Hashable, Sendable {
    /// One page of a question list (`/questions`, or `/search/advanced` when `settings.searchQuery` is set); `reload`
    /// (the user pressed `r`) bypasses any cache.
    case questions(settings: BrowseSettings, page: Int, priority: LoadPriority, reload: Bool)
    /// One page of the latest answers feed (`/answers`).
    case answersFeed(site: String, page: Int, pageSize: Int, priority: LoadPriority, reload: Bool)
    /// The titles of these questions (for the answers feed, whose answers carry none).
    case questionTitles(ids: [Int], site: String)
    /// A question with its body and answers; `reload` bypasses any cache. `listCopy`, the question as a list brought
    /// it with its body, spares the question's request (only its answers are asked for).
    case thread(questionID: Int, site: String, reload: Bool, listCopy: Question?)
    /// The comments of these posts; `reload` (after `r`) bypasses what the store holds fresh.
    case comments(postIDs: [Int], site: String, reload: Bool)
    /// The question answer `answerID` belongs to.
    case answerQuestion(answerID: Int, site: String)
    /// The network's sites, with those the store holds.
    case sites
    /// The sites the local store holds.
    case heldSites
    /// Imports the sample site shipped with stackterm into the store; from then on loads are answered by the store.
    case sampleImport
    /// Which of these questions of `site` were read, and how.
    case readMarks(site: String, ids: [Int])
    /// The mark question `questionID` had before this opening (read before any `markRead` that follows).
    case lastRead(site: String, questionID: Int)
    /// The questions the store knows are linked with `questionID`.
    case linkedQuestions(site: String, questionID: Int)
    /// `site`'s saved questions, most recently saved first.
    case saved(site: String)
    /// What the store remembers of `site`: its search history and saved ids.
    case siteMemory(site: String)
    /// A vote, bookmark or accept of the logged-in user, sent once to the network with the login's token.
    case write(PostWrite)
    /// The logged-in user's bookmarks on `site` (`/me/favorites`), answered by `.saved`.
    case bookmarks(site: String)
    /// An answer or comment sent once with the login's token (`preview`: the API creates nothing and shows it).
    case compose(PostCompose, body: String, preview: Bool)
    /// Page `page` of the logged-in user's inbox across sites (`unreadOnly`: `/inbox/unread`).
    case inbox(unreadOnly: Bool, page: Int)
    /// The logged-in user's votes and bookmark on question `questionID` of `site` and these answers.
    case myMarks(site: String, questionID: Int, answerIDs: [Int])
    /// Page `page` of the logged-in user's notifications on `site`, answered by `.inbox` (as inbox rows).
    case notifications(site: String, page: Int)
}

/// What one load brought, one case per `LoadRequest` (and the store's early copy of a list's page 1).
public enum LoadResult: Hashable, Sendable {
    /// A page of questions (or why not).
    case questions(Result<Page<Question>, APIError>)
    /// The store's copy of page 1 of a list, while the network loads it (`fetchedAt`: when the store got it).
    case cachedQuestions([Question], fetchedAt: Date)
    /// A page of the answers feed (or why not).
    case answersFeed(Result<Page<Answer>, APIError>)
    /// Questions whose titles the answers feed shows.
    case questionTitles(Result<[Question], APIError>)
    /// A question thread (or why not).
    case thread(Result<QuestionThread, APIError>)
    /// Comments by post id (or why not).
    case comments(Result<[Int: [Comment]], APIError>)
    /// The question an answer belongs to (or why not).
    case answerQuestion(Result<Int, APIError>)
    /// The list of sites (or why not), with the API names of those the local store holds.
    case sites(Result<[Site], APIError>, held: Set<String> = [])
    /// The sites the local store holds.
    case heldSites([HeldSiteSummary])
    /// The sample site's import ended: the site and its source, or why not.
    case sampleImport(Result<ImportedSample, APIError>)
    /// Read marks of a list's questions.
    case readMarks([Int: ReadState])
    /// The mark the question had before it was opened this time (nil: never read).
    case lastRead(ReadState?)
    /// The questions the store knows are linked with the question (duplicates, related).
    case linkedQuestions([LinkedQuestion])
    /// The site's saved questions, or the user's bookmarks there (or why not).
    case saved(Result<[Question], APIError>)
    /// Past searches of the site (oldest first) and the ids of its saved questions.
    case siteMemory(searches: [String], savedIDs: Set<Int>)
    /// The logged-in user's marks on a thread's posts, by post id (or why not).
    case myMarks(Result<[Int: PostMarks], APIError>)
    /// What the API answered for a compose — a preview or the post sent — (or why not).
    case composed(PostCompose, preview: Bool, Result<ComposedPost, APIError>)
    /// A page of the user's inbox (or why not).
    case inbox(Result<Page<InboxItem>, APIError>)
    /// A write's answer: the post's score as the API returned it (or why the write was refused or failed).
    case written(PostWrite, Result<Int?, APIError>)
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
