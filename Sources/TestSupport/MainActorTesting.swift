import Foundation

/// Runs `body` as main-actor code; XCTest on Linux runs tests on the main thread but cannot call `@MainActor` test
/// methods itself.
public func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
    dispatchPrecondition(condition: .onQueue(.main))
    return try MainActor.assumeIsolated(body)
}

/// Runs the main run loop until `condition` holds or `timeout` seconds pass; true when it held.
@MainActor
public func spinMain(timeout: TimeInterval = 30, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition(), Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
    return condition()
}
