import XCTest

extension XCTestCase {
    /// Runs `body` as main-actor code; XCTest on Linux runs tests on the main thread but cannot call
    /// `@MainActor` test methods itself.
    func onMain(_ body: @MainActor () throws -> Void) rethrows {
        dispatchPrecondition(condition: .onQueue(.main))
        try MainActor.assumeIsolated(body)
    }
}
