import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Issue 31, part 4: `+`/`-` vote on the post in view and undo when pressed again, `f` bookmarks the question, `X`
/// accepts the answer in view; the API's answer changes the score and the marks, its refusal is said in plain words.
/// (Written with `ReducerTestStore`: every effect is asserted.)
final class PostWritesTests: XCTestCase {
    /// Question 1 (lines 0-39) with answers 10 (line 40) and 11 (line 90), laid out in a 24-row terminal, with
    /// `user` logged in (nil: nobody).
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

    /// Presses `key` and returns the write it sent (asserting it is the only effect).
    private func write(_ store: ReducerTestStore, _ key: Key, file: StaticString = #filePath, line: UInt = #line) -> (LoadToken, PostWrite)? {
        store.send(.key(key), file: file, line: line)
        return store.receive("a write", file: file, line: line) { effect -> (LoadToken, PostWrite)? in
            if case .load(let token, .write(let write)) = effect { (token, write) } else { nil }
        }
    }

    func testTheKeysAreBoundAndTheHelpNamesThem() {
        XCTAssertEqual(Keymap.standard.command(for: .character("+")), .upvote)
        XCTAssertEqual(Keymap.standard.command(for: .character("-")), .downvote)
        XCTAssertEqual(Keymap.standard.command(for: .character("f")), .toggleBookmark)
        XCTAssertEqual(Keymap.standard.command(for: .character("X")), .acceptAnswer)
        XCTAssertTrue(Command.upvote.help.contains("upvote"))
        XCTAssertTrue(Command.downvote.help.contains("downvote"))
        XCTAssertTrue(Command.toggleBookmark.help.contains("bookmark"))
    }

    func testWithoutALoginAKeySaysHowToLogIn() throws {
        let store = try questionStore(user: nil)
        store.send(.key(.character("+"))) { state in
            XCTAssertEqual(state.status.message, "To upvote, log in first: quit and run stackterm login")
            XCTAssertTrue(state.status.isError)
        }
        store.expectEffects([])
    }

    func testAnUpvoteOfTheQuestionThenAgainTakesItBack() throws {
        let store = try questionStore()
        let (token, upvote) = try XCTUnwrap(write(store, .character("+")))
        XCTAssertEqual(upvote, .vote(.question(1), down: false, undo: false, site: "cardano"))
        XCTAssertEqual(upvote.path, "/questions/1/upvote")
        XCTAssertEqual(store.state.status.message, "Upvoting the question…")
        store.send(.key(.character("+"))) { state in
            XCTAssertEqual(state.status.message, "Your last change to this post is still on its way", "no second write meanwhile")
        }
        store.expectEffects([])
        store.send(.loaded(token, .written(upvote, .success(8)))) { state in
            XCTAssertEqual(state.thread?.thread?.question.score, 8, "the score the API returned")
            XCTAssertEqual(state.thread?.myMarks[1]?.vote, .up)
            XCTAssertEqual(state.shared.account.marks(of: 1, site: "cardano").vote, .up)
            XCTAssertEqual(state.status.message, "Upvoted the question (score 8)")
        }
        store.expectEffects([])
        let (_, undo) = try XCTUnwrap(write(store, .character("+")))
        XCTAssertEqual(undo.path, "/questions/1/upvote/undo")
    }

    func testTheVoteGoesToTheAnswerInView() throws {
        let store = try questionStore()
        store.perform(.nextAnswer)
        let (token, downvote) = try XCTUnwrap(write(store, .character("-")))
        XCTAssertEqual(downvote.path, "/answers/10/downvote")
        store.send(.loaded(token, .written(downvote, .success(9)))) { state in
            XCTAssertEqual(state.thread?.thread?.answers.first { $0.answerID == 10 }?.score, 9)
            XCTAssertEqual(state.thread?.myMarks[10]?.vote, .down)
            XCTAssertEqual(state.status.message, "Downvoted answer 10 (score 9)")
        }
        store.expectEffects([])
    }

    func testARefusalIsSaidInTheAPIsWordsAndChangesNothing() throws {
        let store = try questionStore()
        let (token, upvote) = try XCTUnwrap(write(store, .character("+")))
        let refusal = APIError.api(id: 407, name: "write_failed", message: "You can't vote for your own post.")
        store.send(.loaded(token, .written(upvote, .failure(refusal)))) { state in
            XCTAssertEqual(state.status.message, "Vote not counted: You can't vote for your own post.")
            XCTAssertTrue(state.status.isError)
            XCTAssertNil(state.thread?.myMarks[1])
            XCTAssertEqual(state.thread?.thread?.question.score, Fixtures.question(id: 1).score)
        }
        store.expectEffects([])
        let (throttledToken, again) = try XCTUnwrap(write(store, .character("+")))
        XCTAssertEqual(again, upvote, "after a refusal the same key sends the same write")
        store.send(.loaded(throttledToken, .written(again, .failure(.throttled(seconds: 12, message: "")))))
        XCTAssertEqual(store.state.status.message, "Vote not counted: the API asks to wait 12 s, then press + again")
        store.expectEffects([])
    }

