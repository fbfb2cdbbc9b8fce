import XCTest

extension XCTestCase {
    /// Runs `body` as main-actor code; XCTest on Linux runs tests on the main thread but cannot call
    /// `@MainActor` test methods itself.
    func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        dispatchPrecondition(condition: .onQueue(.main))
        return try MainActor.assumeIsolated(body)
    }
}
