import Foundation
import TestSupport
import XCTest

/// The real binary against a hostile double: dates no calendar holds, bodies of 8 to 200 MB, a page of a million
/// items, a backoff of thousands of years. Each time the program keeps running, says what happened on the status
/// line, and quits cleanly. (Peak memory for the big cases is `stackterm-bench hostile`.)
final class HostileServerEndToEndTests: StacktermTestCase {
    func testDatesNoCalendarHoldsShowAsUnknownInEveryView() throws {
        try double.setFaults("bad_dates=1")
        let tmux = try launch(["--page-size", "10"])
        waitForList(tmux)
        let list = try tmux.capture()
        XCTAssertTrue(list.dropFirst(2).prefix(10).allSatisfy { $0.hasSuffix("?") }, "every row's date is unknown:\n\(tmux.screenDump())")
        XCTAssertTrue(tmux.waitFor(text: "impossible dates or numbers in 10 questions"), "the status line says why:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("s")) // creation order: the column shows when each was asked
        // The header changes at once; the rows come with the page (Enter before them meets an empty list).
        XCTAssertNotNil(tmux.settledScreen(where: { $0.count > 2 && $0[1].hasSuffix("asked") && $0[2].hasSuffix("?") }),
                        tmux.screenDump())
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "views · asked ?", timeout: 15), "the question's header:\n\(tmux.screenDump())")
        XCTAssertTrue(tmux.waitFor(text: "impossible dates or numbers in"), "the status line says why:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("c"))
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { !$0.joined().contains("Loading") }, tmux.screenDump())
        try tmux.sendKeys(.text("q"), .text("a"))
        XCTAssertTrue(tmux.waitFor(text: "posted", timeout: 15), "the answers feed:\n\(tmux.screenDump())")
        XCTAssertTrue(tmux.waitFor(text: "impossible dates or numbers in"), "the status line says why:\n\(tmux.screenDump())")
        waitForList(tmux)
        try tmux.sendKeys(.text("a"), .text("S"))
        XCTAssertTrue(tmux.waitFor(text: "quantumcomputing", timeout: 15), "the site picker:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("Escape"))
        XCTAssertTrue(tmux.waitUntil { !($0.first ?? "").contains("Switch site") }, "Esc closes the picker:\n\(tmux.screenDump())")
        try quit(tmux)
    }

    func testBodiesPastTheResponseCapAreRefusedOnTheStatusLine() throws {
        for mebibytes in [50, 200] {
            // The page carrying the body inflates past 16 MiB: the transport refuses it before anything is decoded.
            try double.setFaults("huge_paragraph_mb=\(mebibytes)&count=1&path=/questions")
            let tmux = try launch()
            XCTAssertTrue(tmux.waitFor(text: "The server sent more than 16 MB", timeout: 30), "\(mebibytes) MB:\n\(tmux.screenDump())")
            try tmux.sendKeys(.text("r"))
            waitForList(tmux)
            try quit(tmux)
            tmux.kill()
        }
    }

    func testABodyUnderTheResponseCapIsCutByTheRenderer() throws {
        let tmux = try openFirstQuestion(faults: "huge_paragraph_mb=8&count=1&path=/questions", waitingFor: "lorem ipsum dolor", timeout: 60)
        // The notice ends the body, some 2,000 lines down (the paragraph itself is cut at 200 KB): find it.
        try tmux.sendKeys(.text("/body truncated"), .key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "(body truncated: the first 4 MB of 8", timeout: 10), tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "(line truncated)"), tmux.screenDump())
        try quit(tmux)
    }

    func testAPageOfAMillionItemsIsRefusedOnTheStatusLine() throws {
        try double.setFaults("pad_items=1000000&count=1&path=/questions")
        let tmux = try launch()
        XCTAssertTrue(tmux.waitFor(text: "The server sent more than 16 MB", timeout: 30), tmux.screenDump())
        try tmux.sendKeys(.text("r"))
        waitForList(tmux)
        try quit(tmux)
    }

    func testABackoffPastADayIsShownAndTheLoadedListStaysReadable() throws {
        // The first page asks for a pause of 3,000 years: the prefetch of page 2 waits, and the status line says so.
        try double.setFaults("backoff=100000000000&count=1&path=/questions")
        let tmux = try launch(["--page-size", "20"])
        waitForList(tmux)
        XCTAssertTrue(tmux.waitFor(text: "/questions paused by the API for over a day: 6d 23h — Esc cancels", timeout: 10),
                      tmux.screenDump())
        XCTAssertEqual(try double.requestLog().filter { $0.contains("/questions") }.count, 1, "nothing is sent while paused")
        try tmux.sendKeys(.text("?"))
        XCTAssertTrue(tmux.waitFor(text: "Help — keys", timeout: 5), "keys still work while the load waits:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("?"))
        XCTAssertTrue(tmux.waitUntil { !$0.joined().contains("Help — keys") }, tmux.screenDump())
        try tmux.sendKeys(.key("Escape"))
        XCTAssertTrue(tmux.waitUntil(timeout: 5) { !($0.last ?? "").contains("paused by the API") }, tmux.screenDump())
        try quit(tmux)
    }
}
