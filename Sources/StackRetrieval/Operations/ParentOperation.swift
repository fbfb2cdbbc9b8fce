import Foundation
import StackAPI

/// A `ResultOperation` that does its work through child operations started inside its own queue slot
/// (not queued, so a full queue of parents cannot wait on itself). Cancelling the parent cancels the children.
open class ParentOperation<Value: Sendable>: ResultOperation<Value>, @unchecked Sendable {
    private let childLock = NSLock()
    private var stopped = false
    private var children: [Operation] = []

    /// Starts `operations` (replacing the children held so far) unless the parent was stopped already.
    /// A child may finish, and even complete the parent, before this returns.
    public final func startChildren(_ operations: [Operation]) {
        let mayStart: Bool = childLock.withLock {
            guard !stopped else { return false }
            children = operations
            return true
        }
        guard mayStart else { return }
        for operation in operations { operation.start() }
    }

    /// Marks the parent stopped (no child starts after this) and hands back the children held, to cancel them.
    @discardableResult
    public final func stopChildren() -> [Operation] {
        childLock.withLock {
            stopped = true
            defer { children = [] }
            return children
        }
    }

    /// Cancels the children.
    open override func didCancel() {
        for child in stopChildren() { child.cancel() }
        super.didCancel()
    }
}