    func testARevokedLoginSaysToLogInAgain() throws {
        let store = try questionStore()
        let (token, upvote) = try XCTUnwrap(write(store, .character("+")))
        let revoked = APIError.api(id: 402, name: "invalid_access_token", message: "access_token is invalid")
        store.send(.loaded(token, .written(upvote, .failure(revoked))))
        XCTAssertEqual(store.state.status.message, "Vote not counted: your login no longer works (expired or revoked) — run stackterm login")
        store.expectEffects([])
    }

    func testABookmarkIsOfTheQuestionFromAnyAnswerAndTogglesBack() throws {
        let store = try questionStore()
        store.perform(.nextAnswer)
        let (token, bookmark) = try XCTUnwrap(write(store, .character("f")))
        XCTAssertEqual(bookmark.path, "/questions/1/favorite")
        store.send(.loaded(token, .written(bookmark, .success(5)))) { state in
            XCTAssertEqual(state.thread?.myMarks[1]?.bookmarked, true)
            XCTAssertEqual(state.status.message, "Bookmarked the question (score 5)")
        }
        store.expectEffects([])
        let (_, undo) = try XCTUnwrap(write(store, .character("f")))
        XCTAssertEqual(undo.path, "/questions/1/favorite/undo")
    }

    func testAcceptWorksOnAnAnswerAndMarksItAccepted() throws {
        let store = try questionStore()
        store.send(.key(.character("X"))) { state in
            XCTAssertEqual(state.status.message, "Accepting works on an answer: go to it (]), then press X")
        }
        store.expectEffects([])
        store.perform(.nextAnswer, .nextAnswer)
        let (token, accept) = try XCTUnwrap(write(store, .character("X")))
        XCTAssertEqual(accept.path, "/answers/11/accept")
        store.send(.loaded(token, .written(accept, .success(nil)))) { state in
            XCTAssertEqual(state.thread?.thread?.answers.filter(\.isAccepted).map(\.answerID), [11])
            XCTAssertEqual(state.thread?.thread?.question.acceptedAnswerID, 11)
            XCTAssertEqual(state.status.message, "Accepted answer 11")
        }
        store.expectEffects([])
        let (_, undo) = try XCTUnwrap(write(store, .character("X")))
        XCTAssertEqual(undo.path, "/answers/11/accept/undo", "pressed again on the accepted answer: taken back")
    }

