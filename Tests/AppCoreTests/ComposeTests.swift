import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Issue 31, part 5: `W` and `C` open the editor on a draft, what it leaves is previewed through the API and shown
/// in the thread, Enter sends it once, the new post takes its place; a failed send keeps the preview (and the
/// draft) for the reader to send again. (Written with `ReducerTestStore`: every effect is asserted.)
final class ComposeTests: XCTestCase {
    private let answerText = "Mint it as a native asset with a time-locked minting policy."
    private var compose: PostCompose { PostCompose(site: "cardano", target: .answer(questionID: 1)) }

    private func questionStore(user: String? = "Jane") throws -> ReducerTestStore {
        var state = try AppState.listing(5, rows: 24)
        state.shared.account = AccountState(userName: user)
        let store = ReducerTestStore(state)
        let answers = [10, 11].map { Fixtures.answer(id: $0, question: 1, score: 20 - $0) }
        let token = try store.openSelectedQuestion()
        let thread = QuestionThread(question: Fixtures.question(id: 1), answers: answers)
        if user == nil { store.loadThread(token, thread) } else { store.loadThreadLoggedIn(token, thread) }
        store.layOut(questionID: 1, ThreadMeasure(lineCount: 200, postStarts: [1: 0, 10: 40, 11: 90], blocks: []))
        return store
    }

    /// `W`, the editor leaving `text`, and the preview asked for: returns its token.
    private func previewAsked(_ store: ReducerTestStore, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> LoadToken {
        store.send(.key(.character("W")), file: file, line: line)
        store.receive(.editPost(EditRequest(compose: compose, title: Fixtures.question(id: 1).title, text: nil)), file: file, line: line)
        store.send(.edited(compose, .success(text)), file: file, line: line)
        return try XCTUnwrap(store.receive("the preview", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .compose(self.compose, body: text, preview: true)) = effect { token } else { nil }
        }, file: file, line: line)
    }

    func testAnAnswerIsPreviewedInTheThreadThenSentOnceByEnter() throws {
        let store = try questionStore()
        let preview = try previewAsked(store, answerText)
        let previewed = Fixtures.answer(id: 0, question: 1, score: 0)
        store.send(.loaded(preview, .composed(compose, preview: true, .success(.answer(previewed))))) { state in
            XCTAssertEqual(state.thread?.compose?.preview, .answer(previewed))
            XCTAssertEqual(state.status.message, "Preview of your answer at the end: Enter sends it · W edits it · Esc keeps it as a draft")
        }
        store.expectEffects([])
        store.send(.key(.enter))
        let send = try XCTUnwrap(store.receive("the send") { effect -> LoadToken? in
            if case .load(let token, .compose(self.compose, body: self.answerText, preview: false)) = effect { token } else { nil }
        })
        store.send(.key(.enter))
        store.expectEffects([], "Enter while it is on its way sends nothing more")
        let posted = Fixtures.answer(id: 90_000_001, question: 1, score: 0)
        store.send(.loaded(send, .composed(compose, preview: false, .success(.answer(posted))))) { state in
            XCTAssertNil(state.thread?.compose)
            XCTAssertEqual(state.thread?.thread?.answers.last?.answerID, 90_000_001, "the new answer in its place")
            XCTAssertEqual(state.thread?.focusAnswerID, 90_000_001)
            XCTAssertEqual(state.status.message, "Your answer is posted (answer 90000001)")
        }
        store.expectEffects([.remember(.draftPosted(compose))])
    }

    func testAFailedSendKeepsThePreviewAndIsNeverSentAgainByItself() throws {
        let store = try questionStore()
        let preview = try previewAsked(store, answerText)
        let previewed = Fixtures.answer(id: 0, question: 1, score: 0)
        store.send(.loaded(preview, .composed(compose, preview: true, .success(.answer(previewed)))))
        store.expectEffects([])
        store.send(.key(.enter))
        let send = try XCTUnwrap(store.receive("the send") { effect -> LoadToken? in
            if case .load(let token, .compose(_, _, preview: false)) = effect { token } else { nil }
        })
        store.send(.loaded(send, .composed(compose, preview: false, .failure(.httpStatus(500))))) { state in
            XCTAssertEqual(state.thread?.compose?.preview, .answer(previewed), "the preview stays, the draft is kept")
            XCTAssertEqual(state.status.message, "Not sent: HTTP 500 from the server — your draft is kept; Enter tries again")
        }
        store.expectEffects([], "no send by itself, and the draft is not forgotten")
        store.send(.command(.cancelOrBack)) { state in
            XCTAssertNil(state.thread?.compose)
            XCTAssertEqual(state.status.message, "Your answer stays a draft: W opens it again")
            XCTAssertEqual(state.top.kind, .question(id: 1), "Esc leaves the preview, not the question")
        }
        store.expectEffects([])
    }

    func testLengthRulesAreCheckedBeforeAnythingIsSent() throws {
        let store = try questionStore()
        store.send(.key(.character("W")))
        store.receive(.editPost(EditRequest(compose: compose, title: Fixtures.question(id: 1).title, text: nil)))
        store.send(.edited(compose, .success("Too short."))) { state in
            XCTAssertEqual(state.status.message, "Not sent: an answer needs at least 30 characters; this one has 10 — W edits the draft again")
            XCTAssertNil(state.thread?.compose)
        }
        store.expectEffects([])
        store.perform(.nextAnswer)
        store.send(.key(.character("C")))
        let comment = PostCompose(site: "cardano", target: .comment(postID: 10))
        store.receive(.editPost(EditRequest(compose: comment, title: Fixtures.question(id: 1).title, text: nil)))
        store.send(.edited(comment, .success("   \n"))) { state in
            XCTAssertEqual(state.status.message, "Nothing written: nothing sent")
        }
        store.expectEffects([])
    }

    func testWithoutALoginWSaysHow() throws {
        let store = try questionStore(user: nil)
        store.send(.key(.character("W"))) { state in
            XCTAssertEqual(state.status.message, "To answer, log in first: quit and run stackterm login")
        }
        store.expectEffects([])
    }

    func testAnAnswerSentFromAQuestionLeftMeanwhileIsPostedAndItsDraftForgotten() throws {
        let store = try questionStore()
        let preview = try previewAsked(store, answerText)
        store.send(.loaded(preview, .composed(compose, preview: true, .success(.answer(Fixtures.answer(id: 0, question: 1, score: 0))))))
        store.expectEffects([])
        store.send(.key(.enter))
        let send = try XCTUnwrap(store.receive("the send") { effect -> LoadToken? in
            if case .load(let token, .compose(_, _, preview: false)) = effect { token } else { nil }
        })
        let cancels = store.leavingQuestionCancels
        store.send(.command(.back))
        store.expectEffects(cancels, "leaving does not cancel the send")
        store.send(.loaded(send, .composed(compose, preview: false, .success(.answer(Fixtures.answer(id: 90_000_002, question: 1, score: 0)))))) { state in
            XCTAssertEqual(state.status.message, "Your answer is posted (answer 90000002)")
        }
        store.expectEffects([.remember(.draftPosted(compose))])
    }
}
