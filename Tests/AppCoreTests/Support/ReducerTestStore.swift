import AppCore
import StackAPI
import XCTest

/// Drives `Reducer.reduce` the way TCA's `TestStore` drives a reducer: the effects an action returns must all be
/// asserted (`expectEffects`, `receive`) before the next `send` and before the store goes away, or the test fails
/// at the `send` that made them. Effects are checked exhaustively and in order; the state is checked by the test's
/// own assertions after each action (`send(_:assert:)`), since a whole `AppState` is too large to spell out.
final class ReducerTestStore {
    /// Reports a failure (XCTFail; the store's own tests collect them instead).
    typealias Failure = (_ message: String, _ file: StaticString, _ line: UInt) -> Void

    /// The state after the last action.
    private(set) var state: AppState
    /// The last action's effects not yet asserted, in order.
    private(set) var unasserted: [Effect] = []
    /// The `send` that made `unasserted`.
    private var sentAt: (action: Action, file: StaticString, line: UInt)?
    private let fail: Failure

    init(_ state: AppState, fail: @escaping Failure = { XCTFail($0, file: $1, line: $2) }) {
        self.state = state
        self.fail = fail
    }

    deinit { requireAsserted(before: "the test ended") }

    /// Reduces `action`. Fails first if the previous action left effects unasserted.
    func send(_ action: Action, file: StaticString = #filePath, line: UInt = #line) {
        requireAsserted(before: "\(action) was sent")
        unasserted = Reducer.reduce(&state, action)
        sentAt = (action, file, line)
    }

    /// Reduces `action`, then runs `assert` on the new state. Fails first if the previous action left effects unasserted.
    func send(_ action: Action, file: StaticString = #filePath, line: UInt = #line,
              assert: (AppState) throws -> Void) rethrows {
        send(action, file: file, line: line)
        try assert(state)
    }

    /// Runs the layout step on the state, as the runtime does between an action and its frame (`AppState.threadLaidOut`:
    /// not an action, so it makes no effect). Fails first if the previous action left effects unasserted.
    func layOut(questionID: Int, _ measure: ThreadMeasure, file: StaticString = #filePath, line: UInt = #line) {
        requireAsserted(before: "the layout step ran")
        state.threadLaidOut(questionID: questionID, measure)
    }

    /// Asserts that the unasserted effects are exactly `expected`, in order (`message` says why), and consumes them.
    func expectEffects(_ expected: [Effect], _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        if unasserted != expected {
            fail("Effects differ\(message.isEmpty ? "" : " (\(message))").\n  expected: \(expected)\n  received: \(unasserted)", file, line)
        }
        unasserted = []
    }

    /// Asserts that the first unasserted effect is `expected`, and consumes it.
    func receive(_ expected: Effect, file: StaticString = #filePath, line: UInt = #line) {
        receive("\(expected)", file: file, line: line) { $0 == expected ? () : nil }
    }

    /// Consumes the first unasserted effect, failing unless `match` accepts it; returns what `match` took from it
    /// (a load's token, say), nil after a failure.
    @discardableResult
    func receive<Value>(_ what: String, file: StaticString = #filePath, line: UInt = #line,
                        _ match: (Effect) -> Value?) -> Value? {
        guard !unasserted.isEmpty else {
            fail("Expected \(what), but no effect is left", file, line)
            return nil
        }
        let effect = unasserted.removeFirst()
        guard let value = match(effect) else {
            fail("Expected \(what), received \(effect)", file, line)
            return nil
        }
        return value
    }

    /// Sends `.start` and consumes what it asks for: page 1, the site's memory and the browse to remember (whatever
    /// the state now shows); returns the page's load.
    @discardableResult
    func start(file: StaticString = #filePath, line: UInt = #line) -> QuestionsLoad? {
        send(.start, file: file, line: line)
        let load = receiveQuestionsLoad(file: file, line: line)
        receive(.loadSiteMemory(state.shared.siteMemoryLoad ?? LoadToken(0), site: state.shared.site), file: file, line: line)
        receive(.rememberBrowse(RememberedBrowse(state)), file: file, line: line)
        return load
    }

    /// Consumes the request to remember what the state now shows for the next launch (a site, sort or filter changed).
    func receiveRememberBrowse(file: StaticString = #filePath, line: UInt = #line) {
        receive(.rememberBrowse(RememberedBrowse(state)), file: file, line: line)
    }

    /// Types `text` as key presses into the prompt or picker open, each answered by no effect.
    func type(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for character in text {
            send(.key(.character(character)), file: file, line: line)
            expectEffects([], file: file, line: line)
        }
    }

    /// Presses `keys` in turn, each answered by no effect.
    func press(_ keys: Key..., file: StaticString = #filePath, line: UInt = #line) {
        for key in keys {
            send(.key(key), file: file, line: line)
            expectEffects([], "\(key.label) asks for nothing", file: file, line: line)
        }
    }

    /// Performs `commands` in turn, each answered by no effect.
    func perform(_ commands: Command..., file: StaticString = #filePath, line: UInt = #line) {
        for command in commands {
            send(.command(command), file: file, line: line)
            expectEffects([], "\(command) asks for nothing", file: file, line: line)
        }
    }

