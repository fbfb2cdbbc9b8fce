import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// `$` on a MathJax site switches every formula between its typeset form and its TeX; on a site without math it says
/// so. Which sites have math: what the API's site objects said (`markdown_extensions`), else the built-in table.
/// (Written with `ReducerTestStore`: every effect is asserted.)
final class MathSourceToggleTests: XCTestCase {
    func testDollarIsBoundAndDocumented() {
        XCTAssertEqual(Keymap.standard.command(for: .character("$")), .toggleMathSource)
        XCTAssertTrue(Command.toggleMathSource.help.contains("TeX"))
    }

    func testOnAMathSiteDollarSwitchesBetweenTeXAndTypesetMath() throws {
        let store = try ReducerTestStore.listing(3, rows: 24, settings: BrowseSettings(site: "quantumcomputing"))
        XCTAssertTrue(store.state.siteMath.siteHasMath)
        store.press(.character("$"))
        XCTAssertTrue(store.state.siteMath.showsSource)
        XCTAssertEqual(store.state.status.message, "Math shown as TeX source ($ renders it)")
        store.press(.character("$"))
        XCTAssertFalse(store.state.siteMath.showsSource)
        XCTAssertEqual(store.state.status.message, "Math rendered ($ shows the TeX source)")
    }

    func testOnASiteWithoutMathDollarSaysSoAndChangesNothing() throws {
        let store = try ReducerTestStore.listing(3, rows: 24)
        store.press(.character("$"))
        XCTAssertFalse(store.state.siteMath.showsSource)
        XCTAssertEqual(store.state.status.message,
                       "cardano has no math to show as TeX: its dollars are text ($ works on MathJax sites)")
    }

    func testTheSiteListSaysWhichSitesUseMathJax() throws {
        let store = try ReducerTestStore.listing(3, rows: 24)
        store.send(.key(.character("S")))
        let token = try XCTUnwrap(store.receiveSitesLoad())
        let sites = [Site(name: "Cardano", apiSiteParameter: "cardano", siteURL: "https://cardano.stackexchange.com",
                          markdownExtensions: ["MathJax"]),
                     Site(name: "Physics", apiSiteParameter: "physics", siteURL: "https://physics.stackexchange.com",
                          markdownExtensions: ["Prettify"]),
                     Site(name: "Coffee", apiSiteParameter: "coffee", siteURL: "https://coffee.stackexchange.com")]
        store.send(.loaded(token, .sites(.success(sites)))) { state in
            XCTAssertEqual(state.shared.sitesWithMathJax, ["cardano": true, "physics": false],
                           "a site object without markdown_extensions leaves the table in charge")
        }
        store.expectEffects([])
        XCTAssertTrue(store.state.siteMath.siteHasMath, "the API's word beats the table")
    }
}
