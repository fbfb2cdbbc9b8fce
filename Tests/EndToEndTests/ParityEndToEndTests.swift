import Foundation
import TestSupport
import XCTest

/// One product online and offline (issue 19): the same script of user actions (`ParityScript`) runs twice — online
/// against the double, offline (`--offline`) — each on its own copy of a store holding cardano imported from the dump
/// the double serves, and what the screens show must be the same: titles in order, counts, a thread's text to its
/// link line, and `stackterm print`'s lines. The only differences allowed are the README's list, each step naming
/// its bullet (`ParityAllowance`).
final class ParityEndToEndTests: StacktermTestCase {
    /// cardano imported once for the class; each session gets a copy.
    nonisolated(unsafe) private static var imported: TemporaryDirectory?

    override class func tearDown() {
        imported?.remove()
        imported = nil
        super.tearDown()
    }

    /// A fresh copy of the imported store, removed when the test ends.
    private func storeCopy() throws -> URL {
        if Self.imported == nil {
            guard let cardano = SharedData.path("dumps/cardano") else { throw XCTSkip("SKIPPED: no shared data") }
            let folder = try TemporaryDirectory("stackterm-parity-import")
            Self.imported = folder
            try importDump(dataHome: folder.url, cardano)
        }
        let copy = try temporaryFolder("stackterm-parity")
        let data = copy.appendingPathComponent("data")
        try FileManager.default.copyItem(at: try XCTUnwrap(Self.imported).url, to: data)
        return data
    }

    func testOnlineAndOfflineShowTheSameExceptWhatTheREADMEAllows() throws {
        let allowed = try ParityREADME.allowances()
        for allowance in ParityAllowance.allCases {
            XCTAssertTrue(allowed.contains(allowance.rawValue),
                          "README's list of differences has no bullet “\(allowance.rawValue)”: \(allowed)")
        }
        for segment in ParityScript.segments { try run(segment) }
        for print in ParityScript.prints { try compare(print.name, print.arguments) }
    }

    // MARK: sessions

    private func run(_ segment: ParitySegment) throws {
        let online = try StacktermSession.launch(baseURL: double.baseURL.absoluteString, arguments: segment.arguments,
                                                 width: 160, height: 60, environment: ["XDG_DATA_HOME": try storeCopy().path])
        defer { online.kill() }
        let offline = try StacktermSession.launch(baseURL: double.baseURL.absoluteString, arguments: ["--offline"] + segment.arguments,
                                                  width: 160, height: 60, environment: ["XDG_DATA_HOME": try storeCopy().path])
        defer { offline.kill() }
        var seen: [String: (online: [String], offline: [String])] = [:]
        var before = (online: [String](), offline: [String]())
        for step in segment.steps {
            let offlineKeys = step.offlineKeys ?? step.keys
            try online.sendKeys(step.keys)
            try offline.sendKeys(offlineKeys)
            // Keys sent must change the screen: a read of the screen before them would compare nothing new.
            let onlineRead = try read(online, step, offline: false, changedFrom: step.keys.isEmpty ? nil : before.online)
            let offlineRead = try read(offline, step, offline: true, changedFrom: offlineKeys.isEmpty ? nil : before.offline)
            before = (onlineRead.last, offlineRead.last)
            let screens = (online: onlineRead.reading, offline: offlineRead.reading)
            ParityComparison.check(step, online: screens.online, offline: screens.offline)
            print("parity · \(step.name) · \(screens.online.count)/\(screens.offline.count) rows · "
                  + (step.allowed.map { "may differ: README “\($0.rawValue)”" } ?? "the same"))
            if let earlier = step.sameAs.flatMap({ seen[$0] }) {
                XCTAssertEqual(Array(screens.online.dropFirst()), Array(earlier.online.dropFirst()),
                               "\(step.name) online differs from \(step.sameAs ?? "")")
                XCTAssertEqual(Array(screens.offline.dropFirst()), Array(earlier.offline.dropFirst()),
                               "\(step.name) offline differs from \(step.sameAs ?? "")")
            }
            seen[step.name] = screens
        }
    }

