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
}
