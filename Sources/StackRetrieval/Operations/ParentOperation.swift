import Foundation
import NIOConcurrencyHelpers
import StackAPI

/// A `ResultOperation` that does its work through child operations started inside its own queue slot
/// (not queued, so a full queue of parents cannot wait on itself). Cancelling the parent cancels the children.
/// `@unchecked Sendable` as every `Operation` must restate; its own state is behind `NIOLockedValueBox`.
open class ParentOperation<Value: Sendable>: ResultOperation<Value>, @unchecked Sendable {
    /// The children started so far, or nil once the parent was stopped (no child starts after that).
    private let children = NIOLockedValueBox<[Operation]?>([])

    /// Starts `operations` (replacing the children held so far) unless the parent was stopped already.
    /// A child may finish, and even complete the parent, before this returns.
    public final func startChildren(_ operations: [Operation]) {
        let mayStart: Bool = children.withLockedValue { children in
            guard children != nil else { return false }
            children = operations
            return true
        }
        guard mayStart else { return }
        for operation in operations { operation.start() }
    }

    /// Marks the parent stopped (no child starts after this) and hands back the children held, to cancel them.
    @discardableResult
    public final func stopChildren() -> [Operation] {
        children.withLockedValue { children in
            defer { children = nil }
            return children ?? []
        }
    }

    /// Cancels the children.
    open override func didCancel() {
        for child in stopChildren() { child.cancel() }
        super.didCancel()
    }
}
