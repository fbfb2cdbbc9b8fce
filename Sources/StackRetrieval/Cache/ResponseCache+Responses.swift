import Foundation
import StackAPI

extension ResponseCache {
    /// The page `request` answered, if it is cached and fresh.
    func page<Item: Sendable>(answering request: APIRequest) -> Page<Item>? {
        value(Page<Item>.self, for: .response(request))
    }

    /// Stores the page `request` answered, costing one per item. Questions that came with bodies are also
    /// stored one by one, so opening one of them needs only its answers.
    func storeResponse<Item: Sendable>(_ page: Page<Item>, for request: APIRequest) {
        var kept = page
        kept.backoff = nil // the gate already holds the method; a cached copy must not ask again
        store(kept, for: .response(request), cost: page.items.count + 1)
        guard let questions = page.items as? [Question], let site = request.site else { return }
        for question in questions where question.body != nil {
            store(question, for: .questionWithBody(site: site, questionID: question.questionID))
        }
    }

    /// The question `questionID` on `site` with its body, if a fresh page carried it.
    func questionWithBody(_ questionID: Int, site: String) -> Question? {
        value(Question.self, for: .questionWithBody(site: site, questionID: questionID))
    }
}

extension APIRequest {
    /// The `site` parameter, when the request has one.
    var site: String? {
        query.first { $0.name == "site" }?.value
    }

    /// The same request for page `page` (query items stay sorted by name).
    func forPage(_ page: Int) -> APIRequest {
        var copy = self
        copy.query.removeAll { $0.name == "page" }
        copy.query.append(URLQueryItem(name: "page", value: String(max(1, page))))
        copy.query.sort { $0.name < $1.name }
        return copy
    }
}
