import StackAPI
import XCTest

/// The host of a site parameter, and its agreement with `QuestionLink`, which reads hosts back into parameters.
final class SiteHostTests: XCTestCase {
    private let cases: [(site: String, host: String)] = [
        ("stackoverflow", "stackoverflow.com"), ("superuser", "superuser.com"), ("askubuntu", "askubuntu.com"),
        ("cardano", "cardano.stackexchange.com"), ("quantumcomputing", "quantumcomputing.stackexchange.com"),
        ("conlang.meta", "conlang.meta.stackexchange.com"), ("meta", "meta.stackexchange.com"),
        ("meta.stackoverflow", "meta.stackoverflow.com"), ("meta.serverfault", "meta.serverfault.com"),
        ("mathoverflow.net", "mathoverflow.net"), ("meta.mathoverflow.net", "meta.mathoverflow.net"),
    ]

    func testEachSiteParameterHasTheHostTheSiteUses() {
        for (site, host) in cases {
            XCTAssertEqual(SiteHost.host(for: site), host, site)
        }
    }

    func testALinkBuiltOnTheHostReadsBackAsTheSameSite() {
        for (site, _) in cases {
            let link = "https://\(SiteHost.host(for: site))/q/12"
            XCTAssertEqual(QuestionLink(link), QuestionLink(site: site, questionID: 12, answerID: nil), link)
        }
    }
}
