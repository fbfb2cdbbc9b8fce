import AppRuntime
import Foundation
import XCTest

/// A terminal hand-over on /dev/null that records when the terminal is left and taken back around the program.
final class HandOverRecorder {
    /// `suspend` and `resume`, in the order they happened.
    private(set) var events: [String] = []

    /// A hand-over whose descriptor is closed when `test` ends.
    func handOver(closedAfter test: XCTestCase) -> TerminalHandOver {
        let null = open("/dev/null", O_RDWR)
        test.addTeardownBlock { close(null) }
        return TerminalHandOver(input: null, output: null) { body in
            self.events.append("suspend")
            body()
            self.events.append("resume")
        }
    }
}