    /// Consumes what opening question `id` of `site` asks for when this session has no mark for it: its thread (and
    /// the indicator's timer), the mark it had, the mark it gets from the list's copy (`markedRead`), its linked
    /// questions. Returns the thread load's token.
    @discardableResult
    func receiveQuestionOpened(_ id: Int, site: String = "cardano", markedRead: ReadState?,
                               file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        let token = receive("question \(id)'s thread load", file: file, line: line) { effect -> LoadToken? in
            if case .loadThread(let token, id, site, false, _) = effect { token } else { nil }
        }
        if let token { receive(.scheduleLoadingIndicator(token, seconds: Reducer.indicatorDelay), file: file, line: line) }
        receive("question \(id)'s last read mark", file: file, line: line) { effect -> Void? in
            if case .loadLastRead(_, site, id) = effect { () } else { nil }
        }
        if let markedRead { receive(.markRead(site: site, [id: markedRead]), file: file, line: line) }
        receive("question \(id)'s linked questions", file: file, line: line) { effect -> Void? in
            if case .loadLinkedQuestions(_, site, id) = effect { () } else { nil }
        }
        return token
    }

    /// Opens the selected question of the list shown (never opened this session) and answers its thread load with
    /// `thread`, consuming every effect: the opening's loads and marks, then the mark the thread leaves when it differs
    /// from the one the list's copy left.
    func openSelectedQuestion(loading thread: QuestionThread, site: String = "cardano",
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let listed = try XCTUnwrap(state.list.selectedQuestion, "no question selected", file: file, line: line)
        send(.command(.open), file: file, line: line)
        let token = try XCTUnwrap(receiveQuestionOpened(listed.questionID, site: site, markedRead: ReadState(listed),
                                                        file: file, line: line), file: file, line: line)
        send(.threadLoaded(token, .success(thread)), file: file, line: line)
        let mark = ReadState(thread.question)
        expectEffects(mark == ReadState(listed) ? [] : [.markRead(site: site, [thread.question.questionID: mark])],
                      "the thread's mark, unless the list's copy left the same", file: file, line: line)
    }

    /// The cancelling of the store reads the question on top still waits for (its mark from before, its linked
    /// questions): what leaving it asks for besides its own loads.
    var threadStoreReadCancels: [Effect] {
        [state.thread?.lastReadLoad, state.thread?.linkedLoad].compactMap { $0 }.map { .cancel($0) }
    }

    /// The cancelling of every load the question on top still waits for (its thread, its comments, its mark from
    /// before, its linked questions), in the order leaving it asks for them.
    var leavingQuestionCancels: [Effect] {
        guard let thread = state.thread else { return [] }
        return [thread.pending?.token, thread.commentsPending, thread.lastReadLoad, thread.linkedLoad].compactMap { $0 }.map { .cancel($0) }
    }

    /// Consumes the store read of the read marks of questions `ids` of `site`; returns its token.
    @discardableResult
    func receiveReadMarksLoad(_ ids: [Int], site: String = "cardano", file: StaticString = #filePath,
                              line: UInt = #line) -> LoadToken? {
        receive("the read marks of \(ids)", file: file, line: line) { effect -> LoadToken? in
            if case .loadReadMarks(let token, site, ids) = effect { token } else { nil }
        }
    }

    /// Consumes the answers feed's page load (`page` of `site`, asked for with `priority`) and its indicator's timer;
    /// returns its token.
    @discardableResult
    func receiveAnswersFeedLoad(page: Int = 1, site: String = "cardano", priority: LoadPriority = .userInitiated,
                                file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        let token = receive("the answers feed's page \(page)", file: file, line: line) { effect -> LoadToken? in
            if case .loadAnswersFeed(let token, site, page, _, priority, false) = effect { token } else { nil }
        }
        if let token { receive(.scheduleLoadingIndicator(token, seconds: Reducer.indicatorDelay), file: file, line: line) }
        return token
    }

    /// Consumes the site list's load and its indicator's timer; returns its token.
    @discardableResult
    func receiveSitesLoad(file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        let token = receive("the site list's load", file: file, line: line) { effect -> LoadToken? in
            if case .loadSites(let token) = effect { token } else { nil }
        }
        if let token { receive(.scheduleLoadingIndicator(token, seconds: Reducer.indicatorDelay), file: file, line: line) }
        return token
    }

    /// Consumes a question list's page load and the timer of its loading indicator; returns the load.
    @discardableResult
    func receiveQuestionsLoad(file: StaticString = #filePath, line: UInt = #line) -> QuestionsLoad? {
        let load = receive("a question list's page load", file: file, line: line) { effect -> QuestionsLoad? in
            guard case let .loadQuestions(token, settings, page, priority, reload) = effect else { return nil }
            return (token, settings, page, priority, reload)
        }
        if let load { receive(.scheduleLoadingIndicator(load.token, seconds: Reducer.indicatorDelay), file: file, line: line) }
        return load
    }

    private func requireAsserted(before event: String) {
        guard !unasserted.isEmpty, let sentAt else { return }
        fail("\(sentAt.action) left effects unasserted when \(event): \(unasserted)", sentAt.file, sentAt.line)
        unasserted = []
    }
}

/// A `.loadQuestions` effect taken apart.
typealias QuestionsLoad = (token: LoadToken, settings: BrowseSettings, page: Int, priority: LoadPriority, reload: Bool)
