import AppCore
import StackAPI
import XCTest

/// The steps the app's reducer tests repeat, each consuming exactly the effects it asks for: starting, typing and
/// pressing keys that ask for nothing, opening a question, and the loads a screen asks for.
extension ReducerTestStore {
    /// Sends `.start` and consumes what it asks for: page 1, the site's memory and the browse to remember (whatever
    /// the state now shows); returns the page's load.
    @discardableResult
    public func start(file: StaticString = #filePath, line: UInt = #line) -> QuestionsLoad? {
        send(.start, file: file, line: line)
        let load = receiveQuestionsLoad(file: file, line: line)
        receive(.load(state.shared.siteMemoryLoad ?? LoadToken(0), .siteMemory(site: state.shared.site)), file: file, line: line)
        receive(.remember(.browse(RememberedBrowse(state))), file: file, line: line)
        return load
    }

    /// Consumes the request to remember what the state now shows for the next launch (a site, sort or filter changed).
    public func receiveRememberBrowse(file: StaticString = #filePath, line: UInt = #line) {
        receive(.remember(.browse(RememberedBrowse(state))), file: file, line: line)
    }

    /// Types `text` as key presses into the prompt or picker open, each answered by no effect.
    public func type(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for character in text {
            send(.key(.character(character)), file: file, line: line)
            expectEffects([], file: file, line: line)
        }
    }

    /// Presses `keys` in turn, each answered by no effect.
    public func press(_ keys: Key..., file: StaticString = #filePath, line: UInt = #line) {
        for key in keys {
            send(.key(key), file: file, line: line)
            expectEffects([], "\(key.label) asks for nothing", file: file, line: line)
        }
    }

    /// Performs `commands` in turn, each answered by no effect.
    public func perform(_ commands: Command..., file: StaticString = #filePath, line: UInt = #line) {
        for command in commands {
            send(.command(command), file: file, line: line)
            expectEffects([], "\(command) asks for nothing", file: file, line: line)
        }
    }

    /// Consumes what opening question `id` of `site` asks for when this session has no mark for it: its thread (and
    /// the indicator's timer), the mark it had, the mark it gets from the list's copy (`markedRead`), its linked
    /// questions. Returns the thread load's token.
    @discardableResult
    public func receiveQuestionOpened(_ id: Int, site: String = "cardano", markedRead: ReadState?,
                               file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        let token = receive("question \(id)'s thread load", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .thread(id, site, false, _)) = effect { token } else { nil }
        }
        if let token { receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token)), file: file, line: line) }
        receive("question \(id)'s last read mark", file: file, line: line) { effect -> Void? in
            if case .load(_, .lastRead(site, id)) = effect { () } else { nil }
        }
        if let markedRead { receive(.remember(.readMarks(site: site, [id: markedRead])), file: file, line: line) }
        receive("question \(id)'s linked questions", file: file, line: line) { effect -> Void? in
            if case .load(_, .linkedQuestions(site, id)) = effect { () } else { nil }
        }
        return token
    }

    /// Opens the selected question of the list shown (never opened this session) and answers its thread load with
    /// `thread`, consuming every effect: the opening's loads and marks, then the mark the thread leaves when it differs
    /// from the one the list's copy left.
    public func openSelectedQuestion(loading thread: QuestionThread, site: String = "cardano",
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let token = try openSelectedQuestion(site: site, file: file, line: line)
        loadThread(token, thread, site: site, file: file, line: line)
    }

    /// The cancelling of the store reads the question on top still waits for (its mark from before, its linked
    /// questions): what leaving it asks for besides its own loads.
    public var threadStoreReadCancels: [Effect] {
        [state.thread?.lastReadMark.token, state.thread?.linked.token].compactMap { $0 }.map { .cancel($0) }
    }

    /// The cancelling of every load the question on top still waits for (its thread, its comments, its mark from
    /// before, its linked questions), in the order leaving it asks for them.
    public var leavingQuestionCancels: [Effect] {
        guard let thread = state.thread else { return [] }
        return [thread.pending?.token, thread.postComments.token, thread.lastReadMark.token, thread.linked.token, thread.marksLoad]
            .compactMap { $0 }.map { .cancel($0) }
    }

    /// Consumes the store read of the read marks of questions `ids` of `site`; returns its token.
    @discardableResult
    public func receiveReadMarksLoad(_ ids: [Int], site: String = "cardano", file: StaticString = #filePath,
                              line: UInt = #line) -> LoadToken? {
        receive("the read marks of \(ids)", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .readMarks(site, ids)) = effect { token } else { nil }
        }
    }

    /// Consumes the answers feed's page load (`page` of `site`, asked for with `priority`) and its indicator's timer;
    /// returns its token.
    @discardableResult
    public func receiveAnswersFeedLoad(page: Int = 1, site: String = "cardano", priority: LoadPriority = .userInitiated,
                                file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        let token = receive("the answers feed's page \(page)", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .answersFeed(site, page, _, priority, false)) = effect { token } else { nil }
        }
        if let token { receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token)), file: file, line: line) }
        return token
    }

    /// Consumes the read of the sites the store holds that the ways-forward screen asks for when it opens (the site's
    /// first page came from nowhere); returns its token, which leaving the screen cancels.
    @discardableResult
    public func receiveWaysForward(file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        receive("the ways-forward screen's read of the sites the store holds", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .heldSites) = effect { token } else { nil }
        }
    }

    /// Consumes the site list's load and its indicator's timer; returns its token.
    @discardableResult
    public func receiveSitesLoad(file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        let token = receive("the site list's load", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .sites) = effect { token } else { nil }
        }
        if let token { receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token)), file: file, line: line) }
        return token
    }

    /// What the question list nearest the top is loading for its rows (the page, their read marks), in the order a
    /// restart cancels them.
    public var listLoads: [LoadToken] {
        [state.list.pending?.token].compactMap { $0 } + state.list.markLoads.sorted { $0.raw < $1.raw }
    }

    /// Consumes the cancels of `tokens`, in order (a list restarted drops what it was loading: `listLoads`).
    public func receiveCancels(_ tokens: [LoadToken], file: StaticString = #filePath, line: UInt = #line) {
        for token in tokens { receive(.cancel(token), file: file, line: line) }
    }

    /// Consumes a question list's page load and the timer of its loading indicator; returns the load.
    @discardableResult
    public func receiveQuestionsLoad(file: StaticString = #filePath, line: UInt = #line) -> QuestionsLoad? {
        let load = receive("a question list's page load", file: file, line: line) { effect -> QuestionsLoad? in
            guard case let .load(token, .questions(settings, page, priority, reload)) = effect else { return nil }
            return (token, settings, page, priority, reload)
        }
        if let load { receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(load.token)), file: file, line: line) }
        return load
    }
}
