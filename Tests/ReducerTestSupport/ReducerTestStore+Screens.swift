import AppCore
import StackAPI
import XCTest

/// The steps of screens over the list: the answers feed opened and answered, a thread's comments asked for.
extension ReducerTestStore {
    /// Opens the answers feed over the list and answers its page 1 load with `answers` (no more after them),
    /// consuming every effect: the load and its indicator's timer, then the read of the titles of `untitled`, the
    /// questions of those answers no list holds (none: nothing). Returns that read's token.
    @discardableResult
    public func openAnswersFeed(loading answers: [Answer], untitled: [Int] = [], site: String = "cardano",
                                file: StaticString = #filePath, line: UInt = #line) throws -> LoadToken? {
        send(.command(.toggleAnswersFeed), file: file, line: line)
        let token = try XCTUnwrap(receiveAnswersFeedLoad(site: site, file: file, line: line), file: file, line: line)
        send(.loaded(token, .answersFeed(.success(.only(answers)))), file: file, line: line)
        guard !untitled.isEmpty else {
            expectEffects([], "every answer's question is listed", file: file, line: line)
            return nil
        }
        return receive("the titles of questions \(untitled)", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .questionTitles(untitled, site)) = effect { token } else { nil }
        }
    }

    /// Consumes the load of the comments of posts `ids` of `site` (no loading indicator: the thread stays
    /// readable); returns its token.
    @discardableResult
    public func receiveCommentsLoad(_ ids: [Int], site: String = "cardano", reload: Bool = false,
                                    file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        receive("the comments of \(ids)", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .comments(ids, site, reload)) = effect { token } else { nil }
        }
    }
}

extension ReducerTestStore {
    /// Consumes the store read of `site`'s saved questions (`M` opening their screen) and its indicator's timer;
    /// returns its token.
    @discardableResult
    public func receiveSavedLoad(site: String = "cardano", file: StaticString = #filePath,
                                 line: UInt = #line) -> LoadToken? {
        let token = receive("the saved questions' read", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .saved(site)) = effect { token } else { nil }
        }
        if let token {
            receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token)), file: file, line: line)
        }
        return token
    }
}

extension ReducerTestStore {
    /// As `loadThread`, for a logged-in user: the thread's mark (when it differs from the session's), then the load
    /// of the user's marks on its posts, whose token is returned.
    @discardableResult
    public func loadThreadLoggedIn(_ token: LoadToken, _ thread: QuestionThread, site: String = "cardano",
                                   file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        let id = thread.question.questionID, mark = ReadState(thread.question)
        let known = state.shared.readMarks.byQuestion[id]
        send(.loaded(token, .thread(.success(thread))), file: file, line: line)
        if known != mark { receive(.remember(.readMarks(site: site, [id: mark])), file: file, line: line) }
        let answers = thread.answers.map(\.answerID)
        return receive("the user's marks on the thread", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .myMarks(site, id, answers)) = effect { token } else { nil }
        }
    }
}
