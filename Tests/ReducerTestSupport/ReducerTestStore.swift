import AppCore
import StackAPI
import XCTest

/// Drives `Reducer.reduce` the way TCA's `TestStore` drives a reducer: the effects an action returns must all be
/// asserted (`expectEffects`, `receive`) before the next `send` and before the store goes away, or the test fails
/// at the `send` that made them. Effects are checked exhaustively and in order; the state is checked by the test's
/// own assertions after each action (`send(_:assert:)`), since a whole `AppState` is too large to spell out.
public final class ReducerTestStore {
    /// Reports a failure (XCTFail; the store's own tests collect them instead).
    public typealias Failure = (_ message: String, _ file: StaticString, _ line: UInt) -> Void

    /// The state after the last action.
    public private(set) var state: AppState
    /// The last action's effects not yet asserted, in order.
    public private(set) var unasserted: [Effect] = []
    /// The `send` that made `unasserted`.
    private var sentAt: (action: Action, file: StaticString, line: UInt)?
    private let fail: Failure

    public init(_ state: AppState, fail: @escaping Failure = { XCTFail($0, file: $1, line: $2) }) {
        self.state = state
        self.fail = fail
    }

    deinit { requireAsserted(before: "the test ended") }

    /// Reduces `action`. Fails first if the previous action left effects unasserted.
    public func send(_ action: Action, file: StaticString = #filePath, line: UInt = #line) {
        requireAsserted(before: "\(action) was sent")
        unasserted = Reducer.reduce(&state, action)
        sentAt = (action, file, line)
    }

    /// Reduces `action`, then runs `assert` on the new state. Fails first if the previous action left effects unasserted.
    public func send(_ action: Action, file: StaticString = #filePath, line: UInt = #line,
              assert: (AppState) throws -> Void) rethrows {
        send(action, file: file, line: line)
        try assert(state)
    }

    /// The layout step, as the runtime takes it when a layout is ready: `Action.threadLaidOut`, which makes no effect.
    public func layOut(questionID: Int, _ measure: ThreadMeasure, file: StaticString = #filePath, line: UInt = #line) {
        send(.threadLaidOut(questionID: questionID, measure), file: file, line: line)
        expectEffects([], "the layout step makes no effect", file: file, line: line)
    }

    /// Asserts that the unasserted effects are exactly `expected`, in order (`message` says why), and consumes them.
    public func expectEffects(_ expected: [Effect], _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        if unasserted != expected {
            fail("Effects differ\(message.isEmpty ? "" : " (\(message))").\n  expected: \(expected)\n  received: \(unasserted)", file, line)
        }
        unasserted = []
    }

    /// Asserts that the first unasserted effect is `expected`, and consumes it.
    public func receive(_ expected: Effect, file: StaticString = #filePath, line: UInt = #line) {
        receive("\(expected)", file: file, line: line) { $0 == expected ? () : nil }
    }

    /// Consumes the first unasserted effect, failing unless `match` accepts it; returns what `match` took from it
    /// (a load's token, say), nil after a failure.
    @discardableResult
    public func receive<Value>(_ what: String, file: StaticString = #filePath, line: UInt = #line,
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

    private func requireAsserted(before event: String) {
        guard !unasserted.isEmpty, let sentAt else { return }
        fail("\(sentAt.action) left effects unasserted when \(event): \(unasserted)", sentAt.file, sentAt.line)
        unasserted = []
    }
}

/// A `.load(_, .questions)` effect taken apart.
public typealias QuestionsLoad = (token: LoadToken, settings: BrowseSettings, page: Int, priority: LoadPriority, reload: Bool)
