import AppCore
import Foundation
import StackAPI
import StackRetrieval

/// The recipes of the logged-in user's loads: each sent with the login's token (which only the runner holds), or
/// answered at once with `notLoggedIn` when nobody is logged in.
extension EffectRunner {
    /// What a load of the user's own answers when nobody is logged in.
    static let notLoggedIn = APIError.api(id: 401, name: "access_token_required", message: "nobody is logged in: run stackterm login")

    func loadAsUser(_ token: LoadToken, _ request: LoadRequest) {
        let secret = accessToken?.revealedForRequest
        let mode = mode(reload: true)
        switch request {
        case .write(let write):
            asUser(token, secret, { .written(write, $0) }) { [loader] secret, done in
                loader.write(write, accessToken: secret, mode: mode, completion: done)
            }
        case let .compose(compose, body, preview):
            asUser(token, secret, { .composed(compose, preview: preview, $0) }) { [loader] secret, done in
                loader.compose(compose, body: body, preview: preview, accessToken: secret, mode: mode, completion: done)
            }
        case let .inbox(unreadOnly, page):
            asUser(token, secret, { .inbox($0) }) { [loader] secret, done in
                loader.inbox(accessToken: secret, unreadOnly: unreadOnly, page: page, mode: mode, completion: done)
            }
        case let .notifications(site, page):
            asUser(token, secret, { .inbox($0) }) { [loader] secret, done in
                loader.notifications(site: site, accessToken: secret, page: page, mode: mode, completion: done)
            }
        case let .myMarks(site, questionID, answerIDs):
            asUser(token, secret, { .myMarks($0) }) { [loader] secret, done in
                loader.viewerMarks(questionID: questionID, answerIDs: answerIDs, site: site, accessToken: secret, mode: mode,
                                   completion: done)
            }
        case .bookmarks(let site):
            asUser(token, secret, { .saved($0) }) { [loader] secret, done in
                loader.bookmarks(site: site, accessToken: secret, mode: mode, completion: done)
            }
        default:
            preconditionFailure("\(request) is not a load of the user's own")
        }
    }

    /// Starts the load `start` makes with the token `secret`, its value delivered as `deliver` makes it — or, with
    /// no token, delivers `notLoggedIn` at once.
    private func asUser<Value: Sendable>(
        _ token: LoadToken, _ secret: String?, _ deliver: @escaping @MainActor (Result<Value, APIError>) -> LoadResult,
        _ start: (String, @escaping RetrievalCompletion<Loaded<Value>>) -> RetrievalHandle
    ) {
        guard let secret else { return finish(token, .loaded(token, deliver(.failure(Self.notLoggedIn)))) }
        run(token, { start(secret, $0) }, deliver: deliver)
    }
}