    /// What `step` reads on `tmux`, the status line's right side (quota or `offline`) left out once checked: the
    /// online run must have been answered by the network, the offline one must say `offline`.
    /// `reading` is what is compared, `last` the screen the step left.
    private func read(_ tmux: TmuxSession, _ step: ParityStep, offline: Bool, changedFrom previous: [String]?) throws
        -> (reading: [String], last: [String]) {
        let side = offline ? "offline" : "online"
        let isThread = step.reading == .thread
        // The status line's right side names where answers come from once the first one arrived.
        let source = offline ? "offline" : "quota"
        guard var screen = tmux.settledScreen(where: { screen in
            screen != previous && screen.last?.contains(source) == true
                && (!isThread || screen.last?.range(of: #"^ (question|answer [0-9]+/[0-9]+) · "#, options: .regularExpression) != nil)
        }) else {
            XCTFail("\(step.name) (\(side)): the screen never settled on a new \(step.reading) screen\n\(tmux.screenDump())")
            return ([], [])
        }
        if step.reading == .thread {
            // From the top, a page at a time, until the status line says the bottom is showing.
            if !(screen.last ?? "").contains("· Top"), !(screen.last ?? "").contains("· All") {
                try tmux.sendKeys(.text("g"))
                screen = tmux.settledScreen(where: { $0.last?.contains("· Top") == true }) ?? screen
            }
            var pages = [Array(screen.dropLast())]
            while !(screen.last ?? "").contains("· Bottom"), !(screen.last ?? "").contains("· All"), pages.count < 40 {
                try tmux.sendKeys(.key("PageDown"))
                guard let page = tmux.settledScreen(where: { $0 != screen }) else {
                    XCTFail("\(step.name) (\(side)): PageDown never showed the next page\n\(tmux.screenDump())")
                    break
                }
                screen = page
                pages.append(Array(page.dropLast()))
            }
            return (pages.flatMap { $0 } + [try status(screen, step, offline: offline)], screen)
        }
        return (screen.dropLast() + [try status(screen, step, offline: offline)], screen)
    }

    /// The left side of `screen`'s status line, once its right side says `offline` exactly when the run is offline.
    private func status(_ screen: [String], _ step: ParityStep, offline: Bool) throws -> String {
        let line = screen.last ?? ""
        let right = line.dropFirst(ParityComparison.statusLine(line).count + 1)
        XCTAssertEqual(right.contains("offline"), offline, "\(step.name): the \(offline ? "offline" : "online") run's status line says "
                       + "\(offline ? "it is not offline" : "it was answered offline"): \(line)")
        return ParityComparison.statusLine(line)
    }

    // MARK: print

    private func compare(_ name: String, _ arguments: [String]) throws {
        let common = ["print", "--site", "cardano"] + arguments
        let online = try StacktermRun.run(common + ["--api-base-url", double.baseURL.absoluteString],
                                          environment: ["XDG_DATA_HOME": try storeCopy().path, "STACKTERM_API_KEY": nil])
        let offline = try StacktermRun.run(common + ["--offline"],
                                           environment: ["XDG_DATA_HOME": try storeCopy().path, "STACKTERM_API_KEY": nil])
        XCTAssertEqual(online.status, 0, "\(name) online: \(online.errors)")
        XCTAssertEqual(offline.status, 0, "\(name) offline: \(offline.errors)")
        XCTAssertFalse(online.lines.isEmpty, "\(name) printed nothing")
        XCTAssertEqual(online.lines, offline.lines,
                       "\(name): online and offline differ\n" + ParityComparison.difference(online.lines, offline.lines))
        print("parity · \(name) · \(online.lines.count)/\(offline.lines.count) lines · the same")
    }
}

extension TmuxSession {
    /// Types each input of `inputs` in order.
    func sendKeys(_ inputs: [TmuxInput]) throws {
        for input in inputs { try sendKeys(input) }
    }
}
