import Foundation
import NIOConcurrencyHelpers

/// Abstract base for asynchronous operations: owns the ready → executing → finished state machine.
///
/// Subclasses override `execute()`, start their asynchronous work there and call `finish()` when it ends.
/// `cancel()` on an executing operation finishes it at once; subclasses stop their work in `didCancel()`.
/// State lives under a lock; the change notifications the queue relies on (`didChangeValue(forKey:)`
/// for `isExecuting` / `isFinished`) are sent outside it, as corelibs Foundation requires.
/// `@unchecked Sendable`: `Operation` is, and every subclass must say so again.
open class ConcurrentOperation: Operation, @unchecked Sendable {
    private enum Phase {
        case ready
        case executing
        case finishing
        case finished
    }

    private struct State {
        var phase: Phase = .ready
        var stopRequested = false
        var cancelRequested = false
    }

    private let state = NIOLockedValueBox(State())

    /// Always true: the operation finishes when its asynchronous work ends, not when `start()` returns.
    open override var isAsynchronous: Bool { true }

    /// True between `start()` and `finish()`.
    open override var isExecuting: Bool {
        state.withLockedValue { $0.phase == .executing || $0.phase == .finishing }
    }

    /// True once `finish()` has run; never goes back.
    open override var isFinished: Bool {
        state.withLockedValue { $0.phase == .finished }
    }

    /// True once `cancel()` was called, even when the operation had already finished
    /// (corelibs' `Operation.cancel()` ignores a finished operation; a result queued on main must still see it).
    open override var isCancelled: Bool {
        state.withLockedValue { $0.cancelRequested } || super.isCancelled
    }

    /// Starts the operation: a cancelled operation finishes without running `execute()`.
    open override func start() {
        if isCancelled {
            finish()
            return
        }
        let began: Bool = state.withLockedValue {
            guard $0.phase == .ready else { return false }
            $0.phase = .executing
            return true
        }
        guard began else { return }
        willChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isExecuting")
        // A cancel() that arrived between the check above and the transition finished nothing
        // (the operation was not executing yet): honour it now.
        if isCancelled {
            finish()
            return
        }
        execute()
    }

    /// The work of the operation; override it, start the work and call `finish()` when it ends.
    /// The default does nothing and finishes.
    open func execute() {
        finish()
    }

    /// Marks the operation finished. Only the first call counts; later calls do nothing.
    public final func finish() {
        let wasExecuting: Bool? = state.withLockedValue {
            switch $0.phase {
            case .finishing, .finished:
                return nil
            case .ready:
                $0.phase = .finishing
                return false
            case .executing:
                $0.phase = .finishing
                return true
            }
        }
        guard let wasExecuting else { return }
        if wasExecuting { willChangeValue(forKey: "isExecuting") }
        willChangeValue(forKey: "isFinished")
        state.withLockedValue { $0.phase = .finished }
        if wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
    }

    /// Cancels the operation; an executing operation stops its work (`didCancel()`) and finishes at once.
    /// An operation not yet started finishes when its queue starts it.
    open override func cancel() {
        state.withLockedValue { $0.cancelRequested = true }
        super.cancel()
        let mustStop: Bool = state.withLockedValue {
            guard $0.phase == .executing, !$0.stopRequested else { return false }
            $0.stopRequested = true
            return true
        }
        guard mustStop else { return }
        didCancel()
        finish()
    }

    /// Called once when an executing operation is cancelled, before it finishes; stop the work here.
    open func didCancel() {}
}
