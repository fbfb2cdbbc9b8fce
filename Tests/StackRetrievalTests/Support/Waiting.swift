import Foundation
import XCTest

/// Runs the main run loop (so main-queue blocks run) until `condition` holds or a generous deadline passes.
/// Never asserts a duration: the deadline only stops a hung test.
func waitUntil(
    _ what: String, deadline seconds: TimeInterval = 20,
    file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool
) {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition(), Date() < deadline {
        RunLoop.current.run(until: Date().addingTimeInterval(0.005))
    }
    XCTAssertTrue(condition(), "gave up waiting: \(what)", file: file, line: line)
}

/// Lets the main queue run for a moment, so a wrongly queued completion would have had its chance.
func drainMainQueue(for seconds: TimeInterval = 0.2) {
    let until = Date().addingTimeInterval(seconds)
    while Date() < until {
        RunLoop.current.run(until: Date().addingTimeInterval(0.005))
    }
}
