import Foundation
import StackAPI
import StackStore

extension Loader {
    /// Page `page` of a list or a search. In `.preferFresh`, page 1 of a list the store holds but not fresh is
    /// handed to `preview` first (painted at once, with when it was fetched) while the network is asked.
    @discardableResult
    public func questions(
        _ query: QuestionListQuery, page: Int, mode: LoadMode, priority: LoadPriority = .userInitiated,
        preview: (@MainActor @Sendable (Loaded<Page<Question>>) -> Void)? = nil,
        completion: @escaping RetrievalCompletion<Loaded<Page<Question>>>
    ) -> RetrievalHandle {
        load(questionsRecipe(query, page: page), mode: mode, priority: priority, preview: preview,
             completion: completion)
    }

    func questionsRecipe(_ query: QuestionListQuery, page: Int) -> LoadRecipe<Page<Question>> {
        let key = query.listKey(page: page)
        let site = query.site
        let stale: (@Sendable (LocalDataManager) throws -> (value: Page<Question>, fetchedAt: Date)?)?
        if page == 1 && query.search == nil {
            stale = { local in
                let stored: LocalPage
                do { stored = try local.storedPage(query, page: 1) } catch is APIError { return nil }
                guard let fetchedAt = stored.fetchedAt else { return nil }
                return (stored.questionPage, fetchedAt)
            }
        } else {
            stale = nil
        }
        return LoadRecipe(
            what: query.search == nil ? "the list of \(site)'s questions" : "a search of \(site)",
            fresh: { local in try local.store.listPage(key: key, page: page, site: site, fetchedSince: local.freshSince) },
            stale: stale,
            request: Self.request(query.request(page: page), Question.self) { .success($0) },
            keep: { local, fetched in local.keep { try $0.keep(listPage: fetched, key: key, site: site) } },
            stored: { local in try local.storedPage(query, page: page).questionPage })
    }

    /// Questions by id (a thread's linked questions), with bodies.
    @discardableResult
    public func questions(ids: [Int], site: String, mode: LoadMode, priority: LoadPriority = .prefetch,
                          completion: @escaping RetrievalCompletion<Loaded<[Question]>>) -> RetrievalHandle {
        let recipe = LoadRecipe<[Question]>(
            what: "those questions",
            request: Self.request(.questionsByID(ids, site: site, withBody: true), Question.self) { .success($0.items) },
            keep: { local, questions in local.keep(questions: questions, site: site) },
            stored: { local in try local.store.questions(site: site, ids: ids).map(\.question) })
        return load(recipe, mode: mode, priority: priority, completion: completion)
    }
}