    func testTheMarksOfThisSessionShowWhenTheQuestionIsOpenedAgain() throws {
        let store = try questionStore()
        let (token, upvote) = try XCTUnwrap(write(store, .character("+")))
        store.send(.loaded(token, .written(upvote, .success(8))))
        store.expectEffects([])
        let cancels = store.leavingQuestionCancels
        store.send(.command(.back))
        store.expectEffects(cancels)
        store.send(.command(.open)) { state in
            XCTAssertEqual(state.thread?.myMarks[1]?.vote, .up, "shown before the thread loads again")
        }
        let token2 = try XCTUnwrap(store.receive("the thread load") { effect -> LoadToken? in
            if case .load(let token, .thread(1, "cardano", false, _)) = effect { token } else { nil }
        })
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token2)))
        store.receive("the linked questions") { effect -> Void? in
            if case .load(_, .linkedQuestions("cardano", 1)) = effect { () } else { nil }
        }
        store.expectEffects([])
    }

    func testFListsTheBookmarksWhereFRemovesOneAndFAgainReturns() throws {
        var state = try AppState.listing(5, rows: 24)
        state.shared.account = AccountState(userName: "Jane")
        let store = ReducerTestStore(state)
        store.send(.key(.character("F"))) { state in
            guard case .saved(let shown) = state.top else { return XCTFail("no bookmarks screen: \(state.top)") }
            XCTAssertEqual(shown.source, .bookmarks)
        }
        let token = try XCTUnwrap(store.receive("the bookmarks' load") { effect -> LoadToken? in
            if case .load(let token, .bookmarks(site: "cardano")) = effect { token } else { nil }
        })
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token)))
        store.send(.loaded(token, .saved(.success([Fixtures.question(id: 4), Fixtures.question(id: 2)]))))
        let marks = try XCTUnwrap(store.receiveReadMarksLoad([4, 2]))
        let (_, unbookmark) = try XCTUnwrap(write(store, .character("f")))
        XCTAssertEqual(unbookmark.path, "/questions/4/favorite/undo", "a row of the bookmarks list is bookmarked")
        store.send(.key(.character("F"))) { state in
            guard case .questions = state.top else { return XCTFail("F again returns: \(state.top)") }
        }
        store.expectEffects([.cancel(marks)], "the list's read of read marks, not the write on its way")
    }

    func testFWithoutALoginSaysHow() throws {
        var state = try AppState.listing(5, rows: 24)
        state.shared.account = AccountState(userName: nil)
        let store = ReducerTestStore(state)
        store.send(.key(.character("F"))) { state in
            XCTAssertEqual(state.status.message, "To see your bookmarks, log in first: quit and run stackterm login")
        }
        store.expectEffects([])
        let (_, bookmark) = try XCTUnwrap({ () -> (LoadToken, PostWrite)? in
            var logged = store.state
            logged.shared.account = AccountState(userName: "Jane")
            return write(ReducerTestStore(logged), .character("f"))
        }())
        XCTAssertEqual(bookmark.path, "/questions/1/favorite", "f on a list row bookmarks the selected question")
    }

    func testFReadingTheStoreOnlySaysTheBookmarksNeedTheNetwork() throws {
        var state = try AppState.listing(5, rows: 24)
        state.shared.account = AccountState(userName: "Jane")
        state.shared.storeOnly = true
        let store = ReducerTestStore(state)
        store.send(.key(.character("F"))) { state in
            XCTAssertEqual(state.status.message, "Your bookmarks need the network: stackterm is reading the local store only")
            guard case .questions = state.top else { return XCTFail("nothing opens: \(state.top)") }
        }
        store.expectEffects([], "no request is asked for when none may leave")
    }

    func testTheVotesTheAPIKnowsShowAndAreTakenBackByTheSameKey() throws {
        var state = try AppState.listing(5, rows: 24)
        state.shared.account = AccountState(userName: "Jane")
        let store = ReducerTestStore(state)
        let token = try store.openSelectedQuestion()
        let thread = QuestionThread(question: Fixtures.question(id: 1), answers: [Fixtures.answer(id: 10, question: 1, score: 3)])
        let marks = try XCTUnwrap(store.loadThreadLoggedIn(token, thread))
        store.layOut(questionID: 1, ThreadMeasure(lineCount: 200, postStarts: [1: 0, 10: 40], blocks: []))
        store.send(.loaded(marks, .myMarks(.success([1: PostMarks(vote: .up, bookmarked: true), 10: PostMarks()])))) { state in
            XCTAssertEqual(state.thread?.myMarks[1], PostMarks(vote: .up, bookmarked: true))
            XCTAssertEqual(state.shared.account.marks(of: 1, site: "cardano").vote, .up)
        }
        store.expectEffects([])
        let (_, undo) = try XCTUnwrap(write(store, .character("+")))
        XCTAssertEqual(undo.path, "/questions/1/upvote/undo", "the vote the API knows is taken back")
    }

    func testOpeningAQuestionAgainAsksNoMarksTheSessionKnowsButRDoes() throws {
        var state = try AppState.listing(5, rows: 24)
        state.shared.account = AccountState(userName: "Jane")
        let store = ReducerTestStore(state)
        let thread = QuestionThread(question: Fixtures.question(id: 1), answers: [Fixtures.answer(id: 10, question: 1, score: 3)])
        let marks = try XCTUnwrap(store.loadThreadLoggedIn(try store.openSelectedQuestion(), thread))
        store.send(.loaded(marks, .myMarks(.success([1: PostMarks(), 10: PostMarks(vote: .down, bookmarked: false)]))))
        let cancels = store.threadStoreReadCancels
        store.send(.command(.back))
        store.expectEffects(cancels)

        store.send(.command(.open))
        let again = try XCTUnwrap(store.receive("the thread") { effect -> LoadToken? in
            if case .load(let token, .thread(1, "cardano", false, _)) = effect { token } else { nil }
        })
        store.expectEffects(store.unasserted, "the opening's other reads (its indicator, linked questions), not asserted here")
        store.send(.loaded(again, .thread(.success(thread)))) { state in
            XCTAssertEqual(state.thread?.myMarks[10]?.vote, .down, "what the first opening learnt shows")
        }
        store.expectEffects([], "every post's marks are known this session: no request")

        store.send(.command(.reload))
        let reload = try XCTUnwrap(store.receive("the thread again") { effect -> LoadToken? in
            if case .load(let token, .thread(1, "cardano", true, nil)) = effect { token } else { nil }
        })
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(reload)))
        XCTAssertNotNil(store.loadThreadLoggedIn(reload, thread), "r asks the marks again")
    }
}
