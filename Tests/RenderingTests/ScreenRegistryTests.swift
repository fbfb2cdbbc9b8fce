@testable import AppCore
@testable import Rendering
import Foundation
import XCTest

/// The screen registry (issue 19): every kind of screen is reached through its `ScreenFeature` (AppCore) and its
/// `ScreenView` (Rendering), registered once in `ScreenState.feature`; this fails when a screen misses either part.
final class ScreenRegistryTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_600_000_000)

    /// One screen of each kind, with what its status line says of itself.
    private let screens: [(ScreenState, ScreenKind, String)] = [
        (.questions(QuestionListState(settings: BrowseSettings(site: "cardano"))), .questionList, "0 questions"),
        (.answersFeed(AnswersFeedState()), .answersFeed, "0 answers"),
        (.question(QuestionState(questionID: 7, summary: nil)), .question(id: 7), QuestionScreen.layingOutText),
        (.picker(PickerState(purpose: .tag, entries: [.init(value: "nft", label: "nft")])), .picker, "1 of 1"),
        (.help(HelpState()), .help, "j/k scroll · q, Esc or ? to close"),
        (.links(LinkPickerState(links: [], postInView: nil)), .linkPicker, "No links"),
        (.saved(SavedListState(site: "cardano")), .savedList, "0 saved questions"),
        (.waysForward(WaysForwardState(site: "cardano", reason: "Offline: cannot reach 127.0.0.1")), .waysForward, "Nothing of cardano to show"),
    ]

    func testEveryScreenIsRegisteredWithItsFeatureAndItsView() {
        for (screen, kind, _) in screens {
            XCTAssertEqual(screen.kind, kind)
            XCTAssertEqual(screen.feature.screen, screen, "\(kind): the feature puts back the screen it came from")
            XCTAssertNotNil(screen.content as? any ScreenView, "\(kind) has no view")
        }
        XCTAssertEqual(Set(screens.map { "\($0.1)" }).count, 8, "one of each kind")
    }

    func testEachScreenDrawsItsHeaderAndItsOwnStatusWords() {
        for (screen, kind, words) in screens {
            var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 100, rows: 12))
            state.stack.append(screen)
            let lines = AppScreen.render(state, threadLayout: nil, now: now).buffer.lines
            XCTAssertFalse(lines[0].trimmingCharacters(in: .whitespaces).isEmpty, "\(kind) draws a header")
            XCTAssertTrue(lines[11].hasPrefix(" " + words), "\(kind): \(lines[11])")
        }
    }
}
