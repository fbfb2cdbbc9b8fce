import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Issue 31, part 3: logged in, the unread inbox is looked at once at start and every five minutes after, its count
/// kept for the status line; `i` opens the inbox, Enter opens an item's question (switching site for another
/// site's item), `i` again returns. (Written with `ReducerTestStore`: every effect is asserted.)
final class InboxTests: XCTestCase {
    private func item(_ site: String, question: Int, answer: Int? = nil, unread: Bool = true) -> InboxItem {
        InboxItem(itemType: answer == nil ? "comment" : "new_answer", questionID: question, answerID: answer,
                  title: "Question \(question)", creationDate: Date(timeIntervalSince1970: 1_600_000_000), isUnread: unread,
                  site: Site(name: site, apiSiteParameter: site, siteURL: "https://\(site).stackexchange.com"))
    }

    private func loggedIn() throws -> ReducerTestStore {
        var state = try AppState.listing(5, rows: 24)
        state.shared.account = AccountState(userName: "Jane")
        return ReducerTestStore(state)
    }

    func testTheUnreadInboxIsLookedAtAtStartAndEveryFiveMinutes() throws {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
        state.shared.account = AccountState(userName: "Jane")
        let store = ReducerTestStore(state)
        store.send(.start)
        _ = store.receiveQuestionsLoad()
        store.receive(.load(try XCTUnwrap(store.state.shared.siteMemoryLoad), .siteMemory(site: "cardano")))
        let check = try XCTUnwrap(store.receive("the look at the unread inbox") { effect -> LoadToken? in
            if case .load(let token, .inbox(unreadOnly: true, page: 1)) = effect { token } else { nil }
        })
        store.receiveRememberBrowse()
        store.send(.loaded(check, .inbox(.success(Page(items: [item("cardano", question: 1), item("math", question: 2)],
                                                        hasMore: false, page: 1))))) { state in
            XCTAssertEqual(state.shared.account.unreadInbox, 2)
        }
        store.expectEffects([.after(seconds: 300, .inboxCheckDue)])
        store.send(.inboxCheckDue)
        let next = try XCTUnwrap(store.receive("the next look") { effect -> LoadToken? in
            if case .load(let token, .inbox(unreadOnly: true, page: 1)) = effect { token } else { nil }
        })
        store.send(.inboxCheckDue)
        store.expectEffects([], "one look at a time")
        let revoked = APIError.api(id: 402, name: "invalid_access_token", message: "")
        store.send(.loaded(next, .inbox(.failure(revoked)))) { state in
            XCTAssertEqual(state.status.message, "Inbox: your login no longer works (expired or revoked) — run stackterm login")
        }
        store.expectEffects([], "a login the API no longer takes stops the looks")
    }

    func testNobodyLoggedInLooksAtNoInboxAndISaysHowToLogIn() throws {
        let store = try ReducerTestStore.listing(5, rows: 24)
        store.send(.key(.character("i"))) { state in
            XCTAssertEqual(state.status.message, "To see your inbox, log in first: quit and run stackterm login")
        }
        store.expectEffects([])
    }

    func testIOpensTheInboxWhereEnterOpensAnItemOnItsOwnSite() throws {
        let store = try loggedIn()
        store.send(.key(.character("i"))) { state in XCTAssertEqual(state.top.kind, .inbox) }
        let page = try XCTUnwrap(store.receive("the inbox's page 1") { effect -> LoadToken? in
            if case .load(let token, .inbox(unreadOnly: false, page: 1)) = effect { token } else { nil }
        })
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(page)))
        store.send(.loaded(page, .inbox(.success(Page(items: [item("cardano", question: 3, answer: 30), item("math", question: 7)],
                                                        hasMore: false, page: 1)))))
        store.expectEffects([])
        let listed = try XCTUnwrap(store.state.list.items.first { $0.questionID == 3 })
        store.send(.command(.open)) { state in
            XCTAssertEqual(state.thread?.questionID, 3)
            XCTAssertEqual(state.thread?.focusAnswerID, 30, "a new answer opens at that answer")
        }
        store.receiveQuestionOpened(3, markedRead: ReadState(listed))
        let cancels = store.leavingQuestionCancels
        store.send(.command(.back))
        store.expectEffects(cancels)
        store.perform(.moveDown)
        store.send(.command(.open)) { state in
            XCTAssertEqual(state.shared.site, "math", "another site's item switches the browser to its site")
            XCTAssertEqual(state.thread?.questionID, 7)
            XCTAssertEqual(state.stack.map(\.kind), [.questionList, .inbox, .question(id: 7)],
                           "the inbox comes along over the new site's list: q goes back to it")
        }
        XCTAssertTrue(store.unasserted.contains { if case .load(_, .thread(7, "math", false, _)) = $0 { true } else { false } },
                      "\(store.unasserted)")
        XCTAssertTrue(store.unasserted.contains { if case .load(_, .questions(let settings, 1, _, _)) = $0 { settings.site == "math" } else { false } },
                      "\(store.unasserted)")
        store.expectEffects(store.unasserted)
    }
}
