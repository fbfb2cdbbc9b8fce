import Foundation
import XCTest
@testable import AppRuntime

/// The display clock's test seam: `STACKTERM_NOW` pins the instant ages are measured against; no value, the real clock.
final class DisplayClockTests: XCTestCase {
    func testADayOrAnInstantPinsTheClock() {
        var warnings: [String] = []
        let day = DisplayClock.from(environment: ["STACKTERM_NOW": "2036-12-06"]) { warnings.append($0) }
        XCTAssertEqual(day.now, ISO8601DateFormatter().date(from: "2036-12-06T00:00:00Z"))
        let instant = DisplayClock.from(environment: ["STACKTERM_NOW": "2036-12-06T12:30:00Z"]) { warnings.append($0) }
        XCTAssertEqual(instant.now, ISO8601DateFormatter().date(from: "2036-12-06T12:30:00Z"))
        XCTAssertEqual(warnings, [])
    }

    func testNoValueIsTheRealClockAndAWrongOneSaysSo() {
        var warnings: [String] = []
        XCTAssertNil(DisplayClock.from(environment: [:]) { warnings.append($0) }.fixed)
        XCTAssertNil(DisplayClock.from(environment: ["STACKTERM_NOW": "next tuesday"]) { warnings.append($0) }.fixed)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("STACKTERM_NOW=next tuesday is no ISO 8601 date"), warnings[0])
    }
}
