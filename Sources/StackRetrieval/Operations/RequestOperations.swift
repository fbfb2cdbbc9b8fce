import Foundation
import StackAPI

// One named operation per kind of request. Each only builds its `APIRequest`; the work (and the cache lookup
// `cachePolicy` allows) is `APIRequestOperation`'s.

/// `/questions`: one page of a site's questions (default fields; bodies when `withBody` is true).
public final class QuestionsPageOperation: APIRequestOperation<Question>, @unchecked Sendable {
    /// Creates the load of page `page` of `site`'s questions.
    public init(
        site: String, sort: QuestionSort = .activity, order: StackAPI.SortOrder = .desc, tagged: [String] = [],
        page: Int = 1, pageSize: Int? = nil, withBody: Bool = false, cachePolicy: CachePolicy = .useCache,
        environment: RequestEnvironment, delivery: ResultDelivery<Page<Question>>
    ) {
        let request = APIRequest.questions(
            site: site, sort: sort, order: order, tagged: tagged, page: page, pageSize: pageSize, withBody: withBody)
        super.init(request: request, environment: environment, cachePolicy: cachePolicy, delivery: delivery)
    }
}

/// `/questions/{ids}`: questions by id, with bodies.
public final class QuestionsByIDOperation: APIRequestOperation<Question>, @unchecked Sendable {
    /// Creates the load of the questions `ids` on `site`.
    public init(
        ids: [Int], site: String, withBody: Bool = true, cachePolicy: CachePolicy = .useCache,
        environment: RequestEnvironment, delivery: ResultDelivery<Page<Question>>
    ) {
        let request = APIRequest.questionsByID(ids, site: site, withBody: withBody)
        super.init(request: request, environment: environment, cachePolicy: cachePolicy, delivery: delivery)
    }
}

/// `/questions/{id}/answers`: one page of a question's answers, with bodies.
public final class AnswersOfQuestionOperation: APIRequestOperation<Answer>, @unchecked Sendable {
    /// Creates the load of page `page` of the answers to `questionID`, best-voted first by default.
    public init(
        questionID: Int, site: String, sort: AnswerSort = .votes, page: Int = 1,
        pageSize: Int? = APIRequest.maximumPageSize, cachePolicy: CachePolicy = .useCache,
        environment: RequestEnvironment, delivery: ResultDelivery<Page<Answer>>
    ) {
        let request = APIRequest.answersOfQuestions(
            [questionID], site: site, sort: sort, page: page, pageSize: pageSize, withBody: true)
        super.init(request: request, environment: environment, cachePolicy: cachePolicy, delivery: delivery)
    }
}

/// `/answers`: one page of a site's latest answers, with bodies.
public final class LatestAnswersPageOperation: APIRequestOperation<Answer>, @unchecked Sendable {
    /// Creates the load of page `page` of `site`'s latest answers.
    public init(
        site: String, sort: AnswerSort = .activity, order: StackAPI.SortOrder = .desc, page: Int = 1, pageSize: Int? = nil,
        cachePolicy: CachePolicy = .useCache, environment: RequestEnvironment, delivery: ResultDelivery<Page<Answer>>
    ) {
        let request = APIRequest.latestAnswers(site: site, sort: sort, order: order, page: page, pageSize: pageSize)
        super.init(request: request, environment: environment, cachePolicy: cachePolicy, delivery: delivery)
    }
}

/// `/search/advanced`: one page of questions matching a free-text query (bodies when `withBody` is true).
public final class SearchPageOperation: APIRequestOperation<Question>, @unchecked Sendable {
    /// Creates the search for `query` on `site`, optionally tagged and limited to (un)accepted questions.
    public init(
        site: String, query: String, tagged: [String] = [], sort: SearchSort = .relevance, order: StackAPI.SortOrder = .desc,
        page: Int = 1, pageSize: Int? = nil, accepted: Bool? = nil, withBody: Bool = false,
        cachePolicy: CachePolicy = .useCache,
        environment: RequestEnvironment, delivery: ResultDelivery<Page<Question>>
    ) {
        let request = APIRequest.searchAdvanced(
            site: site, query: query, tagged: tagged, sort: sort, order: order,
            page: page, pageSize: pageSize, accepted: accepted, withBody: withBody)
        super.init(request: request, environment: environment, cachePolicy: cachePolicy, delivery: delivery)
    }
}

/// `/info`: a site's totals and rates.
public final class SiteInfoOperation: APIRequestOperation<Info>, @unchecked Sendable {
    /// Creates the load of `site`'s info.
    public init(
        site: String, cachePolicy: CachePolicy = .useCache,
        environment: RequestEnvironment, delivery: ResultDelivery<Page<Info>>
    ) {
        super.init(request: .info(site: site), environment: environment, cachePolicy: cachePolicy, delivery: delivery)
    }
}
