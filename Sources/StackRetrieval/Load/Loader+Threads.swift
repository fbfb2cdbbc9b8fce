import Foundation
import StackAPI
import StackStore

extension Loader {
    /// A question with its answers (up to 100, by votes). The question is not requested again when `listCopy` (a
    /// list's copy with its body) or, in `.preferFresh`, the store's fresh copy has its body: only the answers are.
    @discardableResult
    public func thread(questionID: Int, site: String, listCopy: Question? = nil, mode: LoadMode,
                       completion: @escaping RetrievalCompletion<Loaded<QuestionThread>>) -> RetrievalHandle {
        let recipe = LoadRecipe<QuestionThread>(
            what: "question \(questionID)",
            fresh: { local in try local.store.thread(site: site, questionID: questionID, fetchedSince: local.freshSince) },
            request: { [local] environment, done in
                QuestionThreadOperation(questionID: questionID, site: site,
                                        knownQuestion: mode == .preferFresh
                                            ? listCopy ?? local.flatMap { try? $0.store.question(site: site, id: questionID, withBodyFetchedSince: $0.freshSince) }
                                            : nil,
                                        environment: environment, delivery: .direct(done))
            },
            keep: { local, thread in local.keep { try $0.keep(thread: thread, site: site) } },
            stored: { local in
                guard let stored = try local.store.thread(site: site, questionID: questionID) else {
                    throw APIError.offline(detail: "question \(questionID) is not in the local store")
                }
                return stored.thread
            })
        return load(recipe, mode: mode, completion: completion)
    }

    /// The comments of a thread's posts, by post id (every id asked for has an entry).
    @discardableResult
    public func comments(postIDs: [Int], site: String, mode: LoadMode,
                         completion: @escaping RetrievalCompletion<Loaded<[Int: [Comment]]>>) -> RetrievalHandle {
        let recipe = LoadRecipe<[Int: [Comment]]>(
            what: "the comments",
            fresh: { local in try local.store.comments(site: site, postIDs: postIDs, fetchedSince: local.freshSince) },
            request: { environment, done in
                CommentsOperation.make(postIDs: postIDs, site: site, environment: environment,
                                       delivery: .direct { done($0.map(\.byPost)) })
            },
            keep: { local, comments in local.keep { try $0.keep(comments: comments, ofPosts: postIDs, site: site) } },
            stored: { local in try local.store.comments(site: site, postIDs: postIDs) })
        return load(recipe, mode: mode, completion: completion)
    }

    /// The id of the question answer `answerID` belongs to (a link that names only the answer).
    @discardableResult
    public func questionID(ofAnswer answerID: Int, site: String, mode: LoadMode,
                           completion: @escaping RetrievalCompletion<Loaded<Int>>) -> RetrievalHandle {
        let recipe = LoadRecipe<Int>(
            what: "answer \(answerID)",
            request: Self.request(.answersByID([answerID], site: site), Answer.self) { page in
                guard let answer = page.items.first(where: { $0.answerID == answerID }) else {
                    return .failure(.api(id: 404, name: "no_such_answer", message: "No answer \(answerID) on \(site)"))
                }
                return .success(answer.questionID)
            },
            stored: { local in
                guard let questionID = try local.store.questionID(ofAnswer: answerID, site: site) else {
                    throw APIError.offline(detail: "answer \(answerID) is not in the local store")
                }
                return questionID
            })
        return load(recipe, mode: mode, completion: completion)
    }
}
