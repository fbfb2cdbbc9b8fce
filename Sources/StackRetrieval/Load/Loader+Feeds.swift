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
            keep: { local, fetched in local.keep(answers: fetched.items, site: site) },
            stored: { local in
                let limit = max(1, pageSize)
                let answers = try local.store.latestAnswers(site: site, offset: (page - 1) * limit, limit: limit + 1)
                if page == 1 && answers.isEmpty {
                    return .failure(.offline(detail: "no answers of \(site) in the local store (browse them online or run stackterm import)"))
                }
                return .success(Page(items: Array(answers.prefix(limit)), hasMore: answers.count > limit, page: page))
            })
        return load(recipe, mode: mode, priority: priority, completion: completion)
    }

    /// Every site of the network for the site picker, from the week-long list on disk or `/sites`; offline, the
    /// sites the store holds. `held` names the sites the store holds either way.
    @discardableResult
    public func sites(mode: LoadMode, completion: @escaping RetrievalCompletion<Loaded<SiteList>>) -> RetrievalHandle {
        let (cache, local) = (sitesCache, self.local)
        let recipe = LoadRecipe<SiteList>(
            what: "the site list",
            request: { environment, done in
                SitesOperation(cache: cache, cachePolicy: mode == .reload ? .reload : .useCache, environment: environment,
                               delivery: .direct { result in
                                   done(result.map { list in
                                       var marked = list
                                       marked.held = Set(((try? local?.store.heldSites()) ?? []).map(\.apiName))
                                       return marked
                                   })
                               })
            },
            stored: { local in
                let held = try local.store.heldSites()
                guard !held.isEmpty else { return .failure(.offline(detail: "the local store holds no site yet (run stackterm import)")) }
                return .success(SiteList(sites: held.map(Self.site), fetchedAt: Date(), held: Set(held.map(\.apiName))))
            })
        return load(recipe, mode: mode, completion: completion)
    }

    /// A site the store holds as the site picker lists it (its name and address when the store knows them).
    static func site(_ held: HeldSite) -> Site {
        Site(name: held.name ?? held.apiName, apiSiteParameter: held.apiName,
             siteURL: held.siteURL ?? "https://" + SiteHost.host(for: held.apiName))
    }
}
