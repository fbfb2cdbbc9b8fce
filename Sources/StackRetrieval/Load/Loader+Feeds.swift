import Foundation
import StackAPI
import StackStore

extension Loader {
    /// A page of the site's newest answers, each with its question's title and tags.
    @discardableResult
    public func latestAnswers(site: String, page: Int, pageSize: Int, mode: LoadMode, priority: LoadPriority = .userInitiated,
                              completion: @escaping RetrievalCompletion<Loaded<Page<Answer>>>) -> RetrievalHandle {
        let recipe = LoadRecipe<Page<Answer>>(
            what: "the newest answers of \(site)",
            request: Self.request(.latestAnswers(site: site, sort: .creation, page: page, pageSize: pageSize), Answer.self) { .success($0) },
            keep: { local, fetched in local.keep { try $0.keep(answers: fetched.items, site: site) } },
            stored: { local in
                let limit = max(1, pageSize)
                let answers = try local.store.latestAnswers(site: site, offset: (page - 1) * limit, limit: limit + 1)
                if page == 1 && answers.isEmpty {
                    throw APIError.offline(detail: "no answers of \(site) in the local store (browse them online or run stackterm import)")
                }
                return Page(items: Array(answers.prefix(limit)), hasMore: answers.count > limit, page: page)
            })
        return load(recipe, mode: mode, priority: priority, completion: completion)
    }

    /// How long the sites list the store keeps answers the picker without a request: a week.
    public static let sitesFreshFor: TimeInterval = 7 * 24 * 60 * 60
    /// Pages of 100 sites followed at most (the network has about four).
    static let maximumSitePages = 10

    /// Every site of the network for the site picker, from the store's list when it is less than a week old, else
    /// `/sites` (every page, kept); offline, the sites the store holds questions of. `held` names those either way.
    @discardableResult
    public func sites(mode: LoadMode, completion: @escaping RetrievalCompletion<Loaded<SiteList>>) -> RetrievalHandle {
        let local = self.local
        @Sendable func held() -> Set<String> { Set(((try? local?.store.heldSites()) ?? []).map(\.apiName)) }
        let recipe = LoadRecipe<SiteList>(
            what: "the site list",
            fresh: { local in
                guard let kept = try local.store.siteList(), -kept.fetchedAt.timeIntervalSinceNow < Self.sitesFreshFor else { return nil }
                return SiteList(sites: kept.sites, held: held())
            },
            request: { environment, done in
                PagesCollectingOperation<Site>(requests: [.sites(page: 1, pageSize: APIRequest.maximumPageSize)],
                                               maximumPages: Self.maximumSitePages, environment: environment,
                                               delivery: .direct { done($0.map { SiteList(sites: $0.items, held: held()) }) })
            },
            keep: { local, list in local.keep { try $0.save(sites: list.sites) } },
            stored: { local in
                let stored = try local.store.heldSites()
                guard !stored.isEmpty else { throw APIError.offline(detail: "the local store holds no site yet (run stackterm import)") }
                return SiteList(sites: stored.map(Self.site), held: Set(stored.map(\.apiName)))
            })
        return load(recipe, mode: mode, completion: completion)
    }

    /// A site the store holds as the site picker lists it (its name and address when the store knows them).
    static func site(_ held: HeldSite) -> Site {
        Site(name: held.name ?? held.apiName, apiSiteParameter: held.apiName,
             siteURL: held.siteURL ?? "https://" + SiteHost.host(for: held.apiName))
    }
}
