import Foundation
import StackAPI

extension Loader {
    /// Sends `write` (a vote, bookmark or accept) with `accessToken` once, to the network only: never answered by
    /// the store, never sent again by itself (a failed write is the user's to repeat), nothing of it kept. The
    /// value is the post's score as the API returned it (nil when it sent none). In `.storeOnly` mode it fails saying
    /// the network is needed.
    @discardableResult
    public func write(_ write: PostWrite, accessToken: String, mode: LoadMode,
                      completion: @escaping RetrievalCompletion<Loaded<Int?>>) -> RetrievalHandle {
        let request = APIRequest.write(write, accessToken: accessToken)
        let send: LoadRecipe<Int?>.Request = switch write.post {
        case .question: Self.request(request, Question.self) { .success($0.items.first?.score) }
        case .answer: Self.request(request, Answer.self) { .success($0.items.first?.score) }
        }
        let recipe = LoadRecipe<Int?>(what: "the \(write.act.rawValue) of post \(write.post.id)", request: send)
        return load(recipe, mode: mode, completion: completion)
    }

    /// The first page (100) of the bookmarks of the user `accessToken` belongs to on `site`, from the network only
    /// (nothing of it is kept: the store holds no account's data).
    @discardableResult
    public func bookmarks(site: String, accessToken: String, mode: LoadMode,
                          completion: @escaping RetrievalCompletion<Loaded<[Question]>>) -> RetrievalHandle {
        let recipe = LoadRecipe<[Question]>(
            what: "your bookmarks on \(site)",
            request: Self.request(.myFavorites(site: site, accessToken: accessToken), Question.self) { .success($0.items) })
        return load(recipe, mode: mode, completion: completion)
    }

    /// Page `page` of the inbox of the user `accessToken` belongs to (`unreadOnly`: its unread items), newest first,
    /// up to 100 items, from the network only (nothing of it is kept).
    @discardableResult
    public func inbox(accessToken: String, unreadOnly: Bool, page: Int = 1, mode: LoadMode,
                      completion: @escaping RetrievalCompletion<Loaded<Page<InboxItem>>>) -> RetrievalHandle {
        let recipe = LoadRecipe<Page<InboxItem>>(
            what: unreadOnly ? "your unread inbox" : "your inbox",
            request: Self.request(.inbox(accessToken: accessToken, unreadOnly: unreadOnly, page: page), InboxItem.self) { .success($0) })
        return load(recipe, mode: mode, completion: completion)
    }

    /// Sends `compose` with the Markdown `body` once (`preview`: the API creates nothing and answers with the post
    /// as it would be), to the network only and never again by itself: a failed send is the user's to repeat (no
    /// double post). The value is the post the API returned.
    @discardableResult
    public func compose(_ compose: PostCompose, body: String, preview: Bool, accessToken: String, mode: LoadMode,
                        completion: @escaping RetrievalCompletion<Loaded<ComposedPost>>) -> RetrievalHandle {
        let request = APIRequest.compose(compose, body: body, preview: preview, accessToken: accessToken)
        let missing = APIError.undecodable(path: "items", reason: "the API sent no \(compose.noun) back")
        let send: LoadRecipe<ComposedPost>.Request = switch compose.target {
        case .answer: Self.request(request, Answer.self) { page in page.items.first.map { .success(.answer($0)) } ?? .failure(missing) }
        case .comment: Self.request(request, Comment.self) { page in page.items.first.map { .success(.comment($0)) } ?? .failure(missing) }
        }
        let recipe = LoadRecipe<ComposedPost>(what: (preview ? "the preview of your " : "your ") + compose.noun, request: send)
        return load(recipe, mode: mode, completion: completion)
    }

    /// Page `page` of the notifications of the user `accessToken` belongs to on `site`, as inbox rows, from the
    /// network only.
    @discardableResult
    public func notifications(site: String, accessToken: String, page: Int = 1, mode: LoadMode,
                              completion: @escaping RetrievalCompletion<Loaded<Page<InboxItem>>>) -> RetrievalHandle {
        let recipe = LoadRecipe<Page<InboxItem>>(
            what: "your notifications on \(site)",
            request: Self.request(.myNotifications(site: site, accessToken: accessToken, page: page), UserNotification.self) { page in
                .success(Page(items: page.items.map(InboxItem.init), hasMore: page.hasMore, page: page.page,
                              quotaRemaining: page.quotaRemaining, quotaMax: page.quotaMax))
            })
        return load(recipe, mode: mode, completion: completion)
    }

    /// The marks (votes, bookmark) the user of `accessToken` has on question `questionID` and its answers, from
    /// the network only (`ViewerMarksOperation`).
    @discardableResult
    public func viewerMarks(questionID: Int, answerIDs: [Int], site: String, accessToken: String, mode: LoadMode,
                            completion: @escaping RetrievalCompletion<Loaded<[Int: PostMarks]>>) -> RetrievalHandle {
        let recipe = LoadRecipe<[Int: PostMarks]>(
            what: "your votes on question \(questionID)",
            request: { environment, done in
                ViewerMarksOperation(questionID: questionID, answerIDs: answerIDs, site: site, accessToken: accessToken,
                                     environment: environment, delivery: .direct(done))
            })
        return load(recipe, mode: mode, completion: completion)
    }
}
