import Foundation
import GRDB
import StackAPI

/// Where a site's posts live on the web, for the links of posts the store holds without one (a dump has no links):
/// a question's `BASE/questions/ID/SLUG`, as the API's `link` writes it (`QuestionSlug` of its title), and an
/// answer's `BASE/a/ID`, as its `share_link` does.
///
/// The base is the site's `site_url` when the stored sites list gives one, else `https://` and `SiteHost`'s rule.
struct SiteLinkBase: Hashable {
    /// `https://HOST`, without a trailing slash.
    let base: String

    /// The base of the site `apiName`, preferring its stored `siteURL` when that is an http(s) URL.
    init(apiName: String, siteURL: String?) {
        var url = siteURL?.trimmingCharacters(in: .whitespaces) ?? ""
        while url.hasSuffix("/") { url.removeLast() }
        let isWeb = url.lowercased().hasPrefix("https://") || url.lowercased().hasPrefix("http://")
        base = isWeb && url.count > "https://".count ? url : "https://" + SiteHost.host(for: apiName)
    }

    /// The base of the site named in a row's `site_api` and `site_url` columns.
    init(_ row: Row) {
        self.init(apiName: row["site_api"] ?? "", siteURL: row["site_url"])
    }

    /// `BASE/questions/ID/SLUG`, the slug made from `title` as the site makes it.
    func question(_ id: Int, title: String) -> String { "\(base)/questions/\(id)/\(QuestionSlug.make(title))" }

    /// `BASE/a/ID`.
    func answer(_ id: Int) -> String { "\(base)/a/\(id)" }
}
